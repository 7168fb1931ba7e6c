// The board page of `konane serve`: draws the position /api/show gives, plays moves by
// clicking (a piece, then where it lands; a removal or a placement's first square, then its
// last), and asks the server for the engine's move (/api/engine), hints (/api/solve), values
// with their regions (/api/value), a judgement of the whole game (/api/analyse) and the
// moves of a pasted or loaded record (/api/record). Every answer comes from the server's
// JSON API; this file only draws, clicks and keeps the game's moves.
"use strict";

const state = {
  game: "konane", start: null, board: null, opening: null, first: "black", moves: [],
  show: null, legal: [], selected: null, hints: [], busy: false, regions: null,
  analysis: null, view: null, match: null, controller: null, playing: false, job: null,
};
const $ = (id) => document.getElementById(id);

// The request naming the game after `moves`: a position, or Konane's board and opening with
// the first remover as the side to move.
function params(moves) {
  const p = new URLSearchParams({ game: state.game });
  if (state.start) p.set("position", state.start);
  else {
    p.set("board", state.board);
    p.set("opening", state.opening);
    if (state.first === "white") p.set("to_move", "white");
  }
  if (moves.length) p.set("moves", moves.join(","));
  return p;
}

async function call(url, init) {
  state.controller = new AbortController();
  try {
    const reply = await fetch(url, { ...(init || {}), signal: state.controller.signal });
    const body = await reply.json();
    if (!reply.ok) throw new Error(body.error || `HTTP ${reply.status}`);
    return body;
  } finally {
    state.controller = null;
  }
}

function api(endpoint, extra, moves) {
  const p = params(moves || state.moves);
  for (const [k, v] of Object.entries(extra || {})) p.set(k, v);
  return call(`/api/${endpoint}?${p}`);
}

