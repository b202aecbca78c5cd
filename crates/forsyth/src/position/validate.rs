//! What makes a setup a legal position, and the problems found when it is not.

use std::fmt;

use crate::bitboard::{Bits, Shape};
use crate::movegen::core::{Core, NO_EP};
use crate::{CastlingPrefix, CastlingSide, Color, Role, Setup, Square, SquareSet, Variant};

/// One reason a setup is not a legal position.
///
/// ```
/// use forsyth::{Color, Position, Problem, Variant, notation::fen::Fen};
/// let setup = Fen::parse("4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap().setup;
/// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
/// assert_eq!(err.problems, [Problem::TooManyKings(Color::White, 2)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// The board has a different shape from the variant's.
    WrongBoardShape {
        /// The variant asked for.
        variant: Variant,
        /// Files of the board given.
        files: u8,
    },
    /// A piece that does not exist in the variant.
    RoleNotInVariant {
        /// Where it stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color, usize),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// More pawns than the eight (or ten) a side starts with.
    TooManyPawns(Color, usize),
    /// More pieces beyond the start array than the side's missing pawns could have promoted to.
    TooManyPieces {
        /// The side.
        color: Color,
        /// The roles of which the side has more than its start array, and how many more (queens, archbishops,
        /// chancellors, rooks, bishops, knights in this order).
        excess: Vec<(Role, usize)>,
        /// How many of the side's pawns are off the board: at most this many pieces can be promoted ones.
        missing_pawns: usize,
    },
    /// The side that just moved is in check: the side to move could capture its king.
    OppositeCheck,
    /// The kings stand next to each other.
    AdjacentKings,
    /// More checkers than any single move can produce.
    ImpossibleCheck {
        /// The checking pieces.
        checkers: Vec<Square>,
    },
    /// A castling right whose king and rook are not where that right needs them.
    InvalidCastlingRight {
        /// The square named as the castling rook.
        square: Square,
        /// Why it cannot be a castling rook.
        reason: CastlingRightProblem,
    },
    /// An X-FEN castling-type prefix that names another castling geometry than the variant's (X-FEN: `s` is
    /// Janus chess's symmetric castling, `m` Embassy chess's modern castling; the other variants have none).
    CastlingPrefixMismatch {
        /// The prefix given.
        prefix: CastlingPrefix,
        /// The variant asked for.
        variant: Variant,
    },
    /// An en-passant square that no double step of the last move could have produced.
    InvalidEnPassant {
        /// The square given.
        square: Square,
        /// Why it is impossible.
        reason: EnPassantProblem,
    },
}

/// Why a square named in the castling field cannot hold a castling right ([`Problem::InvalidCastlingRight`]).
///
/// [`CastlingRightProblem::code`] is stable for programs and translations; `Display` gives the English reason.
///
/// ```
/// use forsyth::{CastlingRightProblem, Position, Problem, Variant, notation::fen::Fen};
/// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1").unwrap().setup;
/// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
/// let Problem::InvalidCastlingRight { reason, .. } = err.problems[0] else { panic!("{err}") };
/// assert_eq!(reason, CastlingRightProblem::RookNotOnStartSquare);
/// assert_eq!(reason.code(), "rook-not-on-start-square");
/// assert_eq!(reason.to_string(), "the rook is not on its start square");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingRightProblem {
    /// The square is not on the first or last rank.
    RookNotOnBackRank,
    /// No rook of the side whose back rank it is stands there (or the square is off the variant's board).
    NoRook,
    /// The side has no king, or more than one.
    MissingKing,
    /// The king stands off its back rank.
    KingNotOnBackRank,
    /// The king is not on the square the start array gives it (variants without shuffled start arrays), or, in
    /// Chess960 and CRC, stands on the first or last file, where no start array puts it (between its rooks).
    KingNotOnStartSquare,
    /// The rook is not on the corner square the start array gives it (variants without shuffled start arrays).
    RookNotOnStartSquare,
    /// The field names two rooks of one side on the same side of its king.
    SideAlreadyHeld,
}

