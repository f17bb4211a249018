// Boards as SVG: the checkered and plain 8x8 boards, the 9x10 board of points with river
// and palaces, shogi boards with hands, the cornerless Ahayuta board and the Ashtapada
// board with its crosscut squares and each player's path.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 56;
const HAND_GAP = 12;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function parseSq(sq) {
  return { f: sq.charCodeAt(0) - 97, r: parseInt(sq.slice(1), 10) - 1 };
}

function sqName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

// Glyphs by piece id: western figures for the chess family, characters for Xiangqi,
// Janggi and the shogi games.
// Pieces with no western figure of their own (the fers or met, the khon or sin, the
// dabbaba) show their letter, not a figure that moves otherwise.
const CHESS_GLYPH = {
  king: "\u265A", queen: "\u265B", bers: "\u265B",
  rook: "\u265C", bishop: "\u265D", alfil: "\u265D", elephant: "\u265D",
  knight: "\u265E", horse: "\u265E", pawn: "\u265F",
};
const XIANGQI_GLYPH = [
  { king: "\u5E25", advisor: "\u4ED5", elephant: "\u76F8", horse: "\u508C", rook: "\u4FE5", cannon: "\u70AE", pawn: "\u5175" },
  { king: "\u5C07", advisor: "\u58EB", elephant: "\u8C61", horse: "\u99AC", rook: "\u8ECA", cannon: "\u7832", pawn: "\u5352" },
];
const JANGGI_GLYPH = [
  { king: "\u695A", guard: "\u58EB", elephant: "\u8C61", horse: "\u99AC", rook: "\u8ECA", cannon: "\u5305", pawn: "\u5352" },
  { king: "\u6F22", guard: "\u58EB", elephant: "\u8C61", horse: "\u99AC", rook: "\u8ECA", cannon: "\u5305", pawn: "\u5175" },
];
const SHOGI_GLYPH = {
  king: "\u7389", rook: "\u98DB", bishop: "\u89D2", gold: "\u91D1", silver: "\u9280",
  knight: "\u6842", lance: "\u9999", pawn: "\u6B69", tokin: "\u3068",
  "promoted-silver": "\u5168", "promoted-knight": "\u572D", "promoted-lance": "\u674F",
  "dragon-king": "\u9F8D", "dragon-horse": "\u99AC", "drunk-elephant": "\u9154",
  "crown-prince": "\u592A",
};

// The boat is drawn as a boat (see drawPiece).
const SHATURANGA_GLYPH = {
  rajah: "\u265A", elephant: "\u265C", horse: "\u265E", boat: "", pawn: "\u265F",
};

// Janggi's octagonal pieces, sized by rank as on the board: the generals largest, the
// soldiers and guards smallest.
const JANGGI_SIZE = { king: 0.47, rook: 0.42, cannon: 0.42, horse: 0.4, elephant: 0.4, guard: 0.35, pawn: 0.35 };

function glyph(style, p) {
  if (style === "shaturanga") return SHATURANGA_GLYPH[p.id] || p.letter;
  if (style === "xiangqi") return XIANGQI_GLYPH[p.seat][p.id] || p.letter;
  if (style === "janggi") return JANGGI_GLYPH[p.seat][p.id] || p.letter;
  if (style === "shogi") {
    if (p.id === "king" && p.seat === 1) return "\u738B";
    return SHOGI_GLYPH[p.id] || p.letter.replace("+", "");
  }
  if (style === "ahayuta") return p.id === "ahayuta" ? "\u2726" : "";
  return CHESS_GLYPH[p.id] || p.letter.toUpperCase();
}

function glyphColour(style, p, dark) {
  if (style === "shaturanga") return p.seat === 2 ? "#f4f1e8" : "#111";
  return dark ? "#f4f1e8" : "#222";
}

