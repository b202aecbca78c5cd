//! Relaxed validation, opt-in: the position problems a caller accepts as warnings (move-generator test suites use
//! positions with three rooks, nine queens or pawns on the first rank, which Fairy-Stockfish and shakmaty accept).

use std::fmt;
use std::str::FromStr;

use super::Position;
use super::validate::{EnPassantProblem, PositionError, Problem};
use crate::Variant;
use crate::setup::Setup;

/// How far a problem can be allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Allowance {
    /// Move generation stays exact: part of `all`.
    Safe,
    /// Move generation runs but means little (no king to protect, a king that can be taken): only by its own code.
    OwnCodeOnly,
    /// The position cannot be built at all.
    Never,
}

/// Every problem code (without the `position.` prefix), in the order of [`Problem`]'s kinds, with its allowance.
const KINDS: [(&str, Allowance); 13] = [
    ("board-shape", Allowance::Never),
    ("piece-not-in-variant", Allowance::Never),
    ("missing-king", Allowance::OwnCodeOnly),
    ("too-many-kings", Allowance::OwnCodeOnly),
    ("pawn-on-back-rank", Allowance::Safe),
    ("too-many-pawns", Allowance::Safe),
    ("too-many-pieces", Allowance::Safe),
    ("opposite-check", Allowance::OwnCodeOnly),
    ("adjacent-kings", Allowance::OwnCodeOnly),
    ("impossible-check", Allowance::Safe),
    ("invalid-castling", Allowance::Safe),
    ("invalid-en-passant", Allowance::Safe),
    ("castling-prefix", Allowance::Safe),
];

/// The position of `problem`'s kind in [`KINDS`]; a code missing from the table (which a test rules out) counts as
/// a wrong board shape, which is never allowed.
fn kind(problem: &Problem) -> usize {
    let code = problem.code();
    let code = code.strip_prefix("position.").unwrap_or(code);
    KINDS.iter().position(|(c, _)| *c == code).unwrap_or(0)
}

/// The position problems to accept as warnings rather than refuse: parsed from codes as `fen check --json` prints
/// them (`too-many-pieces` or `position.too-many-pieces`, comma-separated), or `all` for every problem after which
/// move generation stays exact.
///
/// Allowed problems leave the position as given, except that an invalid castling right, en-passant square or
/// castling prefix is dropped (it could not be used anyway; shakmaty's `ignore_invalid_*` do the same). An
/// en-passant square wrong only because the check on the board cannot come from the double step stays: that capture
/// can still be played (it may even block the check), and python-chess and shakmaty keep it. `all` covers pawns on
/// the first or last rank, too many pawns or pieces, impossible checks, and those three. The
/// problems that make move generation meaningless — no king, several kings of one colour (only the one nearest a1
/// is protected from check; the others do not move), the side not to move in check or the kings side by side (a
/// king can be taken) — are allowed only by their own code. A board of the wrong shape and pieces the variant does
/// not have are never allowed.
///
/// ```
/// use forsyth::{Allowed, Variant, notation::fen::Fen};
/// let fen: Fen = "r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1".parse().unwrap();
/// assert!(fen.position(None).is_err()); // three black rooks and no pawn missing
/// let allowed: Allowed = "too-many-pieces".parse().unwrap();
/// let (pos, warnings) = fen.position_allowing(None, allowed).unwrap();
/// assert_eq!(warnings[0].code(), "position.too-many-pieces");
/// assert_eq!(pos.legal_moves().len(), 25); // as python-chess counts them
/// assert_eq!(allowed.to_string(), "too-many-pieces");
/// assert!("missing-king,position.opposite-check".parse::<Allowed>().is_ok());
/// assert!("board-shape".parse::<Allowed>().is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Allowed {
    /// One bit per [`KINDS`] entry.
    kinds: u16,
}

impl Allowed {
    /// Nothing allowed: strict validation.
    pub const NONE: Allowed = Allowed { kinds: 0 };

