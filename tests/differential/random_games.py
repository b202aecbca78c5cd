"""Seeded random games with python-chess: the positions the differential tests compare forsyth against.

One place for every differential script: `games(seed, count)` yields (variant, start board, moves) for standard
chess and Chess960, and `boards(start, moves)` the positions along one of them, with pawn double steps, captures and promotions favoured now and then so that en passant,
castling rights and under-promotions come up often. Same seed, same games, on every machine (python-chess 1.11.2).
"""

import random

import chess


def pick_move(rng, board):
    """A legal move, chosen at random with a bias towards the moves that exercise notation corner cases."""
    moves = list(board.legal_moves)
    if not moves:
        return None
    special = [m for m in moves if m.promotion or board.is_castling(m) or board.is_en_passant(m)
               or (board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16)]
    if special and rng.random() < 0.3:
        return rng.choice(special)
    captures = [m for m in moves if board.is_capture(m)]
    if captures and rng.random() < 0.3:
        return rng.choice(captures)
    return rng.choice(moves)


def start_board(rng, variant):
    if variant == "chess960":
        return chess.Board.from_chess960_pos(rng.randrange(960))
    return chess.Board()


def random_game(rng, variant, max_plies):
    """(start board, list of moves) of one game of at most `max_plies` plies, ending early at mate or stalemate."""
    board = start_board(rng, variant)
    start = board.copy()
    moves = []
    for _ in range(max_plies):
        move = pick_move(rng, board)
        if move is None:
            break
        moves.append(move)
        board.push(move)
    return start, moves


def games(seed, count, variants=("standard", "chess960"), min_plies=10, max_plies=160):
    """`count` games per variant, reproducible from `seed`."""
    rng = random.Random(seed)
    for _ in range(count):
        for variant in variants:
            start, moves = random_game(rng, variant, rng.randrange(min_plies, max_plies))
            yield variant, start, moves


def boards(start, moves):
    """The boards of a game: the start, then the board after each of `moves`. Each is a copy without the moves that
    led to it (copying those would make a long game quadratic), which is all FEN, legal moves and SAN need."""
    board = start.copy()
    yield board.copy(stack=False)
    for move in moves:
        board.push(move)
        yield board.copy(stack=False)
