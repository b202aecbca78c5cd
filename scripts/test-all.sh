#!/usr/bin/env bash
# The whole test suite: Rust unit, integration and doc tests, then the differential tests against independent
# implementations when their reference tools can be installed. Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc

# Differential tests against python-chess (installed quietly if missing).
if python3 -c 'import chess, sys; sys.exit(chess.__version__ != "1.11.2")' 2>/dev/null \
    || python3 -m pip install -q chess==1.11.2; then
  cargo build --release -q -p forsyth-cli
  python3 tests/differential/fen_roundtrip.py target/release/forsyth
else
  echo "SKIPPED fen_roundtrip: python-chess 1.11.2 could not be installed"
fi
