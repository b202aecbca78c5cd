//! Pieces described by how they move: the orthodox pieces and the fairy pieces of problem chess (leapers, riders,
//! hoppers, lame leapers, the rose, pawns), their catalogue with English and German names and Popeye codes, and
//! their definitions in Betza notation.
//!
//! [`Role`] stays the closed set of pieces with a fast path; a [`PieceKind`] is open: any list of
//! [`Atom`]s. The catalogue ([`FAIRY_PIECES`]) is the one place that names them; [`PieceKind::from_popeye`] is the
//! lookup by Popeye code.

use std::fmt;

use crate::Role;

/// What an atom may do at its target: move there, capture there, or both.
///
/// ```
/// use forsyth::piece_kind::{Mode, PieceKind};
/// // Betza: `m` moves only, `c` captures only (the leo is mQcpQ).
/// let leo = PieceKind::from_name("leo").unwrap();
/// assert_eq!(leo.atoms()[0].mode, Mode::MoveOnly);
/// assert_eq!(leo.atoms().last().unwrap().mode, Mode::CaptureOnly);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Move to an empty square or capture an enemy piece.
    Both,
    /// Only move to an empty square (Betza `m`).
    MoveOnly,
    /// Only capture (Betza `c`).
    CaptureOnly,
}

/// How a hop treats its hurdles.
///
/// ```
/// use forsyth::piece_kind::{Hop, Motion, PieceKind};
/// let lion = PieceKind::from_betza("pR").unwrap(); // Betza `p`: over one hurdle to any square beyond
/// assert_eq!(lion.atoms()[0].motion, Motion::Hop(Hop::Lion));
/// let grasshopper = PieceKind::from_name("grasshopper").unwrap();
/// assert_eq!(grasshopper.atoms()[0].motion, Motion::Hop(Hop::Grasshopper));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Hop {
    /// Over exactly one piece to the square directly behind it (grasshopper; Betza `g`).
    Grasshopper,
    /// Over exactly one piece to any square beyond it, the squares between empty (lion; Betza `p`).
    Lion,
    /// Over exactly two pieces to the square directly behind the second (kangaroo).
    Kangaroo,
    /// Over one enemy piece, which is captured, to the empty square directly behind it (locust).
    Locust,
}

/// Which square a lame leap passes first.
///
/// ```
/// use forsyth::piece_kind::{Lameness, Motion, PieceKind};
/// let mao = PieceKind::from_betza("nN").unwrap(); // Betza `n`: the mao, a knight's leap passing orthogonally
/// assert_eq!(mao.atoms()[0].motion, Motion::Lame(Lameness::Orthogonal));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lameness {
    /// The orthogonally adjacent square in the direction of the longer step (mao; Betza `n`).
    Orthogonal,
    /// The diagonally adjacent square (moa).
    Diagonal,
}

/// How an atom uses its leap.
///
/// ```
/// use forsyth::piece_kind::{Motion, PieceKind};
/// let knight = PieceKind::from_betza("N").unwrap();
/// assert_eq!((knight.atoms()[0].leap, knight.atoms()[0].motion), ((1, 2), Motion::Leap));
/// let nightrider = PieceKind::from_betza("NN").unwrap(); // a doubled letter rides
/// assert_eq!(nightrider.atoms()[0].motion, Motion::Ride);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    /// One leap.
    Leap,
    /// The leap repeated in one direction until blocked.
    Ride,
    /// One leap whose first square on the way must be empty.
    Lame(Lameness),
    /// Along the rider's line over hurdles.
    Hop(Hop),
    /// Knight leaps along an octagon, each turning 45° the same way, up to seven (the leap is (1,2)).
    Rose,
    /// Over a hurdle standing exactly half way, to the mirrored square (any vector; the leap is unused);
    /// `nonstop`: the other squares on the line may be occupied.
    Equihopper {
        /// Whether the squares between the ends and the hurdle may be occupied.
        nonstop: bool,
    },
}

/// One part of a piece's movement: a leap (m, n) in all its symmetric directions (or those named by Betza
/// direction letters), used as [`Motion`] says, for moves, captures or both.
///
/// ```
/// use forsyth::piece_kind::{Mode, Motion, PieceKind};
/// let atoms = PieceKind::from_betza("fmW").unwrap().atoms().to_vec(); // moves one step forward only
/// assert_eq!((atoms[0].leap, atoms[0].motion, atoms[0].mode), ((0, 1), Motion::Leap, Mode::MoveOnly));
/// assert_eq!(atoms[0].directions, "f");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// The leap: files and ranks (smaller first).
    pub leap: (u8, u8),
    /// How the leap is used.
    pub motion: Motion,
    /// Moves, captures or both.
    pub mode: Mode,
    /// Betza direction letters (`f`, `b`, `l`, `r`, `v`, `s`) as written; empty for all directions.
    pub directions: String,
}

impl Atom {
    const fn new(leap: (u8, u8), motion: Motion, mode: Mode) -> Atom {
        Atom { leap, motion, mode, directions: String::new() }
    }

    /// The (files, ranks) vectors of this atom, White's view (forward = up), without duplicates.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// let wazir = PieceKind::from_name("wazir").unwrap();
    /// assert_eq!(wazir.atoms()[0].vectors().len(), 4);
    /// ```
    pub fn vectors(&self) -> Vec<(i8, i8)> {
        let (m, n) = (self.leap.0 as i8, self.leap.1 as i8);
        let mut out: Vec<(i8, i8)> = Vec::with_capacity(8);
        for (x, y) in [(m, n), (n, m)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) && directions_allow(&self.directions, v) {
                    out.push(v);
                }
            }
        }
        out
    }
}

/// Whether Betza direction letters admit a vector. Letters form groups — `f`/`b` optionally followed by `l`/`r`
/// (their intersection), or `v`, `s`, `l`, `r` alone — and a vector is admitted by any group.
fn directions_allow(letters: &str, (x, y): (i8, i8)) -> bool {
    if letters.is_empty() {
        return true;
    }
    let chars: Vec<char> = letters.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let vertical = match chars[i] {
            'f' => Some(y > 0),
            'b' => Some(y < 0),
            _ => None,
        };
        let horizontal = |c: char| match c {
            'l' => Some(x < 0),
            'r' => Some(x > 0),
            _ => None,
        };
        let admitted = match vertical {
            Some(v) => match chars.get(i + 1).and_then(|&c| horizontal(c)) {
                Some(h) => {
                    i += 1;
                    v && h
                }
                None => v,
            },
            None => match chars[i] {
                'v' => y.unsigned_abs() > x.unsigned_abs(),
                's' => x.unsigned_abs() > y.unsigned_abs(),
                c => horizontal(c).unwrap_or(false),
            },
        };
        if admitted {
            return true;
        }
        i += 1;
    }
    false
}

