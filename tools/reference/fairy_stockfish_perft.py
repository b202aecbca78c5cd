"""Fairy-Stockfish's perft test expectations, as data, for `crates/forsyth/tests/perft.rs` to check forsyth against.

Fairy-Stockfish's `tests/perft.sh` runs the engine once per line `expect perft.exp VARIANT POSITION DEPTH NODES
[CHESS960]`: its expect script sets the UCI options `UCI_Chess960` (CHESS960, `false` when absent) and
`UCI_Variant` (VARIANT), sends `position POSITION` (`startpos`, or `fen FEN`) and `go perft DEPTH`, and waits for
`Nodes searched: NODES`. This script reads those lines out of the shell script and keeps the ones of the variants
forsyth plays, with `startpos` replaced by the variant's `startFen` as Fairy-Stockfish's `src/variant.cpp` sets it
(the variant's function, then the functions it is built on with `...()->init()`, then the default of
`src/variant.h`). FENs are kept as the script writes them (two without move counters, which forsyth's FEN reading
fills in as `0 1`).

Usage, from the repository root, with Fairy-Stockfish's repository (a work tree or a bare git directory, such as the
`fetch` of github:fairy-stockfish/Fairy-Stockfish) at PATH:
    python3 tools/reference/fairy_stockfish_perft.py PATH [--commit REV] [--out PATH]
"""

import argparse
import re
import shlex
import subprocess
from collections import Counter

import data_file
from cpp_source import function_bodies
from data_file import wrapped
from fairy_stockfish import PLAYED

OUT = "crates/forsyth/tests/data/fairy-stockfish-perft.epd"

LINE = re.compile(r"^\s*expect perft\.exp (.*?)\s*>\s*/dev/null\s*(#.*)?$")
SECTION = re.compile(r'^if \[\[ (.*) \]\]; then$')


def git_show(repo, rev, path):
    return subprocess.run(["git", "-C", repo, "show", f"{rev}:{path}"], check=True, capture_output=True,
                          text=True).stdout


def perft_lines(script):
    """Each `expect perft.exp` line of the script: its line number, the section's condition it runs under, and its
    arguments (variant, position, depth, nodes, chess960)."""
    section = None
    for number, line in enumerate(script.splitlines(), 1):
        if match := SECTION.match(line.strip()):
            section = match.group(1)
        elif line.strip() == "fi":
            section = None
        elif match := LINE.match(line):
            args = shlex.split(match.group(1))
            assert len(args) in (4, 5), (number, line)
            variant, position, depth, nodes = args[:4]
            chess960 = args[4] if len(args) == 5 else "false"
            assert chess960 in ("true", "false"), (number, line)
            yield number, section, variant, position, int(depth), int(nodes), chess960 == "true"
        else:
            assert "expect perft.exp" not in line, (number, line)


def start_fens(variant_cpp, variant_h):
    """The startFen of each variant name registered with `add("NAME", FUNCTION());` in variant.cpp."""
    bodies = function_bodies(variant_cpp, r"Variant\*\s*(\w+)\(\)\s*\{")
    default = re.search(r'std::string startFen = "([^"]*)";', variant_h).group(1)

    def start_fen(function):
        body = bodies[function]
        fens = re.findall(r'v->startFen = "([^"]*)";', body)
        if fens:
            return fens[-1]
        base = re.search(r"Variant\s*\*\s*v\s*=\s*(\w+)\(\)(?:->init\(\))?;", body)
        if base is None or base.group(1) == "new":
            return default
        return start_fen(base.group(1)) if base.group(1) in bodies else default

    return {name: start_fen(function) for name, function in re.findall(r'add\("([^"]+)", (\w+)\(\)\);', variant_cpp)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", args.repo, "rev-parse", args.commit], check=True, capture_output=True,
                            text=True).stdout.strip()
    script = git_show(args.repo, commit, "tests/perft.sh")
    starts = start_fens(git_show(args.repo, commit, "src/variant.cpp"), git_show(args.repo, commit, "src/variant.h"))

    lines, kept, left_out = [], Counter(), Counter()
    for number, section, variant, position, depth, nodes, chess960 in perft_lines(script):
        name = PLAYED.get((variant, chess960))
        if name is None:
            left_out[variant + (" (UCI_Chess960)" if chess960 else "")] += 1
            continue
        if position == "startpos":
            fen = starts[variant]
        else:
            assert position.startswith("fen "), (number, position)
            fen = position[4:].strip()
        assert ";" not in fen and "\t" not in fen, (number, fen)
        kept[name] += 1
        lines.append((number, section, name, fen, depth, nodes))

    header = wrapped(
        f"Fairy-Stockfish's perft tests, as data: the lines of tests/perft.sh "
        f"(github.com/fairy-stockfish/Fairy-Stockfish, commit {commit[:8]}; GPL-3.0-or-later, as its Copying.txt and "
        f"source headers say) for the variants forsyth plays, taken out of the shell script by "
        f"tools/reference/fairy_stockfish_perft.py. Read by `perft::fairy_stockfish_perft_script`.") + wrapped(
        "One line per `expect perft.exp` line, in the script's order: VARIANT;FEN ;DDEPTH NODES, where VARIANT is the "
        "name Fairy-Stockfish's UCI_Variant is given (chess, capablanca, embassy, janus; with UCI_Chess960 on, which "
        "none of these lines sets, it would be written fischerandom or caparandom), FEN is the position the script "
        "sends (`startpos` replaced by the variant's startFen in src/variant.cpp) and NODES what `go perft DEPTH` must "
        "print. The comment above each line gives its line number in perft.sh and the condition of the `if` it runs "
        "under (`$1` is the script's argument: none or `chess` runs the chess lines, `all` or `largeboard` the 10x8 "
        "ones).") \
        + wrapped(f"Kept: {sum(kept.values())} lines: {', '.join(f'{v} {n}' for v, n in kept.items())}.") \
        + wrapped(f"Left out, as forsyth does not play them: the {sum(left_out.values())} lines of "
                  f"{len(left_out)} other variants: {', '.join(f'{v} {n}' for v, n in sorted(left_out.items()))}.")
    data_file.write(args.out, header, (
        text
        for number, section, name, fen, depth, nodes in lines
        for text in (f"# perft.sh line {number}, if [[ {section} ]]", f"{name};{fen} ;D{depth} {nodes}")
    ))
    print(f"{args.out}: {sum(kept.values())} lines ({dict(kept)}); left out {sum(left_out.values())} lines")


if __name__ == "__main__":
    main()