// Draws a piece centred at (x, y).
function drawPiece(g, style, p, x, y, colours, size) {
  const s = size || CELL;
  const grp = el("g", { class: "piece", "data-sq": p.sq || "" }, g);
  const title = el("title", {}, grp);
  title.textContent = p.name + (p.count > 1 ? " \u00D7" + p.count : "");
  const fill = colours[p.seat] || "#888";
  const dark = p.seat === 1 && (style === "chess" || style === "ahayuta" || style === "shogi");
  if (style === "shogi") {
    const w = s * 0.38, h = s * 0.42;
    const pts = [[0, -h], [w * 0.8, -h * 0.55], [w, h], [-w, h], [-w * 0.8, -h * 0.55]];
    const rot = p.seat === 1 ? 180 : 0;
    el("polygon", {
      points: pts.map(([a, b]) => `${a},${b}`).join(" "),
      transform: `translate(${x},${y}) rotate(${rot})`,
      fill: "#f3d89b", stroke: "#6b4a1a", "stroke-width": 1.5,
    }, grp);
    const t = el("text", {
      x: 0, y: 0, transform: `translate(${x},${y + 2}) rotate(${rot})`,
      "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": s * 0.4, fill: p.promoted ? "#b3001b" : "#111", class: "glyph cjk",
    }, grp);
    t.textContent = glyph(style, p);
  } else if (style === "xiangqi" || style === "janggi") {
    const r = style === "janggi" ? s * (JANGGI_SIZE[p.id] || 0.4) : s * 0.42;
    if (style === "janggi") {
      const pts = [];
      for (let i = 0; i < 8; i++) {
        const a = Math.PI / 8 + (i * Math.PI) / 4;
        pts.push(`${x + r * Math.cos(a)},${y + r * Math.sin(a)}`);
      }
      el("polygon", { points: pts.join(" "), fill: "#f6e7c1", stroke: fill, "stroke-width": 3 }, grp);
    } else {
      el("circle", { cx: x, cy: y, r, fill: "#f6e7c1", stroke: fill, "stroke-width": 3 }, grp);
    }
    const t = el("text", {
      x, y: y + 2, "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": r * 1.1, fill, class: "glyph cjk",
    }, grp);
    t.textContent = glyph(style, p);
  } else if (style === "shaturanga" && p.id === "boat") {
    el("circle", { cx: x, cy: y, r: s * 0.4, fill, stroke: "#555", "stroke-width": 1.5 }, grp);
    const ink = glyphColour(style, p, dark);
    const k = s / 100;
    // a hull and a sail
    el("path", { d: `M ${x - 24 * k} ${y + 8 * k} L ${x + 24 * k} ${y + 8 * k} L ${x + 15 * k} ${y + 20 * k} L ${x - 15 * k} ${y + 20 * k} Z`, fill: ink }, grp);
    el("path", { d: `M ${x + 2 * k} ${y - 24 * k} L ${x + 2 * k} ${y + 5 * k} L ${x + 20 * k} ${y + 5 * k} Z M ${x - 2 * k} ${y - 18 * k} L ${x - 2 * k} ${y + 5 * k} L ${x - 16 * k} ${y + 5 * k} Z`, fill: ink }, grp);
  } else {
    el("circle", {
      cx: x, cy: y, r: s * 0.4, fill,
      stroke: dark ? "#000" : "#555", "stroke-width": 1.5,
    }, grp);
    const text = glyph(style, p);
    const letter = /^[A-Za-z]$/.test(text);
    const t = el("text", {
      x, y: y + 2, "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": s * (letter ? 0.4 : 0.55), "font-weight": letter ? "bold" : "normal",
      fill: glyphColour(style, p, dark), class: "glyph" + (letter ? " letter" : ""),
    }, grp);
    t.textContent = text;
  }
  if (p.count > 1) {
    const c = el("text", { x: x + s * 0.32, y: y + s * 0.38, "font-size": s * 0.28, class: "count" }, grp);
    c.textContent = p.count;
  }
  return grp;
}