/// What a piece is besides its atoms: the king (royal, castles), pawns, or the unknown piece of diagrams.
///
/// ```
/// use forsyth::piece_kind::{Nature, PieceKind};
/// assert_eq!(PieceKind::from_name("pawn").unwrap().nature(), Nature::Pawn);
/// assert_eq!(PieceKind::from_name("zebra").unwrap().nature(), Nature::Plain);
/// assert_eq!(PieceKind::unknown().nature(), Nature::Unknown);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Nature {
    /// An ordinary piece: its atoms are all it does.
    Plain,
    /// The king: leaps like a king (its atoms), castles, must not be left in check.
    King,
    /// The orthodox pawn (steps forward, double step from its second rank, captures diagonally forward, en
    /// passant, promotes on the last rank).
    Pawn,
    /// The Berolina pawn: steps diagonally forward (double step from its second rank), captures straight forward,
    /// promotes on the last rank.
    BerolinaPawn,
    /// An unknown piece (`X`, `?` of diagrams): it stands on the board but cannot move.
    Unknown,
}

/// A piece defined by its movement. Built from the catalogue ([`PieceKind::from_name`],
/// [`PieceKind::from_popeye`]) or from Betza notation ([`PieceKind::from_betza`]).
///
/// ```
/// use forsyth::piece_kind::PieceKind;
/// let zebra = PieceKind::from_name("zebra").unwrap();
/// assert_eq!(zebra.betza().as_deref(), Some("Z"));
/// assert_eq!(PieceKind::from_betza("Z").unwrap().atoms(), zebra.atoms());
/// assert_eq!(PieceKind::from_popeye("CA", forsyth::piece_kind::PopeyeLanguage::English).unwrap().name(), "camel");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceKind {
    name: String,
    atoms: Vec<Atom>,
    nature: Nature,
}

impl PieceKind {
    /// A piece of the catalogue by its English name (`berolina-pawn`, hyphens for spaces), its German name
    /// (`Grashüpfer`, `Grashuepfer`) or its Popeye code (English or German, `G`, `CA`, `KN`), case ignored.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// let grasshopper = PieceKind::from_name("Grashuepfer").unwrap(); // German name, umlaut spelt out
    /// assert_eq!((grasshopper.name(), grasshopper.betza().as_deref()), ("grasshopper", Some("gQ")));
    /// assert_eq!(PieceKind::from_name("CA").unwrap().name(), "camel"); // Popeye's code of the camel
    /// assert_eq!(PieceKind::from_name("berolina pawn").unwrap().name(), "berolina-pawn");
    /// assert_eq!(PieceKind::from_name("orphan"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<PieceKind> {
        let wanted = fold(name);
        FAIRY_PIECES
            .iter()
            .find(|p| fold(p.name) == wanted || fold(p.german) == wanted)
            .or_else(|| FAIRY_PIECES.iter().find(|p| fold(p.popeye) == wanted || fold(p.popeye_german) == wanted))
            .map(FairyPiece::kind)
    }

    /// A piece by its Popeye code in a language of Popeye's input (English `G`, `N`, `CA`, `L` the locust, `S`
    /// the knight; German `G`, `N`, `CA`, `H` the locust, `L` the bishop), case ignored.
    ///
    /// ```
    /// use forsyth::piece_kind::{PieceKind, PopeyeLanguage};
    /// assert_eq!(PieceKind::from_popeye("L", PopeyeLanguage::English).unwrap().name(), "locust");
    /// assert_eq!(PieceKind::from_popeye("L", PopeyeLanguage::German).unwrap().name(), "bishop");
    /// ```
    pub fn from_popeye(code: &str, language: PopeyeLanguage) -> Option<PieceKind> {
        FairyPiece::from_popeye(code, language).map(FairyPiece::kind)
    }

    /// A piece from a Betza definition (`ZW`, `gQ`, `mRcpR`, `nN`, `(1,4)`), named `betza:…`.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// let err = PieceKind::from_betza("NX").unwrap_err();
    /// assert_eq!((err.code(), err.column), ("piece.betza.bad-letter", 2));
    /// ```
    pub fn from_betza(text: &str) -> Result<PieceKind, PieceDefinitionError> {
        let atoms = parse_betza(text)?;
        Ok(PieceKind { name: format!("betza:{text}"), atoms, nature: Nature::Plain })
    }

    /// A piece from a command-line definition: a catalogue name or code, or `betza:` and a Betza definition.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// assert_eq!(PieceKind::from_definition("zebra").unwrap().betza().as_deref(), Some("Z")); // the (2,3) leaper
    /// assert_eq!(PieceKind::from_definition("betza:nN").unwrap().name(), "betza:nN"); // the mao, written in Betza
    /// let err = PieceKind::from_definition("betza:gN").unwrap_err(); // a hop needs a rider
    /// assert_eq!((err.code(), err.column), ("piece.betza.hop-without-rider", 7));
    /// assert_eq!(PieceKind::from_definition("orphan").unwrap_err().code(), "piece.unknown-name");
    /// ```
    pub fn from_definition(text: &str) -> Result<PieceKind, PieceDefinitionError> {
        if let Some(betza) = text.strip_prefix("betza:") {
            return PieceKind::from_betza(betza).map_err(|e| PieceDefinitionError { column: e.column + 6, ..e });
        }
        PieceKind::from_name(text).ok_or_else(|| PieceDefinitionError {
            kind: DefinitionErrorKind::UnknownName,
            column: 1,
            text: text.to_string(),
        })
    }

    /// The unknown piece of diagrams (`X`, `?`).
    ///
    /// ```
    /// use forsyth::piece_kind::{Nature, PieceKind};
    /// let x = PieceKind::unknown();
    /// assert_eq!((x.name(), x.nature(), x.atoms().len(), x.betza()), ("unknown", Nature::Unknown, 0, None));
    /// ```
    pub fn unknown() -> PieceKind {
        PieceKind { name: "unknown".to_string(), atoms: Vec::new(), nature: Nature::Unknown }
    }

    /// The English name (`grasshopper`) or `betza:…` for a piece defined in Betza notation.
    ///
    /// ```
    /// use forsyth::piece_kind::{PieceKind, PopeyeLanguage};
    /// assert_eq!(PieceKind::from_popeye("NH", PopeyeLanguage::English).unwrap().name(), "nightrider-hopper");
    /// assert_eq!(PieceKind::from_betza("gNN").unwrap().name(), "betza:gNN");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The catalogue entry of this piece, if it has one.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// let entry = PieceKind::from_name("locust").unwrap().catalogue_entry().unwrap();
    /// // Popeye: L in English, H (Heuschrecke) in German.
    /// assert_eq!((entry.german, entry.popeye, entry.popeye_german), ("Heuschrecke", "L", "H"));
    /// assert_eq!(PieceKind::from_betza("gQ").unwrap().catalogue_entry(), None); // moves like the grasshopper, unnamed
    /// ```
    pub fn catalogue_entry(&self) -> Option<&'static FairyPiece> {
        FAIRY_PIECES.iter().find(|p| p.name == self.name)
    }

    /// The atoms of its movement (none for pawns and unknown pieces).
    ///
    /// ```
    /// use forsyth::piece_kind::{Hop, Motion, PieceKind};
    /// let grasshopper = PieceKind::from_name("grasshopper").unwrap(); // Betza gQ: hops along the queen's lines
    /// let atoms = grasshopper.atoms();
    /// assert_eq!(atoms.iter().map(|a| a.leap).collect::<Vec<_>>(), [(0, 1), (1, 1)]);
    /// assert!(atoms.iter().all(|a| a.motion == Motion::Hop(Hop::Grasshopper)));
    /// assert!(PieceKind::from_name("pawn").unwrap().atoms().is_empty());
    /// ```
    pub fn atoms(&self) -> &[Atom] {
        &self.atoms
    }

    /// King, pawn, Berolina pawn, unknown or plain.
    ///
    /// ```
    /// use forsyth::piece_kind::{Nature, PieceKind};
    /// assert_eq!(PieceKind::from_name("Berolinabauer").unwrap().nature(), Nature::BerolinaPawn);
    /// assert_eq!(PieceKind::from_name("king").unwrap().nature(), Nature::King);
    /// assert_eq!(PieceKind::from_betza("K").unwrap().nature(), Nature::Plain); // a non-royal man, not a king
    /// ```
    pub fn nature(&self) -> Nature {
        self.nature
    }

    /// Its Betza definition, `None` for pieces Betza notation cannot write (pawns, rose, equihoppers, locust,
    /// kangaroo, moa, the unknown piece).
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// assert_eq!(PieceKind::from_name("leo").unwrap().betza().as_deref(), Some("mQcpQ"));
    /// assert_eq!(PieceKind::from_name("amazon").unwrap().betza().as_deref(), Some("QN"));
    /// assert_eq!(PieceKind::from_name("rose").unwrap().betza(), None);
    /// ```
    pub fn betza(&self) -> Option<String> {
        // A piece without atoms (the dummy) has no Betza form: Betza has no word for "never moves".
        if !matches!(self.nature, Nature::Plain | Nature::King) || self.atoms.is_empty() {
            return None;
        }
        let mut parts: Vec<(String, &'static str)> = Vec::new();
        for atom in &self.atoms {
            let mut prefix = String::new();
            match atom.mode {
                Mode::Both => {}
                Mode::MoveOnly => prefix.push('m'),
                Mode::CaptureOnly => prefix.push('c'),
            }
            let rider = match atom.motion {
                Motion::Leap => false,
                Motion::Ride => true,
                Motion::Lame(Lameness::Orthogonal) => {
                    prefix.push('n');
                    false
                }
                Motion::Hop(Hop::Grasshopper) => {
                    prefix.push('g');
                    true
                }
                Motion::Hop(Hop::Lion) => {
                    prefix.push('p');
                    true
                }
                _ => return None,
            };
            prefix.push_str(&atom.directions);
            let letter = ATOM_LETTERS.iter().find(|(_, leap)| *leap == atom.leap).map(|(c, _)| *c);
            let atom_text = match letter {
                Some(c) if rider => format!("{c}{c}"),
                Some(c) => c.to_string(),
                None if rider => format!("({},{})({},{})", atom.leap.0, atom.leap.1, atom.leap.0, atom.leap.1),
                None => format!("({},{})", atom.leap.0, atom.leap.1),
            };
            parts.push((prefix, merge_tag(atom.leap, rider)));
            parts.last_mut().expect("just pushed").0.push_str(&atom_text);
        }
        // Merge an orthogonal and a diagonal part with the same prefix into Q, K; write W and F riders as R, B.
        let mut out = String::new();
        let mut i = 0;
        while i < parts.len() {
            let (text, kind) = &parts[i];
            let prefix = &text[..text.len() - atom_len(kind)];
            if let Some((next, next_kind)) = parts.get(i + 1) {
                let next_prefix = &next[..next.len() - atom_len(next_kind)];
                let merged = match (*kind, *next_kind) {
                    ("WW", "FF") => Some('Q'),
                    ("W", "F") => Some('K'),
                    _ => None,
                };
                if let (Some(c), true) = (merged, prefix == next_prefix) {
                    push_part(&mut out, prefix, &c.to_string());
                    i += 2;
                    continue;
                }
            }
            let body = match *kind {
                "WW" => "R",
                "FF" => "B",
                _ => &text[prefix.len()..],
            };
            push_part(&mut out, prefix, body);
            i += 1;
        }
        Some(out)
    }
}

