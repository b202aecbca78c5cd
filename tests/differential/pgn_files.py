#!/usr/bin/env python3
"""Reads other projects' PGN test files with forsyth and with python-chess 1.11.2 and compares the games.

Usage: pgn_files.py FORSYTH_BINARY [DATA_DIR...]

The data directories hold the files compared; by default tests/differential/data/pgn (python-chess's data/pgn,
pychess's testing/gamefiles and python-chess's test.py texts; see the README there) and
crates/forsyth/tests/data/chesslib (chesslib's test files; see crates/forsyth/tests/data/README.md). For every file,
forsyth converts it (`pgn convert --keep-broken`, its errors on standard error) and python-chess reads both the file
and forsyth's output. Per game they must agree on: whether the game has an error, and for a game without one its
tags, every move of the main line and of every variation (UCI), the comments (whitespace collapsed), the NAGs and the
result; and whether the result is one the final position contradicts (forsyth's `result-contradicts-position`
warning against python-chess's checkmate, stalemate, insufficient material and 75-move verdicts on the main line's
last position).

The only disagreements allowed are those TESTING.md documents: a game of a variant forsyth does not play
(crazyhouse, atomic, antichess, Seirawan, sittuyin...) is an `unknown-variant` error in forsyth, while python-chess
plays it; and the games listed in DOCUMENTED. Exit status 1 on any other difference, each printed with file and
game.
"""

import io
import logging
import re
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

# python-chess logs each error it records in a game; they are compared, not printed.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

# Games on which forsyth and python-chess disagree by design, each with the rule that decides it (TESTING.md,
# "PGN files of other projects"): (file, game) -> forsyth's error code.
DOCUMENTED = {
    # `[kj90trkm"sdfsdf"yl]`: no tag pair (PGN standard §8.1: `[Name "value"]`). python-chess skips a malformed tag
    # line without a word and reads an empty game; forsyth reports it, so that nothing is lost silently.
    ("badpgn.pgn", 1): "bad-tag",
    # python-chess's test.py inputs (data/pgn/python-chess-test-py, TESTING.md "Other projects' test data"):
    # `[BlackType: "program"]` is no tag pair (PGN standard §8.1.1: a tag name has letters, digits and underscores).
    ("pgn-test-case-17.pgn", 1): "bad-tag",
    # `1. e4 (1. d4))) !? *` and `((( 1. c4 *`: parentheses that close no variation, or open one before any move
    # (§8.2.5); python-chess passes over them, forsyth drops no token silently.
    ("pgn-test-case-21.pgn", 1): "variation",
    ("pgn-test-case-22.pgn", 1): "variation",
}

# Files whose termination marker stands after a blank line (chesslib's): python-chess ends a game's movetext at an
# empty line ("An empty line means the end of a game", chess/pgn.py) and reads the marker as a game of its own, with no
# tags and no moves; forsyth reads it as the game's marker (PGN standard §8.2.6: each movetext section has exactly one
# termination marker, its last element). python-chess's marker-only game is merged back into the game before it.
MARKER_AFTER_BLANK_LINE = {"ep.pgn", "err.pgn", "z0.pgn"}

ERROR_LINE = re.compile(r"^.*?:(\d+):(\d+): game (\d+)\b.*\[([a-z-]+)\]")
WARNING = ": warning: "


def read_text(path):
    """The file's text: UTF-8, or Latin-1 where it is not (as forsyth's --encoding auto reads it)."""
    if path.suffix == ".zst":
        data = subprocess.run(["zstd", "-dc", str(path)], capture_output=True, check=True).stdout
    else:
        data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_all(text):
    """Every game python-chess reads from `text`."""
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


def merge_lone_markers(games):
    """`games` with each game that is a termination marker alone (python-chess's reading of a marker after a blank
    line) merged into the game before it, whose Result tag must name the same result."""
    merged = []
    for game in games:
        lone = not game.variations and not game.comment and all(
            value == chess.pgn.Headers().get(name) for name, value in game.headers.items() if name != "Result"
        )
        if lone and merged and merged[-1].headers.get("Result") == game.headers.get("Result"):
            continue
        merged.append(game)
    return merged


def collapse(comment):
    return " ".join(comment.split())


def summary(game):
    """What must agree: tags, every move with its comments and NAGs (variations included, preorder), result."""
    moves = []
    # An explicit stack of the lines being walked, each with its position: recursion would exceed Python's limit on
    # games of many hundred moves, and `node.uci()` would replay the game from its start at every move.
    stack = [(iter(game.variations), game.board())]
    while stack:
        children, board = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if stack:
                moves.append(")")
            continue
        moves.append((board.uci(child.move), collapse(child.comment), tuple(sorted(child.nags))))
        after = board.copy(stack=False)
        after.push(child.move)
        stack.append((iter(child.variations), after))
    # python-chess keeps a tag value as written, escapes and all; forsyth unescapes it (PGN standard §8.1.1: `\\` and
    # `\"`) and escapes it again when it writes. Compared unescaped, a file's `"Ugra Cup \"]` (its last quote escaped,
    # read as closing the value all the same, the backslash kept) is the value that forsyth writes `"Ugra Cup \\"]`.
    tags = {name: re.sub(r'\\(["\\])', r"\1", value) for name, value in game.headers.items()}
    return tags, collapse(game.comment), moves


