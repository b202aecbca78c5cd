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
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Knight.char(), 'n');
    /// assert_eq!(Role::Pawn.char(), 'p');
    /// assert_eq!(Role::Chancellor.char(), 'c');
    /// ```
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
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Knight.upper_char(), 'N');
    /// assert_eq!(Role::Archbishop.upper_char(), 'A');
    /// ```
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads an English role letter in either case; `j` (Janus) reads as the archbishop.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::from_char('N'), Some(Role::Knight));
    /// assert_eq!(Role::from_char('q'), Some(Role::Queen));
    /// assert_eq!(Role::from_char('j'), Some(Role::Archbishop)); // the Janus
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
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
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Pawn.index(), 0);
    /// assert_eq!(Role::King.index(), 5);
    /// assert_eq!(Role::ALL[Role::Chancellor.index()], Role::Chancellor);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Knight.name(), "knight");
    /// assert_eq!(Role::Archbishop.name(), "archbishop");
    /// ```
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
    ///
    /// ```
    /// use forsyth::Role;
    /// assert!(Role::Knight.is_officer());
    /// assert!(Role::King.is_officer());
    /// assert!(!Role::Pawn.is_officer());
    /// ```
    pub const fn is_officer(self) -> bool {
        !matches!(self, Role::Pawn)
    }

    /// Heavy pieces: queen and rook, and the 10×8 pieces that contain a rook (the chancellor).
    ///
    /// ```
    /// use forsyth::Role;
    /// assert!(Role::Queen.is_heavy());
    /// assert!(Role::Chancellor.is_heavy());
    /// assert!(!Role::Archbishop.is_heavy());
    /// assert!(!Role::King.is_heavy());
    /// ```
    pub const fn is_heavy(self) -> bool {
        matches!(self, Role::Queen | Role::Rook | Role::Chancellor)
    }

    /// Minor pieces: bishop and knight.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert!(Role::Bishop.is_minor());
    /// assert!(Role::Knight.is_minor());
    /// assert!(!Role::Archbishop.is_minor());
    /// assert!(!Role::Pawn.is_minor());
    /// ```
    pub const fn is_minor(self) -> bool {
        matches!(self, Role::Bishop | Role::Knight)
    }

    /// Royal pieces in the German problem-chess conventions' sense („Majestäten“): king and queen.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert!(Role::King.is_royal());
    /// assert!(Role::Queen.is_royal());
    /// assert!(!Role::Rook.is_royal());
    /// ```
    pub const fn is_royal(self) -> bool {
        matches!(self, Role::King | Role::Queen)
    }

    /// Moves along ranks and files (rook, queen, chancellor).
    ///
    /// ```
    /// use forsyth::Role;
    /// let straight: Vec<Role> = Role::ALL.into_iter().filter(|r| r.slides_straight()).collect();
    /// assert_eq!(straight, [Role::Rook, Role::Queen, Role::Chancellor]);
    /// ```
    pub const fn slides_straight(self) -> bool {
        matches!(self, Role::Rook | Role::Queen | Role::Chancellor)
    }

    /// Moves along diagonals (bishop, queen, archbishop).
    ///
    /// ```
    /// use forsyth::Role;
    /// let diagonal: Vec<Role> = Role::ALL.into_iter().filter(|r| r.slides_diagonally()).collect();
    /// assert_eq!(diagonal, [Role::Bishop, Role::Queen, Role::Archbishop]);
    /// ```
    pub const fn slides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Queen | Role::Archbishop)
    }

    /// Jumps like a knight (knight, archbishop, chancellor).
    ///
    /// ```
    /// use forsyth::Role;
    /// let leapers: Vec<Role> = Role::ALL.into_iter().filter(|r| r.leaps_like_knight()).collect();
    /// assert_eq!(leapers, [Role::Knight, Role::Archbishop, Role::Chancellor]);
    /// ```
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