/// Appends one part of a Betza definition. An atom that would run into the one before it (`N` after `N` reads as the
/// nightrider `NN`, `(1,4)` after `(1,4)` as its rider) gets the prefix `mc` (moves and captures: the same as none).
fn push_part(out: &mut String, prefix: &str, body: &str) {
    // Modifiers are lowercase: a part that starts with its atom has none.
    let runs_on = match (out.chars().last(), prefix.chars().chain(body.chars()).next()) {
        (Some(a), Some(b)) => (a == b && ATOM_LETTERS.iter().any(|(l, _)| *l == a)) || (a == ')' && b == '('),
        _ => false,
    };
    if runs_on {
        out.push_str("mc");
    }
    out.push_str(prefix);
    out.push_str(body);
}

/// The atom letters of Betza notation and their leaps.
const ATOM_LETTERS: [(char, (u8, u8)); 9] = [
    ('W', (0, 1)),
    ('F', (1, 1)),
    ('D', (0, 2)),
    ('A', (2, 2)),
    ('N', (1, 2)),
    ('C', (1, 3)),
    ('Z', (2, 3)),
    ('H', (0, 3)),
    ('G', (3, 3)),
];

/// A tag for the Betza writer's merging: `W`/`F` leaps and `WW`/`FF` rides; everything else `other`.
fn merge_tag(leap: (u8, u8), rider: bool) -> &'static str {
    match (leap, rider) {
        ((0, 1), false) => "W",
        ((1, 1), false) => "F",
        ((0, 1), true) => "WW",
        ((1, 1), true) => "FF",
        _ => "other",
    }
}

/// The length of the atom text for a merge tag (the prefix is the rest).
fn atom_len(kind: &str) -> usize {
    match kind {
        "W" | "F" => 1,
        "WW" | "FF" => 2,
        _ => 0,
    }
}

/// Names compared without case, spaces, hyphens or umlaut spellings.
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | ' ' | '_'))
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue")
}

/// Why a piece definition cannot be read.
///
/// ```
/// use forsyth::piece_kind::{DefinitionErrorKind, PieceKind};
/// let err = PieceKind::from_betza("nQ").unwrap_err(); // a lame leap on a rider
/// assert_eq!((err.kind, err.code()), (DefinitionErrorKind::LameRider, "piece.betza.lame-rider"));
/// assert_eq!(PieceKind::from_betza("").unwrap_err().kind, DefinitionErrorKind::Empty);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DefinitionErrorKind {
    /// A character that is neither an atom letter, a modifier nor a bracket.
    BadLetter,
    /// Modifiers with no atom after them.
    MissingAtom,
    /// An explicit leap `(m,n)` that is not two small numbers in parentheses.
    BadLeap,
    /// A hop (`g`, `p`) on a single leap: hops need a rider (`gQ`, `pR`, `gNN`).
    HopWithoutRider,
    /// A lame leap (`n`) on a rider: lame leaps are single leaps (`nN`), a lame rider has no meaning here.
    LameRider,
    /// An empty definition.
    Empty,
    /// A name that is neither in the catalogue nor `betza:…`.
    UnknownName,
}

