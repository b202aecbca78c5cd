#!/usr/bin/env python3
"""The solver against Popeye on the same problems: processor time of whole processes, one thread.

    python3 scripts/bench_solve.py --py PATH [--forsyth PATH] [--runs N] [--jobs N] [--min-seconds S] [--only REGEX]

The problems are those of tests/popeye/solutions.jsonl (Popeye's own example and test inputs that forsyth plays,
each with Popeye's solution) that Popeye solved to the end in at least --min-seconds of processor time (0.1 by
default: the set is then the problems that take Popeye a while, not start-up), and whose solutions forsyth finds
the same (the test crates/forsyth/tests/popeye_solutions.rs checks that). Each problem is written to a file of its
own and solved by `py FILE` and by `forsyth problem solve FILE`, in turn, --runs times (3 by default; the minimum
is kept). Both read the problem's own options (Try, Variation, SetPlay, ...), so they do the same work.

Popeye is not installed or committed (its licence asks that it be distributed only in its entirety): build it from
github.com/thomas-maeder/popeye with `make -f makefile.unx` and pass the binary `py`. Build forsyth with
`cargo build --profile dist -p forsyth-chess-cli` (or --release) and pass target/.../forsyth.

Prints a line per problem (stipulation, Popeye's seconds, forsyth's seconds, Popeye/forsyth), the totals by kind
of play and in all, and the ratio of the totals: how many times faster forsyth solved the set.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "popeye", "solutions.jsonl")


def cpu_seconds(argv, out=None):
    """Processor time of the process (user and system); its standard output goes to the file `out`."""
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out or subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def kind(stipulation):
    if stipulation.startswith("ser-"):
        return "series"
    if stipulation.startswith("h"):
        return "help"
    if stipulation.startswith("s") or stipulation.startswith("r") or stipulation.startswith("semi"):
        return "self/reflex"
    return "direct"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--py", required=True)
    parser.add_argument("--forsyth", default=os.path.join(HERE, "..", "target", "dist", "forsyth"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--min-seconds", type=float, default=0.1)
    parser.add_argument("--only", default=None, help="only problems whose source matches this regex")
    parser.add_argument("--max-time", type=float, default=60.0,
                        help="forsyth's time limit per problem; a problem it does not finish is marked '>'")
    args = parser.parse_args()

    records = [json.loads(line) for line in open(DATA)]
    chosen = [r for r in records if r["finished"] and r["popeye_seconds"] >= args.min_seconds
              and (args.only is None or re.search(args.only, r["source"]))]
    totals = defaultdict(lambda: [0.0, 0.0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "problem.inp")
        for r in chosen:
            with open(path, "w") as f:
                f.write(r["input"])
            popeye = min(cpu_seconds([args.py, path]) for _ in range(args.runs))
            forsyth_argv = [args.forsyth, "problem", "solve", "--jobs", str(args.jobs), "--max-time",
                            str(args.max_time), path]
            out_path = os.path.join(tmp, "forsyth.out")
            times = []
            for _ in range(args.runs):
                with open(out_path, "w") as out:
                    times.append(cpu_seconds(forsyth_argv, out))
                if times[-1] >= args.max_time * 0.9:
                    break  # one run at the limit says it all
            forsyth = min(times)
            unfinished = "unfinished" in open(out_path).read()
            name = f"{r['source']} #{r['index']}"
            ratio = popeye / forsyth if forsyth > 0 else float("inf")
            mark = ">" if unfinished else " "
            print(f"{name:40} {r['stipulation']:10} Popeye {popeye:8.3f} s  forsyth {mark}{forsyth:7.3f} s  "
                  f"{ratio:6.2f}x{'  (unfinished: a bound)' if unfinished else ''}", flush=True)
            for key in (kind(r["stipulation"]), "all"):
                totals[key][0] += popeye
                totals[key][1] += forsyth
                totals[key][2] += 1
    print()
    for key, (popeye, forsyth, count) in sorted(totals.items()):
        ratio = popeye / forsyth if forsyth > 0 else float("inf")
        print(f"{key:12} {count:4} problems  Popeye {popeye:9.3f} s  forsyth {forsyth:9.3f} s  Popeye/forsyth {ratio:.2f}")


if __name__ == "__main__":
    sys.exit(main())
