//! Start positions: the fixed arrays of each variant and Scharnagl's numbering of the Chess960 arrays.
//!
//! ```
//! use forsyth::{Position, Variant, start};
//! assert_eq!(start::chess960_array(518).as_deref(), Some("RNBQKBNR"));
//! assert_eq!(start::chess960_number("RNBQKBNR"), Some(518));
//! assert_eq!(start::chess960_array(0).as_deref(), Some("BBQNNRKR")); // Scharnagl's numbering starts here
//! let setup = start::chess960_setup(0).unwrap();
//! assert_eq!(Position::from_setup(&setup, Variant::Chess960).unwrap().to_string(),
//!            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! ```

use crate::{Setup, Variant};

/// Knight placements over the five squares left after bishops and queen, in Scharnagl's order.
const KNIGHT_PATTERNS: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The Chess960 back rank with Scharnagl number `n` (0..960; 518 is the standard array).
///
/// ```
/// use forsyth::start::chess960_array;
/// assert_eq!(chess960_array(518).as_deref(), Some("RNBQKBNR"));
/// assert_eq!(chess960_array(0).as_deref(), Some("BBQNNRKR"));
/// assert_eq!(chess960_array(959).as_deref(), Some("RKRNNQBB"));
/// assert_eq!(chess960_array(960), None);
/// ```
pub fn chess960_array(n: u16) -> Option<String> {
    if n >= 960 {
        return None;
    }
    let mut n = n as usize;
    let mut rank: [Option<char>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some('B');
    n /= 4;
    rank[2 * (n % 4)] = Some('B');
    n /= 4;
    let queen = n % 6;
    n /= 6;
    place_on_free(&mut rank, queen, 'Q');
    Some(finish_array(&mut rank, n))
}

/// Places the knights by Scharnagl's knight table entry `knights` (0..10) on the free squares, then rook, king and
/// rook on the last three, and spells the array.
fn finish_array(rank: &mut [Option<char>], knights: usize) -> String {
    let (k1, k2) = KNIGHT_PATTERNS[knights];
    // Place the second knight first so the first one's free-square index is not shifted.
    place_on_free(rank, k2, 'N');
    place_on_free(rank, k1, 'N');
    for c in ['R', 'K', 'R'] {
        place_on_free(rank, 0, c);
    }
    rank.iter().map(|c| c.unwrap_or('?')).collect()
}

fn place_on_free(rank: &mut [Option<char>], index: usize, piece: char) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
        *slot = Some(piece);
    }
}

/// The Scharnagl number of a Chess960 back rank such as `"RNBQKBNR"` (either case).
///
/// ```
/// use forsyth::start::chess960_number;
/// assert_eq!(chess960_number("RNBQKBNR"), Some(518));
/// assert_eq!(chess960_number("rnbkqrnb"), Some(631));
/// assert_eq!(chess960_number("KRRBBNNQ"), None); // king not between the rooks
/// ```
pub fn chess960_number(array: &str) -> Option<u16> {
    let upper = array.to_ascii_uppercase();
    (0..960).find(|&n| chess960_array(n).as_deref() == Some(upper.as_str()))
}

/// A random Chess960 number.
///
/// ```
/// use forsyth::start::{chess960_array, random_chess960};
/// let n = random_chess960();
/// assert!(n < 960);
/// assert_eq!(chess960_array(n).map(|a| a.len()), Some(8));
/// ```
pub fn random_chess960() -> u16 {
    fastrand::u16(0..960)
}

/// The start setup with White's back rank `array` (uppercase letters, one per file) mirrored for Black, pawns on
/// the second ranks and castling rights for the outermost rook on each side of each king.
///
/// ```
/// use forsyth::{start::setup_from_array, Variant, Position};
/// let setup = setup_from_array(Variant::Chess960, "BBQNNRKR").unwrap();
/// let pos = Position::from_setup(&setup, Variant::Chess960).unwrap();
/// assert_eq!(pos.perft(1), 20);
/// ```
pub fn setup_from_array(variant: Variant, array: &str) -> Option<Setup> {
    Setup::from_array(variant, array)
}

