// The board page of `konane serve`: draws the position /api/show gives, plays moves by
// clicking (a piece, then where it lands; a removal or a placement's first square, then its
// last), and asks /api/solve and /api/value for the engine's move, hints and values. Every
// answer comes from the server's JSON API; this file only draws and clicks.
"use strict";

const state = { game: "konane", start: null, board: null, opening: null, moves: [],
                show: null, legal: [], selected: null, hints: [], busy: false };
const $ = (id) => document.getElementById(id);

async function api(endpoint, extra) {
  const params = new URLSearchParams({ game: state.game });
  if (state.start) params.set("position", state.start);
  else { params.set("board", state.board); params.set("opening", state.opening); }
  if (state.moves.length) params.set("moves", state.moves.join(","));
  for (const [k, v] of Object.entries(extra || {})) params.set(k, v);
  const reply = await fetch(`/api/${endpoint}?${params}`);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error || `HTTP ${reply.status}`);
  return body;
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

function draw() {
  const s = state.show, cell = 56, margin = 24;
  const svg = el("svg", { viewBox: `0 0 ${2 * margin + s.cols * cell} ${2 * margin + s.rows * cell}`,
                          width: 2 * margin + s.cols * cell, height: 2 * margin + s.rows * cell,
                          role: "img", "aria-label": "board" });
  const last = s.moves_played.length ? squaresOf(s.moves_played[s.moves_played.length - 1]) : [];
  const targets = new Set();
  if (state.selected)
    for (const m of state.legal) {
      const sq = squaresOf(m);
      if (sq[0] === state.selected && sq.length > 1) targets.add(sq[sq.length - 1]);
    }
  s.board.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const name = squareName(r, c, s.rows), x = margin + c * cell, y = margin + r * cell;
      const dark = (r + c) % 2 === (s.rows % 2 === 0 ? 1 : 0);
      const sq = el("rect", { x, y, width: cell, height: cell, "data-square": name,
                              class: "square" + (name === state.selected ? " selected" : ""),
                              fill: last.includes(name) ? "#f2d27a" : dark ? "#b58863" : "#f0d9b5" }, svg);
      sq.addEventListener("click", () => clicked(name));
      if (ch === "#") el("rect", { x: x + 4, y: y + 4, width: cell - 8, height: cell - 8, fill: "#555",
                                   "pointer-events": "none" }, svg);
      if ("xXoO".includes(ch)) {
        const stone = el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.38,
                                     fill: "xX".includes(ch) ? "#111" : "#fafafa", stroke: "#333",
                                     "data-stone": name, "pointer-events": "none" }, svg);
        if ("XO".includes(ch)) el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.16,
                                              fill: "none", stroke: "#c9a227", "stroke-width": 3,
                                              "pointer-events": "none" }, svg);
        stone.setAttribute("class", "stone");
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

function listMoves() {
  $("moves").replaceChildren(...state.moves.map((m) => {
    const li = document.createElement("li");
    li.textContent = m;
    return li;
  }));
  $("record").value = (state.start ? `${state.start}\n` : `${state.board} ${state.opening}\n`) +
                      state.moves.join(" ");
}

async function refresh() {
  state.show = await api("show");
  state.legal = state.show.game_over ? [] : (await api("moves")).moves;
  state.selected = null;
  $("turn").textContent = state.show.turn;
  draw();
  listMoves();
}

async function play(move) {
  state.moves.push(move);
  state.hints = [];
  try {
    await refresh();
  } catch (e) {
    state.moves.pop();
    status(e.message);
    return;
  }
  status("");
  if ($("auto").checked && !state.show.game_over && state.show.to_move === $("engine-side").value)
    await engineMove();
}

async function clicked(name) {
  if (state.busy || !state.show || state.show.game_over) return;
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
  draw();
}

async function busy(label, work) {
  if (state.busy) return;
  state.busy = true;
  status(label);
  try { await work(); } catch (e) { status(e.message); } finally { state.busy = false; }
}

async function engineMove() {
  await busy("thinking\u2026", async () => {
    const solved = await api("solve", { timeout: $("think").value });
    const pick = (solved.winning_moves && solved.winning_moves[0]) || (solved.best_moves && solved.best_moves[0]) ||
                 (solved.pv && solved.pv[0]) || state.legal[0];
    if (!pick) throw new Error("no move to play");
    state.busy = false;
    await play(pick);
    status(solved.complete === false ? "engine move (search stopped: not proved best)" : "engine move");
  });
}

async function hint() {
  await busy("looking\u2026", async () => {
    const solved = await api("solve", { timeout: $("think").value });
    const best = solved.winning_moves || solved.best_moves || [];
    state.hints = best.map((m) => squaresOf(m)[0]);
    draw();
    const who = solved.winner || solved.result;
    status(best.length ? `winning moves: ${best.join(" ")}` : `no winning move (${who})`);
  });
}

async function value() {
  await busy("valuing\u2026", async () => {
    const v = await api("value", { timeout: $("think").value });
    status(`value ${v.value} (${v.regions.map((r) => r.value || "?").join(" + ") || "0"})`);
  });
}

async function undo() {
  if (state.busy || !state.moves.length) return;
  state.moves.pop();
  state.hints = [];
  await refresh();
  status("");
}

async function newGame(position) {
  state.game = $("game").value;
  state.moves = [];
  state.hints = [];
  if (position) { state.start = position; state.board = state.opening = null; }
  else if (state.game === "konane") { state.start = null; state.board = $("board").value; state.opening = $("opening").value; }
  else if (state.game === "ringboard") state.start = "start";
  else state.start = defaultGrid(state.game, $("board").value);
  try { await refresh(); status(""); } catch (e) { status(e.message); }
}

// Clobber starts from a full checkerboard, Domineering from an empty board.
function defaultGrid(game, size) {
  const [rows, cols] = size.split("x").map(Number);
  const row = (r) => [...Array(cols)].map((_, c) => game === "clobber" ? ((r + c) % 2 ? "o" : "x") : ".").join("");
  return [...Array(rows)].map((_, r) => row(r)).join("|");
}

async function init() {
  const { games } = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => new Option(g.title || g.name, g.name)));
  $("new").addEventListener("click", () => newGame(null));
  $("load").addEventListener("click", () => newGame($("position").value.trim() || null));
  $("engine").addEventListener("click", engineMove);
  $("hint").addEventListener("click", hint);
  $("value").addEventListener("click", value);
  $("undo").addEventListener("click", undo);
  await newGame(null);
}

init();
