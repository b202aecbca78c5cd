//! Board orientations, as the German problem-chess conventions speak of them: "Normally one may assume that White
//! plays up the board and Black down. Only when the problem cannot be solved under this assumption may other
//! board orientations be examined." A diagram's coordinates then say nothing of the direction in which the
//! pawns move: White's pawns may move up, down, left or right, and a board seen in a mirror differs from the one
//! drawn only where castling or en passant tells them apart.
//!
//! [`orientations`] turns a diagram into each orientation, read as the standard board with White playing up, and
//! says in which the position is legal, with the same checks forsyth makes of any position (pawns on their own
//! first or last rank, the side not to move in check, piece counts) and the static retro analysis.
//!
//! ```
//! use forsyth::{Board, BoardShape, Color, Piece, Square};
//! use forsyth::problem::orientation::{Direction, Orientation, orientations};
//! // A white pawn on the first rank: impossible with White playing up or down, fine with White playing to the
//! // right (the c1 pawn then stands on the third rank of the turned board).
//! let mut board = Board::empty(BoardShape::Standard);
//! for (sq, piece) in [(Square::E8, 'k'), (Square::E1, 'K'), (Square::C1, 'P'), (Square::D5, 'q')] {
//!     board.set(sq, Piece::from_char(piece));
//! }
//! let legal: Vec<Orientation> = orientations(&board, Color::White, None).into_iter()
//!     .filter(|o| o.position.is_ok()).map(|o| o.orientation).collect();
//! assert!(!legal.contains(&Orientation::UP) && !legal.contains(&Orientation::DOWN));
//! assert!(legal.contains(&Orientation { direction: Direction::Right, mirrored: false }));
//! ```

use std::fmt;

use crate::diagram::retro_words::reason_text;
use crate::notation::Language;
use crate::{Board, BoardShape, Color, File, Position, Rank, Role, Setup, Square, SquareSet, Variant};

/// The direction White's pawns move in on the diagram.
///
/// ```
/// use forsyth::problem::orientation::{Direction, Orientation};
/// assert_eq!(Orientation::DOWN.direction, Direction::Down);
/// assert_eq!(Orientation::ALL.iter().filter(|o| o.direction == Direction::Left).count(), 2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up the board, to the 8th rank: the assumption of the conventions.
    Up,
    /// Down the board, to the 1st rank (the board turned through 180°).
    Down,
    /// To the left, to the a-file.
    Left,
    /// To the right, to the h-file.
    Right,
}

/// A way of reading a diagram: the direction White's pawns move in, and whether the board is seen in a mirror
/// (the king's and queen's sides swapped).
///
/// ```
/// use forsyth::problem::orientation::{Direction, Orientation};
/// let mirrored = Orientation { direction: Direction::Up, mirrored: true };
/// assert_eq!(mirrored.to_string(), "White plays up, mirrored");
/// assert_ne!(mirrored, Orientation::UP);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Orientation {
    /// Where White's pawns go.
    pub direction: Direction,
    /// The board seen in a mirror.
    pub mirrored: bool,
}

impl Orientation {
    /// White plays up, as drawn: the conventions' assumption.
    pub const UP: Orientation = Orientation { direction: Direction::Up, mirrored: false };
    /// White plays down: the board turned through 180°.
    pub const DOWN: Orientation = Orientation { direction: Direction::Down, mirrored: false };

