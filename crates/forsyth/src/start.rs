//! Start positions: the fixed arrays of each variant and Scharnagl's numbering of the Chess960 arrays.

use crate::{Board, Color, File, Piece, Rank, Role, Setup, Square, SquareSet, Variant};

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
    let (k1, k2) = KNIGHT_PATTERNS[n];
    // Place the second knight first so the first one's free-square index is not shifted.
    place_on_free(&mut rank, k2, 'N');
    place_on_free(&mut rank, k1, 'N');
    for c in ['R', 'K', 'R'] {
        place_on_free(&mut rank, 0, c);
    }
    Some(rank.iter().map(|c| c.unwrap_or('?')).collect())
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
    let shape = variant.shape();
    let roles: Vec<Role> = array.chars().map(Role::from_char).collect::<Option<_>>()?;
    if roles.len() != shape.files() as usize {
        return None;
    }
    let mut board = Board::empty(shape);
    let mut castling = SquareSet::EMPTY;
    let king = roles.iter().position(|&r| r == Role::King)?;
    let outer_rooks = [
        roles.iter().take(king).position(|&r| r == Role::Rook),
        roles.iter().enumerate().skip(king).filter(|(_, r)| **r == Role::Rook).map(|(i, _)| i).next_back(),
    ];
    for (file, &role) in roles.iter().enumerate() {
        let file = File::new(file as u8)?;
        for (color, back, front) in
            [(Color::White, Rank::FIRST, Rank::SECOND), (Color::Black, Rank::EIGHTH, Rank::SEVENTH)]
        {
            board.set(Square::new(file, back), Some(Piece::new(color, role)));
            board.set(Square::new(file, front), Some(Piece::new(color, Role::Pawn)));
        }
    }
    for rook in outer_rooks.into_iter().flatten() {
        let file = File::new(rook as u8)?;
        castling.insert(Square::new(file, Rank::FIRST));
        castling.insert(Square::new(file, Rank::EIGHTH));
    }
    let mut setup = Setup::empty(shape);
    setup.board = board;
    setup.castling_rooks = castling;
    Some(setup)
}

/// The start setup of Chess960 number `n`.
pub fn chess960_setup(n: u16) -> Option<Setup> {
    setup_from_array(Variant::Chess960, &chess960_array(n)?)
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
    fn reference_numbers() {
        assert_eq!(chess960_array(631).as_deref(), Some("RNBKQRNB"));
    }
}
