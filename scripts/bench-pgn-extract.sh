#!/usr/bin/env bash
# Selections by `forsyth pgn filter` against the same selections by pgn-extract, timed as whole processes by
# scripts/time-pair.py (runs in turn, ratio per pair) on the corpus's PGN files, unpacked first. Figures in
# BENCHMARKS.md.
# Usage: bash scripts/bench-pgn-extract.sh [RUNS]     (needs python3, pgn-extract, zstd; builds --profile dist)
# FORSYTH=path/to/forsyth times that binary instead of building one (e.g. target/profiling/forsyth, the release
# build with debug information).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
if [ -n "${FORSYTH:-}" ]; then
  forsyth=$(realpath "$FORSYTH")
else
  cargo build --profile dist -q -p forsyth-chess-cli
  forsyth="$PWD/target/dist/forsyth"
fi
extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zstd -dcq ../shared/corpus/tcec-standard-sample.pgn.zst > "$work/tcec.pgn"
zstd -dcq ../shared/corpus/openings-books.pgn.zst > "$work/openings.pgn"
printf 'WhiteElo >= "3500"\n' > "$work/elo.tags"
timer="$PWD/scripts/time-pair.py"
cd "$work"

bench() {
  local name=$1 extract_options=$2 file=$3
  shift 3
  echo "== $name ($file): forsyth $* vs pgn-extract $extract_options"
  # pgn-extract's command line as a script: its options may hold spaces (a FEN).
  printf '%s\n' "exec $extract -s --quiet $extract_options -o/dev/null $file" > "extract-$name.sh"
  python3 "$timer" -n "$runs" --vs "sh $work/extract-$name.sh" -- \
    "$forsyth" pgn filter "$@" -o /dev/null "$file" | grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
}

bench player "-TpStockfish" tcec.pgn --where 'Player =~ "^Stockfish"'
bench player-2-jobs "-TpStockfish" tcec.pgn --where 'Player =~ "^Stockfish"' --jobs 2
bench elo "-telo.tags" tcec.pgn --where 'WhiteElo >= 3500'
bench position "'-Tfrnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2'" openings.pgn \
  --position 'rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2'
bench dedupe "-D" openings.pgn --dedupe
bench dedupe-2-jobs "-D" openings.pgn --dedupe --jobs 2
bench result "-Tr1-0" openings.pgn --result 1-0
bench result-plies "-Tr1-0 -pl60" openings.pgn --result 1-0 --plies 60-
