//! The static report: what makes a position unreachable from the game array, beyond the validation of a single
//! position.

use super::pawns::Pawns;
use super::retractions::{extra_pieces, has_retraction, has_retraction_without_rights};
use super::{RetroError, array_squares, fixed_pawns, never_entered, supported};
use crate::bitboard::{Bits, Shape, Shape8};
use crate::position::core::Core;
use crate::{Color, Piece, Position, Problem, Role, Square, Variant};

/// One reason a position cannot arise in a game from the array. [`Reason::code`] is stable; the words for people
/// are in [`crate::diagram::retro_words`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// The position breaks the rules of a single position (validation).
    Invalid(Problem),
    /// The pawns of `color` stand on files that need more captures than the opponent has units missing.
    PawnCaptures {
        /// Whose pawns.
        color: Color,
        /// The fewest captures that explain their files (`None`: no start files fit at all).
        needed: Option<usize>,
        /// The opponent's missing units: the most captures `color` can have made.
        available: usize,
        /// The pawns that had to capture.
        pawns: Vec<Square>,
    },
    /// More pieces of `color` must be promoted pawns than `color` has pawns missing.
    PromotedPieces {
        /// Whose pieces.
        color: Color,
        /// How many must be promoted: those beyond the array's count of their role, bishops counted by square
        /// colour, and an original bishop shut in on its start square and gone counted as captured there.
        needed: usize,
        /// Pawns `color` has missing.
        missing_pawns: usize,
        /// The pieces counted.
        pieces: Vec<Square>,
    },
    /// A white and a black pawn that have both stayed on their file all game (no other start fits their side's
    /// captures, nor two captures to spare for a trip off the file and back), but stand past each other: pawns on
    /// one file cannot pass.
    PawnsCrossed {
        /// The white pawn.
        white: Square,
        /// The black pawn, below it.
        black: Square,
    },
    /// Bishops of one square colour that must be promoted, but the pawns that can have promoted could do so only
    /// on squares of the other colour: no captures are left to change file, so each promotes on its own file.
    PromotedBishopColour {
        /// Whose bishops.
        color: Color,
        /// The bishops that must be promoted stand on light squares (else dark).
        light: bool,
        /// The bishops of that colour.
        bishops: Vec<Square>,
    },
    /// A piece stands where it cannot have come: every square it could have come from has held an unmoved pawn all
    /// game, it is not an original piece on its start square, and no pawn can have promoted there.
    ShutIn {
        /// Where it stands.
        square: Square,
        /// What it is.
        piece: Piece,
        /// The unmoved pawns around it.
        walls: Vec<Square>,
    },
    /// No single move of the side that just moved can have led here, and the position is not the array.
    NoLastMove {
        /// The pieces giving check to the side to move (empty if none): a check no last move can have given.
        checkers: Vec<Square>,
    },
    /// Only moves of a king or rook that still has its castling right could have led here.
    CastlingRights {
        /// The rooks holding rights of the side that just moved, and its king.
        squares: Vec<Square>,
    },
}

impl Reason {
    /// A stable code for programs: `retro.` and a word, or the validation problem's `position.` code.
    ///
    /// ```
    /// use forsyth::retro;
    /// let pos = retro::position_from_fen("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1").unwrap();
    /// let report = retro::analyse(&pos).unwrap();
    /// assert_eq!(report.reasons[0].code(), "retro.shut-in");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Invalid(problem) => problem.code(),
            Reason::PawnCaptures { .. } => "retro.pawn-captures",
            Reason::PromotedPieces { .. } => "retro.promoted-pieces",
            Reason::PromotedBishopColour { .. } => "retro.promoted-bishop-colour",
            Reason::PawnsCrossed { .. } => "retro.pawns-crossed",
            Reason::ShutIn { .. } => "retro.shut-in",
            Reason::NoLastMove { checkers } if !checkers.is_empty() => "retro.check-without-last-move",
            Reason::NoLastMove { .. } => "retro.no-last-move",
            Reason::CastlingRights { .. } => "retro.castling-rights",
        }
    }

    /// The squares the reason names.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Reason::Invalid(problem) => match problem {
                Problem::PawnOnBackRank(sq) => vec![*sq],
                Problem::ImpossibleCheck { checkers } => checkers.clone(),
                Problem::InvalidCastlingRight { square, .. } | Problem::InvalidEnPassant { square, .. } => {
                    vec![*square]
                }
                _ => Vec::new(),
            },
            Reason::PawnCaptures { pawns, .. } => pawns.clone(),
            Reason::PromotedPieces { pieces, .. } => pieces.clone(),
            Reason::PromotedBishopColour { bishops, .. } => bishops.clone(),
            Reason::PawnsCrossed { white, black } => vec![*white, *black],
            Reason::ShutIn { square, walls, .. } => std::iter::once(*square).chain(walls.iter().copied()).collect(),
            Reason::NoLastMove { checkers } => checkers.clone(),
            Reason::CastlingRights { squares } => squares.clone(),
        }
    }
}

/// Every reason found why a position cannot arise from the array; none means none was found (not a proof that a
/// game reaches it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The reasons, validation problems first.
    pub reasons: Vec<Reason>,
}

