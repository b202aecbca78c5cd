//! Piece attributes of problem chess: a neutral piece belongs to both sides, a royal piece is its side's king, a
//! kamikaze piece vanishes when it captures, and so on — Popeye's piece flags (`PieSpString`), read and written in
//! English and German. forsyth reads, draws and writes them; which of them it plays is a matter of the rules (a
//! problem with one is refused by name where it would be played by orthodox rules).

use std::fmt;

use super::keywords::in_language;
use crate::piece_kind::PopeyeLanguage;

/// A piece attribute, as Popeye names it.
///
/// ```
/// use forsyth::problem::popeye::{Attribute, PopeyeLanguage};
/// assert_eq!(Attribute::Royal.name(PopeyeLanguage::German), "Koeniglich");
/// assert_eq!(Attribute::Neutral.to_string(), "neutral");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Attribute {
    /// Belongs to both sides (Popeye's colour `Neutral`).
    Neutral,
    /// Its side's king in the rules of check.
    Royal,
    /// Vanishes with the piece it captures.
    Kamikaze,
    /// Paralyses the opposing pieces it observes.
    Paralysing,
    /// Changes its kind after each move (knight, bishop, rook, queen in turn).
    Chameleon,
    /// Jigger.
    Jigger,
    /// Changes colour when it leaves a square of its own colour.
    Volage,
    /// Functionary: moves only while observed.
    Functionary,
    /// Half neutral: becomes neutral after a move, then of the other side.
    HalfNeutral,
    /// Changes the colour of the hurdles it jumps.
    HurdleColourChanging,
    /// Protean: takes the kind of what it captures.
    Protean,
    /// Changes the colour of the pieces it observes.
    Magic,
    /// Cannot be captured.
    Uncapturable,
    /// Captures and gives check only while observed by its own side.
    Patrol,
    /// Frischauf: a promoted piece that moves as one.
    Frischauf,
    /// Bul.
    Bul,
    /// Dob.
    Dob,
    /// Anda.
    Anda,
    /// Anda inverse.
    AndaInverse,
    /// On Alice chess's board A.
    AliceA,
    /// On Alice chess's board B.
    AliceB,
}

/// The attributes, each with its English and German name in Popeye's input (`PieSpString`; neutral is a colour
/// there, `Neutral` in both languages).
const NAMES: [(Attribute, &str, &str); 21] = [
    (Attribute::Neutral, "Neutral", "Neutral"),
    (Attribute::Royal, "Royal", "Koeniglich"),
    (Attribute::Kamikaze, "Kamikaze", "Kamikaze"),
    (Attribute::Paralysing, "Paralysing", "Paralysierend"),
    (Attribute::Chameleon, "Chameleon", "Chamaeleon"),
    (Attribute::Jigger, "Jigger", "Jigger"),
    (Attribute::Volage, "Volage", "Volage"),
    (Attribute::Functionary, "Functionary", "Beamtet"),
    (Attribute::HalfNeutral, "HalfNeutral", "HalbNeutral"),
    (Attribute::HurdleColourChanging, "HurdleColourChanging", "SprungbockFarbeWechselnd"),
    (Attribute::Protean, "Protean", "Proteisch"),
    (Attribute::Magic, "Magic", "Magisch"),
    (Attribute::Uncapturable, "Uncapturable", "Unschlagbar"),
    (Attribute::Patrol, "Patrol", "Patrouille"),
    (Attribute::Frischauf, "Frischauf", "Frischauf"),
    (Attribute::Bul, "Bul", "Bul"),
    (Attribute::Dob, "Dob", "Dob"),
    (Attribute::Anda, "Anda", "Anda"),
    (Attribute::AndaInverse, "AndaInverse", "AndaInvers"),
    (Attribute::AliceA, "AliceA", "AliceA"),
    (Attribute::AliceB, "AliceB", "AliceB"),
];

