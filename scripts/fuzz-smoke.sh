#!/usr/bin/env bash
# Smoke run of every cargo-fuzz target under fuzz/: FUZZ_SECONDS each (default 20), starting from the seed
# inputs in fuzz/seeds/<target>/ and the local corpus. Fails if any target crashes (panic, overflow with debug
# assertions), hangs (one input over 10 s), leaks (LeakSanitizer) or needs over 2 GB. Installs cargo-fuzz if
# missing; builds on stable with RUSTC_BOOTSTRAP=1. A crash leaves its input in fuzz/artifacts/<target>/: copy it
# to crates/forsyth/tests/regressions/<target>/ so that `cargo test` replays it (see TESTING.md).
#
# Usage: bash scripts/fuzz-smoke.sh [TARGET...]      (FUZZ_SECONDS=60 bash scripts/fuzz-smoke.sh for longer runs)
# FUZZ_SEED=N fixes libFuzzer's random seed (CI does; unset, each run explores anew).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${FUZZ_SECONDS:-20}
export RUSTC_BOOTSTRAP=1 CARGO_TERM_COLOR=never

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz-smoke: installing cargo-fuzz"
  cargo install -q cargo-fuzz --locked
fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
# cargo-fuzz's default build: optimised, with debug assertions, so that an arithmetic overflow is a crash too.
cargo fuzz build

seed=()
[ -z "${FUZZ_SEED:-}" ] || seed=(-seed="$FUZZ_SEED")

failed=()
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target" "seeds/$target"
  echo "fuzz-smoke: $target for ${seconds}s"
  if ! cargo fuzz run "$target" "corpus/$target" "seeds/$target" -- \
      -max_total_time="$seconds" "${seed[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
      >"/tmp/fuzz-smoke-$target.log" 2>&1; then
    tail -40 "/tmp/fuzz-smoke-$target.log"
    echo "fuzz-smoke: $target FAILED; input saved under fuzz/artifacts/$target/:"
    ls -1 "artifacts/$target/" 2>/dev/null | tail -3
    failed+=("$target")
  else
    grep -aE "^Done|stat::number_of_executed_units" "/tmp/fuzz-smoke-$target.log" | head -1
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz-smoke: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz-smoke: ${#targets[@]} targets, ${seconds}s each, no crash, hang or leak"
