//! Movement tables built from a variant's data.
//!
//! Plain leaps become one bitboard per square, unlimited rides along a direction use ray
//! tables, and everything else (lame leaps, hops, limited rides, Janggi's palace lines) is
//! a list of paths per square, walked square by square.

use super::lines::Line;
use super::movement::{parse_betza, Atom, BetzaError, Mode};
use super::position::Position;
use super::variant::{Kind, Region, VariantSpec, MAX_RAYS};
use crate::geometry::{Bitboard, Bits, Color, Shape, Square, GRID_SQUARES};

/// A rider direction used by a variant, with its ray table.
#[derive(Clone)]
pub(crate) struct Ray {
    pub(crate) dx: i8,
    pub(crate) dy: i8,
    /// Whether squares along the ray have increasing indices (on files a-h: see `ninth`).
    pub(crate) up: bool,
    /// A ray of decreasing indices that may end on the ninth file, whose squares are
    /// numbered after files a-h (the only break in the order).
    pub(crate) ninth: bool,
    /// For each square, the squares along the ray (excluding the square), on the board.
    pub(crate) from: [Bitboard; GRID_SQUARES],
    /// Index of the opposite direction.
    pub(crate) opposite: usize,
}

impl Ray {
    /// The square of `squares` (some squares along the ray from one square) nearest to
    /// that square.
    #[inline]
    pub(crate) fn nearest<B: Bits>(&self, squares: B) -> Square {
        if self.up {
            squares.lsb()
        } else if !self.ninth {
            squares.msb()
        } else {
            // down the ranks and toward the ninth file: its square is the last
            let near = squares & B::of(Bitboard::NARROW);
            if near.nonempty() {
                near.msb()
            } else {
                squares.lsb()
            }
        }
    }

    /// The square of `squares` farthest from the square they lie along the ray from.
    pub(crate) fn farthest(&self, squares: Bitboard) -> Square {
        if self.up {
            squares.msb()
        } else if self.ninth && (squares & !Bitboard::NARROW).any() {
            (squares & !Bitboard::NARROW).lsb()
        } else {
            squares.lsb()
        }
    }
}

/// How a path is walked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PathKind {
    /// Lands on the last square if every square before it is empty.
    Leap,
    /// Slides along the squares up to the first occupied one.
    Ride,
    /// Slides to a screen, then beyond it (a cannon).
    Hop,
}

/// A move path from a square: the squares in order, walked as a leap, ride or hop.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    pub(crate) squares: Vec<Square>,
    /// The squares before the last (those that must be empty for a leap).
    pub(crate) before: Bitboard,
    pub(crate) kind: PathKind,
    pub(crate) mode: Mode,
}

/// Movement tables of one piece type for one colour.
#[derive(Clone)]
pub(crate) struct KindTables {
    pub(crate) leap_move: [Bitboard; GRID_SQUARES],
    pub(crate) leap_capture: [Bitboard; GRID_SQUARES],
    /// For each square, the squares from which this piece attacks it by a leap.
    pub(crate) leap_attackers: [Bitboard; GRID_SQUARES],
    /// Unlimited rides: (ray index, mode).
    pub(crate) rides: Vec<(usize, Mode)>,
    /// The rays of the rides that capture, as a mask of ray indices.
    pub(crate) capture_rays: u16,
    /// The tabled lines (of [`super::variant::Variant::lines`]) covering some of
    /// `capture_rays`, as a mask of line indices.
    pub(crate) capture_lines: u16,
    /// The rays of `capture_rays` no tabled line covers, walked ray by ray.
    pub(crate) capture_walked: u16,
    /// The two lines, when the piece rides along exactly two tabled lines and walks no
    /// ray (the rook's and the bishop's case).
    pub(crate) two_lines: Option<[u8; 2]>,
    /// Unlimited hops (a cannon's): (ray index, mode).
    pub(crate) hops: Vec<(usize, Mode)>,
    /// Other movement, per square.
    pub(crate) paths: Vec<Vec<Path>>,
    /// For each square, the squares from which a path could capture on it (on an empty
    /// board), to test only those pieces for attacks.
    pub(crate) path_attackers: [Bitboard; GRID_SQUARES],
    /// For each square, the lame leaps that capture on it: where the leaper stands and
    /// the squares that must be empty.
    pub(crate) leaps_to: Vec<Vec<(Square, Bitboard)>>,
    /// For each square, where the lame leapers of `leaps_to` stand.
    pub(crate) lame_attackers: [Bitboard; GRID_SQUARES],
    /// As `path_attackers`, for the paths other than lame leaps (tested by walking them).
    pub(crate) walk_attackers: [Bitboard; GRID_SQUARES],
    /// Whether any square has paths.
    pub(crate) has_paths: bool,
}