// The grid games: chess family, Xiangqi, Janggi, the shogi games and Ahayuta.
// opts: {flipped, colours, marks: {sq: class}, onPress(sq, event), onHand(seat, letter),
// selectedHand: {seat, letter}}
function drawGrid(svg, b, opts) {
  const points = b.style === "xiangqi" || b.style === "janggi";
  const files = b.files, ranks = b.ranks;
  const handRows = b.hasHands ? 1 : 0;
  const handH = handRows ? CELL + HAND_GAP : 0;
  const margin = 22;
  const W = files * CELL + 2 * margin;
  const H = ranks * CELL + 2 * margin + 2 * handH;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const top = margin + handH;
  const xy = (f, r) => {
    const x = opts.flipped ? files - 1 - f : f;
    const y = opts.flipped ? r : ranks - 1 - r;
    return [margin + x * CELL, top + y * CELL];
  };
  const centre = (sq) => {
    const { f, r } = parseSq(sq);
    const [x, y] = xy(f, r);
    return [x + CELL / 2, y + CELL / 2];
  };
  const corners = new Set(b.corners || []);
  const board = el("g", { class: "board " + b.style }, svg);
  el("rect", {
    x: margin - 6, y: top - 6, width: files * CELL + 12, height: ranks * CELL + 12,
    class: "frame", rx: 4,
  }, board);
  // squares (also the click targets on boards of points)
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const sq = sqName(f, r);
      const [x, y] = xy(f, r);
      if (corners.has(sq)) {
        el("rect", { x, y, width: CELL, height: CELL, class: "void" }, board);
        continue;
      }
      let cls = "sq";
      if (points) cls += " point";
      else if (b.checkered) cls += (f + r) % 2 === 0 ? " dark" : " light";
      else cls += " plain";
      if (b.style === "ahayuta" && (r === 0 || r === ranks - 1)) cls += " home";
      if (b.zone && (r < b.zone || r >= ranks - b.zone)) cls += " zone";
      const rect = el("rect", { x, y, width: CELL, height: CELL, class: cls, "data-sq": sq }, board);
      rect.addEventListener("pointerdown", (e) => opts.onPress && opts.onPress(sq, e));
    }
  }
  if (points) drawPoints(board, b, xy);
  for (const t of b.thrones || []) {
    const [x, y] = xy(parseSq(t).f, parseSq(t).r);
    el("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, class: "throne" }, board);
  }
  // marks: last move, check, selection, targets
  const marks = el("g", { class: "marks" }, svg);
  const mark = (sq, cls) => {
    const [x, y] = xy(parseSq(sq).f, parseSq(sq).r);
    el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "mark " + cls }, marks);
  };
  if (b.last && b.last.from) mark(b.last.from, "last");
  if (b.last && b.last.to) mark(b.last.to, "last");
  if (b.check) mark(b.check, "check");
  for (const [sq, all] of Object.entries(opts.marks || {})) {
    for (const cls of all.split(" ")) {
      if (cls === "target") {
        const [cx, cy] = centre(sq);
        el("circle", { cx, cy, r: CELL * 0.14, class: "target" }, marks);
      } else mark(sq, cls);
    }
  }
  // coordinates, as the game's notation reads them: the shogi games count files from the
  // right and ranks from the top (P-76); Xiangqi's WXF counts each side's files from its
  // right (Red's below, Black's above); the others have letters and numbers
  const coords = el("g", { class: "coords" }, svg);
  const fileText = (f) => b.style === "shogi" || b.style === "xiangqi" ? String(files - f) : String.fromCharCode(97 + f);
  const rankText = (r) => b.style === "shogi" ? String(ranks - r) : String(r + 1);
  for (let f = 0; f < files; f++) {
    const [x] = xy(f, 0);
    // Red's numbers stay on Red's side when the board is turned
    const bottom = opts.flipped && b.style === "xiangqi" ? top - 8 : top + ranks * CELL + 17;
    const t = el("text", { x: x + CELL / 2, y: bottom, "text-anchor": "middle" }, coords);
    t.textContent = fileText(f);
    if (b.style === "xiangqi") {
      const other = el("text", { x: x + CELL / 2, y: opts.flipped ? top + ranks * CELL + 17 : top - 8, "text-anchor": "middle" }, coords);
      other.textContent = String(f + 1);
    }
  }
  if (b.style !== "xiangqi") {
    for (let r = 0; r < ranks; r++) {
      const [, y] = xy(0, r);
      const t = el("text", { x: 9, y: y + CELL / 2 + 4, "text-anchor": "middle" }, coords);
      t.textContent = rankText(r);
    }
  }
  // pieces
  const pieces = el("g", { class: "pieces" }, svg);
  for (const p of b.cells) {
    const [cx, cy] = centre(p.sq);
    const g = drawPiece(pieces, b.style, p, cx, cy, opts.colours);
    g.addEventListener("pointerdown", (e) => opts.onPress && opts.onPress(p.sq, e));
  }
  // hands: the far side's above the board, the near side's below
  if (handRows) {
    for (const seat of [0, 1]) {
      const near = opts.flipped ? seat === 1 : seat === 0;
      const y = near ? top + ranks * CELL + 28 : margin - 6;
      const row = el("g", { class: "hand", "data-seat": seat }, svg);
      el("rect", { x: margin - 6, y, width: files * CELL + 12, height: CELL - 4, class: "handbox", rx: 4 }, row);
      (b.hands[seat] || []).forEach((h, i) => {
        const x = margin + i * CELL + CELL / 2;
        const p = Object.assign({ seat, sq: "" }, h);
        const sel = opts.selectedHand && opts.selectedHand.seat === seat && opts.selectedHand.letter === h.letter;
        if (sel) el("rect", { x: x - CELL / 2 + 2, y: y + 2, width: CELL - 4, height: CELL - 8, class: "mark selected" }, row);
        const g = drawPiece(row, b.style, p, x, y + CELL / 2 - 2, opts.colours, CELL * 0.9);
        g.classList.add("inhand");
        g.setAttribute("data-hand", seat + ":" + h.letter);
        g.addEventListener("pointerdown", (e) => { e.preventDefault(); if (opts.onHand) opts.onHand(seat, h.letter); });
      });
    }
  }
  return { centre };
}

