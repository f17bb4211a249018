// Drives Ashta's web app in headless Chromium: the home page, a game of each board kind
// started from the form and played by clicking, the computer's replies, a finished game,
// the rules and archive pages. Screenshots of each board go to $SHOTS (target/screenshots).
//
// Usage: ASHTA_URL=http://127.0.0.1:8088 SHOTS=target/screenshots [ONLY=name] node run.mjs
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import assert from "node:assert/strict";

const BASE = process.env.ASHTA_URL || "http://127.0.0.1:8088";
const SHOTS = process.env.SHOTS || "screenshots";
mkdirSync(SHOTS, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
// every page error and refused request, with the check it happened in
const errors = [];
let current = "";
page.on("pageerror", (e) => errors.push(`${current}: ${e.message}`));
page.on("console", (m) => { if (m.type() === "error") errors.push(`${current}: ${m.text()}`); });
page.on("response", async (r) => {
  if (r.status() === 409) errors.push(`${current}: ${r.request().method()} ${r.url()} -> 409 ${await r.text().catch(() => "")}`);
});

let failures = 0;
async function check(name, fn) {
  // ONLY=text runs the checks whose names contain it
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  current = name;
  try {
    await fn();
    console.log("ok   " + name);
  } catch (e) {
    failures++;
    console.log("FAIL " + name + "\n     " + (e.stack || e).toString().split("\n").slice(0, 4).join("\n     "));
    await page.screenshot({ path: `${SHOTS}/failed-${name.replace(/\W+/g, "-")}.png` }).catch(() => {});
  }
}

async function api(path) {
  const r = await fetch(BASE + path);
  return r.json();
}

function gameId() {
  const m = page.url().match(/\/game\/(\d+)/);
  assert.ok(m, "on a game page: " + page.url());
  return parseInt(m[1], 10);
}

// Where a square of the board is; the board is redrawn after every change, so measure
// again while it is being replaced.
async function sqBox(sq) {
  let box = null;
  for (let i = 0; i < 40 && !box; i++) {
    box = await page.locator(`#board rect[data-sq="${sq}"]`).boundingBox().catch(() => null);
    if (!box) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(box, "square " + sq + " is drawn");
  return box;
}

// Clicks the centre of a square of the board (a real mouse click at its position).
async function clickSq(sq) {
  const box = await sqBox(sq);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// Waits until the game's record has at least n entries.
async function waitMoves(id, n, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await api(`/api/games/${id}`);
    if (s.moves.length >= n) return s;
    if (Date.now() > end) throw new Error(`game ${id}: ${s.moves.length} moves, waited for ${n}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Waits until the page shows at least n moves of its game (the server may have them first).
async function waitPageMoves(n) {
  await page.waitForFunction((k) => document.querySelector(`#moves span.mv[data-ply="${k}"]`), n);
}

// Waits until `seat` is to act (the computers and the dice may act first).
async function waitForSeat(id, seat, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await api(`/api/games/${id}`);
    if (s.toAct.includes(seat) || s.outcome || Date.now() > end) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Waits until the game's record has at most n entries (after a take-back).
async function waitMovesAtMost(id, n, ms = 10000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await api(`/api/games/${id}`);
    if (s.moves.length <= n) return s;
    if (Date.now() > end) throw new Error(`game ${id}: still ${s.moves.length} moves`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Starts a game from the home page's form: seats is a list of "human" or a level number.
async function startGame(game, seats, options = {}) {
  await page.goto(BASE + "/");
  await page.selectOption("#game", game);
  for (const [name, value] of Object.entries(options)) await page.selectOption(`select[name=opt-${name}]`, value);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    await page.selectOption(`select[name=seat-${i}]`, s === "human" ? "human" : "computer");
    if (s !== "human") await page.selectOption(`select[name=level-${i}]`, String(s));
  }
  await page.click("#start");
  await page.waitForURL(/\/game\/\d+/);
  await page.waitForSelector("#board .sq");
  return gameId();
}

// Plays the first legal move of the human seat by clicking its squares (and the choice of
// promotion or placement if asked), then waits for the computer's reply.
async function humanMoveThenReply(id, seat, pick) {
  const s = await api(`/api/games/${id}`);
  const legal = s.legal[seat];
  assert.ok(legal.length > 0, "the human has moves");
  const m = pick ? legal.find(pick) || legal[0] : legal.find((x) => x.from && x.to) || legal[0];
  const before = s.moves.length;
  if (m.special) {
    await page.click(`button.special[data-move="${m.text}"]`);
  } else {
    if (m.drop) await page.click(`#board [data-hand="${seat}:${m.drop.toUpperCase()}"]`);
    else await clickSq(m.from);
    await clickSq(m.to);
    if (await page.locator("#choice").count()) await page.click(`#choice button[data-move="${m.text}"]`);
  }
  const after = await waitMoves(id, before + 2);
  assert.equal(after.moves[before].text, m.text, "the clicked move was played");
  assert.notEqual(after.moves[before + 1].seat, seat, "the computer answered");
  // the page shows the reply (live over the WebSocket)
  await waitPageMoves(before + 2);
  return after;
}

await check("home page lists every game", async () => {
  await page.goto(BASE + "/");
  await page.waitForSelector(".card");
  assert.equal(await page.locator(".card").count(), 17);
  await page.screenshot({ path: `${SHOTS}/home.png`, fullPage: true });
});

for (const [game, shot] of [["asha", "chess-checkered"], ["makruk", "chess-plain"], ["xiangqi", "xiangqi"], ["janggi", "janggi"], ["shogi", "shogi"]]) {
  await check(`${game}: click a move, see the computer reply`, async () => {
    const id = await startGame(game, ["human", 1]);
    await humanMoveThenReply(id, 0);
    await humanMoveThenReply(id, 0);
    // against the computer: no invitations, one's own link folded away
    assert.equal(await page.locator("#invites h3").count(), 0);
    assert.equal(await page.locator("#own-link").count(), 1);
    await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  });
}

await check("drag a piece, take it back, flip the board", async () => {
  const id = await startGame("shatranj", ["human", 1]);
  const from = await sqBox("e2");
  const to = await sqBox("e3");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  // the held piece follows the pointer
  const held = await page.locator('#board g.piece.dragging[data-sq="e2"]').boundingBox();
  assert.ok(held && Math.abs(held.y + held.height / 2 - (to.y + to.height / 2)) < to.height / 2, "the dragged piece is under the pointer");
  await page.mouse.up();
  const s = await waitMoves(id, 2);
  assert.equal(s.moves[0].text, "e2e3");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length >= 1 && /e3/.test(document.querySelector("#moves").textContent));
  await page.waitForFunction(() => !/thinking/.test(document.querySelector("#status").textContent));
  await page.click("#undo");
  const back = await waitMovesAtMost(id, 0);
  assert.equal(back.moves.length, 0);
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 0);
  const before = await sqBox("a1");
  await page.click("#flip");
  const after = await sqBox("a1");
  assert.ok(after.y < before.y, "a1 moves to the top when flipped");
});

await check("shogi: promotion choice and a drop from hand", async () => {
  // 1. c3c4 g7g6 2. Bxh8 (promoting, chosen in the dialog) Sxh8 3. B@e5, all by clicking
  const id = await startGame("shogi", ["human", "human"]);
  const plies = [["c3", "c4"], ["g7", "g6"], ["b2", "h8", "b2h8+"], ["g9", "h8"]];
  for (let i = 0; i < plies.length; i++) {
    const [from, to, choice] = plies[i];
    await clickSq(from);
    await clickSq(to);
    if (choice) {
      await page.waitForSelector("#choice");
      // the choice in words, the move beside
      const words = await page.locator("#choice button[data-move]").allTextContents();
      assert.deepEqual(words.map((w) => w.split(" \u2014 ")[0]).sort(), ["Do not promote", "Promote"], words.join(" | "));
      await page.click(`#choice button[data-move="${choice}"]`);
    }
    await waitMoves(id, i + 1, 5000);
    // the page has drawn this move (the board redrawn) before the next click
    await waitPageMoves(i + 1);
  }
  await page.click('#board [data-hand="0:B"]');
  await clickSq("e5");
  const s = await waitMoves(id, 5, 5000);
  assert.equal(s.moves.map((m) => m.text).join(" "), "c3c4 g7g6 b2h8+ g9h8 B@e5");
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length >= 3);
  await page.screenshot({ path: `${SHOTS}/shogi-hands.png` });
});

await check("ahayuta: place men from hand", async () => {
  const id = await startGame("ahayuta", ["human", 1]);
  await humanMoveThenReply(id, 0, (m) => m.drop);
  await humanMoveThenReply(id, 0, (m) => m.drop);
  await page.screenshot({ path: `${SHOTS}/ahayuta.png` });
});

await check("ashtapada for four: plans by button, throws shown, paths on hover", async () => {
  const id = await startGame("ashtapada", ["human", 1, 1, 1], { players: "4" });
  // wait for the human's turn (the computers and the dice may act first)
  const s = await waitForSeat(id, 0);
  assert.ok(s.toAct.includes(0), "South gets a turn");
  await page.waitForSelector("button.special");
  const before = s.moves.length;
  await page.locator("button.special").first().click();
  await waitMoves(id, before + 1);
  await page.hover(".seatline >> nth=2");
  await page.waitForSelector("polyline.path");
  await page.waitForSelector("#dice .shells");
  await page.screenshot({ path: `${SHOTS}/ashtapada.png` });
});

// The board from the keyboard (arrows, Enter; a live region reads each square) and a
// premove made while the computer thinks, played as soon as the turn comes.
await check("keyboard moves on the focused board, and a premove", async () => {
  const id = await startGame("asha", ["human", 8]);
  await page.focus("#board");
  for (const k of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp"]) await page.keyboard.press(k);
  const live = await page.textContent("#board-live");
  assert.match(live, /^e2: /, "the live region reads the cursor's square: " + live);
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await waitMoves(id, 1);
  await page.waitForFunction(() => !document.title.includes("Your move"));
  // the computer (level 8) thinks for most of a second: premove d2-d4 meanwhile
  await clickSq("d2");
  await clickSq("d4");
  assert.equal(await page.locator("#board .mark.premove").count(), 2, "the premove is marked");
  const s = await waitMoves(id, 3);
  assert.equal(s.moves[0].text, "e2e4");
  assert.equal(s.moves[2].text, "d2d4", "the premove was played on the turn");
});

// Ashtapada by clicks (issue 23, item 4): each step of a plan made on the board, a piece
// and then where it lands; entering and bearing off by their buttons in words.
await check("ashtapada by clicks: a piece, then where it lands", async () => {
  const id = await startGame("ashtapada", ["human", 1]);
  let advances = 0;
  for (let turn = 0; turn < 40 && advances < 3; turn++) {
    const s = await waitForSeat(id, 0);
    if (s.outcome) break;
    const legal = s.legal[0];
    // the plan with the most steps, advances first
    const m = legal.slice().sort((a, b) => b.steps.filter((x) => x.kind === "advance").length - a.steps.filter((x) => x.kind === "advance").length || b.steps.length - a.steps.length)[0];
    const before = s.moves.length;
    if (!m.steps.length) {
      await page.click(`button.special[data-move="${m.text}"]`);
    } else {
      for (const st of m.steps) {
        const key = [st.kind, st.from, st.to, st.twins, st.throws.join("+")].join("|");
        if (st.kind === "advance") {
          await page.waitForSelector("#board .mark.named");
          await clickSq(st.from);
          await page.waitForSelector("#board circle.target");
          await clickSq(st.to);
          if (await page.locator("#choice").count()) await page.click(`#choice button[data-step="${key}"]`);
          advances++;
        } else await page.click(`button.step[data-step="${key}"]`);
      }
    }
    const after = await waitMoves(id, before + 1);
    const played = after.moves[before].text;
    assert.equal(played.split(", ").sort().join(", "), m.text.split(", ").sort().join(", "), "the clicked plan was played");
  }
  assert.ok(advances >= 1, "a piece was moved by clicks");
  await page.screenshot({ path: `${SHOTS}/ashtapada-clicks.png` });
});

await check("shaturanga: four armies, the die, a move by click", async () => {
  const id = await startGame("shaturanga", ["human", 1, 1, 1]);
  const s = await waitForSeat(id, 0);
  assert.ok(s.toAct.includes(0), "South gets a move");
  await page.waitForSelector("#die");
  const m = s.legal[0].find((x) => x.from && x.to) || s.legal[0];
  const before = s.moves.length;
  if (m.special) await page.click(`button.special[data-move="${m.text}"]`);
  else {
    await clickSq(m.from);
    await clickSq(m.to);
    if (await page.locator("#choice").count()) await page.click(`#choice button[data-move="${m.text}"]`);
  }
  const after = await waitMoves(id, before + 1);
  assert.equal(after.moves[before].text, m.text);
  assert.equal(after.moves[before].seat, 0);
  assert.equal((await page.locator("#board .throne").count()), 4);
  assert.match(await page.textContent("#seats"), /stakes/);
  await page.screenshot({ path: `${SHOTS}/shaturanga.png` });
});

await check("a finished game: fool's mate between two people", async () => {
  const id = await startGame("asha", ["human", "human"]);
  const plies = [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]];
  for (let i = 0; i < plies.length; i++) {
    await clickSq(plies[i][0]);
    await clickSq(plies[i][1]);
    await waitMoves(id, i + 1, 5000);
    // the page has drawn this move (the board redrawn) before the next click
    await waitPageMoves(i + 1);
  }
  await page.waitForSelector("#status.over");
  const status = await page.textContent("#status");
  assert.match(status, /Black wins/);
  assert.match(status, /checkmate/);
  assert.match(await page.title(), /^Over/);
  assert.equal(await page.textContent("#invites h3"), "Invite links");
  const s = await api(`/api/games/${id}`);
  assert.equal(s.moves.map((m) => m.label).join(" "), "f3 e5 g4 Qh4#");
  await page.screenshot({ path: `${SHOTS}/finished.png` });
  // going back through it: the move list, the buttons and the arrow keys
  const pieceOn = (sq) => page.locator(`#board g.piece[data-sq="${sq}"]`).count();
  assert.equal(await pieceOn("h4"), 1);
  await page.click('#moves .mv[data-ply="2"]');
  await page.waitForFunction(() => /move 2 of 4/.test(document.querySelector("#replay-note").textContent));
  assert.equal(await pieceOn("h4"), 0, "the queen is home after move 2");
  assert.equal(await pieceOn("e5"), 1);
  await page.click("#replay-first");
  await page.waitForFunction(() => /move 0 of 4/.test(document.querySelector("#replay-note").textContent));
  assert.equal(await pieceOn("f3"), 0);
  assert.equal(await pieceOn("f2"), 1);
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /move 1 of 4/.test(document.querySelector("#replay-note").textContent));
  assert.equal(await pieceOn("f3"), 1);
  await page.click("#replay-next");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /move 3 of 4/.test(document.querySelector("#replay-note").textContent));
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.querySelector("#replay-note").textContent === "");
  assert.equal(await pieceOn("h4"), 1);
});