impl CastlingRightProblem {
    /// Every reason, in the order the validator checks them.
    pub const ALL: [CastlingRightProblem; 7] = [
        CastlingRightProblem::RookNotOnBackRank,
        CastlingRightProblem::NoRook,
        CastlingRightProblem::MissingKing,
        CastlingRightProblem::KingNotOnBackRank,
        CastlingRightProblem::KingNotOnStartSquare,
        CastlingRightProblem::RookNotOnStartSquare,
        CastlingRightProblem::SideAlreadyHeld,
    ];

    /// A stable short code for programs, such as `no-rook`; it refines [`Problem::code`]
    /// (`position.invalid-castling`).
    ///
    /// ```
    /// use forsyth::{Position, Problem, Square, Variant, notation::fen::Fen};
    /// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap().setup;
    /// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// let Problem::InvalidCastlingRight { square, reason } = err.problems[0] else { panic!("{err}") };
    /// assert_eq!((square, err.code(), reason.code()), (Square::H1, "position.invalid-castling", "no-rook"));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            CastlingRightProblem::RookNotOnBackRank => "rook-not-on-back-rank",
            CastlingRightProblem::NoRook => "no-rook",
            CastlingRightProblem::MissingKing => "missing-king",
            CastlingRightProblem::KingNotOnBackRank => "king-not-on-back-rank",
            CastlingRightProblem::KingNotOnStartSquare => "king-not-on-start-square",
            CastlingRightProblem::RookNotOnStartSquare => "rook-not-on-start-square",
            CastlingRightProblem::SideAlreadyHeld => "side-already-held",
        }
    }
}

impl fmt::Display for CastlingRightProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingRightProblem::RookNotOnBackRank => "a castling rook must stand on its side's back rank",
            CastlingRightProblem::NoRook => "there is no rook of that colour there",
            CastlingRightProblem::MissingKing => "its king is missing",
            CastlingRightProblem::KingNotOnBackRank => "the king is not on the back rank",
            CastlingRightProblem::KingNotOnStartSquare => "the king is not on its start square",
            CastlingRightProblem::RookNotOnStartSquare => "the rook is not on its start square",
            CastlingRightProblem::SideAlreadyHeld => "another rook already holds the castling right on that side",
        })
    }
}

impl std::error::Error for CastlingRightProblem {}

/// Why an en-passant square is impossible ([`Problem::InvalidEnPassant`]).
///
/// [`EnPassantProblem::code`] is stable for programs and translations; `Display` gives the English reason.
///
/// ```
/// use forsyth::{Color, EnPassantProblem, Position, Problem, Variant, notation::fen::Fen};
/// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap().setup;
/// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
/// let Problem::InvalidEnPassant { reason, .. } = err.problems[0] else { panic!("{err}") };
/// assert_eq!(reason, EnPassantProblem::WrongRank { to_move: Color::White });
/// assert_eq!(reason.code(), "wrong-rank");
/// assert_eq!(reason.to_string(), "with White to move it must be on rank 6");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnPassantProblem {
    /// The square is off the variant's board.
    OffBoard,
    /// The square is not on the rank a double step of the side not to move passes over.
    WrongRank {
        /// The side to move, which decides the rank: 6 for White, 3 for Black.
        to_move: Color,
    },
    /// No pawn of the side not to move stands where its double step would have ended.
    NoPawn,
    /// The en-passant square or the square the pawn started from is occupied.
    PathNotEmpty,
    /// The side to move is in check, which the double step could not have given.
    CheckNotFromDoubleStep,
}

impl EnPassantProblem {
    /// Every reason (the wrong rank with each side to move), in the order the validator checks them.
    pub const ALL: [EnPassantProblem; 6] = [
        EnPassantProblem::OffBoard,
        EnPassantProblem::WrongRank { to_move: Color::White },
        EnPassantProblem::WrongRank { to_move: Color::Black },
        EnPassantProblem::NoPawn,
        EnPassantProblem::PathNotEmpty,
        EnPassantProblem::CheckNotFromDoubleStep,
    ];