// Lines of the 9x10 board: points at the centres of the cells, the river, the palaces.
function drawPoints(g, b, xy) {
  const c = (f, r) => { const [x, y] = xy(f, r); return [x + CELL / 2, y + CELL / 2]; };
  const line = (a, z) => el("line", { x1: a[0], y1: a[1], x2: z[0], y2: z[1], class: "line" }, g);
  const river = b.style === "xiangqi";
  for (let r = 0; r < b.ranks; r++) line(c(0, r), c(b.files - 1, r));
  for (let f = 0; f < b.files; f++) {
    if (river && f > 0 && f < b.files - 1) {
      line(c(f, 0), c(f, 4));
      line(c(f, 5), c(f, b.ranks - 1));
    } else line(c(f, 0), c(f, b.ranks - 1));
  }
  for (const [r0, r1] of [[0, 2], [b.ranks - 3, b.ranks - 1]]) {
    line(c(3, r0), c(5, r1));
    line(c(5, r0), c(3, r1));
  }
  if (river) {
    const [x0, y0] = c(0, 4), [x1, y1] = c(b.files - 1, 5);
    const t = el("text", {
      x: (x0 + x1) / 2, y: (y0 + y1) / 2 + 6, "text-anchor": "middle", class: "river",
    }, g);
    t.textContent = "\u695A \u6CB3          \u6F22 \u754C";
  }
}

