#!/usr/bin/env python3
"""Popeye's echo of every problem in its own example and test inputs: the board it set up, the stipulation and
piece count line, and the lines under it (piece attributes, fairy pieces, conditions, options), with the messages
it printed before the board (input errors). Reference data for forsyth's reader of Popeye's input language.

Popeye (github.com/thomas-maeder/popeye, 4.104) is not installed or committed: its licence asks that it be
distributed only in its entirety. Build it from its public source (`make -f makefile.unx`) and pass the binary `py`
and the source tree that holds the `*.inp` files.

Every file is split into problems as tools/reference/popeye_solutions.py splits them (`problems_of`); each problem
is given to Popeye alone, and Popeye is stopped as soon as it has printed the echo (it would go on to solve). One
JSON object per problem, in file order: `source`, `index` (from 1), `input` (the problem as given to Popeye),
`messages` (lines before the board), `board` (the eight rank lines of the diagram, rank 8 first; empty when Popeye
printed no board) and `legend` (the stipulation line and the lines under the diagram up to the first blank line).

With `--through FORSYTH --against FILE`, every problem is first written again by forsyth (`forsyth problem
convert`, in the keywords' language) and Popeye's echo of forsyth's text is compared with its echo of the
original (FILE, made before): the round trip Popeye -> forsyth -> Popeye. Problems forsyth does not read are
counted apart; the summary lists the problems whose echo differs.

Usage: popeye_echo.py --py PATH --tree DIR --out FILE [--jobs N]
       popeye_echo.py --py PATH --tree DIR --through FORSYTH --against FILE [--jobs N]
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import subprocess
import sys
import selectors
import shutil
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("popeye_solutions", os.path.join(HERE, "popeye_solutions.py"))
popeye_solutions = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(popeye_solutions)


def problems(tree):
    for directory in popeye_solutions.DIRECTORIES:
        for dirpath, _, files in sorted(os.walk(os.path.join(tree, directory))):
            for name in sorted(files):
                if name.endswith(".inp"):
                    path = os.path.join(dirpath, name)
                    text = popeye_solutions.read_text(path)
                    for index, (problem, german) in enumerate(popeye_solutions.problems_of(text), 1):
                        yield os.path.relpath(path, tree), index, popeye_solutions.wrapped(problem, german)


def echo(py, text):
    """Popeye's messages, board lines and legend for one problem. Popeye prints the legend at once and the blank
    line after it only with the first solution, so the echo is complete when no line has come for a while (or the
    blank line has come); Popeye is then stopped."""
    directory = tempfile.mkdtemp()
    path = os.path.join(directory, "problem.inp")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    messages, board, legend = [], [], []
    state = "messages"
    # Line-buffered, so that the echo arrives as it is printed.
    # In a directory of its own: `Protocol` and `LaTeX` make Popeye write files beside it.
    process = subprocess.Popen(["stdbuf", "-oL", py, path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               cwd=os.path.dirname(path))
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    pending = b""
    deadline = time.monotonic() + 30
    try:
        done = False
        while not done and time.monotonic() < deadline:
            quiet = 1.0 if state == "legend" else 30.0
            if not selector.select(timeout=quiet):
                break
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for raw in lines:
                line = raw.decode("utf-8", "replace").rstrip("\r")
                if state == "messages":
                    if line.startswith("+---a---"):
                        state = "board"
                    elif line.strip() and not line.startswith(("Popeye ", "solution finished")):
                        messages.append(line.strip())
                elif state == "board":
                    if line.startswith("+---a---"):
                        state = "legend"
                    elif line[:1].isdigit():
                        board.append(line)
                elif state == "legend":
                    if not line.strip():
                        done = True
                        break
                    legend.append(line.strip())
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(directory, ignore_errors=True)
    return {"messages": messages, "board": board, "legend": legend}


def converted(forsyth, text):
    """forsyth's Popeye input for a problem, in the language of its keywords; None when forsyth does not read it."""
    directory = tempfile.mkdtemp()
    path = os.path.join(directory, "problem.inp")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    lang = "de" if text.startswith("AnfangProblem") else "en"
    try:
        done = subprocess.run([forsyth, "problem", "convert", "--lang", lang, path], capture_output=True, text=True,
                              timeout=60)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return done.stdout if done.returncode == 0 else None


def round_trip(args, found):
    original = {}
    with open(args.against, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            original[(record["source"], record["index"])] = record

    def one(problem):
        source, index, text = problem
        written = converted(args.through, text)
        if written is None:
            return "not read"
        again, before = echo(args.py, written), original[(source, index)]
        same = again["board"] == before["board"] and again["legend"] == before["legend"]
        return "same" if same else f"different: {source}#{index}"

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(one, found))
    same = verdicts.count("same")
    unread = verdicts.count("not read")
    print(f"{len(found)} problems; forsyth wrote {len(found) - unread}; Popeye read {same} of them to the same board "
          f"and legend")
    for verdict in verdicts:
        if verdict.startswith("different"):
            print("  " + verdict)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py", required=True)
    parser.add_argument("--tree", required=True)
    parser.add_argument("--out")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--through", metavar="FORSYTH", help="the forsyth binary that writes each problem again")
    parser.add_argument("--against", metavar="FILE", help="Popeye's echo of the original problems")
    args = parser.parse_args()
    found = list(problems(args.tree))
    if args.through:
        return round_trip(args, found)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        echoes = list(pool.map(lambda p: echo(args.py, p[2]), found))
    with open(args.out, "w", encoding="utf-8") as out:
        for (source, index, text), e in zip(found, echoes):
            out.write(json.dumps({"source": source, "index": index, "input": text, **e}, sort_keys=True,
                                 ensure_ascii=False) + "\n")
    print(f"{len(found)} problems, {sum(1 for e in echoes if e['board'])} with a board", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