    /// A stable short code for programs, such as `wrong-rank`; it refines [`Problem::code`]
    /// (`position.invalid-en-passant`).
    ///
    /// ```
    /// use forsyth::{Position, Problem, Square, Variant, notation::fen::Fen};
    /// // d6 is on the right rank, but no black pawn stands on d5 after a double step.
    /// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K3 w - d6 0 1").unwrap().setup;
    /// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// let Problem::InvalidEnPassant { square, reason } = err.problems[0] else { panic!("{err}") };
    /// assert_eq!((square, err.code(), reason.code()), (Square::D6, "position.invalid-en-passant", "no-pawn"));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            EnPassantProblem::OffBoard => "off-board",
            EnPassantProblem::WrongRank { .. } => "wrong-rank",
            EnPassantProblem::NoPawn => "no-pawn",
            EnPassantProblem::PathNotEmpty => "path-not-empty",
            EnPassantProblem::CheckNotFromDoubleStep => "check-not-from-double-step",
        }
    }
}

impl fmt::Display for EnPassantProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EnPassantProblem::OffBoard => "it is not on the board",
            EnPassantProblem::WrongRank { to_move: Color::White } => "with White to move it must be on rank 6",
            EnPassantProblem::WrongRank { to_move: Color::Black } => "with Black to move it must be on rank 3",
            EnPassantProblem::NoPawn => "no pawn stands on the square the double step reached",
            EnPassantProblem::PathNotEmpty => "the squares the pawn passed are not empty",
            EnPassantProblem::CheckNotFromDoubleStep => {
                "the double step that made it cannot have given the check on the board"
            }
        })
    }
}

impl std::error::Error for EnPassantProblem {}