// A search as a server job: started, polled for progress (shown after `label`), and
// cancelled by Stop; its answer is what the endpoint itself gives.
async function job(verb, extra, moves, label) {
  const p = params(moves || state.moves);
  p.set("verb", verb);
  for (const [k, v] of Object.entries(extra || {})) p.set(k, v);
  const { job: id } = await call(`/api/start?${p}`);
  state.job = id;
  try {
    for (;;) {
      const j = await call(`/api/job?id=${id}`);
      if (j.state === "done" || j.state === "cancelled") {
        if (j.status !== 200) throw new Error(j.answer.error || `HTTP ${j.status}`);
        if (j.state === "cancelled") throw Object.assign(new Error("stopped"), { name: "AbortError" });
        return j.answer;
      }
      status(label + progressText(j.progress));
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    state.job = null;
  }
}

function progressText(p) {
  if (!p) return "";
  const parts = [];
  if (p.total) parts.push(`${p.done}/${p.total}`);
  if (p.nodes) parts.push(`${(p.nodes / 1e6).toFixed(1)} M nodes, ${(p.rate / 1e3).toFixed(0)} k/s`);
  parts.push(`${p.seconds.toFixed(1)} s`);
  if (p.eta_seconds !== null && p.eta_seconds !== undefined) parts.push(`about ${p.eta_seconds.toFixed(0)} s left`);
  return " " + parts.join(", ");
}

function status(text) { $("status").textContent = text || "\u00a0"; }

function fileName(c) {
  return c < 26 ? String.fromCharCode(97 + c)
                : String.fromCharCode(96 + Math.floor(c / 26)) + String.fromCharCode(97 + c % 26);
}
function squareName(row, col, rows) { return fileName(col) + (rows - row); }
function squaresOf(move) { return move.split(/[-x]/).filter((s) => s.length > 0); }

const SVG = "http://www.w3.org/2000/svg";
function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const REGION_COLOURS = ["#1e88e5", "#e53935", "#43a047", "#8e24aa", "#fb8c00", "#00897b",
                        "#6d4c41", "#c0ca33"];

// The board of `s`; `marked` squares (the last move, or a move being shown again) lit.
function draw(s, marked) {
  const cell = 56, margin = 24;
  const svg = el("svg", { viewBox: `0 0 ${2 * margin + s.cols * cell} ${2 * margin + s.rows * cell}`,
                          width: 2 * margin + s.cols * cell, height: 2 * margin + s.rows * cell,
                          role: "img", "aria-label": "board" });
  const lit = marked || (s.moves_played.length ? squaresOf(s.moves_played[s.moves_played.length - 1]) : []);
  const targets = new Set();
  if (state.selected && state.view === null)
    for (const m of state.legal) {
      const sq = squaresOf(m);
      if (sq[0] === state.selected && sq.length > 1) targets.add(sq[sq.length - 1]);
    }
  const tint = new Map();
  if (state.regions && state.view === null)
    state.regions.forEach((r, i) => r.squares.forEach((sq) => tint.set(sq, REGION_COLOURS[i % REGION_COLOURS.length])));
  s.board.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const name = squareName(r, c, s.rows), x = margin + c * cell, y = margin + r * cell;
      const dark = (r + c) % 2 === (s.rows % 2 === 0 ? 1 : 0);
      const sq = el("rect", { x, y, width: cell, height: cell, "data-square": name,
                              class: "square" + (name === state.selected ? " selected" : ""),
                              fill: lit.includes(name) ? "#f2d27a" : dark ? "#b58863" : "#f0d9b5" }, svg);
      sq.addEventListener("click", () => clicked(name));
      if (tint.has(name)) el("rect", { x, y, width: cell, height: cell, fill: tint.get(name), opacity: 0.3,
                                       class: "region", "pointer-events": "none" }, svg);
      if (ch === "#") el("rect", { x: x + 4, y: y + 4, width: cell - 8, height: cell - 8, fill: "#555",
                                   "pointer-events": "none" }, svg);
      if ("xXoO".includes(ch)) {
        el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.38, class: "stone",
                       fill: "xX".includes(ch) ? "#111" : "#fafafa", stroke: "#333",
                       "data-stone": name, "pointer-events": "none" }, svg);
        if ("XO".includes(ch)) el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.16,
                                              fill: "none", stroke: "#c9a227", "stroke-width": 3,
                                              "pointer-events": "none" }, svg);
      }
      if (targets.has(name)) el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.14, class: "target" }, svg);
      if (state.hints.includes(name)) el("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, class: "hint" }, svg);
    });
  });
  for (let c = 0; c < s.cols; ++c)
    el("text", { x: margin + c * cell + cell / 2, y: margin + s.rows * cell + 16, "text-anchor": "middle",
                 "font-size": 13 }, svg).textContent = fileName(c);
  for (let r = 0; r < s.rows; ++r)
    el("text", { x: margin / 2, y: margin + r * cell + cell / 2 + 5, "text-anchor": "middle",
                 "font-size": 13 }, svg).textContent = String(s.rows - r);
  $("board-view").replaceChildren(svg);
}

function recordText() {
  const lines = [`# game: ${state.game}`];
  if (!state.start) {
    lines.push(`# board: ${state.board}`, `# opening: ${state.opening}`);
    if (state.first === "white") lines.push("# first: white");
  } else if (state.start !== "start") lines.push(`# position: ${state.start}`);
  if (state.show && state.show.game_over)
    lines.push(`# result: ${state.show.winner || "draw"}`);
  for (let i = 0; i < state.moves.length; i += 10) lines.push(state.moves.slice(i, i + 10).join(" "));
  return lines.join("\n") + "\n";
}

// What the analysis says of ply i, when it judged this game's moves.
function judged(i) {
  const a = state.analysis;
  return a && a.moves[i] && a.moves[i].move === state.moves[i] ? a.moves[i] : null;
}

