//! What matching a pattern needs of a position, for both position types: the orthodox [`Position`] and the
//! [`GeneralPosition`] of fairy problems (declared pieces, cylinder boards). One search ([`super::sequences`])
//! runs on either.

use super::letters::PieceLetter;
use crate::general::{Cell, GeneralMove, GeneralPosition};
use crate::piece_kind::FairyPiece;
use crate::{CastlingSide, Color, File, Move, Position, Role, Square};

/// A position a pattern's moves are searched in: its moves, its pieces by square, and how a pattern's letters
/// name them.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::PatternPosition;
/// let pos = Position::default();
/// assert_eq!(PatternPosition::legal_moves(&pos).len(), 20);
/// ```
pub trait PatternPosition: Clone {
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// What kind a piece is: a role, or an index in the problem's letter table.
    type Kind: Copy + PartialEq;

    /// `Ok` if patterns can be searched here, else why not (an unknown piece, a board whose squares a pattern
    /// cannot name).
    fn listable(&self) -> Result<(), String>;
    /// The side to move.
    fn turn(&self) -> Color;
    /// Every legal move.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The position after a legal move.
    fn after(&self, m: Self::Move) -> Self;
    /// The piece on a square.
    fn piece_on(&self, sq: Square) -> Option<(Color, Self::Kind)>;
    /// The squares that hold a piece.
    fn occupied(&self) -> Vec<Square>;
    /// Whether a pattern's letter names a piece of this kind.
    fn names(&self, letter: PieceLetter, kind: Self::Kind) -> bool;
    /// The English name of a kind, for messages.
    fn kind_name(&self, kind: Self::Kind) -> String;
    /// Where the moving piece (the king, when castling) stands.
    fn origin(&self, m: Self::Move) -> Square;
    /// Where the moving piece (the king, when castling) ends.
    fn landing(&self, m: Self::Move) -> Square;
    /// The square and kind of the piece a move captures.
    fn captured(&self, m: Self::Move) -> Option<(Square, Self::Kind)>;
    /// The kind a pawn promotes to.
    fn promotion(&self, m: Self::Move) -> Option<Self::Kind>;
    /// Whether the move captures en passant.
    fn is_en_passant(&self, m: Self::Move) -> bool;
    /// The side a castling move castles on.
    fn castling_side(&self, m: Self::Move) -> Option<CastlingSide>;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// Whether the side to move has no legal move.
    fn has_no_move(&self) -> bool {
        self.legal_moves().is_empty()
    }
}

impl PatternPosition for Position {
    type Move = Move;
    type Kind = Role;

    fn listable(&self) -> Result<(), String> {
        Ok(())
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self).into_iter().collect()
    }

    fn after(&self, m: Move) -> Position {
        let mut after = *self;
        after.play_unchecked(m);
        after
    }

    fn piece_on(&self, sq: Square) -> Option<(Color, Role)> {
        self.piece_at(sq).map(|p| (p.color, p.role))
    }

    fn occupied(&self) -> Vec<Square> {
        self.board().shape().squares().filter(|&sq| self.piece_at(sq).is_some()).collect()
    }

    fn names(&self, letter: PieceLetter, role: Role) -> bool {
        letter.names(role)
    }

    fn kind_name(&self, role: Role) -> String {
        role.name().to_string()
    }

    fn origin(&self, m: Move) -> Square {
        m.from()
    }

    fn landing(&self, m: Move) -> Square {
        // Castling is written king takes rook: the king's square comes from the position after it.
        if m.is_castle() { PatternPosition::after(self, m).king(self.turn()).unwrap_or(m.to()) } else { m.to() }
    }

    fn captured(&self, m: Move) -> Option<(Square, Role)> {
        if m.is_castle() {
            None
        } else if m.is_en_passant() {
            Some((Square::new(m.to().file(), m.from().rank()), Role::Pawn))
        } else {
            self.piece_at(m.to()).map(|p| (m.to(), p.role))
        }
    }

    fn promotion(&self, m: Move) -> Option<Role> {
        m.promotion_role()
    }

    fn is_en_passant(&self, m: Move) -> bool {
        m.is_en_passant()
    }

    fn castling_side(&self, m: Move) -> Option<CastlingSide> {
        m.is_castle().then(|| CastlingSide::of(m.from().file(), m.to().file()))
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
}

/// The square of a cell: every cell has one, as [`PatternPosition::listable`] refuses larger boards.
fn square_of(pos: &GeneralPosition, cell: Cell) -> Square {
    pos.grid().square(cell).unwrap_or(Square::A1)
}

impl PatternPosition for GeneralPosition {
    type Move = GeneralMove;
    type Kind = u8;

    fn listable(&self) -> Result<(), String> {
        let grid = self.grid();
        if grid.files() > 10 || grid.ranks() > 8 {
            return Err(format!(
                "patterns name squares of boards up to 10 x 8, and this board is {} x {}",
                grid.files(),
                grid.ranks()
            ));
        }
        GeneralPosition::legal_moves(self).map(|_| ()).map_err(|e| e.to_string())
    }

