#!/usr/bin/env python3
"""Times whole processes, and two commands against each other, with nothing but Python's standard library.

    python3 scripts/time-pair.py [-n RUNS] [--warmup N] [--vs 'COMMAND B'] -- COMMAND A [ARG ...]

Each run of a command is one process started from here: its wall time (a monotonic clock read around start and
reaping), its processor time (user + system, as the kernel accounts the reaped child and its children) and its
peak resident memory. With --vs, A and B run in turn (A B A B ...) after the warm-up runs, and the ratios A/B are
taken pair by pair: a machine whose speed drifts during the call then moves both sides of each ratio alike. Every
figure is printed as minimum, median and maximum; quote the median, and read a wide spread as a noisy machine.
Peak memory cannot read below this script's own (some 15 MiB): the child starts as a copy of it.

Standard input is empty and both output streams are thrown away: a command that must keep its output, or needs a
pipe, is written as sh -c '...'. COMMAND B is one string split as a shell splits words. The exit status is 0 when
every run exited 0, else 1 (the figures are printed all the same).

The benchmark scripts beside this one (bench-pgn-cli.sh, bench-export.sh, bench-fen-cli.sh, bench-pgn-extract.sh)
read its lines `A wall s`, `A cpu s`, `A/B wall` ... ; BENCHMARKS.md quotes them.
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    """Runs argv to its end; returns (wall seconds, processor seconds, peak MiB, exit status)."""
    start = time.monotonic()
    quiet = subprocess.DEVNULL
    child = subprocess.Popen(argv, stdin=quiet, stdout=quiet, stderr=quiet)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in KiB on Linux.
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def spread(label, values, digits=3):
    """One figure's line: its label, then the minimum, median and maximum of its values."""
    low, middle, high = min(values), statistics.median(values), max(values)
    return f"{label:<16} {low:>10.{digits}f}  {middle:>10.{digits}f}  {high:>10.{digits}f}"


def main():
    parser = argparse.ArgumentParser(
        description="Time whole processes (and A against B, in turn) with the standard library only.",
        usage="%(prog)s [-n RUNS] [--warmup N] [--vs 'COMMAND B'] -- COMMAND A [ARG ...]",
    )
    parser.add_argument("-n", "--runs", type=int, default=5, help="counted runs of each command (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="runs of each command before counting (default 1)")
    parser.add_argument("--vs", metavar="COMMAND_B", help="a second command, run in turn with the first")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to time, after --")
    args = parser.parse_args()
    command_a = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command_a or args.runs < 1 or args.warmup < 0:
        parser.error("give a command after --, at least one run, and no negative warm-up")
    commands = {"A": command_a}
    if args.vs:
        commands["B"] = shlex.split(args.vs)

    failed = False
    try:
        for _ in range(args.warmup):
            for argv in commands.values():
                run_once(argv)
        runs = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, argv in commands.items():
                runs[name].append(run_once(argv))
    except OSError as error:
        print(f"time-pair: cannot start the command: {error}", file=sys.stderr)
        return 2

    print(f"{'':<16} {'min':>10}  {'median':>10}  {'max':>10}   ({args.runs} runs each)")
    for name, results in runs.items():
        print(spread(f"{name} cpu s", [r[1] for r in results]))
        print(spread(f"{name} wall s", [r[0] for r in results]))
        print(spread(f"{name} peak MiB", [r[2] for r in results], digits=1))
        statuses = sorted({r[3] for r in results})
        if statuses != [0]:
            failed = True
            print(f"{name} exit status {statuses} (not all runs exited 0: {shlex.join(commands[name])})")
    if "B" in runs:
        pairs = list(zip(runs["A"], runs["B"]))
        print(spread("A/B cpu", [a[1] / b[1] if b[1] else float("nan") for a, b in pairs], digits=4))
        print(spread("A/B wall", [a[0] / b[0] for a, b in pairs], digits=4))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
