#!/usr/bin/env bash
# The Python package's tests: builds crates/forsyth-py's wheel and installs it into a virtual environment under
# target/ (with maturin, pytest, python-chess 1.11.2 as the differential reference, zstandard to write .zst files,
# pyarrow for forsyth.pgn.to_arrow, DuckDB to read the Parquet tables of `forsyth pgn export`, and Dask for the
# recipe in examples/dask); installs the same wheel alone into a fresh virtual environment and checks the README's
# Python section there; then runs the pytest suite and the Dask recipe's test. Fails when pytest fails or runs no
# test (pytest exits 5 then). See TESTING.md.
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

# The wheel, built as the README's `pip install ./crates/forsyth-py` builds it (pip calling maturin's build backend,
# the release profile), but once and without build isolation: maturin is in the venv, and nothing is downloaded.
wheels="$PWD/target/python-wheel"
rm -rf "$wheels"
PATH="$venv/bin:$PATH" "$venv/bin/python" -m pip wheel -q --disable-pip-version-check --no-deps \
  --no-build-isolation -w "$wheels" ./crates/forsyth-py
wheel=$(echo "$wheels"/forsyth-*.whl)
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheel"

# The README's Python section as a newcomer meets it: the wheel alone in a fresh virtual environment, with no extra
# (so no pyarrow) and no index to download from. The package imports, says its version, runs the README's example
# and the `forsyth` command, and to_arrow's error says what to install.
fresh="$PWD/target/python-fresh-venv"
readme="$PWD/README.md"
rm -rf "$fresh"
python3 -m venv "$fresh"
timeout 300 "$fresh/bin/python" -m pip install -q --disable-pip-version-check --no-index "$wheel"
"$venv/bin/python" - "$fresh" <<'PY'
# The README example's games.pgn.zst, written with zstandard from the test venv (the fresh one has none).
import sys, zstandard
games = '[White "Anna"]\n[Black "Ben"]\n\n1. e4 e5 2. Nf3 *\n'
with open(f"{sys.argv[1]}/games.pgn.zst", "wb") as out:
    out.write(zstandard.ZstdCompressor().compress(games.encode()))
PY
(cd "$fresh" && timeout 300 "$fresh/bin/python" - "$readme" <<'PY'
import contextlib, importlib.metadata, importlib.util, io, re, subprocess, sys, sysconfig
import forsyth, forsyth.pgn

def fail(what):
    sys.exit(f"test-python.sh, fresh venv: {what}")

if importlib.util.find_spec("pyarrow") is not None:
    fail("pyarrow is installed, but the package was installed without extras")
if forsyth.__version__ != importlib.metadata.version("forsyth"):
    fail(f"forsyth.__version__ {forsyth.__version__} is not the installed version")
section = open(sys.argv[1], encoding="utf-8").read().split("## Python\n", 1)[1].split("\n## ", 1)[0]
[code] = re.findall(r"```python\n(.*?)```", section, re.S)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    exec(compile(code, "README.md", "exec"), {})
promised = [line.split("  # ")[-1].strip() for line in code.splitlines() if "print(" in line]
if out.getvalue().splitlines() != promised:
    fail(f"the README's example printed {out.getvalue()!r}, not {promised!r}")
try:
    forsyth.pgn.to_arrow("games.pgn.zst")
    fail("to_arrow worked without pyarrow")
except ImportError as e:
    if "pip install 'forsyth[arrow]'" not in str(e):
        fail(f"to_arrow's error does not say what to install: {e}")
for command in [[f"{sysconfig.get_path('scripts')}/forsyth"], [sys.executable, "-m", "forsyth"]]:
    done = subprocess.run(command + ["--version"], capture_output=True, text=True, timeout=60)
    if done.stdout != f"forsyth {forsyth.__version__}\n":
        fail(f"{command} --version printed {done.stdout!r} {done.stderr!r}")
print(f"test-python.sh: forsyth {forsyth.__version__} from a fresh venv: import, README example, forsyth command, "
      "to_arrow's ImportError without pyarrow")
PY
)
# The export tests run `forsyth pgn export` and read its Parquet with DuckDB.
cargo build -q -p forsyth-chess-cli
export FORSYTH_BIN="$PWD/target/debug/forsyth"
"$venv/bin/python" -m pytest -q -p no:cacheprovider crates/forsyth-py/tests
# The Dask recipe (examples/dask): a LocalCluster of two worker processes on loopback, stopped by the test; the
# time limit ends it whatever happens.
timeout 600 "$venv/bin/python" -m pytest -q -p no:cacheprovider examples/dask
