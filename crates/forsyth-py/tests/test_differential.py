"""forsyth against python-chess 1.11.2 (the reference) through the Python API: along a few hundred random games,
the legal moves, the SAN of every legal move, and the FEN of every position must agree; the games' PGN, read by
both, must give the same moves."""

import io
import pickle
import random
import re

import chess
import chess.pgn
import pytest

import forsyth
import forsyth.pgn

assert chess.__version__ == "1.11.2", "the reference is python-chess 1.11.2"

GAMES = 300
MAX_PLIES = 120


def random_games(seed: int, chess960: bool = False):
    rng = random.Random(seed)
    for _ in range(GAMES):
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        moves = []
        for _ in range(rng.randrange(MAX_PLIES)):
            legal = list(board.legal_moves)
            if not legal or board.is_game_over(claim_draw=False):
                break
            move = rng.choice(legal)
            moves.append(move)
            board.push(move)
        yield moves, board.root()


@pytest.mark.parametrize("chess960", [False, True])
def test_legal_moves_san_and_fen_along_random_games(chess960):
    positions = 0
    for moves, reference in random_games(18 + chess960, chess960):
        variant = "chess960" if chess960 else None
        ours = forsyth.Position(reference.fen(), variant=variant)
        stack = []
        for move in moves:
            assert ours.fen() == reference.fen(), reference.move_stack
            expected = {m.uci(): reference.san(m) for m in reference.legal_moves}
            got = {m.uci(): ours.san(m) for m in ours.legal_moves}
            if chess960:
                # python-chess writes Chess960 castling in UCI as king takes rook, as forsyth does.
                expected = {reference.uci(m, chess960=True): reference.san(m) for m in reference.legal_moves}
            assert got == expected, reference.fen()
            assert ours.is_check() == reference.is_check()
            assert ours.is_insufficient_material() == reference.is_insufficient_material()
            if positions % 16 == 0:
                # python-chess names pieces by the same letters as FEN.
                assert [ours.piece_at(chess.square_name(sq)) for sq in chess.SQUARES] == [
                    p.symbol() if (p := reference.piece_at(sq)) else None for sq in chess.SQUARES
                ]
                assert ours.piece_map() == {chess.square_name(sq): p.symbol() for sq, p in reference.piece_map().items()}
                for color in [chess.WHITE, chess.BLACK]:
                    assert ours.king(color) == chess.square_name(reference.king(color))
                # What each legal move is, and which pseudo-legal moves are legal.
                for m in reference.legal_moves:
                    uci = reference.uci(m, chess960=chess960)
                    facts = (ours.is_capture(uci), ours.gives_check(uci), ours.is_castling(uci), ours.is_en_passant(uci))
                    expected = (reference.is_capture(m), reference.gives_check(m), reference.is_castling(m),
                                reference.is_en_passant(m))
                    assert facts == expected, (reference.fen(), uci)
                for m in reference.pseudo_legal_moves:
                    assert ours.is_legal(reference.uci(m, chess960=chess960)) == reference.is_legal(m), reference.fen()
            played = ours.push_san(reference.san(move))
            assert played.uci() == reference.uci(move, chess960=chess960)
            # (A move's UCI depends on the position it is played in: Chess960 castling.)
            stack.append(played.uci())
            reference.push(move)
            positions += 1
        assert ours.fen() == reference.fen()
        assert ours.is_game_over() == reference.is_game_over(claim_draw=False), reference.fen()
        assert [m.uci() for m in ours.move_stack] == stack and len(stack) == len(reference.move_stack)
        outcome = reference.outcome(claim_draw=False)
        if outcome is not None and outcome.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE):
            assert ours.outcome() == outcome.result()
    assert positions > 10 * GAMES


def test_pgn_of_random_games_reads_as_python_chess_reads_it():
    text = io.StringIO()
    expected = []
    for i, (moves, start) in enumerate(random_games(7)):
        game = chess.pgn.Game()
        game.headers["Round"] = str(i)
        game.add_line(moves)
        print(game, file=text, end="\n\n")
        expected.append([m.uci() for m in moves])
    pgn = text.getvalue()
    ours = [[m.uci() for m in g.mainline_moves()] for g in forsyth.pgn.read_games(io.StringIO(pgn))]
    assert ours == expected
    theirs = []
    reader = io.StringIO(pgn)
    while (game := chess.pgn.read_game(reader)) is not None:
        theirs.append([m.uci() for m in game.mainline_moves()])
    assert theirs == expected