await check("senterej: the simultaneous Werera between two people", async () => {
  // either side moves at any time until the first capture: Black twice, then White
  const id = await startGame("senterej", ["human", "human"]);
  const plies = [["e7", "e6"], ["d7", "d6"], ["e2", "e3"]];
  for (let i = 0; i < plies.length; i++) {
    await clickSq(plies[i][0]);
    await clickSq(plies[i][1]);
    await waitMoves(id, i + 1, 5000);
    // the page has redrawn the board with the move before the next click
    await page.waitForFunction((sq) => document.querySelector(`#board g.piece[data-sq="${sq}"]`), plies[i][1]);
  }
  const s = await api(`/api/games/${id}`);
  assert.deepEqual(s.moves.map((m) => m.seat), [1, 1, 0]);
  assert.deepEqual(s.toAct, [0, 1]);
  await page.waitForFunction(() => /White or Black to move/.test(document.querySelector("#status").textContent));
  // numbered by who moved: Black's two moves on lines of their own, then White's
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 3);
  const lines = await page.locator("#moves li").allTextContents();
  assert.deepEqual(lines.map((l) => l.replace(/\s+/g, " ").trim()), ["\u2026 e6", "\u2026 d6", "e3"]);
});

await check("sittuyin: the placements as a set-up line, the moves numbered from 1", async () => {
  const st = await fetch(BASE + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "sittuyin", seats: [{ kind: "human" }, { kind: "human" }] }) }).then((r) => r.json());
  const id = st.id;
  // place every piece (the first legal move of the seat to act), then one move each
  for (let n = 0; n < 40; n++) {
    const s = await api(`/api/games/${id}`);
    const seat = s.toAct[0];
    const setupLeft = s.legal[seat].some((m) => /@/.test(m.text));
    if (!setupLeft && s.moves.some((m) => !/@/.test(m.text)) && s.moves.filter((m) => !/@/.test(m.text)).length >= 2) break;
    const m = s.legal[seat][0].text;
    await fetch(`${BASE}/api/games/${id}/move`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat, token: st.seats[seat].token, move: m }) });
  }
  await page.goto(`${BASE}/game/${id}`);
  await page.waitForSelector("#moves li.setup");
  const lines = await page.locator("#moves li").allTextContents();
  assert.match(lines[0], /^Setup: /);
  assert.equal(lines.length, 2, lines.join(" | "));
  assert.equal(await page.getAttribute("#moves li:nth-child(2)", "value"), "1");
});

