#!/usr/bin/env bash
# Benchmarks of `forsyth pgn export`, figures in BENCHMARKS.md:
#  1. export of games+moves to Parquet against `forsyth pgn check` on the same file, one thread (target <= 1.3x);
#  2. export with --jobs 2 against --jobs 1;
#  3. peak memory (/usr/bin/time -v) of the export of the largest corpus file;
#  4. export against a python-chess + pyarrow script building the same two tables (export_baseline.py; target
#     >= 50x), on the first GAMES games of the file.
# Each timing is the best of ROUNDS runs, wall time and processor time (user + system; on a shared, loaded
# machine the wall time measures the load as much as the export). Needs a release build (cargo build --profile dist -p forsyth-chess-cli) and the
# venv of scripts/test-python.sh (python-chess, pyarrow).
#
#     crates/forsyth-py/bench/export-bench.sh [FILE.pgn.zst] [ROUNDS] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/../../.."
file=${1:-../shared/corpus/tcec-standard-sample.pgn.zst}
rounds=${2:-3}
games=${3:-300}
bin=target/dist/forsyth
python=target/python-venv/bin/python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

best() { # best wall time in seconds of ROUNDS runs of "$@"; the least processor time (user + system) of those
  # runs goes to the file $work/cpu: on a shared, loaded machine it says more than the wall time
  local best= cpu=
  for _ in $(seq "$rounds"); do
    local start end t c
    start=$(date +%s.%N)
    /usr/bin/time -f '%U %S' -o "$work/time1" "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    c=$(awk '{print $1 + $2}' "$work/time1")
    if [ -z "$best" ] || (( $(echo "$t < $best" | bc -l) )); then best=$t; fi
    if [ -z "$cpu" ] || (( $(echo "$c < $cpu" | bc -l) )); then cpu=$c; fi
  done
  printf '%.3f' "$cpu" > "$work/cpu"
  printf '%.3f' "$best"
}

zstd -dcq "$file" > "$work/input.pgn"
echo "file: $file ($(stat -c %s "$work/input.pgn") bytes unpacked), best of $rounds"
check=$(best "$bin" pgn check "$work/input.pgn"); check_cpu=$(cat "$work/cpu")
export1=$(best "$bin" pgn export --overwrite --to "$work/out1" "$work/input.pgn"); export1_cpu=$(cat "$work/cpu")
export2=$(best "$bin" pgn export --overwrite --jobs 2 --to "$work/out2" "$work/input.pgn"); export2_cpu=$(cat "$work/cpu")
check2=$(best "$bin" pgn check --jobs 2 "$work/input.pgn"); check2_cpu=$(cat "$work/cpu")
ratio() { echo "$1 / $2" | bc -l | cut -c1-4; }
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pgn check, 1 thread:                      $check s wall, $check_cpu s cpu"
echo "pgn export games+moves parquet, 1 thread: $export1 s wall, $export1_cpu s cpu" \
  "($(ratio "$export1" "$check")x check's wall, $(ratio "$export1_cpu" "$check_cpu")x its cpu)"
echo "pgn check --jobs 2:                       $check2 s wall, $check2_cpu s cpu" \
  "($(ratio "$check" "$check2")x faster than 1 thread)"
echo "pgn export --jobs 2:                      $export2 s wall, $export2_cpu s cpu" \
  "($(ratio "$export1" "$export2")x faster than 1 thread)"
/usr/bin/time -v "$bin" pgn export --overwrite --to "$work/out3" "$file" 2> "$work/time.txt" >/dev/null
echo "peak RSS of the export of $file: $(grep 'Maximum resident' "$work/time.txt" | awk '{print $NF}') KiB"

# The python-chess baseline on the first GAMES games.
awk -v n="$games" '/^\[Event /{g++} g>n{exit} {print}' "$work/input.pgn" > "$work/slice.pgn"
ours=$(best "$bin" pgn export --overwrite --to "$work/out4" "$work/slice.pgn")
start=$(date +%s.%N)
"$python" crates/forsyth-py/bench/export_baseline.py "$work/slice.pgn" "$work/baseline"
theirs=$(echo "$(date +%s.%N) - $start" | bc -l)
printf 'first %s games: forsyth pgn export %s s, python-chess + pyarrow %.3f s (%.0fx)\n' \
  "$games" "$ours" "$theirs" "$(echo "$theirs / $ours" | bc -l)"
