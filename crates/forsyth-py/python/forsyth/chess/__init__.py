"""python-chess's public API over forsyth: ``import forsyth.chess as chess`` runs programs written for python-chess.

Squares are python-chess's integers (a1 = 0, b1 = 1, ..., h8 = 63), sets of squares 64-bit masks or
``SquareSet``s, piece types 1 (pawn) to 6 (king), colours ``True`` for White. Move generation, SAN, FEN and attacks
run in forsyth's Rust core (``forsyth._forsyth.ChessCore``); this module gives them python-chess's shape.

>>> import forsyth.chess as chess
>>> board = chess.Board()
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> board.legal_moves.count()
20
"""

from __future__ import annotations

import dataclasses
import re
import enum
import typing
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Union

import forsyth
from forsyth._forsyth import ChessCore as _Core

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PieceType = int
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def piece_symbol(piece_type: PieceType) -> str:
    """The lowercase letter of a piece type (``piece_symbol(KNIGHT) == "n"``)."""
    return typing.cast(str, PIECE_SYMBOLS[piece_type])


def piece_name(piece_type: PieceType) -> str:
    """The English name of a piece type (``piece_name(KNIGHT) == "knight"``)."""
    return typing.cast(str, PIECE_NAMES[piece_type])


class InvalidMoveError(forsyth.IllegalMoveError):
    """A move text that is not a move at all (python-chess's ``InvalidMoveError``, a ``ValueError``)."""


class IllegalMoveError(forsyth.IllegalMoveError):
    """A move that is not legal in the position (python-chess's ``IllegalMoveError``, a ``ValueError``)."""


class AmbiguousMoveError(forsyth.IllegalMoveError):
    """A SAN that names several legal moves (python-chess's ``AmbiguousMoveError``, a ``ValueError``)."""


def _translated(error: Exception) -> Exception:
    """forsyth's move error as the python-chess exception of its kind, keeping forsyth's code and message."""
    code = getattr(error, "code", "move.illegal")
    kind = (AmbiguousMoveError if code == "move.ambiguous" else
            InvalidMoveError if code == "move.syntax" else IllegalMoveError)
    translated = kind(str(error))
    for attribute in ("code", "line", "column"):
        setattr(translated, attribute, getattr(error, attribute, None))
    return translated


# Squares.
Square = int
SQUARES = list(range(64))
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]


def parse_square(name: str) -> Square:
    """The square of a name (``parse_square("e4") == E4``); ``ValueError`` for anything else."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"'{name}' is not a square name: a file a-h and a rank 1-8, such as e4") from None


def square_name(square: Square) -> str:
    """The name of a square (``square_name(E4) == "e4"``)."""
    return SQUARE_NAMES[square]


def square(file_index: int, rank_index: int) -> Square:
    """The square on a file and a rank, both counted from 0."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of a square, from 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, from 0 (1) to 7 (8)."""
    return square >> 3


def square_distance(a: Square, b: Square) -> int:
    """The king's distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """Files plus ranks between two squares."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


def square_knight_distance(a: Square, b: Square) -> int:
    """The fewest knight moves from one square to another (by breadth-first search on the board)."""
    seen = {a}
    frontier = [a]
    steps = 0
    while b not in seen:
        steps += 1
        frontier = [t for s in frontier for t in _step_targets(s, _KNIGHT_STEPS) if t not in seen]
        seen.update(frontier)
    return steps


def square_mirror(square: Square) -> Square:
    """The square on the other side of the board's horizontal middle (a1 and a8)."""
    return square ^ 0x38


SQUARES_180 = [square_mirror(sq) for sq in SQUARES]

# Bitboards.
Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]
for _sq, _name in zip(SQUARES, SQUARE_NAMES):
    globals()["BB_" + _name.upper()] = 1 << _sq
