// forsyth's page: seven screens over the JSON API of the server that serves this file (docs/api.md).
// No framework. The chess is the server's: this file asks it, shows its answers and turns clicks and drags into
// requests (which squares a piece may go to, and what each move is called, come from the server).
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// ---- Words of the page (the chess words come from the server, in the language asked for) ----

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const WORDS = {
  en: {
    skip: "Skip to the content", pageLanguage: "Page language", screens: "Screens",
    tabHome: "Start", tabPosition: "Position", tabEditor: "Board editor", tabMoves: "Moves", tabPgn: "Games",
    tabProblems: "Problems", tabStart: "Start positions",
    homeTitle: "What this page is for",
    homeLead: "forsyth reads, checks and explains chess positions, moves, games and problems in English and German, here on your computer, with nothing sent anywhere else.",
    homePosition: "— paste a FEN: it is checked, explained field by field and drawn.",
    homeEditor: "— set up a position by clicking or dragging pieces and get its FEN.",
    homeMoves: "— play moves on the board or type them in any notation and language, and share the line.",
    homePgn: "— paste or upload PGN: every game on a board with its comments, variations and clocks, errors shown at their move.",
    homeProblems: "— Popeye input or a YACPDB entry drawn as problem books print it, with its legal moves.",
    homeStart: "— the Chess960 and CRC start positions by number.",
    homeKeys: "Keys: ← → step through moves, Home and End jump to the first and last; Ctrl+Z takes back a move or an edit.",
    fenHint: "Paste or type a FEN, X-FEN, Shredder-FEN or a board field alone (unknown pieces X/x make a diagram).",
    variant: "Variant", detect: "detect", allowSuite: "Allow test-suite positions", show: "Show",
    playFromHere: "Play from here", explainThis: "Explain this position",
    editorHint: "Pick a piece, then click squares, or drag pieces from the row above the board or on the board; drag a piece off the board to remove it. Clicking a square with the chosen piece again empties it.",
    boardSize: "Board", startPosition: "Start position", emptyBoard: "Empty board", undo: "Undo", pieces: "Pieces",
    toMove: "To move", white: "White", black: "Black", enPassant: "En passant", castling: "Castling",
    whiteShort: "White O-O", whiteLong: "White O-O-O", blackShort: "Black O-O", blackLong: "Black O-O-O",
    movesHint: "Play on the board (drag a piece, or click it and then its square) or type moves in any notation and language: German score sheets (Sf3, Lb5, 0-0), figurines, long and problem notation (Sg1-f3), UCI (g1f3). A move played from an earlier position replaces the rest of the line.",
    fromPosition: "From position (FEN; empty: the start position)", movesLabel: "Moves", writtenIn: "Written in",
    output: "Output", notation: "Notation", checkMoves: "Check moves", undoMove: "Take back",
    boardHelp: "Chess board. ← and → step through the moves, Home and End jump; moves can be typed in the Moves field.",
    firstPosition: "First position", previousMove: "Previous move", nextMove: "Next move", lastPosition: "Last position",
    promoteTo: "Promote to", cancel: "Cancel",
    pgnHint: "Paste games or upload a PGN file (up to", pgnFile: "PGN file", pgnText: "or PGN text", readGames: "Read games",
    gamesRead: "Games read", result: "Result", event: "Event", board: "Board", converted: "Converted games",
    download: "Download", openBoard: "Board",
    problemHint: "Popeye input (BeginProblem … EndProblem, English or German keywords) or a YACPDB entry (YAML with algebraic:), pasted or uploaded. Fairy pieces by their Popeye codes (G grasshopper, N nightrider, CA camel).",
    problemFile: "Problem file", problemText: "or problem text", plainBoard: "plain (as Popeye)",
    verticalCylinder: "vertical cylinder", horizontalCylinder: "horizontal cylinder", torus: "torus",
    startHint: "Chess960: numbers 0–959 (518 is the standard array). CRC: numbers 0–47999.", number: "Number",
    random: "Random", footer: "runs on this computer, nothing is sent elsewhere",
    flip: "Flip board", copyFen: "Copy FEN", copyPgn: "Copy PGN", downloadSvg: "SVG", downloadPng: "PNG",
    downloadSvgLabel: "Download the diagram as SVG", downloadPngLabel: "Download the diagram as PNG",
    copied: (what) => `${what} copied`, notCopied: (what) => `${what} could not be copied; select it and copy by hand`,
    serverDown: (host) => `the server at ${host} does not answer; start it with \`forsyth serve\``,
    noJson: (status) => `the server answered ${status} without JSON`,
    validPosition: "Valid position", assumed: (notes) => ` (assumed: ${notes})`,
    readBreaking: "Read, breaking allowed rules", notFen: (column, field, message) => `Not a FEN: column ${column} (${field}): ${message}`,
    column: (n) => `column ${n}`, notLegal: "Not a legal position",
    diagramOnly: "A diagram with unknown pieces (X): drawn and explained, but no position, so it is not checked or played",
    factVariant: "Variant", factCount: "Count", factBoard: "Board",
    piecesHeading: "Pieces",
    movesLegal: (n) => (n === 0 ? "No moves yet" : n === 1 ? "The move is legal" : `All ${n} moves are legal`),
    fromBroken: (text, broken) => `${text}, from a position breaking allowed rules: ${broken}`,
    fivefold: " — fivefold repetition: the game is drawn",
    threefold: (n) => ` — threefold repetition: a draw may be claimed (this position has occurred ${n} times)`,
    moveError: (index, number, dots, text, reason) => `Move ${index} (${number}${dots}) '${text}': ${reason}`,
    positionToMove: (color) => `${color} to move`,
    pasteFirst: "Paste a game or choose a PGN file first", reading: "Reading…",
    fileSize: (name, size) => `${name}: ${plural(size, "byte", "bytes")}`,
    pgnSummary: (count, valid, broken, warnings) => `${plural(count, "game", "games")}, ${valid} valid, ${broken} with errors` + (warnings ? `, ${plural(warnings, "warning", "warnings")}` : ""),
    lineColumn: (line, column) => `line ${line}, column ${column}`,
    gameTitle: (n, white, black) => `Game ${n}: ${white || "?"} – ${black || "?"}`,
    errorHere: "error", warningHere: "warning", clock: "clock", startOfGame: "Start of the game",
    problemTitle: (n) => `Problem ${n}`, stipulation: "Stipulation", count: "Count", conditions: "Conditions",
    options: "Options", twins: "Twins", origin: "Source", authors: "Authors", legend: "Legend",
    legalMoves: (n) => plural(n, "legal move", "legal moves"), noMovesListed: "The moves are not listed: ",
    problemsRead: (n, format) => `${plural(n, "problem", "problems")} read (${format === "yacpdb" ? "YACPDB entry" : "Popeye input"})`,
    ignoredKeys: (keys) => `; not read (kept by YACPDB only): ${keys}`,
    popeyeInput: "Popeye input", yacpdbEntry: "YACPDB entry", solve: "Solve", timeLimit: "Time limit (seconds)",
    solving: (s) => `Solving, at most ${plural(s, "second", "seconds")}…`, solveCancelled: "Solving cancelled",
    pasteProblem: "Paste a problem or choose a file first", startNo: (variant, n, fen) => `${variant} no. ${n}: ${fen}`,
  },
  de: {
    skip: "Zum Inhalt springen", pageLanguage: "Sprache der Seite", screens: "Ansichten",
    tabHome: "Start", tabPosition: "Stellung", tabEditor: "Brett-Editor", tabMoves: "Züge", tabPgn: "Partien",
    tabProblems: "Probleme", tabStart: "Startstellungen",
    homeTitle: "Wofür diese Seite da ist",
    homeLead: "forsyth liest, prüft und erklärt Schachstellungen, Züge, Partien und Probleme auf Deutsch und Englisch, hier auf deinem Rechner, ohne etwas anderswohin zu senden.",
    homePosition: "— eine FEN einfügen: sie wird geprüft, Feld für Feld erklärt und gezeichnet.",
    homeEditor: "— eine Stellung durch Klicken oder Ziehen der Steine aufbauen und ihre FEN erhalten.",
    homeMoves: "— Züge auf dem Brett spielen oder in jeder Notation und Sprache eingeben und die Zugfolge teilen.",
    homePgn: "— PGN einfügen oder hochladen: jede Partie auf einem Brett mit Kommentaren, Varianten und Uhrzeiten, Fehler an ihrem Zug.",
    homeProblems: "— Popeye-Eingaben oder YACPDB-Einträge, gezeichnet wie in Problembüchern, mit ihren legalen Zügen.",
    homeStart: "— die Startstellungen von Chess960 und CRC nach Nummer.",
    homeKeys: "Tasten: ← → gehen durch die Züge, Pos1 und Ende springen zum ersten und letzten; Strg+Z nimmt einen Zug oder eine Änderung zurück.",
    fenHint: "Eine FEN, X-FEN, Shredder-FEN oder nur das Brettfeld einfügen oder tippen (unbekannte Steine X/x ergeben ein Diagramm).",
    variant: "Variante", detect: "erkennen", allowSuite: "Stellungen aus Testsammlungen zulassen", show: "Zeigen",
    playFromHere: "Von hier spielen", explainThis: "Diese Stellung erklären",
    editorHint: "Einen Stein wählen und dann Felder anklicken, oder Steine aus der Leiste über dem Brett oder auf dem Brett ziehen; einen Stein vom Brett ziehen entfernt ihn. Ein Feld mit dem gewählten Stein noch einmal anklicken leert es.",
    boardSize: "Brett", startPosition: "Grundstellung", emptyBoard: "Leeres Brett", undo: "Rückgängig", pieces: "Steine",
    toMove: "Am Zug", white: "Weiß", black: "Schwarz", enPassant: "En passant", castling: "Rochade",
    whiteShort: "Weiß 0-0", whiteLong: "Weiß 0-0-0", blackShort: "Schwarz 0-0", blackLong: "Schwarz 0-0-0",
    movesHint: "Auf dem Brett spielen (einen Stein ziehen, oder ihn und dann sein Zielfeld anklicken) oder Züge in jeder Notation und Sprache eingeben: deutsche Partieformulare (Sf3, Lb5, 0-0), Figurinen, lange und Problemnotation (Sg1-f3), UCI (g1f3). Ein Zug aus einer früheren Stellung ersetzt den Rest der Zugfolge.",
    fromPosition: "Ausgangsstellung (FEN; leer: die Grundstellung)", movesLabel: "Züge", writtenIn: "Geschrieben in",
    output: "Ausgabe", notation: "Notation", checkMoves: "Züge prüfen", undoMove: "Zurücknehmen",
    boardHelp: "Schachbrett. ← und → gehen durch die Züge, Pos1 und Ende springen; Züge lassen sich im Feld Züge eingeben.",
    firstPosition: "Ausgangsstellung", previousMove: "Voriger Zug", nextMove: "Nächster Zug", lastPosition: "Letzte Stellung",
    promoteTo: "Umwandeln in", cancel: "Abbrechen",
    pgnHint: "Partien einfügen oder eine PGN-Datei hochladen (bis", pgnFile: "PGN-Datei", pgnText: "oder PGN-Text",
    readGames: "Partien lesen", gamesRead: "Gelesene Partien", result: "Ergebnis", event: "Turnier", board: "Brett",
    converted: "Umgeschriebene Partien", download: "Herunterladen", openBoard: "Brett",
    problemHint: "Popeye-Eingabe (BeginProblem … EndProblem bzw. AnfangProblem … EndeProblem) oder ein YACPDB-Eintrag (YAML mit algebraic:), eingefügt oder hochgeladen. Märchensteine mit ihren Popeye-Kürzeln (G Grashüpfer, N Nachtreiter, CA Kamel).",
    problemFile: "Problemdatei", problemText: "oder Problemtext", plainBoard: "normal (wie Popeye)",
    verticalCylinder: "senkrechter Zylinder", horizontalCylinder: "waagrechter Zylinder", torus: "Torus",
    startHint: "Chess960: Nummern 0–959 (518 ist die Grundstellung). CRC: Nummern 0–47999.", number: "Nummer",
    random: "Zufällig", footer: "läuft auf diesem Rechner, nichts wird anderswohin gesendet",
    flip: "Brett drehen", copyFen: "FEN kopieren", copyPgn: "PGN kopieren", downloadSvg: "SVG", downloadPng: "PNG",
    downloadSvgLabel: "Das Diagramm als SVG herunterladen", downloadPngLabel: "Das Diagramm als PNG herunterladen",
    copied: (what) => `${what} kopiert`, notCopied: (what) => `${what} ließ sich nicht kopieren; bitte markieren und von Hand kopieren`,
    serverDown: (host) => `der Server unter ${host} antwortet nicht; starte ihn mit \`forsyth serve\``,
    noJson: (status) => `der Server antwortete ${status} ohne JSON`,
    validPosition: "Gültige Stellung", assumed: (notes) => ` (angenommen: ${notes})`,
    readBreaking: "Gelesen, mit erlaubten Regelverstößen", notFen: (column, field, message) => `Keine FEN: Spalte ${column} (${field}): ${message}`,
    column: (n) => `Spalte ${n}`, notLegal: "Keine legale Stellung",
    diagramOnly: "Ein Diagramm mit unbekannten Steinen (X): gezeichnet und erklärt, aber keine Stellung, daher weder geprüft noch spielbar",
    factVariant: "Variante", factCount: "Steine", factBoard: "Brett", piecesHeading: "Steine",
    movesLegal: (n) => (n === 0 ? "Noch keine Züge" : n === 1 ? "Der Zug ist legal" : `Alle ${n} Züge sind legal`),
    fromBroken: (text, broken) => `${text}, aus einer Stellung mit erlaubten Regelverstößen: ${broken}`,
    fivefold: " — fünfmalige Wiederholung: die Partie ist remis",
    threefold: (n) => ` — dreimalige Wiederholung: Remis kann beansprucht werden (diese Stellung kam ${n}-mal vor)`,
    moveError: (index, number, dots, text, reason) => `Zug ${index} (${number}${dots}) '${text}': ${reason}`,
    positionToMove: (color) => `${color} am Zug`,
    pasteFirst: "Erst eine Partie einfügen oder eine PGN-Datei wählen", reading: "Lese…",
    fileSize: (name, size) => `${name}: ${size} Byte`,
    pgnSummary: (count, valid, broken, warnings) => `${count} ${count === 1 ? "Partie" : "Partien"}, ${valid} gültig, ${broken} mit Fehlern` + (warnings ? `, ${warnings} ${warnings === 1 ? "Warnung" : "Warnungen"}` : ""),
    lineColumn: (line, column) => `Zeile ${line}, Spalte ${column}`,
    gameTitle: (n, white, black) => `Partie ${n}: ${white || "?"} – ${black || "?"}`,
    errorHere: "Fehler", warningHere: "Warnung", clock: "Uhr", startOfGame: "Beginn der Partie",
    problemTitle: (n) => `Problem ${n}`, stipulation: "Forderung", count: "Steine", conditions: "Bedingungen",
    options: "Optionen", twins: "Zwillinge", origin: "Quelle", authors: "Autoren", legend: "Legende",
    legalMoves: (n) => `${n} ${n === 1 ? "legaler Zug" : "legale Züge"}`, noMovesListed: "Die Züge werden nicht aufgeführt: ",
    problemsRead: (n, format) => `${n} ${n === 1 ? "Problem" : "Probleme"} gelesen (${format === "yacpdb" ? "YACPDB-Eintrag" : "Popeye-Eingabe"})`,
    ignoredKeys: (keys) => `; nicht gelesen (nur von YACPDB geführt): ${keys}`,
    popeyeInput: "Popeye-Eingabe", yacpdbEntry: "YACPDB-Eintrag", solve: "Lösen", timeLimit: "Zeitlimit (Sekunden)",
    solving: (s) => `Löse, höchstens ${s} Sekunden…`, solveCancelled: "Lösen abgebrochen",
    pasteProblem: "Erst ein Problem einfügen oder eine Datei wählen", startNo: (variant, n, fen) => `${variant} Nr. ${n}: ${fen}`,
  },
};

