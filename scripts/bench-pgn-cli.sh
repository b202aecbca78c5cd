#!/usr/bin/env bash
# `forsyth pgn check` (one thread and --jobs 2) against pgn-reader + shakmaty doing pgn-reader's `validate` work
# (crates/forsyth-bench/src/bin/pgn_validate_shakmaty.rs: every main-line move resolved and played, variations
# skipped), timed as whole processes by scripts/time-pair.py (runs in turn, ratio per pair) on three files:
# - openings: the corpus's opening books (short games, no comments);
# - tcec: the corpus's TCEC sample (engine games, a long comment on every move);
# - human: games of human players with clocks, comments and variations, the kind the one-thread targets name: the
#   repository's public files of such games (sources in TESTING.md; one Latin-1 file turned into UTF-8, a
#   byte-order mark dropped) one after the other, 2,371 games, repeated 15 times (35,565 games, 83 MB). On it the
#   anchor also runs with `--variations` (every variation's moves resolved and played too): the same work as
#   forsyth, which checks every move of every variation. The anchor reports 615 games with errors there (41 a copy):
#   shakmaty's SAN reader refuses a promotion written without `=` (`b8Q+`), which forsyth reads, and stops those
#   games at that move.
# Figures in BENCHMARKS.md. Usage: bash scripts/bench-pgn-cli.sh [RUNS]   (needs python3, zstd, iconv; builds
# --profile dist)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
cargo build --profile dist -q -p forsyth-chess-cli -p forsyth-bench --bin forsyth --bin pgn_validate_shakmaty --bin core_to_core
forsyth="$PWD/target/dist/forsyth"
anchor="$PWD/target/dist/pgn_validate_shakmaty"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The host's state, which moves `--jobs 2` figures (BENCHMARKS.md, "The machine and how to read the figures").
state="$PWD/target/dist/core_to_core"
"$state"
zstd -dcq ../shared/corpus/openings-books.pgn.zst > "$work/openings.pgn"
zstd -dcq ../shared/corpus/tcec-standard-sample.pgn.zst > "$work/tcec.pgn"
{
  zstd -dcq crates/forsyth/tests/data/chesslib/cup.pgn.zst
  echo
  zstd -dcq tests/differential/data/pgn/pychess/world_matches.pgn.zst
  echo
  zstd -dcq tests/differential/data/pgn/pychess/dortmund.pgn.zst | iconv -f latin1 -t utf-8
  echo
  zstd -dcq crates/forsyth/tests/data/chesslib/redqueen.pgn.zst | sed '1s/^\xEF\xBB\xBF//'
  echo
  zstd -dcq crates/forsyth/tests/data/chesslib/linares_2002.pgn.zst
  echo
  zstd -dcq crates/forsyth/tests/data/pgn-parser/twic-01-232games.pgn.zst
  echo
} > "$work/human-once.pgn"
for _ in $(seq 15); do cat "$work/human-once.pgn"; done > "$work/human.pgn"
for name in openings tcec human; do
  file="$work/$name.pgn"
  echo "== $name: $("$anchor" "$file") (pgn-reader); forsyth: $("$forsyth" pgn check "$file")"
  anchors=("")
  [ "$name" = human ] && anchors+=("--variations")
  for variations in "${anchors[@]}"; do
    for jobs in 1 2; do
      echo "-- forsyth pgn check --jobs $jobs (A) vs pgn-reader + shakmaty ${variations:-main lines only} (B)"
      python3 scripts/time-pair.py -n "$runs" --vs "$anchor $variations $file" -- "$forsyth" pgn check --jobs "$jobs" "$file" |
        grep -E '^(A|B) (wall|cpu)|A/B (wall|cpu)'
    done
  done
done
"$state"