BB_CORNERS = (1 << A1) | (1 << H1) | (1 << A8) | (1 << H8)
BB_CENTER = (1 << D4) | (1 << E4) | (1 << D5) | (1 << E5)
BB_LIGHT_SQUARES = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES = 0xAA55_AA55_AA55_AA55
BB_FILES = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS = [0xFF << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS = BB_RANK_1 | BB_RANK_8


def lsb(bb: Bitboard) -> int:
    """The lowest square of a non-empty mask."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a non-empty mask."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, lowest first."""
    while bb:
        r = bb & -bb
        yield r.bit_length() - 1
        bb ^= r


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, highest first."""
    while bb:
        r = bb.bit_length() - 1
        yield r
        bb ^= 1 << r


def popcount(bb: Bitboard) -> int:
    """The number of squares in a mask."""
    return bin(bb).count("1")


def _remap(bb: Bitboard, where) -> Bitboard:
    return sum(1 << where(sq) for sq in scan_forward(int(bb)))


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The mask mirrored top to bottom (rank 1 and rank 8)."""
    return _remap(bb, lambda sq: sq ^ 0x38)


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The mask mirrored left to right (file a and file h)."""
    return _remap(bb, lambda sq: sq ^ 7)


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a1-h8 diagonal."""
    return _remap(bb, lambda sq: square(square_rank(sq), square_file(sq)))


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a8-h1 diagonal."""
    return _remap(bb, lambda sq: square(7 - square_rank(sq), 7 - square_file(sq)))


def shift_down(b: Bitboard) -> Bitboard: return b >> 8
def shift_2_down(b: Bitboard) -> Bitboard: return b >> 16
def shift_up(b: Bitboard) -> Bitboard: return (b << 8) & BB_ALL
def shift_2_up(b: Bitboard) -> Bitboard: return (b << 16) & BB_ALL
def shift_right(b: Bitboard) -> Bitboard: return (b << 1) & ~BB_FILE_A & BB_ALL
def shift_2_right(b: Bitboard) -> Bitboard: return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL
def shift_left(b: Bitboard) -> Bitboard: return (b >> 1) & ~BB_FILE_H
def shift_2_left(b: Bitboard) -> Bitboard: return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H
def shift_up_left(b: Bitboard) -> Bitboard: return (b << 7) & ~BB_FILE_H & BB_ALL
def shift_up_right(b: Bitboard) -> Bitboard: return (b << 9) & ~BB_FILE_A & BB_ALL
def shift_down_left(b: Bitboard) -> Bitboard: return (b >> 9) & ~BB_FILE_H
def shift_down_right(b: Bitboard) -> Bitboard: return (b >> 7) & ~BB_FILE_A


_KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
_KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
_ROOK_DIRECTIONS = [(1, 0), (0, 1), (-1, 0), (0, -1)]
_BISHOP_DIRECTIONS = [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def _step_targets(sq: Square, steps) -> List[Square]:
    f, r = square_file(sq), square_rank(sq)
    return [square(f + df, r + dr) for df, dr in steps if 0 <= f + df < 8 and 0 <= r + dr < 8]


def _slide(sq: Square, directions, occupied: Bitboard) -> Bitboard:
    """The squares a slider on `sq` reaches, up to and including the first occupied square of each direction."""
    bb = 0
    for df, dr in directions:
        f, r = square_file(sq) + df, square_rank(sq) + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bb |= 1 << square(f, r)
            if occupied >> square(f, r) & 1:
                break
            f, r = f + df, r + dr
    return bb


BB_KNIGHT_ATTACKS = [sum(1 << t for t in _step_targets(sq, _KNIGHT_STEPS)) for sq in SQUARES]
BB_KING_ATTACKS = [sum(1 << t for t in _step_targets(sq, _KING_STEPS)) for sq in SQUARES]
BB_PAWN_ATTACKS = [[sum(1 << t for t in _step_targets(sq, [(-1, d), (1, d)])) for sq in SQUARES] for d in (-1, 1)]


def _line(a: Square, b: Square) -> Optional[Tuple[int, int]]:
    """The direction from `a` to `b` when they share a rank, file or diagonal."""
    df, dr = square_file(b) - square_file(a), square_rank(b) - square_rank(a)
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    return ((df > 0) - (df < 0), (dr > 0) - (dr < 0))


def ray(a: Square, b: Square) -> Bitboard:
    """Every square of the whole line (rank, file or diagonal) through `a` and `b`, or empty."""
    d = _line(a, b)
    if d is None:
        return BB_EMPTY
    return _slide(a, [d], 0) | _slide(a, [(-d[0], -d[1])], 0) | (1 << a)


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between `a` and `b` on their line, or empty."""
    d = _line(a, b)
    if d is None:
        return BB_EMPTY
    return _slide(a, [d], 1 << b) & ~(1 << b)




class Piece:
    """A piece: its type and colour."""

    __slots__ = ("piece_type", "color")

    def __init__(self, piece_type: PieceType, color: Color) -> None:
        self.piece_type = piece_type
        self.color = color

    def symbol(self) -> str:
        """The FEN letter: uppercase for White."""
        s = piece_symbol(self.piece_type)
        return s.upper() if self.color else s

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The figurine."""
        s = self.symbol()
        return UNICODE_PIECE_SYMBOLS[s.swapcase() if invert_color else s]

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a FEN letter; ``ValueError`` for any other text."""
        if symbol.lower() not in PIECE_SYMBOLS[1:] or len(symbol) != 1:
            raise ValueError(f"'{symbol}' is not a piece letter (one of PNBRQK, lowercase for Black)")
        return cls(PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piece):
            return (self.piece_type, self.color) == (other.piece_type, other.color)
        return NotImplemented

    def __hash__(self) -> int:
        return self.piece_type + (-1 if self.color else 5)

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    def __str__(self) -> str:
        return self.symbol()


class Move:
    """A move from a square to a square, maybe promoting (or a drop, in UCI's ``N@f3``). Castling is the king's
    move (``e1g1``) in standard chess and king takes rook (``e1h1``) in Chess960, as python-chess writes it."""

    __slots__ = ("from_square", "to_square", "promotion", "drop")

    def __init__(self, from_square: Square, to_square: Square, promotion: Optional[PieceType] = None,
                 drop: Optional[PieceType] = None) -> None:
        self.from_square = from_square
        self.to_square = to_square
        self.promotion = promotion
        self.drop = drop

    def uci(self) -> str:
        """The move in UCI (``e7e8q``; ``0000`` for the null move)."""
        if self.drop:
            return piece_symbol(self.drop).upper() + "@" + SQUARE_NAMES[self.to_square]
        if self.promotion:
            return SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square] + piece_symbol(self.promotion)
        if self:
            return SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square]
        return "0000"

    def xboard(self) -> str:
        """The move as XBoard writes it (``@@@@`` for the null move)."""
        return self.uci() if self else "@@@@"

    def __bool__(self) -> bool:
        return bool(self.from_square or self.to_square or self.promotion or self.drop)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return (self.from_square, self.to_square, self.promotion, self.drop) == (
                other.from_square, other.to_square, other.promotion, other.drop)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.from_square, self.to_square, self.promotion, self.drop))

    def __repr__(self) -> str:
        return f"Move.from_uci({self.uci()!r})"

    def __str__(self) -> str:
        return self.uci()

    def __copy__(self) -> "Move":
        return Move(self.from_square, self.to_square, self.promotion, self.drop)

    def __deepcopy__(self, memo) -> "Move":
        return self.__copy__()

    @classmethod
    def from_uci(cls, uci: str) -> "Move":
        """The move of a UCI text; ``InvalidMoveError`` for a text that is not one."""
        if uci == "0000":
            return cls.null()
        try:
            if len(uci) == 4 and uci[1] == "@":
                drop = PIECE_SYMBOLS.index(uci[0].lower())
                to = SQUARE_NAMES.index(uci[2:])
                if drop in (0, KING):
                    raise ValueError
                return cls(to, to, drop=drop)
            if 4 <= len(uci) <= 5:
                promotion = PIECE_SYMBOLS.index(uci[4]) if len(uci) == 5 else None
                if promotion == 0:
                    raise ValueError
                from_square, to_square = SQUARE_NAMES.index(uci[0:2]), SQUARE_NAMES.index(uci[2:4])
                if from_square == to_square:
                    raise ValueError
                return cls(from_square, to_square, promotion)
        except ValueError:
            pass
        error = InvalidMoveError(f"'{uci}': not a move in UCI: write origin and destination squares, such as e2e4 "
                                 "[move.syntax]")
        error.code, error.line, error.column = "move.syntax", None, None
        raise error

    @classmethod
    def null(cls) -> "Move":
        """The null move, ``0000`` (``--`` in SAN)."""
        return cls(0, 0)

    def _code(self) -> int:
        return self.from_square | self.to_square << 6 | (self.promotion or 0) << 12


def _move_of(code: int, _new=object.__new__) -> Move:
    # Without a call of __init__: moves are made by the tens of thousands for each legal-move listing.
    move = _new(Move)
    move.from_square = code & 63
    move.to_square = code >> 6 & 63
    move.promotion = (code >> 12) or None
    move.drop = None
    return move


IntoSquareSet = Union[int, "SquareSet", Iterable[Square]]


def _mask_of(squares: IntoSquareSet) -> Bitboard:
    if isinstance(squares, SquareSet):
        return squares.mask
    try:
        return squares.__int__() & BB_ALL  # type: ignore[union-attr]
    except AttributeError:
        mask = 0
        for sq in squares:  # type: ignore[union-attr]
            mask |= 1 << sq
        return mask