    /// Every problem after which move generation stays exact (`all`).
    pub const ALL_SAFE: Allowed = {
        let mut kinds = 0;
        let mut i = 0;
        while i < KINDS.len() {
            if matches!(KINDS[i].1, Allowance::Safe) {
                kinds |= 1 << i;
            }
            i += 1;
        }
        Allowed { kinds }
    };

    /// What `--repair` drops: invalid castling rights, en-passant squares and castling prefixes.
    pub const REPAIRABLE: Allowed = {
        let mut kinds = 0;
        let mut i = 0;
        while i < KINDS.len() {
            if matches!(KINDS[i].0.as_bytes(), b"invalid-castling" | b"invalid-en-passant" | b"castling-prefix") {
                kinds |= 1 << i;
            }
            i += 1;
        }
        Allowed { kinds }
    };

    /// Whether `problem` is allowed.
    ///
    /// ```
    /// use forsyth::{Allowed, Color, Problem, Square};
    /// let allowed: Allowed = "pawn-on-back-rank".parse().unwrap();
    /// assert!(allowed.allows(&Problem::PawnOnBackRank(Square::A1)));
    /// assert!(!allowed.allows(&Problem::MissingKing(Color::Black)));
    /// assert!(Allowed::ALL_SAFE.allows(&Problem::TooManyPawns(Color::White, 9)));
    /// ```
    pub fn allows(self, problem: &Problem) -> bool {
        self.kinds & 1 << kind(problem) != 0
    }

    /// Whether nothing is allowed.
    ///
    /// ```
    /// use forsyth::Allowed;
    /// assert!(Allowed::NONE.is_none());
    /// assert!("".parse::<Allowed>().unwrap().is_none());
    /// assert!(!Allowed::REPAIRABLE.is_none());
    /// ```
    pub fn is_none(self) -> bool {
        self.kinds == 0
    }
}

impl std::ops::BitOr for Allowed {
    type Output = Allowed;

    /// What either allows.
    fn bitor(self, other: Allowed) -> Allowed {
        Allowed { kinds: self.kinds | other.kinds }
    }
}

/// A code that names no problem that can be allowed.
///
/// ```
/// use forsyth::{Allowed, UnknownAllowCode};
/// // A board of the wrong shape can never be allowed.
/// let err = "too-many-pawns, position.board-shape".parse::<Allowed>().unwrap_err();
/// assert_eq!(err, UnknownAllowCode { code: "board-shape".to_string() });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAllowCode {
    /// The code given.
    pub code: String,
}

impl UnknownAllowCode {
    /// A stable short code for programs: `allow.unknown-code` for a code that names no problem,
    /// `allow.not-allowable` for a problem that can never be allowed.
    ///
    /// ```
    /// use forsyth::Allowed;
    /// assert_eq!("too-many-rooks".parse::<Allowed>().unwrap_err().code(), "allow.unknown-code");
    /// assert_eq!("position.board-shape".parse::<Allowed>().unwrap_err().code(), "allow.not-allowable");
    /// ```
    pub fn code(&self) -> &'static str {
        if KINDS.iter().any(|(c, _)| *c == self.code) { "allow.not-allowable" } else { "allow.unknown-code" }
    }
}

impl fmt::Display for UnknownAllowCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowable: Vec<&str> = KINDS.iter().filter(|(_, a)| *a != Allowance::Never).map(|(c, _)| *c).collect();
        match self.code() {
            "allow.not-allowable" => write!(f, "'{}' cannot be allowed: no position can be built with it", self.code),
            _ => write!(f, "unknown problem code '{}'", self.code),
        }?;
        write!(f, " (use all or any of {})", allowable.join(", "))
    }
}

impl std::error::Error for UnknownAllowCode {}

impl FromStr for Allowed {
    type Err = UnknownAllowCode;