impl Problem {
    /// A stable short code for programs.
    ///
    /// ```
    /// use forsyth::{Color, Position, Problem, Variant, notation::fen::Fen};
    /// let setup = Fen::parse("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().setup;
    /// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// assert_eq!(err.problems[0], Problem::MissingKing(Color::Black));
    /// assert_eq!(err.problems[0].code(), "position.missing-king");
    /// assert_eq!(Problem::AdjacentKings.code(), "position.adjacent-kings");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            Problem::WrongBoardShape { .. } => "position.board-shape",
            Problem::RoleNotInVariant { .. } => "position.piece-not-in-variant",
            Problem::MissingKing(_) => "position.missing-king",
            Problem::TooManyKings(..) => "position.too-many-kings",
            Problem::PawnOnBackRank(_) => "position.pawn-on-back-rank",
            Problem::TooManyPawns(..) => "position.too-many-pawns",
            Problem::TooManyPieces { .. } => "position.too-many-pieces",
            Problem::OppositeCheck => "position.opposite-check",
            Problem::AdjacentKings => "position.adjacent-kings",
            Problem::ImpossibleCheck { .. } => "position.impossible-check",
            Problem::InvalidCastlingRight { .. } => "position.invalid-castling",
            Problem::InvalidEnPassant { .. } => "position.invalid-en-passant",
            Problem::CastlingPrefixMismatch { .. } => "position.castling-prefix",
        }
    }

    /// Whether `--repair` can drop the offending field and leave a legal position.
    ///
    /// ```
    /// use forsyth::{Color, Position, Problem, Variant, notation::fen::Fen};
    /// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K3 w Q - 0 1").unwrap().setup;
    /// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// assert!(err.problems[0].is_repairable());
    /// assert!(!Problem::MissingKing(Color::White).is_repairable());
    /// ```
    pub const fn is_repairable(&self) -> bool {
        matches!(
            self,
            Problem::InvalidCastlingRight { .. }
                | Problem::InvalidEnPassant { .. }
                | Problem::CastlingPrefixMismatch { .. }
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::WrongBoardShape { variant, files } => write!(
                f,
                "{variant} is played on a board {} files wide, but this board has {files}",
                variant.shape().files()
            ),
            Problem::RoleNotInVariant { square, role } => {
                write!(f, "there is no {role} in this variant (on {square})")
            }
            Problem::MissingKing(c) => write!(f, "{} has no king", c.name()),
            Problem::TooManyKings(c, n) => write!(f, "{} has {n} kings (exactly one is needed)", c.name()),
            Problem::PawnOnBackRank(sq) => write!(f, "pawn on {sq}: pawns cannot stand on the first or last rank"),
            Problem::TooManyPawns(c, n) => write!(f, "{} has {n} pawns, more than a side starts with", c.name()),
            Problem::TooManyPieces { color, excess, missing_pawns } => {
                let pieces: Vec<String> = excess
                    .iter()
                    .map(|&(role, n)| format!("{n} {}{}", role.name(), if n == 1 { "" } else { "s" }))
                    .collect();
                let missing = match missing_pawns {
                    0 => "no pawn is missing".to_string(),
                    1 => "only 1 pawn is missing".to_string(),
                    n => format!("only {n} pawns are missing"),
                };
                write!(
                    f,
                    "{} has {} more than the start array, but {missing}: each extra piece must be a promoted pawn",
                    color.name(),
                    and_list(&pieces)
                )
            }
            Problem::OppositeCheck => f.write_str("the side not to move is in check"),
            Problem::AdjacentKings => f.write_str("the kings stand on adjacent squares"),
            Problem::ImpossibleCheck { checkers } => {
                let list: Vec<String> = checkers.iter().map(|s| s.to_string()).collect();
                write!(f, "no single move can give this check (checkers on {})", list.join(", "))
            }
            Problem::InvalidCastlingRight { square, reason } => {
                write!(f, "castling right with the rook on {square}: {reason}")
            }
            Problem::InvalidEnPassant { square, reason } => write!(f, "en-passant square {square}: {reason}"),
            Problem::CastlingPrefixMismatch { prefix, variant } if variant.shape() != prefix.variant().shape() => {
                write!(
                    f,
                    "castling prefix '{}' ({}, as in {} chess) has no meaning on a board {} files wide: drop the prefix",
                    prefix.char(),
                    prefix.name(),
                    prefix.variant().pgn_name(),
                    variant.shape().files()
                )
            }
            Problem::CastlingPrefixMismatch { prefix, variant } => {
                let wanted = match CastlingPrefix::of(*variant) {
                    Some(own) => format!("{variant} writes '{}'", own.char()),
                    None => format!("{variant} has no prefix"),
                };
                write!(
                    f,
                    "castling prefix '{}' ({}) is {}'s, not {variant}'s: {wanted} (drop the prefix or choose the \
                     variant {})",
                    prefix.char(),
                    prefix.name(),
                    prefix.variant(),
                    prefix.variant()
                )
            }
        }
    }
}

impl std::error::Error for Problem {}

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => items.concat(),
    }
}

impl super::Position {
    /// A position from a setup after dropping what `--repair` may drop (invalid castling rights and an invalid
    /// en-passant square), with the problems dropped; an error with every problem if anything else is wrong.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square, Variant};
    /// let mut setup = Setup::start(Variant::Standard);
    /// setup.ep_square = Some(Square::E6);
    /// let (pos, dropped) = Position::from_setup_repaired(&setup, Variant::Standard).unwrap();
    /// assert_eq!(pos.ep_square(), None);
    /// assert_eq!(dropped[0].code(), "position.invalid-en-passant");
    /// ```
    pub fn from_setup_repaired(
        setup: &Setup,
        variant: Variant,
    ) -> Result<(super::Position, Vec<Problem>), PositionError> {
        let problems = match super::Position::from_setup(setup, variant) {
            Ok(pos) => return Ok((pos, Vec::new())),
            Err(e) if e.problems.iter().all(Problem::is_repairable) => e.problems,
            Err(e) => return Err(e),
        };
        super::Position::from_setup(&without_repairable(setup, &problems), variant).map(|pos| (pos, problems))
    }
}