function listMoves() {
  $("moves").replaceChildren(...state.moves.map((m, i) => {
    const li = document.createElement("li");
    const j = judged(i);
    li.textContent = m;
    if (j) {
      li.textContent += j.mistake ? ` \u2014 mistake (${j.before} \u2192 ${j.after}); better: ${j.better.join(" ")}`
                                  : j.settled ? ` \u2014 ${j.before === "loss" ? "lost anyway" : "kept the " + j.before}` : " \u2014 not settled";
      if (j.mistake) li.classList.add("mistake");
    }
    if (state.view === i) li.classList.add("viewing");
    li.addEventListener("click", () => viewPly(i));
    return li;
  }));
  $("record").value = recordText();
}

async function refresh() {
  state.show = await api("show");
  state.legal = state.show.game_over ? [] : (await api("moves")).moves;
  state.selected = null;
  state.view = null;
  $("turn").textContent = state.show.turn;
  draw(state.show);
  listMoves();
  showMatch();
}

async function play(move) {
  state.moves.push(move);
  state.hints = [];
  state.regions = null;
  state.playing = true;
  try {
    await refresh();
  } catch (e) {
    state.moves.pop();
    status(e.message);
    return;
  } finally {
    state.playing = false;
  }
  status("");
  if (state.show.game_over) return gameOver();
  if ($("auto").checked && state.show.to_move === $("engine-side").value) await engineMove();
}

async function clicked(name) {
  if (state.busy || !state.show || state.show.game_over || state.view !== null) return;
  const whole = state.legal.filter((m) => squaresOf(m).length === 1 && m === name);
  if (whole.length && !state.selected) return play(whole[0]);  // a removal: one click
  if (state.selected) {
    const chosen = state.legal.filter((m) => {
      const sq = squaresOf(m);
      return sq[0] === state.selected && sq[sq.length - 1] === name;
    });
    if (chosen.length) return play(chosen.sort((a, b) => b.length - a.length)[0]);
  }
  const starts = state.legal.some((m) => squaresOf(m)[0] === name && squaresOf(m).length > 1);
  state.selected = starts && state.selected !== name ? name : null;
  draw(state.show);
}

async function busy(label, work) {
  if (state.busy) return;
  state.busy = true;
  status(label);
  $("stop").disabled = false;
  try { await work(); } catch (e) { status(e.name === "AbortError" ? "stopped" : e.message); }
  finally { state.busy = false; $("stop").disabled = true; }
}

function think() { return { timeout: $("think").value }; }

async function engineMove() {
  if (state.view !== null) await back();
  await busy("thinking\u2026", async () => {
    const chosen = await job("engine", { ...think(), strength: $("strength").value }, null, "thinking\u2026");
    if (!chosen.move) throw new Error("no move to play");
    state.busy = false;
    await play(chosen.move);
    if (!state.busy && !(state.show && state.show.game_over)) status(`engine: ${chosen.how}`);
  });
}

async function hint() {
  await busy("looking\u2026", async () => {
    const solved = await job("solve", think(), viewedMoves(), "looking\u2026");
    const best = solved.winning_moves || solved.best_moves || [];
    state.hints = best.map((m) => squaresOf(m)[0]);
    drawCurrent();
    const who = solved.winner || solved.result;
    const how = solved.complete === false ? " (search stopped: not proved)" : "";
    // The distance: the principal variation's length, both sides playing their best.
    const far = solved.pv && solved.pv.length ? `; ${who} wins in ${solved.pv.length} plies` : "";
    status(best.length ? `winning moves: ${best.join(" ")}${far}${how}`
                       : `no winning move (${who})${far}${how}`);
  });
}

async function value() {
  await busy("valuing\u2026", async () => {
    const v = await job("value", think(), viewedMoves(), "valuing\u2026");
    state.regions = v.regions;
    drawCurrent();
    $("regions").replaceChildren(...v.regions.map((r, i) => {
      const li = document.createElement("li");
      li.style.borderLeft = `1em solid ${REGION_COLOURS[i % REGION_COLOURS.length]}`;
      li.textContent = ` ${r.value || "?"} (${r.squares.length} squares)`;
      return li;
    }));
    status(`value ${v.value}` + (v.complete === false ? " (not every region valued in time)" : ""));
  });
}

