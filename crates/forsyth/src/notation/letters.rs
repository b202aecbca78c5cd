//! Piece letters: the languages of the PGN standard's table (FIDE Appendix E, E3: every player may use the letters
//! of their own language), letters chosen by the user, and Unicode figurines.
//!
//! ```
//! use forsyth::Role;
//! use forsyth::notation::letters::{Language, Letters};
//! let french = Letters::from(Language::Fr);
//! assert_eq!(french.letter(Role::Knight, forsyth::Variant::Standard), 'C');
//! assert_eq!(french.role_of('F'), Some(Role::Bishop));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{Role, Variant};

/// A language whose piece letters forsyth knows (PGN standard §17, `reference/notation.md`).
///
/// ```
/// use forsyth::notation::letters::{Language, Letters};
/// let de: Language = "de".parse().unwrap();
/// assert_eq!(de.name(), "German");
/// assert_eq!(Letters::language(de).to_string(), "BSLTDK");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[allow(missing_docs)]
#[non_exhaustive]
pub enum Language {
    #[default]
    En,
    Cs,
    Da,
    Nl,
    Et,
    Fi,
    Fr,
    De,
    Hu,
    Is,
    It,
    No,
    Pl,
    Pt,
    Ro,
    Es,
    Sv,
}

impl Language {
    /// Every language, in the order of the reference table.
    pub const ALL: [Language; 17] = [
        Language::En,
        Language::Cs,
        Language::Da,
        Language::Nl,
        Language::Et,
        Language::Fi,
        Language::Fr,
        Language::De,
        Language::Hu,
        Language::Is,
        Language::It,
        Language::No,
        Language::Pl,
        Language::Pt,
        Language::Ro,
        Language::Es,
        Language::Sv,
    ];

    /// The two-letter code (`en`, `de`, ...), as `--lang` takes it.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// assert_eq!(Language::De.code(), "de");
    /// assert_eq!(Language::Sv.to_string(), Language::Sv.code()); // Display writes the code
    /// ```
    pub const fn code(self) -> &'static str {
        self.entry().0
    }

    /// The English name of the language.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// assert_eq!((Language::Hu.name(), Language::Nl.name()), ("Hungarian", "Dutch"));
    /// ```
    pub const fn name(self) -> &'static str {
        self.entry().1
    }

    /// The letters of pawn, knight, bishop, rook, queen and king, in that order.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// // German: Bauer, Springer, Läufer, Turm, Dame, König (PGN standard's table of piece letters).
    /// assert_eq!(Language::De.letters(), "BSLTDK");
    /// assert_eq!(Language::Pl.letters(), "PSGWHK");
    /// ```
    pub const fn letters(self) -> &'static str {
        self.entry().2
    }

    const fn entry(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Language::En => ("en", "English", "PNBRQK"),
            Language::Cs => ("cs", "Czech", "PJSVDK"),
            Language::Da => ("da", "Danish", "BSLTDK"),
            Language::Nl => ("nl", "Dutch", "OPLTDK"),
            Language::Et => ("et", "Estonian", "PROVLK"),
            Language::Fi => ("fi", "Finnish", "PRLTDK"),
            Language::Fr => ("fr", "French", "PCFTDR"),
            Language::De => ("de", "German", "BSLTDK"),
            Language::Hu => ("hu", "Hungarian", "GHFBVK"),
            Language::Is => ("is", "Icelandic", "PRBHDK"),
            Language::It => ("it", "Italian", "PCATDR"),
            Language::No => ("no", "Norwegian", "BSLTDK"),
            Language::Pl => ("pl", "Polish", "PSGWHK"),
            Language::Pt => ("pt", "Portuguese", "PCBTDR"),
            Language::Ro => ("ro", "Romanian", "PCNTDR"),
            Language::Es => ("es", "Spanish", "PCATDR"),
            Language::Sv => ("sv", "Swedish", "BSLTDK"),
        }
    }

    /// The language with this code or English name, in any case.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// assert_eq!(Language::from_code("DE"), Some(Language::De));
    /// assert_eq!(Language::from_code("german"), Some(Language::De));
    /// assert_eq!(Language::from_code("deu"), None);
    /// ```
    pub fn from_code(text: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(text) || l.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Language {
    type Err = LettersError;
    fn from_str(s: &str) -> Result<Language, LettersError> {
        Language::from_code(s).ok_or_else(|| LettersError {
            code: "letters.unknown-language",
            message: format!("unknown language '{s}' (use one of {})", Language::ALL.map(|l| l.code()).join(" ")),
        })
    }
}

/// Letters that cannot be used, with a stable code.
///
/// ```
/// use forsyth::notation::letters::Letters;
/// let err = Letters::custom("PNBRQQ").unwrap_err();
/// assert_eq!(err.code, "letters.duplicate");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LettersError {
    /// Stable identifier: `letters.count`, `letters.invalid`, `letters.duplicate`, `letters.clash`,
    /// `letters.unknown-language`.
    pub code: &'static str,
    /// What is wrong and what would be right.
    pub message: String,
}

