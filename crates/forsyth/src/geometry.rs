//! Files, ranks, squares and the two board shapes (8×8 and 10×8).
//!
//! A [`Square`] names the same square on every board: `e4` is file e, rank 4 whether the board has eight or ten
//! files. Which squares exist depends on the [`BoardShape`].

use std::fmt;
use std::str::FromStr;

use crate::name_error::{NameKind, ParseNameError, single_char};

/// A file (column), `a` to `j`; `i` and `j` exist only on 10×8 boards.
///
/// ```
/// use forsyth::File;
/// assert_eq!(File::from_char('e'), Some(File::E));
/// assert_eq!(File::E.char(), 'e');
/// assert_eq!(File::new(9), Some(File::J));
/// assert_eq!("e".parse::<File>().unwrap(), File::E);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

#[allow(missing_docs)]
impl File {
    pub const A: File = File(0);
    pub const B: File = File(1);
    pub const C: File = File(2);
    pub const D: File = File(3);
    pub const E: File = File(4);
    pub const F: File = File(5);
    pub const G: File = File(6);
    pub const H: File = File(7);
    pub const I: File = File(8);
    pub const J: File = File(9);
}

impl File {
    /// The file with index 0..10 (a = 0).
    ///
    /// ```
    /// use forsyth::File;
    /// assert_eq!(File::new(0), Some(File::A));
    /// assert_eq!(File::new(7).map(File::char), Some('h'));
    /// assert_eq!(File::new(10), None); // there is no eleventh file
    /// ```
    pub const fn new(index: u8) -> Option<File> {
        if index < 10 { Some(File(index)) } else { None }
    }