let ui = "en";

/// The FEN fields by the names the server's messages give them, in German.
const FIELDS_DE = {
  board: "Brett", "side to move": "Zugrecht", castling: "Rochaderecht", "en passant": "En-passant-Feld",
  "half-move clock": "Halbzugzähler", "move number": "Zugnummer", "after the six fields": "nach den sechs Feldern",
};
const fieldName = (name) => (ui === "de" && FIELDS_DE[name]) || name;

/// A word of the page in its language (a function of `args` for sentences with numbers).
function t(key, ...args) {
  const word = WORDS[ui][key] !== undefined ? WORDS[ui][key] : WORDS.en[key];
  return typeof word === "function" ? word(...args) : word;
}

function applyLanguage() {
  document.documentElement.lang = ui;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const tools of document.querySelectorAll(".board-tools")) buildTools(tools);
  buildPalette();
}

// ---- Talking to the server ----

/// Asks the API; answers the JSON, or throws an Error with the API's message (or with what to do when the server
/// does not answer at all).
async function api(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new Error(t("serverDown", location.host));
  }
  let body;
  try {
    body = await response.json();
  } catch (e) {
    throw new Error(t("noJson", response.status));
  }
  if (!response.ok) {
    const error = new Error(body.error ? body.error.message : `HTTP ${response.status}`);
    error.code = body.error && body.error.code;
    throw error;
  }
  return body;
}

const postJson = (path, data, signal) =>
  api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data), signal });

