"""Bad input raises typed exceptions with a code and a place; nothing surfaces as a panic."""

import random

import pytest

import forsyth


def test_exception_hierarchy():
    for cls in [forsyth.FenError, forsyth.IllegalMoveError, forsyth.PgnError]:
        assert issubclass(cls, forsyth.Error)
        assert issubclass(cls, ValueError)


def test_fen_error_has_code_line_column_and_the_cli_message():
    with pytest.raises(forsyth.FenError) as caught:
        forsyth.Position("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    error = caught.value
    assert error.code == "fen.board.rank-too-long"
    assert (error.line, error.column) == (1, 18)
    assert str(error) == (
        "invalid FEN 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1': [fen.board.rank-too-long] "
        "column 18 (board): 'ppppppppp': rank 7 has 9 squares; it needs 8"
    )


def test_illegal_position_is_a_fen_error_with_the_problem_code():
    with pytest.raises(forsyth.FenError) as caught:
        forsyth.Position("4k3/8/8/8/8/8/8/8 w - - 0 1")
    assert caught.value.code == "position.missing-king"


def test_illegal_moves():
    pos = forsyth.Position()
    with pytest.raises(forsyth.IllegalMoveError) as caught:
        pos.push_san("Nd2")
    assert caught.value.code == "move.unreachable"
    assert "no white knight can reach d2" in str(caught.value)
    with pytest.raises(forsyth.IllegalMoveError):
        pos.push(forsyth.Move.from_uci("e2e5"))
    with pytest.raises(forsyth.IllegalMoveError):
        forsyth.Move.from_uci("hello")
    with pytest.raises(forsyth.IllegalMoveError) as caught:
        forsyth.translate("1.e4 e5 2.Ke3")
    assert str(caught.value).startswith("move 3 (2.) 'Ke3'")
    assert caught.value.translated == "1.e4 e5"


def test_unknown_names_are_value_errors():
    with pytest.raises(ValueError, match="unknown variant"):
        forsyth.Position(variant="shogi")
    with pytest.raises(ValueError, match="unknown language"):
        forsyth.Position().san("e4", lang="xx")
    with pytest.raises(ValueError, match="unknown style"):
        forsyth.Position().san("e4", style="morse")


def test_random_text_never_panics():
    rng = random.Random(18)
    alphabet = "KQRBNPkqrbnpxX/12345678910 -wbAHah#+=:e.p()!?O0-\u2654\x00\U0001F600"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 90)))
        for call in [
            lambda: forsyth.Position(text),
            lambda: forsyth.Position().push_san(text),
            lambda: forsyth.Position().parse_move(text, lang="de"),
            lambda: forsyth.translate(text, "de", "en"),
            lambda: forsyth.explain(text),
            lambda: forsyth.count(text),
            lambda: forsyth.board_svg(text),
            lambda: forsyth.Position.problems(text),
        ]:
            try:
                call()
            except ValueError:
                pass  # forsyth.Error or an argument error; a PanicException is a BaseException and fails here
