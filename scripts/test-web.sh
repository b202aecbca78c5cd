#!/usr/bin/env bash
# The web page in a real browser: installs Debian's chromium and chromium-driver with apt-get if missing,
# then runs the browser test of crates/forsyth-server (ignored by a plain `cargo test`, which has no browser) and the
# load test with its figures printed. Fails if the browser test fails or does not run. Screenshots of every screen
# at 375 and 1280 px land in target/browser-screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  apt_get=(apt-get)
  [ "$(id -u)" = 0 ] || apt_get=(sudo apt-get)
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq chromium chromium-driver >/dev/null
fi
export CHROMIUM=${CHROMIUM:-$(command -v chromium)}
export CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test -p forsyth-server --test browser -- --ignored --nocapture 2>&1 | tee "$log"
# A test that was filtered out or skipped passes with "0 passed": that is a failure here.
grep -q '^test the_page_in_a_real_browser \.\.\. ok$' "$log" || { echo "test-web: the browser test did not run"; exit 1; }
ls target/browser-screenshots/*.png

cargo test -p forsyth-server --test load -- --nocapture