async function analyse() {
  if (!state.moves.length) return status("no moves to analyse");
  await busy("analysing\u2026", async () => {
    state.analysis = await job("analyse", think(), null, "analysing\u2026");
    listMoves();
    const a = state.analysis;
    status(`analysis: mistakes black ${a.mistakes.black}, white ${a.mistakes.white}` +
           (a.unsettled ? `; ${a.unsettled} not settled in time` : ""));
  });
}

// The moves up to the ply being viewed, or the whole game.
function viewedMoves() { return state.view === null ? state.moves : state.moves.slice(0, state.view); }
function drawCurrent() { draw(state.view === null ? state.show : state.viewShow); }

// The position before ply i, with the better moves (or the best) marked.
async function viewPly(i) {
  if (state.busy) return;
  await busy("", async () => {
    state.viewShow = await api("show", {}, state.moves.slice(0, i));
    state.view = i;
    $("turn").textContent = state.viewShow.turn;
    const j = judged(i);
    const marks = j ? (j.mistake ? j.better : j.best) : [];
    state.hints = marks.map((m) => squaresOf(m)[0]);
    draw(state.viewShow, squaresOf(state.moves[i]));
    listMoves();
    status(`before move ${i + 1} (${state.moves[i]})` +
           (j && j.mistake ? `: a mistake; better ${j.better.join(" ")}` : j && j.best.length ? `: best ${j.best.join(" ")}` : ""));
    $("back").hidden = false;
  });
}

async function back() {
  $("back").hidden = true;
  state.hints = [];
  await refresh();
  status("");
}

// Hanahou: the last move again, one landing at a time, from the position before it.
async function hanahou() {
  if (!state.moves.length) return;
  await busy("hanahou\u2026", async () => {
    const before = await api("show", {}, state.moves.slice(0, -1));
    const squares = squaresOf(state.moves[state.moves.length - 1]);
    for (let k = 1; k <= squares.length; ++k) {
      draw(before, squares.slice(0, k));
      await new Promise((done) => setTimeout(done, 450));
    }
    draw(state.show);
    status(`hanahou: ${state.moves[state.moves.length - 1]}`);
  });
}

async function undo() {
  if (state.busy || !state.moves.length) return;
  state.moves.pop();
  // Against the engine, take back its reply too, so that it is the player's turn again.
  if ($("auto").checked && state.moves.length && state.show &&
      state.show.to_move !== $("engine-side").value && !state.show.game_over) state.moves.pop();
  state.hints = [];
  state.regions = null;
  await refresh();
  status("");
}

async function start(setup) {
  const saved = { ...state, moves: state.moves.slice() };
  Object.assign(state, { start: null, board: null, opening: null, first: "black" }, setup,
                { hints: [], regions: null, analysis: null, view: null, selected: null });
  $("game").value = state.game;
  try {
    await refresh();
    status("");
    $("regions").replaceChildren();
    return true;
  } catch (e) {
    Object.assign(state, saved);
    status(e.message);
    return false;
  }
}

function newGame(position) {
  const game = $("game").value;
  state.match = null;
  if (position) return start({ game, start: position, moves: [] });
  if (game === "konane") return start({ game, board: $("board").value, opening: $("opening").value, moves: [] });
  if (game === "ringboard") return start({ game, start: "start", moves: [] });
  return start({ game, start: defaultGrid(game, $("board").value), moves: [] });
}

// Clobber starts from a full checkerboard, Domineering from an empty board.
function defaultGrid(game, size) {
  const [rows, cols] = size.split("x").map(Number);
  const row = (r) => [...Array(cols)].map((_, c) => game === "clobber" ? ((r + c) % 2 ? "o" : "x") : ".").join("");
  return [...Array(rows)].map((_, r) => row(r)).join("|");
}

