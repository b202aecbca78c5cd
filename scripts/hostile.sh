#!/usr/bin/env bash
# The hostile-input cases at full size (slow: a few minutes; not part of CI, which runs them at 1/4 to 1/8 of it).
# Library: the cases of crates/forsyth/tests/hostile.rs with HOSTILE_SCALE=4 (a 512 MiB comment, a 1 GiB line
# with no newline), printing each case's peak resident set. CLI: the same streams piped through `forsyth pgn
# check`, with peak memory and time from /usr/bin/time. Figures go in TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${HOSTILE_SCALE:-4}

HOSTILE_SCALE=$scale cargo test -q -p forsyth-chess --test hostile -- --nocapture --test-threads=1 2>&1 \
  | grep -E "peak|test result|panicked|FAILED"

cargo build --release -q -p forsyth-chess-cli
forsyth=target/release/forsyth
measure() {  # measure NAME: runs the command on stdin, prints exit status, peak RSS and time
  local name=$1; shift
  local status=0
  /usr/bin/time -f "%M %e" -o /tmp/hostile-time "$@" >/tmp/hostile-out 2>&1 || status=$?
  read -r kib secs < <(tail -1 /tmp/hostile-time)
  printf '%-44s exit %s  peak %6d MiB  %6.1f s  %s\n' "$name" "$status" $((kib / 1024)) "$secs" \
    "$(grep -a -m1 -o 'game-too-large\|\[[a-z.-]*\]' /tmp/hostile-out || true)"
}
gib=$((1 << 30))
measure "pgn check: 1 GiB line, no newline" \
  bash -c "yes 'Nf3 Nf6 Ng1 Ng8' | tr '\n' ' ' | head -c $gib | $forsyth pgn check"
measure "pgn check: 100 MB comment" \
  bash -c "{ printf '1. e4 {'; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '} e5 *\n'; } | $forsyth pgn check"
measure "pgn check: 100,000 nested variations" \
  bash -c "{ printf '1. e4 '; yes '( 1. d4' | head -n 100000 | tr '\n' ' '; yes ')' | head -n 100000 | tr -d '\n'; echo ' *'; } | $forsyth pgn check"
measure "pgn check: 1 MB tag value" \
  bash -c "{ printf '[Event \"'; head -c 1000000 /dev/zero | tr '\0' 'x'; printf '\"]\n\n1. e4 *\n'; } | $forsyth pgn check"
measure "pgn check: 1,000,000 moves" \
  bash -c "python3 -c \"import sys; sys.stdout.write(''.join(f'{2*n+1}. Nf3 Nf6 {2*n+2}. Ng1 Ng8 ' for n in range(250000)) + '*\\n')\" | $forsyth pgn check"
measure "pgn check: 100 MB random bytes" \
  bash -c "head -c 100000000 /dev/urandom | $forsyth pgn check"
measure "fen check: 10,000 ranks" \
  bash -c "$forsyth fen check \"\$(python3 -c \"print('8/' * 9999 + '8 w - - 0 1')\")\""