def as_forsyth_writes(tags):
    """`tags` as forsyth writes them: a FEN tag goes with `SetUp "1"` (PGN standard §9.7.1), which python-chess
    keeps as read (absent, or `0`)."""
    if "FEN" in tags:
        tags = dict(tags, SetUp="1")
    return tags


def contradicted(game):
    """Whether python-chess's last position of the main line ends the game (FIDE Laws 5.1.1, 5.2.1, 5.2.2, 9.6.2)
    with another result than the game's."""
    board = game.end().board()
    if board.is_checkmate():
        by_the_rules = "0-1" if board.turn == chess.WHITE else "1-0"
    elif board.is_stalemate() or board.is_insufficient_material() or board.is_seventyfive_moves():
        by_the_rules = "1/2-1/2"
    else:
        return False
    return game.headers.get("Result", "*") != by_the_rules


def is_variant(game):
    """Whether python-chess plays `game` as a variant forsyth does not play."""
    try:
        return type(game.board()).uci_variant != "chess"
    except ValueError:
        return False


def compare(path, forsyth):
    text = read_text(path)
    reference = read_all(text)
    if path.name.removesuffix(".zst") in MARKER_AFTER_BLANK_LINE:
        reference = merge_lone_markers(reference)
    run = subprocess.run([forsyth, "pgn", "convert", "--keep-broken", str(path)], capture_output=True)
    errors = {}
    doubted = set()
    for line in run.stderr.decode("utf-8").splitlines():
        match = ERROR_LINE.match(line)
        if match and WARNING in line:
            if match.group(4) == "result-contradicts-position":
                doubted.add(int(match.group(3)))
        elif match:
            errors[int(match.group(3))] = (match.group(4), line)
    ours = read_all(run.stdout.decode("utf-8"))
    problems = []
    variant_games = 0
    if len(ours) != len(reference):
        problems.append(f"{path.name}: forsyth reads {len(ours)} games, python-chess {len(reference)}")
        return problems, len(reference), variant_games, 0
    for number, (theirs, mine) in enumerate(zip(reference, ours), start=1):
        error = errors.get(number)
        if error and error[0] == "unknown-variant" and is_variant(theirs):
            variant_games += 1
            continue
        if error and DOCUMENTED.get((path.name, number)) == error[0]:
            continue
        if bool(theirs.errors) != bool(error):
            said = error[1] if error else "no error"
            problems.append(f"{path.name}: game {number}: python-chess errors {theirs.errors!r}; forsyth: {said}")
            continue
        if error:
            continue
        if contradicted(theirs) != (number in doubted):
            problems.append(
                f"{path.name}: game {number}: python-chess's last position contradicts the result "
                f"{theirs.headers.get('Result')}: {contradicted(theirs)}; forsyth's warning: {number in doubted}"
            )
        tags, comment, moves = summary(theirs)
        expected = (as_forsyth_writes(tags), comment, moves)
        for what, a, b in zip(("tags", "comment before the moves", "moves"), expected, summary(mine)):
            if a != b:
                problems.append(f"{path.name}: game {number}: {what} differ:\n  python-chess {a}\n  forsyth      {b}")
    return problems, len(reference), variant_games, len(doubted)


def main():
    forsyth = sys.argv[1]
    root = Path(__file__).parent
    dirs = [Path(d) for d in sys.argv[2:]] or [root / "data" / "pgn", root / "../../crates/forsyth/tests/data/chesslib"]
    files = sorted(
        (data, p) for data in dirs for p in data.rglob("*") if p.name.endswith((".pgn", ".pgn.zst"))
    )
    if not files:
        sys.exit(f"no PGN files under {', '.join(map(str, dirs))}")
    all_problems = []
    total = 0
    contradictions = 0
    for data, path in files:
        problems, games, variants, doubted = compare(path, forsyth)
        total += games
        contradictions += doubted
        status = "ok" if not problems else f"{len(problems)} differences"
        note = f", {variants} in variants forsyth does not play" if variants else ""
        print(f"{path.relative_to(data)}: {games} games{note}: {status}")
        all_problems += problems
    for problem in all_problems:
        print(problem)
    print(f"{len(files)} files, {total} games ({contradictions} with a result the final position contradicts), "
          f"{len(all_problems)} differences")
    sys.exit(1 if all_problems else 0)


if __name__ == "__main__":
    main()