await check("a clocked game: the clocks count down and a fallen flag loses", async () => {
  await page.goto(BASE + "/");
  await page.selectOption("#game", "makruk");
  await page.selectOption("select[name=seat-0]", "human");
  await page.selectOption("select[name=seat-1]", "human");
  await page.selectOption("#clock", "custom");
  await page.fill("input[name=clock-minutes]", "0.05");
  await page.fill("input[name=clock-increment]", "0");
  await page.click("#start");
  await page.waitForURL(/\/game\/\d+/);
  await page.waitForSelector("#board .sq");
  const id = gameId();
  assert.equal(await page.locator(".clock").count(), 2, "a clock beside each seat");
  assert.match(await page.locator(".clock").first().textContent(), /0:03/);
  // White's first move starts Black's clock, which runs out with nobody moving
  await clickSq("e3");
  await clickSq("e4");
  await page.waitForSelector(".clock.running");
  await page.waitForSelector("#status.over", { timeout: 8000 });
  assert.match(await page.textContent("#status"), /Black lost on time/);
  const s = await api(`/api/games/${id}`);
  assert.equal(s.outcome.reason, "Black lost on time");
  await page.screenshot({ path: `${SHOTS}/clock-lost-on-time.png` });
  // a rematch: the same game and clock, a new game page
  await page.click("#rematch");
  await page.waitForURL((u) => /\/game\/\d+/.test(u.pathname) && !u.pathname.endsWith("/" + id));
  await page.waitForSelector("#board .sq");
  const again = await api(`/api/games/${gameId()}`);
  assert.equal(again.setup.game, "makruk");
  assert.equal(again.clock.control.initial, 3);
  assert.equal(again.moves.length, 0);
  assert.equal(await page.locator("#resign").count(), 1, "this browser holds the seats");
});

