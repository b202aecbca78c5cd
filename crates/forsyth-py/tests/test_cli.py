"""The package's `forsyth` command (the console script pip installs, and `python -m forsyth`) against the Rust
binary built from crates/forsyth-cli: the same arguments give the same output, files and exit status, and Ctrl-C
ends both alike. Also
`forsyth.__version__` against the crates' version and the package's metadata."""

import importlib.metadata
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import sysconfig
import time

import pytest

import forsyth
from conftest import GERMAN_GAME, ROOT

# The `forsyth` binary scripts/test-python.sh builds with cargo (debug unless told otherwise).
RUST_FORSYTH = os.environ.get("FORSYTH_BIN", str(ROOT / "target" / "debug" / "forsyth"))
# The console script pip (or maturin develop) installed beside this interpreter.
SCRIPT = pathlib.Path(sysconfig.get_path("scripts")) / ("forsyth.exe" if os.name == "nt" else "forsyth")
DEEP_BLUE = ROOT / "tests" / "differential" / "data" / "pgn" / "python-chess" / "kasparov-deep-blue-1997.pgn"

# Each way of starting the package's command.
PYTHON_COMMANDS = {"python -m forsyth": [sys.executable, "-m", "forsyth"], "console script": [str(SCRIPT)]}

# Arguments whose answers are compared: help, version, a usage error (2), invalid input (1), reading from standard
# input, and the commands a Python user would run on the bundled example files.
CASES = [
    (["--version"], None),
    (["--help"], None),
    (["pgn", "--help"], None),
    (["no-such-command"], None),
    (["play", "e2e5"], None),
    (["count", "4k3/8/8/8/8/8/8/4K3"], None),
    (["pgn", "convert", "--input-lang", "de", "--notation", "fide", "--lang", "fr", str(GERMAN_GAME)], None),
    (["pgn", "check", "--json", str(DEEP_BLUE)], None),
    (["pgn", "convert", "--input-lang", "de", "-"], GERMAN_GAME),
    (["translate", "--input-lang", "de", "--lang", "en", "1.e4 e5 2.Sf3 Sc6 3.Lb5"], None),
]


def run(command: list[str], args: list[str], stdin_file=None, cwd=None) -> subprocess.CompletedProcess:
    stdin = stdin_file.read_bytes() if stdin_file else b""
    return subprocess.run(command + args, input=stdin, capture_output=True, timeout=120, cwd=cwd)


def test_the_console_script_is_installed():
    assert SCRIPT.is_file(), f"no console script at {SCRIPT}"


@pytest.mark.parametrize("how", PYTHON_COMMANDS)
@pytest.mark.parametrize("args,stdin_file", CASES, ids=[" ".join(a)[:40] for a, _ in CASES])
def test_the_package_command_answers_as_the_rust_binary(how, args, stdin_file):
    expected = run([RUST_FORSYTH], args, stdin_file)
    got = run(PYTHON_COMMANDS[how], args, stdin_file)
    assert (got.returncode, got.stdout.decode(), got.stderr.decode()) == (
        expected.returncode,
        expected.stdout.decode(),
        expected.stderr.decode(),
    )


def test_the_cases_cover_every_exit_status():
    statuses = [run([RUST_FORSYTH], args, stdin_file).returncode for args, stdin_file in CASES]
    # --version and --help; a usage error; an illegal move; the rest succeed.
    assert statuses == [0, 0, 0, 2, 1, 0, 0, 0, 0, 0]


@pytest.mark.parametrize("how", PYTHON_COMMANDS)
@pytest.mark.parametrize("table_format", ["ndjson", "csv", "parquet"])
def test_pgn_export_writes_the_files_the_rust_binary_writes(tmp_path, how, table_format):
    outputs = {}
    for name, command in [("rust", [RUST_FORSYTH]), ("python", PYTHON_COMMANDS[how])]:
        cwd = tmp_path / name
        cwd.mkdir()
        args = ["pgn", "export", "--format", table_format, "--json", "--to", "tables", str(DEEP_BLUE), str(GERMAN_GAME)]
        done = run(command, args, cwd=cwd)
        assert done.returncode == 0, done.stderr.decode()
        summary = json.loads(done.stdout)
        summary.pop("seconds")  # the one field that differs from run to run
        files = {str(p.relative_to(cwd)): p.read_bytes() for p in sorted(cwd.rglob("*")) if p.is_file()}
        outputs[name] = (summary, files)
    assert outputs["python"] == outputs["rust"]
    # Without --input-lang the German game's `Sf3` is an error: a row with its error columns beside Deep Blue's six.
    summary, files = outputs["rust"]
    assert (summary["games"], summary["errors"], len(files)) == (7, 1, 2)


def test_version_is_the_crates_and_the_metadata():
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    [workspace_version] = re.findall(r'^\[workspace\.package\]\n(?:.*\n)*?version = "([^"]+)"', cargo, re.M)
    assert forsyth.__version__ == workspace_version
    assert importlib.metadata.version("forsyth") == workspace_version
    rust = subprocess.run([RUST_FORSYTH, "--version"], capture_output=True, text=True, check=True)
    assert rust.stdout == f"forsyth {forsyth.__version__}\n"


def interrupted_while_reading(command: list[str]) -> tuple[int, bytes, bytes]:
    """Starts `pgn check` on standard input, waits until the process sleeps reading the empty pipe (Linux names
    that wait `pipe_read` in /proc), sends Ctrl-C's SIGINT, and returns the exit status and output."""
    process = subprocess.Popen(
        command + ["pgn", "check", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        wchan = pathlib.Path(f"/proc/{process.pid}/wchan")
        deadline = time.monotonic() + 60
        while "pipe_read" not in wchan.read_text() and time.monotonic() < deadline:
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    return process.returncode, stdout, stderr


@pytest.mark.skipif(not pathlib.Path("/proc/self/wchan").exists(), reason="needs Linux's /proc/PID/wchan")
@pytest.mark.parametrize("how", PYTHON_COMMANDS)
def test_ctrl_c_ends_the_command_as_it_ends_the_rust_binary(how):
    # Python's own handler would only set a flag: the read would fail with EINTR (`forsyth: -: Interrupted system
    # call`) and a KeyboardInterrupt traceback would follow.
    expected = interrupted_while_reading([RUST_FORSYTH])
    assert expected[0] == -signal.SIGINT
    assert interrupted_while_reading(PYTHON_COMMANDS[how]) == expected