/// A piece definition that cannot be read: what is wrong and the column (1-based, in characters).
///
/// ```
/// use forsyth::piece_kind::{DefinitionErrorKind, PieceKind};
/// let err = PieceKind::from_betza("WX").unwrap_err();
/// assert_eq!((err.kind, err.column, err.text.as_str()), (DefinitionErrorKind::BadLetter, 2, "WX"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDefinitionError {
    /// What is wrong.
    pub kind: DefinitionErrorKind,
    /// The column of the offending character, 1-based.
    pub column: usize,
    /// The definition as given.
    pub text: String,
}

impl PieceDefinitionError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceKind;
    /// let err = PieceKind::from_betza("mQc").unwrap_err(); // `c` with no atom after it
    /// assert_eq!((err.code(), err.column), ("piece.betza.missing-atom", 3));
    /// ```
    pub const fn code(&self) -> &'static str {
        match self.kind {
            DefinitionErrorKind::BadLetter => "piece.betza.bad-letter",
            DefinitionErrorKind::MissingAtom => "piece.betza.missing-atom",
            DefinitionErrorKind::BadLeap => "piece.betza.bad-leap",
            DefinitionErrorKind::HopWithoutRider => "piece.betza.hop-without-rider",
            DefinitionErrorKind::LameRider => "piece.betza.lame-rider",
            DefinitionErrorKind::Empty => "piece.betza.empty",
            DefinitionErrorKind::UnknownName => "piece.unknown-name",
        }
    }
}

impl fmt::Display for PieceDefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            DefinitionErrorKind::BadLetter => {
                "expected an atom (W F D A N C Z H G K Q R B or (m,n)) or a modifier (m c p g n f b l r v s)"
            }
            DefinitionErrorKind::MissingAtom => "modifiers without an atom after them; add one, like gQ",
            DefinitionErrorKind::BadLeap => "an explicit leap is written (m,n) with numbers 0 to 9, like (1,4)",
            DefinitionErrorKind::HopWithoutRider => "a hop needs a rider, like gQ, pR or gNN",
            DefinitionErrorKind::LameRider => "a lame leap (n) is a single leap, like nN: it cannot ride",
            DefinitionErrorKind::Empty => "an empty piece definition; give a name like grasshopper or betza:gQ",
            DefinitionErrorKind::UnknownName => {
                return write!(
                    f,
                    "column {}: unknown piece {:?}; expected a name like grasshopper, nightrider, berolina-pawn, a \
                     German name, a Popeye code, or betza:DEFINITION (docs/problem-chess.md lists the pieces)",
                    self.column, self.text
                );
            }
        };
        write!(f, "column {}: {what} (in {:?})", self.column, self.text)
    }
}

impl std::error::Error for PieceDefinitionError {}

/// Reads Betza notation (the subset in the module documentation): modifiers then an atom, repeated.
fn parse_betza(text: &str) -> Result<Vec<Atom>, PieceDefinitionError> {
    let err = |kind, column| PieceDefinitionError { kind, column, text: text.to_string() };
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(err(DefinitionErrorKind::Empty, 1));
    }
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let (mut moves, mut captures, mut hop, mut lame) = (false, false, None, None);
        let mut directions = String::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => moves = true,
                'c' => captures = true,
                'g' => hop = Some((Hop::Grasshopper, i)),
                'p' => hop = Some((Hop::Lion, i)),
                'n' => lame = Some(i),
                d @ ('f' | 'b' | 'l' | 'r' | 'v' | 's') => directions.push(d),
                _ => return Err(err(DefinitionErrorKind::BadLetter, i + 1)),
            }
            i += 1;
        }
        let mode = match (moves, captures) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::Both,
        };
        let Some(&c) = chars.get(i) else {
            return Err(err(DefinitionErrorKind::MissingAtom, start + 1));
        };
        // The leaps of this atom and whether it rides.
        let (leaps, rider): (Vec<(u8, u8)>, bool) = match c {
            'K' => (vec![(0, 1), (1, 1)], false),
            'Q' => (vec![(0, 1), (1, 1)], true),
            'R' => (vec![(0, 1)], true),
            'B' => (vec![(1, 1)], true),
            '(' => {
                let close = chars[i..].iter().position(|&c| c == ')').map(|p| p + i);
                let leap = close.and_then(|close| {
                    let inner: String = chars[i + 1..close].iter().collect();
                    let (a, b) = inner.split_once(',')?;
                    let (a, b) = (a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?);
                    (a < 10 && b < 10 && (a, b) != (0, 0)).then_some((a.min(b), a.max(b)))
                });
                match (leap, close) {
                    (Some(leap), Some(close)) => {
                        let atom_text: String = chars[i..=close].iter().collect();
                        let len = close + 1 - i;
                        i = close;
                        // A doubled explicit leap rides: (1,4)(1,4).
                        let next: String = chars.iter().skip(close + 1).take(len).collect();
                        let doubled = next == atom_text;
                        if doubled {
                            i += len;
                        }
                        (vec![leap], doubled)
                    }
                    _ => return Err(err(DefinitionErrorKind::BadLeap, i + 1)),
                }
            }
            c => match ATOM_LETTERS.iter().find(|(l, _)| *l == c) {
                Some(&(_, leap)) => {
                    let doubled = chars.get(i + 1) == Some(&c) || chars.get(i + 1) == Some(&'0');
                    if doubled {
                        i += 1;
                    }
                    (vec![leap], doubled)
                }
                None => return Err(err(DefinitionErrorKind::BadLetter, i + 1)),
            },
        };
        i += 1;
        let motion = match (hop, lame) {
            (Some((hop, at)), _) => {
                if !rider {
                    return Err(err(DefinitionErrorKind::HopWithoutRider, at + 1));
                }
                Motion::Hop(hop)
            }
            // Refused rather than read as a single lame leap, which would drop the riding silently.
            (None, Some(at)) if rider => return Err(err(DefinitionErrorKind::LameRider, at + 1)),
            (None, Some(_)) => Motion::Lame(Lameness::Orthogonal),
            (None, None) if rider => Motion::Ride,
            (None, None) => Motion::Leap,
        };
        for leap in leaps {
            atoms.push(Atom { leap, motion, mode, directions: directions.clone() });
        }
    }
    Ok(atoms)
}

