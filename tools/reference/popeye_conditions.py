#!/usr/bin/env python3
"""Popeye's legal moves under fairy conditions, as reference data for forsyth's general position.

Popeye (github.com/thomas-maeder/popeye, 4.104) is not installed or committed: its licence asks that it be
distributed only in its entirety. Build it from its public source (`make -f makefile.unx`) and pass the binary `py`
and its source tree (the `*.inp` files of BEISPIEL/, EXAMPLES/, TESTS/, REGRESSIONS/).

Every problem of those inputs whose `Condition` lines name only conditions forsyth plays (Madrasi, Circe,
AntiCirce, ChecklessChess/Ohneschach, AndernachChess, with the variant words forsyth takes) is cut down to its
`Pieces`/`Forsyth` and `Condition` lines with `Stipulation ~1` (White's legal moves; authors, options, twins and
the stipulation are left out) and written to `--out` as `NN.inp`, its source in a comment line; the positions of
`--extra DIR` (files `*.inp`, written by hand) are added as they are. Popeye solves each, and its output is
written beside it as `NN.out`. An input Popeye refuses (`input-error`) is not kept.

crates/forsyth/tests/conditions.rs reads each `NN.inp` with forsyth's Popeye reader and must find exactly the
moves of `NN.out`.

Usage: popeye_conditions.py --py PATH --tree DIR [--out DIR] [--extra DIR]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popeye_solutions import DIRECTORIES, problems_of, read_text  # noqa: E402

# The words of the conditions forsyth plays, as Popeye's tables spell them (English, German), and their variant
# words; a problem is kept when every word of its conditions starts one of them (Popeye's abbreviations).
PLAYED = ["circe", "madrasi", "anticirce", "checklesschess", "ohneschach", "andernachchess", "andernachschach"]
VARIANTS = ["rexinclusive", "rexinklusive", "rexexclusive", "rexexklusive", "calvet", "cheylan"]

# Keywords that start a section of a problem (English and German), matched by a prefix of three letters or more.
KEEP = ["pieces", "steine", "forsyth", "condition", "bedingung"]
DROP = ["remark", "bemerkung", "author", "autor", "origin", "quelle", "title", "titel", "stipulation",
        "forderung", "sstipulation", "sforderung", "option", "twin", "zwilling", "protocol", "protokoll",
        "award", "auszeichnung", "totalinvisible"]


def section(word):
    w = word.lower()
    if len(w) < 3:
        return None
    if any(k.startswith(w) for k in KEEP):
        return "keep"
    if any(k.startswith(w) for k in DROP):
        return "drop"
    return None


def cut(problem):
    """The problem's Pieces/Forsyth and Condition lines, and the words of its conditions."""
    kept, conditions, current = [], [], None
    for line in problem.splitlines():
        words = line.split()
        kind = section(words[0]) if words else None
        rest = words
        if kind:
            current = "drop" if kind == "drop" else words[0].lower()
            rest = words[1:]
        if current is None or current == "drop":
            continue
        kept.append(line)
        if any(k.startswith(current) for k in ("condition", "bedingung")):
            conditions.extend(rest)
    return kept, conditions


def played(words):
    if not words:
        return False
    for w in words:
        lw = w.lower()
        if not any(n.startswith(lw) for n in PLAYED + VARIANTS):
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--py", required=True)
    parser.add_argument("--tree", required=True)
    parser.add_argument("--out", default="tests/popeye/conditions")
    parser.add_argument("--extra", default=None)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    cases = []
    for directory in DIRECTORIES:
        folder = os.path.join(args.tree, directory)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".inp"):
                continue
            path = os.path.join(folder, name)
            for index, (problem, german) in enumerate(problems_of(read_text(path)), 1):
                kept, conditions = cut(problem)
                if not played(conditions):
                    continue
                begin, stip, end = ("AnfangProblem", "Forderung", "EndeProblem") if german else (
                    "BeginProblem", "Stipulation", "EndProblem")
                remark = "Bemerkung" if german else "Remark"
                text = f"{begin}\n{remark} {directory}/{name} {index}\n" + "\n".join(kept) + f"\n{stip} ~1\n{end}\n"
                cases.append(text)
    if args.extra:
        for name in sorted(os.listdir(args.extra)):
            if name.endswith(".inp"):
                cases.append(read_text(os.path.join(args.extra, name)))
    written = 0
    for text in cases:
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write(text)
        out = subprocess.run([args.py, "-regression", f.name], capture_output=True, text=True, errors="replace",
                             timeout=60).stdout
        os.unlink(f.name)
        if "input-error" in out.lower() or "eingabe-fehler" in out.lower() or not re.search(r"^ +1\.", out, re.M):
            continue
        written += 1
        stem = os.path.join(args.out, f"{written:02}")
        with open(stem + ".inp", "w") as f:
            f.write(text)
        with open(stem + ".out", "w") as f:
            f.write(out)
    print(f"{written} of {len(cases)} inputs written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