/// The start setup of Chess960 number `n`.
///
/// ```
/// use forsyth::{Position, Variant, start::chess960_setup};
/// // Number 518 of Scharnagl's numbering is the standard array.
/// let pos = Position::from_setup(&chess960_setup(518).unwrap(), Variant::Chess960).unwrap();
/// assert_eq!(pos.to_string(), Variant::Standard.start_fen());
/// assert!(chess960_setup(960).is_none());
/// ```
pub fn chess960_setup(n: u16) -> Option<Setup> {
    setup_from_array(Variant::Chess960, &chess960_array(n)?)
}

/// The raw Capablanca Random Chess array with Scharnagl number `n` (0..48,000), valid or not.
///
/// Scharnagl's enumeration: `n mod 2` chooses whether the queen (0) or the archbishop (1) goes on a light
/// square (b d f h j) by the next digit mod 5, the other on a dark square (a c e g i) mod 5; then a bishop on a free
/// light square (mod 4), a bishop on a free dark square (mod 4), the chancellor on a free square (mod 6), the knights by
/// the Chess960 knight table (mod 10), and rook, king, rook on the last three squares.
///
/// ```
/// use forsyth::start::{crc_array, crc_is_valid};
/// let a = crc_array(0).unwrap();
/// assert_eq!(a.len(), 10);
/// assert_eq!(crc_array(48_000), None);
/// assert!(!crc_is_valid("RNBQCKABNR")); // Gothic chess is excluded
/// ```
pub fn crc_array(n: u16) -> Option<String> {
    if n >= 48_000 {
        return None;
    }
    let mut n = n as usize;
    let mut rank: [Option<char>; 10] = [None; 10];
    let (light_piece, dark_piece) = if n.is_multiple_of(2) { ('Q', 'A') } else { ('A', 'Q') };
    n /= 2;
    rank[2 * (n % 5) + 1] = Some(light_piece);
    n /= 5;
    rank[2 * (n % 5)] = Some(dark_piece);
    n /= 5;
    let free_of_colour = |rank: &[Option<char>; 10], parity: usize| -> Vec<usize> {
        (0..10).filter(|i| i % 2 == parity && rank[*i].is_none()).collect()
    };
    let light = free_of_colour(&rank, 1);
    rank[light[n % 4]] = Some('B');
    n /= 4;
    let dark = free_of_colour(&rank, 0);
    rank[dark[n % 4]] = Some('B');
    n /= 4;
    place_on_free(&mut rank, n % 6, 'C');
    Some(finish_array(&mut rank, n / 6))
}

/// Whether a 10-file back rank is a legal Capablanca Random Chess start array; see [`crc_problem`].
///
/// ```
/// use forsyth::start::crc_is_valid;
/// assert!(crc_is_valid("RNBAKCQBNR"));
/// assert!(!crc_is_valid("RNBQKCABNR")); // Embassy chess's array: one swap (K, C) away from Gothic chess's
/// assert!(!crc_is_valid("RNABQKBCNR")); // Capablanca's: queen and archbishop on dark squares
/// assert!(!crc_is_valid("RNBQKBNR")); // not ten files
/// ```
pub fn crc_is_valid(array: &str) -> bool {
    crc_problem(array).is_none()
}

