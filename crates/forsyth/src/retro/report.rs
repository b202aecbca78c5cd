//! The static report: what makes a position unreachable from the game array, beyond the validation of a single
//! position.

use super::pawns::Pawns;
use super::retractions::{extra_pieces, has_retraction, has_retraction_without_rights};
use super::{Array, RetroError, fixed_pawns, never_entered};
use crate::bitboard::{Bits, Shape, Shape8, Shape10};
use crate::movegen::core::Core;
use crate::position::PositionShape;
use crate::position::start_counts;
use crate::{CastlingSide, Color, Piece, Position, Problem, Role, Square, Variant};

/// One reason a position cannot arise in a game from the array. [`Reason::code`] is stable; the words for people
/// are in [`crate::diagram::retro_words`].
///
/// ```
/// use forsyth::retro::{self, Reason};
/// use forsyth::{Color, Square};
/// // Three white pawns on the c-file need two captures, but Black has lost only the rook of h8.
/// let pos = retro::position_from_fen("rnbqkbn1/pppppppp/8/2P5/2P5/2P5/8/4K3 w - - 0 1").unwrap();
/// let reasons = retro::analyse(&pos).unwrap().reasons;
/// let Reason::PawnCaptures { color, needed, available, .. } = &reasons[0] else { panic!("{reasons:?}") };
/// assert_eq!((*color, *needed, *available), (Color::White, Some(2), 1));
/// ```
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
    /// Chess960 (or Capablanca Random Chess): the castling rights name no array. Kings and rooks that keep rights
    /// stand on their start squares, and the two sides' arrays mirror each other, so both kings with rights stand on
    /// one file, rooks with rights on one side on one file; and the king starts between its rooks, never on the
    /// first or last file.
    CastlingArray {
        /// The kings and rooks whose rights contradict each other.
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
            Reason::CastlingArray { .. } => "retro.castling-array",
        }
    }

    /// The squares the reason names.
    ///
    /// ```
    /// use forsyth::{Square, retro};
    /// // The bishop on a1 behind the unmoved pawn on b2 is shut in, and no bishop starts on a1.
    /// let pos = retro::position_from_fen("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1").unwrap();
    /// let report = retro::analyse(&pos).unwrap();
    /// assert_eq!(report.reasons[0].squares(), [Square::A1, Square::B2]);
    /// ```
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
            Reason::CastlingRights { squares } | Reason::CastlingArray { squares } => squares.clone(),
        }
    }
}

/// Every reason found why a position cannot arise from the array; none means none was found (not a proof that a
/// game reaches it).
///
/// ```
/// use forsyth::retro;
/// let report = retro::analyse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(report.reasons, []);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The reasons, validation problems first.
    pub reasons: Vec<Reason>,
}

impl Report {
    /// Whether no reason was found.
    ///
    /// ```
    /// use forsyth::retro;
    /// assert!(retro::analyse_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 1 1").unwrap().reachable());
    /// // Nine white pawns: more than a side starts with.
    /// assert!(!retro::analyse_fen("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1").unwrap().reachable());
    /// ```
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
    let mut reasons = Vec::new();
    if let Some(core) = Shape8::core_of(pos) {
        analyse_core(pos, core, &mut reasons);
    } else if let Some(core) = Shape10::core_of(pos) {
        analyse_core(pos, core, &mut reasons);
    }
    Ok(Report { reasons })
}

/// [`analyse`] on the bit sets of either board shape.
fn analyse_core<S: PositionShape>(pos: &Position, core: &Core<S>, reasons: &mut Vec<Reason>) {
    for color in Color::ALL {
        pawn_captures(core, color, reasons);
    }
    if reasons.is_empty() {
        pawns_crossed(core, reasons);
    }
    for color in Color::ALL {
        promoted_pieces(core, color, reasons);
    }
    shut_in(core, reasons);
    castling_array(core, reasons);
    last_move(pos, core, reasons);
}

/// The static report of a FEN: an illegal position reports its validation problems as the reasons.
///
/// ```
/// use forsyth::retro;
/// let report = retro::analyse_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").unwrap();
/// assert_eq!(report.reasons[0].code(), "position.too-many-kings");
/// ```
pub fn analyse_fen(text: &str) -> Result<Report, RetroError> {
    analyse_fen_in(text, None)
}

