"""scalachess's game-end test expectations (standard chess), as data, for `crates/forsyth/tests/game_state.rs` to
check forsyth against.

Four of scalachess's test files ask whether a game of standard chess is over: `AutodrawTest.scala` (dead positions
by material, the fifty-move rule, threefold and fivefold repetition after moves from the start),
`InsufficientMatingMaterialTest.scala` (whether a side lacks mating material), `BoardTest.scala` (checkmate,
stalemate, the winner) and `VariantTest.scala` (its three `standard` tests of mating material). This script reads
their assertions out of the Scala: each `test("NAME"):` block, its positions (a FEN in `FullFen("...")`, scalachess's
start position, or a board drawn in a triple-quoted string, read as scalachess's test `Visual.<<` reads it), the
moves played from them (`A -> B` pairs, with `List.fill`, `:::`, `.flatten` and `dropRight` evaluated), and each
`assert`, `assertNot` or `assertEquals` on the position reached. Assertions forsyth has no call for are counted as
left out. The script stops on a test about the end of a game that it cannot read, and in AutodrawTest.scala checks
that each test's assertions were all written or left out. (BoardTest.scala's tests of pieces, moves and check, and
VariantTest.scala's position-validity tests, are not about the end of a game and are not read.)

Usage, from the repository root, with scalachess's repository at GIT_DIR (the `fetch` of github:lichess-org/scalachess):
    python3 tools/reference/scalachess_ends.py GIT_DIR [--out PATH]
"""

import argparse
import re
import subprocess
from collections import Counter

OUT = "crates/forsyth/tests/data/scalachess-ends.tsv"
TESTS = "test-kit/src/test/scala/"
FILES = ["AutodrawTest.scala", "InsufficientMatingMaterialTest.scala", "BoardTest.scala", "VariantTest.scala"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Expectations forsyth does not share, each with the rule that decides it (TESTING.md lists them): the line's
# question is marked `!`, and forsyth's test asserts forsyth's own answer there.
DISAGREEMENTS = {}

# What is left out, and why (the data file's header says so too).
LEFT_OUT = {
    "bishopsOnOppositeColors": "those of scalachess's helper `bishopsOnOppositeColors` (whether the board holds "
    "bishops on both square colours), which forsyth has no call for",
    "emptyBoard": "`makeEmptyBoard.autoDraw` (a board without kings, which forsyth does not set up as a position)",
    "materialImbalance": "those of `materialImbalance` (a count of material in pawns, not a game-end question)",
    "otherVariant": "those of its king of the hill, three-check and racing kings tests (variants forsyth does not "
    "play)",
}


def scala_file(git_dir, name):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{TESTS}{name}"], check=True,
                          capture_output=True, text=True).stdout


def commit_of(git_dir):
    return subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()


def blocks(source):
    """The class-level text (every line outside a test), and each `test("NAME"):` block (NAME, body), in order; a
    block runs to the next non-blank line indented as little as its `test(` (outside a triple-quoted string)."""
    lines = source.split("\n")
    head, found, current, indent, in_string = [], [], None, 0, False
    for line in lines:
        starts_in_string = in_string
        in_string ^= line.count('"""') % 2 == 1
        match = re.match(r'^(\s*)test\(s?"([^"]*)"\):\s*$', line) or re.match(r'^(\s*)test\($', line)
        if match:
            current = [match.group(2) if match.lastindex == 2 else None, []]
            indent = len(match.group(1))
            found.append(current)
            continue
        if current is not None and not starts_in_string and line.strip() and len(line) - len(line.lstrip()) <= indent \
                and not (current[0] is None or line.strip().startswith(")")):
            current = None
        if current is None:
            head.append(line)
        elif current[0] is None:
            # test(\n "NAME"\n ): split over lines
            name = re.match(r'^\s*s?"([^"]*)"\s*$', line)
            if name:
                current[0] = name.group(1)
            elif line.strip() == "):":
                pass
        else:
            current[1].append(line)
    return "\n".join(head), [(name, "\n".join(body)) for name, body in found]


def visual_fen(source, turn):
    """The FEN of a board drawn as scalachess's test `Visual.<<` reads it: eight lines are the eight ranks from the
    8th; more, the 2nd to 9th; fewer, the bottom ranks (the top ones empty). Columns are files; a letter is a piece
    (upper case White), anything else an empty square. No castling right is written: no drawing has a king and rook
    on their first squares."""
    lines = source.splitlines()
    if len(lines) > 8:
        lines = lines[1:9]
    elif len(lines) < 8:
        lines = [""] * (8 - len(lines)) + lines
    ranks = []
    for line in lines:
        squares = [c if c.lower() in "pnbrqk" else None for c in line[:8].ljust(8)]
        assert all(c not in "pnbrqkPNBRQK" for c in line[8:]), f"a piece beyond the h-file: {line!r}"
        text, empty = "", 0
        for c in squares:
            if c is None:
                empty += 1
            else:
                text += (str(empty) if empty else "") + c
                empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    for rank in ranks:
        assert "K" in "".join(ranks) or "k" in "".join(ranks)
    return "/".join(ranks) + f" {turn} - - 0 1"