/// The setup without the castling rights, en-passant square and castling prefix that `problems` name invalid.
pub(crate) fn without_repairable(setup: &Setup, problems: &[Problem]) -> Setup {
    let mut repaired = setup.clone();
    for problem in problems {
        match *problem {
            Problem::InvalidCastlingRight { square, .. } => repaired.castling_rooks.remove(square),
            Problem::InvalidEnPassant { .. } => repaired.ep_square = None,
            Problem::CastlingPrefixMismatch { .. } => repaired.castling_prefix = None,
            _ => {}
        }
    }
    repaired
}

/// The problems that keep a setup from being a legal position; never empty.
///
/// ```
/// use forsyth::{Position, Variant, notation::fen::Fen};
/// let setup = Fen::parse("4k3/8/8/8/8/8/8/4K2P w - - 0 1").unwrap().setup;
/// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "pawn on h1: pawns cannot stand on the first or last rank");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Every problem found, in a stable order.
    pub problems: Vec<Problem>,
}

impl PositionError {
    /// The code of the first problem ([`Problem::code`]); each problem has its own.
    ///
    /// ```
    /// use forsyth::{Position, Variant, notation::fen::Fen};
    /// let setup = Fen::parse("8/8/8/8/8/8/4k3/4K3 w - - 0 1").unwrap().setup;
    /// let err = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// assert_eq!(err.code(), "position.adjacent-kings");
    /// ```
    pub fn code(&self) -> &'static str {
        self.problems.first().map_or("position.illegal", Problem::code)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// The problem of a board whose shape is not the variant's; nothing else can be checked then.
pub(crate) fn shape_problem(setup: &Setup, variant: Variant) -> Option<Problem> {
    let files = setup.board.shape().files();
    (files != variant.shape().files()).then_some(Problem::WrongBoardShape { variant, files })
}

/// What a setup says beyond the placement, as given: its castling rooks and en-passant square may name squares
/// that the core's bit sets cannot hold (off a narrower board), which validation must still report.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Claims {
    pub(crate) castling_rooks: SquareSet,
    pub(crate) ep_square: Option<Square>,
    pub(crate) castling_prefix: Option<CastlingPrefix>,
}

impl Claims {
    pub(crate) fn of(setup: &Setup) -> Claims {
        Claims {
            castling_rooks: setup.castling_rooks,
            ep_square: setup.ep_square,
            castling_prefix: setup.castling_prefix,
        }
    }
}

/// Every rule the position breaks, in a stable order: material, checks, castling rights, en passant. `claims` is
/// what `core` was made from.
pub(crate) fn problems<S: Shape>(core: &Core<S>, claims: &Claims) -> Vec<Problem> {
    let mut problems = Vec::new();
    material_problems(core, &mut problems);
    check_problems(core, &mut problems);
    castling_problems(core, claims.castling_rooks, &mut problems);
    if let Some(prefix) = claims.castling_prefix
        && CastlingPrefix::of(core.variant) != Some(prefix)
    {
        problems.push(Problem::CastlingPrefixMismatch { prefix, variant: core.variant });
    }
    if let Some(problem) = ep_problem(core, claims.ep_square) {
        problems.push(problem);
    }
    problems
}

/// How many pieces of each role (by [`Role::index`]) a side starts with in `variant`.
pub(crate) fn start_counts(variant: Variant) -> [usize; 8] {
    const fn counts(array: &str) -> [usize; 8] {
        let mut counts = [0; 8];
        let bytes = array.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if let Some(role) = Role::from_char(bytes[i] as char) {
                counts[role.index()] += 1;
            }
            i += 1;
        }
        counts
    }
    const TABLE: [[usize; 8]; 7] = {
        let mut table = [[0; 8]; 7];
        let mut i = 0;
        while i < 7 {
            table[i] = counts(Variant::ALL[i].start_array());
            i += 1;
        }
        table
    };
    TABLE[Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0)]
}

/// The roles a pawn may become, in the order a message names the pieces beyond the start array.
const PROMOTED_ROLES: [Role; 6] =
    [Role::Queen, Role::Archbishop, Role::Chancellor, Role::Rook, Role::Bishop, Role::Knight];