// Ashtapada: plain squares, crosscut (X) squares, the pieces of up to four players; a
// player's path is drawn while the pointer rests on that player's name (opts.showPath).
function drawAshtapada(svg, b, opts) {
  const margin = 22;
  const W = 8 * CELL + 2 * margin;
  svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
  const xy = (f, r) => {
    const x = opts.flipped ? 7 - f : f;
    const y = opts.flipped ? r : 7 - r;
    return [margin + x * CELL, margin + y * CELL];
  };
  const centre = (sq) => { const { f, r } = parseSq(sq); const [x, y] = xy(f, r); return [x + CELL / 2, y + CELL / 2]; };
  const g = el("g", { class: "board ashtapada" }, svg);
  el("rect", { x: margin - 6, y: margin - 6, width: 8 * CELL + 12, height: 8 * CELL + 12, class: "frame", rx: 4 }, g);
  const marked = new Set(b.marked);
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const sq = sqName(f, r);
      const [x, y] = xy(f, r);
      const rect = el("rect", { x, y, width: CELL, height: CELL, class: "sq plain", "data-sq": sq }, g);
      rect.addEventListener("pointerdown", (e) => opts.onPress && opts.onPress(sq, e));
      if (marked.has(sq)) {
        el("line", { x1: x + 8, y1: y + 8, x2: x + CELL - 8, y2: y + CELL - 8, class: "cross" }, g);
        el("line", { x1: x + CELL - 8, y1: y + 8, x2: x + 8, y2: y + CELL - 8, class: "cross" }, g);
      }
    }
  }
  // coordinates: the squares the plans and the record name
  const coords = el("g", { class: "coords" }, svg);
  for (let i = 0; i < 8; i++) {
    const [x] = xy(i, 0);
    el("text", { x: x + CELL / 2, y: margin + 8 * CELL + 17, "text-anchor": "middle" }, coords).textContent = String.fromCharCode(97 + i);
    const [, y] = xy(0, i);
    el("text", { x: 9, y: y + CELL / 2 + 4, "text-anchor": "middle" }, coords).textContent = String(i + 1);
  }
  // marks: the steps chosen, the piece selected, its landings, the pieces that can move
  const marks = el("g", { class: "marks" }, svg);
  for (const [sq, all] of Object.entries(opts.marks || {})) {
    const [x, y] = xy(parseSq(sq).f, parseSq(sq).r);
    for (const cls of all.split(" ")) {
      if (cls === "target") el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.14, class: "target" }, marks);
      else el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "mark " + cls }, marks);
    }
  }
  if (opts.showPath != null && b.routes[opts.showPath]) {
    const route = b.routes[opts.showPath];
    const pts = route.path.concat([route.end]).map(centre);
    el("polyline", {
      points: pts.map(([x, y]) => `${x},${y}`).join(" "),
      class: "path", stroke: opts.colours[opts.showPath],
    }, svg);
    const [sx, sy] = pts[0];
    el("circle", { cx: sx, cy: sy, r: 7, fill: opts.colours[opts.showPath], class: "pathstart" }, svg);
  }
  const bySq = {};
  b.pieces.forEach((list, seat) => list.forEach((p) => {
    if (p.sq) (bySq[p.sq] = bySq[p.sq] || []).push(seat);
  }));
  const layer = el("g", { class: "pieces" }, svg);
  for (const [sq, seats] of Object.entries(bySq)) {
    const [cx, cy] = centre(sq);
    seats.forEach((seat, i) => {
      const n = seats.length;
      const dx = n === 1 ? 0 : (i - (n - 1) / 2) * CELL * 0.26;
      const grp = el("g", { class: "piece" }, layer);
      el("title", {}, grp).textContent = (opts.seatNames[seat] || "") + "'s piece on " + sq;
      el("circle", { cx: cx + dx, cy, r: CELL * 0.2, fill: opts.colours[seat], stroke: "#222", "stroke-width": 1.5 }, grp);
      grp.addEventListener("pointerdown", (e) => opts.onPress && opts.onPress(sq, e));
    });
  }
  return { centre };
}

function drawBoard(svg, b, opts) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (b.kind === "ashtapada") return drawAshtapada(svg, b, opts);
  return drawGrid(svg, b, opts);
}

window.AshtaBoard = { drawBoard, parseSq, sqName };
