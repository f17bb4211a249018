// Ashta in the browser: the home page with the games and the new-game form, a rules
// page per game, the archive, and the game page (board, moves, dice, seats, live updates).
"use strict";

const $ = (sel, root) => (root || document).querySelector(sel);
const main = () => $("#main");
let catalog = null;

function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return e;
}

async function api(method, path, body, raw) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers["Content-Type"] = raw ? "text/plain" : "application/json";
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (_) {
    throw new Error("The server cannot be reached: is it still running? (the page tries again when you act)");
  }
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (!res.ok) throw new Error((data && data.error) || text || res.statusText);
  return data;
}

function say(msg, bad) {
  const bar = $("#message");
  bar.textContent = msg || "";
  bar.className = bad ? "bad" : "";
}

async function loadCatalog() {
  if (!catalog) catalog = (await api("GET", "/api/catalog")).games;
  return catalog;
}

// Secrets of the seats this browser holds, per game.
function tokens(id) {
  try { return JSON.parse(localStorage.getItem("ashta-tokens-" + id) || "{}"); } catch (_) { return {}; }
}
function saveToken(id, seat, token) {
  const t = tokens(id);
  t[seat] = token;
  localStorage.setItem("ashta-tokens-" + id, JSON.stringify(t));
}
function animations() { return localStorage.getItem("ashta-animate") !== "off"; }

function go(path) {
  history.pushState(null, "", path);
  route();
}

async function route() {
  say("");
  document.title = "Ashta";
  if (window.ashtaSocket) { window.ashtaSocket.onclose = null; window.ashtaSocket.close(); window.ashtaSocket = null; }
  const path = location.pathname;
  try {
    let m;
    if ((m = path.match(/^\/game\/(\d+)/))) await gamePage(parseInt(m[1], 10));
    else if ((m = path.match(/^\/rules\/([a-z-]+)/))) await rulesPage(m[1]);
    else if (path.startsWith("/archive")) await archivePage();
    else await homePage();
  } catch (e) {
    say(e.message, true);
  }
}

// ---- home: games and the new-game form ----

async function homePage() {
  const games = await loadCatalog();
  const form = newGameForm(games);
  const cards = games.map((g) => h("div", { class: "card" },
    h("h3", {}, g.name),
    h("p", {}, g.summary),
    h("p", { class: "small" }, `${g.seats.length > 1 ? g.seats[0] + " to " + g.seats[g.seats.length - 1] : g.seats[0]} players \u00B7 rules: ${g.rulesets.join(", ")}`),
    h("a", { href: "/rules/" + g.id, onclick: link }, "Rules"), " ",
    h("a", { href: "#new", "data-game": g.id, onclick: (e) => { e.preventDefault(); form.pick(g.id); } }, "Play"),
  ));
  main().replaceChildren(
    h("section", { id: "new" }, h("h2", {}, "New game"), form.node),
    h("section", {}, h("h2", {}, "Games"), h("div", { class: "cards" }, cards)),
  );
  // "a new game from this position" on a game page: the form filled in
  const params = new URLSearchParams(location.search);
  if (params.get("game") && games.some((g) => g.id === params.get("game"))) {
    form.pick(params.get("game"), params.get("ruleset"), params.get("start"));
  }
}

function link(e) {
  e.preventDefault();
  go(e.currentTarget.getAttribute("href"));
}

// Rulesets and options in words (the names stay the API's).
const RULESET_WORDS = {
  "seed": "Ashta's reading of the sources",
  "fairy-stockfish": "as Fairy-Stockfish and pychess play it",
  "kile": "Kile's reconstruction",
  "ashta-kashte": "as Ashta kashte is played",
};
const OPTION_WORDS = {
  "werera": ["Opening (Werera)", { "ten-moves": "ten moves each", "simultaneous": "both sides at once, until the first capture", "none": "none" }],
  "tabiya": ["Start from a tabiya", { "none": "no", "10": "tabiya 10", "12": "tabiya 12" }],
  "elephant": ["Elephant moves as", { "alfil": "alfil (two squares diagonally, leaping)", "dabbaba": "dabbaba (two squares straight, leaping)", "silver": "silver general (one step diagonally or forward)" }],
  "king-leap": ["King's first leap", { "any": "any direction", "forward": "forward only" }],
  "fsf-version": ["Fairy-Stockfish version", {}],
  "promotion": ["Promotion", { "optional": "optional", "compulsory": "compulsory" }],
  "players": ["Players", {}],
  "boat": ["Boat moves", { "leap": "two squares diagonally, leaping", "bishop": "any distance diagonally" }],
  "check-capture": ["In check", { "free": "any move out of check", "compulsory": "take the checking piece when it can be taken" }],
};

// Time controls offered: [label, [main seconds, increment, byoyomi]].
const CLOCKS = [
  ["1+0 (bullet)", [60, 0, 0]], ["3+2 (blitz)", [180, 2, 0]], ["5+3 (blitz)", [300, 3, 0]],
  ["10+5 (rapid)", [600, 5, 0]], ["15+10 (rapid)", [900, 10, 0]], ["30+20 (classical)", [1800, 20, 0]],
  ["10 min + 30 s byoyomi", [600, 0, 30]], ["30 s byoyomi only", [0, 0, 30]],
];