def square_pair(text):
    return text.replace("Square.", "").lower()


def moves_of(expression, names):
    """The moves of a Scala expression of move lists, as UCI squares: `List(A -> B, ...)`, `List.fill(N)(X)`,
    `X.flatten`, `X ::: Y`, `(X: T)`, `NAME`, `NAME.dropRight(N)`."""
    e = expression.strip()
    if e.endswith("*"):
        e = e[:-1].strip()
    # (X: Type) ascription
    m = re.fullmatch(r"\((.*):\s*List\[\(Square, Square\)\]\)", e, re.S)
    if m:
        return moves_of(m.group(1), names)
    depth, at = 0, None
    for i, c in enumerate(e):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and e.startswith(":::", i):
            at = i
            break
    if at is not None:
        return moves_of(e[:at], names) + moves_of(e[at + 3:], names)
    m = re.fullmatch(r"(.*)\.flatten", e, re.S)
    if m:
        return moves_of(m.group(1), names)
    m = re.fullmatch(r"List\.fill\((\d+)\)\((.*)\)", e, re.S)
    if m:
        return moves_of(m.group(2), names) * int(m.group(1))
    m = re.fullmatch(r"List\((.*)\)", e, re.S)
    if m:
        inner = m.group(1)
        if inner.lstrip().startswith("List"):
            # A list of lists: each element in turn.
            parts, depth, start = [], 0, 0
            for i, c in enumerate(inner):
                depth += {"(": 1, ")": -1}.get(c, 0)
                if c == "," and depth == 0:
                    parts.append(inner[start:i])
                    start = i + 1
            parts.append(inner[start:])
            return [mv for part in parts for mv in moves_of(part, names)]
        pairs = re.findall(r"\b([A-H][1-8])\s*->\s*([A-H][1-8])\b", inner)
        rest = re.sub(r"\b([A-H][1-8])\s*->\s*([A-H][1-8])\b", "", inner)
        assert re.fullmatch(r"[\s,]*", rest), f"unread {rest!r}"
        return [(a + b).lower() for a, b in pairs]
    m = re.fullmatch(r"(\w+)\.dropRight\((\d+)\)", e)
    if m:
        return moves_of(names[m.group(1)], names)[:-int(m.group(2))]
    if re.fullmatch(r"\w+", e):
        return moves_of(names[e], names)
    raise ValueError(f"unread move expression {e!r}")


def val_lists(text):
    """`val NAME = ...` move-list definitions of a text, by name (to the closing bracket of the expression, or the
    end of the line)."""
    names = {}
    for m in re.finditer(r"val (\w+)(?:: [^=]+)? = (List\b)", text):
        start, depth, i = m.start(2), 0, m.start(2)
        # the expression runs to the end of the line on which its brackets close (and no `:::` goes on)
        while i < len(text):
            c = text[i]
            depth += {"(": 1, ")": -1}.get(c, 0)
            if c == "\n" and depth == 0 and not text[start:i].rstrip().endswith(":::"):
                break
            i += 1
        names[m.group(1)] = text[start:i]
    return names


def fen_lists(body):
    """`val trues = List(...)` and `val falses = List(...)` of FEN strings."""
    lists = {}
    for m in re.finditer(r"val (trues|falses) = List\((.*?)\n\s*\)\.map\(FullFen\(_\)\)", body, re.S):
        lists[m.group(1)] = re.findall(r'"([^"]+)"', m.group(2))
    return lists


class Collector:
    def __init__(self):
        self.lines, self.kept, self.left_out, self.marked = [], Counter(), Counter(), set()

    def row(self, source, test, question, fen, moves, expected):
        label = question
        if (source, test, question) in DISAGREEMENTS:
            label = "!" + question
            self.marked.add((source, test, question))
        self.lines.append([source, test, label, fen, " ".join(moves) or "-", expected])
        self.kept[source] += 1

    def leave(self, source, why, n=1):
        self.left_out[(source, why)] += n


def truth(assertion):
    return {"assert": "true", "assertNot": "false"}[assertion]


def insufficient_material(out, source, text):
    _, tests = blocks(text)
    for name, body in tests:
        lists = fen_lists(body)
        assert set(lists) == {"trues", "falses"}, name
        if "assert(bishopsOnOppositeColors(" in body:
            out.leave(source, "bishopsOnOppositeColors", len(lists["trues"]) + len(lists["falses"]))
        elif "assert(apply(position.board, !position.color))" in body:
            for key, expected in (("trues", "true"), ("falses", "false")):
                for fen in lists[key]:
                    out.row(source, name, "apply(board, !color)", fen, [], expected)
        else:
            raise ValueError(f"{source}: unread test {name!r}")


