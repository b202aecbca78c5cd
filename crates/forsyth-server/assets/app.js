// forsyth's page: five screens over the JSON API of the server that serves this file (docs/api.md).
// No framework: each screen reads its inputs, asks the API, and writes what it answers.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/// Asks the API; answers the JSON, or throws an Error with the API's message.
async function api(path, options) {
  const response = await fetch(path, options);
  let body;
  try {
    body = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const error = new Error(body.error ? body.error.message : `HTTP ${response.status}`);
    error.code = body.error && body.error.code;
    throw error;
  }
  return body;
}

const postJson = (path, data) =>
  api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });

/// `ok` is true, false, or "warn" (read, but with problems the user allowed).
function setStatus(node, text, ok) {
  node.textContent = text;
  node.className = "status " + (ok === "warn" ? "warn" : ok ? "ok" : "bad");
}

function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// ---- Tabs ----

function showTab(name) {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.setAttribute("aria-selected", String(button.dataset.tab === name));
  }
  for (const panel of document.querySelectorAll("main > .panel")) {
    panel.hidden = panel.id !== "tab-" + name;
  }
}

// ---- Menus filled from /api/health ----

async function fillMenus() {
  const health = await api("/api/health");
  $("version").textContent = health.version;
  $("pgn-limit").textContent = `${(health.body_limit / 1048576).toFixed(0)} MiB`;
  for (const select of document.querySelectorAll("select.languages")) {
    for (const language of health.languages) {
      select.append(el("option", { value: language.code, text: `${language.name} (${language.code})` }));
    }
    if (select.classList.contains("with-figurine")) select.append(el("option", { value: "figurine", text: "Figurines ♘" }));
  }
  for (const select of document.querySelectorAll("select.notations")) {
    for (const notation of health.notations) select.append(el("option", { value: notation, text: notation.toUpperCase() }));
  }
  $("mv-input-lang").value = "de";
  $("pgn-input-lang").value = "en";
  for (const name of ["standard", "chess960", "capablanca", "gothic", "janus", "embassy", "caparandom", "crc"]) {
    $("fen-variant").append(el("option", { value: name, text: name }));
  }
}

// ---- Position ----

/// The input with the character at `column` (1-based) marked.
function markColumn(pre, text, column) {
  const chars = Array.from(text);
  const at = Math.min(Math.max(column - 1, 0), chars.length);
  const marked = el("mark", { text: chars[at] === undefined ? " " : chars[at] });
  marked.dataset.column = String(column);
  pre.replaceChildren(
    chars.slice(0, at).join(""),
    marked,
    chars.slice(at + 1).join(""),
    el("span", { class: "caret-note", text: `  ← column ${column}` }),
  );
  pre.hidden = false;
}

function showFacts(answer) {
  const facts = $("fen-facts");
  facts.replaceChildren();
  const add = (term, value) => {
    if (value === null || value === undefined) return;
    facts.append(el("dt", { text: term }), el("dd", { text: String(value) }));
  };
  add("Variant", answer.variant);
  add("Count", answer.count && answer.count.text);
  if (answer.dialects) {
    add("FEN", typeof answer.dialects.fen === "string" ? answer.dialects.fen : answer.dialects.fen.error);
    add("X-FEN", answer.dialects.xfen);
    add("Shredder-FEN", answer.dialects.shredder);
    add("Board", answer.dialects.board);
  }
}

function showExplanation(explanation) {
  const box = $("fen-explanation");
  box.replaceChildren();
  if (!explanation) return;
  for (const section of explanation.sections) {
    const list = el("ul");
    for (const line of section.lines) {
      const item = el("li", {}, el("code", { text: line.token }), " " + line.text);
      if (line.depth > 0) item.className = "sub";
      list.append(item);
    }
    box.append(el("h3", { text: section.title }), list);
  }
  if (explanation.pieces.length) box.append(el("h3", { text: explanation.lang === "de" ? "Steine" : "Pieces" }));
  for (const pieces of explanation.pieces) box.append(el("p", { text: pieces }));
  if (explanation.status) box.append(el("p", { text: explanation.status }));
}