impl Attribute {
    /// Every attribute, neutral first, then in the order of Popeye's table.
    ///
    /// ```
    /// use forsyth::problem::popeye::Attribute;
    /// assert_eq!(Attribute::ALL.len(), 21);
    /// assert_eq!(Attribute::ALL[1], Attribute::Royal);
    /// ```
    pub const ALL: [Attribute; 21] = {
        let mut all = [Attribute::Neutral; 21];
        let mut i = 0;
        while i < 21 {
            all[i] = NAMES[i].0;
            i += 1;
        }
        all
    };

    /// Its name in Popeye's input.
    ///
    /// ```
    /// use forsyth::problem::popeye::{Attribute, PopeyeLanguage};
    /// assert_eq!(Attribute::HalfNeutral.name(PopeyeLanguage::English), "HalfNeutral");
    /// assert_eq!(Attribute::Uncapturable.name(PopeyeLanguage::German), "Unschlagbar");
    /// ```
    pub fn name(self, language: PopeyeLanguage) -> &'static str {
        let (_, en, de) = NAMES[self as usize];
        in_language((en, de), language)
    }

    /// The attributes other than neutral (which Popeye's input writes as a colour), with their names in a
    /// language: what may follow a colour in `Pieces`.
    pub(super) fn flags(language: PopeyeLanguage) -> impl Iterator<Item = (Attribute, &'static str)> + Clone {
        NAMES[1..].iter().map(move |&(a, en, de)| (a, in_language((en, de), language)))
    }
}

impl fmt::Display for Attribute {
    /// The English name in lower case with spaces, as problem books print it (`half neutral`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name(PopeyeLanguage::English);
        for (i, c) in name.char_indices() {
            if i > 0 && c.is_ascii_uppercase() {
                f.write_str(" ")?;
            }
            write!(f, "{}", c.to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// The attributes of a piece, a set.
///
/// ```
/// use forsyth::problem::popeye::{Attribute, Attributes};
/// let mut set = Attributes::NONE;
/// set.insert(Attribute::Royal);
/// set.insert(Attribute::Neutral);
/// assert!(set.contains(Attribute::Royal));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Attribute::Neutral, Attribute::Royal]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attributes(u32);

impl Attributes {
    /// No attribute: an ordinary piece.
    pub const NONE: Attributes = Attributes(0);

    /// Adds an attribute.
    ///
    /// ```
    /// use forsyth::problem::popeye::{Attribute, Attributes};
    /// let mut set = Attributes::NONE;
    /// set.insert(Attribute::Kamikaze);
    /// assert!(!set.is_empty());
    /// ```
    pub fn insert(&mut self, attribute: Attribute) {
        self.0 |= 1 << attribute as u32;
    }

    /// Removes an attribute.
    ///
    /// ```
    /// use forsyth::problem::popeye::{Attribute, Attributes};
    /// let mut set = Attributes::NONE;
    /// set.insert(Attribute::Royal);
    /// set.remove(Attribute::Royal);
    /// assert!(set.is_empty());
    /// ```
    pub fn remove(&mut self, attribute: Attribute) {
        self.0 &= !(1 << attribute as u32);
    }

    /// Whether the set holds an attribute.
    ///
    /// ```
    /// use forsyth::problem::popeye::{Attribute, Attributes};
    /// assert!(!Attributes::NONE.contains(Attribute::Neutral));
    /// ```
    pub fn contains(self, attribute: Attribute) -> bool {
        self.0 & (1 << attribute as u32) != 0
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use forsyth::problem::popeye::Attributes;
    /// assert!(Attributes::NONE.is_empty());
    /// ```
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The attributes, in the order of [`Attribute::ALL`].
    ///
    /// ```
    /// use forsyth::problem::popeye::{Attribute, Attributes};
    /// let mut set = Attributes::NONE;
    /// set.insert(Attribute::Magic);
    /// assert_eq!(set.iter().next(), Some(Attribute::Magic));
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Attribute> {
        Attribute::ALL.into_iter().filter(move |&a| self.contains(a))
    }

    /// The set without neutral: the flags Popeye's input writes after a colour.
    pub(crate) fn flags(self) -> Attributes {
        let mut flags = self;
        flags.remove(Attribute::Neutral);
        flags
    }
}