await check("an illegal click is refused with a message, not a move", async () => {
  const id = await startGame("shatranj", ["human", "human"]);
  await clickSq("e2");
  await clickSq("e4"); // no double step in Shatranj: not offered, nothing is sent
  const s = await api(`/api/games/${id}`);
  assert.equal(s.moves.length, 0);
  // a move sent by hand that is not legal is answered with the reason
  const r = await page.evaluate(async (gid) => {
    const t = JSON.parse(localStorage.getItem("ashta-tokens-" + gid));
    const res = await fetch(`/api/games/${gid}/move`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: 0, token: t[0], move: "e2e4" }) });
    return [res.status, (await res.json()).error];
  }, id);
  assert.equal(r[0], 422);
  assert.match(r[1], /not legal/);
});

await check("rules page with the start diagram", async () => {
  await page.goto(BASE + "/rules/xiangqi");
  await page.waitForSelector("svg.diagram .piece");
  assert.match(await page.textContent(".rules"), /river/);
  await page.screenshot({ path: `${SHOTS}/rules-xiangqi.png`, fullPage: true });
  await page.goto(BASE + "/rules/ahayuta");
  await page.waitForSelector("svg.diagram .void");
});

await check("archive lists the games and filters them", async () => {
  await page.goto(BASE + "/archive?status=finished");
  await page.waitForSelector("table.archive");
  const rows = await page.locator("table.archive tr").count();
  assert.ok(rows >= 2, "the finished game is listed");
  assert.match(await page.textContent("table.archive"), /checkmate/);
  await page.screenshot({ path: `${SHOTS}/archive.png`, fullPage: true });
});