async function checkFen() {
  const text = $("fen-input").value;
  const status = $("fen-status");
  const problems = $("fen-problems");
  problems.replaceChildren();
  $("fen-marked").hidden = true;
  if (!text.trim()) {
    status.textContent = "";
    return;
  }
  let answer;
  try {
    answer = await postJson("/api/fen", {
      fen: text,
      lang: $("fen-lang").value,
      variant: $("fen-variant").value || null,
      flip: $("fen-flip").checked,
      allow: $("fen-allow").checked ? "all" : null,
    });
  } catch (e) {
    setStatus(status, e.message, false);
    return;
  }
  $("fen-diagram").innerHTML = answer.svg || "";
  showFacts(answer);
  showExplanation(answer.explanation);
  const german = $("fen-lang").value === "de";
  if (answer.result === "ok") {
    const notes = answer.notes.map((n) => n.message).join("; ");
    const assumed = notes ? ` (assumed: ${notes})` : "";
    if (!answer.allowed.length) {
      setStatus(status, (german ? "Gültige Stellung" : "Valid position") + assumed, true);
      return;
    }
    // Read as given, with the rules it breaks listed (the user allowed them).
    setStatus(status, (german ? "Gelesen, mit erlaubten Regelverstößen" : "Read, breaking allowed rules") + assumed, "warn");
    answer.allowed.forEach((p) => {
      problems.append(el("li", {}, `column ${p.column}: ${p.message} `, el("code", { text: `[${p.code}]` })));
    });
    return;
  }
  if (answer.result === "error") {
    const e = answer.error;
    setStatus(status, `Not a FEN: column ${e.column} (${e.field}): ${e.message}`, false);
    problems.append(el("li", {}, `column ${e.column}: ${e.message} `, el("code", { text: `[${e.code}]` })));
    markColumn($("fen-marked"), text, e.column);
    const input = $("fen-input");
    const at = Array.from(text).slice(0, e.column - 1).join("").length;
    input.setSelectionRange(at, at + 1);
    return;
  }
  setStatus(status, german ? "Keine legale Stellung" : "Not a legal position", false);
  const texts = answer.explanation ? answer.explanation.problems.map((p) => p.text) : [];
  answer.problems.forEach((p, i) => {
    problems.append(el("li", {}, `column ${p.column}: ${texts[i] || p.message} `, el("code", { text: `[${p.code}]` })));
  });
  if (answer.problems.length) markColumn($("fen-marked"), text, answer.problems[0].column);
}

function openInPosition(fen) {
  $("fen-input").value = fen;
  showTab("position");
  checkFen();
}

// ---- Board editor ----

const editor = { files: 8, squares: new Map(), piece: "K" };
const FIGURINES = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const FILES = "abcdefghij";

function buildPalette() {
  const palette = $("ed-palette");
  palette.replaceChildren();
  const roles = editor.files === 10 ? "KQRBNACP" : "KQRBNP";
  for (const color of ["white", "black"]) {
    for (const role of roles) {
      const letter = color === "white" ? role : role.toLowerCase();
      const name = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", A: "archbishop", C: "chancellor", P: "pawn" }[role];
      const button = el("button", { type: "button", "aria-label": `${color} ${name}`, title: `${color} ${name} (${letter})` });
      button.dataset.piece = letter;
      button.draggable = true;
      button.append(FIGURINES[letter] || letter, el("small", { text: FIGURINES[letter] ? letter : "" }));
      palette.append(button);
    }
  }
  const eraser = el("button", { type: "button", "aria-label": "empty square", title: "empty a square", text: "✕" });
  eraser.dataset.piece = "";
  palette.append(eraser);
  markPalette();
}

function markPalette() {
  for (const button of document.querySelectorAll("#ed-palette button")) {
    button.setAttribute("aria-pressed", String(button.dataset.piece === editor.piece));
  }
}

function boardField() {
  const ranks = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < editor.files; file++) {
      const piece = editor.squares.get(FILES[file] + rank);
      if (piece) {
        row += (empty ? String(empty) : "") + piece;
        empty = 0;
      } else {
        empty++;
      }
    }
    ranks.push(row + (empty ? String(empty) : ""));
  }
  return ranks.join("/");
}

function editorFen() {
  const castling = ["K", "Q", "k", "q"].filter((c) => $("ed-castle-" + c).checked).join("") || "-";
  const ep = $("ed-ep").value.trim() || "-";
  return `${boardField()} ${$("ed-turn").value} ${castling} ${ep} 0 1`;
}