    /// Index, a = 0.
    ///
    /// ```
    /// use forsyth::File;
    /// assert_eq!(File::A.index(), 0);
    /// assert_eq!(File::H.index(), 7);
    /// assert_eq!(File::J.index(), 9);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file's letter, `a` to `j`.
    ///
    /// ```
    /// use forsyth::File;
    /// assert_eq!(File::A.char(), 'a');
    /// assert_eq!(File::J.char(), 'j');
    /// ```
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Reads a lowercase file letter `a` to `j`.
    ///
    /// ```
    /// use forsyth::File;
    /// assert_eq!(File::from_char('g'), Some(File::G));
    /// assert_eq!(File::from_char('j'), Some(File::J));
    /// assert_eq!(File::from_char('k'), None);
    /// assert_eq!(File::from_char('E'), None); // lowercase only
    /// ```
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='j' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Reads a lowercase file letter: `"e".parse::<File>()`.
impl FromStr for File {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<File, ParseNameError> {
        single_char(s).and_then(File::from_char).ok_or_else(|| ParseNameError::new(NameKind::File, s))
    }
}

/// A rank (row), `1` to `8`.
///
/// ```
/// use forsyth::Rank;
/// assert_eq!(Rank::from_char('8'), Some(Rank::EIGHTH));
/// assert_eq!(Rank::FIRST.index(), 0);
/// assert_eq!("4".parse::<Rank>().unwrap(), Rank::FOURTH);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

#[allow(missing_docs)]
impl Rank {
    pub const FIRST: Rank = Rank(0);
    pub const SECOND: Rank = Rank(1);
    pub const THIRD: Rank = Rank(2);
    pub const FOURTH: Rank = Rank(3);
    pub const FIFTH: Rank = Rank(4);
    pub const SIXTH: Rank = Rank(5);
    pub const SEVENTH: Rank = Rank(6);
    pub const EIGHTH: Rank = Rank(7);
}

impl Rank {
    /// The rank with index 0..8 (rank 1 = 0).
    ///
    /// ```
    /// use forsyth::Rank;
    /// assert_eq!(Rank::new(0), Some(Rank::FIRST));
    /// assert_eq!(Rank::new(7).map(Rank::char), Some('8'));
    /// assert_eq!(Rank::new(8), None);
    /// ```
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank(index)) } else { None }
    }

    /// Index, rank 1 = 0.
    ///
    /// ```
    /// use forsyth::Rank;
    /// assert_eq!(Rank::FIRST.index(), 0);
    /// assert_eq!(Rank::EIGHTH.index(), 7);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The rank's digit, `1` to `8`.
    ///
    /// ```
    /// use forsyth::Rank;
    /// assert_eq!(Rank::FIRST.char(), '1');
    /// assert_eq!(Rank::FOURTH.char(), '4');
    /// ```
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// Reads a rank digit `1` to `8`.
    ///
    /// ```
    /// use forsyth::Rank;
    /// assert_eq!(Rank::from_char('1'), Some(Rank::FIRST));
    /// assert_eq!(Rank::from_char('0'), None);
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }

    /// The same rank seen from Black's side (rank 1 ↔ rank 8).
    ///
    /// ```
    /// use forsyth::Rank;
    /// assert_eq!(Rank::FIRST.flip(), Rank::EIGHTH);
    /// assert_eq!(Rank::FOURTH.flip(), Rank::FIFTH);
    /// ```
    pub const fn flip(self) -> Rank {
        Rank(7 - self.0)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Reads a rank digit: `"4".parse::<Rank>()`.
impl FromStr for Rank {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Rank, ParseNameError> {
        single_char(s).and_then(Rank::from_char).ok_or_else(|| ParseNameError::new(NameKind::Rank, s))
    }
}

/// A square, `a1` to `j8`.
///
/// ```
/// use forsyth::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::new(File::E, Rank::FOURTH));
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(Square::from_ascii(b"j8"), Some(Square::new(File::J, Rank::EIGHTH)));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

#[allow(missing_docs)]
impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const I1: Square = Square(8);
    pub const J1: Square = Square(9);
    pub const A2: Square = Square(16);
    pub const B2: Square = Square(17);
    pub const C2: Square = Square(18);
    pub const D2: Square = Square(19);
    pub const E2: Square = Square(20);
    pub const F2: Square = Square(21);
    pub const G2: Square = Square(22);
    pub const H2: Square = Square(23);
    pub const I2: Square = Square(24);
    pub const J2: Square = Square(25);
    pub const A3: Square = Square(32);
    pub const B3: Square = Square(33);
    pub const C3: Square = Square(34);
    pub const D3: Square = Square(35);
    pub const E3: Square = Square(36);
    pub const F3: Square = Square(37);
    pub const G3: Square = Square(38);
    pub const H3: Square = Square(39);
    pub const I3: Square = Square(40);
    pub const J3: Square = Square(41);
    pub const A4: Square = Square(48);
    pub const B4: Square = Square(49);
    pub const C4: Square = Square(50);
    pub const D4: Square = Square(51);
    pub const E4: Square = Square(52);
    pub const F4: Square = Square(53);
    pub const G4: Square = Square(54);
    pub const H4: Square = Square(55);
    pub const I4: Square = Square(56);
    pub const J4: Square = Square(57);
    pub const A5: Square = Square(64);
    pub const B5: Square = Square(65);
    pub const C5: Square = Square(66);
    pub const D5: Square = Square(67);
    pub const E5: Square = Square(68);
    pub const F5: Square = Square(69);
    pub const G5: Square = Square(70);
    pub const H5: Square = Square(71);
    pub const I5: Square = Square(72);
    pub const J5: Square = Square(73);
    pub const A6: Square = Square(80);
    pub const B6: Square = Square(81);
    pub const C6: Square = Square(82);
    pub const D6: Square = Square(83);
    pub const E6: Square = Square(84);
    pub const F6: Square = Square(85);
    pub const G6: Square = Square(86);
    pub const H6: Square = Square(87);
    pub const I6: Square = Square(88);
    pub const J6: Square = Square(89);
    pub const A7: Square = Square(96);
    pub const B7: Square = Square(97);
    pub const C7: Square = Square(98);
    pub const D7: Square = Square(99);
    pub const E7: Square = Square(100);
    pub const F7: Square = Square(101);
    pub const G7: Square = Square(102);
    pub const H7: Square = Square(103);
    pub const I7: Square = Square(104);
    pub const J7: Square = Square(105);
    pub const A8: Square = Square(112);
    pub const B8: Square = Square(113);
    pub const C8: Square = Square(114);
    pub const D8: Square = Square(115);
    pub const E8: Square = Square(116);
    pub const F8: Square = Square(117);
    pub const G8: Square = Square(118);
    pub const H8: Square = Square(119);
    pub const I8: Square = Square(120);
    pub const J8: Square = Square(121);
}

