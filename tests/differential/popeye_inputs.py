#!/usr/bin/env python3
"""How many of the problems in Popeye's own example and test inputs forsyth reads and checks.

Every `*.inp` file of Popeye's source tree (BEISPIEL/, EXAMPLES/, TESTS/, REGRESSIONS/) is split into problems as
Popeye reads them (tools/reference/popeye_solutions.py, `problems_of`), each problem is written to a file of its
own and given to `forsyth problem check`. The summary counts the problems forsyth accepts and, for the others, the
error code it names (`popeye.unknown-piece`, `problem.condition`, ...), most frequent first. Nothing of Popeye is
run: the tree only supplies the inputs.

Usage: popeye_inputs.py --tree DIR --forsyth PATH [--jobs N] [--list CODE]
"""

import argparse
import collections
import concurrent.futures
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location(
    "popeye_solutions", os.path.join(HERE, "..", "..", "tools", "reference", "popeye_solutions.py"))
popeye_solutions = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(popeye_solutions)

CODE = re.compile(r"\[([a-z0-9.-]+)\]")


def problems(tree):
    """(source, index, text) of every problem in the tree, in file order."""
    for directory in popeye_solutions.DIRECTORIES:
        root = os.path.join(tree, directory)
        for dirpath, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                if not name.endswith(".inp"):
                    continue
                path = os.path.join(dirpath, name)
                text = popeye_solutions.read_text(path)
                for index, (problem, german) in enumerate(popeye_solutions.problems_of(text), 1):
                    yield os.path.relpath(path, tree), index, popeye_solutions.wrapped(problem, german)


def check(forsyth, text):
    """forsyth's verdict on one problem: 'ok' or the first error code it names."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False, encoding="utf-8") as f:
        f.write(text)
        path = f.name
    try:
        run = subprocess.run([forsyth, "problem", "check", path], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    if run.returncode == 0:
        return "ok"
    match = CODE.search(run.stdout + run.stderr)
    return match.group(1) if match else f"exit {run.returncode}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", required=True, help="Popeye's source tree")
    parser.add_argument("--forsyth", required=True, help="the forsyth binary")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--list", metavar="CODE", help="print the problems refused with this code")
    args = parser.parse_args()
    found = list(problems(args.tree))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(lambda p: check(args.forsyth, p[2]), found))
    counts = collections.Counter(verdicts)
    print(f"{len(found)} problems; forsyth problem check accepts {counts['ok']} ({100 * counts['ok'] / len(found):.0f} %)")
    for code, n in counts.most_common():
        if code != "ok":
            print(f"  {n:5}  {code}")
    if args.list:
        for (source, index, _), verdict in zip(found, verdicts):
            if verdict == args.list:
                print(f"{source}#{index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