/// Pieces that do not exist in the variant, king counts, pawn and piece counts, pawns on the back ranks.
fn material_problems<S: Shape>(core: &Core<S>, problems: &mut Vec<Problem>) {
    let variant = core.variant;
    for role in [Role::Archbishop, Role::Chancellor] {
        if !variant.has_role(role) {
            for bit in core.role(role).iter() {
                problems.push(Problem::RoleNotInVariant { square: S::square_of(bit), role });
            }
        }
    }
    let files = S::WIDTH as usize;
    let start = start_counts(variant);
    for color in Color::ALL {
        let count = |role| core.pieces(color, role).count() as usize;
        let kings = core.pieces(color, Role::King);
        if kings.is_empty() {
            problems.push(Problem::MissingKing(color));
        } else if kings.more_than_one() {
            problems.push(Problem::TooManyKings(color, count(Role::King)));
        }
        let pawns = count(Role::Pawn);
        // A side with no more of any role than its start array has (the common case, told without counting every
        // role) has no piece that must be a promoted pawn.
        let beyond_array = |role: Role| core.pieces(color, role).more_than(start[role.index()] as u32);
        if pawns > files {
            // Counting promotions on top would say the same twice.
            problems.push(Problem::TooManyPawns(color, pawns));
        } else if PROMOTED_ROLES.into_iter().any(beyond_array) {
            // Each piece beyond the start array's count of its role must be a promoted pawn.
            let beyond = |role: Role| count(role).saturating_sub(start[role.index()]);
            let missing_pawns = files - pawns;
            if PROMOTED_ROLES.into_iter().map(beyond).sum::<usize>() > missing_pawns {
                problems.push(too_many_pieces(color, PROMOTED_ROLES.map(|r| (r, beyond(r))), missing_pawns));
            }
        }
    }
    let back_ranks = S::rank_mask(0) | S::rank_mask(7);
    for bit in (core.role(Role::Pawn) & back_ranks).iter() {
        problems.push(Problem::PawnOnBackRank(S::square_of(bit)));
    }
}

/// The problem of a side with more pieces beyond its start array (`beyond`, by role) than missing pawns; kept out
/// of line, so that validating a legal position (the FEN reader's fast path) does not carry it.
#[cold]
#[inline(never)]
fn too_many_pieces(color: Color, beyond: [(Role, usize); 6], missing_pawns: usize) -> Problem {
    let excess = beyond.into_iter().filter(|&(_, n)| n > 0).collect();
    Problem::TooManyPieces { color, excess, missing_pawns }
}

/// The side not to move in check, adjacent kings, checks no single move can give.
fn check_problems<S: Shape>(core: &Core<S>, problems: &mut Vec<Problem>) {
    let us = core.turn;
    let them = !us;
    let occupied = core.occupied();
    // Kings next to each other are reported as such; any other attacker on the king not to move is a check.
    let our_king = core.pieces(us, Role::King);
    if core.has_king(them) && !(core.attacked_by(us, core.king_of(them), occupied) & !our_king).is_empty() {
        problems.push(Problem::OppositeCheck);
    }
    if core.has_king(us) && core.has_king(them) && S::king_attacks(core.king_of(us)).has(core.king_of(them)) {
        problems.push(Problem::AdjacentKings);
    }
    if core.has_king(us) {
        let checkers = core.checkers() & !core.role(Role::King);
        if checkers.more_than_one()
            && (checkers.more_than(2) || !double_check_possible(core, checkers, core.king_of(us)))
        {
            problems.push(Problem::ImpossibleCheck { checkers: checkers.iter().map(S::square_of).collect() });
        }
    }
}

/// Two checkers are possible only if the last move uncovered one while giving the other: two pawns, two
/// knights, or a pawn and a knight can never both check (neither can be uncovered), nor can two pieces on one line
/// through the king (the piece that moved would have had to stand on that line already, giving check before).
pub(crate) fn double_check_possible<S: Shape>(core: &Core<S>, checkers: S::Bits, king: u32) -> bool {
    let leapers_or_pawns = checkers & (core.role(Role::Pawn) | core.role(Role::Knight));
    let a = checkers.lowest();
    let b = checkers.highest();
    leapers_or_pawns.count() != 2 && !S::line(a, b).has(king)
}

