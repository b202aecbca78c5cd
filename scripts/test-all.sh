#!/usr/bin/env bash
# The whole test suite: Rust unit, integration and doc tests, then the differential tests against independent
# implementations when their reference tools can be installed. Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc
