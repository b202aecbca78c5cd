//! The variants forsyth plays and what differs between them: board, start array, castling geometry, promotions.

use std::fmt;
use std::str::FromStr;

use crate::geometry::{BoardShape, File};
use crate::role::Role;

/// A chess variant.
///
/// ```
/// use forsyth::{BoardShape, Variant};
/// let v: Variant = "fischerandom".parse().unwrap();
/// assert_eq!(v, Variant::Chess960);
/// assert_eq!(Variant::Capablanca.shape(), BoardShape::Wide);
/// assert_eq!(Variant::Standard.start_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960 (Fischer Random Chess).
    Chess960,
    /// Capablanca chess, 10×8, `RNABQKBCNR`.
    Capablanca,
    /// Capablanca Random Chess (Scharnagl), 10×8, shuffled start.
    Crc,
    /// Gothic chess, 10×8, `RNBQCKABNR`.
    Gothic,
    /// Janus chess, 10×8, `RJNBKQBNJR`, symmetric castling.
    Janus,
    /// Embassy chess, 10×8, `RNBQKCABNR`, king castles three squares either way.
    Embassy,
}

/// Which way a king castles: towards the h/j side (`O-O`) or the a side (`O-O-O`).
///
/// ```
/// use forsyth::{CastlingSide, Move, MoveKind, Position};
/// let pos: Position = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
/// let castles: Vec<Move> = pos.legal_moves().into_iter().filter(|m| m.kind() == MoveKind::Castle).collect();
/// let sides: Vec<_> = castles.iter().map(|m| CastlingSide::of(m.from().file(), m.to().file())).collect();
/// assert_eq!(sides.len(), 2);
/// assert!(sides.contains(&CastlingSide::KingSide) && sides.contains(&CastlingSide::QueenSide));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the higher files (`O-O`).
    KingSide = 0,
    /// Towards the a-file (`O-O-O`).
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side on which a rook stands relative to the king.
    ///
    /// ```
    /// use forsyth::{CastlingSide, File};
    /// assert_eq!(CastlingSide::of(File::E, File::H), CastlingSide::KingSide);
    /// assert_eq!(CastlingSide::of(File::E, File::A), CastlingSide::QueenSide);
    /// assert_eq!(CastlingSide::of(File::B, File::C), CastlingSide::KingSide); // Chess960: king b1, rook c1
    /// ```
    pub const fn of(king: File, rook: File) -> CastlingSide {
        if rook.index() > king.index() { CastlingSide::KingSide } else { CastlingSide::QueenSide }
    }

    /// 0 for the king side, 1 for the queen side.
    ///
    /// ```
    /// use forsyth::CastlingSide;
    /// assert_eq!(CastlingSide::KingSide.index(), 0);
    /// assert_eq!(CastlingSide::QueenSide.index(), 1);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 7] = [
        Variant::Standard,
        Variant::Chess960,
        Variant::Capablanca,
        Variant::Crc,
        Variant::Gothic,
        Variant::Janus,
        Variant::Embassy,
    ];

    /// The canonical name, as the CLI's `--variant` takes it.
    ///
    /// ```
    /// use forsyth::Variant;
    /// assert_eq!(Variant::Chess960.name(), "chess960");
    /// assert_eq!(Variant::Crc.name(), "crc");
    /// assert_eq!(Variant::from_name(Variant::Embassy.name()), Some(Variant::Embassy));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
            Variant::Capablanca => "capablanca",
            Variant::Crc => "crc",
            Variant::Gothic => "gothic",
            Variant::Janus => "janus",
            Variant::Embassy => "embassy",
        }
    }

    /// The value of a PGN `Variant` tag naming this variant.
    ///
    /// ```
    /// use forsyth::Variant;
    /// assert_eq!(Variant::Chess960.pgn_name(), "Chess960");
    /// assert_eq!(Variant::Crc.pgn_name(), "Caparandom");
    /// assert_eq!(Variant::from_name(Variant::Crc.pgn_name()), Some(Variant::Crc));
    /// ```
    pub const fn pgn_name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
            Variant::Capablanca => "Capablanca",
            Variant::Crc => "Caparandom",
            Variant::Gothic => "Gothic",
            Variant::Janus => "Janus",
            Variant::Embassy => "Embassy",
        }
    }

    /// The board the variant is played on.
    ///
    /// ```
    /// use forsyth::{BoardShape, Variant};
    /// assert_eq!(Variant::Chess960.shape(), BoardShape::Standard);
    /// assert_eq!(Variant::Janus.shape(), BoardShape::Wide);
    /// ```
    pub const fn shape(self) -> BoardShape {
        match self {
            Variant::Standard | Variant::Chess960 => BoardShape::Standard,
            _ => BoardShape::Wide,
        }
    }

    /// Whether the start array is shuffled, so that castling rights may name any rook and UCI castling is written
    /// king-takes-rook.
    ///
    /// ```
    /// use forsyth::Variant;
    /// let shuffled: Vec<Variant> = Variant::ALL.into_iter().filter(|v| v.is_shuffle()).collect();
    /// assert_eq!(shuffled, [Variant::Chess960, Variant::Crc]);
    /// ```
    pub const fn is_shuffle(self) -> bool {
        matches!(self, Variant::Chess960 | Variant::Crc)
    }

    /// White's back rank at the start; for shuffle variants, the classical array (518 for Chess960).
    ///
    /// ```
    /// use forsyth::Variant;
    /// // Published arrays: Gothic chess, and Chess960's number 518 (Scharnagl's numbering), the standard array.
    /// assert_eq!(Variant::Gothic.start_array(), "RNBQCKABNR");
    /// assert_eq!(Variant::Chess960.start_array(), "RNBQKBNR");
    /// assert_eq!(Variant::Janus.start_array(), "RJNBKQBNJR"); // J, the Janus, is forsyth's archbishop
    /// ```
    pub const fn start_array(self) -> &'static str {
        match self {
            Variant::Standard | Variant::Chess960 => "RNBQKBNR",
            Variant::Capablanca => "RNABQKBCNR",
            Variant::Crc => "RNABQKBCNR",
            Variant::Gothic => "RNBQCKABNR",
            Variant::Janus => "RJNBKQBNJR",
            Variant::Embassy => "RNBQKCABNR",
        }
    }

    /// How many pieces of `role` each side has in the start array (pawns: one per file). A side with more of a
    /// role than this must have promoted pawns to it.
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// assert_eq!(Variant::Standard.start_count(Role::Rook), 2);
    /// assert_eq!(Variant::Capablanca.start_count(Role::Chancellor), 1);
    /// assert_eq!(Variant::Standard.start_count(Role::Archbishop), 0);
    /// assert_eq!(Variant::Gothic.start_count(Role::Pawn), 10);
    /// ```
    pub fn start_count(self, role: Role) -> usize {
        match role {
            Role::Pawn => self.shape().files() as usize,
            _ => self.start_array().chars().filter(|&c| Role::from_char(c) == Some(role)).count(),
        }
    }

    /// The start position as forsyth writes it: X-FEN, with X-FEN's castling-type prefix for Janus (`s`) and
    /// Embassy (`m`).
    ///
    /// ```
    /// use forsyth::Variant;
    /// // Capablanca's published array, in X-FEN.
    /// let fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    /// assert_eq!(Variant::Capablanca.start_fen(), fen);
    /// assert!(Variant::Embassy.start_fen().ends_with(" w mKQkq - 0 1")); // X-FEN's `m` prefix: modern castling
    /// ```
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Standard | Variant::Chess960 => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Variant::Capablanca | Variant::Crc => {
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
            }
            Variant::Gothic => "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
            Variant::Janus => "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w sKQkq - 0 1",
            Variant::Embassy => "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w mKQkq - 0 1",
        }
    }

    /// The king's file after castling to `side`.
    ///
    /// ```
    /// use forsyth::{CastlingSide, File, Variant};
    /// assert_eq!(Variant::Standard.castling_king_file(CastlingSide::KingSide), File::G);
    /// assert_eq!(Variant::Capablanca.castling_king_file(CastlingSide::KingSide), File::I);
    /// assert_eq!(Variant::Embassy.castling_king_file(CastlingSide::QueenSide), File::B); // three squares from e1
    /// ```
    pub const fn castling_king_file(self, side: CastlingSide) -> File {
        match (self, side) {
            (Variant::Standard | Variant::Chess960, CastlingSide::KingSide) => File::G,
            (Variant::Standard | Variant::Chess960, CastlingSide::QueenSide) => File::C,
            (Variant::Janus, CastlingSide::KingSide) => File::I,
            (Variant::Janus | Variant::Embassy, CastlingSide::QueenSide) => File::B,
            (Variant::Embassy, CastlingSide::KingSide) => File::H,
            (_, CastlingSide::KingSide) => File::I,
            (_, CastlingSide::QueenSide) => File::C,
        }
    }

    /// The rook's file after castling to `side`.
    ///
    /// ```
    /// use forsyth::{CastlingSide, File, Variant};
    /// assert_eq!(Variant::Standard.castling_rook_file(CastlingSide::QueenSide), File::D);
    /// assert_eq!(Variant::Capablanca.castling_rook_file(CastlingSide::KingSide), File::H);
    /// assert_eq!(Variant::Janus.castling_rook_file(CastlingSide::QueenSide), File::C);
    /// ```
    pub const fn castling_rook_file(self, side: CastlingSide) -> File {
        match (self, side) {
            (Variant::Standard | Variant::Chess960, CastlingSide::KingSide) => File::F,
            (Variant::Standard | Variant::Chess960, CastlingSide::QueenSide) => File::D,
            (Variant::Janus, CastlingSide::KingSide) => File::H,
            (Variant::Janus | Variant::Embassy, CastlingSide::QueenSide) => File::C,
            (Variant::Embassy, CastlingSide::KingSide) => File::G,
            (_, CastlingSide::KingSide) => File::H,
            (_, CastlingSide::QueenSide) => File::D,
        }
    }

    /// The roles a pawn may promote to, strongest first.
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// assert_eq!(Variant::Standard.promotion_roles(), [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
    /// assert_eq!(Variant::Gothic.promotion_roles().len(), 6);
    /// assert!(!Variant::Janus.promotion_roles().contains(&Role::Chancellor));
    /// ```
    pub const fn promotion_roles(self) -> &'static [Role] {
        match self {
            Variant::Standard | Variant::Chess960 => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
            Variant::Janus => &[Role::Queen, Role::Archbishop, Role::Rook, Role::Bishop, Role::Knight],
            _ => &[Role::Queen, Role::Chancellor, Role::Archbishop, Role::Rook, Role::Bishop, Role::Knight],
        }
    }

    /// Whether a role exists in this variant.
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// assert!(Variant::Gothic.has_role(Role::Chancellor));
    /// assert!(Variant::Janus.has_role(Role::Archbishop));
    /// assert!(!Variant::Janus.has_role(Role::Chancellor));
    /// assert!(!Variant::Chess960.has_role(Role::Archbishop));
    /// ```
    pub const fn has_role(self, role: Role) -> bool {
        match role {
            Role::Archbishop => !matches!(self.shape(), BoardShape::Standard),
            Role::Chancellor => !matches!(self, Variant::Standard | Variant::Chess960 | Variant::Janus),
            _ => true,
        }
    }

    /// The English FEN letter of a role in this variant (Janus writes its archbishop as `j`).
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// assert_eq!(Variant::Janus.role_char(Role::Archbishop), 'j');
    /// assert_eq!(Variant::Capablanca.role_char(Role::Archbishop), 'a');
    /// assert_eq!(Variant::Janus.role_char(Role::Knight), 'n');
    /// ```
    pub const fn role_char(self, role: Role) -> char {
        match (self, role) {
            (Variant::Janus, Role::Archbishop) => 'j',
            _ => role.char(),
        }
    }

    /// The variant a PGN `Variant` tag or a CLI `--variant` value names, under every spelling in use. lichess
    /// writes `From Position` for a game of standard chess from a set-up position (its `FEN` tag says which, and
    /// Chess960 castling rights in it make the game Chess960, as for a `Standard` tag).
    ///
    /// ```
    /// use forsyth::Variant;
    /// assert_eq!(Variant::from_name("Fischerandom"), Some(Variant::Chess960));
    /// assert_eq!(Variant::from_name("From Position"), Some(Variant::Standard));
    /// assert_eq!(Variant::from_name("Crazyhouse"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Variant> {
        let key: String = name.chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '_').collect();
        Some(match key.to_ascii_lowercase().as_str() {
            "standard" | "chess" | "normal" | "regular" | "classical" | "orthodox" | "fromposition" => {
                Variant::Standard
            }
            "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "fischerrandomchess" => Variant::Chess960,
            "capablanca" | "capablancachess" => Variant::Capablanca,
            "crc" | "caparandom" | "capablanca960" | "capablancarandom" | "capablancarandomchess" => Variant::Crc,
            "gothic" | "gothicchess" => Variant::Gothic,
            "janus" | "januschess" => Variant::Janus,
            "embassy" | "embassychess" => Variant::Embassy,
            _ => return None,
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown variant name.
///
/// ```
/// use forsyth::{UnknownVariant, Variant};
/// assert_eq!("atomic".parse::<Variant>(), Err(UnknownVariant("atomic".to_string())));
/// assert_eq!("chess960".parse::<Variant>(), Ok(Variant::Chess960));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl UnknownVariant {
    /// A stable identifier: `variant.unknown`.
    ///
    /// ```
    /// use forsyth::{UnknownVariant, Variant};
    /// let err: UnknownVariant = "crazyhouse".parse::<Variant>().unwrap_err();
    /// assert_eq!(err.code(), "variant.unknown");
    /// ```
    pub const fn code(&self) -> &'static str {
        "variant.unknown"
    }
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}' (use standard, chess960, capablanca, crc, gothic, janus or embassy)", self.0)
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(s).ok_or_else(|| UnknownVariant(s.to_string()))
    }
}