await check("the form speaks of rules and options in words", async () => {
  await page.goto(BASE + "/");
  await page.selectOption("#game", "senterej");
  const werera = await page.locator("select[name=opt-werera] option").allTextContents();
  assert.ok(werera.includes("ten moves each"), werera.join(" | "));
  await page.selectOption("#game", "makruk");
  const rulesets = await page.locator("#ruleset option").allTextContents();
  assert.deepEqual(rulesets, ["Ashta's reading of the sources", "as Fairy-Stockfish and pychess play it"]);
});

await check("shogi position as FEN and SFEN, and a new game from it", async () => {
  const id = await startGame("shogi", ["human", "human"]);
  assert.match(await page.title(), /^\u25CF Your move/);
  await page.click("#position summary");
  const sfen = await page.inputValue("#pos-sfen");
  assert.match(sfen, /^lnsgkgsnl\/1r5b1\/ppppppppp\/9\/9\/9\/PPPPPPPPP\/1B5R1\/LNSGKGSNL b - 1$/);
  const st = await api(`/api/games/${id}`);
  assert.equal(await page.inputValue("#pos-fen"), st.fen);
  // a set-up start from the form: the shogi position after one move, pasted as SFEN
  await page.click("#from-here");
  await page.waitForSelector("#start-fen");
  assert.equal(await page.inputValue("#start-fen"), st.fen);
  await page.fill("#start-fen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  await page.selectOption("select[name=seat-1]", "human");
  await page.click("#start");
  await page.waitForURL(/\/game\/\d+/);
  const made = await api(`/api/games/${gameId()}`);
  assert.ok(made.setup.start, JSON.stringify(made.setup));
  assert.deepEqual(made.toAct, [1], "the upper side to move");
});

await check("a bad game address, a wrong invite link, a lost connection: each said", async () => {
  await page.goto(BASE + "/game/999999");
  await page.waitForSelector("#no-game");
  assert.match(await page.textContent("#no-game"), /no such game|not found|999999/i);
  const st = await fetch(BASE + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "makruk", seats: [{ kind: "human" }, { kind: "human" }] }) }).then((r) => r.json());
  await page.evaluate((id) => localStorage.removeItem("ashta-tokens-" + id), st.id);
  await page.goto(`${BASE}/game/${st.id}?seat=0&token=not-the-token`);
  await page.waitForFunction(() => /does not open a seat/.test(document.querySelector("#message").textContent));
  assert.equal(await page.locator("#resign").count(), 0, "no seat controls for a wrong link");
  const kept = await page.evaluate((id) => localStorage.getItem("ashta-tokens-" + id), st.id);
  assert.ok(!kept || !kept.includes("not-the-token"), "the wrong token is not kept");
  // the page's connection drops: it says so and comes back
  await page.evaluate(() => window.ashtaSocket.close());
  await page.waitForFunction(() => /reconnecting/.test(document.querySelector("#message").textContent));
  await page.waitForFunction(() => /Connected again/.test(document.querySelector("#message").textContent));
});