/// One piece of the catalogue: its names, Popeye codes, diagram glyph and movement.
///
/// ```
/// use forsyth::piece_kind::{FairyPiece, PopeyeLanguage};
/// let g = FairyPiece::from_name("grasshopper").unwrap();
/// // Popeye's codes: G in English and German; diagram glyph: an upside-down queen (German D).
/// assert_eq!((g.german, g.popeye, g.popeye_german, g.glyph), ("Grashüpfer", "G", "G", "DU"));
/// assert_eq!(g.popeye_code(PopeyeLanguage::German), "G");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FairyPiece {
    /// English name, lowercase, hyphens for spaces (`berolina-pawn`).
    pub name: &'static str,
    /// German name (`Berolinabauer`).
    pub german: &'static str,
    /// Popeye's English code (`BP`), from its table `PieNamString`.
    pub popeye: &'static str,
    /// Popeye's German code (`BB`).
    pub popeye_german: &'static str,
    /// The conventional diagram glyph from Popeye's pie-engl.txt: a standard piece in German letters (K D T L S B)
    /// and a turn (`U` upside down, `R` turned right, `L` turned left), or the letter alone for an upright piece;
    /// `I` where Popeye's table gives no glyph (diagrams draw the piece's letter).
    pub glyph: &'static str,
    definition: Definition,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Definition {
    Betza(&'static str),
    King,
    Pawn,
    BerolinaPawn,
    Moa,
    Rose,
    Equihopper {
        nonstop: bool,
    },
    /// Captures by hopping over the first piece on one of these lines to the square just beyond.
    Locust(&'static [(u8, u8)]),
    Kangaroo,
    /// Never moves, never captures, never checks: a piece that only stands in the way.
    Dummy,
}

/// The languages of Popeye's input: its keywords and its piece codes differ between them (English `S` knight,
/// `L` locust; German `S` Springer, `L` Läufer, `H` Heuschrecke). The catalogue holds the codes of both.
///
/// ```
/// use forsyth::piece_kind::{PieceKind, PopeyeLanguage};
/// // Popeye's piece codes: S is the knight in English, the Springer in German; L is the locust / the Läufer.
/// assert_eq!(PieceKind::from_popeye("S", PopeyeLanguage::English).unwrap().name(), "knight");
/// assert_eq!(PieceKind::from_popeye("L", PopeyeLanguage::German).unwrap().name(), "bishop");
/// assert_eq!(PopeyeLanguage::default(), PopeyeLanguage::English);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PopeyeLanguage {
    /// `BeginProblem`, `Pieces White ...`.
    #[default]
    English,
    /// `AnfangProblem`, `Steine Weiss ...`.
    German,
}

impl FairyPiece {
    /// The catalogue entry of a Popeye code in a language, case ignored: the one lookup by code.
    ///
    /// ```
    /// use forsyth::piece_kind::{FairyPiece, PopeyeLanguage};
    /// assert_eq!(FairyPiece::from_popeye("n", PopeyeLanguage::German).unwrap().name, "nightrider");
    /// assert_eq!(FairyPiece::from_popeye("KN", PopeyeLanguage::German).unwrap().name, "empress");
    /// assert_eq!(FairyPiece::from_popeye("GN", PopeyeLanguage::English).unwrap().name, "gnu");
    /// assert_eq!(FairyPiece::from_popeye("O", PopeyeLanguage::English), None); // the orphan: not in the catalogue
    /// ```
    pub fn from_popeye(code: &str, language: PopeyeLanguage) -> Option<&'static FairyPiece> {
        FAIRY_PIECES.iter().find(|p| p.popeye_code(language).eq_ignore_ascii_case(code))
    }

    /// The Popeye code in a language.
    ///
    /// ```
    /// use forsyth::piece_kind::{FairyPiece, PopeyeLanguage};
    /// let locust = FairyPiece::from_name("locust").unwrap();
    /// assert_eq!((locust.popeye_code(PopeyeLanguage::English), locust.popeye_code(PopeyeLanguage::German)), ("L", "H"));
    /// ```
    pub fn popeye_code(&self, language: PopeyeLanguage) -> &'static str {
        match language {
            PopeyeLanguage::English => self.popeye,
            PopeyeLanguage::German => self.popeye_german,
        }
    }

    /// The catalogue entry of an English name (`berolina-pawn`), exactly as the catalogue spells it.
    ///
    /// ```
    /// use forsyth::piece_kind::FairyPiece;
    /// let berolina = FairyPiece::from_name("berolina-pawn").unwrap();
    /// assert_eq!((berolina.popeye, berolina.popeye_german), ("BP", "BB")); // Popeye's codes
    /// assert_eq!(FairyPiece::from_name("Berolina pawn"), None); // spelt exactly as the catalogue does
    /// ```
    pub fn from_name(name: &str) -> Option<&'static FairyPiece> {
        FAIRY_PIECES.iter().find(|p| p.name == name)
    }

    /// The catalogue entry of one of the six orthodox pieces (`None` for the archbishop and chancellor of 10×8).
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::piece_kind::FairyPiece;
    /// let knight = FairyPiece::of_role(Role::Knight).unwrap();
    /// assert_eq!((knight.name, knight.orthodox_role()), ("knight", Some(Role::Knight)));
    /// ```
    pub fn of_role(role: Role) -> Option<&'static FairyPiece> {
        Role::STANDARD.contains(&role).then(|| FairyPiece::from_name(role.name())).flatten()
    }

    /// The orthodox piece this entry is (king, queen, rook, bishop, knight, pawn), `None` for fairy pieces.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::piece_kind::FairyPiece;
    /// assert_eq!(FairyPiece::from_name("queen").unwrap().orthodox_role(), Some(Role::Queen));
    /// assert_eq!(FairyPiece::from_name("amazon").unwrap().orthodox_role(), None);
    /// ```
    pub fn orthodox_role(&self) -> Option<Role> {
        Role::STANDARD.into_iter().find(|r| r.name() == self.name)
    }

    /// The movement of this piece.
    ///
    /// ```
    /// use forsyth::piece_kind::FAIRY_PIECES;
    /// let grasshopper = FAIRY_PIECES.iter().find(|p| p.popeye == "G").unwrap();
    /// assert_eq!(grasshopper.kind().betza().as_deref(), Some("gQ"));
    /// ```
    pub fn kind(&self) -> PieceKind {
        let queen_lines = |motion, mode| vec![Atom::new((0, 1), motion, mode), Atom::new((1, 1), motion, mode)];
        let (atoms, nature) = match self.definition {
            Definition::Betza(text) => {
                (parse_betza(text).expect("the catalogue's definitions are valid"), Nature::Plain)
            }
            Definition::King => (parse_betza("K").expect("valid"), Nature::King),
            Definition::Pawn => (Vec::new(), Nature::Pawn),
            Definition::BerolinaPawn => (Vec::new(), Nature::BerolinaPawn),
            Definition::Moa => (vec![Atom::new((1, 2), Motion::Lame(Lameness::Diagonal), Mode::Both)], Nature::Plain),
            Definition::Rose => (vec![Atom::new((1, 2), Motion::Rose, Mode::Both)], Nature::Plain),
            Definition::Equihopper { nonstop } => {
                (vec![Atom::new((0, 0), Motion::Equihopper { nonstop }, Mode::Both)], Nature::Plain)
            }
            Definition::Locust(lines) => (
                lines.iter().map(|&leap| Atom::new(leap, Motion::Hop(Hop::Locust), Mode::CaptureOnly)).collect(),
                Nature::Plain,
            ),
            Definition::Dummy => (Vec::new(), Nature::Plain),
            Definition::Kangaroo => (queen_lines(Motion::Hop(Hop::Kangaroo), Mode::Both), Nature::Plain),
        };
        PieceKind { name: self.name.to_string(), atoms, nature }
    }
}