class SquareSet:
    """A set of squares, a 64-bit mask (bit n for square n) with the operators of Python's sets and of ints."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        self.mask = _mask_of(squares)

    # Set methods.
    def __contains__(self, square: Square) -> bool:
        return bool(BB_SQUARES[square] & self.mask)

    def __iter__(self) -> Iterator[Square]:
        return scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return popcount(self.mask)

    def add(self, square: Square) -> None:
        self.mask |= BB_SQUARES[square]

    def discard(self, square: Square) -> None:
        self.mask &= ~BB_SQUARES[square]

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        return not self & other

    def issubset(self, other: IntoSquareSet) -> bool:
        return not self & ~SquareSet(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        return not ~self & other

    def union(self, other: IntoSquareSet) -> "SquareSet":
        return self | other

    def __or__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask | _mask_of(other))

    def intersection(self, other: IntoSquareSet) -> "SquareSet":
        return self & other

    def __and__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & _mask_of(other))

    def difference(self, other: IntoSquareSet) -> "SquareSet":
        return self - other

    def __sub__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & ~_mask_of(other))

    def symmetric_difference(self, other: IntoSquareSet) -> "SquareSet":
        return self ^ other

    def __xor__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask ^ _mask_of(other))

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    def __rsub__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(_mask_of(other) & ~self.mask)

    def copy(self) -> "SquareSet":
        return SquareSet(self.mask)

    def update(self, *others: IntoSquareSet) -> None:
        for other in others:
            self |= other

    def __ior__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask |= _mask_of(other)
        return self

    def intersection_update(self, *others: IntoSquareSet) -> None:
        for other in others:
            self &= other

    def __iand__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= _mask_of(other)
        return self

    def difference_update(self, other: IntoSquareSet) -> None:
        self -= other

    def __isub__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= ~_mask_of(other)
        return self

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        self ^= other

    def __ixor__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask ^= _mask_of(other)
        return self

    def remove(self, square: Square) -> None:
        """Removes a square; ``KeyError`` if it is not in the set."""
        bit = BB_SQUARES[square]
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self) -> Square:
        """Removes and returns the lowest square; ``KeyError`` when empty."""
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        square = lsb(self.mask)
        self.mask &= self.mask - 1
        return square

    def clear(self) -> None:
        self.mask = BB_EMPTY

    # Masks.
    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of the set, as masks (the empty one first)."""
        subset = BB_EMPTY
        while True:
            yield subset
            subset = (subset - self.mask) & self.mask
            if not subset:
                break

    def mirror(self) -> "SquareSet":
        """The set mirrored top to bottom."""
        return SquareSet(flip_vertical(self.mask))

    def tolist(self) -> List[bool]:
        """For each of the 64 squares, whether it is in the set."""
        return [bool(self.mask >> sq & 1) for sq in SQUARES]

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == SquareSet(other).mask  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    def __lshift__(self, shift: int) -> "SquareSet":
        return SquareSet((self.mask << shift) & BB_ALL)

    def __rshift__(self, shift: int) -> "SquareSet":
        return SquareSet(self.mask >> shift)

    def __ilshift__(self, shift: int) -> "SquareSet":
        self.mask = (self.mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int) -> "SquareSet":
        self.mask >>= shift
        return self

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & BB_ALL)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> square(f, rank) & 1 else "." for f in range(8)))
        return "\n".join(rows)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def ray(cls, a: Square, b: Square) -> "SquareSet":
        """The whole line through two squares (see ``ray``)."""
        return cls(ray(a, b))

    @classmethod
    def between(cls, a: Square, b: Square) -> "SquareSet":
        """The squares strictly between two squares (see ``between``)."""
        return cls(between(a, b))

    @classmethod
    def from_square(cls, square: Square) -> "SquareSet":
        return cls(BB_SQUARES[square])


class Termination(enum.Enum):
    """Why a game ended."""
    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


@dataclasses.dataclass
class Outcome:
    """How a game ended: the reason and the winner (``None`` for a draw)."""
    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class Status(enum.IntFlag):
    """What keeps a board from being a valid position (``Board.status()``)."""
    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


for _name, _status in Status.__members__.items():
    globals()["STATUS_" + _name] = _status


class _MoveGenerator:
    """The moves of a board, as python-chess's ``board.legal_moves``: ``len``, ``in``, iteration, ``count()``."""

    def __init__(self, board: "Board") -> None:
        self._board = board

    def __bool__(self) -> bool:
        return any(self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __len__(self) -> int:
        return self.count()

    def __repr__(self) -> str:
        sans = ", ".join(self._board.san(m) if self._board.is_legal(m) else m.uci() for m in self)
        return f"<{type(self).__name__} at {id(self):#x} ({sans})>"


class LegalMoveGenerator(_MoveGenerator):
    """The legal moves of a board, generated by forsyth's Rust core."""

    def count(self) -> int:
        return self._board._core.count_legal_moves()

    def __bool__(self) -> bool:
        return self.count() > 0

    def __iter__(self) -> Iterator[Move]:
        return map(_move_of, self._board._core.legal_moves())

    def __contains__(self, move: Move) -> bool:
        return self._board.is_legal(move)


class PseudoLegalMoveGenerator(_MoveGenerator):
    """The moves that follow the pieces' moves without regard to the mover's king (python-chess's
    ``pseudo_legal_moves``); castling only where it is legal."""

    def __iter__(self) -> Iterator[Move]:
        return self._board.generate_pseudo_legal_moves()

    def __contains__(self, move: Move) -> bool:
        return self._board.is_pseudo_legal(move)


_PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT]