impl LettersError {
    /// The stable identifier of the problem.
    ///
    /// ```
    /// use forsyth::notation::letters::{Language, Letters};
    /// assert_eq!(Letters::custom("PNBRQ").unwrap_err().code(), "letters.count"); // five letters, not six
    /// assert_eq!("klingon".parse::<Language>().unwrap_err().code(), "letters.unknown-language");
    /// ```
    pub const fn code(&self) -> &'static str {
        self.code
    }
}

impl fmt::Display for LettersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LettersError {}

/// How pieces are written: one letter per role, or Unicode figurines.
///
/// The 10×8 pieces are written `A` (archbishop), `C` (chancellor) and `J` (the Janus, an archbishop) unless the
/// user gives eight letters. Where a language's letter is also one of these (the Romance `C` for the knight),
/// [`Letters::check`] refuses the variant rather than write text that reads two ways.
///
/// ```
/// use forsyth::Role;
/// use forsyth::notation::letters::{Language, Letters};
/// let fr = Letters::language(Language::Fr);
/// assert_eq!(fr.letter(Role::Bishop, forsyth::Variant::Standard), 'F');
/// assert_eq!(fr.role_of('R'), Some(Role::King));
/// assert!(fr.check(forsyth::Variant::Capablanca).is_err());
/// let custom = Letters::custom("PNBRQK").unwrap();
/// assert_eq!(custom, Letters::ENGLISH);
/// assert_eq!(Letters::FIGURINES.letter(Role::Knight, forsyth::Variant::Standard), '♘');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Letters {
    /// One uppercase letter per role, indexed by [`Role::index`].
    by_role: [char; 8],
    /// The archbishop's letter in Janus chess.
    janus: char,
    figurines: bool,
}

/// The letters of a language, so that a language can stand where letters are asked for.
impl From<Language> for Letters {
    fn from(language: Language) -> Letters {
        Letters::language(language)
    }
}

impl Default for Letters {
    fn default() -> Letters {
        Letters::ENGLISH
    }
}

const FIGURINES_WHITE: [char; 8] = ['♙', '♘', '♗', '♖', '♕', '♔', '\u{1FA50}', '\u{1FA4F}'];
const FIGURINES_BLACK: [char; 8] = ['♟', '♞', '♝', '♜', '♛', '♚', '\u{1FA53}', '\u{1FA52}'];

impl Letters {
    /// English letters, as PGN uses them: `P N B R Q K`, and `A C J` for the 10×8 pieces.
    pub const ENGLISH: Letters = Letters::from_six(*b"PNBRQK");

    /// Unicode figurines (the white set, which renders as text everywhere; both sets are read).
    pub const FIGURINES: Letters = Letters { by_role: FIGURINES_WHITE, janus: FIGURINES_WHITE[6], figurines: true };

    const fn from_six(six: [u8; 6]) -> Letters {
        Letters {
            by_role: [
                six[0] as char,
                six[1] as char,
                six[2] as char,
                six[3] as char,
                six[4] as char,
                six[5] as char,
                'A',
                'C',
            ],
            janus: 'J',
            figurines: false,
        }
    }

    /// The letters of a language.
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// use forsyth::notation::letters::{Language, Letters};
    /// let de = Letters::language(Language::De);
    /// assert_eq!(de.letter(Role::Knight, Variant::Standard), 'S'); // Springer
    /// assert_eq!(de.letter(Role::Archbishop, Variant::Capablanca), 'A'); // the 10×8 letters stay A and C
    /// ```
    pub const fn language(language: Language) -> Letters {
        let b = language.letters().as_bytes();
        Letters::from_six([b[0], b[1], b[2], b[3], b[4], b[5]])
    }