/// Each screen's requests carry a ticket: an answer to anything but the newest request of its screen is dropped,
/// so a slow old answer never paints over a new one.
const tickets = {};
const ticket = (screen) => (tickets[screen] = (tickets[screen] || 0) + 1);
const stale = (screen, n) => tickets[screen] !== n;

/// `ok` is true, false, or "warn" (read, but with problems the user allowed).
function setStatus(node, text, ok) {
  node.textContent = text;
  node.className = "status " + (ok === "warn" ? "warn" : ok ? "ok" : "bad");
}

function clearStatus(node) {
  node.textContent = "";
  node.className = "status";
}

function announce(text) {
  $("announce").textContent = "";
  setTimeout(() => { $("announce").textContent = text; }, 30);
}

function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// ---- Tabs and the address ----

const TABS = ["home", "position", "editor", "moves", "pgn", "problems", "start"];
let currentTab = "home";

function showTab(name, focus) {
  if (!TABS.includes(name)) name = "home";
  currentTab = name;
  for (const button of document.querySelectorAll("#tabs [role=tab]")) {
    const selected = button.dataset.tab === name;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    if (selected && focus) button.focus();
  }
  for (const panel of document.querySelectorAll("main > .panel")) panel.hidden = panel.id !== "tab-" + name;
  writeAddress();
}

/// The address says what the screen shows, so that a reload or a link brings it back: `#fen=…` (Position, Board
/// editor), `#fen=…&moves=…` (Moves: the start and the line in UCI), `#tab=…` for the others.
function writeAddress() {
  const params = new URLSearchParams();
  if (currentTab === "moves") {
    if (line.start) params.set("fen", line.start);
    params.set("moves", line.moves.join(" "));
    if (line.current !== line.moves.length) params.set("ply", String(line.current));
  } else if (currentTab === "position" && $("fen-input").value.trim()) {
    params.set("fen", $("fen-input").value.trim());
  } else {
    params.set("tab", currentTab);
    if (currentTab === "editor") params.set("fen", $("ed-fen").value);
  }
  const hash = "#" + params.toString().replace(/\+/g, "%20");
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

/// Opens what the address says; answers whether it said anything.
function readAddress() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fen = params.get("fen");
  const moves = params.get("moves");
  const tab = params.get("tab") || (moves !== null ? "moves" : fen ? "position" : null);
  if (!tab) return false;
  if (tab === "moves") {
    $("mv-fen").value = fen || "";
    $("mv-moves").value = moves || "";
    $("mv-input-lang").value = "en";
    const ply = params.get("ply");
    showTab("moves");
    checkMoves({ adopt: true, ply: ply === null ? null : Number(ply) });
  } else if (tab === "editor" && fen) {
    showTab("editor");
    $("ed-fen").value = fen;
    if (loadEditorFen(fen)) buildPalette();
    refreshEditor();
  } else if (tab === "position" && fen) {
    $("fen-input").value = fen;
    showTab("position");
    checkFen();
  } else {
    showTab(tab);
  }
  return true;
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
  $("mv-lang").value = ui;
  $("pgn-input-lang").value = "en";
  $("pgn-lang").value = ui;
  for (const name of ["standard", "chess960", "capablanca", "gothic", "janus", "embassy", "caparandom", "crc"]) {
    $("fen-variant").append(el("option", { value: name, text: name }));
  }
}

// ---- Boards: every diagram with its flip, copy and download buttons ----

/// What each board shows: its SVG, its FEN, whether it is flipped, how to draw it again, and its PGN if it has one.
const boards = {
  fen: { flip: false, svg: "", fen: "", redraw: () => checkFen() },
  editor: { flip: false, svg: "", fen: "", redraw: () => refreshEditor(false) },
  moves: { flip: false, svg: "", fen: "", pgn: "", redraw: () => viewMove(line.current) },
  game: { flip: false, svg: "", fen: "", pgn: "", redraw: () => goToNode(game.current) },
  start: { flip: false, svg: "", fen: "", redraw: () => showStart(false) },
};

function buildTools(box) {
  const name = box.dataset.board;
  const board = boards[name];
  if (!board) return;
  const flip = el("button", { type: "button", class: "tool", "aria-pressed": String(board.flip), "data-tool": "flip" }, t("flip"));
  flip.addEventListener("click", () => {
    board.flip = !board.flip;
    flip.setAttribute("aria-pressed", String(board.flip));
    board.redraw();
  });
  const copyFen = el("button", { type: "button", class: "tool", "data-tool": "copy-fen" }, t("copyFen"));
  copyFen.addEventListener("click", () => copyText(board.fen, "FEN"));
  const svg = el("button", { type: "button", class: "tool", "data-tool": "svg", "aria-label": t("downloadSvgLabel") }, t("downloadSvg"));
  svg.addEventListener("click", () => downloadSvg(board.svg, fileName(board.fen, "svg")));
  const png = el("button", { type: "button", class: "tool", "data-tool": "png", "aria-label": t("downloadPngLabel") }, t("downloadPng"));
  png.addEventListener("click", () => downloadPng(board.svg, fileName(board.fen, "png")));
  const tools = [flip, copyFen];
  if (board.pgn !== undefined) {
    const copyPgn = el("button", { type: "button", class: "tool", "data-tool": "copy-pgn" }, t("copyPgn"));
    copyPgn.addEventListener("click", () => copyText(board.pgn, "PGN"));
    tools.push(copyPgn);
  }
  box.replaceChildren(...tools, svg, png);
}

/// Shows a diagram the server drew on a board.
function drawBoard(name, container, svg, fen) {
  boards[name].svg = svg || "";
  boards[name].fen = fen || "";
  container.innerHTML = svg || "";
}

function fileName(fen, extension) {
  const board = (fen || "diagram").split(" ")[0].replace(/\//g, "-").replace(/[^A-Za-z0-9-]/g, "");
  return `forsyth-${board || "diagram"}.${extension}`;
}

function save(blob, name) {
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

function downloadSvg(svg, name) {
  if (svg) save(new Blob(['<?xml version="1.0" encoding="UTF-8"?>\n', svg], { type: "image/svg+xml" }), name);
}

/// The diagram drawn into a canvas at twice its size and saved as PNG.
function downloadPng(svg, name) {
  if (!svg) return;
  const image = new Image();
  image.onload = () => {
    const canvas = el("canvas");
    const scale = 2;
    canvas.width = image.naturalWidth * scale;
    canvas.height = image.naturalHeight * scale;
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => save(blob, name), "image/png");
  };
  // The picture's own size: its viewBox, in user units.
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const sized = box ? svg.replace("<svg ", `<svg width="${box[1]}" height="${box[2]}" `) : svg;
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sized);
}

async function copyText(text, what) {
  if (!text) return;
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch (e) {
    // Without the clipboard API (or its permission): the old way, through a selected text field.
    const area = el("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    try {
      done = document.execCommand("copy");
    } catch (e2) {
      done = false;
    }
    area.remove();
  }
  announce(done ? t("copied", what) : t("notCopied", what));
  const toast = $("toast") || document.body.appendChild(el("p", { id: "toast", class: "toast", role: "status" }));
  toast.textContent = done ? t("copied", what) : t("notCopied", what);
  clearTimeout(copyText.timer);
  copyText.timer = setTimeout(() => { toast.textContent = ""; }, 2500);
}

// ---- Position ----

/// The input with the character at `column` (1-based) marked, in a copy under the field: the field itself is
/// left alone (its text, caret and selection), so that typing goes on where it was.
function markColumn(pre, text, column) {
  const chars = Array.from(text);
  const at = Math.min(Math.max(column - 1, 0), chars.length);
  const marked = el("mark", { text: chars[at] === undefined ? " " : chars[at] });
  marked.dataset.column = String(column);
  pre.replaceChildren(
    chars.slice(0, at).join(""),
    marked,
    chars.slice(at + 1).join(""),
    el("span", { class: "caret-note", text: `  ← ${t("column", column)}` }),
  );
  pre.hidden = false;
}

function showFacts(answer) {
  const facts = $("fen-facts");
  facts.replaceChildren();
  if (!answer) return;
  const add = (term, value) => {
    if (value === null || value === undefined) return;
    facts.append(el("dt", { text: term }), el("dd", { text: String(value) }));
  };
  add(t("factVariant"), answer.variant);
  add(t("factCount"), answer.count && answer.count.text);
  if (answer.dialects) {
    add("FEN", typeof answer.dialects.fen === "string" ? answer.dialects.fen : answer.dialects.fen.error);
    add("X-FEN", answer.dialects.xfen);
    add("Shredder-FEN", answer.dialects.shredder);
    add(t("factBoard"), answer.dialects.board);
  }
}