/// Reads a FEN typed into the editor's FEN field back into the editor.
function loadEditorFen(fen) {
  const [board, turn, castling, ep] = fen.trim().split(/\s+/);
  const ranks = (board || "").split("/");
  if (ranks.length !== 8) return false;
  const squares = new Map();
  let files = 8;
  ranks.forEach((row, i) => {
    let file = 0;
    for (const match of row.matchAll(/(\d+)|(.)/g)) {
      if (match[1]) file += Number(match[1]);
      else squares.set(FILES[file++] + (8 - i), match[2]);
    }
    files = Math.max(files, file);
  });
  editor.files = files >= 10 ? 10 : 8;
  editor.squares = squares;
  $("ed-size").value = String(editor.files);
  $("ed-turn").value = turn === "b" ? "b" : "w";
  for (const c of ["K", "Q", "k", "q"]) $("ed-castle-" + c).checked = (castling || "").includes(c);
  $("ed-ep").value = ep && ep !== "-" ? ep : "";
  return true;
}

function startPosition(files) {
  return files === 10
    ? "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

async function refreshEditor() {
  const fen = editorFen();
  $("ed-fen").value = fen;
  await validateEditor(fen);
}

async function validateEditor(fen) {
  const status = $("ed-status");
  const problems = $("ed-problems");
  problems.replaceChildren();
  let answer;
  try {
    answer = await postJson("/api/fen", { fen, lang: "en" });
  } catch (e) {
    setStatus(status, e.message, false);
    return;
  }
  if (answer.svg) $("ed-board").innerHTML = answer.svg;
  if (answer.result === "ok") {
    setStatus(status, "Valid position", true);
  } else if (answer.result === "error") {
    setStatus(status, `Not a FEN: column ${answer.error.column}: ${answer.error.message}`, false);
  } else {
    setStatus(status, "Not a legal position", false);
    for (const p of answer.problems) problems.append(el("li", {}, p.message + " ", el("code", { text: `[${p.code}]` })));
  }
}

function clickSquare(event) {
  const target = event.target.closest("[data-square]");
  if (!target) return;
  const square = target.getAttribute("data-square");
  if (!editor.piece || editor.squares.get(square) === editor.piece) editor.squares.delete(square);
  else editor.squares.set(square, editor.piece);
  refreshEditor();
}

/// A piece dragged from the palette onto a square is put there (and chosen for the clicks that follow).
function dropPiece(event) {
  event.preventDefault();
  const target = event.target.closest("[data-square]");
  const piece = event.dataTransfer.getData("text/plain");
  if (!target || !/^[KQRBNACPkqrbnacp]?$/.test(piece)) return;
  editor.piece = piece;
  markPalette();
  const square = target.getAttribute("data-square");
  if (piece) editor.squares.set(square, piece);
  else editor.squares.delete(square);
  refreshEditor();
}

// ---- Moves ----

const moves = { list: [], start: null, current: 0 };

async function checkMoves() {
  const status = $("mv-status");
  let answer;
  try {
    answer = await postJson("/api/moves", {
      fen: $("mv-fen").value.trim() || null,
      moves: $("mv-moves").value,
      input_lang: $("mv-input-lang").value,
      lang: $("mv-lang").value,
      notation: $("mv-notation").value,
      allow: $("mv-allow").checked ? "all" : null,
    });
  } catch (e) {
    setStatus(status, e.message, false);
    return;
  }
  moves.list = answer.moves;
  moves.start = answer.start_fen;
  const score = $("mv-score");
  score.replaceChildren(answer.score);
  const list = $("mv-list");
  list.replaceChildren();
  answer.moves.forEach((m, i) => {
    const white = m.fen.split(" ")[1] === "b";
    const number = Number(m.fen.split(" ")[5]) - (white ? 0 : 1);
    const item = el("li");
    if (white || i === 0) item.append(el("span", { class: "number", text: `${number}${white ? "." : "..."}` }));
    const button = el("button", { type: "button", text: m.written, title: m.input });
    button.dataset.index = String(i + 1);
    button.addEventListener("click", () => showMove(i + 1));
    item.append(button);
    list.append(item);
  });
  if (answer.error) {
    const e = answer.error;
    setStatus(status, `Move ${e.index} (${e.number}${e.white ? "." : "..."}) '${e.text}': ${e.reason}`, false);
    score.append(" ", el("span", { class: "illegal", text: e.text }));
    list.append(el("li", {}, el("span", { class: "illegal", text: e.text, title: e.reason })));
  } else {
    const done = { checkmate: "checkmate", stalemate: "stalemate" }[answer.status];
    const repetition = answer.repetition.fivefold
      ? " — fivefold repetition: the game is drawn"
      : answer.repetition.claimable
        ? ` — threefold repetition: a draw may be claimed (this position has occurred ${answer.repetition.count} times)`
        : "";
    const text = `All ${answer.moves.length} moves are legal` + (done ? ` — ${done}` : "") + repetition;
    if (answer.allowed.length) {
      const broken = answer.allowed.map((p) => `${p.message} [${p.code}]`).join("; ");
      setStatus(status, `${text}, from a position breaking allowed rules: ${broken}`, "warn");
    } else {
      setStatus(status, text, true);
    }
  }
  moves.current = answer.moves.length;
  $("mv-diagram").innerHTML = answer.svg;
  $("mv-fen-out").textContent = answer.fen;
  markCurrentMove();
}

function markCurrentMove() {
  for (const button of document.querySelectorAll("#mv-list button")) {
    button.setAttribute("aria-current", String(Number(button.dataset.index) === moves.current));
  }
}

async function showMove(index) {
  if (moves.start === null) return;
  index = Math.max(0, Math.min(index, moves.list.length));
  moves.current = index;
  markCurrentMove();
  const move = moves.list[index - 1];
  const fen = move ? move.fen : moves.start;
  const request = { fen, lang: "en" };
  if (move && move.uci !== "0000") request.last_move = move.uci;
  try {
    const answer = await postJson("/api/fen", request);
    $("mv-diagram").innerHTML = answer.svg || "";
    $("mv-fen-out").textContent = fen;
  } catch (e) {
    setStatus($("mv-status"), e.message, false);
  }
}

// ---- PGN ----

let pgnFile = null;

async function readPgn() {
  const status = $("pgn-status");
  const body = pgnFile || $("pgn-text").value;
  if (!body || (typeof body === "string" && !body.trim())) {
    setStatus(status, "Paste a game or choose a PGN file first", false);
    return;
  }
  const query = new URLSearchParams({
    input_lang: $("pgn-input-lang").value,
    lang: $("pgn-lang").value,
    notation: $("pgn-notation").value,
  });
  if ($("pgn-allow").checked) query.set("allow", "all");
  setStatus(status, "Reading…", true);
  let answer;
  try {
    answer = await api("/api/pgn?" + query, { method: "POST", headers: { "Content-Type": "application/x-chess-pgn" }, body });
  } catch (e) {
    setStatus(status, e.message, false);
    return;
  }
  const broken = answer.count - answer.valid;
  const warned = answer.warnings === 0 ? "" : `, ${answer.warnings} warning${answer.warnings === 1 ? "" : "s"}`;
  const outcome = broken > 0 ? false : answer.warnings > 0 ? "warn" : true;
  setStatus(status, `${answer.count} games, ${answer.valid} valid, ${broken} with errors${warned}`, outcome);
  const rows = $("pgn-games").tBodies[0];
  rows.replaceChildren();
  for (const game of answer.games) {
    const tag = (name) => {
      const found = game.tags.find(([n]) => n === name);
      return found ? found[1] : "";
    };
    const problem = game.error ? `line ${game.error.line}, column ${game.error.column}: ${game.error.token ? `'${game.error.token}': ` : ""}${game.error.reason}` : "";
    rows.append(el("tr", {},
      el("td", { text: String(game.number) }), el("td", { text: tag("White") }), el("td", { text: tag("Black") }),
      el("td", { text: tag("Result") }), el("td", { text: tag("Event") }), el("td", { text: String(game.moves) })));
    // The problem on a row of its own, as wide as the table, so that it stays readable on a phone.
    if (problem) rows.append(el("tr", { class: "problem" }, el("td", { class: "error", colspan: "6", text: problem })));
    // What was repaired to read the game (a Result tag that disagrees with the marker, ...), so that nothing
    // changes in the converted text without a word.
    for (const w of game.warnings) {
      const text = `line ${w.line}, column ${w.column}: ${w.token ? `'${w.token}': ` : ""}${w.reason} [${w.code}]`;
      rows.append(el("tr", { class: "problem" }, el("td", { class: "warn", colspan: "6", text })));
    }
  }
  $("pgn-converted").value = answer.converted;
  $("pgn-download").disabled = !answer.converted;
}

function downloadPgn() {
  const blob = new Blob([$("pgn-converted").value], { type: "application/x-chess-pgn" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "games.pgn" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// ---- Start positions ----

let startFen = "";

async function showStart(random) {
  const status = $("st-status");
  const variant = $("st-variant").value;
  const n = random ? "random" : $("st-number").value;
  try {
    const answer = await api(`/api/start?variant=${encodeURIComponent(variant)}&n=${encodeURIComponent(n)}`);
    status.textContent = "";
    $("st-number").value = String(answer.number);
    startFen = answer.fen;
    $("st-fen").textContent = `${answer.variant} no. ${answer.number}: ${answer.fen}`;
    $("st-diagram").innerHTML = answer.svg;
  } catch (e) {
    setStatus(status, e.message, false);
  }
}

// ---- Wiring ----

document.addEventListener("DOMContentLoaded", async () => {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
  try {
    await fillMenus();
  } catch (e) {
    setStatus($("fen-status"), "The server does not answer: " + e.message, false);
  }

  const liveFen = debounce(checkFen, 250);
  $("fen-input").addEventListener("input", liveFen);
  for (const id of ["fen-lang", "fen-variant", "fen-flip", "fen-allow"]) $(id).addEventListener("change", checkFen);
  $("fen-go").addEventListener("click", checkFen);
  $("fen-input").addEventListener("keydown", (e) => { if (e.key === "Enter") checkFen(); });

  $("ed-palette").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    editor.piece = button.dataset.piece;
    markPalette();
  });
  $("ed-board").addEventListener("click", clickSquare);
  $("ed-palette").addEventListener("dragstart", (event) => {
    const button = event.target.closest("button");
    if (button) event.dataTransfer.setData("text/plain", button.dataset.piece);
  });
  $("ed-board").addEventListener("dragover", (event) => event.preventDefault());
  $("ed-board").addEventListener("drop", dropPiece);
  $("ed-size").addEventListener("change", () => {
    editor.files = Number($("ed-size").value);
    editor.squares = new Map();
    buildPalette();
    refreshEditor();
  });
  $("ed-start").addEventListener("click", () => { loadEditorFen(startPosition(editor.files)); buildPalette(); refreshEditor(); });
  $("ed-clear").addEventListener("click", () => { editor.squares = new Map(); refreshEditor(); });
  for (const id of ["ed-turn", "ed-castle-K", "ed-castle-Q", "ed-castle-k", "ed-castle-q"]) $(id).addEventListener("change", refreshEditor);
  $("ed-ep").addEventListener("input", debounce(refreshEditor, 300));
  $("ed-fen").addEventListener("input", debounce(() => {
    if (loadEditorFen($("ed-fen").value)) buildPalette();
    validateEditor($("ed-fen").value);
  }, 300));
  $("ed-open").addEventListener("click", () => openInPosition($("ed-fen").value));
  buildPalette();
  refreshEditor();

  $("mv-go").addEventListener("click", checkMoves);
  $("mv-first").addEventListener("click", () => showMove(0));
  $("mv-prev").addEventListener("click", () => showMove(moves.current - 1));
  $("mv-next").addEventListener("click", () => showMove(moves.current + 1));
  $("mv-last").addEventListener("click", () => showMove(moves.list.length));

  $("pgn-file").addEventListener("change", () => {
    pgnFile = $("pgn-file").files[0] || null;
    if (pgnFile) {
      $("pgn-text").value = "";
      setStatus($("pgn-status"), `${pgnFile.name}: ${pgnFile.size} bytes`, true);
      readPgn();
    }
  });
  $("pgn-text").addEventListener("input", () => { pgnFile = null; $("pgn-file").value = ""; });
  $("pgn-go").addEventListener("click", readPgn);
  $("pgn-download").addEventListener("click", downloadPgn);

  $("st-go").addEventListener("click", () => showStart(false));
  $("st-random").addEventListener("click", () => showStart(true));
  $("st-open").addEventListener("click", () => { if (startFen) openInPosition(startFen); });

  checkFen();
  showStart(false);
});