await check("archive imports files: a Shift_JIS KIF and a PGN of two games", async () => {
  await page.goto(BASE + "/archive");
  await page.waitForSelector("#import-files");
  const kif = readFileSync(new URL("../../crates/rules/tests/fixtures/kif/game6.kif", import.meta.url));
  const pgn = "[Variant \"makruk\"]\n\n1. e4 e5 *\n\n[Variant \"xiangqi\"]\n\n1. Ch5 Qx9 *\n";
  await page.setInputFiles("#import-files", [
    { name: "game.kif", mimeType: "text/plain", buffer: kif },
    { name: "two.pgn", mimeType: "text/plain", buffer: Buffer.from(pgn) },
  ]);
  await page.click("#import");
  await page.waitForSelector("#import-results li");
  const items = await page.locator("#import-results li").allTextContents();
  assert.equal(items.length, 3, items.join(" | "));
  assert.match(items[0], /game\.kif.*imported as #\d+/);
  assert.match(items[1], /two\.pgn, game 1: imported as #\d+/);
  assert.match(items[2], /two\.pgn, game 2: not imported: .*Qx9/);
  // the list shows the new games without a reload
  const newest = items[1].match(/#(\d+)/)[1];
  await page.waitForSelector(`#archive-table a[href="/game/${newest}"]`);
  await page.screenshot({ path: `${SHOTS}/import.png`, fullPage: true });
});

await check("at 1280x800 Janggi's arrangements and the whole shogi board with its hands are in view", async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  try {
    await startGame("janggi", ["human", 1]);
    const button = await page.locator("button.special").first().boundingBox();
    assert.ok(button && button.y + button.height <= 800, "arrangement buttons above the fold: " + JSON.stringify(button));
    await page.screenshot({ path: `${SHOTS}/janggi-1280x800.png` });
    await startGame("shogi", ["human", 1]);
    const board = await page.locator("#board").boundingBox();
    assert.ok(board.y + board.height <= 800, "board and hands above the fold: " + JSON.stringify(board));
    await page.screenshot({ path: `${SHOTS}/shogi-1280x800.png` });
  } finally {
    await page.setViewportSize({ width: 1200, height: 900 });
  }
});

await check("on a phone (390x844) the status is above the board and nothing runs off the screen", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await startGame("makruk", ["human", 1]);
    const status = await page.locator("#status").boundingBox();
    const board = await page.locator("#board").boundingBox();
    assert.ok(status.y < board.y, "status above the board");
    assert.ok(board.x + board.width <= 390, "board within the width");
    await page.screenshot({ path: `${SHOTS}/phone-makruk.png` });
    await page.goto(BASE + "/archive");
    await page.waitForSelector("#archive-table");
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "the archive scrolls inside its table");
  } finally {
    await page.setViewportSize({ width: 1200, height: 900 });
  }
});

