"""forsyth.chess, python-chess's API over forsyth, checked against python-chess itself.

1. python-chess's own test suite: test.py of the python-chess 1.11.2 source distribution (GPL-3.0, so never kept
   in the repository: downloaded with pip at test time, or taken from the copy under target/), with
   ``import chess`` made ``import forsyth.chess as chess``, runs its test classes of squares, moves, pieces,
   boards, move generation and square sets. Each class must pass at least the tests it passed when the floor was
   measured; the failures are listed in target/python-chess/test-py-failures.txt for whoever works on them.
2. Differential: along random games (standard and Chess960), forsyth.chess and python-chess 1.11.2 must agree on
   the legal moves, the SAN of each, the FEN, the outcome, check, and the attackers of every square.
"""

import json
import pathlib
import pickle
import random
import re
import subprocess
import sys
import tarfile
import tempfile

import chess
import pytest

import forsyth.chess as fchess

from conftest import ROOT

assert chess.__version__ == "1.11.2", "the reference is python-chess 1.11.2"

CACHE = ROOT / "target" / "python-chess"
TEST_PY = CACHE / "chess-1.11.2-test.py"
FAILURES = CACHE / "test-py-failures.txt"

# Tests of python-chess's test.py that pass through forsyth.chess, by class: measured, and only ever raised.
FLOORS = {
    "SquareTestCase": 6,
    "MoveTestCase": 5,
    "PieceTestCase": 3,
    "BoardTestCase": 76,
    "LegalMoveGeneratorTestCase": 3,
    "BaseBoardTestCase": 1,
    "SquareSetTestCase": 15,
}


def python_chess_test_py() -> pathlib.Path:
    """test.py of the python-chess 1.11.2 source distribution, downloaded once (pip, time-limited)."""
    if TEST_PY.exists():
        return TEST_PY
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                        "--no-binary", ":all:", "--timeout", "60", "-d", tmp, "chess==1.11.2"],
                       check=True, timeout=300)
        [sdist] = pathlib.Path(tmp).glob("chess-1.11.2.tar.gz")
        with tarfile.open(sdist) as tar:
            member = tar.extractfile("chess-1.11.2/test.py")
            assert member is not None, "the sdist has no test.py"
            TEST_PY.write_bytes(member.read())
    return TEST_PY


# Runs the chosen classes of test.py against forsyth.chess in a process of its own (a crash there is a failure
# here, not the end of the suite) and prints {class: {"run": n, "failed": [names]}} as JSON.
RUNNER = r'''
import json, re, sys, unittest
source = open(sys.argv[1], encoding="utf-8").read()
classes = sys.argv[2].split(",")
blocks = re.split(r"(?m)^(?=class )", source)
# The module header and the chosen classes only: the others need python-chess's engine, syzygy and variant
# modules, which forsyth.chess does not have yet.
kept = [blocks[0]] + [b for b in blocks[1:] if re.match(r"class (\w+)", b).group(1) in classes]
source = "".join(kept).replace("import chess\n", "import forsyth.chess as chess\n", 1)
source = re.sub(r"(?m)^import chess\.(?!polyglot)\w+\n", "", source)
source = source.replace("import chess.polyglot\n", "import forsyth.chess.polyglot\n")
namespace = {"__name__": "python_chess_test"}
exec(compile(source, "test.py", "exec"), namespace)
results = {}
for name in classes:
    outcome = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(namespace[name]).run(outcome)
    failed = [(test.id().rsplit(".", 1)[-1], trace.strip().splitlines()[-1]) for test, trace in
              outcome.failures + outcome.errors]
    results[name] = {"run": outcome.testsRun, "failed": failed}
print(json.dumps(results))
'''


@pytest.fixture(scope="module")
def test_py_results():
    done = subprocess.run([sys.executable, "-c", RUNNER, str(python_chess_test_py()), ",".join(FLOORS)],
                          capture_output=True, text=True, timeout=600, cwd=CACHE)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    lines = []
    for name, result in results.items():
        passed = result["run"] - len(result["failed"])
        lines.append(f"{name}: {passed}/{result['run']} pass")
        lines += [f"  {test}: {reason}" for test, reason in result["failed"]]
    FAILURES.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return results


@pytest.mark.parametrize("name", list(FLOORS))
def test_python_chess_test_py(test_py_results, name):
    result = test_py_results[name]
    passed = result["run"] - len(result["failed"])
    assert result["run"] > 0, f"{name} ran no test"
    assert passed >= FLOORS[name], (
        f"{name}: {passed}/{result['run']} of python-chess's tests pass, the floor is {FLOORS[name]} "
        f"(failures in {FAILURES}): {result['failed']}")


GAMES = 120
MAX_PLIES = 100


def random_games(seed: int, chess960: bool):
    rng = random.Random(seed)
    for _ in range(GAMES):
        if chess960:
            n = rng.randrange(960)
            yield chess.Board.from_chess960_pos(n), fchess.Board.from_chess960_pos(n), rng
        else:
            yield chess.Board(), fchess.Board(), rng