/// The palace of `c`: the middle three files of its first three ranks.
pub(crate) fn palace(shape: Shape, c: Color) -> Bitboard {
    let mid = shape.files / 2;
    let mut b = Bitboard::EMPTY;
    for r in 0..3 {
        let rank = if c == Color::White {
            r
        } else {
            shape.ranks - 1 - r
        };
        for f in mid - 1..=mid + 1 {
            b |= Square::new(f, rank).expect("on grid").bb();
        }
    }
    b
}

/// The half of the board on `c`'s side.
pub(crate) fn own_half(shape: Shape, c: Color) -> Bitboard {
    (0..shape.ranks / 2)
        .map(|r| {
            if c == Color::White {
                r
            } else {
                shape.ranks - 1 - r
            }
        })
        .fold(Bitboard::EMPTY, |b, r| b | shape.rank(r))
}

pub(crate) fn region_mask(shape: Shape, region: Region, c: Color) -> Bitboard {
    match region {
        Region::Anywhere => shape.mask(),
        Region::Palace => palace(shape, c),
        Region::OwnHalf => own_half(shape, c),
    }
}

/// The tables of every piece type, the ray tables, and whether every piece is plain
/// (leaps and unlimited rides only).
#[allow(clippy::type_complexity)]
pub(crate) fn build(
    spec: &VariantSpec,
    board: Bitboard,
) -> Result<(Vec<[KindTables; 2]>, Vec<Ray>, bool), BetzaError> {
    let shape = spec.shape;
    let mut rays: Vec<Ray> = Vec::new();
    let mut tables = Vec::new();
    let mut simple = true;
    for p in &spec.pieces {
        let home_atoms = parse_betza(p.betza)?;
        let across_atoms = match p.across {
            Some(b) => Some(parse_betza(b)?),
            None => None,
        };
        let mut per_color = Vec::new();
        for color in Color::BOTH {
            let allowed = region_mask(shape, p.region, color) & board;
            let enemy_half = !own_half(shape, color);
            let orient = |a: &Atom| {
                if color == Color::White {
                    *a
                } else {
                    a.mirrored()
                }
            };
            let mut t = KindTables {
                leap_move: [Bitboard::EMPTY; GRID_SQUARES],
                leap_capture: [Bitboard::EMPTY; GRID_SQUARES],
                leap_attackers: [Bitboard::EMPTY; GRID_SQUARES],
                rides: Vec::new(),
                capture_rays: 0,
                capture_lines: 0,
                capture_walked: 0,
                two_lines: None,
                hops: Vec::new(),
                paths: vec![Vec::new(); GRID_SQUARES],
                path_attackers: [Bitboard::EMPTY; GRID_SQUARES],
                leaps_to: vec![Vec::new(); GRID_SQUARES],
                lame_attackers: [Bitboard::EMPTY; GRID_SQUARES],
                walk_attackers: [Bitboard::EMPTY; GRID_SQUARES],
                has_paths: false,
            };
            for a in &home_atoms {
                let a = orient(a);
                if a.is_simple() && a.range == 0 {
                    let r = ray_index(&mut rays, a.dx, a.dy, board);
                    t.rides.push((r, a.mode));
                    // (a variant of more rays than the mask holds is refused when built)
                    if a.mode.captures() && r < MAX_RAYS {
                        t.capture_rays |= 1 << r;
                    }
                } else if is_hop_ride(&a) {
                    let r = ray_index(&mut rays, a.dx, a.dy, board);
                    t.hops.push((r, a.mode));
                }
            }
            for sq in shape.squares() {
                let atoms = match (&across_atoms, enemy_half.has(sq)) {
                    (Some(acr), true) => acr,
                    _ => &home_atoms,
                };
                for a in atoms.iter().map(orient) {
                    if a.is_simple() && a.range == 1 {
                        if let Some(to) = sq.offset(a.dx, a.dy).filter(|s| allowed.has(*s)) {
                            if a.mode.moves() {
                                t.leap_move[sq.index()] |= to.bb();
                            }
                            if a.mode.captures() {
                                t.leap_capture[sq.index()] |= to.bb();
                            }
                        }
                    } else if !a.is_simple() && !is_hop_ride(&a) {
                        if let Some(path) = atom_path(&a, sq, allowed) {
                            t.paths[sq.index()].push(path);
                        }
                    }
                }
            }
            if spec.hooks.palace_diagonals {
                palace_line_paths(&mut t, p.id, color, shape);
            }
            for from in shape.squares() {
                for to in t.leap_capture[from.index()] {
                    t.leap_attackers[to.index()] |= from.bb();
                }
            }
            for from in shape.squares() {
                for path in t.paths[from.index()].iter().filter(|p| p.mode.captures()) {
                    let reach: &[Square] = match path.kind {
                        PathKind::Leap => &path.squares[path.squares.len() - 1..],
                        _ => &path.squares,
                    };
                    for s in reach {
                        t.path_attackers[s.index()] |= from.bb();
                        if path.kind != PathKind::Leap {
                            t.walk_attackers[s.index()] |= from.bb();
                        }
                    }
                    if path.kind == PathKind::Leap {
                        let dest = path.squares[path.squares.len() - 1];
                        t.leaps_to[dest.index()].push((from, path.before));
                        t.lame_attackers[dest.index()] |= from.bb();
                    }
                }
            }
            t.has_paths = t.paths.iter().any(|v| !v.is_empty());
            simple &= !t.has_paths && t.hops.is_empty();
            per_color.push(t);
        }
        let black = per_color.pop().expect("two colours");
        let white = per_color.pop().expect("two colours");
        tables.push([white, black]);
    }
    Ok((tables, rays, simple))
}

