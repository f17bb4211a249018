// Ways of making a move beside a click on a piece and its square: Ashtapada's plans made
// step by step, premoves, and the board played from the keyboard. Shares the page's
// state (`view`) and helpers with app.js, which loads after this file.

// Ashtapada: a plan is made a step at a time, by clicks: a piece, then where it lands
// (each landing its throws allow is marked); entering on the entry square or by button,
// bearing off by button. The plans that remain open stay listed as buttons in words.
const stepKey = (st) => [st.kind, st.from, st.to, st.twins, st.throws.join("+")].join("|");

// The steps of plan m not yet chosen, or null if m lacks one of the chosen steps.
function stepsLeft(m) {
  const left = m.steps.slice();
  for (const st of view.steps) {
    const i = left.findIndex((x) => stepKey(x) === stepKey(st));
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

function stepWords(st) {
  if (st.kind === "enter") return `Enter a piece on ${st.to}`;
  if (st.kind === "off") return "Bear a piece off";
  const by = st.throws.length > 1 ? `${st.throws.join(" + ")} = ${st.throws.reduce((a, b) => a + b, 0)}` : String(st.throws[0]);
  return `${st.twins ? "Both pieces (twins)" : "One piece"} from ${st.from} to ${st.to}, by ${by}`;
}

// The board as it stands after the steps chosen so far (the mover's pieces moved).
function boardAfterSteps(b, seat) {
  if (!view.steps.length) return b;
  const pieces = b.pieces.map((list) => list.map((p) => Object.assign({}, p)));
  const mine = pieces[seat];
  const end = b.routes[seat].end;
  for (const st of view.steps) {
    const n = st.twins ? 2 : 1;
    for (let k = 0; k < n; k++) {
      const p = st.kind === "enter" ? mine.find((x) => x.at === "hand")
        : st.kind === "off" ? mine.find((x) => x.at === "keep") : mine.find((x) => x.sq === st.from && !x.moved);
      if (!p) continue;
      p.moved = true;
      p.sq = st.to || null;
      p.at = !st.to ? "off" : st.to === end ? "keep" : "path";
    }
  }
  return Object.assign({}, b, { pieces });
}

function drawAshtapadaGame(s) {
  const moves = myMoves(s).filter((m) => m.steps);
  const open = moves.filter((m) => stepsLeft(m));
  const next = [];
  for (const m of open) for (const st of stepsLeft(m)) if (!next.some((x) => stepKey(x) === stepKey(st))) next.push(st);
  const seat = open.length ? open[0].seat : null;
  const marks = {};
  for (const st of view.steps) if (st.to) marks[st.to] = "last";
  if (view.selected) {
    marks[view.selected] = "selected";
    for (const st of next) if (st.kind === "advance" && st.from === view.selected) marks[st.to] = "target";
  } else {
    for (const st of next) if (st.kind === "advance") marks[st.from] = "named";
    for (const st of next) if (st.kind === "enter" && !marks[st.to]) marks[st.to] = "target";
  }
  if (view.cursor && !view.replay) marks[view.cursor] = marks[view.cursor] ? marks[view.cursor] + " cursor" : "cursor";
  view.onSquare = (sq) => pressAshtapada(sq, next);
  const board = view.replay ? view.replay.board : seat != null ? boardAfterSteps(s.board, seat) : s.board;
  AshtaBoard.drawBoard($("#board"), board, {
    flipped: view.flipped, colours: s.seatColours, seatNames: s.seatNames, marks,
    showPath: view.pathSeat != null ? view.pathSeat : view.selected && seat != null ? seat : null,
    onPress: (sq, e) => { if (e) e.preventDefault(); pressAshtapada(sq, next); },
  });
  const stepButtons = next.filter((st) => st.kind !== "advance").map((st) =>
    h("button", { class: "step", "data-step": stepKey(st), onclick: () => chooseStep(st) }, stepWords(st)));
  const parts = [];
  if (open.length) {
    parts.push(h("div", { class: "small" }, view.steps.length
      ? "Chosen: " + view.steps.map(stepWords).join("; ") + ". Still open:"
      : "Click a piece and where it lands, or choose a whole plan:"));
  }
  parts.push(...stepButtons);
  if (view.steps.length) {
    const done = open.filter((m) => stepsLeft(m).length === 0);
    if (done.length) parts.push(h("button", { class: "step", id: "play-steps", onclick: () => send(done[0]) }, "Play these moves"));
    parts.push(h("button", { id: "steps-again", onclick: () => { view.steps = []; view.selected = null; drawGame(); } }, "Start the turn again"));
  }
  parts.push(...open.map((m) => h("button", { class: "special", "data-move": m.text, title: m.text, onclick: () => send(m) }, m.label)));
  $("#specials").replaceChildren(...parts);
}

function pressAshtapada(sq, next) {
  if (view.selected) {
    const here = next.filter((st) => st.kind === "advance" && st.from === view.selected && st.to === sq);
    if (here.length === 1) return chooseStep(here[0]);
    if (here.length > 1) {
      const box = h("div", { class: "choice", id: "choice" }, h("div", {}, "Choose:"),
        here.map((st) => h("button", { "data-step": stepKey(st), onclick: () => { box.remove(); chooseStep(st); } }, stepWords(st))),
        h("button", { onclick: () => box.remove() }, "cancel"));
      document.body.appendChild(box);
      return;
    }
  }
  if (sq !== view.selected && next.some((st) => st.kind === "advance" && st.from === sq)) {
    view.selected = sq;
    return drawGame();
  }
  const enter = next.find((st) => st.kind === "enter" && st.to === sq);
  if (enter) return chooseStep(enter);
  view.selected = null;
  drawGame();
}

// A step chosen: the plan is played once the steps chosen make exactly one plan.
function chooseStep(st) {
  view.steps.push(st);
  view.selected = null;
  const open = myMoves(view.state).filter((m) => m.steps && stepsLeft(m));
  const done = open.filter((m) => stepsLeft(m).length === 0);
  if (done.length && done.length === open.length) return send(done[0]);
  drawGame();
}

// A premove: while the other side thinks, the player of a two-seat chess-family game
// picks a piece and a square; the move is played as soon as the turn comes, if legal.
function premoveSeat(s) {
  if (!s || view.replay || s.outcome || s.board.kind === "ashtapada" || s.board.style === "shaturanga" || s.seats.length !== 2) return null;
  const mine = mySeats(s);
  return mine.length === 1 && !s.toAct.includes(mine[0]) && s.toAct.length ? mine[0] : null;
}

function pressPremove(sq, seat) {
  const own = (s) => (view.state.board.cells || []).some((c) => c.sq === s && c.seat === seat);
  if (view.selected && view.selected !== sq) {
    view.premove = { from: view.selected, to: sq, seat };
    view.selected = null;
    say(`Premove ${view.premove.from}-${view.premove.to}: played when your turn comes (Escape or a click cancels it).`);
  } else {
    if (view.premove) say("");
    view.premove = null;
    view.selected = own(sq) && sq !== view.selected ? sq : null;
  }
  drawGame();
}

function playPremove(s) {
  const pm = view.premove;
  if (s.outcome) { view.premove = null; return; }
  if (!s.toAct.includes(pm.seat)) return;
  view.premove = null;
  const cands = myMoves(s).filter((m) => m.seat === pm.seat && m.from === pm.from && m.to === pm.to);
  drawGame();
  if (cands.length === 1) send(cands[0]);
  else if (cands.length > 1) choose(cands);
  else say(`The premove ${pm.from}-${pm.to} is not legal now: cancelled.`, true);
}

// The board from the keyboard: arrows move a cursor over the squares, Enter or Space
// presses the square (select, then move), Escape drops the selection and a premove.
function boardKey(e) {
  const s = view.state;
  if (!s) return;
  const b = view.replay ? view.replay.board : s.board;
  const files = b.files, ranks = b.ranks;
  const at = view.cursor ? AshtaBoard.parseSq(view.cursor) : { f: 0, r: 0 };
  const up = view.flipped ? -1 : 1;
  const d = { ArrowLeft: [-up, 0], ArrowRight: [up, 0], ArrowUp: [0, up], ArrowDown: [0, -up] }[e.key];
  if (d) {
    e.preventDefault();
    e.stopPropagation();
    const f = Math.min(files - 1, Math.max(0, at.f + d[0])), r = Math.min(ranks - 1, Math.max(0, at.r + d[1]));
    view.cursor = AshtaBoard.sqName(f, r);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.stopPropagation();
    if (!view.cursor) view.cursor = AshtaBoard.sqName(at.f, at.r);
    else return view.onSquare && view.onSquare(view.cursor);
  } else if (e.key === "Escape") {
    view.selected = null;
    view.premove = null;
    view.steps = [];
  } else return;
  drawGame();
  announce();
}

// What the cursor's square holds, for screen readers (the board's live region).
function announce() {
  const s = view.state;
  if (!s || !view.cursor) return;
  const b = view.replay ? view.replay.board : s.board;
  let what = "empty";
  if (b.kind === "ashtapada") {
    const seats = b.pieces.map((list, i) => list.filter((p) => p.sq === view.cursor).length ? s.seatNames[i] : null).filter((x) => x);
    if (seats.length) what = seats.join(" and ") + "'s piece";
  } else {
    const c = (b.cells || []).find((x) => x.sq === view.cursor);
    if (c) what = `${s.seatNames[c.seat] || ""} ${c.name}`.trim();
  }
  const sel = view.selected === view.cursor ? ", selected" : "";
  $("#board-live").textContent = `${view.cursor}: ${what}${sel}`;
}