const fn entry(
    name: &'static str,
    german: &'static str,
    popeye: &'static str,
    popeye_german: &'static str,
    glyph: &'static str,
    definition: Definition,
) -> FairyPiece {
    FairyPiece { name, german, popeye, popeye_german, glyph, definition }
}

/// The catalogue: the orthodox pieces and the fairy pieces of problem practice. Popeye codes and glyphs are
/// Popeye's (source: `output/plaintext/language_dependant.c`, `PieNamString`, and `pie-engl.txt`, checked against
/// the repository thomas-maeder/popeye at commit 122c7d0); definitions follow the reference in docs/problem-chess.md.
pub const FAIRY_PIECES: &[FairyPiece] = &[
    entry("king", "König", "K", "K", "K", Definition::King),
    entry("queen", "Dame", "Q", "D", "D", Definition::Betza("Q")),
    entry("rook", "Turm", "R", "T", "T", Definition::Betza("R")),
    entry("bishop", "Läufer", "B", "L", "L", Definition::Betza("B")),
    entry("knight", "Springer", "S", "S", "S", Definition::Betza("N")),
    entry("pawn", "Bauer", "P", "B", "B", Definition::Pawn),
    entry("grasshopper", "Grashüpfer", "G", "G", "DU", Definition::Betza("gQ")),
    entry("nightrider", "Nachtreiter", "N", "N", "SU", Definition::Betza("NN")),
    entry("camel", "Kamel", "CA", "CA", "SL", Definition::Betza("C")),
    entry("zebra", "Zebra", "Z", "Z", "SR", Definition::Betza("Z")),
    entry("giraffe", "Giraffe", "GI", "GI", "LL", Definition::Betza("(1,4)")),
    entry("antelope", "Antilope", "AN", "AN", "LR", Definition::Betza("(3,4)")),
    entry("wazir", "Wesir", "WE", "WE", "TU", Definition::Betza("W")),
    entry("fers", "Fers", "FE", "FE", "LL", Definition::Betza("F")),
    entry("alfil", "Alfil", "AL", "AL", "LR", Definition::Betza("A")),
    entry("dabbaba", "Dabbaba", "DA", "DA", "TR", Definition::Betza("D")),
    entry("amazon", "Amazone", "AM", "AM", "DL", Definition::Betza("QN")),
    entry("empress", "Kaiserin", "EM", "KN", "TU", Definition::Betza("RN")),
    entry("princess", "Prinzessin", "PR", "PR", "LU", Definition::Betza("BN")),
    entry("lion", "Lion", "LI", "LI", "DL", Definition::Betza("pQ")),
    entry("leo", "Leo", "LE", "LE", "DR", Definition::Betza("mQcpQ")),
    entry("pao", "Pao", "PA", "PA", "TL", Definition::Betza("mRcpR")),
    entry("vao", "Vao", "VA", "VA", "LL", Definition::Betza("mBcpB")),
    entry("mao", "Mao", "MA", "MA", "SR", Definition::Betza("nN")),
    entry("moa", "Moa", "MO", "MO", "SL", Definition::Moa),
    entry("rose", "Rose", "RO", "RO", "TR", Definition::Rose),
    entry("equihopper", "Equihopper", "EQ", "EQ", "DR", Definition::Equihopper { nonstop: false }),
    entry("nonstop-equihopper", "Nonstop-Equihopper", "NE", "NE", "DR", Definition::Equihopper { nonstop: true }),
    entry("locust", "Heuschrecke", "L", "H", "DR", Definition::Locust(&[(0, 1), (1, 1)])),
    entry("kangaroo", "Känguru", "KA", "KA", "DL", Definition::Kangaroo),
    entry("berolina-pawn", "Berolinabauer", "BP", "BB", "BU", Definition::BerolinaPawn),
    entry("nightrider-hopper", "Nachtreiterhüpfer", "NH", "NH", "LR", Definition::Betza("gNN")),
    entry("rook-hopper", "Turmhüpfer", "RH", "TH", "TU", Definition::Betza("gR")),
    entry("bishop-hopper", "Läuferhüpfer", "BH", "LH", "LU", Definition::Betza("gB")),
    // Leapers and riders, and their hoppers and lions, that Betza notation says in full.
    entry("gnu", "Gnu", "GN", "GN", "LR", Definition::Betza("NC")),
    entry("root-50-leaper", "Wurzel-50-Springer", "RF", "WF", "TU", Definition::Betza("(5,5)(1,7)")),
    entry("root-25-leaper", "Wurzel-25-Springer", "BU", "BU", "LU", Definition::Betza("(3,4)(0,5)")),
    entry("squirrel", "Eichhörnchen", "SQ", "EI", "SR", Definition::Betza("NAD")),
    entry("waran", "Waran", "WA", "WA", "TR", Definition::Betza("RNN")),
    entry("camelrider", "Kamelreiter", "CR", "CR", "TL", Definition::Betza("CC")),
    entry("zebrarider", "Zebrareiter", "ZR", "ZR", "SR", Definition::Betza("ZZ")),
    entry("gnurider", "Gnureiter", "GR", "GR", "SR", Definition::Betza("NNCC")),
    entry("camelrider-hopper", "Kamelreiterhüpfer", "CH", "CH", "TL", Definition::Betza("gCC")),
    entry("zebrarider-hopper", "Zebrareiterhüpfer", "ZH", "ZH", "SR", Definition::Betza("gZZ")),
    entry("gnurider-hopper", "Gnureiterhüpfer", "GH", "GH", "SL", Definition::Betza("gNNgCC")),
    entry("rook-lion", "Turm-Lion", "RL", "TL", "TL", Definition::Betza("pR")),
    entry("bishop-lion", "Läufer-Lion", "BL", "LL", "LL", Definition::Betza("pB")),
    entry("nightrider-lion", "Nachtreiterlion", "NL", "NL", "I", Definition::Betza("pNN")),
    entry("nao", "Nao", "NA", "NA", "I", Definition::Betza("mNNcpNN")),
    entry("okapi", "Okapi", "OK", "OK", "LL", Definition::Betza("NZ")),
    entry("bison", "Bison", "BI", "BI", "I", Definition::Betza("CZ")),
    entry("zebu", "Zebu", "ZE", "ZE", "SR", Definition::Betza("C(1,4)")),
    entry("elephant", "Elefant", "ET", "ET", "I", Definition::Betza("QNN")),
    entry("wazirrider", "Wesirreiter", "WR", "WR", "I", Definition::Betza("WW")),
    entry("fersrider", "Fersreiter", "FR", "FR", "I", Definition::Betza("FF")),
    entry("1:5-leaper", "Ibis", "15", "15", "LU", Definition::Betza("(1,5)")),
    entry("1:6-leaper", "Flamingo", "16", "16", "DL", Definition::Betza("(1,6)")),
    entry("2:4-leaper", "Hase", "24", "24", "SL", Definition::Betza("(2,4)")),
    entry("2:5-leaper", "2:5-Springer", "25", "25", "LR", Definition::Betza("(2,5)")),
    entry("3:5-leaper", "3:5-Springer", "35", "35", "SL", Definition::Betza("(3,5)")),
    entry("3:6-leaper", "3:6-Springer", "36", "36", "SR", Definition::Betza("(3,6)")),
    entry("3:7-leaper", "3:7-Springer", "37", "37", "LR", Definition::Betza("(3,7)")),
    entry("rook-locust", "Turmheuschrecke", "LR", "HT", "I", Definition::Locust(&[(0, 1)])),
    entry("bishop-locust", "Läuferheuschrecke", "LB", "HL", "I", Definition::Locust(&[(1, 1)])),
    entry("nightrider-locust", "Nachtreiterheuschrecke", "LN", "HN", "I", Definition::Locust(&[(1, 2)])),
    entry("dummy", "Dummy", "DU", "DU", "KL", Definition::Dummy),
];