    /// Letters chosen by the user: six (pawn, knight, bishop, rook, queen, king, as pgn-extract takes them),
    /// eight (then archbishop and chancellor; the Janus takes the archbishop's letter) or nine (then the Janus).
    /// Letters are uppercase or non-ASCII; file letters, digits and signs are refused, and every letter must
    /// differ (the Janus's letter may repeat the archbishop's: they never meet in one variant).
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// use forsyth::notation::letters::Letters;
    /// // French letters with an archbishop E, a chancellor K and a Janus J: no clash with the knight's C.
    /// let fr = Letters::custom("PCFTDREKJ").unwrap();
    /// assert!(fr.check(Variant::Capablanca).is_ok());
    /// assert_eq!(fr.letter(Role::Chancellor, Variant::Capablanca), 'K');
    /// assert_eq!(fr.letter(Role::Archbishop, Variant::Janus), 'J');
    /// assert_eq!(fr.to_string(), "PCFTDREKJ");
    /// ```
    pub fn custom(text: &str) -> Result<Letters, LettersError> {
        let chars: Vec<char> = text.chars().collect();
        if !matches!(chars.len(), 6 | 8 | 9) {
            return Err(LettersError {
                code: "letters.count",
                message: format!(
                    "'{text}' has {} letters; give six (pawn, knight, bishop, rook, queen, king, like PNBRQK), eight \
                     (then archbishop and chancellor, like PNBRQKAC) or nine (then the Janus, like PNBRQKACJ)",
                    chars.len()
                ),
            });
        }
        for &c in &chars {
            if !c.is_alphabetic() || c.is_ascii_lowercase() {
                return Err(LettersError {
                    code: "letters.invalid",
                    message: format!(
                        "'{c}' in '{text}' cannot be a piece letter: use uppercase letters (lowercase a-j are files)"
                    ),
                });
            }
        }
        // The Janus (ninth) may share the archbishop's letter: Janus chess has no other archbishop.
        let janus_is_archbishop = chars.len() == 9 && chars[8] == chars[6];
        for (i, &c) in chars.iter().enumerate().take(if janus_is_archbishop { 8 } else { 9 }) {
            if let Some(j) = chars[..i].iter().position(|&d| d == c) {
                let role_name = |k: usize| if k == 8 { "Janus".to_string() } else { Role::ALL[k].to_string() };
                return Err(LettersError {
                    code: "letters.duplicate",
                    message: format!(
                        "'{text}' gives '{c}' to both the {} and the {}; every piece needs its own letter",
                        role_name(j),
                        role_name(i)
                    ),
                });
            }
        }
        let mut letters = Letters { by_role: ['A'; 8], janus: 'J', figurines: false };
        letters.by_role[6] = 'A';
        letters.by_role[7] = 'C';
        for (i, &c) in chars.iter().take(8).enumerate() {
            letters.by_role[i] = c;
        }
        letters.janus = match chars.len() {
            9 => chars[8],
            8 => chars[6],
            _ => 'J',
        };
        Ok(letters)
    }

    /// Whether these are figurines.
    ///
    /// ```
    /// use forsyth::notation::letters::{Language, Letters};
    /// assert!(Letters::FIGURINES.is_figurines());
    /// assert!(!Letters::language(Language::De).is_figurines());
    /// ```
    pub const fn is_figurines(&self) -> bool {
        self.figurines
    }

    /// The letter of a role in a variant (the archbishop is the Janus, `J`, in Janus chess).
    ///
    /// ```
    /// use forsyth::{Role, Variant};
    /// use forsyth::notation::letters::{Language, Letters};
    /// let de = Letters::language(Language::De);
    /// assert_eq!(de.letter(Role::Queen, Variant::Standard), 'D'); // Dame
    /// assert_eq!(de.letter(Role::Archbishop, Variant::Janus), 'J'); // the Janus
    /// ```
    pub const fn letter(&self, role: Role, variant: Variant) -> char {
        match (variant, role) {
            (Variant::Janus, Role::Archbishop) => self.janus,
            _ => self.by_role[role as usize],
        }
    }