impl Report {
    /// Whether no reason was found.
    pub fn reachable(&self) -> bool {
        self.reasons.is_empty()
    }
}

/// The static report of a legal position.
///
/// ```
/// use forsyth::retro;
/// // Three white pawns on the c-file need two captures, but Black has lost only one unit.
/// let pos = retro::position_from_fen("rnbqkbn1/pppppppp/8/2P5/2P5/2P5/8/4K3 w - - 0 1").unwrap();
/// let report = retro::analyse(&pos).unwrap();
/// assert!(!report.reachable());
/// assert_eq!(report.reasons[0].code(), "retro.pawn-captures");
/// ```
pub fn analyse(pos: &Position) -> Result<Report, RetroError> {
    let core = supported(pos)?;
    let mut reasons = Vec::new();
    for color in Color::ALL {
        pawn_captures(core, color, &mut reasons);
    }
    if reasons.is_empty() {
        pawns_crossed(core, &mut reasons);
    }
    for color in Color::ALL {
        promoted_pieces(core, color, &mut reasons);
    }
    shut_in(core, &mut reasons);
    last_move(pos, core, &mut reasons);
    Ok(Report { reasons })
}

/// The static report of a FEN: an illegal position reports its validation problems as the reasons.
///
/// ```
/// use forsyth::retro;
/// let report = retro::analyse_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").unwrap();
/// assert_eq!(report.reasons[0].code(), "position.too-many-kings");
/// ```
pub fn analyse_fen(text: &str) -> Result<Report, RetroError> {
    match super::position_from_fen(text) {
        Ok(pos) => analyse(&pos),
        Err(RetroError::InvalidPosition(e)) => {
            Ok(Report { reasons: e.problems.into_iter().map(Reason::Invalid).collect() })
        }
        Err(e) => Err(e),
    }
}

fn pawn_captures(core: &Core<Shape8>, color: Color, reasons: &mut Vec<Reason>) {
    let pawns = Pawns::of(core, color);
    let needed = pawns.min_captures();
    if needed.is_none_or(|n| n > pawns.budget) {
        reasons.push(Reason::PawnCaptures { color, needed, available: pawns.budget, pawns: pawns.off_file() });
    }
}

/// Pawns that cannot have left their file at any time: a white one above a black one on the same file must have
/// passed it.
fn pawns_crossed(core: &Core<Shape8>, reasons: &mut Vec<Reason>) {
    let (white, black) = (Pawns::of(core, Color::White), Pawns::of(core, Color::Black));
    // A pawn stayed on its file all game if no other start fits, and the captures leave no two to spare for a trip
    // off the file and back (c7-c5xd4xc3 e.p. ends on the c-file too).
    let never_left = |pawns: &Pawns, sq: Square| {
        let file = sq.file().index();
        (0..8u8).all(|start| start == file || !pawns.fits(Some((sq, start)), None))
            && pawns.min_captures_with(Some((sq, file)), None).is_none_or(|least| least + 2 > pawns.budget)
    };
    for w in white.squares() {
        for b in black.squares() {
            if w.file() == b.file() && w.rank() > b.rank() && never_left(&white, w) && never_left(&black, b) {
                reasons.push(Reason::PawnsCrossed { white: w, black: b });
            }
        }
    }
}

/// The fewest promoted pieces of `color`, with the pieces counted.
pub(crate) fn promoted_at_least(core: &Core<Shape8>, color: Color) -> (usize, Vec<Square>) {
    let mut pieces = Vec::new();
    let mut needed = 0;
    for role in [Role::Queen, Role::Rook, Role::Knight] {
        let bits = core.pieces(color, role);
        if bits.count() as usize > Variant::Standard.start_count(role) {
            needed += bits.count() as usize - Variant::Standard.start_count(role);
            pieces.extend(bits.iter().map(Shape8::square_of));
        }
    }
    let fixed = fixed_pawns(core);
    for home in array_squares(color, Role::Bishop) {
        let same_colour =
            core.pieces(color, Role::Bishop).iter().filter(|&b| Shape8::square_of(b).is_light() == home.is_light());
        let bishops: Vec<Square> = same_colour.map(Shape8::square_of).collect();
        // An original bishop that can never have left its start square, and is not there, was captured there.
        let home_bit = Shape8::bit_of(home);
        let gone = never_entered(Role::Bishop, home_bit, fixed) && !core.pieces(color, Role::Bishop).has(home_bit);
        let originals = usize::from(!gone);
        if bishops.len() > originals {
            needed += bishops.len() - originals;
            pieces.extend(bishops);
            if gone {
                pieces.push(home);
            }
        }
    }
    debug_assert!(needed >= extra_pieces(core, color));
    (needed, pieces)
}

fn promoted_pieces(core: &Core<Shape8>, color: Color, reasons: &mut Vec<Reason>) {
    let (needed, pieces) = promoted_at_least(core, color);
    let missing_pawns = 8usize.saturating_sub(core.pieces(color, Role::Pawn).count() as usize);
    if needed > missing_pawns {
        reasons.push(Reason::PromotedPieces { color, needed, missing_pawns, pieces });
        return;
    }
    promoted_bishop_colour(core, color, reasons);
}