/// A problem's own letter table: which FEN letter stands for which piece. It starts with the letters of FEN
/// (K Q R B N P, and A C for the archbishop = princess and chancellor = empress of the 10×8 variants, X and ? for
/// the unknown piece); a declared letter overrides its built-in meaning. Uppercase is White, lowercase Black.
///
/// ```
/// use forsyth::piece_kind::PieceTable;
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// table.declare_text("C=camel").unwrap();
/// assert_eq!(table.kind(table.index_of('C').unwrap()).name(), "camel");
/// assert_eq!(table.declared(), &['G', 'C']);
/// assert_eq!(table.declare_text("K=camel").unwrap_err().code(), "piece.declaration.king");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceTable {
    letters: Vec<char>,
    kinds: Vec<PieceKind>,
    declared: Vec<char>,
}

impl Default for PieceTable {
    fn default() -> PieceTable {
        PieceTable::new()
    }
}

impl PieceTable {
    /// The built-in letters only.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let table = PieceTable::new();
    /// assert_eq!(table.entries().map(|(letter, _)| letter).collect::<String>(), "KQRBNPACX?");
    /// assert_eq!(table.kind(table.index_of('A').unwrap()).name(), "princess"); // the archbishop of 10×8
    /// assert!(!table.has_declarations());
    /// ```
    pub fn new() -> PieceTable {
        let mut table = PieceTable { letters: Vec::new(), kinds: Vec::new(), declared: Vec::new() };
        for (letter, name) in [
            ('K', "king"),
            ('Q', "queen"),
            ('R', "rook"),
            ('B', "bishop"),
            ('N', "knight"),
            ('P', "pawn"),
            ('A', "princess"),
            ('C', "empress"),
        ] {
            table.letters.push(letter);
            table.kinds.push(PieceKind::from_name(name).expect("catalogue piece"));
        }
        for letter in ['X', '?'] {
            table.letters.push(letter);
            table.kinds.push(PieceKind::unknown());
        }
        table
    }

    /// Declares `letter` (either case; stored uppercase) as `kind`, overriding a built-in or earlier meaning.
    /// The king's letter `K` cannot be redeclared (royal pieces other than the king are out of scope).
    ///
    /// ```
    /// use forsyth::piece_kind::{PieceKind, PieceTable};
    /// let mut table = PieceTable::new();
    /// table.declare('z', PieceKind::from_name("zebra").unwrap()).unwrap();
    /// assert_eq!((table.letter(table.index_of('z').unwrap()), table.declared()), ('Z', &['Z'][..]));
    /// assert_eq!(table.declare('K', PieceKind::unknown()).unwrap_err().code(), "piece.declaration.king");
    /// assert_eq!(table.declare('1', PieceKind::unknown()).unwrap_err().code(), "piece.declaration.letter");
    /// ```
    pub fn declare(&mut self, letter: char, kind: PieceKind) -> Result<(), DeclarationError> {
        let upper = letter.to_ascii_uppercase();
        if upper == 'K' {
            return Err(DeclarationError::King);
        }
        if !upper.is_ascii_uppercase() && upper != '?' {
            return Err(DeclarationError::BadLetter { letter });
        }
        match self.letters.iter().position(|&l| l == upper) {
            Some(i) => self.kinds[i] = kind,
            None => {
                self.letters.push(upper);
                self.kinds.push(kind);
            }
        }
        self.declared.retain(|&l| l != upper);
        self.declared.push(upper);
        Ok(())
    }