await check("moves typed on the keyboard, in SAN or as the rules read them", async () => {
  const id = await startGame("asha", ["human", "human"]);
  await page.fill("#move-input", "e4");
  await page.press("#move-input", "Enter");
  await waitMoves(id, 1, 5000);
  await waitPageMoves(1);
  await page.fill("#move-input", "c7c5");
  await page.press("#move-input", "Enter");
  await waitMoves(id, 2, 5000);
  await waitPageMoves(2);
  await page.fill("#move-input", "Nf3+");
  await page.press("#move-input", "Enter");
  const s = await waitMoves(id, 3, 5000);
  assert.equal(s.moves.map((m) => m.label).join(" "), "e4 c5 Nf3");
  await waitPageMoves(3);
  await page.fill("#move-input", "Qx9");
  await page.press("#move-input", "Enter");
  await page.waitForFunction(() => document.querySelector("#message").className === "bad");
  assert.equal((await api(`/api/games/${id}`)).moves.length, 3, "a bad move is refused");
  // a move typed while the last is on its way follows it
  const quick = await startGame("asha", ["human", "human"]);
  for (const mv of ["d4", "d5"]) {
    await page.fill("#move-input", mv);
    await page.press("#move-input", "Enter");
  }
  const q = await waitMoves(quick, 2, 5000);
  assert.equal(q.moves.map((m) => m.label).join(" "), "d4 d5");
});