function showExplanation(explanation) {
  const box = $("fen-explanation");
  box.replaceChildren();
  if (!explanation) return;
  for (const section of explanation.sections) {
    const list = el("ul");
    for (const entry of section.lines) {
      const item = el("li", {}, el("code", { text: entry.token }), " " + entry.text);
      if (entry.depth > 0) item.className = "sub";
      list.append(item);
    }
    box.append(el("h3", { text: section.title }), list);
  }
  if (explanation.pieces.length) box.append(el("h3", { text: t("piecesHeading") }));
  for (const pieces of explanation.pieces) box.append(el("p", { text: pieces }));
  if (explanation.status) box.append(el("p", { class: "position-status", text: explanation.status }));
}

/// Everything the Position screen shows, replaced as one: a new answer (or error) never leaves an old one's parts.
function renderFen(answer, text) {
  const status = $("fen-status");
  const problems = $("fen-problems");
  problems.replaceChildren();
  $("fen-marked").hidden = true;
  drawBoard("fen", $("fen-diagram"), answer && answer.svg, answer && answer.dialects && typeof answer.dialects.fen === "string" ? answer.dialects.fen : text);
  showFacts(answer);
  showExplanation(answer && answer.explanation);
  if (!answer) return;
  if (answer.result === "ok") {
    const notes = answer.notes.map((n) => n.message).join("; ");
    const assumed = notes ? t("assumed", notes) : "";
    if (!answer.allowed.length) {
      setStatus(status, t("validPosition") + assumed, true);
      return;
    }
    // Read as given, with the rules it breaks listed (the user allowed them).
    setStatus(status, t("readBreaking") + assumed, "warn");
    answer.allowed.forEach((p) => {
      problems.append(el("li", {}, `${t("column", p.column)}: ${p.message} `, el("code", { text: `[${p.code}]` })));
    });
    return;
  }
  if (answer.result === "error" && answer.diagram_only) {
    setStatus(status, t("diagramOnly"), "warn");
    return;
  }
  if (answer.result === "error") {
    const e = answer.error;
    setStatus(status, t("notFen", e.column, fieldName(e.field), e.message), false);
    problems.append(el("li", {}, `${t("column", e.column)}: ${e.message} `, el("code", { text: `[${e.code}]` })));
    markColumn($("fen-marked"), text, e.column);
    return;
  }
  setStatus(status, t("notLegal"), false);
  const texts = answer.explanation ? answer.explanation.problems.map((p) => p.text) : [];
  answer.problems.forEach((p, i) => {
    problems.append(el("li", {}, `${t("column", p.column)}: ${texts[i] || p.message} `, el("code", { text: `[${p.code}]` })));
  });
  if (answer.problems.length) markColumn($("fen-marked"), text, answer.problems[0].column);
}

async function checkFen() {
  const text = $("fen-input").value;
  const n = ticket("fen");
  if (currentTab === "position") writeAddress();
  if (!text.trim()) {
    renderFen(null, text);
    clearStatus($("fen-status"));
    return;
  }
  let answer;
  try {
    answer = await postJson("/api/fen", {
      fen: text,
      lang: ui,
      variant: $("fen-variant").value || null,
      flip: boards.fen.flip,
      allow: $("fen-allow").checked ? "all" : null,
    });
  } catch (e) {
    if (stale("fen", n)) return;
    renderFen(null, text);
    setStatus($("fen-status"), e.message, false);
    return;
  }
  if (stale("fen", n)) return;
  renderFen(answer, text);
}

function openInPosition(fen) {
  $("fen-input").value = fen;
  showTab("position");
  checkFen();
}

function playFrom(fen) {
  $("mv-fen").value = fen;
  $("mv-moves").value = "";
  showTab("moves");
  checkMoves({ adopt: true });
}

// ---- Board editor ----

const editor = { files: 8, squares: new Map(), piece: "K", history: [] };
const FIGURINES = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const FILES = "abcdefghij";
const ROLE_NAMES = {
  en: { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", A: "archbishop", C: "chancellor", P: "pawn" },
  de: { K: "König", Q: "Dame", R: "Turm", B: "Läufer", N: "Springer", A: "Erzbischof", C: "Kanzler", P: "Bauer" },
};

function buildPalette() {
  const palette = $("ed-palette");
  if (!palette) return;
  palette.replaceChildren();
  const roles = editor.files === 10 ? "KQRBNACP" : "KQRBNP";
  for (const color of ["white", "black"]) {
    for (const role of roles) {
      const letter = color === "white" ? role : role.toLowerCase();
      const name = `${t(color)} ${ROLE_NAMES[ui][role]}`;
      // The figurine and letter are what the eye reads; the piece's name is what a screen reader says.
      const button = el("button", { type: "button", title: `${name} (${letter})` },
        el("span", { "aria-hidden": "true", text: FIGURINES[letter] || letter }),
        el("small", { "aria-hidden": "true", text: FIGURINES[letter] ? letter : "" }),
        el("span", { class: "sr-only", text: name }));
      button.dataset.piece = letter;
      button.draggable = true;
      palette.append(button);
    }
  }
  const empty = ui === "de" ? "Feld leeren" : "empty a square";
  const eraser = el("button", { type: "button", title: empty },
    el("span", { "aria-hidden": "true", text: "✕" }), el("span", { class: "sr-only", text: empty }));
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

/// Remembers the editor as it is, for Undo, before a change.
function remember() {
  editor.history.push(editorFen());
  if (editor.history.length > 200) editor.history.shift();
  $("ed-undo").disabled = false;
}

function undoEdit() {
  const fen = editor.history.pop();
  $("ed-undo").disabled = editor.history.length === 0;
  if (fen === undefined) return;
  loadEditorFen(fen);
  buildPalette();
  refreshEditor();
}

async function refreshEditor(rewrite = true) {
  if (rewrite) $("ed-fen").value = editorFen();
  if (currentTab === "editor") writeAddress();
  await validateEditor($("ed-fen").value);
}

async function validateEditor(fen) {
  const status = $("ed-status");
  const problems = $("ed-problems");
  const n = ticket("editor");
  let answer;
  try {
    answer = await postJson("/api/fen", { fen, lang: ui, flip: boards.editor.flip });
  } catch (e) {
    if (stale("editor", n)) return;
    problems.replaceChildren();
    setStatus(status, e.message, false);
    return;
  }
  if (stale("editor", n)) return;
  problems.replaceChildren();
  if (answer.svg) drawBoard("editor", $("ed-board"), answer.svg, fen);
  if (answer.result === "ok") {
    setStatus(status, t("validPosition"), true);
  } else if (answer.result === "error" && answer.diagram_only) {
    setStatus(status, t("diagramOnly"), "warn");
  } else if (answer.result === "error") {
    setStatus(status, t("notFen", answer.error.column, fieldName(answer.error.field), answer.error.message), false);
  } else {
    setStatus(status, t("notLegal"), false);
    const texts = answer.explanation ? answer.explanation.problems.map((p) => p.text) : [];
    answer.problems.forEach((p, i) => problems.append(el("li", {}, (texts[i] || p.message) + " ", el("code", { text: `[${p.code}]` }))));
  }
}

function putPiece(square) {
  remember();
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
  remember();
  const square = target.getAttribute("data-square");
  if (piece) editor.squares.set(square, piece);
  else editor.squares.delete(square);
  refreshEditor();
}

/// A piece of the editor's board dragged to another square moves there; dragged off the board, it is removed.
function editorDragEnd(from, to) {
  const piece = editor.squares.get(from);
  if (!piece || from === to) return;
  remember();
  editor.squares.delete(from);
  if (to) editor.squares.set(to, piece);
  refreshEditor();
}

// ---- Dragging and clicking on a board ----

/// Pointer handling for a board of squares (`rect[data-square]`) and pieces (`use.piece`): `onClick(square)` for
/// a press and release in place, `onDrag(from, to)` for a piece carried to `to` (`null`: off the board);
/// `canDrag(square)` says which pieces may be lifted.
function boardPointer(container, { canDrag, onDrag, onClick, onPress }) {
  let drag = null;
  const squareAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    const square = hit && hit.closest && hit.closest("[data-square]");
    return square && container.contains(square) ? square.getAttribute("data-square") : null;
  };
  container.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const square = squareAt(event.clientX, event.clientY);
    if (!square) return;
    const svg = container.querySelector("svg");
    const piece = container.querySelector(`use.piece[data-square="${square}"]`);
    drag = { square, x: event.clientX, y: event.clientY, piece: piece && canDrag(square) ? piece : null, moved: false, svg };
    if (onPress) onPress(square, Boolean(drag.piece));
    if (drag.piece) {
      event.preventDefault();
      container.setPointerCapture(event.pointerId);
    }
  });
  container.addEventListener("pointermove", (event) => {
    if (!drag || !drag.piece) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    const matrix = drag.svg.getScreenCTM();
    const scale = matrix ? matrix.a : 1;
    drag.piece.style.pointerEvents = "none";
    drag.piece.classList.add("dragging");
    drag.piece.setAttribute("transform", `translate(${dx / scale} ${dy / scale})`);
  });
  const end = (event) => {
    if (!drag) return;
    const was = drag;
    drag = null;
    if (was.piece) {
      was.piece.removeAttribute("transform");
      was.piece.classList.remove("dragging");
      was.piece.style.pointerEvents = "";
    }
    if (event.type === "pointercancel") return;
    const target = squareAt(event.clientX, event.clientY);
    if (was.moved) onDrag(was.square, target);
    else if (target === was.square) onClick(was.square);
  };
  container.addEventListener("pointerup", end);
  container.addEventListener("pointercancel", end);
}