impl Square {
    /// The square on this file and rank.
    ///
    /// ```
    /// use forsyth::{File, Rank, Square};
    /// assert_eq!(Square::new(File::E, Rank::FOURTH), Square::E4);
    /// assert_eq!(Square::new(File::J, Rank::FIRST).to_string(), "j1");
    /// ```
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank.0 << 4) | file.0)
    }

    /// The square's file.
    ///
    /// ```
    /// use forsyth::{File, Square};
    /// assert_eq!(Square::E4.file(), File::E);
    /// assert_eq!(Square::J8.file(), File::J);
    /// ```
    pub const fn file(self) -> File {
        File(self.0 & 15)
    }

    /// The square's rank.
    ///
    /// ```
    /// use forsyth::{Rank, Square};
    /// assert_eq!(Square::E4.rank(), Rank::FOURTH);
    /// assert_eq!(Square::A8.rank(), Rank::EIGHTH);
    /// ```
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 4)
    }

    /// A compact index below 128 (rank × 16 + file), the same on every board shape.
    ///
    /// ```
    /// use forsyth::Square;
    /// assert_eq!(Square::A1.index(), 0);
    /// assert_eq!(Square::J1.index(), 9);
    /// assert_eq!(Square::A2.index(), 16); // 16 per rank, whatever the board's width
    /// assert_eq!(Square::E4.index(), 3 * 16 + 4);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square from a compact index (see [`Square::index`]).
    ///
    /// ```
    /// use forsyth::Square;
    /// assert_eq!(Square::from_index(52), Some(Square::E4));
    /// assert_eq!(Square::from_index(Square::J8.index()), Some(Square::J8));
    /// assert_eq!(Square::from_index(10), None); // file index 10 is off every board
    /// assert_eq!(Square::from_index(128), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 128 && (index & 15) < 10 { Some(Square(index as u8)) } else { None }
    }

    /// Reads a square from its name, such as `b"e4"`.
    ///
    /// ```
    /// use forsyth::Square;
    /// assert_eq!(Square::from_ascii(b"e4"), Some(Square::E4));
    /// assert_eq!(Square::from_ascii(b"i1"), Some(Square::I1));
    /// assert_eq!(Square::from_ascii(b"e9"), None);
    /// assert_eq!(Square::from_ascii(b"E4"), None);
    /// ```
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Some(Square::new(f, r)),
            _ => None,
        }
    }

    /// The same file on the rank seen from Black's side.
    ///
    /// ```
    /// use forsyth::Square;
    /// assert_eq!(Square::E1.flip_rank(), Square::E8);
    /// assert_eq!(Square::C3.flip_rank(), Square::C6);
    /// ```
    pub const fn flip_rank(self) -> Square {
        Square::new(self.file(), self.rank().flip())
    }

    /// `true` if the square is light (h1 and a8 are light).
    ///
    /// ```
    /// use forsyth::Square;
    /// assert!(Square::H1.is_light());
    /// assert!(!Square::A1.is_light()); // "light square on the right": a1 is dark
    /// assert!(Square::D1.is_light()); // the white queen starts on her own colour
    /// assert!(!Square::E1.is_light());
    /// ```
    pub const fn is_light(self) -> bool {
        (self.file().0 + self.rank().0) % 2 == 1
    }

    /// The square moved by the given number of files and ranks, if it is still on a board of `shape`.
    ///
    /// ```
    /// use forsyth::{BoardShape, Square};
    /// assert_eq!(Square::G1.offset(-1, 2, BoardShape::Standard), Some(Square::F3));
    /// assert_eq!(Square::H1.offset(1, 0, BoardShape::Standard), None);
    /// assert_eq!(Square::H1.offset(1, 0, BoardShape::Wide), Some(Square::I1));
    /// assert_eq!(Square::E8.offset(0, 1, BoardShape::Wide), None);
    /// ```
    pub const fn offset(self, files: i8, ranks: i8, shape: BoardShape) -> Option<Square> {
        let f = self.file().0 as i8 + files;
        let r = self.rank().0 as i8 + ranks;
        if f < 0 || r < 0 || f >= shape.files() as i8 || r >= 8 {
            None
        } else {
            Some(Square::new(File(f as u8), Rank(r as u8)))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of reading a square name.
///
/// ```
/// use forsyth::{ParseSquareError, Square};
/// assert_eq!("e9".parse::<Square>(), Err(ParseSquareError)); // ranks go to 8
/// assert_eq!("j8".parse::<Square>(), Ok(Square::J8)); // files to j, for 10×8 boards
/// assert_eq!(ParseSquareError.code(), "name.square");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl ParseSquareError {
    /// A stable identifier: `name.square`.
    ///
    /// ```
    /// use forsyth::{ParseSquareError, Square};
    /// let err: ParseSquareError = "z9".parse::<Square>().unwrap_err();
    /// assert_eq!(err.code(), "name.square");
    /// ```
    pub const fn code(&self) -> &'static str {
        "name.square"
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name: expected a file a-j and a rank 1-8, like e4")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

/// The two board shapes forsyth plays on.
///
/// ```
/// use forsyth::{BoardShape, Square};
/// assert_eq!(BoardShape::Wide.files(), 10);
/// assert!(!BoardShape::Standard.contains("i1".parse::<Square>().unwrap()));
/// assert_eq!(BoardShape::Standard.squares().count(), 64);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardShape {
    /// 8 files × 8 ranks.
    Standard,
    /// 10 files × 8 ranks (the Capablanca family).
    Wide,
}

impl BoardShape {
    /// Number of files: 8 or 10.
    ///
    /// ```
    /// use forsyth::BoardShape;
    /// assert_eq!(BoardShape::Standard.files(), 8);
    /// assert_eq!(BoardShape::Wide.files(), 10);
    /// ```
    pub const fn files(self) -> u8 {
        match self {
            BoardShape::Standard => 8,
            BoardShape::Wide => 10,
        }
    }

    /// Number of squares: 64 or 80.
    ///
    /// ```
    /// use forsyth::BoardShape;
    /// assert_eq!(BoardShape::Standard.size(), 64);
    /// assert_eq!(BoardShape::Wide.size(), 80);
    /// ```
    pub const fn size(self) -> usize {
        self.files() as usize * 8
    }

    /// Whether the square lies on this board.
    ///
    /// ```
    /// use forsyth::{BoardShape, Square};
    /// assert!(BoardShape::Standard.contains(Square::H8));
    /// assert!(!BoardShape::Standard.contains(Square::I1));
    /// assert!(BoardShape::Wide.contains(Square::J8));
    /// ```
    pub const fn contains(self, sq: Square) -> bool {
        sq.file().0 < self.files()
    }

    /// The board's last file (h or j).
    ///
    /// ```
    /// use forsyth::{BoardShape, File};
    /// assert_eq!(BoardShape::Standard.last_file(), File::H);
    /// assert_eq!(BoardShape::Wide.last_file(), File::J);
    /// ```
    pub const fn last_file(self) -> File {
        File(self.files() - 1)
    }

    /// Every square, a1 first, rank by rank (a1, b1, …, a2, …).
    ///
    /// ```
    /// use forsyth::{BoardShape, Square};
    /// let squares: Vec<Square> = BoardShape::Wide.squares().collect();
    /// assert_eq!(squares.len(), 80);
    /// assert_eq!(squares[..3], [Square::A1, Square::B1, Square::C1]);
    /// assert_eq!(squares[10], Square::A2); // j1 is the tenth
    /// assert_eq!(squares.last(), Some(&Square::J8));
    /// ```
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let files = self.files();
        (0..8u8).flat_map(move |r| (0..files).map(move |f| Square::new(File(f), Rank(r))))
    }

    /// The board shape with this many files, if forsyth knows it.
    ///
    /// ```
    /// use forsyth::BoardShape;
    /// assert_eq!(BoardShape::from_files(8), Some(BoardShape::Standard));
    /// assert_eq!(BoardShape::from_files(10), Some(BoardShape::Wide));
    /// assert_eq!(BoardShape::from_files(9), None);
    /// ```
    pub const fn from_files(files: usize) -> Option<BoardShape> {
        match files {
            8 => Some(BoardShape::Standard),
            10 => Some(BoardShape::Wide),
            _ => None,
        }
    }
}

