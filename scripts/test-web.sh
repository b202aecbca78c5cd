#!/usr/bin/env bash
# The web page in a real browser: installs Debian's chromium and chromium-driver with apt-get if missing, and
# axe-core (the accessibility audit) from npm into target/axe (never committed), then runs the browser tests of
# crates/forsyth-server (ignored by a plain `cargo test`, which has no browser) one at a time, and the load test
# with its figures printed. Fails if a browser test fails or does not run. Screenshots of every screen at 375 and
# 1280 px land in target/browser-screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

# Only what is missing: a machine may have npm from Node's own packages, which Debian's npm conflicts with.
missing=(fonts-dejavu-core)
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 1 ]; then
  apt_get=(apt-get)
  [ "$(id -u)" = 0 ] || apt_get=(sudo apt-get)
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "${missing[@]}" >/dev/null
fi
export CHROMIUM=${CHROMIUM:-$(command -v chromium)}
export CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)}

axe_dir=target/axe
if [ ! -f "$axe_dir/node_modules/axe-core/axe.min.js" ]; then
  mkdir -p "$axe_dir"
  (cd "$axe_dir" && npm install --no-save --no-audit --no-fund --silent axe-core@4)
fi
AXE_CORE=$(cd "$axe_dir/node_modules/axe-core" && pwd)/axe.min.js
export AXE_CORE

log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf target/browser-screenshots
started=$(date +%s)
# One browser at a time: the machine has two cores, and each test starts its own.
cargo test -p forsyth-chess-server --test browser -- --ignored --nocapture --test-threads=1 2>&1 | tee "$log"
echo "test-web: browser tests took $(( $(date +%s) - started )) s"
# A test that was filtered out or skipped passes with "0 passed": that is a failure here.
tests=$(grep -c '#\[ignore = "needs chromium' crates/forsyth-server/tests/browser.rs)
passed=$(grep -c '^test [a-z_]* \.\.\. ok$' "$log" || true)
[ "$passed" -eq "$tests" ] || { echo "test-web: $passed of $tests browser tests passed"; exit 1; }
ls target/browser-screenshots/*.png | wc -l

cargo test -p forsyth-chess-server --test load -- --nocapture
