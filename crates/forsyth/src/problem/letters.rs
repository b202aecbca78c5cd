//! The piece letters of problem texts: the six orthodox pieces in the language of the text, `X` for an unknown or
//! arbitrary piece (German problem-chess conventions), and the letters a problem declares for its fairy pieces
//! ([`PieceLetter::Declared`], which the problem's [`PieceTable`](crate::piece_kind::PieceTable) resolves).
//! [`piece_of_letter`] refuses an undeclared fairy letter with a typed answer.

use crate::Role;
use crate::notation::letters::{Language, Letters};

/// What a piece letter of a problem text names.
///
/// ```
/// use forsyth::Role;
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{PieceLetter, piece_of_letter};
/// assert_eq!(piece_of_letter('L', Language::De), Ok(PieceLetter::Role(Role::Bishop)));
/// assert_eq!(piece_of_letter('X', Language::En), Ok(PieceLetter::Any));
/// assert!(piece_of_letter('G', Language::De).is_err()); // the grasshopper is a fairy piece
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PieceLetter {
    /// An orthodox piece.
    Role(Role),
    /// `X`: an unknown or arbitrary piece.
    Any,
    /// A letter the problem declares (`G` for a grasshopper, or `S` declared anew): the problem's letter table says
    /// which piece it is, whatever the letter means in the text's language.
    Declared(char),
}

impl PieceLetter {
    /// The letter in a language.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::PieceLetter;
    /// assert_eq!(PieceLetter::Role(Role::Knight).letter(Language::De), 'S');
    /// assert_eq!(PieceLetter::Role(Role::Knight).letter(Language::En), 'N');
    /// assert_eq!(PieceLetter::Declared('G').letter(Language::De), 'G');
    /// ```
    pub fn letter(self, language: Language) -> char {
        match self {
            PieceLetter::Role(role) => Letters::language(language).letter(role, crate::Variant::Standard),
            PieceLetter::Any => 'X',
            PieceLetter::Declared(letter) => letter,
        }
    }

    /// Whether an orthodox piece of this role is named by the letter (`X` names every piece; a declared letter
    /// names a piece of the problem's letter table, no role).
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::problem::PieceLetter;
    /// assert!(PieceLetter::Role(Role::Rook).names(Role::Rook));
    /// assert!(!PieceLetter::Role(Role::Rook).names(Role::Queen));
    /// assert!(PieceLetter::Any.names(Role::Queen));
    /// assert!(!PieceLetter::Declared('G').names(Role::Queen));
    /// ```
    pub fn names(self, role: Role) -> bool {
        match self {
            PieceLetter::Role(r) => r == role,
            PieceLetter::Any => true,
            PieceLetter::Declared(_) => false,
        }
    }
}

/// A letter that names no piece this reader knows.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{LetterProblem, piece_of_letter};
/// assert_eq!(piece_of_letter('G', Language::En), Err(LetterProblem::Fairy('G')));
/// assert_eq!(piece_of_letter('n', Language::En), Err(LetterProblem::NotALetter('n')));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LetterProblem {
    /// An uppercase letter outside the language's six and `X`: a fairy piece's letter, which a problem declares.
    Fairy(char),
    /// Not a piece letter at all.
    NotALetter(char),
}

/// The piece an uppercase letter names in a problem text of this language: the six orthodox letters of the
/// language (German K D T L S B, English K Q R B N P) and `X`.
///
/// ```
/// use forsyth::Role;
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{LetterProblem, PieceLetter, piece_of_letter};
/// // German T (Turm) is the rook; in English T is no orthodox letter.
/// assert_eq!(piece_of_letter('T', Language::De), Ok(PieceLetter::Role(Role::Rook)));
/// assert_eq!(piece_of_letter('T', Language::En), Err(LetterProblem::Fairy('T')));
/// ```
pub fn piece_of_letter(c: char, language: Language) -> Result<PieceLetter, LetterProblem> {
    if c == 'X' {
        return Ok(PieceLetter::Any);
    }
    let letters = Letters::language(language);
    match letters.role_of(c) {
        Some(role) if Role::STANDARD.contains(&role) => Ok(PieceLetter::Role(role)),
        _ if c.is_uppercase() => Err(LetterProblem::Fairy(c)),
        _ => Err(LetterProblem::NotALetter(c)),
    }
}