function newGameForm(games) {
  const gameSel = h("select", { name: "game", id: "game" }, games.map((g) => h("option", { value: g.id }, g.name)));
  const rulesetSel = h("select", { name: "ruleset", id: "ruleset" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const startBox = h("input", { name: "start", id: "start-fen", size: 48, placeholder: "the usual start; or a FEN (SFEN for shogi)" });
  const startLabel = h("label", { class: "start-fen" }, "Start position ", startBox);
  // a time control: minutes + seconds of increment, or byoyomi; custom in three fields
  const clockSel = h("select", { name: "clock", id: "clock" },
    h("option", { value: "" }, "no clock"),
    CLOCKS.map(([label, v]) => h("option", { value: v.join(",") }, label)),
    h("option", { value: "custom" }, "other…"));
  const num = (name, title, value) => h("label", { style: "margin-left:0.6em" }, title + " ", h("input", { name, type: "number", min: 0, step: "any", value, style: "width:5em" }));
  const customBox = h("span", { class: "custom-clock", hidden: true },
    num("clock-minutes", "minutes", 10), num("clock-increment", "increment (s)", 0), num("clock-byoyomi", "byoyomi (s)", 0));
  clockSel.addEventListener("change", () => { customBox.hidden = clockSel.value !== "custom"; });
  const clockLabel = h("label", { class: "clock-choice" }, "Clock ", clockSel, customBox);
  const node = h("form", { id: "new-game" },
    h("label", {}, "Game ", gameSel),
    h("label", {}, "Ruleset ", rulesetSel),
    optionsBox, seatsBox, clockLabel, startLabel,
    h("button", { type: "submit", id: "start" }, "Start the game"));
  const current = () => games.find((g) => g.id === gameSel.value);
  function seats() {
    const g = current();
    const playersSel = $("select[name=opt-players]", optionsBox);
    const n = playersSel ? parseInt(playersSel.value, 10) : g.seats[0];
    const names = g.id === "ashtapada" ? ["South", "West", "North", "East"].filter((_, i) => n === 4 || (n === 3 ? i < 3 : i % 2 === 0)) : g.seatNames;
    seatsBox.replaceChildren(...names.map((name, i) => h("div", { class: "seat" },
      h("span", { class: "seatname" }, name),
      h("select", { name: "seat-" + i, class: "seatkind" }, h("option", { value: "human" }, "human"), h("option", { value: "computer", selected: i === 1 }, "computer")),
      h("select", { name: "level-" + i, class: "level" }, [1, 2, 3, 4, 5, 6, 7, 8].map((l) => h("option", { value: l, selected: l === 3 }, "level " + l))),
    )));
  }
  function refresh() {
    const g = current();
    rulesetSel.replaceChildren(...g.rulesets.map((r) => h("option", { value: r }, RULESET_WORDS[r] || r)));
    optionsBox.replaceChildren(...g.options.map((o) => {
      const [title, values] = OPTION_WORDS[o.name] || [o.name, {}];
      return h("label", {}, title + " ",
        h("select", { name: "opt-" + o.name, onchange: seats },
          // Senterej's Werera follows the seats unless chosen: simultaneous between people
          o.name === "werera" ? h("option", { value: "" }, "as the seats suit (simultaneous between people)") : null,
          o.values.map((v) => h("option", { value: v }, values[v] || v))));
    }));
    // a set-up start and a clock are for the chess family
    startLabel.hidden = ["ahayuta", "ashtapada", "shaturanga"].includes(g.id);
    clockLabel.hidden = startLabel.hidden;
    seats();
  }
  gameSel.addEventListener("change", refresh);
  refresh();
  node.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = current();
    const options = g.options.map((o) => [o.name, $(`select[name=opt-${o.name}]`, optionsBox).value])
      .filter(([, v]) => v !== "").map(([n, v]) => `${n}=${v}`);
    const seatSpecs = [...seatsBox.querySelectorAll(".seat")].map((s, i) => ({
      kind: $(`select[name=seat-${i}]`, s).value,
      level: parseInt($(`select[name=level-${i}]`, s).value, 10),
    }));
    try {
      const start = startLabel.hidden ? "" : startBox.value.trim();
      let clock = null;
      if (!clockLabel.hidden && clockSel.value === "custom") {
        const n = (name) => Math.max(0, Math.round(parseFloat($(`input[name=${name}]`, customBox).value) || 0));
        clock = { initial: Math.round((parseFloat($("input[name=clock-minutes]", customBox).value) || 0) * 60), increment: n("clock-increment"), byoyomi: n("clock-byoyomi") };
      } else if (!clockLabel.hidden && clockSel.value) {
        const [initial, increment, byoyomi] = clockSel.value.split(",").map(Number);
        clock = { initial, increment, byoyomi };
      }
      const made = await api("POST", "/api/games", { game: g.id, ruleset: rulesetSel.value, options, seats: seatSpecs, ...(start ? { start } : {}), ...(clock ? { clock } : {}) });
      for (const s of made.seats) if (s.token) saveToken(made.id, s.seat, s.token);
      go("/game/" + made.id);
    } catch (err) { say(err.message, true); }
  });
  return { node, pick: (id, ruleset, start) => {
    gameSel.value = id;
    refresh();
    if (ruleset && current().rulesets.includes(ruleset)) rulesetSel.value = ruleset;
    if (start) startBox.value = start;
    node.scrollIntoView();
  } };
}

// ---- rules pages ----

async function rulesPage(id) {
  const games = await loadCatalog();
  const g = games.find((x) => x.id === id);
  if (!g) throw new Error("there is no game " + id);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "diagram");
  main().replaceChildren(h("section", { class: "rules" },
    h("h2", {}, g.name),
    h("p", { class: "small" }, "Rules from " + g.seed + "; rulesets: " + g.rulesets.join(", ") +
      (g.options.length ? "; options: " + g.options.map((o) => o.name + "=" + o.values.join("|")).join(", ") : "")),
    h("p", {}, g.summary),
    h("ul", {}, g.rules.map((r) => h("li", {}, r))),
    h("h3", {}, "Start position"), svg,
    h("p", {}, h("a", { href: "/", onclick: link }, "Play it")),
  ));
  AshtaBoard.drawBoard(svg, g.start, { flipped: false, colours: startColours(g), seatNames: g.seatNames });
}

function startColours(g) {
  if (g.id === "xiangqi") return ["#c0392b", "#222222"];
  if (g.id === "janggi") return ["#2e6fb7", "#c0392b"];
  if (g.id === "ashtapada") return ["#c0392b", "#2e86c1", "#f1c40f", "#27ae60"];
  if (g.id === "shaturanga") return ["#c0392b", "#f1c40f", "#222222", "#27ae60"];
  return ["#f4f1e8", "#222222"];
}