def autodraw(out, source, text):
    head, tests = blocks(text)
    names = val_lists(head)
    for name, body in tests:
        asserts = len(re.findall(r"\bassert(?:Not|Equals)?\b", body))
        before = len(out.lines) + sum(n for (s, _), n in out.left_out.items() if s == source)
        local = dict(names, **val_lists(body))
        if "makeEmptyBoard.autoDraw" in body:
            out.leave(source, "emptyBoard")
        elif re.search(r"(assert|assertNot)\(Standard\.initialPosition\.autoDraw\)", body):
            a = re.search(r"(assert|assertNot)\(Standard\.initialPosition\.autoDraw\)", body).group(1)
            out.row(source, name, "autoDraw", START, [], truth(a))
        elif m := re.search(r'(assert|assertNot):\s*"""(.*?)"""\.autoDraw', body, re.S):
            out.row(source, name, "autoDraw", visual_fen(m.group(2), "w"), [], truth(m.group(1)))
        elif m := re.search(r"makeGame\s*\.playMoves\(([^*]*?)\)\s*\.map\(_\.position\.autoDraw\),\s*Right\((true|false)\)",
                            body, re.S):
            out.row(source, name, "autoDraw", START, moves_of(f"List({m.group(1)})", local), m.group(2))
        elif m := re.search(r"(assert|assertNot):\s*makeGame\.playMoves\(([^*]*?)\)\.get\.position\.autoDraw", body,
                            re.S):
            out.row(source, name, "autoDraw", START, moves_of(f"List({m.group(2)})", local), truth(m.group(1)))
        elif m := re.search(r"(assert|assertNot):\s*makeGame\.playMoves\((.*?\*)\)\.get\.position\.(autoDraw|history\.threefoldRepetition)",
                            body, re.S):
            question = "autoDraw" if m.group(3) == "autoDraw" else "threefoldRepetition"
            out.row(source, name, question, START, moves_of(m.group(2), local), truth(m.group(1)))
        elif m := re.search(r'val position = FullFen\("([^"]+)"\)', body):
            fen, moves = m.group(1), []
            if played := re.search(r"\.playMove\(Square\.(\w\d), Square\.(\w\d)\)", body):
                moves = [(played.group(1) + played.group(2)).lower()]
            for a, q in re.findall(r"\b(assert|assertNot)\((?:game\.)?position\.(?:|game\.position\.)?(\w+)\)",
                                   body.replace("game.position.", "position.")):
                out.row(source, name, q, fen, moves, truth(a))
        else:
            raise ValueError(f"{source}: unread test {name!r}")
        after = len(out.lines) + sum(n for (s, _), n in out.left_out.items() if s == source)
        assert after - before == asserts, (source, name, asserts, after - before)


def board(out, source, text):
    _, tests = blocks(text)
    for name, body in tests:
        if m := re.fullmatch(r'\s*(assert|assertNot):\s*\("""(.*?)"""\.as\((White|Black)\)\)\.(checkMate|staleMate)\s*',
                             body, re.S):
            fen = visual_fen(m.group(2), m.group(3)[0].lower())
            out.row(source, name, m.group(4), fen, [], truth(m.group(1)))
        elif name in ("Give the correct winner for a game", "Not give a winner if the game is still in progress"):
            game = re.search(r'val game\s*=\s*"""(.*?)"""\.as\((White|Black)\)', body, re.S)
            fen = visual_fen(game.group(1), game.group(2)[0].lower())
            assertions = re.findall(r"\b(assert|assertNot|assertEquals)\((.*)\)\s*$", body, re.M)
            for a, arg in assertions:
                if a == "assertEquals":
                    what, value = (s.strip() for s in arg.split(",", 1))
                    assert what == "game.winner", arg
                    expected = {"None": "none", "Some(White)": "white", "Some(Black)": "black"}[value]
                    out.row(source, name, "winner", fen, [], expected)
                else:
                    q = re.fullmatch(r"game\.(\w+)", arg).group(1)
                    out.row(source, name, q, fen, [], truth(a))
        elif re.search(r"checkMate|staleMate|winner|autoDraw|\.end\b", body):
            raise ValueError(f"{source}: unread test {name!r}")
        # other tests of the board (pieces, moves, check) are not about the end of the game