/// [`analyse_fen`] in `variant`, or the variant the FEN implies (see
/// [`super::position_from_fen_in`]).
///
/// ```
/// use forsyth::{Variant, retro};
/// // A bishop shut in on b1 behind a2 and c2: not the standard array's, but maybe a Chess960 array's.
/// let fen = "4k3/8/8/8/8/8/P1P5/1B2K3 w - - 0 1";
/// assert!(!retro::analyse_fen(fen).unwrap().reachable());
/// assert!(retro::analyse_fen_in(fen, Some(Variant::Chess960)).unwrap().reachable());
/// ```
pub fn analyse_fen_in(text: &str, variant: Option<Variant>) -> Result<Report, RetroError> {
    match super::position_from_fen_in(text, variant) {
        Ok(pos) => analyse(&pos),
        Err(RetroError::InvalidPosition(e)) => {
            Ok(Report { reasons: e.problems.into_iter().map(Reason::Invalid).collect() })
        }
        Err(e) => Err(e),
    }
}

fn pawn_captures<S: Shape>(core: &Core<S>, color: Color, reasons: &mut Vec<Reason>) {
    let pawns = Pawns::of(core, color);
    let needed = pawns.min_captures();
    if needed.is_none_or(|n| n > pawns.budget) {
        reasons.push(Reason::PawnCaptures { color, needed, available: pawns.budget, pawns: pawns.off_file() });
    }
}