// ---- archive ----

async function archivePage() {
  const games = await loadCatalog();
  const params = new URLSearchParams(location.search);
  const gameSel = h("select", { name: "game" }, h("option", { value: "" }, "all games"), games.map((g) => h("option", { value: g.id, selected: params.get("game") === g.id }, g.name)));
  const statusSel = h("select", { name: "status" }, ["", "playing", "finished"].map((s) => h("option", { value: s, selected: params.get("status") === s }, s || "any status")));
  const table = h("table", { class: "archive", id: "archive-table" });
  // the list, read again after an import
  const fillTable = async () => {
    const list = await api("GET", "/api/games?" + new URLSearchParams({ game: params.get("game") || "", status: params.get("status") || "" }));
    const rows = list.games.map((g) => h("tr", {},
      h("td", {}, h("a", { href: "/game/" + g.id, onclick: link }, "#" + g.id)),
      h("td", {}, g.game), h("td", {}, g.ruleset), h("td", {}, g.seats), h("td", {}, g.status),
      h("td", {}, g.result ? `${g.result} (${g.reason})` : ""), h("td", {}, g.moves), h("td", {}, g.updated),
      h("td", {}, h("a", { href: `/api/games/${g.id}/record` }, "record"))));
    table.replaceChildren(h("tr", {}, ["Game", "Kind", "Ruleset", "Seats", "Status", "Result", "Moves", "Last change", ""].map((t) => h("th", {}, t))), ...rows);
  };
  await fillTable();
  const importBox = h("textarea", { id: "import-text", rows: 6, placeholder: "Paste records: PGN (one game or many), KIF, CSA or an Ashta record" });
  const importFiles = h("input", { type: "file", id: "import-files", multiple: true, accept: ".pgn,.kif,.kifu,.csa,.txt" });
  const importResults = h("ul", { id: "import-results" });
  const importAll = async () => {
    // the pasted text, and each file as it is (the server reads UTF-8 and Shift_JIS)
    const bodies = [];
    if (importBox.value.trim()) bodies.push(["pasted text", importBox.value]);
    for (const f of importFiles.files) bodies.push([f.name, f]);
    if (!bodies.length) { say("Paste a record or choose files first", true); return; }
    const lines = [];
    const made = [];
    for (const [name, body] of bodies) {
      try {
        const r = await api("POST", "/api/imports", body, true);
        for (const x of r.records) {
          const label = bodies.length > 1 || r.records.length > 1 ? `${name}, game ${x.record}: ` : "";
          if (x.game) {
            made.push(x.game);
            for (const s of x.game.seats) if (s.token) saveToken(x.game.id, s.seat, s.token);
            lines.push(h("li", {}, label + "imported as ", h("a", { href: "/game/" + x.game.id, onclick: link }, "#" + x.game.id)));
          } else {
            lines.push(h("li", { class: "bad" }, label + "not imported: " + x.error));
          }
        }
      } catch (err) { lines.push(h("li", { class: "bad" }, `${name}: not imported: ${err.message}`)); }
    }
    if (made.length === 1 && lines.length === 1) { go("/game/" + made[0].id); return; }
    importResults.replaceChildren(...lines);
    say(`${made.length} imported, ${lines.length - made.length} not`, made.length < lines.length);
    if (made.length) await fillTable().catch(() => {});
  };
  main().replaceChildren(
    h("section", {}, h("h2", {}, "Archive"),
      h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); go("/archive?" + new URLSearchParams({ game: gameSel.value, status: statusSel.value })); } },
        gameSel, statusSel, h("button", { type: "submit" }, "Filter")),
      table),
    h("section", {}, h("h2", {}, "Import records"), importBox,
      h("p", {}, h("label", {}, "or files: ", importFiles)),
      h("button", { id: "import", onclick: importAll }, "Import"), importResults),
  );
}

// ---- the game page ----

const view = { state: null, selected: null, hand: null, flipped: null, pathSeat: null, seenMoves: 0, replay: null, steps: [], premove: null, cursor: null, sending: false };

async function gamePage(id) {
  const params = new URLSearchParams(location.search);
  let badLink = null;
  if (params.get("token") && params.get("seat") != null) {
    // an invite link's token is kept only if it is the seat's
    const seat = parseInt(params.get("seat"), 10);
    try {
      await api("POST", `/api/games/${id}/check`, { seat, token: params.get("token") });
      saveToken(id, seat, params.get("token"));
    } catch (e) { badLink = e.message; }
    history.replaceState(null, "", "/game/" + id);
  }
  Object.assign(view, { state: null, selected: null, hand: null, flipped: null, pathSeat: null, seenMoves: 0, replay: null, steps: [], premove: null, cursor: null, sending: false });
  main().replaceChildren(h("div", { class: "game" },
    h("div", { class: "boardcol" },
      h("svg", { id: "board", xmlns: "http://www.w3.org/2000/svg" }),
      h("div", { id: "replay", class: "replay" },
        h("button", { id: "replay-first", title: "the start (Home)", onclick: () => showPly(0) }, "\u00AB"),
        h("button", { id: "replay-prev", title: "a move back (\u2190)", onclick: () => stepPly(-1) }, "\u25C0"),
        h("button", { id: "replay-next", title: "a move on (\u2192)", onclick: () => stepPly(1) }, "\u25B6"),
        h("button", { id: "replay-last", title: "the game now (End)", onclick: () => showPly(Infinity) }, "\u00BB"),
        h("span", { id: "replay-note", class: "small" })),
      h("div", { id: "dice" })),
    h("div", { class: "panel" },
      h("h2", { id: "title" }),
      h("div", { id: "status" }),
      // moves without squares (Janggi's arrangements, passes, plans) beside the board,
      // where they are seen without scrolling
      h("div", { id: "specials" }),
      h("div", { id: "seats" }),
      h("div", { id: "actions" }),
      h("input", { id: "move-input", placeholder: "type a move (e4, Nf3, g1f3, 7g7f) and press Enter", autocomplete: "off", onkeydown: typedMove }),
      h("ol", { id: "moves" }),
      h("details", { id: "position" }, h("summary", {}, "Position"), h("div", { id: "position-texts" })),
      h("div", { id: "invites" }))));
  // the board element must be an SVG element, not an HTML one
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "board";
  // focusable: the arrows move a cursor, Enter presses, a live region reads the square
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-label", "Board: arrow keys move over the squares, Enter or Space selects a piece and then its square, Escape cancels");
  svg.setAttribute("aria-describedby", "board-live");
  svg.addEventListener("keydown", boardKey);
  svg.addEventListener("focus", () => { if (!view.cursor) { view.cursor = AshtaBoard.sqName(0, 0); drawGame(); } announce(); });
  $("#board").replaceWith(svg);
  svg.after(h("div", { id: "board-live", class: "sr-only", "aria-live": "polite" }));
  let first;
  try {
    first = await api("GET", "/api/games/" + id);
  } catch (e) {
    main().replaceChildren(h("section", { id: "no-game" }, h("h2", {}, "Game #" + id),
      h("p", {}, e.message), h("p", {}, h("a", { href: "/archive", onclick: link }, "The archive"), " lists the games.")));
    throw e;
  }
  view.seenMoves = first.moves.length;
  render(first);
  if (badLink) say("This invite link does not open a seat (" + badLink + "): you are watching", true);
  connect(id);
}

