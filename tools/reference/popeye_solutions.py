#!/usr/bin/env python3
"""Popeye's solutions of the problems in its own example and test inputs, as reference data for forsyth's solver.

Popeye (github.com/thomas-maeder/popeye, 4.104) is not installed or committed: its licence asks that it be
distributed only in its entirety. Build it from its public source (`make -f makefile.unx`, about a minute with gcc)
and pass the binary `py` and the source tree that holds the `*.inp` files (BEISPIEL/, EXAMPLES/, TESTS/,
REGRESSIONS/).

Every file is split into problems (at BeginProblem/NextProblem/EndProblem and their German names, as Popeye
reads them). A problem is kept when forsyth reads it, plays its pieces, has no condition and no twin, and its
stipulation is one forsyth solves (`forsyth problem solve` says so). Popeye then solves it with the problem's own
options, and with `Option Try` added in battle play so that the tries and their refutations are printed; its
output is parsed into sets:

    keys       the keys of battle play, as UCI
    tries      each try's UCI and its refutations (Popeye's default, at most one refutation, or `Defence N`)
    solutions  every line of help and series play, as lists of UCI moves
    set_play   the lines of help play's set play (Option SetPlay), likewise

One JSON object per problem, in file order, is written to the output (`--out`, gzip-free JSON lines, sorted keys):
`source` (the input file's path in Popeye's tree), `index` (the problem's number in that file, from 1),
`input` (the problem's text as Popeye read it), `stipulation`, the sets above, `popeye_seconds` (processor time,
measured from outside) and `finished` (false when Popeye's `-maxtime` stopped it; such a problem is not compared).

crates/forsyth/tests/popeye_solutions.rs reads the committed file (tests/popeye/solutions.jsonl) and must find the
same sets.

With `--conditions`, the problems with a `Condition` line instead (those forsyth plays, as `problem solve` says),
for tests/popeye/solutions-conditions.jsonl.

Usage: popeye_solutions.py --py PATH --tree DIR --forsyth PATH [--max-time SECONDS] [--out FILE] [--only REGEX]
                           [--resume] [--conditions]
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

DIRECTORIES = ["BEISPIEL", "EXAMPLES", "TESTS", "REGRESSIONS"]

# Popeye's keywords that start and end problems, English and German, in any case and abbreviated (`begin`,
# `next`, `end`); a line's first word is read as one when it is a prefix of at least three letters, but `wei` is
# Weiss (White) in the German Pieces section, so the German `WeiteresProblem` needs four.
STARTS = ["beginproblem", "anfangproblem"]
NEXT = ["nextproblem", "weiteresproblem"]
ENDS = ["endproblem", "endeproblem"]


def keyword(word, names):
    w = word.lower()
    return len(w) >= 3 and any(n.startswith(w) for n in names) and not (len(w) < 4 and "weiteresproblem".startswith(w))


def problems_of(text):
    """The problems of a file: the text of each, without its BeginProblem/NextProblem/EndProblem, and whether the
    file's keywords are German (AnfangProblem)."""
    found, current, started, german = [], [], False, False
    for line in text.splitlines():
        words = line.split()
        if words and not started and keyword(words[0], STARTS):
            german = "anfangproblem".startswith(words[0].lower())
        if words and (keyword(words[0], STARTS) or keyword(words[0], NEXT) or keyword(words[0], ENDS)):
            if started and any(l.strip() for l in current):
                found.append("\n".join(current).strip() + "\n")
            current = []
            started = not keyword(words[0], ENDS)
            rest = line.split(None, 1)[1] if len(words) > 1 else ""
            if rest.strip() and started:
                current.append(rest)
            continue
        # `Protocol FILE` makes Popeye write its output to a file beside the input: left out, as it changes
        # nothing of the problem.
        if started and not (words and len(words[0]) >= 4 and "protocol".startswith(words[0].lower())):
            current.append(line)
    return [(problem, german) for problem in found]


def has_condition(problem):
    """Whether a problem has a `Condition` (`Bedingung`) line, its keyword abbreviated or not."""
    for line in problem.splitlines():
        words = line.split()
        if words and len(words[0]) >= 3 and any(k.startswith(words[0].lower()) for k in ("condition", "bedingung")):
            return True
    return False


def wrapped(problem, german):
    """A problem's text as a file of its own, in its language's keywords."""
    return ("AnfangProblem\n" + problem + "EndeProblem\n") if german else ("BeginProblem\n" + problem + "EndProblem\n")


def read_text(path):
    data = open(path, "rb").read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


MOVE = re.compile(r"^(?:[A-Z][A-Z0-9]?)?([a-h][1-8])[-*]([a-h][1-8])(?:[-*]([a-h][1-8]))?(?:=([A-Z][A-Z0-9]?))?")
# Promoted pieces by Popeye's codes in the output's language (English Q R B S, German D T L S) as forsyth's UCI
# letters.
PROMOTION = {"Q": "q", "R": "r", "B": "b", "S": "n", "D": "q", "T": "r", "L": "b"}


def uci(word, white):
    """A Popeye move as UCI (castling as the king's move, promotion by forsyth's letters), or None."""
    if word.startswith("0-0-0"):
        return "e1c1" if white else "e8c8"
    if word.startswith("0-0"):
        return "e1g1" if white else "e8g8"
    match = MOVE.match(word)
    if not match:
        return None
    origin, first, second, promoted = match.groups()
    target = second or first
    text = origin + target
    if promoted:
        text += PROMOTION.get(promoted, promoted.lower())
    return text


