"""cutechess's chess-board test expectations, as data, for `crates/forsyth/tests/fen.rs` and `perft.rs` to check
forsyth against.

cutechess's `projects/lib/tests/chessboard/tst_board.cpp` is a data-driven Qt test: each `*_data()` function adds
rows (`QTest::newRow("name") << variant << ...;`) that one test function then checks. This script reads those rows
out of the C++ (string literals joined as the compiler joins them, the `variant` variable followed as it is
reassigned, `Q_UINT64_C(n)` read as n) and keeps the rows of the variants forsyth plays. A perft row's comment
often gives the counts at other depths too (`// 4 plies: 809539, 5 plies: 28937546`); they are kept as well, under
their own test name, as cutechess's test does not check them.

Usage, from the repository root, with cutechess's repository at PATH (the `fetch` of github:cutechess/cutechess):
    git -C PATH show HEAD:projects/lib/tests/chessboard/tst_board.cpp > /tmp/tst_board.cpp
    python3 tools/reference/cutechess_board.py /tmp/tst_board.cpp COMMIT [--out PATH]
"""

import argparse
import re
from collections import Counter

import data_file
from cpp_source import function_bodies
from data_file import wrapped

OUT = "crates/forsyth/tests/data/cutechess-board.tsv"

# cutechess's names of the variants forsyth plays (its `capablanca` board reads Gothic's array too, as forsyth's
# does: the two differ only in where the pieces start).
PLAYED = {"standard", "fischerandom", "capablanca", "gothic", "janus", "embassy", "caparandom"}

# The Qt data functions, their test functions' names, and the columns each row holds after the variant.
TESTS = {
    "zobristKeys_data": ("zobristKeys", ["fen", "key"]),
    "moveStrings_data": ("moveStrings", ["moves", "startfen", "endfen"]),
    "sanStrings_data": ("sanStrings", ["fen", "lanmove", "sanmove"]),
    "results_data": ("results", ["fen", "result"]),
    "perft_data": ("perft", ["fen", "depth", "nodecount"]),
}

# Expectations forsyth does not share, each with the rule that decides it (TESTING.md lists them): the line's
# test name is marked `!`, and forsyth's test asserts forsyth's own answer there.
DISAGREEMENTS = {
    ("moveStrings", "janus castling san2"):
        "cutechess (as XBoard) names Janus castling by distance, `O-O` the short one to the b-file; forsyth reads "
        "`O-O` as castling towards the j-file, the side of X-FEN's `K` right, as Fairy-Stockfish does (PGN standard "
        "8.2.3.3 with X-FEN's castling sides), so Black's `O-O` here is refused (f8 is not empty)",
    ("results", "Fifty moves draw"):
        "cutechess ends the game at 100 half-moves; forsyth's status goes on (a draw may be claimed), as FIDE Laws "
        "9.3 and 9.6.2 decide: the fifty-move rule needs a claim, and only 75 moves end the game by themselves",
}

TOKEN = re.compile(
    r'''(?P<comment>//[^\n]*)
      | (?P<string>"(?:[^"\\]|\\.)*")
      | (?P<u64>Q_UINT64_C\(\s*(?P<u64value>0x[0-9a-fA-F]+|\d+)\s*\))
      | (?P<number>\d+)
      | (?P<word>[A-Za-z_:][A-Za-z_0-9:]*)
      | (?P<punct><<|[;=(){}<>,])
      | (?P<space>\s+)
      | (?P<other>.)''',
    re.VERBOSE,
)


def rows(body):
    """Each `QTest::newRow(NAME) << ...;` statement of a body: its name, its values (strings joined, `variant`
    resolved, numbers as int) and the text of the comments inside it."""
    variant = None
    statement, comments = [], []
    for token in TOKEN.finditer(body):
        kind, text = token.lastgroup, token.group(0)
        if kind == "space":
            continue
        if kind == "comment":
            # Only a comment inside a row is about it (one between rows may be about anything).
            if statement:
                comments.append(text[2:].strip())
            continue
        if kind == "other":
            raise ValueError(f"unexpected {text!r}")
        if kind == "punct" and text == ";":
            if statement[:1] == [("word", "QTest::newRow")]:
                assert statement[1] == ("punct", "(") and statement[2][0] == "string" and statement[3] == ("punct", ")")
                values = []
                for k, v in statement[4:]:
                    if (k, v) == ("punct", "<<"):
                        values.append(None)
                    elif k == "string":
                        value = bytes(v[1:-1], "utf-8").decode("unicode_escape")
                        values[-1] = value if values[-1] is None else values[-1] + value
                    elif k == "word" and v == "variant":
                        values[-1] = variant
                    elif k in ("number", "u64"):
                        values[-1] = int(v, 0)
                    else:
                        raise ValueError(f"unexpected {v!r} in a row")
                name = bytes(statement[2][1][1:-1], "utf-8").decode("unicode_escape")
                yield name, values, comments
            elif statement and ("word", "variant") in statement[:2]:
                variant = bytes(statement[-1][1][1:-1], "utf-8").decode("unicode_escape")
            statement, comments = [], []
            continue
        if kind == "u64":
            text = token.group("u64value")
        statement.append((kind, text))