function connect(id) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${id}/ws`);
  window.ashtaSocket = ws;
  let first = true;
  ws.onopen = () => { if (view.lost) { view.lost = false; say("Connected again"); } };
  ws.onmessage = (e) => {
    const s = JSON.parse(e.data);
    // the first state after (re)connecting is taken as it is: a restarted server counts
    // its versions anew
    render(s, first);
    first = false;
  };
  ws.onclose = () => {
    if (window.ashtaSocket !== ws) return;
    // the server went away or the network dropped: say so, and try again each second
    if (!view.lost) { view.lost = true; say("Connection to the server lost: reconnecting\u2026", true); }
    setTimeout(() => { if (window.ashtaSocket === ws) connect(id); }, 1000);
  };
}

function mySeats(s) {
  const t = tokens(s.id);
  return Object.keys(t).map((k) => parseInt(k, 10)).filter((k) => s.seats[k] && s.seats[k].kind === "human");
}

// The moves this browser may make now: the legal moves of each held seat that is to act.
function myMoves(s) {
  if (view.replay) return [];
  const mine = mySeats(s);
  const out = [];
  for (const seat of s.toAct) if (mine.includes(seat)) for (const m of s.legal[seat]) out.push(Object.assign({ seat }, m));
  return out;
}

function render(s, force) {
  const prev = view.state;
  if (!force && prev && prev.id === s.id && s.version < prev.version) return;
  view.state = s;
  if (!prev || prev.version !== s.version || prev.moves.length !== s.moves.length) { view.selected = null; view.hand = null; view.steps = []; }
  if (!prev || prev.id !== s.id) { view.replay = null; view.wantPly = null; }
  if (!view.replay && view.wantPly === prev?.moves.length) view.wantPly = null;
  const mine = mySeats(s);
  if (view.flipped === null) view.flipped = mine.length === 1 && mine[0] === 1 && s.seats.length === 2;
  const game = (catalog || []).find((g) => g.id === s.setup.game);
  $("#title").textContent = (game ? game.name : s.setup.game) + " #" + s.id;
  // the tab says when it is one's turn
  const yourTurn = !s.outcome && s.toAct.some((i) => mine.includes(i));
  document.title = (yourTurn ? "\u25CF Your move \u2014 " : s.outcome ? "Over \u2014 " : "") + $("#title").textContent + " \u2014 Ashta";
  drawGame();
  if (view.premove) playPremove(s);
  // a move just made slides into place, and another's move sounds a click
  const oneMore = prev && prev.id === s.id && s.moves.length === prev.moves.length + 1 && !view.replay;
  if (oneMore) {
    animateLast(s);
    const by = s.moves[s.moves.length - 1].seat;
    if (by != null && !mine.includes(by)) moveSound();
  }
  // status
  const status = $("#status");
  if (s.outcome) {
    status.className = "over";
    status.textContent = `${s.outcome.text} \u2014 ${s.outcome.reason}`;
  } else {
    status.className = "";
    const who = s.toAct.map((i) => s.seatNames[i]).join(" or ");
    status.textContent = (s.toAct.length ? `${who} to move` : "") + (s.board.check ? " \u2014 check!" : "") + (s.thinking ? " (the computer is thinking)" : "");
  }
  // seats
  $("#seats").replaceChildren(...s.seatNames.map((name, i) => h("div", {
    class: "seatline" + (s.toAct.includes(i) ? " active" : ""),
    onmouseenter: () => { view.pathSeat = i; drawGame(); },
    onmouseleave: () => { view.pathSeat = null; drawGame(); },
    // on a touch screen, a tap shows the player's path (another tap hides it)
    onclick: () => { view.pathSeat = view.pathSeat === i ? null : i; drawGame(); },
  }, h("span", { class: "swatch", style: "background:" + s.seatColours[i] }), " ", name, ": ",
    s.seats[i].kind === "computer" ? "computer, level " + s.seats[i].level : (mine.includes(i) ? "you" : "human"),
    s.thinking && s.toAct.includes(i) && s.seats[i].kind === "computer" ? h("span", { class: "thinking", title: "thinking" }, " \u2026thinking") : "",
    s.clock ? h("span", { class: "clock", "data-seat": i, title: "clock: " + s.clock.text }) : "",
    s.board.kind === "ashtapada" ? h("span", { class: "small" }, " \u2014 " + ((s.board.resigned || [])[i] ? "resigned" : pieceCounts(s.board.pieces[i]))) : "",
    s.board.style === "shaturanga" ? h("span", { class: "small" }, " \u2014 " + standing(s, i)) : "")));
  // moves
  const list = $("#moves");
  const items = [];
  // each move is a link to the position after it
  const shown = view.replay ? view.replay.ply : s.moves.length;
  const entry = (i, text) => h("span", { class: "mv" + (i + 1 === shown ? " current" : ""), "data-ply": i + 1, onclick: () => showPly(i + 1) }, text);
  if (s.seats.length === 2 && s.board.kind === "grid") {
    // a set-up phase first (Sittuyin's placements, Janggi's arrangements), unnumbered;
    // then a numbered line for each first-seat move, and a new line wherever a seat moves
    // twice running (Senterej's Werera)
    let i = 0;
    const setup = [];
    while (i < s.moves.length && /@|^arrange-/.test(s.moves[i].text)) setup.push(i++);
    if (setup.length) items.push(h("li", { class: "setup" }, "Setup: ", setup.flatMap((k) => [entry(k, s.moves[k].label), " "])));
    let number = 0;
    let row = null;
    const flush = () => { if (row) items.push(h("li", { value: row.number }, row.first != null ? entry(row.first, s.moves[row.first].label) : "\u2026", row.second != null ? [" ", entry(row.second, s.moves[row.second].label)] : null)); row = null; };
    for (; i < s.moves.length; i++) {
      const seat = s.moves[i].seat;
      if (seat === 0 || !row || row.second != null) {
        flush();
        row = { number: ++number, first: null, second: null };
      }
      if (seat === 0) row.first = i;
      else row.second = i;
    }
    flush();
  } else {
    for (let i = 0; i < s.moves.length; i++) {
      const m = s.moves[i];
      items.push(h("li", { class: m.seat == null ? "throw" : "" }, entry(i, (m.seat == null ? "" : s.seatNames[m.seat] + ": ") + m.label)));
    }
  }
  list.replaceChildren(...items);
  if (!view.replay) list.scrollTop = list.scrollHeight;
  $("#replay-note").textContent = view.replay ? ` move ${view.replay.ply} of ${s.moves.length}` : "";
  positionTexts(s);
  actions(s, mine);
  invites(s);
  dice(s);
  view.clockAt = performance.now();
  tickClocks();
}

function animateLast(s) {
  const last = s.board.last;
  if (!animations() || !last || !last.from || !last.to) return;
  const from = document.querySelector(`#board rect[data-sq="${last.from}"]`);
  const to = document.querySelector(`#board rect[data-sq="${last.to}"]`);
  const piece = document.querySelector(`#board g.piece[data-sq="${last.to}"]`);
  if (!from || !to || !piece || !piece.animate) return;
  const dx = from.x.baseVal.value - to.x.baseVal.value;
  const dy = from.y.baseVal.value - to.y.baseVal.value;
  piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }], { duration: 180, easing: "ease-out" });
}