/// The first of Scharnagl's final CRC rules that a 10-file back rank breaks, in words, or `None` if it is a legal
/// start array: bishops on opposite colours, queen and archbishop on opposite colours, the king between the rooks,
/// every pawn protected, no two bishops side by side, and neither Gothic chess's array nor any array one swap of
/// two pieces away from it. 12,118 arrays pass.
///
/// ```
/// use forsyth::start::crc_problem;
/// assert_eq!(crc_problem("RNBQCKABNR"), Some("it is Gothic chess's array or one swap away from it"));
/// ```
pub fn crc_problem(array: &str) -> Option<&'static str> {
    let a: Vec<char> = array.to_ascii_uppercase().chars().collect();
    let mut sorted = a.clone();
    sorted.sort_unstable();
    if sorted != ['A', 'B', 'B', 'C', 'K', 'N', 'N', 'Q', 'R', 'R'] {
        return Some("it must hold exactly R R N N B B Q A C K");
    }
    let at = |c: char| a.iter().enumerate().filter(move |(_, x)| **x == c).map(|(i, _)| i);
    let bishops: Vec<usize> = at('B').collect();
    let rooks: Vec<usize> = at('R').collect();
    let (queen, archbishop, king) = (at('Q').next()?, at('A').next()?, at('K').next()?);
    let protected = (0..10).all(|file| {
        a.iter().enumerate().any(|(i, &p)| {
            let d = i.abs_diff(file);
            (d == 0 && "RQCK".contains(p)) || (d == 1 && "BQAK".contains(p)) || (d == 2 && "NAC".contains(p))
        })
    });
    let gothic: Vec<char> = Variant::Gothic.start_array().chars().collect();
    let differences = a.iter().zip(&gothic).filter(|(x, y)| x != y).count();
    if bishops[0] % 2 == bishops[1] % 2 {
        Some("the bishops stand on squares of the same colour")
    } else if queen % 2 == archbishop % 2 {
        Some("the queen and the archbishop stand on squares of the same colour")
    } else if !(rooks[0] < king && king < rooks[1]) {
        Some("the king does not stand between the rooks")
    } else if !protected {
        Some("a pawn is unprotected")
    } else if bishops[0].abs_diff(bishops[1]) == 1 {
        Some("the bishops stand side by side")
    } else if differences <= 2 {
        Some("it is Gothic chess's array or one swap away from it")
    } else {
        None
    }
}

/// The Scharnagl number (0..48,000) of a CRC back rank, whether or not the array is valid for play.
///
/// ```
/// use forsyth::start::{crc_array, crc_number};
/// assert_eq!(crc_number(&crc_array(12_345).unwrap()), Some(12_345));
/// ```
pub fn crc_number(array: &str) -> Option<u16> {
    let upper = array.to_ascii_uppercase();
    (0..48_000).find(|&n| crc_array(n).as_deref() == Some(upper.as_str()))
}

/// A random valid CRC start number.
///
/// ```
/// use forsyth::start::{crc_array, crc_is_valid, random_crc};
/// let n = random_crc();
/// assert!(n < 48_000);
/// assert!(crc_is_valid(&crc_array(n).unwrap()));
/// ```
pub fn random_crc() -> u16 {
    loop {
        let n = fastrand::u16(0..48_000);
        if crc_array(n).is_some_and(|a| crc_is_valid(&a)) {
            return n;
        }
    }
}

/// The start setup of CRC number `n` (valid for play or not; see [`crc_is_valid`]).
///
/// ```
/// use forsyth::{Color, Piece, Role, Square, start::{crc_array, crc_setup}};
/// let setup = crc_setup(0).unwrap();
/// let first = crc_array(0).unwrap().chars().next().and_then(Role::from_char).unwrap();
/// assert_eq!(setup.board.piece_at(Square::A8), Some(Piece::new(Color::Black, first)));
/// assert!(crc_setup(48_000).is_none());
/// ```
pub fn crc_setup(n: u16) -> Option<Setup> {
    setup_from_array(Variant::Crc, &crc_array(n)?)
}

