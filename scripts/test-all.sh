#!/usr/bin/env bash
# The whole test suite: Rust unit, integration and doc tests, then the differential tests against independent
# implementations when their reference tools can be installed. Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc

# The README's tour of every command is real output: regenerated and compared (scripts/readme-tour.sh --write
# rewrites it after a change of output).
bash scripts/readme-tour.sh --check

# The library's optional serde feature: its tests and doctests.
cargo test -q -p forsyth-chess --features serde --test serde
cargo test -q -p forsyth-chess --features serde --doc serialization

# Differential tests against python-chess (installed quietly if missing).
if python3 -c 'import chess, sys; sys.exit(chess.__version__ != "1.11.2")' 2>/dev/null \
    || python3 -m pip install -q chess==1.11.2; then
  cargo build --release -q -p forsyth-chess-cli
  python3 tests/differential/fen_roundtrip.py target/release/forsyth
  # The positions that forsyth's retro analysis calls impossible and Sherlock does not: the independent
  # pawn-capture bound confirms the ones listed with it (tools/reference/sherlock_verdicts/README.md).
  python3 tools/reference/retro_captures.py --check crates/forsyth/tests/data/retro-sherlock-disagreements.tsv
  # Legal moves, SAN, FEN after every move, game state and PGN of whole games (seeded; see TESTING.md).
  mkdir -p target/differential
  python3 tests/differential/python_chess_games.py --games 150 > target/differential/python-chess.jsonl
  FORSYTH_PYTHON_CHESS_DUMP="$PWD/target/differential/python-chess.jsonl" \
    cargo test -q -p forsyth-chess --test differential_python_chess -- --ignored --nocapture
else
  echo "SKIPPED fen_roundtrip, differential_python_chess: python-chess 1.11.2 could not be installed"
  [ -z "${CI:-}" ] || { echo "CI must run the differential tests: failing"; exit 1; }
fi

# Differential test of the 10x8 variants against Fairy-Stockfish's Python binding (installed quietly if missing):
# fresh seeded random games in capablanca, caparandom, gothic, janus and embassy; forsyth must agree on every legal
# move list, SAN and FEN (crates/forsyth/tests/differential_pyffish.rs).
if python3 -c 'import pyffish' 2>/dev/null || python3 -m pip install -q pyffish; then
  python3 tests/differential/pyffish_10x8.py --out target/pyffish-10x8.tsv --games 4
  FORSYTH_PYFFISH_DATA="$PWD/target/pyffish-10x8.tsv" cargo test -q -p forsyth-chess --test differential_pyffish
  # Fairy pieces (grasshopper, nightrider, camel, zebra, pao, vao, leo, lion, mao) as pyffish custom pieces:
  # fresh seeded games and random sparse positions, every legal move list and perft 2 (differential_pyffish_fairy).
  python3 tests/differential/pyffish_fairy.py --out target/pyffish-fairy.tsv --games 20 --seed 3
  FORSYTH_PYFFISH_FAIRY_DATA="$PWD/target/pyffish-fairy.tsv" cargo test -q -p forsyth-chess --test differential_pyffish_fairy
  # Indicated lines of fairy pieces (`Ga1~d3`) listed by forsyth against a walk over Fairy-Stockfish's moves.
  (cd tests/differential && python3 pattern_fairy.py --out ../../target/pattern-fairy.tsv)
  FORSYTH_PATTERN_FAIRY_DATA="$PWD/target/pattern-fairy.tsv" cargo test -q -p forsyth-chess --test pattern_fairy
else
  echo "SKIPPED pyffish_10x8, pyffish_fairy: pyffish could not be installed"
  [ -z "${CI:-}" ] || { echo "CI must run the differential tests: failing"; exit 1; }
fi

# PGN files of other projects (python-chess's data/pgn, pychess's testing/gamefiles; tests/differential/data/pgn):
# forsyth's games, tags, moves, comments and errors against python-chess 1.11.2's, file by file (TESTING.md).
# Needs the zstd command for the compressed files.
if python3 -c 'import chess, sys; sys.exit(chess.__version__ != "1.11.2")' 2>/dev/null \
    || python3 -m pip install -q chess==1.11.2; then
  cargo build --release -q -p forsyth-chess-cli
  command -v zstd >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd; }
  python3 tests/differential/pgn_files.py target/release/forsyth
else
  echo "SKIPPED pgn_files: python-chess 1.11.2 could not be installed"
  [ -z "${CI:-}" ] || { echo "CI must run the differential tests: failing"; exit 1; }
fi

# pgn filter against pgn-extract (Debian package pgn-extract, installed if missing): the same selections by both on
# the bundled samples and slices of ../shared/corpus keep the same games (tests/differential/pgn_extract.sh;
# differences by design are in docs/pgn-extract.md).
command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ] \
  || { apt-get update -qq && apt-get install -y -qq pgn-extract; } || true
if command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ]; then
  cargo build --release -q -p forsyth-chess-cli
  command -v zstd >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd; }
  bash tests/differential/pgn_extract.sh target/release/forsyth
else
  echo "SKIPPED pgn_extract: pgn-extract could not be installed"
  [ -z "${CI:-}" ] || { echo "CI must run the differential tests: failing"; exit 1; }
fi

# The Python package (crates/forsyth-py): built into a virtual environment under target/, its pytest suite run,
# with a differential check against python-chess 1.11.2 through the Python API.
bash scripts/test-python.sh

# The web page in a real browser (Chromium over WebDriver; installs chromium and chromium-driver if missing), and
# the server's load test with its figures (crates/forsyth-server).
bash scripts/test-web.sh