class Board:
    """A standard or Chess960 position with the moves pushed to reach it, python-chess's ``chess.Board``.

    A placement forsyth refuses as a position (no king, say) is kept as python-chess keeps it: ``is_valid()`` is
    then ``False`` and forsyth generates no moves for a side without a king.
    """

    aliases = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    uci_variant = "chess"
    starting_fen = STARTING_FEN

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        self._chess960 = chess960
        self.move_stack: List[Move] = []
        self._pieces: Optional[Dict[Square, Piece]] = None
        self.set_fen(fen if fen is not None else "8/8/8/8/8/8/8/8 w - - 0 1")

    # Construction.
    @classmethod
    def empty(cls, *, chess960: bool = False) -> "Board":
        """A board with no pieces, White to move."""
        return cls(None, chess960=chess960)

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> "Board":
        """The Chess960 start position numbered `scharnagl` (0 to 959)."""
        return cls(forsyth.start_position("chess960", scharnagl).fen(castling="shredder"), chess960=True)

    def set_fen(self, fen: str) -> None:
        """Sets the position of a FEN (missing fields as python-chess completes them) and clears the stack;
        ``ValueError`` (forsyth's ``FenError``, with its code and column) for a text that is no FEN."""
        fields = fen.split()
        defaults = ["w", "-", "-", "0", "1"]
        if not fields or len(fields) > 6:
            raise ValueError(f"expected a FEN of one to six fields, got {fen!r}")
        if len(fields) > 1 and fields[1] not in ("w", "b"):
            raise ValueError(f"the side to move of {fen!r} is {fields[1]!r}: w or b")
        fields += defaults[len(fields) - 1:]
        self._load(fields)

    def _load(self, fields: List[str]) -> None:
        """The position of six FEN fields, with no moves on the stack. The castling and en-passant fields given are
        kept for ``status()``: forsyth drops those that do not stand."""
        self._set_core(_Core(" ".join(fields), self.chess960))
        self._given: Optional[Tuple[str, str]] = (fields[2], fields[3])
        self.move_stack = []

    def set_board_fen(self, fen: str) -> None:
        """Sets the placement (a FEN's first field), keeping the rest."""
        self._edit(0, fen)

    def set_castling_fen(self, castling_fen: str) -> None:
        """Sets the castling rights from a FEN's castling field (``KQkq``, Shredder letters, ``-``)."""
        self._edit(2, castling_fen or "-")

    @property
    def chess960(self) -> bool:
        """Whether castling follows Chess960's rules (and is written king takes rook)."""
        return self._chess960

    @chess960.setter
    def chess960(self, chess960: bool) -> None:
        if chess960 != self._chess960:
            self._chess960 = chess960
            self._edit(2, self._fields()[2])

    def _set_core(self, core: _Core) -> None:
        self._core = core
        self._pieces = None
        self._sans = None
        self._sans_asked = False

    def _fields(self) -> List[str]:
        return self._core.fen("always", True).split()

    def _edit(self, index: int, value: str) -> None:
        """The same position with one FEN field changed (the move stack is cleared: forsyth's history is of
        positions played into, and an edited board was not)."""
        fields = self._fields()
        if self._given is not None:
            fields[2], fields[3] = self._given
        fields[index] = value
        self._load(fields)

    # The position.
    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The FEN; `en_passant` is ``legal`` (only a legal capture), ``xfen`` (a pawn ready to take) or ``fen``
        (after every double step)."""
        mode = {"legal": "legal", "xfen": "pseudo", "fen": "always"}[en_passant]
        return self._core.fen(mode, shredder or (self.chess960 and False))

    def shredder_fen(self, *, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The FEN with castling rights as the rooks' files (``HAha``)."""
        return self.fen(shredder=True, en_passant=en_passant)

    def board_fen(self, *, promoted: Optional[bool] = False) -> str:
        """The placement, a FEN's first field."""
        return self._core.fen("legal", False).split(" ", 1)[0]

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None,
            **operations: Union[None, str, int, float, Move, Iterable[Move]]) -> str:
        """The EPD: the FEN's first four fields and the operations given (``bm=[move]``, ``ce=55``, ``id="x"``)."""
        epd = " ".join(self.fen(shredder=shredder, en_passant=en_passant).split()[:4])
        parts = []
        for opcode, operand in operations.items():
            if operand is None:
                parts.append(f"{opcode};")
            elif isinstance(operand, Move):
                parts.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, (int, float)):
                parts.append(f"{opcode} {operand};")
            elif isinstance(operand, str):
                escaped = operand.replace("\\", "\\\\").replace('"', '\\"')
                parts.append(f'{opcode} "{escaped}";')
            elif opcode == "pv":
                line, sans = self.copy(stack=False), []
                for move in operand:
                    sans.append(line.san_and_push(move))
                parts.append(f"{opcode} {' '.join(sans)};")
            else:
                parts.append(f"{opcode} {' '.join(sorted(self.san(m) for m in operand))};")
        return " ".join([epd] + parts)

    def set_epd(self, epd: str) -> Dict[str, Union[None, str, int, float, Move, List[Move]]]:
        """Sets the position of an EPD and returns its operations (numbers as numbers, ``bm``/``am`` as moves,
        ``pv`` as the moves played one after the other)."""
        fields = epd.strip().split(maxsplit=4)
        if len(fields) > 4 and fields[4].split(maxsplit=1)[0] == "-":
            # A fifth dash (some suites write one): no opcode starts with it.
            fields[4] = fields[4][1:]
        self.set_fen(" ".join(fields[:4]) + " 0 1")
        operations: Dict[str, Union[None, str, int, float, Move, List[Move]]] = {}
        for opcode, operand in _epd_operations(fields[4] if len(fields) > 4 else ""):
            if not re.match(r"[A-Za-z]\w*$", opcode):
                raise ValueError(f"invalid EPD opcode {opcode!r} in {epd!r}: an opcode starts with a letter")
            if operand is None:
                operations[opcode] = None
            elif isinstance(operand, _Quoted):
                operations[opcode] = str(operand)
            elif opcode in ("bm", "am"):
                operations[opcode] = [self.parse_san(s) for s in operand.split()]
            elif opcode in ("pv",):
                line = self.copy(stack=False)
                operations[opcode] = [line.push_san(s) for s in operand.split()]
            else:
                for number in (int, float):
                    try:
                        operations[opcode] = number(operand)
                        break
                    except ValueError:
                        continue
                else:
                    # An unquoted operand that is no number is a move where it reads as one, as python-chess
                    # reads it, and else the text.
                    try:
                        operations[opcode] = self.parse_san(operand)
                    except ValueError:
                        operations[opcode] = operand
        if "hmvc" in operations and isinstance(operations["hmvc"], int):
            self.halfmove_clock = operations["hmvc"]
        if "fmvn" in operations and isinstance(operations["fmvn"], int):
            self.fullmove_number = operations["fmvn"]
        return operations

    @classmethod
    def from_epd(cls, epd: str, *, chess960: bool = False) -> Tuple["Board", Dict[str, object]]:
        """A board of an EPD and the EPD's operations."""
        board = cls.empty(chess960=chess960)
        return board, typing.cast(Dict[str, object], board.set_epd(epd))

    @property
    def turn(self) -> Color:
        return self._core.turn

    @turn.setter
    def turn(self, color: Color) -> None:
        self._edit(1, "w" if color else "b")

    @property
    def halfmove_clock(self) -> int:
        return self._core.halfmove_clock

    @halfmove_clock.setter
    def halfmove_clock(self, value: int) -> None:
        self._edit(4, str(value))

    @property
    def fullmove_number(self) -> int:
        return self._core.fullmove_number

    @fullmove_number.setter
    def fullmove_number(self, value: int) -> None:
        self._edit(5, str(value))

    @property
    def ep_square(self) -> Optional[Square]:
        """The square a pawn skipped with a double step on the last move (whether or not it can be taken)."""
        return self._core.ep_square

    @ep_square.setter
    def ep_square(self, square: Optional[Square]) -> None:
        self._edit(3, "-" if square is None else SQUARE_NAMES[square])

    @property
    def castling_rights(self) -> Bitboard:
        """The rooks that keep a castling right, as a mask."""
        return self._core.castling_rights

    @castling_rights.setter
    def castling_rights(self, rooks: Bitboard) -> None:
        letters = "".join(FILE_NAMES[square_file(sq)].upper() for sq in scan_forward(int(rooks) & BB_RANK_1))
        letters += "".join(FILE_NAMES[square_file(sq)] for sq in scan_forward(int(rooks) & BB_RANK_8))
        self._edit(2, letters or "-")

    def clean_castling_rights(self) -> Bitboard:
        """The castling rights that stand (forsyth keeps only those)."""
        return self.castling_rights

    def has_castling_rights(self, color: Color) -> bool:
        return bool(self.castling_rights & (BB_RANK_1 if color else BB_RANK_8))

    def _side_rights(self, color: Color, kingside: bool) -> bool:
        king = self.king(color)
        if king is None:
            return False
        rooks = self.castling_rights & (BB_RANK_1 if color else BB_RANK_8)
        return any((square_file(sq) > square_file(king)) == kingside for sq in scan_forward(rooks))

    def has_kingside_castling_rights(self, color: Color) -> bool:
        return self._side_rights(color, True)

    def has_queenside_castling_rights(self, color: Color) -> bool:
        return self._side_rights(color, False)

    def has_chess960_castling_rights(self) -> bool:
        """Whether a castling right stands that standard chess has not (a rook or king off its square)."""
        if self.chess960 and self.castling_rights:
            return bool(self.castling_rights & ~BB_CORNERS) or any(
                self.has_castling_rights(c) and self.king(c) != (E1 if c else E8) for c in COLORS)
        return False

    def ply(self) -> int:
        """The half-moves played since the game's start, by the move number (as python-chess counts)."""
        return 2 * (self.fullmove_number - 1) + (self.turn == BLACK)

    # Pieces.
    def _piece_map(self) -> Dict[Square, Piece]:
        if self._pieces is None:
            self._pieces = {sq: Piece(pt, white) for sq, pt, white in self._core.piece_list()}
        return self._pieces

    def piece_map(self, *, mask: Bitboard = BB_ALL) -> Dict[Square, Piece]:
        return {sq: p for sq, p in self._piece_map().items() if mask >> sq & 1}

    def piece_at(self, square: Square) -> Optional[Piece]:
        return self._piece_map().get(square)

    def piece_type_at(self, square: Square) -> Optional[PieceType]:
        piece = self._piece_map().get(square)
        return piece.piece_type if piece else None

    def color_at(self, square: Square) -> Optional[Color]:
        piece = self._piece_map().get(square)
        return piece.color if piece else None

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        return self._core.pieces_mask(piece_type, color)

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        return SquareSet(self._core.pieces_mask(piece_type, color))

    def _both(self, piece_type: PieceType) -> Bitboard:
        return self._core.pieces_mask(piece_type, True) | self._core.pieces_mask(piece_type, False)

    pawns = property(lambda self: self._both(PAWN))
    knights = property(lambda self: self._both(KNIGHT))
    bishops = property(lambda self: self._both(BISHOP))
    rooks = property(lambda self: self._both(ROOK))
    queens = property(lambda self: self._both(QUEEN))
    kings = property(lambda self: self._both(KING))
    occupied = property(lambda self: self._both(0))
    occupied_co = property(lambda self: [self._core.pieces_mask(0, False), self._core.pieces_mask(0, True)])
    promoted = BB_EMPTY

    def king(self, color: Color) -> Optional[Square]:
        kings = self._core.pieces_mask(KING, color)
        return msb(kings) if popcount(kings) == 1 else None

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        """Puts a piece on a square (``None`` empties it); the move stack is cleared."""
        pieces = dict(self._piece_map())
        if piece is None:
            pieces.pop(square, None)
        else:
            pieces[square] = piece
        self._edit(0, _placement(pieces))

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        piece = self.piece_at(square)
        self.set_piece_at(square, None)
        return piece

    def set_piece_map(self, pieces: Dict[Square, Piece]) -> None:
        self._edit(0, _placement(pieces))

    def clear(self) -> None:
        """An empty board, White to move, no rights."""
        self.set_fen("8/8/8/8/8/8/8/8 w - - 0 1")

    def clear_board(self) -> None:
        self._edit(0, "8/8/8/8/8/8/8/8")

    def reset(self) -> None:
        self.set_fen(STARTING_FEN)

    def clear_stack(self) -> None:
        """Forgets the moves pushed (this position is then the first for repetitions)."""
        self.move_stack = []
        self._core.clear_stack()

    # Attacks.
    def attacks_mask(self, square: Square) -> Bitboard:
        """The squares the piece on `square` attacks."""
        piece = self.piece_at(square)
        if piece is None:
            return BB_EMPTY
        t = piece.piece_type
        if t == PAWN:
            return BB_PAWN_ATTACKS[piece.color][square]
        if t == KNIGHT:
            return BB_KNIGHT_ATTACKS[square]
        if t == KING:
            return BB_KING_ATTACKS[square]
        directions = {BISHOP: _BISHOP_DIRECTIONS, ROOK: _ROOK_DIRECTIONS}.get(t, _BISHOP_DIRECTIONS + _ROOK_DIRECTIONS)
        return _slide(square, directions, self.occupied)

    def attacks(self, square: Square) -> SquareSet:
        return SquareSet(self.attacks_mask(square))

    def attackers_mask(self, color: Color, square: Square) -> Bitboard:
        return self._core.attackers(color, square)

    def attackers(self, color: Color, square: Square) -> SquareSet:
        """The pieces of `color` that attack `square` (forsyth's attack tables)."""
        return SquareSet(self._core.attackers(color, square))

    def is_attacked_by(self, color: Color, square: Square) -> bool:
        return bool(self._core.attackers(color, square))

    def checkers_mask(self) -> Bitboard:
        return self._core.checkers()

    def checkers(self) -> SquareSet:
        return SquareSet(self._core.checkers())

    def is_check(self) -> bool:
        return self._core.is_check()

    def pin_mask(self, color: Color, square: Square) -> Bitboard:
        """The line a piece of `color` on `square` is pinned along to its king, or ``BB_ALL``."""
        king = self.king(color)
        if king is None or square == king:
            return BB_ALL
        d = _line(king, square)
        if d is None:
            return BB_ALL
        occupied = self.occupied
        if between(king, square) & occupied:
            return BB_ALL
        beyond = _slide(square, [d], occupied)
        snipers = self._both(QUEEN) | self._both(ROOK if 0 in d else BISHOP)
        sniper = beyond & occupied & snipers & self.occupied_co[not color]
        if not sniper:
            return BB_ALL
        return ray(king, square)

    def pin(self, color: Color, square: Square) -> SquareSet:
        return SquareSet(self.pin_mask(color, square))

    def is_pinned(self, color: Color, square: Square) -> bool:
        return self.pin_mask(color, square) != BB_ALL

    # Moves.
    @property
    def legal_moves(self) -> LegalMoveGenerator:
        return LegalMoveGenerator(self)

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        return PseudoLegalMoveGenerator(self)

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for code in self._core.legal_moves():
            if from_mask >> (code & 63) & 1 and to_mask >> (code >> 6 & 63) & 1:
                yield _move_of(code)

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_capture(m))

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL,
                                    to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        us = self.turn
        ours, theirs = self.occupied_co[us], self.occupied_co[not us]
        occupied = ours | theirs
        for sq in scan_forward(ours & from_mask):
            piece = self.piece_at(sq)
            if piece is None:
                continue
            if piece.piece_type != PAWN:
                for to in scan_forward(self.attacks_mask(sq) & ~ours & to_mask):
                    yield Move(sq, to)
                continue
            targets = BB_PAWN_ATTACKS[us][sq] & (theirs | (1 << self.ep_square if self.ep_square is not None
                                                            and not occupied >> self.ep_square & 1 else 0))
            step = 8 if us else -8
            one = sq + step
            if 0 <= one < 64 and not occupied >> one & 1:
                targets |= 1 << one
                two = one + step
                if square_rank(sq) == (1 if us else 6) and not occupied >> two & 1:
                    targets |= 1 << two
            for to in scan_forward(targets & to_mask):
                if square_rank(to) in (0, 7):
                    for promotion in _PROMOTIONS:
                        yield Move(sq, to, promotion)
                else:
                    yield Move(sq, to)
        yield from self.generate_castling_moves(from_mask, to_mask)

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal castling moves; `to_mask` is of the king's destination or the rook's square."""
        for code in self._core.legal_moves():
            if self._core.move_kind(code) != "castle":
                continue
            move = _move_of(code)
            rook = self._castling_rook(move)
            if from_mask >> move.from_square & 1 and to_mask >> rook & 1:
                yield move

    def _castling_rook(self, move: Move) -> Square:
        if self.chess960:
            return move.to_square
        side = BB_RANK_1 if self.turn else BB_RANK_8
        kingside = square_file(move.to_square) > square_file(move.from_square)
        rooks = [sq for sq in scan_forward(self.castling_rights & side)
                 if (square_file(sq) > square_file(move.from_square)) == kingside]
        return rooks[0] if rooks else move.to_square

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL,
                                       to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask)
                if not self.is_castling(m) and self.is_capture(m))

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def is_irreversible(self, move: Move) -> bool:
        """Whether the move can never be taken back by later moves: it resets the half-move clock, loses a castling
        right, or gives up an en-passant capture that was legal."""
        if self.is_zeroing(move) or self.has_legal_en_passant():
            return True
        after = self.copy(stack=False)
        after.push(move)
        return after.castling_rights != self.castling_rights

    def xboard(self, move: Move, chess960: Optional[bool] = None) -> str:
        """The move as XBoard writes it: UCI, castling as ``O-O``/``O-O-O`` in Chess960."""
        if (self.chess960 if chess960 is None else chess960) and self.is_castling(move):
            return "O-O" if self.is_kingside_castling(move) else "O-O-O"
        return move.xboard()

    def parse_xboard(self, xboard: str) -> Move:
        """The move of an XBoard text: SAN, UCI, ``O-O``, ``@@@@`` for the null move."""
        return Move.null() if xboard == "@@@@" else self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        move = self.parse_xboard(xboard)
        self.push(move)
        return move

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False,
                     ignore_counters: bool = True) -> Optional[int]:
        """The number of the Chess960 start position this is, or ``None``."""
        fields = self.fen().split()
        if (not ignore_turn and fields[1] != "w") or (not ignore_counters and fields[4:] != ["0", "1"]):
            return None
        if self.ep_square is not None:
            return None
        for n in range(960):
            start = Board.from_chess960_pos(n)
            if start.board_fen() == fields[0]:
                return n if ignore_castling or start.castling_rights == self.castling_rights else None
        return None

    def set_chess960_pos(self, scharnagl: int) -> None:
        self._chess960 = True
        self.set_fen(forsyth.start_position("chess960", scharnagl).fen(castling="shredder"))

    def apply_mirror(self) -> None:
        mirrored = self.mirror()
        self._set_core(mirrored._core)
        self.move_stack = []

    def is_pseudo_legal(self, move: Move) -> bool:
        return move in set(self.generate_pseudo_legal_moves())

    def is_legal(self, move: Move) -> bool:
        return bool(move) and not move.drop and self._core.legal_move(move._code()) is not None

    def _legal_code(self, move: Move) -> int:
        code = self._core.legal_move(move._code()) if move and not move.drop else None
        if code is None:
            raise self._illegal(move)
        return code

    def _illegal(self, move: Move) -> IllegalMoveError:
        error = IllegalMoveError(f"'{move.uci()}': not a legal move in {self.fen()} [move.illegal]")
        error.code, error.line, error.column = "move.illegal", None, None
        return error

    def push(self, move: Move) -> None:
        """Plays a move. A legal one by the rules; anything else as python-chess does (the piece goes there)."""
        given = move._code()
        code = self._core.push(given)
        self._pieces = None
        self._sans = None
        self._sans_asked = False
        self._given = None
        self.move_stack.append(move if code is None or code == given else _move_of(code))

    def pop(self) -> Move:
        """Takes back the last move and returns it; ``IndexError`` when none was pushed."""
        self._core.pop()
        self._pieces = None
        self._sans = None
        self._sans_asked = False
        self._given = None
        return self.move_stack.pop()

    def peek(self) -> Move:
        """The last move pushed; ``IndexError`` when none was."""
        return self.move_stack[-1]

    def find_move(self, from_square: Square, to_square: Square, promotion: Optional[PieceType] = None) -> Move:
        """The legal move between two squares (a pawn reaching the last rank promotes to a queen unless told)."""
        if promotion is None and self.pawns >> from_square & 1 and square_rank(to_square) in (0, 7):
            promotion = QUEEN
        move = Move(from_square, to_square, promotion)
        return _move_of(self._legal_code(move))

    def parse_uci(self, uci: str) -> Move:
        """The legal move of a UCI text (castling also as king takes rook); ``InvalidMoveError`` for no UCI,
        ``IllegalMoveError`` for an illegal move."""
        move = Move.from_uci(uci)
        if not move:
            return move
        return _move_of(self._legal_code(move))

    def push_uci(self, uci: str) -> Move:
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def parse_san(self, san: str) -> Move:
        """The legal move a SAN names (forsyth's reader: also long notation, UCI, figurines, ``0-0``);
        ``InvalidMoveError``, ``IllegalMoveError`` or ``AmbiguousMoveError`` otherwise, with forsyth's code."""
        if san in ("--", "Z0", "0000", "@@@@"):
            return Move.null()
        if san != san.strip() or not san:
            error = InvalidMoveError(f"{san!r}: a SAN with spaces around it [move.syntax]")
            error.code, error.line, error.column = "move.syntax", None, None
            raise error
        try:
            code = self._core.parse_san(san)
        except forsyth.IllegalMoveError as error:
            raise _translated(error) from None
        if san[0] == "K" and self._core.move_kind(code) == "castle":
            # forsyth reads the king's step to its castling square (Kg1) as castling; python-chess's SAN castles
            # with O-O and O-O-O only.
            error = IllegalMoveError(f"'{san}': castling is written O-O or O-O-O in SAN [move.illegal]")
            error.code, error.line, error.column = "move.illegal", None, None
            raise error
        return _move_of(code)

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def san(self, move: Move) -> str:
        """The SAN of a legal move (``--`` for the null move)."""
        sans = self._sans
        if sans is None:
            # The first SAN asked for in a position is written alone; at the second, every legal move's SAN is
            # written in one call to the core and kept until the position changes (a program that asks for one
            # asks for many).
            if not self._sans_asked:
                self._sans_asked = True
                try:
                    return self._core.san(move._code(), False)
                except forsyth.IllegalMoveError:
                    raise self._illegal(move) from None
            sans = self._sans = self._core.legal_sans()
        san = sans.get(move.from_square | move.to_square << 6 | (move.promotion or 0) << 12) if not move.drop else None
        if san is None:
            if not move:
                return "--"
            raise self._illegal(move)
        return san

    def lan(self, move: Move) -> str:
        """The move in long algebraic notation (``Ng1-f3``)."""
        try:
            return self._core.san(move._code(), True)
        except forsyth.IllegalMoveError:
            raise self._illegal(move) from None

    def san_and_push(self, move: Move) -> str:
        san = self.san(move)
        self.push(move)
        return san

    def variation_san(self, variation: Iterable[Move]) -> str:
        """A line of moves from here, numbered (``1. e4 e5 2. Nf3``); ``IllegalMoveError`` for an illegal one."""
        board = self.copy(stack=False)
        parts = []
        for move in variation:
            if not board.is_legal(move) and move:
                raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            if board.turn == WHITE:
                parts.append(f"{board.fullmove_number}. {board.san(move)}")
            elif not parts:
                parts.append(f"{board.fullmove_number}...{board.san(move)}")
            else:
                parts.append(board.san(move))
            board.push(move)
        return " ".join(parts)

    def is_capture(self, move: Move) -> bool:
        code = self._core.legal_move(move._code())
        if code is None:
            return bool(self.occupied_co[not self.turn] >> move.to_square & 1) or self.is_en_passant(move)
        return self._core.is_capture(code)

    def is_en_passant(self, move: Move) -> bool:
        return (self.ep_square == move.to_square and bool(self.pawns >> move.from_square & 1)
                and abs(move.to_square - move.from_square) in (7, 9) and not self.occupied >> move.to_square & 1)

    def is_zeroing(self, move: Move) -> bool:
        """Whether the move resets the half-move clock (a capture or a pawn move)."""
        return bool(self.pawns >> move.from_square & 1 or self.occupied_co[not self.turn] >> move.to_square & 1)

    def is_castling(self, move: Move) -> bool:
        code = self._core.legal_move(move._code())
        return code is not None and self._core.move_kind(code) == "castle"

    def is_kingside_castling(self, move: Move) -> bool:
        return self.is_castling(move) and square_file(move.to_square) > square_file(move.from_square)

    def is_queenside_castling(self, move: Move) -> bool:
        return self.is_castling(move) and square_file(move.to_square) < square_file(move.from_square)

    def gives_check(self, move: Move) -> bool:
        return self._core.gives_check(self._legal_code(move))

    def has_legal_en_passant(self) -> bool:
        return self._core.legal_ep_square() is not None

    def has_pseudo_legal_en_passant(self) -> bool:
        ep = self.ep_square
        return ep is not None and bool(BB_PAWN_ATTACKS[not self.turn][ep] & self.pawns & self.occupied_co[self.turn])

    # The game's state.
    def is_checkmate(self) -> bool:
        return self._core.is_checkmate()

    def is_stalemate(self) -> bool:
        return self._core.is_stalemate()

    def is_insufficient_material(self) -> bool:
        return self._core.is_insufficient_material()

    def has_insufficient_material(self, color: Color) -> bool:
        return self._core.has_insufficient_material(color)

    def _is_halfmoves(self, n: int) -> bool:
        return self.halfmove_clock >= n and self._core.count_legal_moves() > 0

    def is_seventyfive_moves(self) -> bool:
        return self._is_halfmoves(150)

    def is_fifty_moves(self) -> bool:
        return self._is_halfmoves(100)

    def can_claim_fifty_moves(self) -> bool:
        """Whether the fifty-move rule may be claimed now, or with a move that does not reset the clock."""
        if self.is_fifty_moves():
            return True
        if self.halfmove_clock >= 99:
            return any(not self.is_zeroing(m) for m in self.legal_moves)
        return False

    def is_repetition(self, count: int = 3) -> bool:
        return self._core.is_repetition(count)

    def is_fivefold_repetition(self) -> bool:
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self) -> bool:
        return self._core.can_claim_threefold_repetition()

    def can_claim_draw(self) -> bool:
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, in python-chess's order of the rules, or ``None`` while it goes on."""
        if self.is_checkmate():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if self.is_insufficient_material():
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if self._core.count_legal_moves() == 0:
            return Outcome(Termination.STALEMATE, None)
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    def status(self) -> Status:
        """What keeps the board from being a valid position, as python-chess's flags."""
        status = Status.VALID
        if not self.occupied:
            status |= Status.EMPTY
        for color, missing, pawns, pieces in ((WHITE, Status.NO_WHITE_KING, Status.TOO_MANY_WHITE_PAWNS,
                                               Status.TOO_MANY_WHITE_PIECES),
                                              (BLACK, Status.NO_BLACK_KING, Status.TOO_MANY_BLACK_PAWNS,
                                               Status.TOO_MANY_BLACK_PIECES)):
            kings = popcount(self.pieces_mask(KING, color))
            if kings == 0:
                status |= missing
            if kings > 1:
                status |= Status.TOO_MANY_KINGS
            if popcount(self.pieces_mask(PAWN, color)) > 8:
                status |= pawns
            if popcount(self.occupied_co[color]) > 16:
                status |= pieces
        if self.pawns & BB_BACKRANKS:
            status |= Status.PAWNS_ON_BACKRANK
        them_king = self.king(not self.turn)
        if them_king is not None and self.is_attacked_by(self.turn, them_king):
            status |= Status.OPPOSITE_CHECK
        if popcount(self.checkers_mask()) > 2:
            status |= Status.TOO_MANY_CHECKERS | Status.IMPOSSIBLE_CHECK
        problems = self._core.problems
        if "position.impossible-check" in problems:
            status |= Status.IMPOSSIBLE_CHECK
        castling, ep = self._given if self._given is not None else ("-", "-")
        if self.chess960 and "position.invalid-castling" in problems:
            status |= Status.BAD_CASTLING_RIGHTS
        elif not self.chess960 and not self._standard_castling_stands(castling):
            status |= Status.BAD_CASTLING_RIGHTS
        if ep != "-":
            if not self._ep_square_stands(ep):
                status |= Status.INVALID_EP_SQUARE
            elif "position.invalid-en-passant" in problems:
                # A double step that passed this square could not have left the check the board shows.
                status |= Status.IMPOSSIBLE_CHECK
        if "position.adjacent-kings" in problems:
            status |= Status.OPPOSITE_CHECK
        return status

    def _standard_castling_stands(self, castling: str) -> bool:
        """python-chess's rule for standard chess: each right names a rook of its colour on a corner and its king
        stands on e1 or e8."""
        for letter in castling.replace("-", ""):
            white = letter.isupper()
            file = {"k": 7, "q": 0}.get(letter.lower(), "abcdefgh".find(letter.lower()))
            rook = square(file, 0 if white else 7)
            if file not in (0, 7) or not self.pieces_mask(ROOK, white) >> rook & 1:
                return False
            if not self.pieces_mask(KING, white) >> (E1 if white else E8) & 1:
                return False
        return True

    def _ep_square_stands(self, ep: str) -> bool:
        """Whether an en-passant square is one a double step just skipped: on the third rank of the side that
        moved, empty, with the square it came from empty and its pawn in front."""
        if ep not in SQUARE_NAMES:
            return False
        sq = parse_square(ep)
        forward = -8 if self.turn else 8
        if square_rank(sq) != (5 if self.turn else 2):
            return False
        return (not self.occupied >> sq & 1 and not self.occupied >> (sq - forward) & 1
                and bool(self.pieces_mask(PAWN, not self.turn) >> (sq + forward) & 1))

    def is_valid(self) -> bool:
        return self.status() == Status.VALID

    # Copies and pictures.
    def copy(self, *, stack: Union[bool, int] = True) -> "Board":
        board = type(self).__new__(type(self))
        board._chess960 = self._chess960
        board._given = self._given
        board._pieces = self._pieces
        board._sans, board._sans_asked = self._sans, self._sans_asked
        if stack is True or (stack is not False and stack >= len(self.move_stack)):
            board._core = self._core.copy()
            board.move_stack = list(self.move_stack)
        else:
            board._core = self._core.root_free_copy()
            board.move_stack = []
        return board

    def __copy__(self) -> "Board":
        return self.copy()

    def __reduce__(self):
        """Pickled as the position before the first move pushed, the Chess960 flag and the moves (in UCI)."""
        root = self.root()
        return (_unpickle_board, (type(self), root.fen(shredder=True, en_passant="fen"), self.chess960,
                                  [m.uci() for m in self.move_stack]))

    def __deepcopy__(self, memo) -> "Board":
        return self.copy()

    def root(self) -> "Board":
        """The board before the first move pushed."""
        board = self.copy()
        while board.move_stack:
            board.pop()
        return board

    def mirror(self) -> "Board":
        """The position with the board flipped top to bottom and the colours swapped (no move stack)."""
        fields = self._fields()
        fields[0] = "/".join(reversed(fields[0].split("/"))).swapcase()
        fields[1] = "b" if fields[1] == "w" else "w"
        fields[2] = fields[2].swapcase() if fields[2] != "-" else "-"
        if fields[3] != "-":
            fields[3] = fields[3][0] + ("6" if fields[3][1] == "3" else "3")
        return type(self)(" ".join(fields), chess960=self.chess960)

    def transform(self, f) -> "Board":
        """The board with a mask function (``flip_vertical``, ...) applied to every piece (no move stack)."""
        pieces = {}
        for sq, piece in self._piece_map().items():
            pieces[lsb(f(1 << sq))] = piece
        board = self.copy(stack=False)
        board.set_piece_map(pieces)
        return board

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘",
                orientation: Color = WHITE) -> str:
        """The board in figurines, as python-chess draws it."""
        return self._drawing(lambda p: p.unicode_symbol(invert_color=invert_color), empty_square, orientation,
                             borders)

    def _drawing(self, symbol, empty: str, orientation: Color, borders: bool) -> str:
        rows = []
        ranks = range(7, -1, -1) if orientation else range(8)
        files = list(range(8)) if orientation else list(range(7, -1, -1))
        for rank in ranks:
            cells = [symbol(p) if (p := self.piece_at(square(f, rank))) else empty for f in files]
            if borders:
                rows.append("  " + "-" * 17)
                rows.append(f"{RANK_NAMES[rank]} |" + "|".join(cells) + "|")
            else:
                rows.append(" ".join(cells))
        if borders:
            rows.append("  " + "-" * 17)
            rows.append("   " + " ".join(FILE_NAMES[f] for f in files))
        return "\n".join(rows)

    def __str__(self) -> str:
        return self._drawing(Piece.symbol, ".", WHITE, False)

    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def _repr_svg_(self) -> str:
        return forsyth.Position(self.fen())._repr_svg_()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self.fen() == other.fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def zobrist_hash(self) -> int:
        """The position's Polyglot key (forsyth's)."""
        return self._core.zobrist()