fn castling_problems<S: Shape>(core: &Core<S>, castling_rooks: SquareSet, problems: &mut Vec<Problem>) {
    if castling_rooks.is_empty() {
        return;
    }
    let variant = core.variant;
    let array = variant.start_array().as_bytes();
    let start_king_file = array.iter().position(|&c| c == b'K').unwrap_or(0);
    let mut seen = [[false; 2]; 2];
    for square in castling_rooks.iter() {
        let invalid = |reason| Problem::InvalidCastlingRight { square, reason };
        let color = match square.rank().index() {
            0 => Color::White,
            7 => Color::Black,
            _ => {
                problems.push(invalid(CastlingRightProblem::RookNotOnBackRank));
                continue;
            }
        };
        if !S::SHAPE.contains(square) || !core.pieces(color, Role::Rook).has(S::bit_of(square)) {
            problems.push(invalid(CastlingRightProblem::NoRook));
            continue;
        }
        let kings = core.pieces(color, Role::King);
        if kings.is_empty() || kings.more_than_one() {
            problems.push(invalid(CastlingRightProblem::MissingKing));
            continue;
        }
        let king = S::square_of(kings.lowest());
        if king.rank() != square.rank() {
            problems.push(invalid(CastlingRightProblem::KingNotOnBackRank));
            continue;
        }
        let side = CastlingSide::of(king.file(), square.file());
        // Every start array of Chess960 and CRC puts the king between its rooks: a king on the first or last file
        // stands where no start array puts it, so it has moved and cannot castle (kokopu's test suite has such a
        // FEN). (Other variants check the king's one start square below.)
        let king_file = king.file().index() as usize;
        if variant.is_shuffle() && (king_file == 0 || king_file == array.len() - 1) {
            problems.push(invalid(CastlingRightProblem::KingNotOnStartSquare));
            continue;
        }
        if !variant.is_shuffle() {
            let rook_file = match side {
                CastlingSide::KingSide => array.len() - 1,
                CastlingSide::QueenSide => 0,
            };
            if king.file().index() as usize != start_king_file {
                problems.push(invalid(CastlingRightProblem::KingNotOnStartSquare));
                continue;
            }
            if square.file().index() as usize != rook_file {
                problems.push(invalid(CastlingRightProblem::RookNotOnStartSquare));
                continue;
            }
        }
        if std::mem::replace(&mut seen[color.index()][side.index()], true) {
            problems.push(invalid(CastlingRightProblem::SideAlreadyHeld));
        }
    }
}

fn ep_problem<S: Shape>(core: &Core<S>, ep_square: Option<Square>) -> Option<Problem> {
    let square = ep_square?;
    if !S::SHAPE.contains(square) {
        return Some(Problem::InvalidEnPassant { square, reason: EnPassantProblem::OffBoard });
    }
    if core.ep == NO_EP {
        return None;
    }
    let ep = core.ep as u32;
    let square = S::square_of(ep);
    let invalid = |reason| Some(Problem::InvalidEnPassant { square, reason });
    let us = core.turn;
    let expected_rank = if us.is_white() { 5 } else { 2 };
    if square.rank().index() != expected_rank {
        return invalid(EnPassantProblem::WrongRank { to_move: us });
    }
    let width = S::WIDTH;
    let (pushed, origin) = if us.is_white() { (ep - width, ep + width) } else { (ep + width, ep - width) };
    if !core.pieces(!us, Role::Pawn).has(pushed) {
        return invalid(EnPassantProblem::NoPawn);
    }
    if core.occupied().has(ep) || core.occupied().has(origin) {
        return invalid(EnPassantProblem::PathNotEmpty);
    }
    if core.has_king(us) {
        // The double step was the last move, so every check must come from the pawn or through the square it left.
        let king = core.king_of(us);
        let explained =
            (core.checkers() & !core.role(Role::King)).iter().all(|c| c == pushed || S::between(c, king).has(origin));
        if !explained {
            return invalid(EnPassantProblem::CheckNotFromDoubleStep);
        }
    }
    None
}