/// With no capture to spare, a pawn promotes on its own file, so the colour of its promotion square is fixed:
/// promoted bishops of one colour need as many missing pawns whose files promote on that colour.
fn promoted_bishop_colour(core: &Core<Shape8>, color: Color, reasons: &mut Vec<Reason>) {
    let pawns = Pawns::of(core, color);
    if pawns.min_captures() != Some(pawns.budget) {
        return; // a capture to spare (or none fits, reported already): any colour can be reached
    }
    let fixed = fixed_pawns(core);
    let promotion_rank = if color.is_white() { 7 } else { 0 };
    for home in array_squares(color, Role::Bishop) {
        let bishops: Vec<Square> = core
            .pieces(color, Role::Bishop)
            .iter()
            .map(Shape8::square_of)
            .filter(|sq| sq.is_light() == home.is_light())
            .collect();
        let home_bit = Shape8::bit_of(home);
        let gone = never_entered(Role::Bishop, home_bit, fixed) && !core.pieces(color, Role::Bishop).has(home_bit);
        let promoted = bishops.len().saturating_sub(usize::from(!gone));
        // Missing pawns that can have started on a file whose promotion square has the bishops' colour.
        let files = (0..8u8)
            .filter(|&f| Shape8::square_of(u32::from(f) + promotion_rank * 8).is_light() == home.is_light())
            .filter(|&f| pawns.fits(None, Some(f)))
            .count();
        if promoted > files {
            reasons.push(Reason::PromotedBishopColour { color, light: home.is_light(), bishops });
        }
    }
}

/// Pieces that can neither have moved to their square nor started or promoted there.
fn shut_in(core: &Core<Shape8>, reasons: &mut Vec<Reason>) {
    let fixed = fixed_pawns(core);
    for bit in (core.occupied() & !core.role(Role::Pawn)).iter() {
        let Some(piece) = core.piece_at(bit) else { continue };
        let square = Shape8::square_of(bit);
        if !never_entered(piece.role, bit, fixed) || array_squares(piece.color, piece.role).contains(&square) {
            continue;
        }
        let promotion_rank = if piece.color.is_white() { 7 } else { 0 };
        if piece.role != Role::King && bit / 8 == promotion_rank {
            let behind = if piece.color.is_white() { bit - 8 } else { bit + 8 };
            let pawn_sources = u64::bit(behind) | Shape8::pawn_attacks(!piece.color, bit);
            if pawn_sources & !fixed != 0 {
                continue;
            }
        }
        let walls = (super::entries(piece.role, bit) & fixed).iter().map(Shape8::square_of).collect();
        reasons.push(Reason::ShutIn { square, piece, walls });
    }
}

/// A position no single move leads to, other than the array, cannot have arisen.
fn last_move(pos: &Position, core: &Core<Shape8>, reasons: &mut Vec<Reason>) {
    if has_retraction(core) || is_array(core) {
        return;
    }
    let mover = !core.turn;
    if core.castling & Shape8::rank_mask(if mover.is_white() { 0 } else { 7 }) != 0
        && has_retraction_without_rights(core)
    {
        let rights = core.castling & Shape8::rank_mask(if mover.is_white() { 0 } else { 7 });
        let mut squares: Vec<Square> = rights.iter().map(Shape8::square_of).collect();
        squares.extend(pos.king(mover));
        reasons.push(Reason::CastlingRights { squares });
        return;
    }
    reasons.push(Reason::NoLastMove { checkers: pos.checkers().iter().collect() });
}

/// The game array with White to move.
fn is_array(core: &Core<Shape8>) -> bool {
    let start = Position::new(Variant::Standard);
    let array = start.standard_core().expect("the standard array is 8×8");
    core.turn == Color::White && core.by_color == array.by_color && core.by_role == array.by_role
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(fen: &str) -> Vec<&'static str> {
        let pos = crate::retro::position_from_fen(fen).unwrap();
        analyse(&pos).unwrap().reasons.iter().map(Reason::code).collect()
    }

    #[test]
    fn a_pawn_may_leave_its_file_and_come_back() {
        // Reached in games (the openings corpus; a seeded random game): Black's c-pawn went c5xd4, then d4xc3 e.p.
        // past White's c-pawn; likewise on the f-file.
        assert_eq!(codes("r1bqk2r/pp1p1ppp/2n1pn2/8/1PP5/2pBP3/1P3PPP/R1BQK1NR w KQkq - 0 1"), Vec::<&str>::new());
        assert_eq!(codes("2bqkbn1/2ppp1pr/r7/pp5p/3P1P2/1P1PBp2/P3P1BP/RN1QK2R w KQ - 0 1"), Vec::<&str>::new());
        // With no captures at all, the d-pawns cannot have passed each other.
        assert_eq!(codes("rnbqkbnr/ppp2ppp/4p3/3P4/3p4/4P3/PPP2PPP/RNBQKBNR b - - 0 1"), ["retro.pawns-crossed"]);
    }
}