class BaseBoard(Board):
    """A placement of pieces alone (python-chess's ``BaseBoard``): compared by the pieces only."""

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN) -> None:
        super().__init__(f"{board_fen or '8/8/8/8/8/8/8/8'} w - - 0 1")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self.board_fen() == other.board_fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def empty(cls, *, chess960: bool = False) -> "BaseBoard":  # type: ignore[override]
        return cls(None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"


class _Quoted(str):
    """An EPD operand written in quotes (a string whatever it says)."""


def _epd_operations(text: str) -> Iterator[Tuple[str, Optional[str]]]:
    """The operations of an EPD's fifth part: opcode and operand (``None`` when there is none), quoted strings
    with their semicolons and escapes kept as strings."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " ;":
            i += 1
        start = i
        while i < n and text[i] not in " ;":
            i += 1
        opcode = text[start:i]
        if not opcode:
            return
        words: List[str] = []
        quoted: Optional[str] = None
        while i < n and text[i] != ";":
            if text[i] == '"':
                i += 1
                chars = []
                while i < n and text[i] != '"':
                    if text[i] == "\\" and i + 1 < n:
                        i += 1
                    chars.append(text[i])
                    i += 1
                i += 1
                quoted = "".join(chars)
            elif text[i] == " ":
                i += 1
            else:
                start = i
                while i < n and text[i] not in ' ;"':
                    i += 1
                words.append(text[start:i])
        yield opcode, (_Quoted(quoted) if quoted is not None else " ".join(words) if words else None)


def _unpickle_board(cls, fen: str, chess960: bool, moves: List[str]) -> Board:
    board = cls.__new__(cls)
    Board.__init__(board, fen, chess960=chess960)
    for uci in moves:
        board.push(Move.from_uci(uci))
    return board


def _placement(pieces: Dict[Square, Piece]) -> str:
    """A FEN's first field for a piece map."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = pieces.get(square(f, rank))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece.symbol()
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


# python-chess's submodules that forsyth.chess has, reachable as attributes after `import forsyth.chess as chess`
# (``chess.polyglot.zobrist_hash``) as they are after python-chess's `import chess.polyglot`.
from forsyth.chess import polyglot  # noqa: E402