/// An unlimited hop along one direction (a cannon), walked with the ray tables.
fn is_hop_ride(a: &Atom) -> bool {
    a.hop && !a.lame && a.range == 0
}

/// A path along `squares`, walked as `kind`.
fn path(squares: Vec<Square>, kind: PathKind, mode: Mode) -> Path {
    let before = squares[..squares.len().saturating_sub(1)]
        .iter()
        .fold(Bitboard::EMPTY, |b, s| b | s.bb());
    Path {
        squares,
        before,
        kind,
        mode,
    }
}

/// The path of a lame leap, hop or limited ride from `sq`, clipped to `allowed`.
fn atom_path(a: &Atom, sq: Square, allowed: Bitboard) -> Option<Path> {
    let mode = a.mode;
    if a.lame {
        // first an orthogonal step along the longer axis (none for a diagonal leap), then
        // diagonal steps to the destination; every square before it must be empty
        let (ax, ay) = (a.dx.abs(), a.dy.abs());
        let (sx, sy) = (a.dx.signum(), a.dy.signum());
        let mut squares = Vec::new();
        let (mut x, mut y) = (0i8, 0i8);
        if ax != ay {
            if ax > ay {
                x += sx;
            } else {
                y += sy;
            }
            squares.push(sq.offset(x, y)?);
        }
        while (x, y) != (a.dx, a.dy) {
            x += if x != a.dx { sx } else { 0 };
            y += if y != a.dy { sy } else { 0 };
            squares.push(sq.offset(x, y)?);
        }
        let dest = *squares.last()?;
        return allowed
            .has(dest)
            .then(|| path(squares, PathKind::Leap, mode));
    }
    let limit = if a.range == 0 {
        usize::MAX
    } else {
        a.range as usize
    };
    let mut squares = Vec::new();
    let mut cur = sq;
    while squares.len() < limit {
        match cur.offset(a.dx, a.dy).filter(|s| allowed.has(*s)) {
            Some(n) => {
                squares.push(n);
                cur = n;
            }
            None => break,
        }
    }
    let kind = if a.hop { PathKind::Hop } else { PathKind::Ride };
    (!squares.is_empty()).then(|| path(squares, kind, mode))
}

