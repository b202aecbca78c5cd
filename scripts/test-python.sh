#!/usr/bin/env bash
# The Python package's tests: builds crates/forsyth-py into a virtual environment under target/ (with maturin,
# pytest, python-chess 1.11.2 as the differential reference, zstandard to write .zst files, pyarrow for
# forsyth.pgn.to_arrow, DuckDB to read the Parquet tables of `forsyth pgn export`, and Dask for the recipe in
# examples/dask), then runs its pytest suite and the Dask recipe's test. Fails when pytest fails or runs no test (pytest exits 5 then). See TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian ships venv's pip bootstrap (ensurepip) in the package python3-venv.
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  sudo_if_needed=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo_if_needed apt-get update -qq
  $sudo_if_needed apt-get install -y -qq python3-venv
fi

venv="$PWD/target/python-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check 'maturin>=1.5,<2' pytest chess==1.11.2 zstandard \
  'pyarrow>=15' duckdb 'dask[dataframe,distributed]>=2024.1'

# maturin develop installs into the active virtual environment.
(
  export VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH"
  maturin develop --release --quiet -m crates/forsyth-py/Cargo.toml
)
# The export tests run `forsyth pgn export` and read its Parquet with DuckDB.
cargo build -q -p forsyth-cli
export FORSYTH_BIN="$PWD/target/debug/forsyth"
"$venv/bin/python" -m pytest -q -p no:cacheprovider crates/forsyth-py/tests
# The Dask recipe (examples/dask): a LocalCluster of two worker processes on loopback, stopped by the test; the
# time limit ends it whatever happens.
timeout 600 "$venv/bin/python" -m pytest -q -p no:cacheprovider examples/dask
