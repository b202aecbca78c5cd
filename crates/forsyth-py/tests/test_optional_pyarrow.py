"""pyarrow is optional (the extra `forsyth[arrow]`): without it the package imports and reads games, and
`forsyth.pgn.to_arrow` raises an ImportError that says what to install. pyarrow is hidden, not uninstalled: a
`None` in `sys.modules` makes Python's import machinery refuse it, as it refuses a module that is not there."""

import io
import subprocess
import sys

import pytest

import forsyth.pgn
from conftest import GERMAN_GAME

INSTALL_HINT = "pip install 'forsyth[arrow]' (or pip install pyarrow)"


def test_to_arrow_without_pyarrow_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    source = io.BytesIO(GERMAN_GAME.read_bytes())
    with pytest.raises(ImportError) as raised:
        forsyth.pgn.to_arrow(source, lang="de")
    error = raised.value
    assert isinstance(error, ModuleNotFoundError) and error.name == "pyarrow"
    assert str(error).startswith("forsyth.pgn.to_arrow needs pyarrow")
    assert str(error).endswith(INSTALL_HINT)
    # Python's own error stays as the cause; no game was read before it.
    assert isinstance(error.__cause__, ImportError)
    assert source.tell() == 0


def test_the_package_works_without_pyarrow_from_the_start():
    # A fresh interpreter in which pyarrow was never importable: the package, its reader and its command load.
    script = f"""
import sys
sys.modules["pyarrow"] = None
import forsyth, forsyth.pgn, forsyth.__main__
[game] = forsyth.pgn.read_games({str(GERMAN_GAME)!r}, lang="de")
print(forsyth.__version__, game.mainline()[-1].san)
try:
    forsyth.pgn.to_arrow({str(GERMAN_GAME)!r})
except ImportError as e:
    print(e)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    version_and_move, message = done.stdout.splitlines()
    assert version_and_move == f"{forsyth.__version__} Kb1"
    assert message.endswith(INSTALL_HINT)