// A short soft click (Web Audio), unless sounds are turned off.
function moveSound() {
  if (localStorage.getItem("ashta-sound") === "off") return;
  try {
    const ctx = moveSound.ctx || (moveSound.ctx = new AudioContext());
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 520;
    gain.gain.setValueAtTime(0.12, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.08);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.09);
  } catch (e) { /* no sound here */ }
}

// The clocks count down between the server's states (which carry the time left when sent).
function clockText(ms) {
  const t = Math.max(0, ms);
  const sec = Math.floor(t / 1000);
  const hms = [Math.floor(sec / 3600), Math.floor(sec / 60) % 60, sec % 60];
  const text = hms[0] ? `${hms[0]}:${String(hms[1]).padStart(2, "0")}:${String(hms[2]).padStart(2, "0")}` : `${hms[1]}:${String(hms[2]).padStart(2, "0")}`;
  return t < 10000 ? `${text}.${Math.floor((t % 1000) / 100)}` : text;
}

function tickClocks() {
  const s = view.state;
  if (!s || !s.clock) return;
  const running = s.outcome ? null : s.clock.running;
  for (const el of document.querySelectorAll(".clock[data-seat]")) {
    const i = parseInt(el.dataset.seat, 10);
    const c = s.clock.seats[i];
    const ms = c.ms - (i === running ? performance.now() - view.clockAt : 0);
    el.textContent = clockText(ms) + (c.byoyomi ? " (byoyomi)" : "");
    el.className = "clock" + (i === running ? " running" : "") + (ms < 10000 ? " low" : "");
  }
}
setInterval(tickClocks, 100);

