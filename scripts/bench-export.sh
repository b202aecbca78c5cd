#!/usr/bin/env bash
# `forsyth pgn export` against its targets (BENCHMARKS.md, "Games as tables"): games + moves to Parquet on one thread against
# `forsyth pgn check` on the same file (processor time), and `--jobs 2` against one thread (wall), timed as whole
# processes by scripts/time-pair.py (runs in turn, ratio per pair) on the unpacked corpus files. The host's
# core-to-core latency is printed before and after (BENCHMARKS.md, "The machine and how to read the figures").
# Figures in BENCHMARKS.md. Usage: bash scripts/bench-export.sh [RUNS]   (needs python3, zstd; builds --profile dist)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
cargo build --profile dist -q -p forsyth-chess-cli -p forsyth-bench --bin forsyth --bin core_to_core
forsyth="$PWD/target/dist/forsyth"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state="$PWD/target/dist/core_to_core"
"$state"
for name in openings-books tcec-standard-sample; do
  zstd -dcq "../shared/corpus/$name.pgn.zst" > "$work/$name.pgn"
  file="$work/$name.pgn"
  echo "== $name: $("$forsyth" pgn export "$file" --to "$work/out" --overwrite)"
  export_one=("$forsyth" pgn export "$file" --to "$work/a" --overwrite --jobs 1)
  echo "-- forsyth pgn export --jobs 1 (A) vs forsyth pgn check (B): target A/B cpu <= 1.3"
  python3 scripts/time-pair.py -n "$runs" --vs "$forsyth pgn check $file" -- "${export_one[@]}" |
    grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
  echo "-- forsyth pgn export --jobs 2 (A) vs --jobs 1 (B): target A/B wall <= 0.588 (1.7x)"
  python3 scripts/time-pair.py -n "$runs" --vs "${export_one[*]}" -- \
    "$forsyth" pgn export "$file" --to "$work/b" --overwrite --jobs 2 | grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
done
"$state"