    /// Every orientation: the four directions, each as drawn and in a mirror.
    pub const ALL: [Orientation; 8] = {
        let d = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];
        [
            Orientation { direction: d[0], mirrored: false },
            Orientation { direction: d[1], mirrored: false },
            Orientation { direction: d[2], mirrored: false },
            Orientation { direction: d[3], mirrored: false },
            Orientation { direction: d[0], mirrored: true },
            Orientation { direction: d[1], mirrored: true },
            Orientation { direction: d[2], mirrored: true },
            Orientation { direction: d[3], mirrored: true },
        ]
    };

    /// The square of the standard board (White playing up) that a diagram square becomes.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::problem::orientation::{Direction, Orientation};
    /// assert_eq!(Orientation::DOWN.to_standard(Square::A1), Square::H8);
    /// // White playing to the right: a pawn on b3 moving to c3 moves up the standard board.
    /// let right = Orientation { direction: Direction::Right, mirrored: false };
    /// let (b3, c3) = (right.to_standard(Square::B3), right.to_standard(Square::C3));
    /// assert_eq!(c3.rank().index(), b3.rank().index() + 1);
    /// ```
    pub fn to_standard(self, sq: Square) -> Square {
        let (f, r) = (sq.file().index(), sq.rank().index());
        let (f, r) = match self.direction {
            Direction::Up => (f, r),
            Direction::Down => (7 - f, 7 - r),
            Direction::Right => (7 - r, f),
            Direction::Left => (r, 7 - f),
        };
        let f = if self.mirrored { 7 - f } else { f };
        square(f, r)
    }

    /// The diagram square a square of the standard board comes from (the inverse of
    /// [`Orientation::to_standard`]).
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::problem::orientation::Orientation;
    /// for o in Orientation::ALL {
    ///     assert_eq!(o.to_diagram(o.to_standard(Square::C7)), Square::C7);
    /// }
    /// ```
    pub fn to_diagram(self, sq: Square) -> Square {
        let (f, r) = (sq.file().index(), sq.rank().index());
        let f = if self.mirrored { 7 - f } else { f };
        let (f, r) = match self.direction {
            Direction::Up => (f, r),
            Direction::Down => (7 - f, 7 - r),
            Direction::Right => (r, 7 - f),
            Direction::Left => (7 - r, f),
        };
        square(f, r)
    }

    /// The orientation in words.
    ///
    /// ```
    /// use forsyth::problem::orientation::Orientation;
    /// assert_eq!(Orientation::UP.name(), "White plays up");
    /// assert_eq!(Orientation::ALL[5].name(), "White plays down, mirrored");
    /// ```
    pub fn name(self) -> String {
        let direction = match self.direction {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "to the left",
            Direction::Right => "to the right",
        };
        format!("White plays {direction}{}", if self.mirrored { ", mirrored" } else { "" })
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

fn square(file: u8, rank: u8) -> Square {
    Square::new(File::new(file).unwrap_or(File::A), Rank::new(rank).unwrap_or(Rank::FIRST))
}

/// One orientation of a diagram: the position it makes on the standard board, or why it is illegal.
///
/// ```
/// use forsyth::Color;
/// use forsyth::notation::fen::Fen;
/// use forsyth::problem::orientation::{Direction, orientations};
/// // White's pawn on the first rank: illegal as drawn, legal with White playing to the left (on the 7th rank).
/// let fen: Fen = "k7/8/8/8/8/8/8/1P5K w - - 0 1".parse()?;
/// let all = orientations(&fen.setup.board, Color::White, None);
/// assert!(all[0].position.is_err());
/// let left = all.iter().find(|o| o.orientation.direction == Direction::Left).unwrap();
/// assert!(left.position.is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Oriented {
    /// The orientation.
    pub orientation: Orientation,
    /// The position on the standard board (White playing up), or what makes it illegal there: the problems of
    /// the position's validation or the static retro analysis, as codes and sentences.
    pub position: Result<Position, Vec<String>>,
}

/// Every orientation of a diagram (an 8×8 board) in which `turn` is to move: the four directions, and the mirrored
/// boards where castling (`castling`: the rights' rooks on the diagram, kings and rooks as drawn) or en passant
/// (`ep`, the diagram's en-passant square) tells a mirrored board from the one drawn. Castling rights and the
/// en-passant square are kept where the turned board still has them: castling where king and rook stand on
/// their squares of the game array, en passant where a double step can just have passed that square.
///
/// ```
/// use forsyth::{Color, Position};
/// use forsyth::problem::orientation::orientations;
/// let pos: Position = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse()?;
/// let all = orientations(&pos.board(), Color::White, Some((pos.castling_rooks(), None)));
/// assert_eq!(all.len(), 8); // castling tells the mirrored boards apart
/// assert!(all[0].position.as_ref().is_ok_and(|p| !p.castling_rooks().is_empty()));
/// assert_eq!(orientations(&pos.board(), Color::White, None).len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn orientations(board: &Board, turn: Color, rights: Option<(SquareSet, Option<Square>)>) -> Vec<Oriented> {
    let (castling, ep) = rights.unwrap_or((SquareSet::EMPTY, None));
    let mirrors_matter = !castling.is_empty() || ep.is_some();
    Orientation::ALL
        .into_iter()
        .filter(|o| !o.mirrored || mirrors_matter)
        .map(|orientation| Oriented { orientation, position: oriented(board, turn, castling, ep, orientation) })
        .collect()
}

fn oriented(
    board: &Board,
    turn: Color,
    castling: SquareSet,
    ep: Option<Square>,
    orientation: Orientation,
) -> Result<Position, Vec<String>> {
    let mut turned = Board::empty(BoardShape::Standard);
    for (sq, piece) in board.pieces() {
        turned.set(orientation.to_standard(sq), Some(piece));
    }
    let mut setup = Setup { board: turned.clone(), turn, ..Setup::empty(BoardShape::Standard) };
    // Rights whose rooks still stand where castling is possible on the turned board; others are dropped.
    for rook in castling {
        let to = orientation.to_standard(rook);
        if let Some(piece) = turned.piece_at(to)
            && piece.role == Role::Rook
            && matches!((piece.color, to.rank().index()), (Color::White, 0) | (Color::Black, 7))
            && turned.king(piece.color).is_some_and(|k| k == square(4, to.rank().index()))
            && matches!(to.file().index(), 0 | 7)
        {
            setup.castling_rooks.insert(to);
        }
    }
    setup.ep_square = ep.map(|sq| orientation.to_standard(sq)).filter(|sq| {
        let rank = sq.rank().index();
        (turn == Color::White && rank == 5) || (turn == Color::Black && rank == 2)
    });
    let position = Position::from_setup(&setup, Variant::Standard)
        .map_err(|e| e.problems.iter().map(|p| format!("[{}] {p}", p.code())).collect::<Vec<_>>())?;
    match crate::retro::analyse(&position) {
        Ok(report) if !report.reachable() => {
            Err(report.reasons.iter().map(|r| format!("[{}] {}", r.code(), reason_text(r, Language::En))).collect())
        }
        _ => Ok(position),
    }
}