def battle(output, attacker_white):
    keys, tries, current = [], {}, None
    refuting = False
    for line in output.splitlines():
        key = re.match(r"^   1\.(\S+)(?: [+#=])? (!|\?)", line)
        if key:
            move = uci(key.group(1), attacker_white)
            current, refuting = move, False
            if key.group(2) == "!":
                keys.append(move)
            else:
                tries[move] = []
            continue
        if line.strip() in ("but", "Aber"):
            refuting = True
            continue
        refutation = re.match(r"^      1\.\.\.(\S+)(?: [+#=])? !", line)
        if refuting and refutation and current in tries:
            tries[current].append(uci(refutation.group(1), not attacker_white))
            continue
        if line.strip() and not line.startswith("      "):
            refuting = False
    return sorted(keys), {m: sorted(r) for m, r in sorted(tries.items())}


def lines_of(output, first_white, series, half_move):
    """Every solution line of help or series play, and the set play apart: in help play the sides alternate, and a
    line that opens with the other numbering than the play's (`1...` in `h#2`, `1.` in `h#2.5`) is set play; in
    series play the numbered moves are the series side's and a move after one without a number of its own is the
    other side's last."""
    solutions, set_play = [], []
    for line in output.splitlines():
        if not re.match(r"^  1\.", line):
            continue
        opens_with_dots = line.startswith("  1...")
        is_set = not series and opens_with_dots != half_move
        moves, white = [], first_white if not is_set else not first_white
        for w in line.split():
            numbered = re.match(r"^(\d+)\.(\.\.)?(.*)$", w)
            if numbered:
                w = numbered.group(3)
                if not w:
                    continue
            side = white if not series or numbered else not first_white
            m = uci(w, side)
            if m is None:
                continue
            moves.append(m)
            if not series:
                white = not white
        (set_play if is_set else solutions).append(moves)
    return sorted(solutions), sorted(set_play)


def first_mover_white(stipulation):
    """Who begins, as Popeye decides it (forsyth's Stipulation::first_mover)."""
    if stipulation.startswith("ser-"):
        return not stipulation.startswith("ser-h")
    if stipulation.startswith("h"):
        help_self = stipulation.startswith("hs") or stipulation.startswith("hr")
        return help_self != stipulation.endswith(".5")
    return True


def cpu_seconds(before, after):
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--py", required=True)
    parser.add_argument("--tree", required=True)
    parser.add_argument("--forsyth", required=True)
    parser.add_argument("--max-time", type=int, default=20)
    parser.add_argument("--out", default="tests/popeye/solutions.jsonl")
    parser.add_argument("--only", default=None, help="only input files whose path matches this regex")
    parser.add_argument("--conditions", action="store_true",
                        help="the problems with a Condition line (those forsyth plays) instead of those without")
    parser.add_argument("--resume", action="store_true",
                        help="keep the problems the output file already holds and solve the others")
    args = parser.parse_args()

    done = {}
    if args.resume and os.path.exists(args.out):
        for line in open(args.out):
            record = json.loads(line)
            done[(record["source"], record["index"])] = line

    kept, skipped, unfinished = 0, 0, 0
    with open(args.out + ".new", "w") as out, tempfile.TemporaryDirectory() as tmp:
        problem_path = os.path.join(tmp, "problem.inp")
        for directory in DIRECTORIES:
            base = os.path.join(args.tree, directory)
            for name in sorted(os.listdir(base)):
                if not name.endswith(".inp"):
                    continue
                source = f"{directory}/{name}"
                if args.only and not re.search(args.only, source):
                    continue
                for index, (problem, german) in enumerate(problems_of(read_text(os.path.join(base, name))), 1):
                    if (source, index) in done:
                        out.write(done[(source, index)])
                        kept += 1
                        continue
                    if has_condition(problem) != args.conditions:
                        continue
                    with open(problem_path, "w") as f:
                        f.write(wrapped(problem, german))
                    check = subprocess.run(
                        [args.forsyth, "problem", "solve", "--json", "--max-time", "0.001", problem_path],
                        capture_output=True, text=True)
                    answer = [json.loads(l) for l in check.stdout.splitlines() if l.startswith("{")]
                    if len(answer) != 1 or "error" in answer[0]:
                        skipped += 1
                        continue
                    stipulation = answer[0]["stipulation"]
                    series = stipulation.startswith("ser-")
                    help_play = stipulation.startswith("h") or series
                    text = problem
                    if not help_play:
                        text += "Option Verfuehrung\n" if german else "Option Try\n"
                    with open(problem_path, "w") as f:
                        f.write(wrapped(text, german))
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    run = subprocess.run([args.py, "-maxtime", str(args.max_time), problem_path],
                                         capture_output=True, text=True, errors="replace")
                    seconds = cpu_seconds(before, resource.getrusage(resource.RUSAGE_CHILDREN))
                    output = run.stdout
                    # Popeye ends with "solution finished." (German "Loesung beendet.") when it solved to the end, and
                    # with "solving interrupted." or "Partial solution" when -maxtime stopped it.
                    finished = "solution finished." in output or "Loesung beendet." in output
                    record = {"source": source, "index": index, "input": wrapped(problem, german),
                              "stipulation": stipulation,
                              "popeye_seconds": round(seconds, 3), "finished": finished}
                    if help_play:
                        record["solutions"], record["set_play"] = lines_of(
                            output, first_mover_white(stipulation), series, stipulation.endswith(".5"))
                    else:
                        keys, tries = battle(output, True)
                        record["keys"], record["tries"] = keys, tries
                    unfinished += not finished
                    kept += 1
                    out.write(json.dumps(record, sort_keys=True) + "\n")
                    out.flush()
                    print(f"{source} #{index} {stipulation}: {seconds:.2f} s", file=sys.stderr)
    os.replace(args.out + ".new", args.out)
    print(f"{kept} problems solved by Popeye ({unfinished} unfinished), {skipped} not solvable by forsyth",
          file=sys.stderr)


if __name__ == "__main__":
    main()