def test_german_english_round_trip(german_game):
    """The FIDE Laws' sample game in German: translated to English SAN, which python-chess must play move by
    move to the same position forsyth reaches; and back to German, which must give the original text."""
    text = german_game.read_text(encoding="utf-8")
    movetext = " ".join(line for line in text.splitlines() if line and not line.startswith("["))
    movetext = movetext.rsplit(" ", 1)[0] if movetext.split()[-1] in ("1-0", "0-1", "1/2-1/2", "*") else movetext
    english = forsyth.translate(movetext, "de", "en")
    board = chess.Board()
    for word in english.replace("(=)", "").split():
        board.push_san(re.sub(r"^\d+\.+", "", word))
    [game] = forsyth.pgn.read_games(german_game, lang="de")
    assert game.end().fen() == board.fen()
    assert forsyth.translate(english, "en", "de", style="fide") == " ".join(movetext.split())


# Move-generator test positions that break the rules of a game (python-chess accepts them; forsyth only with
# `allow`, naming what they break).
ALLOWED = [
    ("4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1", "too-many-pieces", "position.too-many-pieces"),
    ("r1r2k1r/pppppppp/8/8/8/8/PPPPPPPP/R1R2K1R w - - 0 1", "all", "position.too-many-pieces"),
    # (A white pawn on the first rank is a documented disagreement: python-chess lets it advance two squares.)
    ("P3k3/8/8/8/8/8/7p/4K3 b - - 0 1", "pawn-on-back-rank", "position.pawn-on-back-rank"),
]


@pytest.mark.parametrize("fen,allow,refused", ALLOWED)
def test_a_position_made_with_allow_moves_as_python_chess_moves_it(fen, allow, refused):
    with pytest.raises(forsyth.FenError) as error:
        forsyth.Position(fen)
    assert error.value.code == refused
    pos = forsyth.Position(fen, allow=allow)
    board = chess.Board(fen)
    assert sorted(m.uci() for m in pos.legal_moves) == sorted(m.uci() for m in board.legal_moves)
    assert pos.perft(2) == sum(1 for _ in perft_leaves(board, 2))
    # Pickled and read back with the rules it breaks allowed.
    assert pickle.loads(pickle.dumps(pos)) == pos


def perft_leaves(board, depth):
    if depth == 0:
        yield None
        return
    for move in list(board.legal_moves):
        board.push(move)
        yield from perft_leaves(board, depth - 1)
        board.pop()


def test_allow_keeps_what_makes_moves_meaningless_an_error_and_names_unknown_codes():
    with pytest.raises(forsyth.FenError):
        forsyth.Position("8/8/8/8/8/8/8/4K3 w - - 0 1", allow="all")
    with pytest.raises(ValueError, match="no-such-rule"):
        forsyth.Position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", allow="no-such-rule")


# chess.js's insufficient-material cases (__tests__/insufficient_material.test.ts) and a few more endings; the
# verdicts are python-chess's, asked at test time.
ENDINGS = [
    "8/8/8/8/8/8/8/k6K w - - 0 1",
    "8/2N5/8/8/8/8/8/k6K w - - 0 1",
    "8/2b5/8/8/8/8/8/k6K w - - 0 1",
    "8/b7/3B4/8/8/8/8/k6K w - - 0 1",
    "8/b1B1b1B1/1b1B1b1B/8/8/8/8/1k5K w - - 0 1",
    "8/2p5/8/8/8/8/8/k6K w - - 0 1",
    "5k1K/7B/8/6b1/8/8/8/8 b - - 0 1",
    "7K/5k1N/8/6b1/8/8/8/8 b - - 0 1",
    "7K/5k1N/8/4n3/8/8/8/8 b - - 0 1",
    "8/8/8/8/8/2NN4/8/k6K w - - 0 1",
    "8/8/8/8/8/2N5/8/k5qK w - - 0 1",
    "8/8/8/8/8/2N5/8/k5rK w - - 0 1",
    "8/8/8/8/8/1B6/8/k6K w - - 0 1",
]