// ---- Moves ----

/// The line of the Moves screen: its start (`null`: the variant's start position), its moves in UCI, how each is
/// written, and the position shown (`current` moves played).
const line = { start: null, moves: [], written: [], current: 0, legal: [], full: null, selected: null };

function moveRequest(moves, extra) {
  return Object.assign({
    fen: line.start,
    moves,
    input_lang: $("mv-input-lang").value,
    lang: $("mv-lang").value,
    notation: $("mv-notation").value,
    words: ui,
    flip: boards.moves.flip,
    allow: $("mv-allow").checked ? "all" : null,
  }, extra || {});
}

/// Clears every part of the Moves screen, so that nothing of an earlier answer stays under a new error.
function clearMoves() {
  line.moves = [];
  line.written = [];
  line.current = 0;
  line.legal = [];
  line.full = null;
  line.selected = null;
  $("mv-score").replaceChildren();
  $("mv-list").replaceChildren();
  drawBoard("moves", $("mv-diagram"), "", "");
  boards.moves.pgn = "";
  $("mv-fen-out").textContent = "";
  clearStatus($("mv-position-status"));
  $("mv-undo").disabled = true;
}

/// Reads the typed moves (or `options.moves`, a line in UCI) and shows the line. `adopt`: the field is rewritten
/// with the line as the server writes it (after moves played by hand, or a line from the address).
async function checkMoves(options = {}) {
  const status = $("mv-status");
  const n = ticket("moves");
  const text = options.moves !== undefined ? options.moves : $("mv-moves").value;
  const start = $("mv-fen").value.trim() || null;
  let answer;
  try {
    answer = await postJson("/api/moves", Object.assign(moveRequest(text), { fen: start, input_lang: options.moves !== undefined ? $("mv-lang").value : $("mv-input-lang").value }));
  } catch (e) {
    if (stale("moves", n)) return;
    clearMoves();
    setStatus(status, e.message, false);
    return;
  }
  if (stale("moves", n)) return;
  line.start = start;
  showLine(answer, options);
}

function showLine(answer, options = {}) {
  const status = $("mv-status");
  line.moves = answer.moves.map((m) => m.uci);
  line.written = answer.moves.map((m) => m.written);
  line.full = answer;
  answer.flipped = boards.moves.flip;
  boards.moves.pgn = answer.pgn;
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
    button.addEventListener("click", () => viewMove(i + 1));
    item.append(button);
    list.append(item);
  });
  if (answer.error) {
    const e = answer.error;
    setStatus(status, t("moveError", e.index, e.number, e.white ? "." : "...", e.text, e.reason), false);
    score.append(" ", el("span", { class: "illegal", text: e.text }));
    list.append(el("li", {}, el("span", { class: "illegal", text: e.text, title: e.reason })));
  } else {
    const repetition = answer.repetition.fivefold ? t("fivefold") : answer.repetition.claimable ? t("threefold", answer.repetition.count) : "";
    const text = t("movesLegal", answer.moves.length) + (answer.status_text && answer.status !== "ongoing" ? ` — ${answer.status_text}` : "") + repetition;
    if (answer.allowed.length) {
      const broken = answer.allowed.map((p) => `${p.message} [${p.code}]`).join("; ");
      setStatus(status, t("fromBroken", text, broken), "warn");
    } else {
      setStatus(status, text, true);
    }
  }
  if (options.adopt && !answer.error) adoptScore(answer);
  const ply = options.ply === null || options.ply === undefined ? line.moves.length : Math.max(0, Math.min(options.ply, line.moves.length));
  if (ply === line.moves.length) showPosition(answer, ply);
  else viewMove(ply);
}

/// The typed field becomes the line as written by the server, read back in the same letters.
function adoptScore(answer) {
  $("mv-moves").value = answer.score;
  $("mv-input-lang").value = $("mv-lang").value;
}

/// Shows the position after `ply` moves of the line: the board, its FEN, what the rules say, its legal moves.
function showPosition(answer, ply) {
  line.current = ply;
  line.legal = answer.legal || [];
  line.selected = null;
  line.fen = answer.fen;
  drawBoard("moves", $("mv-diagram"), answer.svg, answer.fen);
  $("mv-fen-out").textContent = answer.fen;
  const sentence = answer.status_text || "";
  if (sentence) setStatus($("mv-position-status"), sentence, answer.status === "ongoing" ? "warn" : true);
  else clearStatus($("mv-position-status"));
  $("mv-undo").disabled = line.moves.length === 0;
  for (const button of document.querySelectorAll("#mv-list button")) {
    button.setAttribute("aria-current", String(Number(button.dataset.index) === ply));
  }
  if (currentTab === "moves") writeAddress();
}

async function viewMove(index) {
  if (!line.full) return;
  index = Math.max(0, Math.min(index, line.moves.length));
  if (index === line.moves.length) {
    // The end of the line: the answer already there, drawn again only when the board was flipped.
    const n = ticket("moves-view");
    if (line.full.flipped !== boards.moves.flip) {
      try {
        const answer = await postJson("/api/moves", Object.assign(moveRequest(line.moves.join(" ")), { input_lang: "en" }));
        if (stale("moves-view", n)) return;
        answer.flipped = boards.moves.flip;
        line.full = answer;
      } catch (e) {
        setStatus($("mv-status"), e.message, false);
        return;
      }
    }
    showPosition(line.full, index);
    return;
  }
  const n = ticket("moves-view");
  try {
    const answer = await postJson("/api/moves", Object.assign(moveRequest(line.moves.slice(0, index).join(" ")), { input_lang: "en" }));
    if (stale("moves-view", n)) return;
    showPosition(answer, index);
  } catch (e) {
    if (!stale("moves-view", n)) setStatus($("mv-status"), e.message, false);
  }
}

/// A move played by hand (its UCI, from the legal moves the server gave): the line up to the position shown,
/// and this move.
async function playMove(uci) {
  const moves = line.moves.slice(0, line.current).concat([uci]);
  hidePromotion();
  const n = ticket("moves");
  let answer;
  try {
    answer = await postJson("/api/moves", Object.assign(moveRequest(moves.join(" ")), { input_lang: "en" }));
  } catch (e) {
    if (!stale("moves", n)) setStatus($("mv-status"), e.message, false);
    return;
  }
  if (stale("moves", n)) return;
  answer.flipped = boards.moves.flip;
  showLine(answer, { adopt: true });
}

async function takeBack() {
  if (!line.moves.length) return;
  const moves = line.moves.slice(0, Math.max(0, line.current - 1));
  const n = ticket("moves");
  try {
    const answer = await postJson("/api/moves", Object.assign(moveRequest(moves.join(" ")), { input_lang: "en" }));
    if (stale("moves", n)) return;
    answer.flipped = boards.moves.flip;
    showLine(answer, { adopt: true });
  } catch (e) {
    if (!stale("moves", n)) setStatus($("mv-status"), e.message, false);
  }
}

/// The moves from `from` that putting the piece down on `to` makes (several only for a promotion's choices).
const movesTo = (from, to) => line.legal.filter((m) => m.from === from && m.drop.includes(to));

function markTargets(square) {
  const svg = $("mv-diagram").querySelector("svg");
  if (!svg) return;
  for (const old of svg.querySelectorAll(".selected, .target")) old.remove();
  line.selected = square;
  if (!square) return;
  const ns = "http://www.w3.org/2000/svg";
  const rect = svg.querySelector(`rect[data-square="${square}"]`);
  if (!rect) return;
  const size = Number(rect.getAttribute("width"));
  const mark = document.createElementNS(ns, "rect");
  for (const name of ["x", "y", "width", "height"]) mark.setAttribute(name, rect.getAttribute(name));
  mark.setAttribute("class", "selected");
  mark.setAttribute("data-square", square);
  svg.querySelector(".board").after(mark);
  const targets = new Set(line.legal.filter((m) => m.from === square).flatMap((m) => m.drop));
  for (const target of targets) {
    const cell = svg.querySelector(`rect.square[data-square="${target}"]`);
    if (!cell) continue;
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", String(Number(cell.getAttribute("x")) + size / 2));
    dot.setAttribute("cy", String(Number(cell.getAttribute("y")) + size / 2));
    dot.setAttribute("r", String(size / 7));
    dot.setAttribute("class", "target");
    dot.setAttribute("data-square", target);
    svg.append(dot);
  }
}