/// Janggi's palace diagonals (seed 001 §X): the king and guards step along them in their
/// palace, chariots ride and cannons hop along them in either palace, soldiers step
/// forward along them in the enemy palace.
fn palace_line_paths(t: &mut KindTables, id: &str, color: Color, shape: Shape) {
    let mid = shape.files / 2;
    for owner in Color::BOTH {
        let rank = |r: u8| {
            if owner == Color::White {
                r
            } else {
                shape.ranks - 1 - r
            }
        };
        let sq = |f: u8, r: u8| Square::new(f, rank(r)).expect("palace square");
        let center = sq(mid, 1);
        let corners = [
            (sq(mid - 1, 0), sq(mid + 1, 2)),
            (sq(mid + 1, 0), sq(mid - 1, 2)),
        ];
        let mut lines: Vec<[Square; 3]> = Vec::new();
        for (a, b) in corners {
            lines.push([a, center, b]);
            lines.push([b, center, a]);
        }
        let own = owner == color;
        for line in lines {
            let (start, rest) = (line[0], &line[1..]);
            let push = |t: &mut KindTables, from: Square, squares: Vec<Square>, kind: PathKind| {
                t.paths[from.index()].push(path(squares, kind, Mode::Both));
            };
            match id {
                "king" | "guard" if own => {
                    push(t, start, vec![rest[0]], PathKind::Leap);
                    push(t, rest[0], vec![rest[1]], PathKind::Leap);
                }
                "rook" => {
                    push(t, start, rest.to_vec(), PathKind::Ride);
                    push(t, rest[0], vec![rest[1]], PathKind::Ride);
                }
                "cannon" => push(t, start, rest.to_vec(), PathKind::Hop),
                "pawn" if !own => {
                    // forward along the line only
                    let forward = |a: Square, b: Square| {
                        (b.rank() as i8 - a.rank() as i8) * color.forward() > 0
                    };
                    if forward(start, rest[0]) {
                        push(t, start, vec![rest[0]], PathKind::Leap);
                    }
                    if forward(rest[0], rest[1]) {
                        push(t, rest[0], vec![rest[1]], PathKind::Leap);
                    }
                }
                _ => {}
            }
        }
    }
}

pub(crate) fn ray_index(rays: &mut Vec<Ray>, dx: i8, dy: i8, board: Bitboard) -> usize {
    if let Some(i) = rays.iter().position(|r| r.dx == dx && r.dy == dy) {
        return i;
    }
    let make = |dx: i8, dy: i8| {
        let mut from = [Bitboard::EMPTY; GRID_SQUARES];
        for (i, slot) in from.iter_mut().enumerate() {
            let Some(sq) = Square::from_index(i) else {
                continue;
            };
            let mut cur = sq;
            while let Some(n) = cur.offset(dx, dy).filter(|s| board.has(*s)) {
                *slot |= n.bb();
                cur = n;
            }
        }
        let up = dy > 0 || (dy == 0 && dx > 0);
        Ray {
            dx,
            dy,
            up,
            ninth: !up && dx > 0 && (board & !Bitboard::NARROW).any(),
            from,
            opposite: 0,
        }
    };
    let i = rays.len();
    rays.push(make(dx, dy));
    rays.push(make(-dx, -dy));
    rays[i].opposite = i + 1;
    rays[i + 1].opposite = i;
    i
}

impl Position {
    /// Squares a `k` of colour `c` on `sq` attacks (could capture on), with occupancy `occ`.
    #[inline]
    pub fn attacks_of(&self, k: Kind, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.attacks_in(k, c, sq, occ, self.kind_bb(k))
    }