    /// The role a letter stands for, if any: any of these letters, the Janus letter, and with figurines either
    /// colour's figurine.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::notation::letters::{Language, Letters};
    /// let de = Letters::language(Language::De);
    /// assert_eq!((de.role_of('T'), de.role_of('L')), (Some(Role::Rook), Some(Role::Bishop))); // Turm, Läufer
    /// assert_eq!(de.role_of('B'), Some(Role::Pawn)); // Bauer
    /// assert_eq!(de.role_of('N'), None); // no German piece is N
    /// assert_eq!(Letters::FIGURINES.role_of('♞'), Some(Role::Knight)); // a black figurine too
    /// ```
    #[inline]
    pub fn role_of(&self, c: char) -> Option<Role> {
        if let Some(i) = self.by_role.iter().position(|&l| l == c) {
            return Some(Role::ALL[i]);
        }
        if c == self.janus {
            return Some(Role::Archbishop);
        }
        if self.figurines {
            return FIGURINES_BLACK.iter().position(|&l| l == c).map(|i| Role::ALL[i]);
        }
        None
    }

    /// The role of a figurine of either colour, whatever the letters.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::notation::letters::Letters;
    /// assert_eq!(Letters::figurine_role('♕'), Some(Role::Queen));
    /// assert_eq!(Letters::figurine_role('♜'), Some(Role::Rook)); // a black one too
    /// assert_eq!(Letters::figurine_role('Q'), None);
    /// ```
    pub fn figurine_role(c: char) -> Option<Role> {
        FIGURINES_WHITE.iter().chain(FIGURINES_BLACK.iter()).position(|&l| l == c).map(|i| Role::ALL[i % 8])
    }

    /// Refuses letters that would write two pieces of `variant` the same way, such as the Romance `C` for the
    /// knight next to the chancellor's `C`.
    ///
    /// ```
    /// use forsyth::Variant;
    /// use forsyth::notation::letters::{Language, Letters};
    /// assert!(Letters::language(Language::De).check(Variant::Capablanca).is_ok());
    /// // Italian: C the knight (cavallo), A the bishop (alfiere); 10×8 has C the chancellor and A the archbishop.
    /// let it = Letters::language(Language::It);
    /// assert!(it.check(Variant::Standard).is_ok());
    /// assert_eq!(it.check(Variant::Capablanca).unwrap_err().code(), "letters.clash");
    /// ```
    pub fn check(&self, variant: Variant) -> Result<(), LettersError> {
        let roles: Vec<Role> = Role::ALL.into_iter().filter(|&r| variant.has_role(r)).collect();
        for (i, &a) in roles.iter().enumerate() {
            for &b in &roles[..i] {
                if self.letter(a, variant) == self.letter(b, variant) {
                    return Err(LettersError {
                        code: "letters.clash",
                        message: format!(
                            "in {variant} the {b} and the {a} would both be written '{}'; give letters of your \
                             own: eight (pawn, knight, bishop, rook, queen, king, archbishop, chancellor), or nine \
                             with the Janus",
                            self.letter(a, variant)
                        ),
                    });
                }
            }
        }
        Ok(())
    }
}

/// The six letters, pawn first; eight if the 10×8 letters are not `A` and `C`, nine if the Janus is neither `J`
/// nor the archbishop's letter: the form [`Letters::custom`] reads back.
impl fmt::Display for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let default_10x8 = self.by_role[6] == 'A' && self.by_role[7] == 'C' && self.janus == 'J';
        let n = if default_10x8 { 6 } else { 8 };
        self.by_role[..n].iter().try_for_each(|c| write!(f, "{c}"))?;
        if !default_10x8 && self.janus != self.by_role[6] {
            write!(f, "{}", self.janus)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_six_distinct_letters() {
        for lang in Language::ALL {
            let letters = Letters::custom(lang.letters()).unwrap();
            assert_eq!(letters, Letters::language(lang), "{lang}");
            assert_eq!(Language::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn romance_knight_clashes_with_chancellor() {
        let es = Letters::language(Language::Es);
        assert!(es.check(Variant::Standard).is_ok());
        assert_eq!(es.check(Variant::Capablanca).unwrap_err().code(), "letters.clash");
        let fixed = Letters::custom("PCATDRXZ").unwrap();
        assert!(fixed.check(Variant::Capablanca).is_ok());
        assert_eq!(fixed.role_of('X'), Some(Role::Archbishop));
    }

    #[test]
    fn bad_custom_letters_are_refused() {
        assert_eq!(Letters::custom("PNBRQ").unwrap_err().code(), "letters.count");
        assert_eq!(Letters::custom("PNBRQb").unwrap_err().code(), "letters.invalid");
        assert_eq!(Letters::custom("PNBRQQ").unwrap_err().code(), "letters.duplicate");
    }
}
