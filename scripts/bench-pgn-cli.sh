#!/usr/bin/env bash
# `forsyth pgn check` (one thread and --jobs 2) against pgn-reader + shakmaty doing pgn-reader's `validate` work
# (crates/forsyth-bench/src/bin/pgn_validate_shakmaty.rs), timed as whole processes by scripts/time-pair.py (runs in
# turn, ratio per pair) on the unpacked corpus files: openings-books (human games, short, 8 tags each) and the TCEC
# sample (engine games, a long comment on every move). Both programs must count the same games without errors first.
# Figures in BENCHMARKS.md. Usage: bash scripts/bench-pgn-cli.sh [RUNS]   (needs python3, zstd; builds --release)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
cargo build --release -q -p forsyth-cli -p forsyth-bench --bin forsyth --bin pgn_validate_shakmaty --bin core_to_core
forsyth="$PWD/target/release/forsyth"
anchor="$PWD/target/release/pgn_validate_shakmaty"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The host's state, which moves `--jobs 2` figures (BENCHMARKS.md, "How fast the two cores talk").
state="$PWD/target/release/core_to_core"
"$state"
for name in openings-books tcec-standard-sample; do
  zstd -dcq "../shared/corpus/$name.pgn.zst" > "$work/$name.pgn"
  file="$work/$name.pgn"
  echo "== $name: $("$anchor" "$file") (pgn-reader); forsyth: $("$forsyth" pgn check "$file")"
  for jobs in 1 2; do
    echo "-- forsyth pgn check --jobs $jobs (A) vs pgn-reader + shakmaty (B)"
    python3 scripts/time-pair.py -n "$runs" --vs "$anchor $file" -- "$forsyth" pgn check --jobs "$jobs" "$file" |
      grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
  done
done
"$state"
