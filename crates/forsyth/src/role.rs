//! Kinds of piece, independent of colour.

use std::fmt;
use std::str::FromStr;

use crate::name_error::{NameKind, ParseNameError, single_char};

/// What a piece is, regardless of its colour.
///
/// The archbishop (bishop + knight) and chancellor (rook + knight) belong to the 10×8 variants; the Janus of
/// Janus chess moves exactly like the archbishop and is the same role, written `J` in that variant.
///
/// ```
/// use forsyth::Role;
/// assert_eq!(Role::from_char('n'), Some(Role::Knight));
/// assert_eq!(Role::Queen.char(), 'q');
/// assert!(Role::Rook.is_heavy());
/// assert!(Role::Knight.is_minor());
/// assert_eq!("knight".parse::<Role>().unwrap(), Role::Knight);
/// assert_eq!("N".parse::<Role>().unwrap(), Role::Knight);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, `P`.
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
    /// Archbishop (bishop + knight), `A`; the Janus (`J`) in Janus chess.
    Archbishop = 6,
    /// Chancellor (rook + knight), `C`.
    Chancellor = 7,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 8] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Archbishop,
        Role::Chancellor,
    ];

    /// The six roles of 8×8 chess.
    pub const STANDARD: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The English lowercase letter (`p n b r q k a c`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Archbishop => 'a',
            Role::Chancellor => 'c',
        }
    }

    /// The English uppercase letter (`P N B R Q K A C`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads an English role letter in either case; `j` (Janus) reads as the archbishop.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            'a' | 'j' => Some(Role::Archbishop),
            'c' => Some(Role::Chancellor),
            _ => None,
        }
    }

    /// Index 0..8, for per-role arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Archbishop => "archbishop",
            Role::Chancellor => "chancellor",
        }
    }

    /// Officers: every piece but the pawn (German problem-chess conventions: „Offiziere“).
    pub const fn is_officer(self) -> bool {
        !matches!(self, Role::Pawn)
    }

    /// Heavy pieces: queen and rook, and the 10×8 pieces that contain a rook (the chancellor).
    pub const fn is_heavy(self) -> bool {
        matches!(self, Role::Queen | Role::Rook | Role::Chancellor)
    }

    /// Minor pieces: bishop and knight.
    pub const fn is_minor(self) -> bool {
        matches!(self, Role::Bishop | Role::Knight)
    }

    /// Royal pieces in the German problem-chess conventions' sense („Majestäten“): king and queen.
    pub const fn is_royal(self) -> bool {
        matches!(self, Role::King | Role::Queen)
    }

    /// Moves along ranks and files (rook, queen, chancellor).
    pub const fn slides_straight(self) -> bool {
        matches!(self, Role::Rook | Role::Queen | Role::Chancellor)
    }

    /// Moves along diagonals (bishop, queen, archbishop).
    pub const fn slides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Queen | Role::Archbishop)
    }

    /// Jumps like a knight (knight, archbishop, chancellor).
    pub const fn leaps_like_knight(self) -> bool {
        matches!(self, Role::Knight | Role::Archbishop | Role::Chancellor)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads an English name (what `Display` writes) or letter, in any case.
impl FromStr for Role {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Role, ParseNameError> {
        Role::ALL
            .into_iter()
            .find(|role| role.name().eq_ignore_ascii_case(s))
            .or_else(|| single_char(s).and_then(Role::from_char))
            .ok_or_else(|| ParseNameError::new(NameKind::Role, s))
    }
}
