#!/usr/bin/env bash
# `forsyth fen check` and `forsyth fen convert --ep legal` against the same work done by a shakmaty program
# (crates/forsyth-bench/src/bin/fen_lines_shakmaty.rs), timed as whole processes by scripts/time-pair.py (runs in
# turn, ratio per pair) on the first 90,000 FENs of the corpus. The two convert outputs are compared byte for byte
# first.
# Figures in BENCHMARKS.md. Usage: bash scripts/bench-fen-cli.sh [RUNS]   (needs python3, zstd; builds --profile dist)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
cargo build --profile dist -q -p forsyth-chess-cli -p forsyth-bench --bin forsyth --bin fen_lines_shakmaty
forsyth="$PWD/target/dist/forsyth"
shakmaty="$PWD/target/dist/fen_lines_shakmaty"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (Unpacked whole first: `head` closing the pipe early would stop zstd with SIGPIPE, an error under pipefail.)
zstd -dcq ../shared/corpus/3moves-frc.epd.zst > "$work/all-fens.txt"
head -n 90000 "$work/all-fens.txt" > "$work/fens.txt"
timer="$PWD/scripts/time-pair.py"
cd "$work"

"$forsyth" fen convert --ep legal < fens.txt > forsyth.out
"$shakmaty" convert < fens.txt > shakmaty.out
cmp forsyth.out shakmaty.out
echo "convert: both write the same $(wc -l < forsyth.out) FENs"

bench() {
  local name=$1 shakmaty_args=$2
  shift 2
  echo "== $name: forsyth $* (A) vs shakmaty $shakmaty_args (B)"
  python3 "$timer" -n "$runs" --vs "sh -c 'exec $shakmaty $shakmaty_args < fens.txt > b.out'" -- \
    sh -c "exec $forsyth $* < fens.txt > a.out" | grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
}

bench check check fen check
bench convert convert fen convert --ep legal