    /// As [`Position::attacks_of`], with `same` the squares holding pieces of type `k` (for
    /// Janggi's cannon rule), which may differ from the board when a move is simulated.
    #[inline]
    pub(crate) fn attacks_in(
        &self,
        k: Kind,
        c: Color,
        sq: Square,
        occ: Bitboard,
        same: Bitboard,
    ) -> Bitboard {
        let v = self.v;
        let t = &v.tables[k as usize][c.index()];
        let mut b = t.leap_capture[sq.index()];
        if v.leap_only >> k & 1 != 0 {
            return b;
        }
        b |= v.capture_rides(t, sq, occ);
        for &(r, mode) in &t.hops {
            if mode.captures() {
                b |= v.hop_capture(k, r, sq, occ, same);
            }
        }
        if t.has_paths && !t.paths[sq.index()].is_empty() {
            b |= self.path_targets(k, &t.paths[sq.index()], occ, true, same);
        }
        b
    }

    /// Both [`Position::attacks_of`] and [`Position::quiet_of`], in one pass over the
    /// piece's movement.
    #[inline]
    pub(crate) fn targets_of(
        &self,
        k: Kind,
        c: Color,
        sq: Square,
        occ: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let v = self.v;
        let t = &v.tables[k as usize][c.index()];
        let mut caps = t.leap_capture[sq.index()];
        let mut quiets = t.leap_move[sq.index()];
        for &(r, mode) in &t.rides {
            let reach = v.ride(r, sq, occ);
            if mode.captures() {
                caps |= reach;
            }
            if mode.moves() {
                quiets |= reach;
            }
        }
        let same = self.kind_bb(k);
        for &(r, mode) in &t.hops {
            let (capture, quiet) = v.hop(k, r, sq, occ, same);
            if mode.captures() {
                caps |= capture;
            }
            if mode.moves() {
                quiets |= quiet;
            }
        }
        if t.has_paths && !t.paths[sq.index()].is_empty() {
            let paths = &t.paths[sq.index()];
            caps |= self.path_targets(k, paths, occ, true, same);
            quiets |= self.path_targets(k, paths, occ, false, same);
        }
        (caps, quiets & !occ)
    }

    /// Empty squares a `k` of colour `c` on `sq` may move to without capturing.
    #[inline]
    pub fn quiet_of(&self, k: Kind, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.targets_of(k, c, sq, occ).1
    }

    fn path_targets(
        &self,
        mover: Kind,
        paths: &[Path],
        occ: Bitboard,
        capture: bool,
        same: Bitboard,
    ) -> Bitboard {
        // Janggi: a cannon neither jumps over nor captures a cannon.
        let cannon_rule = self.v.cannon_rule(mover);
        let same_kind = |s: Square| cannon_rule && same.has(s);
        let mut out = Bitboard::EMPTY;
        for p in paths {
            if (capture && !p.mode.captures()) || (!capture && !p.mode.moves()) {
                continue;
            }
            match p.kind {
                PathKind::Leap => {
                    if (p.before & occ).is_empty() {
                        out |= p.squares[p.squares.len() - 1].bb();
                    }
                }
                PathKind::Ride => {
                    for &s in &p.squares {
                        out |= s.bb();
                        if occ.has(s) {
                            break;
                        }
                    }
                }
                PathKind::Hop => {
                    let mut screened = false;
                    for &s in &p.squares {
                        if !screened {
                            if occ.has(s) {
                                if same_kind(s) {
                                    break;
                                }
                                screened = true;
                            }
                            continue;
                        }
                        if occ.has(s) {
                            if capture && !same_kind(s) {
                                out |= s.bb();
                            }
                            break;
                        }
                        if !capture {
                            out |= s.bb();
                        }
                    }
                }
            }
        }
        out
    }
}

impl super::variant::Variant {
    /// The squares reached along ray `r` from `sq`, up to and including the first occupied.
    #[inline]
    pub(crate) fn ride(&self, r: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let ray = &self.rays[r];
        let full = ray.from[sq.index()];
        let blockers = full & occ;
        if blockers.is_empty() {
            full
        } else {
            full ^ ray.from[ray.nearest(blockers).index()]
        }
    }