await check("pieces drawn as they move: Janggi's octagons, Makruk's met and khon by letter, Shaturanga's boat and the pieces its die names", async () => {
  await startGame("janggi", ["human", "human"]);
  assert.equal(await page.locator("#board g.piece polygon").count(), 28, "octagons: 24 on the board, 4 in hand");
  await startGame("makruk", ["human", "human"]);
  const letters = await page.locator("#board g.piece text.letter").allTextContents();
  assert.deepEqual([...new Set(letters)].sort(), ["M", "S"], letters.join(""));
  const sid = await startGame("shaturanga", ["human", "human", "human", "human"]);
  assert.equal(await page.locator("#board g.piece path").count(), 8, "four boats, a hull and a sail each");
  const st = await waitForSeat(sid, 0, 1);
  if (st.board.die && st.toAct.length) {
    await page.waitForSelector("#board .mark.named", { state: "attached" });
  }
});

await check("the computer's thinking is shown while it thinks", async () => {
  const id = await startGame("asha", ["human", 8]);
  await clickSq("e2");
  await clickSq("e4");
  await page.waitForSelector(".seatline .thinking", { timeout: 3000 });
  await waitMoves(id, 2, 10000);
  await page.waitForSelector(".seatline .thinking", { state: "detached", timeout: 3000 });
});

await check("two people at one screen take a move back", async () => {
  const id = await startGame("makruk", ["human", "human"]);
  await clickSq("e3");
  await clickSq("e4");
  await waitMoves(id, 1, 5000);
  await page.waitForSelector("#undo");
  await page.click("#undo");
  const s = await waitMovesAtMost(id, 0);
  assert.deepEqual(s.toAct, [0]);
});

await check("dark mode follows the system's colour scheme", async () => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(BASE + "/");
  await page.waitForSelector(".card");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, "rgb(28, 25, 21)");
  await page.screenshot({ path: `${SHOTS}/dark-home.png` });
  await page.emulateMedia({ colorScheme: "light" });
});

await check("every game's page at 1280x800 and 390x844, a screenshot each", async () => {
  const catalog = await api("/api/catalog");
  const games = catalog.games || catalog;
  try {
    for (const [w, hgt] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width: w, height: hgt });
      for (const g of games) {
        const seats = Array.from({ length: g.seatNames.length }, () => ({ kind: "human" }));
        const made = await fetch(BASE + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ game: g.id, seats }) }).then((r) => r.json());
        assert.ok(made.id, g.id + ": " + JSON.stringify(made));
        await page.goto(`${BASE}/game/${made.id}`);
        await page.waitForSelector("#board > *");
        await page.screenshot({ path: `${SHOTS}/game-${g.id}-${w}x${hgt}.png` });
      }
    }
  } finally {
    await page.setViewportSize({ width: 1200, height: 900 });
  }
});

if (process.env.LAB_REPORT) {
  await check("the lab's report opens with its charts drawn", async () => {
    await page.goto("file://" + process.env.LAB_REPORT);
    await page.waitForSelector("svg#results rect.bar", { state: "attached" });
    assert.ok(await page.locator("svg#results rect.bar").count() >= 6, "bars for two readings");
    assert.ok(await page.locator("svg#curves polyline.curve").count() >= 4, "evaluation curves for two readings");
    assert.match(await page.textContent("h1"), /tabiya/);
    await page.screenshot({ path: `${SHOTS}/lab-report.png`, fullPage: true });
  });
}

await browser.close();
// the refused move, the missing game and the wrong invite token above log their 422, 404
// and 403
const unexpected = errors.filter((e) => !/status of (422|404|403)/.test(e));
if (unexpected.length) {
  console.log("page errors:\n  " + unexpected.join("\n  "));
  failures++;
}
console.log(failures ? `${failures} browser check(s) failed` : "all browser checks passed");
process.exit(failures ? 1 : 0);