// Shows the board after `ply` record entries (the game as it stands from the last on).
async function showPly(ply) {
  const s = view.state;
  if (!s) return;
  const n = Math.max(0, Math.min(ply, s.moves.length));
  // the ply asked for last wins (keys pressed faster than the answers come)
  view.wantPly = n;
  if (n === s.moves.length) {
    view.replay = null;
  } else {
    try {
      const p = await api("GET", `/api/games/${s.id}/position?ply=${n}`);
      if (view.wantPly !== n || view.state !== s) return;
      view.replay = { ply: p.ply, board: p.board, fen: p.fen, sfen: p.sfen };
    } catch (err) { say(err.message, true); return; }
  }
  view.selected = null;
  view.hand = null;
  render(view.state, true);
  const cur = $("#moves .current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function stepPly(by) {
  const s = view.state;
  if (!s) return;
  const at = view.wantPly != null ? view.wantPly : view.replay ? view.replay.ply : s.moves.length;
  showPly(at + by);
}

// The arrow keys go through the game, Home and End to its ends (not while typing).
document.addEventListener("keydown", (e) => {
  if (!location.pathname.startsWith("/game/") || /INPUT|TEXTAREA|SELECT/.test(document.activeElement?.tagName || "")) return;
  const step = { ArrowLeft: () => stepPly(-1), ArrowRight: () => stepPly(1), Home: () => showPly(0), End: () => showPly(Infinity) }[e.key];
  if (step) { e.preventDefault(); step(); }
  if (e.key === "Escape" && view.premove) { view.premove = null; say(""); drawGame(); }
});

// The position as text to copy (FEN, and SFEN for the shogi games), and a new game from it.
function positionTexts(s) {
  const chess = s.board.kind === "grid" && s.board.style !== "ahayuta" && s.board.style !== "shaturanga";
  $("#position").hidden = !chess;
  if (!chess) return;
  const row = (name, text) => {
    const field = h("input", { readonly: true, class: "postext", id: "pos-" + name.toLowerCase(), value: text, onfocus: (e) => e.target.select() });
    return h("div", { class: "small" }, name + " ", field, " ",
      h("button", { onclick: () => { field.select(); navigator.clipboard?.writeText(text).catch(() => {}); say(name + " copied"); } }, "Copy"));
  };
  const at = view.replay || s;
  const fen = at.fen;
  $("#position-texts").replaceChildren(row("FEN", fen), at.sfen ? row("SFEN", at.sfen) : "",
    h("a", { href: "/?" + new URLSearchParams({ game: s.setup.game, ruleset: s.setup.ruleset, start: fen }), onclick: link, id: "from-here" }, "a new game from this position"));
}

// A Shaturanga player's standing: stakes, rajah, commands.
function standing(s, i) {
  const p = s.board.players[i];
  const notes = [`stakes ${p.stakes >= 0 ? "+" : ""}${p.stakes}`];
  if (p.status !== "playing") notes.push(p.status);
  if (p.prisoner) notes.push("rajah captured");
  if (p.commander !== i) notes.push("army commanded by " + s.seatNames[p.commander]);
  if (p.shipController !== i) notes.push("boat commanded by " + s.seatNames[p.shipController]);
  return notes.join(", ");
}

// Where a player's Ashtapada pieces are: in hand, on the path, in the keep, borne off.
function pieceCounts(list) {
  const n = (at) => list.filter((p) => p.at === at).length;
  const parts = [["hand", "in hand"], ["path", "on the board"], ["keep", "home"], ["off", "borne off"]];
  return parts.filter(([at]) => n(at) > 0).map(([at, words]) => `${n(at)} ${words}`).join(", ");
}

function drawGame() {
  const s = view.state;
  if (s.board.kind === "ashtapada") return drawAshtapadaGame(s);
  view.onSquare = press;
  const marks = {};
  const moves = myMoves(s);
  // Shaturanga: the pieces the die names, for players and watchers alike
  if (s.board.style === "shaturanga" && s.board.die && !view.replay && !s.outcome) {
    for (const seat of s.toAct) for (const m of s.legal[seat] || []) if (m.from) marks[m.from] = "named";
  }
  if (view.premove && !view.replay) marks[view.premove.from] = marks[view.premove.to] = "premove";
  if (view.selected) {
    marks[view.selected] = "selected";
    for (const m of moves) if (m.from === view.selected) marks[m.to] = "target";
  }
  if (view.cursor && !view.replay) marks[view.cursor] = marks[view.cursor] ? marks[view.cursor] + " cursor" : "cursor";
  if (view.hand) for (const m of moves) if (m.drop && m.drop.toUpperCase() === view.hand.letter && m.seat === view.hand.seat) marks[m.to] = "target";
  AshtaBoard.drawBoard($("#board"), view.replay ? view.replay.board : s.board, {
    flipped: view.flipped, colours: s.seatColours, seatNames: s.seatNames, marks,
    showPath: view.pathSeat, selectedHand: view.hand,
    onPress: press, onHand: clickHand,
  });
  // moves that are not a piece going to a square: plans, passes, arrangements
  const specials = moves.filter((m) => m.special);
  $("#specials").replaceChildren(...(specials.length ? [h("div", { class: "small" }, "Other moves:")] : []),
    ...specials.map((m) => h("button", { class: "special", "data-move": m.text, onclick: () => send(m) }, m.label)));
}

// A press on a square: plays the selected piece's move there, or selects the piece to
// move; releasing the pointer on another square plays the move too (dragging).
function press(sq, e) {
  if (e) e.preventDefault();
  const ahead = premoveSeat(view.state);
  if (ahead != null) return pressPremove(sq, ahead);
  const moves = myMoves(view.state);
  const from = view.selected;
  const handSel = view.hand;
  const cands = moves.filter((m) => m.to === sq && ((from && m.from === from) || (handSel && m.drop && m.drop.toUpperCase() === handSel.letter && m.seat === handSel.seat)));
  if (cands.length === 1) return send(cands[0]);
  if (cands.length > 1) return choose(cands);
  view.hand = null;
  view.selected = moves.some((m) => m.from === sq) && sq !== from ? sq : null;
  drawGame();
  if (view.selected && e) {
    const svg = $("#board");
    // the piece follows the pointer while it is held down
    const piece = svg.querySelector(`g.pieces g.piece[data-sq="${sq}"]`);
    const at = (ev) => new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const start = at(e);
    const follow = (ev) => {
      if (!piece || !piece.isConnected || view.selected !== sq) return;
      const q = at(ev);
      piece.classList.add("dragging");
      piece.setAttribute("transform", `translate(${q.x - start.x} ${q.y - start.y})`);
    };
    window.addEventListener("pointermove", follow);
    const up = (ev) => {
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointermove", follow);
      if (piece) { piece.classList.remove("dragging"); piece.removeAttribute("transform"); }
      const target = document.elementFromPoint(ev.clientX, ev.clientY);
      const holder = target && target.closest && target.closest("[data-sq]");
      const to = holder && holder.getAttribute("data-sq");
      if (to && to !== sq && svg.contains(target) && view.selected === sq) press(to);
    };
    window.addEventListener("pointerup", up);
  }
}

function clickHand(seat, letter) {
  view.selected = null;
  const same = view.hand && view.hand.seat === seat && view.hand.letter === letter;
  view.hand = same ? null : { seat, letter };
  drawGame();
}

// Several moves share the squares: a promotion or a placement to choose.
// The choice between moves to the same square, in words: promote or not (the shogi
// games), which piece to promote to (named as the game names it), or else the moves.
function choiceWords(m, cands) {
  const p = m.promotion;
  const s = view.state;
  if (p === "+") return "Promote";
  if (p === "=" || (!p && cands.some((c) => c.promotion === "+"))) return "Do not promote";
  if (p && /^[a-z]$/i.test(p)) {
    const cell = ((s && s.board.cells) || []).find((c) => c.letter.toLowerCase() === p.toLowerCase());
    return "Promote to " + (cell ? cell.name + (cell.id && cell.id !== cell.name.toLowerCase() ? ` (${cell.id})` : "") : p.toUpperCase());
  }
  return "";
}

function choose(cands) {
  const box = h("div", { class: "choice", id: "choice" }, h("div", {}, "Choose:"),
    cands.map((m) => {
      const words = choiceWords(m, cands);
      return h("button", { "data-move": m.text, title: m.label, onclick: () => { box.remove(); send(m); } }, words ? `${words} \u2014 ${m.label}` : m.label);
    }),
    h("button", { onclick: () => box.remove() }, "cancel"));
  document.body.appendChild(box);
}

// A move typed on the keyboard: as the move list writes it (check marks optional) or as
// the rules read it (UCI, WXF, `yes`, ...), for the seat of this browser that is to act.
function typedMove(e) {
  if (e.key !== "Enter") return;
  const s = view.state;
  const text = e.target.value.trim();
  if (!s || !text) return;
  const seats = mySeats(s).filter((i) => s.toAct.includes(i));
  if (view.replay) { say("Go to the game now (End) to move", true); return; }
  if (!seats.length) { say(s.outcome ? "The game is over" : "It is not your move", true); return; }
  // typed while the last move is on its way: it goes once that one has landed
  if (view.sending) { view.typedLater = true; return; }
  const bare = (t) => t.replace(/[+#!?]+$/, "");
  const m = myMoves(s).find((x) => x.text === text || x.label === text || bare(x.label) === bare(text));
  e.target.value = "";
  send(m || { seat: seats[0], text });
}

// One move is sent at a time: a click made while the last one is on its way would be made
// on a board the answer is about to change.
async function send(m) {
  const s = view.state;
  if (view.sending) return;
  view.sending = true;
  const token = tokens(s.id)[m.seat];
  try {
    const next = await api("POST", `/api/games/${s.id}/move`, { seat: m.seat, token, move: m.text });
    view.sending = false;
    render(next);
    say("");
    const box = $("#move-input");
    if (view.typedLater && box) typedMove({ key: "Enter", target: box });
  } catch (e) { view.sending = false; say(e.message, true); view.selected = null; view.steps = []; drawGame(); }
  view.typedLater = false;
}

async function seatAction(path, seat, extra) {
  const s = view.state;
  try {
    const next = await api("POST", `/api/games/${s.id}/${path}`, Object.assign({ seat, token: tokens(s.id)[seat] }, extra || {}));
    render(next);
  } catch (e) { say(e.message, true); }
}

function actions(s, mine) {
  const box = $("#actions");
  const btns = [h("button", { id: "flip", onclick: () => { view.flipped = !view.flipped; drawGame(); } }, "Flip board")];
  const over = !!s.outcome;
  const acting = mine.find((i) => s.toAct.includes(i));
  const me = acting != null ? acting : mine[0];
  if (!over && me != null) {
    const humans = s.seats.filter((x) => x.kind === "human").length;
    if (humans === 1) btns.push(h("button", { id: "undo", onclick: () => seatAction("undo", me) }, "Take back"));
    if (humans === 2 && s.seats.length === 2) {
      // between people a take-back is asked for and agreed (at once when one screen holds
      // both seats)
      const other = 1 - me;
      const mover = s.moves.length ? s.moves[s.moves.length - 1].seat : null;
      if (s.takebackOffer === other && mine.includes(me)) {
        btns.push(h("button", { id: "accept-takeback", onclick: () => seatAction("undo", me, { action: "accept" }) }, "Accept take-back"));
        btns.push(h("button", { onclick: () => seatAction("undo", me, { action: "decline" }) }, "Decline take-back"));
      } else if (mine.length === 2 && mover != null) {
        btns.push(h("button", { id: "undo", onclick: async () => {
          await seatAction("undo", mover, { action: "offer" });
          await seatAction("undo", 1 - mover, { action: "accept" });
        } }, "Take back"));
      } else if (s.takebackOffer !== me) {
        btns.push(h("button", { id: "ask-takeback", onclick: () => seatAction("undo", me, { action: "offer" }) }, "Ask to take back"));
      }
    }
    btns.push(h("button", { id: "resign", onclick: () => { if (confirm("Resign?")) seatAction("resign", me); } }, "Resign"));
    if (s.seats.length === 2) {
      const other = 1 - me;
      if (s.drawOffer === other && mine.includes(me)) {
        btns.push(h("button", { id: "accept-draw", onclick: () => seatAction("draw", me, { action: "accept" }) }, "Accept draw"));
        btns.push(h("button", { onclick: () => seatAction("draw", me, { action: "decline" }) }, "Decline draw"));
      } else if (s.drawOffer !== me) {
        btns.push(h("button", { id: "offer-draw", onclick: () => seatAction("draw", me, { action: "offer" }) }, "Offer draw"));
      }
    }
  }
  if (over && mine.length && s.seats.length === 2) {
    // the same game again, colours swapped: the same rules, start and clock
    btns.push(h("button", { id: "rematch", onclick: async () => {
      try {
        const made = await api("POST", "/api/games", {
          game: s.setup.game, ruleset: s.setup.ruleset, options: s.setup.options,
          seats: [s.seats[1], s.seats[0]].map((x) => ({ kind: x.kind, level: x.level || 3 })),
          ...(s.setup.start ? { start: s.setup.start } : {}),
          ...(s.clock ? { clock: s.clock.control } : {}),
        });
        for (const t of made.seats) if (t.token) saveToken(made.id, t.seat, t.token);
        go("/game/" + made.id);
      } catch (err) { say(err.message, true); }
    } }, "Rematch"));
  }
  btns.push(h("a", { class: "button", id: "export", href: `/api/games/${s.id}/record` }, s.board.kind === "grid" && s.board.style !== "ahayuta" && s.board.style !== "shaturanga" ? "Export PGN" : "Export record"));
  if (s.board.kind === "grid" && s.board.style !== "ahayuta" && s.board.style !== "shaturanga") {
    btns.push(h("a", { class: "button", href: `/api/games/${s.id}/record?format=ashta` }, "Export Ashta record"));
  }
  if (s.setup.game === "xiangqi") {
    btns.push(h("a", { class: "button", id: "export-wxf", href: `/api/games/${s.id}/record?format=wxf` }, "Export PGN (WXF)"));
    btns.push(h("a", { class: "button", id: "export-iccs", href: `/api/games/${s.id}/record?format=iccs` }, "Export PGN (ICCS)"));
  }
  if (s.setup.game === "shogi") {
    btns.push(h("a", { class: "button", id: "export-csa", href: `/api/games/${s.id}/record?format=csa` }, "Export CSA"));
    btns.push(h("a", { class: "button", id: "export-kif", href: `/api/games/${s.id}/record?format=kif` }, "Export KIF"));
  }
  const anim = h("input", { type: "checkbox", id: "animate", checked: animations(), onchange: (e) => localStorage.setItem("ashta-animate", e.target.checked ? "on" : "off") });
  const sound = h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("ashta-sound") !== "off", onchange: (e) => localStorage.setItem("ashta-sound", e.target.checked ? "on" : "off") });
  box.replaceChildren(...btns, s.drawOffer != null && !over ? h("div", {}, s.seatNames[s.drawOffer] + " offers a draw") : "",
    s.takebackOffer != null && !over ? h("div", { id: "takeback-note" }, s.seatNames[s.takebackOffer] + " asks to take back a move") : "",
    h("label", { class: "small" }, anim, s.board.kind === "ashtapada" || s.board.style === "shaturanga" ? " animate moves and throws" : " animate moves"),
    h("label", { class: "small", style: "margin-left:1em" }, sound, " sound"));
}

let serverInfo = null;

// The address others use: the page's own, unless that is this computer's loopback and the
// server listens on the network too.
function shareBase() {
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
  if (local && serverInfo && serverInfo.networkUrl) return serverInfo.networkUrl.replace(/\/$/, "");
  return location.origin;
}

function invites(s) {
  const t = tokens(s.id);
  const base = shareBase();
  const links = Object.entries(t).filter(([seat]) => s.seats[seat] && s.seats[seat].kind === "human").map(([seat, token]) =>
    h("div", {}, s.seatNames[seat] + ": ", h("input", { readonly: true, class: "invite", value: `${base}/game/${s.id}?seat=${seat}&token=${token}` })));
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) && !(serverInfo && serverInfo.networkUrl);
  const people = s.seats.filter((x) => x.kind === "human").length;
  if (people < 2) {
    // against the computer there is no one to invite: one's own link, folded away
    $("#invites").replaceChildren(...(links.length ? [h("details", { id: "own-link" },
      h("summary", { class: "small" }, "Your seat's link (to play on from another device)"), ...links)] : []));
    return;
  }
  $("#invites").replaceChildren(...(links.length ? [h("h3", {}, "Invite links"),
    h("p", { class: "small" }, "Give each player the link of their seat; anyone may watch at " + base + "/game/" + s.id),
    local ? h("p", { class: "small" }, "This server listens on this computer only: start it with --addr 0.0.0.0:8080 for friends on your network.") : null] : []), ...links);
}