@pytest.mark.parametrize("fen", ENDINGS)
def test_insufficient_material_and_game_over_as_python_chess_judges_them(fen):
    ours, reference = forsyth.Position(fen), chess.Board(fen)
    assert ours.is_insufficient_material() == reference.is_insufficient_material()
    for color in [chess.WHITE, chess.BLACK]:
        assert ours.has_insufficient_material(color) == reference.has_insufficient_material(color), color
    assert ours.is_game_over() == reference.is_game_over(claim_draw=False)
    assert [ours.piece_at(chess.square_name(sq)) for sq in chess.SQUARES] == [
        p.symbol() if (p := reference.piece_at(sq)) else None for sq in chess.SQUARES
    ]


def test_piece_at_names_a_square_of_the_board_or_raises():
    assert forsyth.Position().piece_at("g1") == "N" and forsyth.Position().piece_at("e5") is None
    assert forsyth.Position(variant="capablanca").piece_at("i1") == "N"
    for bad in ["i1", "e9", "", "e"]:
        with pytest.raises(ValueError, match="is not a square"):
            forsyth.Position().piece_at(bad)


def shuffling_games(seed: int, games: int = 60, plies: int = 90):
    """Random games that mostly move pieces back and forth (a side's last move undone, else a quiet piece move), so
    that positions repeat."""
    rng = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        for move in rng.sample(["e2e4", "e7e5", "d2d4", "d7d5", "g1f3", "b8c6"], rng.randrange(4)):
            if chess.Move.from_uci(move) in board.legal_moves:
                board.push(chess.Move.from_uci(move))
        for _ in range(rng.randrange(plies)):
            legal = list(board.legal_moves)
            if not legal:
                break
            quiet = [m for m in legal if board.piece_type_at(m.from_square) != chess.PAWN and not board.is_capture(m)]
            own_last = board.move_stack[-2] if len(board.move_stack) >= 2 else None
            back = own_last and chess.Move(own_last.to_square, own_last.from_square)
            if back in legal and rng.random() < 0.6:
                board.push(back)
            else:
                board.push(rng.choice(quiet if quiet and rng.random() < 0.95 else legal))
        yield board


def test_move_stack_and_repetitions_as_python_chess_counts_them():
    compared = repeated = 0
    for reference in shuffling_games(5):
        ours = forsyth.Position()
        for move in reference.move_stack:
            ours.push(move.uci())
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in reference.move_stack]
        # Take the moves back one by one, comparing every position on the way.
        while True:
            assert ours.fen() == reference.fen()
            for count in [2, 3, 4, 5]:
                assert ours.is_repetition(count) == reference.is_repetition(count), (count, reference.fen())
            assert ours.can_claim_threefold_repetition() == reference.can_claim_threefold_repetition()
            assert ours.is_fivefold_repetition() == reference.is_fivefold_repetition()
            assert ours.is_game_over() == reference.is_game_over(claim_draw=False)
            assert ours.outcome() == (o.result() if (o := reference.outcome(claim_draw=False)) else None)
            compared += 1
            repeated += reference.is_repetition(3)
            if not reference.move_stack:
                break
            assert ours.peek().uci() == reference.peek().uci()
            assert ours.pop().uci() == reference.pop().uci()
        assert ours == forsyth.Position() and ours.move_stack == []
    assert compared > 2000 and repeated > 50, (compared, repeated)
    with pytest.raises(IndexError):
        forsyth.Position().pop()


def test_the_move_stack_survives_copy_pickle_and_game_end(tmp_path):
    pos = forsyth.Position()
    for move in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split():
        pos.push_san(move)
    assert pos.is_repetition(3) and pos.can_claim_threefold_repetition() and not pos.is_game_over()
    for again in [pos.copy(), pickle.loads(pickle.dumps(pos))]:
        assert [m.uci() for m in again.move_stack] == [m.uci() for m in pos.move_stack]
        assert again.is_repetition(3) and again.root() == forsyth.Position() and again.root().move_stack == []
    # Equal positions are equal whatever moves led to them, as python-chess compares boards.
    other = forsyth.Position()
    for move in "Nc3 Nc6 Nb1 Nb8 Nf3 Nf6 Ng1 Ng8".split():
        other.push_san(move)
    assert pos == other and pos.move_stack != other.move_stack
    path = tmp_path / "g.pgn"
    path.write_text("1. e4 e5 2. Nf3 Nc6 *\n")
    [game] = forsyth.pgn.read_games(path)
    assert [m.uci() for m in game.end().move_stack] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    assert game.end().root() == game.board()