function tryMove(from, to) {
  const moves = movesTo(from, to);
  if (moves.length === 0) {
    markTargets(line.legal.some((m) => m.from === to) ? to : null);
    return;
  }
  if (moves.length === 1) {
    playMove(moves[0].uci);
    return;
  }
  showPromotion(moves);
}

/// The choice of the piece a pawn becomes: one button per piece the variant allows, named in the page's language.
function showPromotion(moves) {
  const box = $("promotion");
  const choices = $("promotion-choices");
  choices.replaceChildren();
  const white = line.fen && line.fen.split(" ")[1] === "w";
  for (const m of moves) {
    const letter = white ? m.promotion.toUpperCase() : m.promotion;
    const button = el("button", { type: "button", "data-promotion": m.promotion, "aria-label": m.promotion_name },
      el("span", { class: "figurine", "aria-hidden": "true", text: FIGURINES[letter] || letter.toUpperCase() }), " ", m.promotion_name);
    button.addEventListener("click", () => playMove(m.uci));
    choices.append(button);
  }
  box.hidden = false;
  choices.querySelector("button").focus();
}

function hidePromotion() {
  $("promotion").hidden = true;
}

// ---- PGN ----

let pgnFile = null;
/// The game shown on the board: the request it came from, its moves, and the move shown (`null`: the start).
const game = { query: null, body: null, data: null, current: null };

function pgnQuery() {
  const query = new URLSearchParams({
    input_lang: $("pgn-input-lang").value,
    lang: $("pgn-lang").value,
    notation: $("pgn-notation").value,
  });
  if ($("pgn-allow").checked) query.set("allow", "all");
  return query;
}

function clearPgn() {
  $("pgn-games").tBodies[0].replaceChildren();
  $("pgn-converted").value = "";
  $("pgn-download").disabled = true;
  $("game-view").hidden = true;
  game.data = null;
}

async function readPgn() {
  const status = $("pgn-status");
  const body = pgnFile || $("pgn-text").value;
  const n = ticket("pgn");
  if (!body || (typeof body === "string" && !body.trim())) {
    clearPgn();
    setStatus(status, t("pasteFirst"), false);
    return;
  }
  const query = pgnQuery();
  setStatus(status, t("reading"), true);
  let answer;
  try {
    answer = await api("/api/pgn?" + query, { method: "POST", headers: { "Content-Type": "application/x-chess-pgn" }, body });
  } catch (e) {
    if (stale("pgn", n)) return;
    clearPgn();
    setStatus(status, e.message, false);
    return;
  }
  if (stale("pgn", n)) return;
  clearPgn();
  const broken = answer.count - answer.valid;
  const outcome = broken > 0 ? false : answer.warnings > 0 ? "warn" : true;
  setStatus(status, t("pgnSummary", answer.count, answer.valid, broken, answer.warnings), outcome);
  const rows = $("pgn-games").tBodies[0];
  const headers = ["#", t("white"), t("black"), t("result"), t("event"), t("movesLabel")];
  for (const g of answer.games) {
    const tag = (name) => {
      const found = g.tags.find(([tagName]) => tagName === name);
      return found ? found[1] : "";
    };
    const open = el("button", { type: "button", class: "open-game", "data-game": String(g.number), "aria-label": `${t("openBoard")}: ${t("gameTitle", g.number, tag("White"), tag("Black"))}` }, t("openBoard"));
    open.addEventListener("click", () => openGame(g.number));
    const cells = [String(g.number), tag("White"), tag("Black"), tag("Result"), tag("Event"), String(g.moves)];
    rows.append(el("tr", { class: "game-row" }, ...cells.map((text, i) => el("td", { text, "data-label": headers[i] })), el("td", { class: "open" }, open)));
    // The problem on a row of its own, as wide as the table, so that it stays readable on a phone.
    if (g.error) {
      const e = g.error;
      const text = `${t("lineColumn", e.line, e.column)}: ${e.token ? `'${e.token}': ` : ""}${e.reason}`;
      rows.append(el("tr", { class: "problem" }, el("td", { class: "error", colspan: "7", text })));
    }
    // What was repaired to read the game (a Result tag that disagrees with the marker, ...), so that nothing
    // changes in the converted text without a word.
    for (const w of g.warnings) {
      const text = `${t("lineColumn", w.line, w.column)}: ${w.token ? `'${w.token}': ` : ""}${w.reason} [${w.code}]`;
      rows.append(el("tr", { class: "problem" }, el("td", { class: "warn", colspan: "7", text })));
    }
  }
  $("pgn-converted").value = answer.converted;
  $("pgn-download").disabled = !answer.converted;
  game.body = body;
  game.query = query;
  if (answer.games.length) openGame(answer.games[0].number, false);
}

function downloadPgn() {
  save(new Blob([$("pgn-converted").value], { type: "application/x-chess-pgn" }), "games.pgn");
}

const clockText = (seconds) => {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};

async function openGame(number, focus = true) {
  const n = ticket("game");
  let data;
  try {
    data = await api(`/api/game?number=${number}&` + game.query, { method: "POST", headers: { "Content-Type": "application/x-chess-pgn" }, body: game.body });
  } catch (e) {
    if (stale("game", n)) return;
    $("game-view").hidden = true;
    setStatus($("pgn-status"), e.message, false);
    return;
  }
  if (stale("game", n)) return;
  game.data = data;
  renderGame(data);
  $("game-view").hidden = false;
  // A game with an error opens where the error is, the others at their start.
  goToNode(data.error ? data.error.after : null);
  if (focus) $("game-diagram").focus();
}

function renderGame(data) {
  const tag = (name) => (data.tags.find(([tagName]) => tagName === name) || [])[1] || "";
  $("game-title").textContent = t("gameTitle", data.number, tag("White"), tag("Black"));
  boards.game.pgn = data.pgn || "";
  const notes = $("game-notes");
  notes.replaceChildren();
  const problemText = (p) => `${t("lineColumn", p.line, p.column)}: ${p.token ? `'${p.token}': ` : ""}${p.reason} [${p.code}]`;
  const mark = (p, kind) => el("span", { class: `game-${kind}`, role: "note", "data-code": p.code }, el("strong", { text: t(kind === "error" ? "errorHere" : "warningHere") + ": " }), problemText(p));
  const after = new Map();
  const put = (key, node) => { if (!after.has(key)) after.set(key, []); after.get(key).push(node); };
  for (const w of data.warnings) {
    if (w.place === "end" && w.after !== null) put(w.after, mark(w, "warning"));
    else if (w.place === "start") put("start", mark(w, "warning"));
    else notes.append(el("p", {}, mark(w, "warning")));
  }
  if (data.error) {
    if (data.error.place === "move") put(data.error.after, mark(data.error, "error"));
    else if (data.error.place === "start") put("start", mark(data.error, "error"));
    else notes.append(el("p", {}, mark(data.error, "error")));
  }
  const moves = $("game-moves");
  moves.replaceChildren();
  const start = el("button", { type: "button", class: "move start-move", "data-node": "start", text: t("startOfGame") });
  start.addEventListener("click", () => goToNode(null));
  moves.append(start, " ");
  for (const node of after.get("start") || []) moves.append(node, " ");
  moves.append(renderLine(data, data.main, true, after));
  if (data.result) moves.append(" ", el("span", { class: "result", text: data.result }));
}

/// A line of play as text: moves (buttons), their NAGs, clocks and comments, variations in brackets inside.
function renderLine(data, lineJson, main, after) {
  const box = el("span", { class: main ? "main-line" : "variation" });
  for (const text of lineJson.intro) box.append(el("span", { class: "comment", text }), " ");
  let numberNext = true;
  for (const id of lineJson.moves) {
    const node = data.nodes[id];
    if (node.white) box.append(el("span", { class: "number", text: `${node.number}.` }));
    else if (numberNext) box.append(el("span", { class: "number", text: `${node.number}...` }));
    numberNext = false;
    const glyphs = node.nags.map((n) => n.glyph || `$${n.nag}`).join("");
    const button = el("button", { type: "button", class: "move", "data-node": String(id) }, node.written + glyphs);
    button.addEventListener("click", () => goToNode(id));
    box.append(button);
    if (node.clock !== null) {
      box.append(el("span", { class: "clock" }, el("span", { "aria-hidden": "true", text: "◷" }),
        el("span", { class: "sr-only", text: `${t("clock")} ` }), clockText(node.clock)));
    }
    if (node.eval) box.append(el("span", { class: "eval", text: node.eval.mate !== undefined ? `#${node.eval.mate}` : (node.eval.pawns > 0 ? "+" : "") + node.eval.pawns.toFixed(2) }));
    for (const text of node.comments) {
      box.append(" ", el("span", { class: "comment", text }));
      numberNext = true;
    }
    for (const mark of after.get(id) || []) {
      box.append(" ", mark);
      numberNext = true;
    }
    for (const variation of node.variations) {
      box.append(" ", el("span", { class: "bracket", text: "(" }), renderLine(data, variation, false, after), el("span", { class: "bracket", text: ")" }));
      numberNext = true;
    }
    box.append(" ");
  }
  // No space before a variation's closing bracket.
  if (box.lastChild && box.lastChild.nodeType === Node.TEXT_NODE) box.lastChild.remove();
  return box;
}

