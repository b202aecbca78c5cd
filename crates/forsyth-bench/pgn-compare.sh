#!/usr/bin/env bash
# Parse and validate every move of a PGN file with forsyth (1 and 2 threads), pgn-extract and python-chess;
# wall time, games/s, MiB/s and peak RSS for each. pgn-reader + shakmaty runs in-process: see src/bin/pgn.rs.
#
# Usage: crates/forsyth-bench/pgn-compare.sh FILE.pgn[.zst] [PYTHON_GAMES]
#   Installs pgn-extract (apt) and python-chess 1.11.2 (pip) if missing. python-chess is slow: it reads only the
#   first PYTHON_GAMES games (default 20000) and its rate is extrapolated from those.
set -euo pipefail
cd "$(dirname "$0")/../.."

input=${1:?usage: pgn-compare.sh FILE.pgn[.zst] [PYTHON_GAMES]}
python_games=${2:-20000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

file="$input"
case "$input" in
  *.zst) file="$work/input.pgn"; zstd -q -d -c "$input" > "$file" ;;
esac
mib=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1048576 }')

command -v pgn-extract > /dev/null || { apt-get update -qq && apt-get install -y -qq pgn-extract > /dev/null; } || true
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
python3 -c 'import chess' 2> /dev/null || pip install -q chess==1.11.2 > /dev/null 2>&1 || true

cargo build -q --profile dist -p forsyth-chess-cli
forsyth=target/dist/forsyth

# run NAME GAMES COMMAND...: prints wall seconds, rates and peak RSS.
run() {
  local name=$1 games=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
  read -r seconds rss < "$work/time"
  awk -v n="$name" -v s="$seconds" -v g="$games" -v m="$mib" -v r="$rss" 'BEGIN {
    printf "%-28s %8.2f s %10.0f games/s %8.1f MiB/s %8.1f MiB peak RSS\n", n, s, g / s, m / s, r / 1024 }'
}

games=$("$forsyth" pgn check "$file" | tail -n 1 | awk '{ print $1 }')
echo "$input: $mib MiB, $games games"
run "forsyth pgn check" "$games" "$forsyth" pgn check "$file"
run "forsyth pgn check --jobs 2" "$games" "$forsyth" pgn check --jobs 2 "$file"
if [ -x "$PGN_EXTRACT" ]; then
  # -s: silent; -o /dev/null: parse, check every move, write nothing.
  run "pgn-extract 19.04" "$games" "$PGN_EXTRACT" -s -o /dev/null "$file"
else
  echo "pgn-extract: not installed, skipped"
fi
if python3 -c 'import chess' 2> /dev/null; then
  cat > "$work/read.py" << 'EOF'
import sys, chess.pgn
limit = int(sys.argv[2])
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    n = 0
    while n < limit and chess.pgn.read_game(f) is not None:
        n += 1
print(n)
EOF
  sample=$(( games < python_games ? games : python_games ))
  # Scale: the rate over the first games, and the MiB/s as if the whole file were read at that rate.
  /usr/bin/time -f "%e %M" -o "$work/time" python3 "$work/read.py" "$file" "$sample" > /dev/null
  read -r seconds rss < "$work/time"
  awk -v s="$seconds" -v g="$sample" -v all="$games" -v m="$mib" -v r="$rss" 'BEGIN {
    rate = g / s; printf "%-28s %8.2f s %10.0f games/s %8.1f MiB/s %8.1f MiB peak RSS  (%d games read)\n",
    "python-chess 1.11.2", s, rate, m * rate / all, r / 1024, g }'
else
  echo "python-chess: not installed, skipped"
fi