def variant(out, source, text):
    _, tests = blocks(text)
    for name, body in tests:
        if not (name or "").startswith("standard Identify"):
            if re.search(r"checkMate|staleMate|autoDraw|\.end\b|winner|Insufficient", body):
                out.leave(source, "otherVariant", len(re.findall(r"\bassert(?:Not|Equals)?\b", body)))
            continue
        fen = re.search(r'FullFen\("([^"]+)"\)', body).group(1)
        assert "fenToGame(position, Standard)" in body
        for a, arg in re.findall(r"\b(assert|assertNot|assertEquals)\((.*)\)\s*$", body, re.M):
            if a == "assertEquals":
                assert arg.startswith("game.position.materialImbalance"), arg
                out.leave(source, "materialImbalance")
            else:
                q = re.fullmatch(r"game\.position\.(\w+)", arg).group(1)
                out.row(source, name, q, fen, [], truth(a))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("git_dir")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    commit = commit_of(args.git_dir)
    out = Collector()
    readers = {"AutodrawTest.scala": autodraw, "InsufficientMatingMaterialTest.scala": insufficient_material,
               "BoardTest.scala": board, "VariantTest.scala": variant}
    for name in FILES:
        readers[name](out, name, scala_file(args.git_dir, name))
    assert out.marked == set(DISAGREEMENTS), set(DISAGREEMENTS) - out.marked

    kept = ", ".join(f"{n} from {s}" for s, n in out.kept.items())
    left = "; ".join(f"{n} of {s}, {LEFT_OUT[why]}" for (s, why), n in out.left_out.items())
    header = f"""\
# scalachess's game-end tests of standard chess, as data: the assertions of {", ".join(FILES)} (under
# {TESTS}) of github.com/lichess-org/scalachess, commit {commit[:8]} (MIT; the licence is in README.md
# here), taken out of the Scala by tools/reference/scalachess_ends.py. Read by `game_state::scalachess_end_cases`.
# One expectation per line, tab-separated: SOURCE (the Scala file), TEST (the name in its `test("...")`), QUESTION
# (what scalachess asks of the position reached), FEN (the position scalachess's test sets up: a FEN it reads, its
# start position, or a board it draws, written here with White to move unless the test says otherwise, no castling
# rights and clocks 0 1), MOVES (played from FEN, in UCI with the king moving to the rook's or its own square for
# castling, as the test writes them; `-` for none), EXPECTED (scalachess's answer). The questions, and the call of
# forsyth that answers the same question (`turn`: the side to move in the position reached):
#   apply(board, !color)             `InsufficientMatingMaterial(board, !color)`: the side not to move cannot mate;
#                                    `has_insufficient_material(!turn)`
#   opponentHasInsufficientMaterial  the same, on a position; `has_insufficient_material(!turn)`
#   autoDraw                         the game is drawn by itself: dead by material, 100 half-moves without capture or
#                                    pawn move, or fivefold repetition; `status()` InsufficientMaterial or
#                                    SeventyFiveMoves, or `History::is_fivefold`
#   end                              the game is over (checkmate, stalemate or autoDraw); `status()` not Ongoing, or
#                                    `History::is_fivefold`
#   threefoldRepetition              the position reached has occurred three times; `History::is_threefold`
#   checkMate, staleMate             `is_checkmate`, `is_stalemate`
#   winner                           white, black or none; the winner of `outcome()`
# Boards drawn that no game reaches (Black's king missing, two white kings, the side not to move in check, more
# promoted pieces than missing pawns) are kept: forsyth refuses them as positions, and its test answers on them set up
# unchecked. `by fifty moves: tons of pointless moves` plays the knights out and back 30 times: the start position
# occurs 31 times, so fivefold repetition ends that game in forsyth too (the fifty-move rule alone would not: FIDE
# Laws 9.3, 9.6.2; scalachess ends the game at 100 half-moves without a claim).
# QUESTION marked `!`: scalachess's expectation, which forsyth does not share (TESTING.md, its disagreements); the
# test asserts forsyth's own answer:{"" if DISAGREEMENTS else " none is marked."}
"""
    for (source, test, question), why in DISAGREEMENTS.items():
        header += f"#   {source} '{test}' {question}: {why}.\n"
    header += f"# Kept: {kept}.\n"
    header += f"# Left out, by assertion: {left}.\n"
    import textwrap
    wrapped = []
    for line in header.rstrip("\n").split("\n"):
        if len(line) <= 120:
            wrapped.append(line)
        else:
            indent = "#   " if line.startswith("#   ") else "# "
            body = line[len(indent):]
            parts = textwrap.wrap(body, 120 - len(indent) - 2)
            wrapped.append(indent + parts[0])
            wrapped += [indent + "  " + p if indent == "#   " else indent + p for p in parts[1:]]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(wrapped) + "\n")
        for line in out.lines:
            assert all("\t" not in v and "\n" not in v for v in line), line
            f.write("\t".join(line) + "\n")
    print(f"{len(out.lines)} lines: {dict(out.kept)}; left out {dict(out.left_out)}")


if __name__ == "__main__":
    main()
