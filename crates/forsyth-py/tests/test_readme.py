"""The README's Python example runs and prints what its comments say."""

import contextlib
import io
import os
import re

import zstandard  # installed by scripts/test-python.sh

from conftest import ROOT

GAMES = '[White "Anna"]\n[Black "Ben"]\n\n1. e4 e5 2. Nf3 *\n'


def test_readme_python_example_prints_what_it_says(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python\n", 1)[1].split("\n## ", 1)[0]
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    (tmp_path / "games.pgn.zst").write_bytes(zstandard.ZstdCompressor().compress(GAMES.encode()))
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    promised = [line.split("  # ")[-1].strip() for line in code.splitlines() if "print(" in line]
    assert out.getvalue().splitlines() == promised