    /// The squares reached along each ray of the mask `rays` from `sq` (see
    /// [`Variant::ride`]).
    #[inline]
    pub(crate) fn rides(&self, mut rays: u16, sq: Square, occ: Bitboard) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        while rays != 0 {
            b |= self.ride(rays.trailing_zeros() as usize, sq, occ);
            rays &= rays - 1;
        }
        b
    }

    /// The squares a piece with tables `t` on `sq` reaches by its capturing rides: by the
    /// tabled lines, and ray by ray for the rest.
    #[inline(always)]
    pub(crate) fn capture_rides<B: Bits>(&self, t: &KindTables, sq: Square, occ: B) -> B {
        let mut b = if t.capture_walked == 0 {
            B::EMPTY
        } else {
            B::of(self.rides(t.capture_walked, sq, occ.grid()))
        };
        let mut lines = t.capture_lines;
        while lines != 0 {
            if let Some(line) = self.lines.get(lines.trailing_zeros() as usize) {
                b |= line.reach(sq, occ);
            }
            lines &= lines - 1;
        }
        b
    }

    /// The two tabled lines of a piece that rides along exactly two, walking no ray.
    #[inline]
    pub(crate) fn two_lines(&self, t: &KindTables) -> Option<(&Line, &Line)> {
        let [a, b] = t.two_lines?;
        Some((self.lines.get(a as usize)?, self.lines.get(b as usize)?))
    }

    /// The squares strictly between `a` and `b` along one of the variant's rays (`None`
    /// when no ray runs from `a` through `b`).
    #[inline]
    pub(crate) fn between(&self, a: Square, b: Square) -> Option<Bitboard> {
        match self.ray_toward[a.index()][b.index()] {
            super::variant::NO_RAY => None,
            r => {
                let ray = &self.rays[r as usize];
                Some(ray.from[a.index()] & !ray.from[b.index()] & !b.bb())
            }
        }
    }

    /// The first occupied square along ray `r` from `sq`.
    #[inline]
    pub(crate) fn first_on<B: Bits>(&self, r: usize, sq: Square, occ: B) -> Option<Square> {
        let ray = &self.rays[r];
        let blockers = B::of(ray.from[sq.index()]) & occ;
        if blockers.is_empty() {
            None
        } else {
            Some(ray.nearest(blockers))
        }
    }

    /// What a hopper of type `k` on `sq` reaches along ray `r`: the square it may capture
    /// on (beyond the screen, the first occupied square) and the empty squares it may move
    /// to (beyond the screen, up to that square). `same` holds the pieces of type `k`, for
    /// Janggi's cannon, which neither hops over nor captures a cannon.
    #[inline]
    pub(crate) fn hop(
        &self,
        k: Kind,
        r: usize,
        sq: Square,
        occ: Bitboard,
        same: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let Some(screen) = self.first_on(r, sq, occ) else {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        };
        let cannon_rule = self.cannon_rule(k);
        if cannon_rule && same.has(screen) {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let beyond = self.ride(r, screen, occ);
        let target = beyond & occ;
        let capture = if cannon_rule && (target & same).any() {
            Bitboard::EMPTY
        } else {
            target
        };
        (capture, beyond & !occ)
    }

    /// The capture of [`Variant::hop`] alone, for attack tests.
    #[inline]
    pub(crate) fn hop_capture(
        &self,
        k: Kind,
        r: usize,
        sq: Square,
        occ: Bitboard,
        same: Bitboard,
    ) -> Bitboard {
        let Some(screen) = self.first_on(r, sq, occ) else {
            return Bitboard::EMPTY;
        };
        match self.first_on(r, screen, occ) {
            Some(target) if !(self.cannon_rule(k) && (same.has(screen) || same.has(target))) => {
                target.bb()
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether pieces of type `k` follow Janggi's cannon rule.
    #[inline]
    pub(crate) fn cannon_rule(&self, k: Kind) -> bool {
        self.cannon_rule_kinds >> k & 1 != 0
    }
}