async function goToNode(id) {
  if (!game.data) return;
  game.current = id;
  const node = id === null || id === undefined ? null : game.data.nodes[id];
  const fen = node ? node.fen : game.data.start_fen;
  for (const button of document.querySelectorAll("#game-moves .move")) {
    button.setAttribute("aria-current", String(button.dataset.node === (node ? String(id) : "start")));
  }
  $("game-fen").textContent = fen;
  const n = ticket("game-view");
  const request = { fen, lang: ui, flip: boards.game.flip, allow: $("pgn-allow").checked ? "all" : null };
  if (node && node.from) request.last_move = node.uci;
  try {
    const answer = await postJson("/api/fen", request);
    if (stale("game-view", n)) return;
    drawBoard("game", $("game-diagram"), answer.svg, fen);
    const sentence = answer.explanation && answer.explanation.status;
    if (sentence) setStatus($("game-position-status"), sentence, "warn");
    else clearStatus($("game-position-status"));
  } catch (e) {
    if (!stale("game-view", n)) setStatus($("game-position-status"), e.message, false);
  }
}

function stepGame(key) {
  if (!game.data) return;
  const nodes = game.data.nodes;
  const current = game.current === null || game.current === undefined ? null : nodes[game.current];
  if (key === "ArrowRight") {
    const next = current ? current.next : game.data.main.moves[0];
    if (next !== null && next !== undefined) goToNode(next);
  } else if (key === "ArrowLeft") {
    if (current) goToNode(current.prev);
  } else if (key === "Home") {
    goToNode(null);
  } else if (key === "End") {
    let id = current ? game.current : game.data.main.moves[0];
    if (id === undefined) return;
    while (nodes[id].next !== null) id = nodes[id].next;
    goToNode(id);
  }
}

// ---- Problems ----

let problemFile = null;

async function readProblems() {
  const status = $("pr-status");
  const list = $("pr-list");
  const n = ticket("problems");
  const text = problemFile !== null ? problemFile : $("pr-text").value;
  if (!text.trim()) {
    list.replaceChildren();
    setStatus(status, t("pasteProblem"), false);
    return;
  }
  let answer;
  try {
    answer = await postJson("/api/problem", { text, lang: ui, board: $("pr-board").value, notation: $("pr-notation").value });
  } catch (e) {
    if (stale("problems", n)) return;
    list.replaceChildren();
    setStatus(status, e.message, false);
    return;
  }
  if (stale("problems", n)) return;
  list.replaceChildren();
  const ignored = answer.ignored.length ? t("ignoredKeys", answer.ignored.join(", ")) : "";
  setStatus(status, t("problemsRead", answer.problems.length, answer.format) + ignored, true);
  for (const problem of answer.problems) list.append(problemCard(problem, text));
}

function problemCard(p, text) {
  const card = el("article", { class: "problem-card", "aria-labelledby": `problem-${p.number}-title` });
  const heading = [t("problemTitle", p.number), p.authors.join(", "), p.title].filter(Boolean).join(" — ");
  card.append(el("h3", { id: `problem-${p.number}-title`, text: heading }));
  const name = `problem-${p.number}`;
  boards[name] = { flip: false, svg: p.svg, fen: p.fen || "", redraw: () => redrawProblem(p.number) };
  const diagram = el("div", { class: "diagram", id: `${name}-diagram` });
  diagram.innerHTML = p.svg;
  const tools = el("div", { class: "board-tools", "data-board": name });
  buildTools(tools);
  const facts = el("dl", { class: "facts" });
  const add = (term, value) => {
    if (value === null || value === undefined || (Array.isArray(value) && !value.length)) return;
    facts.append(el("dt", { text: term }), el("dd", { text: Array.isArray(value) ? value.join("; ") : String(value) }));
  };
  add(t("stipulation"), p.stipulation);
  add(t("count"), p.count);
  add(t("conditions"), p.conditions);
  add(t("options"), p.options);
  add(t("twins"), p.twins);
  add(t("boardSize"), p.board_words);
  add(t("origin"), [p.origin, p.award].filter(Boolean).join(", ") || null);
  add("FEN", p.fen);
  const side = el("div", {}, facts);
  if (p.legend.length) {
    side.append(el("h4", { text: t("legend") }), el("ul", { class: "legend-list" }, ...p.legend.map((entry) => el("li", { text: entry }))));
  }
  if (p.refused) {
    side.append(el("p", { class: "status bad", text: t("noMovesListed") + p.refused.message + ` [${p.refused.code}]` }));
  } else {
    side.append(el("h4", { text: t("legalMoves", p.legal.length) }), el("ol", { class: "legal-moves" }, ...p.legal.map((m) => el("li", { text: m }))));
  }
  // A problem forsyth cannot play (an unknown condition, an illegal position) offers no Solve button: its refusal
  // above already says why.
  if (!p.refused) side.append(solveBox(p.number, text));
  const exports = el("details", { class: "exports" },
    el("summary", { text: `${t("popeyeInput")} · ${t("yacpdbEntry")}` }),
    el("label", { for: `${name}-popeye`, text: t("popeyeInput") }), el("textarea", { id: `${name}-popeye`, rows: "6", readonly: true, spellcheck: "false" }),
    el("label", { for: `${name}-yacpdb`, text: t("yacpdbEntry") }), el("textarea", { id: `${name}-yacpdb`, rows: "6", readonly: true, spellcheck: "false" }));
  exports.querySelector(`#${name}-popeye`).value = p.popeye;
  exports.querySelector(`#${name}-yacpdb`).value = p.yacpdb;
  side.append(exports);
  card.append(el("div", { class: "columns" }, el("div", { class: "board-box" }, diagram, tools), side));
  return card;
}

async function redrawProblem(number) {
  const text = problemFile !== null ? problemFile : $("pr-text").value;
  const board = boards[`problem-${number}`];
  try {
    const answer = await postJson("/api/problem", { text, lang: ui, board: $("pr-board").value, notation: $("pr-notation").value, flip: board.flip });
    const p = answer.problems[number - 1];
    board.svg = p.svg;
    $(`problem-${number}-diagram`).innerHTML = p.svg;
  } catch (e) {
    setStatus($("pr-status"), e.message, false);
  }
}

/// Solving: a time limit, a Solve button and a Cancel button, over `POST /api/solve` (docs/api.md); the solution
/// as problem journals print it. Cancel closes the request, and the server stops the search.
function solveBox(number, text) {
  const id = `solve-${number}`;
  const limit = el("input", { id: `${id}-limit`, type: "number", min: "1", max: "300", value: "60" });
  const go = el("button", { type: "button", class: "solve", id: `${id}-go` }, t("solve"));
  const cancel = el("button", { type: "button", class: "cancel-solve", id: `${id}-cancel`, disabled: true }, t("cancel"));
  const status = el("p", { class: "status", role: "status", id: `${id}-status` });
  const solution = el("pre", { class: "solution", id: `${id}-solution` });
  let controller = null;
  go.addEventListener("click", async () => {
    const seconds = Math.max(1, Math.min(300, Number(limit.value) || 60));
    controller = new AbortController();
    go.disabled = true;
    cancel.disabled = false;
    setStatus(status, t("solving", seconds), "warn");
    try {
      solution.textContent = "";
      const answer = await postJson("/api/solve", { text, problem: number, time_limit: seconds, lang: ui }, controller.signal);
      solution.textContent = answer.solution;
      const finished = answer.results.every((r) => r.finished);
      setStatus(status, answer.results.map((r) => r.text.trim().split("\n").pop()).join("; "), finished ? true : "warn");
    } catch (e) {
      setStatus(status, e.name === "AbortError" ? t("solveCancelled") : e.message, e.name === "AbortError" ? "warn" : false);
    } finally {
      go.disabled = false;
      cancel.disabled = true;
      controller = null;
    }
  });
  cancel.addEventListener("click", () => { if (controller) controller.abort(); });
  return el("div", { class: "solve-box" },
    el("div", { class: "row" }, el("label", { for: `${id}-limit`, text: t("timeLimit") }), limit, go, cancel), status, solution);
}

// ---- Start positions ----