/// Pawns that cannot have left their file at any time: a white one above a black one on the same file must have
/// passed it.
fn pawns_crossed<S: Shape>(core: &Core<S>, reasons: &mut Vec<Reason>) {
    let (white, black) = (Pawns::of(core, Color::White), Pawns::of(core, Color::Black));
    // A pawn stayed on its file all game if no other start fits, and the captures leave no two to spare for a trip
    // off the file and back (c7-c5xd4xc3 e.p. ends on the c-file too).
    let never_left = |pawns: &Pawns, sq: Square| {
        let file = sq.file().index();
        pawns.start_files().all(|start| start == file || !pawns.fits(Some((sq, start)), None))
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
pub(crate) fn promoted_at_least<S: Shape>(core: &Core<S>, color: Color) -> (usize, Vec<Square>) {
    let mut pieces = Vec::new();
    let mut needed = 0;
    let start = start_counts(core.variant);
    for &role in core.variant.promotion_roles().iter().filter(|&&role| role != Role::Bishop) {
        let bits = core.pieces(color, role);
        if bits.count() as usize > start[role.index()] {
            needed += bits.count() as usize - start[role.index()];
            pieces.extend(bits.iter().map(S::square_of));
        }
    }
    let fixed = fixed_pawns(core);
    let array = Array::of(core);
    // Every array (standard, Chess960, and the 10×8 ones: Capablanca Random Chess by its rules) has one bishop of
    // each square colour.
    for light in [true, false] {
        let same_colour = core.pieces(color, Role::Bishop).iter().filter(|&b| S::square_of(b).is_light() == light);
        let bishops: Vec<Square> = same_colour.map(S::square_of).collect();
        let gone = array.bishop_home(color, light).filter(|&home| bishop_shut_in_and_gone(core, home, fixed));
        let originals = usize::from(gone.is_none());
        if bishops.len() > originals {
            needed += bishops.len() - originals;
            pieces.extend(bishops);
            pieces.extend(gone);
        }
    }
    debug_assert!(needed >= extra_pieces(core, color));
    (needed, pieces)
}

fn promoted_pieces<S: Shape>(core: &Core<S>, color: Color, reasons: &mut Vec<Reason>) {
    let (needed, pieces) = promoted_at_least(core, color);
    let missing_pawns = (S::WIDTH as usize).saturating_sub(core.pieces(color, Role::Pawn).count() as usize);
    if needed > missing_pawns {
        reasons.push(Reason::PromotedPieces { color, needed, missing_pawns, pieces });
        return;
    }
    promoted_bishop_colour(core, color, reasons);
}

/// With no capture to spare, a pawn promotes on its own file, so the colour of its promotion square is fixed:
/// promoted bishops of one colour need as many missing pawns whose files promote on that colour.
fn promoted_bishop_colour<S: Shape>(core: &Core<S>, color: Color, reasons: &mut Vec<Reason>) {
    let pawns = Pawns::of(core, color);
    if pawns.min_captures() != Some(pawns.budget) {
        return; // a capture to spare (or none fits, reported already): any colour can be reached
    }
    let fixed = fixed_pawns(core);
    let array = Array::of(core);
    let promotion_rank = if color.is_white() { 7 } else { 0 };
    for light in [true, false] {
        let bishops: Vec<Square> =
            core.pieces(color, Role::Bishop).iter().map(S::square_of).filter(|sq| sq.is_light() == light).collect();
        let gone = array.bishop_home(color, light).is_some_and(|home| bishop_shut_in_and_gone(core, home, fixed));
        let promoted = bishops.len().saturating_sub(usize::from(!gone));
        // Missing pawns that can have started on a file whose promotion square has the bishops' colour.
        let files = pawns
            .start_files()
            .filter(|&f| S::square_of(u32::from(f) + promotion_rank * S::WIDTH).is_light() == light)
            .filter(|&f| pawns.fits(None, Some(f)))
            .count();
        if promoted > files {
            reasons.push(Reason::PromotedBishopColour { color, light, bishops });
        }
    }
}

/// Whether the original bishop of `home` can never have left it (every way out held an unmoved pawn all game)
/// and is not there: it was captured where it stood.
fn bishop_shut_in_and_gone<S: Shape>(core: &Core<S>, home: Square, fixed: S::Bits) -> bool {
    let bit = S::bit_of(home);
    let color = if home.rank().index() == 0 { Color::White } else { Color::Black };
    never_entered::<S>(Role::Bishop, bit, fixed) && !core.pieces(color, Role::Bishop).has(bit)
}

/// Pieces that can neither have moved to their square nor started or promoted there. In Chess960 and Capablanca
/// Random Chess a piece may have started on any back-rank square whose role in the array is unknown.
fn shut_in<S: Shape>(core: &Core<S>, reasons: &mut Vec<Reason>) {
    let fixed = fixed_pawns(core);
    let array = Array::of(core);
    for bit in (core.occupied() & !core.role(Role::Pawn)).iter() {
        let Some(piece) = core.piece_at(bit) else { continue };
        let square = S::square_of(bit);
        if !never_entered::<S>(piece.role, bit, fixed) || array.candidates(piece.color, piece.role).contains(&square) {
            continue;
        }
        let promotion_rank = if piece.color.is_white() { 7 } else { 0 };
        if piece.role != Role::King && bit / S::WIDTH == promotion_rank {
            let behind = if piece.color.is_white() { bit - S::WIDTH } else { bit + S::WIDTH };
            let pawn_sources = S::Bits::bit(behind) | S::pawn_attacks(!piece.color, bit);
            if !(pawn_sources & !fixed).is_empty() {
                continue;
            }
        }
        let walls = (super::entries::<S>(piece.role, bit) & fixed).iter().map(S::square_of).collect();
        reasons.push(Reason::ShutIn { square, piece, walls });
    }
}

/// Castling rights of a shuffled array (Chess960, Capablanca Random Chess) that no array explains: kings with
/// rights on two files, rooks with rights on one side on two files, or a king with rights on the first or last
/// file (the array's king stands between its rooks).
fn castling_array<S: Shape>(core: &Core<S>, reasons: &mut Vec<Reason>) {
    if !core.variant.is_shuffle() || core.castling.is_empty() {
        return;
    }
    // Per side with rights: its king, and its castling rooks by side of the king.
    let mut kings = Vec::new();
    let mut rooks: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for color in Color::ALL {
        let Some(king) = core.pieces(color, Role::King).iter().next().map(S::square_of) else { continue };
        let mut any = false;
        for side in CastlingSide::ALL {
            if let Some(rook) = core.castling_rook(color, side) {
                rooks[side.index()].push(rook);
                any = true;
            }
        }
        if any {
            if king.file().index() == 0 || u32::from(king.file().index()) == S::WIDTH - 1 {
                reasons.push(Reason::CastlingArray { squares: vec![king] });
            }
            kings.push(king);
        }
    }
    for group in std::iter::once(&kings).chain(rooks.iter()) {
        if group.len() == 2 && group[0].file() != group[1].file() {
            reasons.push(Reason::CastlingArray { squares: group.clone() });
        }
    }
}

/// A position no single move leads to, other than the array, cannot have arisen.
fn last_move<S: PositionShape>(pos: &Position, core: &Core<S>, reasons: &mut Vec<Reason>) {
    if has_retraction(core) || is_array(core) {
        return;
    }
    let mover = !core.turn;
    let rights = core.castling & S::rank_mask(if mover.is_white() { 0 } else { 7 });
    if !rights.is_empty() && has_retraction_without_rights(core) {
        let mut squares: Vec<Square> = rights.iter().map(S::square_of).collect();
        squares.extend(pos.king(mover));
        reasons.push(Reason::CastlingRights { squares });
        return;
    }
    reasons.push(Reason::NoLastMove { checkers: pos.checkers().iter().collect() });
}

/// The game array with White to move: the variant's own, or in a shuffled variant any of its arrays (the 960 of
/// Chess960, the valid ones of Capablanca Random Chess).
fn is_array<S: PositionShape>(core: &Core<S>) -> bool {
    if core.turn != Color::White {
        return false;
    }
    let variant = core.variant;
    if !variant.is_shuffle() {
        let start = Position::new(variant);
        return S::core_of(&start).is_some_and(|a| a.by_color == core.by_color && a.by_role == core.by_role);
    }
    let back_rank: String =
        (0..S::WIDTH).map_while(|bit| core.piece_at(bit).filter(|p| p.color.is_white())).map(|p| p.char()).collect();
    let valid = match variant {
        Variant::Chess960 => crate::start::chess960_number(&back_rank).is_some(),
        _ => back_rank.len() == S::WIDTH as usize && crate::start::crc_is_valid(&back_rank),
    };
    if !valid {
        return false;
    }
    let Some(setup) = crate::start::setup_from_array(variant, &back_rank) else { return false };
    let array = Position::from_setup_unchecked(&setup, variant);
    S::core_of(&array).is_some_and(|a| a.by_color == core.by_color && a.by_role == core.by_role)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_knows_the_array_only_from_castling_rights() {
        // A bishop shut in on b1 behind a2 and c2 may be a Chess960 array's b1 bishop ...
        assert_eq!(codes("6kr/pppppppp/8/8/8/4K3/P1P5/1B6 b h - 0 1"), Vec::<&str>::new());
        // ... but not when Black's castling rights put a rook on b8, so on b1 too (the arrays mirror).
        assert_eq!(codes("1r4kr/pppppppp/8/8/8/4K3/P1P5/1B6 b hb - 0 1"), ["retro.shut-in"]);
        // Two bishops on light squares: one is promoted in any array.
        assert_eq!(codes("6kr/pppppppp/8/8/4K3/PPPPPPPP/8/1B1B4 b h - 0 1"), ["retro.promoted-pieces"]);
    }

    #[test]
    fn chess960_castling_rights_must_name_one_array() {
        // White's king with rights on e1, Black's on d8: the arrays would not mirror each other.
        assert_eq!(codes("r2k3r/8/8/8/3n4/8/8/R3K2R w KQkq - 0 1"), ["retro.castling-array"]);
        // King-side rooks with rights on h1 and g8.
        assert_eq!(codes("r3k1r1/8/8/8/3n4/8/8/R3K2R w KQkq - 0 1"), ["retro.castling-array"]);
        // A king with a right on the h-file stands where no array puts a king: refused before any analysis.
        assert!(crate::retro::position_from_fen_in("4k3/8/8/8/8/8/8/R6K w A - 0 1", None).is_err());
    }

    fn codes(fen: &str) -> Vec<&'static str> {
        codes_in(fen, None)
    }

    fn codes_in(fen: &str, variant: Option<Variant>) -> Vec<&'static str> {
        let pos = crate::retro::position_from_fen_in(fen, variant).unwrap();
        analyse(&pos).unwrap().reasons.iter().map(Reason::code).collect()
    }

    #[test]
    fn ten_files_have_the_pawn_rules_and_each_variant_its_array() {
        // Three white pawns on the c-file need two captures; Black has lost one unit.
        let tripled = "rnabqkbcn1/pppppppppp/10/2P7/2P7/2P7/10/5K4 w - - 0 1";
        assert_eq!(codes_in(tripled, Some(Variant::Capablanca)), ["retro.pawn-captures"]);
        // Two bishops on light squares beside ten pawns: one is promoted, but no pawn is missing.
        let light_bishops = "4k5/10/10/10/10/PPPPPPPPPP/10/1B1BK5 w - - 0 1";
        assert_eq!(codes_in(light_bishops, Some(Variant::Gothic)), ["retro.promoted-pieces"]);
        // A bishop on c1 behind unmoved b2 and d2: Gothic chess's c1 bishop, but Capablanca chess has its
        // archbishop there, and a Capablanca Random array may have had a bishop there.
        let c1 = "4k5/10/10/10/10/10/1P1P6/2B1K5 w - - 0 1";
        assert_eq!(codes_in(c1, Some(Variant::Capablanca)), ["retro.shut-in"]);
        assert_eq!(codes_in(c1, Some(Variant::Gothic)), Vec::<&str>::new());
        assert_eq!(codes_in(c1, Some(Variant::Crc)), Vec::<&str>::new());
        // A bishop on d1 behind c2 and e2: Janus chess's d1 bishop, not Embassy chess's (its queen starts there).
        let d1 = "4k5/10/10/10/10/10/2P1P5/3BK5 w - - 0 1";
        assert_eq!(codes_in(d1, Some(Variant::Janus)), Vec::<&str>::new());
        assert_eq!(codes_in(d1, Some(Variant::Embassy)), ["retro.shut-in"]);
    }

    #[test]
    fn capablanca_random_castling_rights_must_name_one_array() {
        // Kings with rights on f1 and e8: the arrays would not mirror each other.
        assert_eq!(
            codes_in("r3k4r/10/p9/10/10/10/10/R4K3R w KQkq - 0 1", Some(Variant::Crc)),
            ["retro.castling-array"]
        );
        // A king with a right on the j-file: refused before any analysis, as on the h-file in Chess960.
        assert!(crate::retro::position_from_fen_in("4k5/10/10/10/10/10/10/R8K w A - 0 1", Some(Variant::Crc)).is_err());
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