/// Why a number names no start position of a shuffle variant.
///
/// ```
/// use forsyth::start::{StartNumberError, numbered_setup};
/// use forsyth::{Position, Variant};
/// // Chess960 numbers run from 0 to 959; number 518 is the standard array.
/// let err = numbered_setup(Variant::Chess960, 960).unwrap_err();
/// assert_eq!(err, StartNumberError::OutOfRange { variant: Variant::Chess960, n: 960 });
/// assert_eq!(numbered_setup(Variant::Chess960, 518).unwrap().board, Position::default().board());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartNumberError {
    /// The number is past the variant's last (959 for Chess960, 47,999 for CRC).
    OutOfRange {
        /// The variant asked for.
        variant: Variant,
        /// The number asked for.
        n: u16,
    },
    /// A CRC number whose array breaks one of Scharnagl's rules ([`crc_problem`]).
    IllegalArray {
        /// The number asked for.
        n: u16,
        /// The rule broken, in words.
        problem: &'static str,
    },
}

impl StartNumberError {
    /// A stable code: `start.bad-number` or `start.illegal-array`.
    ///
    /// ```
    /// use forsyth::{Variant, start::numbered_setup};
    /// assert_eq!(numbered_setup(Variant::Crc, 48_000).unwrap_err().code(), "start.bad-number");
    /// assert_eq!(numbered_setup(Variant::Crc, 29).unwrap_err().code(), "start.illegal-array");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            StartNumberError::OutOfRange { .. } => "start.bad-number",
            StartNumberError::IllegalArray { .. } => "start.illegal-array",
        }
    }
}

impl std::fmt::Display for StartNumberError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartNumberError::OutOfRange { variant, n } => {
                let max = if *variant == Variant::Crc { 47_999 } else { 959 };
                write!(f, "{n} is not a {variant} number (use 0 to {max})")
            }
            StartNumberError::IllegalArray { n, problem } => {
                write!(f, "CRC number {n} is not a legal start array: {problem}")
            }
        }
    }
}

impl std::error::Error for StartNumberError {}

/// The start setup of number `n` of a shuffle variant, legal for play: CRC's numbering for CRC, Chess960's for the
/// others.
///
/// ```
/// use forsyth::Variant;
/// use forsyth::start::numbered_setup;
/// assert!(numbered_setup(Variant::Chess960, 518).is_ok());
/// assert_eq!(numbered_setup(Variant::Chess960, 960).unwrap_err().to_string(),
///            "960 is not a chess960 number (use 0 to 959)");
/// let error = numbered_setup(Variant::Crc, 29).unwrap_err();
/// assert_eq!(error.code(), "start.illegal-array");
/// assert_eq!(error.to_string(), "CRC number 29 is not a legal start array: a pawn is unprotected");
/// ```
pub fn numbered_setup(variant: Variant, n: u16) -> Result<Setup, StartNumberError> {
    let out_of_range = StartNumberError::OutOfRange { variant, n };
    if variant != Variant::Crc {
        return chess960_setup(n).ok_or(out_of_range);
    }
    let array = crc_array(n).ok_or(out_of_range)?;
    if let Some(problem) = crc_problem(&array) {
        return Err(StartNumberError::IllegalArray { n, problem });
    }
    setup_from_array(Variant::Crc, &array).ok_or(out_of_range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_960_arrays_are_distinct_and_valid() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let a = chess960_array(n).unwrap();
            assert!(seen.insert(a.clone()), "{a} twice");
            let king = a.find('K').unwrap();
            assert!(a[..king].contains('R') && a[king..].contains('R'), "{a}: king between rooks");
            let bishops: Vec<usize> = a.match_indices('B').map(|(i, _)| i).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{a}: bishops on opposite colours");
            assert_eq!(chess960_number(&a), Some(n));
        }
    }

    #[test]
    fn crc_has_12118_valid_arrays_among_48000_distinct() {
        let arrays: Vec<String> = (0..48_000).map(|n| crc_array(n).unwrap()).collect();
        let distinct: std::collections::HashSet<&String> = arrays.iter().collect();
        assert_eq!(distinct.len(), 48_000);
        assert_eq!(arrays.iter().filter(|a| crc_is_valid(a)).count(), 12_118);
    }

    #[test]
    fn reference_numbers() {
        assert_eq!(chess960_array(631).as_deref(), Some("RNBKQRNB"));
    }
}