    fn turn(&self) -> Color {
        GeneralPosition::turn(self)
    }

    fn legal_moves(&self) -> Vec<GeneralMove> {
        GeneralPosition::legal_moves(self).unwrap_or_default()
    }

    fn after(&self, m: GeneralMove) -> GeneralPosition {
        self.played_unchecked(m)
    }

    fn piece_on(&self, sq: Square) -> Option<(Color, u8)> {
        let grid = self.grid();
        let (file, rank) = (sq.file().index(), sq.rank().index());
        if file >= grid.files() || rank >= grid.ranks() {
            return None;
        }
        self.at(grid.cell(file, rank)).map(|u| (u.color, u.kind))
    }

    fn occupied(&self) -> Vec<Square> {
        self.pieces().filter_map(|(cell, _)| self.grid().square(cell)).collect()
    }

    fn names(&self, letter: PieceLetter, kind: u8) -> bool {
        let table = self.table();
        match letter {
            PieceLetter::Any => true,
            PieceLetter::Declared(c) => table.index_of(c) == Some(kind as usize),
            PieceLetter::Role(role) => {
                table.kind(kind as usize).catalogue_entry().and_then(FairyPiece::orthodox_role) == Some(role)
            }
        }
    }

    fn kind_name(&self, kind: u8) -> String {
        self.table().kind(kind as usize).name().to_string()
    }

    fn origin(&self, m: GeneralMove) -> Square {
        square_of(self, m.from)
    }

    fn landing(&self, m: GeneralMove) -> Square {
        square_of(self, m.to)
    }

    fn captured(&self, m: GeneralMove) -> Option<(Square, u8)> {
        let cell = m.capture?;
        Some((square_of(self, cell), self.at(cell)?.kind))
    }

    fn promotion(&self, m: GeneralMove) -> Option<u8> {
        m.promotion
    }

    fn is_en_passant(&self, m: GeneralMove) -> bool {
        m.en_passant
    }

    fn castling_side(&self, m: GeneralMove) -> Option<CastlingSide> {
        let grid = self.grid();
        let file = |cell: Cell| File::new(grid.file_of(cell)).unwrap_or(File::A);
        m.castle_rook.map(|rook| CastlingSide::of(file(m.from), file(rook)))
    }

    fn is_check(&self) -> bool {
        GeneralPosition::is_check(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::general::read_fen;
    use crate::piece_kind::PieceTable;
    use crate::{Rank, Topology};

    #[test]
    fn both_positions_see_the_same_orthodox_game() {
        let fen = "r3k2r/pp1p1ppp/8/2pPp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1";
        let orthodox: Position = fen.parse().unwrap();
        let general = read_fen(fen, &PieceTable::new(), Topology::Plain).unwrap();
        let describe = |moves: Vec<String>| {
            let mut moves = moves;
            moves.sort();
            moves
        };
        let orthodox_moves = describe(
            PatternPosition::legal_moves(&orthodox)
                .into_iter()
                .map(|m| {
                    let captured = orthodox.captured(m).map(|(sq, k)| (sq, orthodox.kind_name(k)));
                    format!(
                        "{}{} {captured:?} {:?}",
                        orthodox.origin(m),
                        orthodox.landing(m),
                        orthodox.castling_side(m)
                    )
                })
                .collect(),
        );
        let general_moves = describe(
            PatternPosition::legal_moves(&general)
                .into_iter()
                .map(|m| {
                    let captured = general.captured(m).map(|(sq, k)| (sq, general.kind_name(k)));
                    format!("{}{} {captured:?} {:?}", general.origin(m), general.landing(m), general.castling_side(m))
                })
                .collect(),
        );
        assert_eq!(orthodox_moves, general_moves);
        assert!(orthodox_moves.iter().any(|m| m.starts_with("d5e6 Some((e5, \"pawn\"))")));
        assert!(orthodox_moves.iter().any(|m| m.starts_with("e1c1 None Some(QueenSide)")));
    }

    #[test]
    fn letters_name_kinds_through_the_table() {
        let mut table = PieceTable::new();
        table.declare_text("G=grasshopper").unwrap();
        let pos = read_fen("4k3/8/8/8/8/8/8/G3K2N w - - 0 1", &table, Topology::Plain).unwrap();
        let (_, grasshopper) = pos.piece_on(Square::A1).unwrap();
        let (_, knight) = pos.piece_on(Square::H1).unwrap();
        assert!(pos.names(PieceLetter::Declared('G'), grasshopper));
        assert!(!pos.names(PieceLetter::Declared('G'), knight));
        assert!(pos.names(PieceLetter::Role(Role::Knight), knight));
        assert!(!pos.names(PieceLetter::Role(Role::Queen), grasshopper));
        assert!(pos.names(PieceLetter::Any, grasshopper));
        assert_eq!(pos.kind_name(grasshopper), "grasshopper");
        assert_eq!(pos.piece_on(Square::new(File::J, Rank::EIGHTH)), None);
    }
}