    /// Declares a letter from text: `G=grasshopper`, `Z=betza:Z`, `g=Grashüpfer`, `E=EQ` (a Popeye code).
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// table.declare_text("N=Nachtreiter").unwrap(); // N now the nightrider, as in Popeye
    /// table.declare_text("E=EQ").unwrap(); // Popeye's code of the equihopper
    /// assert_eq!(table.kind(table.index_of('N').unwrap()).betza().as_deref(), Some("NN"));
    /// assert_eq!(table.kind(table.index_of('E').unwrap()).name(), "equihopper");
    /// assert_eq!(table.declare_text("G grasshopper").unwrap_err().code(), "piece.declaration.syntax");
    /// ```
    pub fn declare_text(&mut self, text: &str) -> Result<(), DeclarationError> {
        let Some((letter, definition)) = text.split_once('=') else {
            return Err(DeclarationError::Syntax { text: text.to_string() });
        };
        let mut chars = letter.trim().chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(DeclarationError::Syntax { text: text.to_string() });
        };
        let offset = text.find('=').map_or(0, |i| text[..=i].chars().count());
        let kind = PieceKind::from_definition(definition.trim())
            .map_err(|e| DeclarationError::Definition(PieceDefinitionError { column: e.column + offset, ..e }))?;
        self.declare(letter, kind)
    }

    /// The index of a letter's piece (case ignored).
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let table = PieceTable::new();
    /// assert_eq!((table.index_of('q'), table.index_of('Q')), (Some(1), Some(1)));
    /// assert_eq!(table.index_of('G'), None); // not declared
    /// ```
    pub fn index_of(&self, letter: char) -> Option<usize> {
        let upper = letter.to_ascii_uppercase();
        self.letters.iter().position(|&l| l == upper)
    }

    /// The piece at an index.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let table = PieceTable::new();
    /// assert_eq!(table.kind(table.index_of('C').unwrap()).name(), "empress"); // the chancellor of 10×8: Betza RN
    /// assert_eq!(table.kind(table.index_of('C').unwrap()).betza().as_deref(), Some("RN"));
    /// ```
    pub fn kind(&self, index: usize) -> &PieceKind {
        &self.kinds[index]
    }

    /// The uppercase letter at an index.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// table.declare_text("g=grasshopper").unwrap();
    /// assert_eq!(table.letter(table.index_of_name("grasshopper").unwrap()), 'G');
    /// assert_eq!(table.letter(table.index_of_name("princess").unwrap()), 'A');
    /// ```
    pub fn letter(&self, index: usize) -> char {
        self.letters[index]
    }

    /// The index of the first letter standing for a piece of this name.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// table.declare_text("Z=zebra").unwrap();
    /// assert_eq!(table.index_of_name("zebra"), table.index_of('Z'));
    /// assert_eq!(table.index_of_name("unknown"), table.index_of('X')); // X before ?
    /// assert_eq!(table.index_of_name("camel"), None);
    /// ```
    pub fn index_of_name(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name() == name)
    }

    /// Every (letter, piece), built-in first.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// table.declare_text("C=camel").unwrap(); // overrides the chancellor in place
    /// table.declare_text("G=grasshopper").unwrap(); // a new letter, after the built-in ones
    /// let names: Vec<String> = table.entries().map(|(l, k)| format!("{l}={}", k.name())).collect();
    /// assert_eq!(names[7..], ["C=camel", "X=unknown", "?=unknown", "G=grasshopper"]);
    /// ```
    pub fn entries(&self) -> impl Iterator<Item = (char, &PieceKind)> {
        self.letters.iter().copied().zip(self.kinds.iter())
    }

    /// The declared letters, in order of declaration.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// for text in ["G=grasshopper", "C=camel", "G=nightrider"] {
    ///     table.declare_text(text).unwrap();
    /// }
    /// assert_eq!(table.declared(), &['C', 'G']); // redeclaring G moves it last
    /// ```
    pub fn declared(&self) -> &[char] {
        &self.declared
    }

    /// Whether the table declares anything.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// assert!(!table.has_declarations());
    /// table.declare_text("R=rook").unwrap(); // even a letter declared as its built-in piece
    /// assert!(table.has_declarations());
    /// ```
    pub fn has_declarations(&self) -> bool {
        !self.declared.is_empty()
    }
}

/// A letter declaration that cannot be used.
///
/// ```
/// use forsyth::piece_kind::{DeclarationError, PieceTable};
/// let mut table = PieceTable::new();
/// let err = table.declare_text("K=grasshopper").unwrap_err();
/// assert!(matches!(err, DeclarationError::King));
/// assert_eq!(err.code(), "piece.declaration.king");
/// assert!(matches!(table.declare_text("7=zebra").unwrap_err(), DeclarationError::BadLetter { letter: '7' }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeclarationError {
    /// Not `LETTER=DEFINITION`.
    Syntax {
        /// The declaration as given.
        text: String,
    },
    /// A letter that is not A–Z (or `?`).
    BadLetter {
        /// The letter.
        letter: char,
    },
    /// `K` redeclared.
    King,
    /// The definition after `=` cannot be read.
    Definition(PieceDefinitionError),
}

impl DeclarationError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::piece_kind::PieceTable;
    /// let mut table = PieceTable::new();
    /// assert_eq!(table.declare_text("Z=betza:Zx").unwrap_err().code(), "piece.betza.bad-letter");
    /// assert_eq!(table.declare_text("GH=grasshopper").unwrap_err().code(), "piece.declaration.syntax");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            DeclarationError::Syntax { .. } => "piece.declaration.syntax",
            DeclarationError::BadLetter { .. } => "piece.declaration.letter",
            DeclarationError::King => "piece.declaration.king",
            DeclarationError::Definition(e) => e.code(),
        }
    }
}

impl fmt::Display for DeclarationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationError::Syntax { text } => {
                write!(f, "{text:?}: a piece declaration is LETTER=NAME, like G=grasshopper or Z=betza:Z")
            }
            DeclarationError::BadLetter { letter } => write!(f, "{letter:?}: a piece letter is one of A to Z"),
            DeclarationError::King => {
                f.write_str("K is the king and cannot be redeclared (royal fairy pieces are not supported)")
            }
            DeclarationError::Definition(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DeclarationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_piece_builds_and_betza_round_trips() {
        for piece in FAIRY_PIECES {
            let kind = piece.kind();
            assert_eq!(PieceKind::from_name(piece.name).as_ref(), Some(&kind));
            assert_eq!(PieceKind::from_name(piece.german).as_ref(), Some(&kind), "{}", piece.german);
            if let Some(betza) = kind.betza() {
                assert_eq!(PieceKind::from_betza(&betza).unwrap().atoms(), kind.atoms(), "{betza}");
            }
        }
    }

    #[test]
    fn betza_errors_say_where() {
        let cases = [
            ("", DefinitionErrorKind::Empty, 1),
            ("gQx", DefinitionErrorKind::BadLetter, 3),
            ("mQc", DefinitionErrorKind::MissingAtom, 3),
            ("(1,", DefinitionErrorKind::BadLeap, 1),
            ("W(1,x)", DefinitionErrorKind::BadLeap, 2),
            ("gN", DefinitionErrorKind::HopWithoutRider, 1),
            // Found by the fairy fuzz target as NnNNN: the doubled N after n was read as one lame leap.
            ("NnNN", DefinitionErrorKind::LameRider, 2),
            ("Nß", DefinitionErrorKind::BadLetter, 2),
        ];
        for (text, kind, column) in cases {
            let err = PieceKind::from_betza(text).unwrap_err();
            assert_eq!((err.kind, err.column), (kind, column), "{text}");
        }
        assert_eq!(PieceKind::from_definition("betza:Qx").unwrap_err().column, 8);
    }

    #[test]
    fn direction_letters_select_vectors() {
        let pawnish = PieceKind::from_betza("fmWfcF").unwrap();
        assert_eq!(pawnish.atoms()[0].vectors(), vec![(0, 1)]);
        let mut diagonals = pawnish.atoms()[1].vectors();
        diagonals.sort_unstable();
        assert_eq!(diagonals, vec![(-1, 1), (1, 1)]);
        assert_eq!(PieceKind::from_betza("flN").unwrap().atoms()[0].vectors().len(), 2);
        assert_eq!(PieceKind::from_betza("sW").unwrap().atoms()[0].vectors().len(), 2);
        assert_eq!(PieceKind::from_betza("fmWfcF").unwrap().betza().as_deref(), Some("mfWcfF"));
    }

    #[test]
    fn repeated_leaps_are_not_written_as_a_rider() {
        // Found by the fairy fuzz target: a knight leap twice was written NN, the nightrider.
        for text in ["NmcN", "NmcNN", "(1,4)mc(1,4)", "NmcNR"] {
            let kind = PieceKind::from_betza(text).unwrap();
            let written = kind.betza().unwrap();
            assert_eq!(PieceKind::from_betza(&written).unwrap().atoms(), kind.atoms(), "{text} -> {written}");
        }
    }
}