// The throws of the turn; new throws roll the shells briefly (unless turned off).
const DIE_NAMES = { 2: "the boat", 3: "the horse", 4: "the elephant", 5: "the rajah or a pawn" };

function dice(s) {
  const box = $("#dice");
  if (s.board.style === "shaturanga") {
    const fresh = s.moves.length > view.seenMoves;
    view.seenMoves = s.moves.length;
    const parts = [];
    if (s.board.die) parts.push(h("span", { id: "die", class: "die" }, `Die: ${s.board.die}`), ` \u2014 ${s.seatNames[s.toAct[0]]} moves ${DIE_NAMES[s.board.die]}`);
    if (s.board.question) parts.push(h("div", { class: "question" }, s.board.question));
    box.replaceChildren(...parts);
    if (fresh && animations() && s.board.die) {
      box.classList.add("rolling");
      setTimeout(() => box.classList.remove("rolling"), 600);
    }
    return;
  }
  if (s.board.kind !== "ashtapada") { box.replaceChildren(); return; }
  const fresh = s.moves.length > view.seenMoves && s.moves.slice(view.seenMoves).some((m) => m.seat == null);
  view.seenMoves = s.moves.length;
  const throws = s.board.throws || [];
  const shells = (n) => h("span", { class: "shells", title: n === 8 ? "no mouth up: 8" : n + " mouths up" },
    [0, 1, 2, 3].map((i) => h("span", { class: "shell" + (n !== 8 && i < n ? " up" : "") })), h("b", {}, String(n)));
  box.replaceChildren(h("span", { class: "small" }, "Throws this turn: "), ...throws.map(shells));
  if (fresh && animations() && throws.length) {
    box.classList.add("rolling");
    setTimeout(() => box.classList.remove("rolling"), 600);
  }
}

window.addEventListener("popstate", route);
document.addEventListener("DOMContentLoaded", () => {
  for (const a of document.querySelectorAll("nav a")) a.addEventListener("click", link);
  api("GET", "/api/info").then((i) => { serverInfo = i; }).catch(() => {});
  loadCatalog().catch(() => {}).finally(route);
});