// A record pasted into the box, or read from a file: its game, start and moves.
async function loadRecord(text) {
  await busy("reading the record\u2026", async () => {
    const r = await call("/api/record", { method: "POST", headers: { "Content-Type": "text/plain" }, body: text });
    const setup = { game: r.game, moves: r.moves, match: null };
    if (r.board) Object.assign(setup, { board: r.board, opening: r.opening || "standard", first: r.first || "black" });
    else setup.start = r.position || (r.game === "ringboard" ? "start" : null);
    if (!setup.board && !setup.start) throw new Error("the record names no board and no position");
    state.busy = false;
    if (await start(setup)) status(`record loaded: ${r.moves.length} moves`);
  });
}

function saveRecord() {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([recordText()], { type: "text/plain" }));
  link.download = `${state.game}-game.txt`;
  link.click();
  URL.revokeObjectURL(link.href);
}

async function copyRecord() {
  $("record").select();
  try { await navigator.clipboard.writeText(recordText()); status("record copied"); }
  catch (e) { document.execCommand("copy"); status("record copied"); }
}

// A Konane Players Association match: best of three, each keeping their colour; black
// removes first in the first game, white in the second, black again in the third.
async function startMatch() {
  const engine = $("engine-side").value;
  state.match = { you: engine === "white" ? "black" : "white", wins: { you: 0, engine: 0 }, game: 1, over: false };
  await matchGame();
}

async function matchGame() {
  const m = state.match;
  $("auto").checked = true;
  const ok = await start({ game: "konane", board: $("board").value, opening: $("opening").value,
                           first: m.game === 2 ? "white" : "black", moves: [], match: m });
  if (ok && state.show.to_move === $("engine-side").value) await engineMove();
}

function showMatch() {
  const m = state.match;
  $("match-status").textContent = m ? `Match: you ${m.wins.you} \u2013 engine ${m.wins.engine}` +
    (m.over ? " (over)" : `, game ${m.game} of 3`) : "";
  $("next-game").hidden = !(m && !m.over && state.show && state.show.game_over);
}

function gameOver() {
  const winner = state.show.winner;
  status(winner ? `${winner} wins` : "game over");
  const m = state.match;
  if (!m || m.over) return;
  if (winner === m.you) m.wins.you++; else if (winner) m.wins.engine++;
  if (m.wins.you === 2 || m.wins.engine === 2 || m.game === 3) m.over = true;
  showMatch();
  if (m.over) status(`${winner} wins; the match is ${m.wins.you > m.wins.engine ? "yours" : "the engine's"}`);
}

async function nextGame() {
  state.match.game++;
  await matchGame();
}

// Stop: the server's job is cancelled (its search stops at once), and any other request
// abandoned.
function stop() {
  if (state.job) fetch(`/api/cancel?id=${state.job}`);
  else if (state.controller) state.controller.abort();
}

async function init() {
  const { games } = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => new Option(g.title || g.name, g.name)));
  // Every board up to 8x8, rows first (a board and its turned image are the same game).
  const sizes = [];
  for (let r = 1; r <= 8; ++r) for (let c = r; c <= 8; ++c) sizes.push(`${r}x${c}`);
  $("board").replaceChildren(...sizes.map((s) => new Option(s, s, s === "6x6", s === "6x6")));
  const on = (id, f) => $(id).addEventListener("click", f);
  on("new", () => newGame(null));
  on("load", () => newGame($("position").value.trim() || null));
  on("engine", engineMove);
  on("hint", hint);
  on("value", value);
  on("analyse", analyse);
  on("hanahou", hanahou);
  on("undo", undo);
  on("back", back);
  on("stop", stop);
  on("match", startMatch);
  on("next-game", nextGame);
  on("load-record", () => loadRecord($("record").value));
  on("save-record", saveRecord);
  on("copy-record", copyRecord);
  $("open-record").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await loadRecord(await file.text());
    e.target.value = "";
  });
  await newGame(null);
}

init();