async function showStart(random) {
  const status = $("st-status");
  const n = ticket("start");
  const variant = $("st-variant").value;
  const number = random ? "random" : $("st-number").value;
  try {
    const answer = await api(`/api/start?variant=${encodeURIComponent(variant)}&n=${encodeURIComponent(number)}&flip=${boards.start.flip}`);
    if (stale("start", n)) return;
    clearStatus(status);
    $("st-number").value = String(answer.number);
    $("st-fen").textContent = t("startNo", answer.variant, answer.number, answer.fen);
    drawBoard("start", $("st-diagram"), answer.svg, answer.fen);
  } catch (e) {
    if (stale("start", n)) return;
    $("st-fen").textContent = "";
    drawBoard("start", $("st-diagram"), "", "");
    setStatus(status, e.message, false);
  }
}

// ---- Wiring ----

function wireTabs() {
  const tabs = Array.from(document.querySelectorAll("#tabs [role=tab]"));
  for (const button of tabs) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
    button.addEventListener("keydown", (event) => {
      const i = tabs.indexOf(button);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      showTab(tabs[(to + tabs.length) % tabs.length].dataset.tab, true);
    });
  }
  for (const link of document.querySelectorAll("[data-go]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      showTab(link.dataset.go, true);
    });
  }
  $("brand").addEventListener("click", (event) => { event.preventDefault(); showTab("home", true); });
}

/// ← → Home End on a screen's board or move list, unless a text field has the keys.
function stepKeys(panel, step) {
  $(panel).addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const target = event.target;
    if (target.closest("input, textarea, select, [role=tab]")) return;
    event.preventDefault();
    step(event.key);
  });
}

document.addEventListener("DOMContentLoaded", async () => {
  const saved = (() => { try { return localStorage.getItem("forsyth-ui"); } catch (e) { return null; } })();
  ui = saved === "de" || saved === "en" ? saved : (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
  $("ui-lang").value = ui;
  applyLanguage();
  wireTabs();
  try {
    await fillMenus();
  } catch (e) {
    setStatus($("fen-status"), e.message, false);
    const home = $("home-lead");
    home.after(el("p", { class: "status bad", id: "home-status", role: "alert", text: e.message }));
  }
  $("ui-lang").addEventListener("change", () => {
    ui = $("ui-lang").value;
    try { localStorage.setItem("forsyth-ui", ui); } catch (e) { /* private windows keep no settings */ }
    applyLanguage();
    checkFen();
    refreshEditor(false);
    if (line.full) checkMoves({ moves: line.moves.join(" "), adopt: false, ply: line.current });
    if (game.data) openGame(game.data.number, false);
    if ($("pr-list").children.length) readProblems();
  });

  const liveFen = debounce(checkFen, 250);
  $("fen-input").addEventListener("input", liveFen);
  for (const id of ["fen-variant", "fen-allow"]) $(id).addEventListener("change", checkFen);
  $("fen-go").addEventListener("click", checkFen);
  $("fen-input").addEventListener("keydown", (e) => { if (e.key === "Enter") checkFen(); });
  $("fen-play").addEventListener("click", () => playFrom(boards.fen.fen || $("fen-input").value));

  $("ed-palette").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    editor.piece = button.dataset.piece;
    markPalette();
  });
  boardPointer($("ed-board"), {
    canDrag: (square) => editor.squares.has(square),
    onDrag: editorDragEnd,
    onClick: putPiece,
  });
  $("ed-palette").addEventListener("dragstart", (event) => {
    const button = event.target.closest("button");
    if (button) event.dataTransfer.setData("text/plain", button.dataset.piece);
  });
  $("ed-board").addEventListener("dragover", (event) => event.preventDefault());
  $("ed-board").addEventListener("drop", dropPiece);
  $("ed-size").addEventListener("change", () => {
    remember();
    editor.files = Number($("ed-size").value);
    loadEditorFen(startPosition(editor.files));
    buildPalette();
    refreshEditor();
  });
  $("ed-start").addEventListener("click", () => { remember(); loadEditorFen(startPosition(editor.files)); buildPalette(); refreshEditor(); });
  $("ed-clear").addEventListener("click", () => {
    remember();
    editor.squares = new Map();
    // An empty board has no king and no rook to castle with, and no pawn to take en passant.
    for (const c of ["K", "Q", "k", "q"]) $("ed-castle-" + c).checked = false;
    $("ed-ep").value = "";
    refreshEditor();
  });
  $("ed-undo").addEventListener("click", undoEdit);
  for (const id of ["ed-turn", "ed-castle-K", "ed-castle-Q", "ed-castle-k", "ed-castle-q"]) {
    $(id).addEventListener("pointerdown", () => remember());
    $(id).addEventListener("change", () => refreshEditor());
  }
  $("ed-ep").addEventListener("focus", remember);
  $("ed-ep").addEventListener("input", debounce(() => refreshEditor(), 300));
  $("ed-fen").addEventListener("focus", remember);
  $("ed-fen").addEventListener("input", debounce(() => {
    if (loadEditorFen($("ed-fen").value)) buildPalette();
    refreshEditor(false);
  }, 300));
  $("ed-open").addEventListener("click", () => openInPosition($("ed-fen").value));
  $("ed-play").addEventListener("click", () => playFrom($("ed-fen").value));
  // The editor opens on the start position, a legal one.
  loadEditorFen(startPosition(8));
  buildPalette();

  $("mv-go").addEventListener("click", () => checkMoves());
  $("mv-first").addEventListener("click", () => viewMove(0));
  $("mv-prev").addEventListener("click", () => viewMove(line.current - 1));
  $("mv-next").addEventListener("click", () => viewMove(line.current + 1));
  $("mv-last").addEventListener("click", () => viewMove(line.moves.length));
  $("mv-undo").addEventListener("click", takeBack);
  // Click-click and drag: a press on a piece that can move selects it and shows where it may go; a release in
  // place keeps it selected (a second press on it lets go), a press on one of its squares plays the move.
  boardPointer($("mv-diagram"), {
    canDrag: (square) => line.legal.some((m) => m.from === square),
    onPress: (square, liftable) => {
      line.before = line.selected;
      if (liftable && line.selected !== square) markTargets(square);
    },
    onDrag: (from, to) => { if (to && to !== from) tryMove(from, to); },
    onClick: (square) => {
      const before = line.before;
      if (before && before !== square && movesTo(before, square).length) tryMove(before, square);
      else if (before === square) markTargets(null);
      else if (!line.legal.some((m) => m.from === square)) markTargets(null);
    },
  });
  stepKeys("tab-moves", (key) => viewMove({ ArrowLeft: line.current - 1, ArrowRight: line.current + 1, Home: 0, End: line.moves.length }[key]));
  $("promotion-cancel").addEventListener("click", () => { hidePromotion(); markTargets(null); });
  $("promotion").addEventListener("keydown", (event) => { if (event.key === "Escape") { hidePromotion(); markTargets(null); } });

  $("pgn-file").addEventListener("change", () => {
    pgnFile = $("pgn-file").files[0] || null;
    if (pgnFile) {
      $("pgn-text").value = "";
      setStatus($("pgn-status"), t("fileSize", pgnFile.name, pgnFile.size), true);
      readPgn();
    }
  });
  $("pgn-text").addEventListener("input", () => { pgnFile = null; $("pgn-file").value = ""; });
  $("pgn-go").addEventListener("click", readPgn);
  $("pgn-download").addEventListener("click", downloadPgn);
  $("game-first").addEventListener("click", () => stepGame("Home"));
  $("game-prev").addEventListener("click", () => stepGame("ArrowLeft"));
  $("game-next").addEventListener("click", () => stepGame("ArrowRight"));
  $("game-last").addEventListener("click", () => stepGame("End"));
  stepKeys("game-view", stepGame);

  $("pr-file").addEventListener("change", async () => {
    const file = $("pr-file").files[0];
    if (!file) return;
    problemFile = await file.text();
    $("pr-text").value = problemFile;
    problemFile = null;
    readProblems();
  });
  $("pr-go").addEventListener("click", readProblems);
  for (const id of ["pr-board", "pr-notation"]) $(id).addEventListener("change", () => { if ($("pr-list").children.length) readProblems(); });

  $("st-go").addEventListener("click", () => showStart(false));
  $("st-random").addEventListener("click", () => showStart(true));
  $("st-open").addEventListener("click", () => { if (boards.start.fen) openInPosition(boards.start.fen); });
  $("st-play").addEventListener("click", () => { if (boards.start.fen) playFrom(boards.start.fen); });

  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.key !== "z" || event.target.closest("input, textarea")) return;
    if (currentTab === "moves") { event.preventDefault(); takeBack(); }
    if (currentTab === "editor") { event.preventDefault(); undoEdit(); }
  });

  checkFen();
  refreshEditor();
  showStart(false);
  if (!readAddress()) {
    showTab("home");
    checkMoves({ ply: null });
  } else if (currentTab !== "moves") {
    checkMoves({ ply: null });
  }
});