/// How a board's edges join: the plain board, the cylinders of problem chess and the torus ("anchor ring").
///
/// ```
/// use forsyth::Topology;
/// let t: Topology = "vertical-cylinder".parse().unwrap();
/// assert!(t.wraps_files() && !t.wraps_ranks());
/// assert_eq!(t.to_string(), "vertical-cylinder");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Topology {
    /// The ordinary board: its edges end every line.
    #[default]
    Plain,
    /// The a- and h-files (first and last) are adjacent.
    VerticalCylinder,
    /// The 1st and 8th ranks (first and last) are adjacent.
    HorizontalCylinder,
    /// Both: the torus or anchor ring.
    Torus,
}

impl Topology {
    /// Every topology, plain first.
    pub const ALL: [Topology; 4] =
        [Topology::Plain, Topology::VerticalCylinder, Topology::HorizontalCylinder, Topology::Torus];

    /// Its command-line name (`plain`, `vertical-cylinder`, `horizontal-cylinder`, `torus`).
    ///
    /// ```
    /// use forsyth::Topology;
    /// assert_eq!(Topology::Plain.name(), "plain");
    /// assert_eq!(Topology::Torus.name(), "torus");
    /// assert_eq!(Topology::HorizontalCylinder.name(), "horizontal-cylinder");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Topology::Plain => "plain",
            Topology::VerticalCylinder => "vertical-cylinder",
            Topology::HorizontalCylinder => "horizontal-cylinder",
            Topology::Torus => "torus",
        }
    }

    /// Whether the first and last files are adjacent.
    ///
    /// ```
    /// use forsyth::Topology;
    /// assert!(Topology::VerticalCylinder.wraps_files());
    /// assert!(Topology::Torus.wraps_files());
    /// assert!(!Topology::HorizontalCylinder.wraps_files());
    /// assert!(!Topology::Plain.wraps_files());
    /// ```
    pub const fn wraps_files(self) -> bool {
        matches!(self, Topology::VerticalCylinder | Topology::Torus)
    }

    /// Whether the first and last ranks are adjacent.
    ///
    /// ```
    /// use forsyth::Topology;
    /// assert!(Topology::HorizontalCylinder.wraps_ranks());
    /// assert!(Topology::Torus.wraps_ranks());
    /// assert!(!Topology::VerticalCylinder.wraps_ranks());
    /// assert!(!Topology::Plain.wraps_ranks());
    /// ```
    pub const fn wraps_ranks(self) -> bool {
        matches!(self, Topology::HorizontalCylinder | Topology::Torus)
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topology {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Topology, ParseNameError> {
        Topology::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseNameError::new(NameKind::Topology, s))
    }
}