def extra_depths(comments, asserted_depth):
    """The `N plies: COUNT` pairs of a perft row's comments, but for the depth the row asserts."""
    pairs = re.findall(r"(\d+) plies?: (\d+)", " ".join(comments))
    return [(int(d), int(n)) for d, n in pairs if int(d) != asserted_depth]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tst_board")
    parser.add_argument("commit")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    with open(args.tst_board, encoding="utf-8") as f:
        bodies = function_bodies(f.read(), r"void tst_Board::(\w+_data)\(\) const\s*\{")

    lines, kept, left_out = [], Counter(), Counter()
    marked = set()
    for function, (test, columns) in TESTS.items():
        for name, values, comments in rows(bodies[function]):
            variant, *fields = values
            assert len(fields) == len(columns), (test, name, values)
            if variant not in PLAYED:
                left_out[variant] += 1
                continue
            if test == "zobristKeys":
                fields[1] = f"{fields[1]:016x}"
            label = test
            if (test, name) in DISAGREEMENTS:
                label = "!" + test
                marked.add((test, name))
            kept[test] += 1
            lines.append([label, name, variant, *map(str, fields)])
            if test == "perft":
                fen, depth, _ = fields
                for extra_depth, count in extra_depths(comments, depth):
                    kept["perft-comment"] += 1
                    lines.append(["perft-comment", name, variant, fen, str(extra_depth), str(count)])
    missing = set(DISAGREEMENTS) - marked
    assert not missing, f"disagreements not found: {missing}"
    for line in lines:
        assert all("\t" not in field and "\n" not in field for field in line), line

    header = f"""\
cutechess's chess-board tests, as data: the rows of the data-driven Qt tests of
projects/lib/tests/chessboard/tst_board.cpp (github.com/cutechess/cutechess, commit {args.commit}; GPL-3.0-or-later,
as cutechess's COPYING and source headers say), taken out of the C++ by tools/reference/cutechess_board.py. Read by
`fen::cutechess_board_cases` and `perft::cutechess_perft_cases`.
One expectation per line, tab-separated: TEST (the Qt test function that checks the row), ROW (its name in
QTest::newRow), VARIANT (cutechess's name, which `Variant::from_name` reads: standard, fischerandom (Chess960),
capablanca (here with Gothic's array, which cutechess's Capablanca board reads as forsyth's does), embassy, janus),
then by TEST:
  zobristKeys FEN KEY             m_board->key() of the position: its Polyglot key, in hexadecimal
  moveStrings MOVES START END     START read, each of MOVES (SAN or cutechess's long algebraic, which is UCI's with
                                  king-to-destination castling) read and played, and END written (the en-passant
                                  square only where a capture is legal, castling as KQkq); every move taken back,
                                  START written again
  sanStrings FEN LAN SAN          LAN's move written in SAN is SAN, and SAN read and written in LAN is LAN
  results FEN RESULT              the result cutechess's board gives the position (`*`: the game goes on)
  perft FEN DEPTH NODES           the leaf count at DEPTH plies
  perft-comment FEN DEPTH NODES   a count at another depth, from the row's comment (cutechess does not check it)
TEST marked `!`: cutechess's expectation, which forsyth does not share (TESTING.md, its disagreements); the test
asserts forsyth's own answer:
""" + "".join(wrapped(f"{test} {name!r}: {reason}.", "  ") for (test, name), reason in DISAGREEMENTS.items()) \
        + wrapped(f"Kept: {', '.join(f'{n} {t}' for t, n in kept.items())}.") \
        + wrapped(f"Left out, as forsyth does not play them: the {sum(left_out.values())} rows of {len(left_out)} "
                  f"other variants: {', '.join(f'{v} {n}' for v, n in sorted(left_out.items()))}.")
    data_file.write(args.out, header, ("\t".join(line) for line in lines))
    print(f"{args.out}: {sum(kept.values())} expectations ({dict(kept)}); left out {dict(left_out)}")


if __name__ == "__main__":
    main()