def same_position(reference: chess.Board, board: fchess.Board, where: str) -> None:
    assert board.fen() == reference.fen(), where
    assert board.fen(en_passant="fen") == reference.fen(en_passant="fen"), where
    assert board.turn == reference.turn and board.ply() == reference.ply(), where
    legal = sorted(m.uci() for m in reference.legal_moves)
    assert sorted(m.uci() for m in board.legal_moves) == legal, where
    assert board.legal_moves.count() == len(legal), where
    assert {board.san(m) for m in board.legal_moves} == {reference.san(m) for m in reference.legal_moves}, where
    assert board.is_check() == reference.is_check(), where
    assert board.checkers_mask() == reference.checkers_mask(), where
    assert board.castling_rights == reference.clean_castling_rights(), where
    assert board.ep_square == reference.ep_square, where
    assert board.has_legal_en_passant() == reference.has_legal_en_passant(), where
    ours, theirs = board.outcome(claim_draw=True), reference.outcome(claim_draw=True)
    assert (ours and (ours.termination.name, ours.winner)) == (theirs and (theirs.termination.name, theirs.winner))
    assert board.epd() == reference.epd() and board.mirror().fen() == reference.mirror().fen(), where
    assert str(board) == str(reference) and board.unicode() == reference.unicode(), where
    assert board.can_claim_draw() == reference.can_claim_draw(), where
    assert board.is_insufficient_material() == reference.is_insufficient_material(), where
    assert board.status() == reference.status() and board.is_valid(), where
    if reference.ply() % 4 == 0:
        # What each legal move is, every fourth position (these double the test's time).
        for move in reference.legal_moves:
            ours = fchess.Move.from_uci(move.uci())
            assert board.lan(ours) == reference.lan(move), (where, move)
            assert (board.is_capture(ours), board.gives_check(ours), board.is_zeroing(ours),
                    board.is_castling(ours), board.is_en_passant(ours), board.is_irreversible(ours)) == (
                reference.is_capture(move), reference.gives_check(move), reference.is_zeroing(move),
                reference.is_castling(move), reference.is_en_passant(move), reference.is_irreversible(move)), (
                    where, move)
        assert sorted(m.uci() for m in board.pseudo_legal_moves) == sorted(
            m.uci() for m in reference.pseudo_legal_moves), where
    for color in (chess.WHITE, chess.BLACK):
        for sq in chess.SQUARES:
            assert board.attackers_mask(color, sq) == reference.attackers_mask(color, sq), (where, color, sq)
        king = reference.king(color)
        if king is not None:
            assert board.king(color) == king, where
            pinned = [sq for sq in chess.SQUARES if reference.is_pinned(color, sq)]
            assert [sq for sq in chess.SQUARES if board.is_pinned(color, sq)] == pinned, where


@pytest.mark.parametrize("chess960", [False, True], ids=["standard", "chess960"])
def test_random_games_agree_with_python_chess(chess960):
    positions = 0
    for game, (reference, board, rng) in enumerate(random_games(61 + chess960, chess960)):
        for ply in range(rng.randrange(MAX_PLIES)):
            where = f"game {game}, ply {ply}: {reference.fen()}"
            same_position(reference, board, where)
            positions += 1
            legal = list(reference.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            san = reference.san(move)
            assert board.push_san(san).uci() == move.uci(), where
            reference.push(move)
        assert [m.uci() for m in board.move_stack] == [m.uci() for m in reference.move_stack]
        assert board.root().variation_san(board.move_stack) == reference.root().variation_san(reference.move_stack)
        # A board pickles (for multiprocessing) as its root, its moves and its Chess960 flag.
        copied = pickle.loads(pickle.dumps(board))
        assert copied.fen() == reference.fen() and copied.chess960 == reference.chess960
        assert [m.uci() for m in copied.move_stack] == [m.uci() for m in reference.move_stack]
        while reference.move_stack:
            assert board.pop().uci() == reference.pop().uci()
        assert board.fen() == reference.fen()
    assert positions > 1000


def test_any_placement_is_played_without_a_panic():
    """python-chess lets a program set up any placement (no king, two kings, pawns on the back rank, the side not
    to move in check, rights and en-passant squares that do not stand): every call on such boards, and moves pushed
    on them, end in a value or a ValueError, never in a panic of the Rust core (pyo3's PanicException is no
    ValueError, so it fails this test)."""
    rng = random.Random(61)
    for _ in range(1500):
        board = fchess.Board.empty(chess960=rng.random() < 0.3)
        board.set_piece_map({rng.randrange(64): fchess.Piece(rng.randrange(1, 7), rng.random() < 0.5)
                             for _ in range(rng.randrange(12))})
        board.turn = rng.random() < 0.5
        try:
            board.set_castling_fen(rng.choice(["-", "KQkq", "K", "q", "HAha", "Bb"]))
            if rng.random() < 0.3:
                board.ep_square = rng.randrange(64)
        except ValueError:
            pass
        for _ in range(6):
            board.status(), board.fen(), board.outcome(claim_draw=True), str(board)
            [board.san(m) for m in board.legal_moves]
            for sq in fchess.SQUARES:
                board.attackers(fchess.WHITE, sq), board.is_pinned(fchess.BLACK, sq)
            moves = list(board.pseudo_legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        while board.move_stack:
            board.pop()