    fn from_str(text: &str) -> Result<Allowed, UnknownAllowCode> {
        let mut allowed = Allowed::NONE;
        for code in text.split(',').map(str::trim).filter(|c| !c.is_empty()) {
            if code == "all" {
                allowed.kinds |= Allowed::ALL_SAFE.kinds;
                continue;
            }
            let bare = code.strip_prefix("position.").unwrap_or(code);
            match KINDS.iter().position(|(c, a)| *c == bare && *a != Allowance::Never) {
                Some(i) => allowed.kinds |= 1 << i,
                None => return Err(UnknownAllowCode { code: bare.to_string() }),
            }
        }
        Ok(allowed)
    }
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> =
            KINDS.iter().enumerate().filter(|(i, _)| self.kinds & 1 << i != 0).map(|(_, (c, _))| *c).collect();
        f.write_str(&codes.join(","))
    }
}

impl Position {
    /// A position from a setup that may break the rules `allowed` accepts: the position (with invalid castling
    /// rights, en-passant square and castling prefix dropped) and the allowed problems found, or an error with the
    /// problems not allowed. See [`Allowed`].
    ///
    /// ```
    /// use forsyth::{Allowed, Position, Variant, notation::fen::Fen};
    /// let setup = Fen::parse("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").unwrap().setup;
    /// let (pos, warnings) = Position::from_setup_allowing(&setup, Variant::Standard, Allowed::ALL_SAFE).unwrap();
    /// assert_eq!(warnings[0].code(), "position.pawn-on-back-rank");
    /// assert_eq!(pos.perft(1), 6); // a1-a2 (no double step from the first rank, as in Stockfish) and five king moves
    /// ```
    pub fn from_setup_allowing(
        setup: &Setup,
        variant: Variant,
        allowed: Allowed,
    ) -> Result<(Position, Vec<Problem>), PositionError> {
        let problems = match Position::from_setup(setup, variant) {
            Ok(pos) => return Ok((pos, Vec::new())),
            Err(e) => e.problems,
        };
        let (warnings, refused): (Vec<Problem>, Vec<Problem>) = problems.into_iter().partition(|p| allowed.allows(p));
        if !refused.is_empty() {
            return Err(PositionError { problems: refused });
        }
        // The board has the variant's shape: a wrong shape is never allowed.
        let mut given = super::validate::without_repairable(setup, &warnings);
        // An en-passant square that only the check on the board contradicts can still be captured to, so it stays,
        // as python-chess and shakmaty keep it (they call the check impossible instead).
        let capturable = |p: &Problem| {
            matches!(p, Problem::InvalidEnPassant { reason: EnPassantProblem::CheckNotFromDoubleStep, .. })
        };
        if warnings.iter().any(capturable) {
            given.ep_square = setup.ep_square;
        }
        Ok((Position::from_setup_unchecked(&given, variant), warnings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table follows `Problem::code` (a new kind of problem must be added to it).
    #[test]
    fn every_code_is_in_the_table_and_the_table_reads_back() {
        assert!(KINDS.iter().all(|(c, _)| !c.starts_with("position.")));
        let every: Allowed = KINDS
            .iter()
            .filter(|(_, a)| *a != Allowance::Never)
            .map(|(c, _)| c.parse::<Allowed>().unwrap())
            .fold(Allowed::NONE, |a, b| a | b);
        assert_eq!(every.to_string().parse::<Allowed>(), Ok(every));
        assert_eq!("all".parse::<Allowed>().unwrap(), Allowed::ALL_SAFE);
        assert!(!Allowed::ALL_SAFE.allows(&Problem::OppositeCheck));
        assert_eq!(Allowed::REPAIRABLE.to_string(), "invalid-castling,invalid-en-passant,castling-prefix");
        assert_eq!(Allowed::REPAIRABLE | Allowed::ALL_SAFE, Allowed::ALL_SAFE);
        assert!("opposite-check".parse::<Allowed>().unwrap().allows(&Problem::OppositeCheck));
        let err = "too-many-rooks".parse::<Allowed>().unwrap_err().to_string();
        assert!(err.starts_with("unknown problem code 'too-many-rooks' (use all or any of missing-king,"), "{err}");
    }
}
