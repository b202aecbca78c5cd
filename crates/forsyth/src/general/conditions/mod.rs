//! Fairy conditions: rules that change how every piece of a general position moves, captures and checks. A
//! condition changes one or more *steps* of the rules, each with the orthodox answer as its default
//! ([`Rule`]); the general position asks every condition of the problem at each step, so that conditions compose
//! (Madrasi with Circe) and a new condition is one file here, a variant of [`Condition`] and a line in its
//! registry ([`Condition::rule`], [`Condition::from_popeye`]). ARCHITECTURE.md describes the steps.
//!
//! The steps, in the order a move goes through them:
//! 1. **generation** — which pieces move ([`Rule::may_move`]: Madrasi's paralysis) and which of their moves
//!    exist ([`Rule::allows`]: Anticirce's capture needs its rebirth square);
//! 2. **rebirth** — where a piece the capture concerns goes ([`Rule::rebirth`]: Circe's captured piece,
//!    Anticirce's capturing piece);
//! 3. **recolouring** — what the move does to the moving piece after that ([`Rule::recolour`]: Andernach);
//! 4. **check** — a king is in check when a move of the other side, generated as in step 1, could capture it;
//! 5. **legality** — a move is legal when it leaves no king of the mover in check and every condition accepts
//!    the position after it ([`Rule::legal_after`]: Ohneschach's ban on checks that do not mate).

mod andernach;
mod anticirce;
mod circe;
mod madrasi;
mod names;
mod ohneschach;

use std::fmt;

use arrayvec::ArrayVec;

use super::{Cell, GeneralMove, GeneralPosition, Unit};
use crate::Color;
use crate::piece_kind::Nature;

/// A fairy condition the general position plays, with its parameters as Popeye takes them. docs/problem-chess.md
/// states each rule and its source.
///
/// ```
/// use forsyth::general::Condition;
/// let conditions = Condition::from_popeye("Madrasi RexInclusive Circe").unwrap();
/// assert_eq!(conditions, [Condition::Madrasi { rex_inclusive: true }, Condition::Circe]);
/// assert_eq!(conditions[0].to_string(), "Madrasi RexInclusive");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Condition {
    /// Madrasi: a piece observed by a piece of the same kind of the other side is paralysed — it neither moves
    /// nor captures nor checks (it still paralyses). Kings take part with `RexInclusive` only.
    Madrasi {
        /// `RexInclusive`: kings paralyse and are paralysed too.
        rex_inclusive: bool,
    },
    /// Circe: a captured piece other than a king is reborn on its square of the game array (pawns on the capture
    /// file's second or seventh rank; rooks, bishops and knights on the one of the colour of the capture square;
    /// fairy pieces on the capture file's promotion square), or vanishes when that square is occupied.
    Circe,
    /// Anticirce: the capturing piece (the king too) is reborn on its own Circe square; a capture whose rebirth
    /// square is occupied cannot be played (Calvet: unless it is the capture square itself, where the piece then
    /// stays; Cheylan: a capture on the rebirth square cannot be played either).
    Anticirce {
        /// `Cheylan`: a capture on the capturing piece's rebirth square is not allowed.
        cheylan: bool,
    },
    /// Ohneschach (Popeye's `ChecklessChess`): a move may give check only if it mates.
    Ohneschach,
    /// Andernach: a piece other than a king that captures changes colour.
    Andernach,
}

/// The conditions forsyth plays, by their English Popeye names: the list an error names.
pub const PLAYED_CONDITIONS: [&str; 5] = ["Madrasi", "Circe", "AntiCirce", "ChecklessChess", "AndernachChess"];

/// Why a condition text cannot be played.
///
/// ```
/// use forsyth::general::{Condition, ConditionError};
/// let error = Condition::from_popeye("Circe Isardam").unwrap_err();
/// assert_eq!(error, ConditionError::NotPlayed { name: "Isardam".into(), column: 7 });
/// assert_eq!(error.code(), "condition.not-played");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConditionError {
    /// A word that names no condition of Popeye's (in English or German, whole or as the start of one name).
    Unknown {
        /// The word.
        word: String,
        /// Its column in the text (characters, from 1).
        column: usize,
    },
    /// A word that starts several of Popeye's condition names.
    Ambiguous {
        /// The word.
        word: String,
        /// Its column.
        column: usize,
    },
    /// One of Popeye's conditions that forsyth does not play.
    NotPlayed {
        /// Popeye's English name for it.
        name: String,
        /// Its column.
        column: usize,
    },
    /// A variant word that does not fit its condition (`Madrasi Cheylan`) or that forsyth does not play with it
    /// (`Circe Parrain`).
    Parameter {
        /// The condition's English name.
        condition: String,
        /// The word.
        word: String,
        /// Its column.
        column: usize,
    },
    /// Two conditions that change the same step in ways forsyth cannot compose (two kinds of rebirth).
    Combination {
        /// The first condition.
        first: String,
        /// The second.
        second: String,
    },
    /// A condition whose squares are those of the 8×8 game array, on another board.
    Board {
        /// The condition.
        condition: String,
        /// The board's files.
        files: u8,
        /// Its ranks.
        ranks: u8,
    },
}

impl ConditionError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::general::Condition;
    /// assert_eq!(Condition::from_popeye("Circus").unwrap_err().code(), "condition.unknown");
    /// assert_eq!(Condition::from_popeye("Anti").unwrap_err().code(), "condition.ambiguous");
    /// assert_eq!(Condition::from_popeye("Circe Parrain").unwrap_err().code(), "condition.parameter");
    /// assert_eq!(Condition::from_popeye("Circe AntiCirce").unwrap_err().code(), "condition.combination");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ConditionError::Unknown { .. } => "condition.unknown",
            ConditionError::Ambiguous { .. } => "condition.ambiguous",
            ConditionError::NotPlayed { .. } => "condition.not-played",
            ConditionError::Parameter { .. } => "condition.parameter",
            ConditionError::Combination { .. } => "condition.combination",
            ConditionError::Board { .. } => "condition.board",
        }
    }

    /// The words of the condition text the error is about (`Isardam`, `Circe Parrain`), as a refusal names it.
    ///
    /// ```
    /// use forsyth::general::Condition;
    /// assert_eq!(Condition::from_popeye("Circe Parrain").unwrap_err().subject(), "Circe Parrain");
    /// ```
    pub fn subject(&self) -> String {
        match self {
            ConditionError::Unknown { word, .. } | ConditionError::Ambiguous { word, .. } => word.clone(),
            ConditionError::NotPlayed { name, .. } => name.clone(),
            ConditionError::Parameter { condition, word, .. } => format!("{condition} {word}"),
            ConditionError::Combination { first, second } => format!("{first} {second}"),
            ConditionError::Board { condition, .. } => condition.clone(),
        }
    }
}

impl fmt::Display for ConditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let played = PLAYED_CONDITIONS.join(", ");
        match self {
            ConditionError::Unknown { word, column } => write!(
                f,
                "column {column}: '{word}' is not one of Popeye's conditions (in English or German); forsyth plays \
                 {played}"
            ),
            ConditionError::Ambiguous { word, column } => write!(
                f,
                "column {column}: '{word}' starts several of Popeye's condition names; write more of the name"
            ),
            ConditionError::NotPlayed { name, column } => {
                write!(f, "column {column}: forsyth does not play the condition {name} yet; it plays {played}")
            }
            ConditionError::Parameter { condition, word, column } => write!(
                f,
                "column {column}: '{word}' after {condition} is not a variant forsyth plays with it ({})",
                match condition.as_str() {
                    "Madrasi" => "RexInclusive",
                    "AntiCirce" => "Calvet, Cheylan, RexInclusive",
                    "Circe" => "RexExclusive",
                    _ => "none",
                }
            ),
            ConditionError::Combination { first, second } => write!(
                f,
                "{first} and {second} both decide where a captured piece goes: forsyth plays one of them at a time"
            ),
            ConditionError::Board { condition, files, ranks } => write!(
                f,
                "{condition} reborn pieces on the squares of the 8×8 game array; this board has {files} × {ranks} \
                 squares"
            ),
        }
    }
}

impl std::error::Error for ConditionError {}

impl fmt::Display for Condition {
    /// Popeye's English name with its parameters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Madrasi { rex_inclusive: false } => f.write_str("Madrasi"),
            Condition::Madrasi { rex_inclusive: true } => f.write_str("Madrasi RexInclusive"),
            Condition::Circe => f.write_str("Circe"),
            Condition::Anticirce { cheylan: false } => f.write_str("AntiCirce"),
            Condition::Anticirce { cheylan: true } => f.write_str("AntiCirce Cheylan"),
            Condition::Ohneschach => f.write_str("ChecklessChess"),
            Condition::Andernach => f.write_str("AndernachChess"),
        }
    }
}

/// What looking a word up in one of Popeye's name tables gives, as Popeye's `GetUniqIndex` decides it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lookup {
    Found(usize),
    Ambiguous,
    Missing,
}

/// The entry `word` names in `table`: the first entry it starts (in any case) when it is the whole entry or
/// starts no other.
fn lookup(table: &[&str], word: &str) -> Lookup {
    // Bytes, so that no word can cut a name inside a character.
    let starts =
        |entry: &str| entry.len() >= word.len() && entry.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes());
    let Some(first) = table.iter().position(|e| starts(e)) else { return Lookup::Missing };
    if table[first].len() == word.len() || !table[first + 1..].iter().any(|e| starts(e)) {
        Lookup::Found(first)
    } else {
        Lookup::Ambiguous
    }
}

/// The entry `word` names in the English table or else in the German one (same order in both).
fn lookup_either(english: &[&str], german: &[&str], word: &str) -> Lookup {
    match (lookup(english, word), lookup(german, word)) {
        (Lookup::Found(i), _) | (_, Lookup::Found(i)) => Lookup::Found(i),
        (Lookup::Ambiguous, _) | (_, Lookup::Ambiguous) => Lookup::Ambiguous,
        _ => Lookup::Missing,
    }
}

/// Indices in Popeye's condition tables.
const CIRCE: usize = 0;
const MADRASI: usize = 2;
const ANTICIRCE: usize = 51;
const ANDERNACH: usize = 73;
const CHECKLESS: usize = 85;

/// Indices in Popeye's table of Circe variant words.
const REX_INCLUSIVE: usize = 0;
const REX_EXCLUSIVE: usize = 1;
const CALVET: usize = 27;
const CHEYLAN: usize = 28;

impl Condition {
    /// Reads the text of Popeye's `Condition` lines: condition names in English or German, each whole or as the
    /// start of exactly one of Popeye's names (`Madr`, `Ohneschach`, `Anticirce Cheylan`), any case, each followed
    /// by its variant words. A condition named twice is played once.
    ///
    /// ```
    /// use forsyth::general::Condition;
    /// assert_eq!(Condition::from_popeye("ohneschach")?, [Condition::Ohneschach]);
    /// assert_eq!(Condition::from_popeye("AndernachSchach Circe")?, [Condition::Andernach, Condition::Circe]);
    /// assert_eq!(Condition::from_popeye("AntiCirce Cheylan")?, [Condition::Anticirce { cheylan: true }]);
    /// assert_eq!(Condition::from_popeye("Grid").unwrap_err().to_string(),
    ///            "column 1: forsyth does not play the condition GridChess yet; it plays Madrasi, Circe, AntiCirce, \
    ///             ChecklessChess, AndernachChess");
    /// # Ok::<(), forsyth::general::ConditionError>(())
    /// ```
    pub fn from_popeye(text: &str) -> Result<Vec<Condition>, ConditionError> {
        let words = words(text);
        let mut out: Vec<Condition> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (column, word) = words[i];
            i += 1;
            let index = match lookup_either(&names::CONDITIONS_ENGLISH, &names::CONDITIONS_GERMAN, word) {
                Lookup::Found(index) => index,
                Lookup::Ambiguous => return Err(ConditionError::Ambiguous { word: word.to_string(), column }),
                Lookup::Missing => {
                    return Err(match lookup_either(&names::EXTRA_ENGLISH, &names::EXTRA_GERMAN, word) {
                        Lookup::Found(extra) => {
                            ConditionError::NotPlayed { name: names::EXTRA_ENGLISH[extra].to_string(), column }
                        }
                        Lookup::Ambiguous => ConditionError::Ambiguous { word: word.to_string(), column },
                        Lookup::Missing => ConditionError::Unknown { word: word.to_string(), column },
                    });
                }
            };
            let name = names::CONDITIONS_ENGLISH[index];
            // The variant words that follow, as Popeye reads them after a Circe-like condition and Madrasi.
            let mut variants = Vec::new();
            if matches!(index, CIRCE | MADRASI | ANTICIRCE) {
                while let Some(&(column, word)) = words.get(i) {
                    match lookup_either(&names::VARIANTS_ENGLISH, &names::VARIANTS_GERMAN, word) {
                        Lookup::Found(variant) => variants.push((variant, column, word)),
                        _ => break,
                    }
                    i += 1;
                }
            }
            let misfit = |&(_, column, word): &(usize, usize, &str)| ConditionError::Parameter {
                condition: name.to_string(),
                word: word.to_string(),
                column,
            };
            let condition = match index {
                MADRASI => {
                    let mut rex_inclusive = false;
                    for v in &variants {
                        match v.0 {
                            REX_INCLUSIVE => rex_inclusive = true,
                            REX_EXCLUSIVE => rex_inclusive = false,
                            _ => return Err(misfit(v)),
                        }
                    }
                    Condition::Madrasi { rex_inclusive }
                }
                CIRCE => {
                    if let Some(v) = variants.iter().find(|v| v.0 != REX_EXCLUSIVE) {
                        return Err(misfit(v));
                    }
                    Condition::Circe
                }
                ANTICIRCE => {
                    let mut cheylan = false;
                    for v in &variants {
                        match v.0 {
                            CALVET => cheylan = false,
                            CHEYLAN => cheylan = true,
                            REX_INCLUSIVE => {}
                            _ => return Err(misfit(v)),
                        }
                    }
                    Condition::Anticirce { cheylan }
                }
                CHECKLESS => Condition::Ohneschach,
                ANDERNACH => Condition::Andernach,
                _ => return Err(ConditionError::NotPlayed { name: name.to_string(), column }),
            };
            if let Some(same) =
                out.iter_mut().find(|c| std::mem::discriminant(*c) == std::mem::discriminant(&condition))
            {
                // Popeye sets a condition's flag once; its variant words add up.
                if let (Condition::Madrasi { rex_inclusive: a }, Condition::Madrasi { rex_inclusive: b }) =
                    (&mut *same, condition)
                {
                    *a |= b;
                }
                if let (Condition::Anticirce { cheylan: a }, Condition::Anticirce { cheylan: b }) =
                    (&mut *same, condition)
                {
                    *a |= b;
                }
                continue;
            }
            out.push(condition);
        }
        compose(&out)?;
        Ok(out)
    }

    /// The condition's steps.
    fn rule(&self) -> &'static dyn Rule {
        match *self {
            Condition::Madrasi { rex_inclusive: false } => &madrasi::Madrasi { rex_inclusive: false },
            Condition::Madrasi { rex_inclusive: true } => &madrasi::Madrasi { rex_inclusive: true },
            Condition::Circe => &circe::Circe,
            Condition::Anticirce { cheylan: false } => &anticirce::Anticirce { cheylan: false },
            Condition::Anticirce { cheylan: true } => &anticirce::Anticirce { cheylan: true },
            Condition::Ohneschach => &ohneschach::Ohneschach,
            Condition::Andernach => &andernach::Andernach,
        }
    }

    /// Whether the condition's squares are those of the 8×8 game array (the Circe family).
    fn needs_game_array(&self) -> bool {
        matches!(self, Condition::Circe | Condition::Anticirce { .. })
    }
}

/// The words of a text with their columns (characters, from 1).
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (at, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, at)),
            (true, Some((col, from))) => {
                out.push((col, &text[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &text[from..]));
    }
    out
}

/// Refuses conditions that change one step in ways that do not compose.
fn compose(conditions: &[Condition]) -> Result<(), ConditionError> {
    let rebirths: Vec<&Condition> = conditions.iter().filter(|c| c.needs_game_array()).collect();
    if let [first, second, ..] = rebirths[..] {
        return Err(ConditionError::Combination { first: first.to_string(), second: second.to_string() });
    }
    Ok(())
}

/// The steps of the rules a condition can change (see the module's documentation), each answering as orthodox
/// chess does unless the condition says otherwise.
pub(super) trait Rule: Sync {
    /// Generation: whether the piece `unit` on `cell` may move at all (and so capture and check).
    fn may_move(&self, _pos: &GeneralPosition, _cell: Cell, _unit: Unit) -> bool {
        true
    }

    /// Generation: whether a pseudo-legal move of a piece that may move exists under the condition.
    fn allows(&self, _pos: &GeneralPosition, _mv: &GeneralMove) -> bool {
        true
    }

    /// Whether [`Rule::may_move`] or [`Rule::allows`] can take away a capture, so that a check needs the
    /// condition's own test and the orthodox attack test is only the first filter.
    fn restricts_captures(&self) -> bool {
        false
    }

    /// Rebirth: after the capture has been played on the board (the captured piece off, the capturer landed),
    /// where a piece goes.
    fn rebirth(&self, _pos: &mut GeneralPosition, _play: &mut Played) {}

    /// Recolouring: what the move then does to the moving piece.
    fn recolour(&self, _pos: &mut GeneralPosition, _play: &mut Played) {}

    /// Legality: whether the position after a move (the mover's kings not in check) may arise; `depth` counts
    /// the legality tests nested in this one (Ohneschach asks for the moves after a check).
    fn legal_after(&self, _pos: &mut GeneralPosition, _depth: u8) -> bool {
        true
    }
}

/// The cells a move's conditions changed, with what stood there before, to undo in reverse order.
pub(super) type Journal = ArrayVec<(Cell, Option<Unit>), 4>;

/// A move being played, as the rebirth and recolouring steps see it.
pub(super) struct Played {
    /// The move.
    pub(super) mv: GeneralMove,
    /// The piece captured, if any.
    pub(super) captured: Option<Unit>,
    /// Where the moving piece stands now (Anticirce moves it to its rebirth square).
    pub(super) mover_at: Cell,
    /// The cells changed so far.
    pub(super) journal: Journal,
}

/// The conditions of a position type, held in its shared rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Conditions {
    list: Vec<Condition>,
    restricts_captures: bool,
}

/// The most legality tests nested in one another (Ohneschach's mate test asks whether a check in reply mates);
/// deeper, a move counts as illegal, as in Popeye, which stops such a recursion too.
const MAX_DEPTH: u8 = 24;

impl Conditions {
    pub(super) fn new(list: &[Condition]) -> Conditions {
        Conditions { list: list.to_vec(), restricts_captures: list.iter().any(|c| c.rule().restricts_captures()) }
    }

    /// Whether any condition is in play.
    #[inline]
    pub(super) fn active(&self) -> bool {
        !self.list.is_empty()
    }

    pub(super) fn list(&self) -> &[Condition] {
        &self.list
    }

    fn rules(&self) -> impl Iterator<Item = &'static dyn Rule> + '_ {
        self.list.iter().map(Condition::rule)
    }
}

/// The conditions' checks of a board before they are played on it.
pub(super) fn check_board(list: &[Condition], files: u8, ranks: u8) -> Result<(), ConditionError> {
    compose(list)?;
    match list.iter().find(|c| c.needs_game_array()) {
        Some(c) if (files, ranks) != (8, 8) => Err(ConditionError::Board { condition: c.to_string(), files, ranks }),
        _ => Ok(()),
    }
}

impl GeneralPosition {
    fn active_conditions(&self) -> &Conditions {
        &self.rules.conditions
    }

    /// Puts `unit` on `cell`, noting what stood there in the journal.
    pub(super) fn change(&mut self, cell: Cell, unit: Option<Unit>, journal: &mut Journal) {
        let before = std::mem::replace(&mut self.cells[cell as usize], unit);
        // Every condition changes at most two cells of a move, and there are at most two that do.
        let _ = journal.try_push((cell, before));
    }

    /// The rebirth and recolouring steps of a move just played (the board after its orthodox part).
    pub(super) fn condition_effects(&mut self, mv: GeneralMove, captured: Option<Unit>) -> Journal {
        let mut play = Played { mv, captured, mover_at: mv.to, journal: Journal::new() };
        let conditions = self.rules.clone();
        for rule in conditions.conditions.rules() {
            rule.rebirth(self, &mut play);
        }
        for rule in conditions.conditions.rules() {
            rule.recolour(self, &mut play);
        }
        play.journal
    }

    /// Undoes the journal of a move's conditions.
    pub(super) fn undo_effects(&mut self, journal: &Journal) {
        for &(cell, before) in journal.iter().rev() {
            self.cells[cell as usize] = before;
        }
    }

    /// Whether the piece on `cell` may move under every condition.
    fn may_move_under_conditions(&self, cell: Cell, unit: Unit) -> bool {
        self.active_conditions().rules().all(|r| r.may_move(self, cell, unit))
    }

    /// The pseudo-legal moves under the conditions of the pieces of `color` (castling aside).
    fn conditioned_pseudo_moves(&self, color: Color, out: &mut Vec<GeneralMove>) {
        for cell in 0..self.cells.len() {
            let Some(unit) = self.cells[cell] else { continue };
            if unit.color != color || !self.may_move_under_conditions(cell as Cell, unit) {
                continue;
            }
            let start = out.len();
            self.piece_moves(cell as Cell, unit, out);
            if self.active_conditions().restricts_captures {
                let mut kept = start;
                for i in start..out.len() {
                    let mv = out[i];
                    if self.active_conditions().rules().all(|r| r.allows(self, &mv)) {
                        out[kept] = mv;
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
        }
    }

    /// Whether a piece of `by` could capture on `target` under the conditions: a capture there among its moves
    /// of the generation step. The orthodox attack test comes first, since conditions only take captures away.
    pub(super) fn attacked_under_conditions(&self, target: Cell, by: Color) -> bool {
        if !self.attacked_by_kinds(target, by, u64::MAX, true) {
            return false;
        }
        if !self.active_conditions().restricts_captures {
            return true;
        }
        let mut moves = Vec::new();
        for cell in 0..self.cells.len() {
            let Some(unit) = self.cells[cell] else { continue };
            if unit.color != by || !self.may_move_under_conditions(cell as Cell, unit) {
                continue;
            }
            moves.clear();
            self.piece_moves(cell as Cell, unit, &mut moves);
            if moves
                .iter()
                .any(|m| m.capture == Some(target) && self.active_conditions().rules().all(|r| r.allows(self, m)))
            {
                return true;
            }
        }
        false
    }

    /// Appends the legal moves under the conditions: each pseudo-legal move of the generation step played with
    /// its rebirth and recolouring, kept when no king of the mover is then in check and every condition accepts
    /// the position. `depth` counts the legality tests this one is nested in.
    pub(super) fn conditioned_legal_into(&mut self, out: &mut Vec<GeneralMove>, depth: u8) {
        let start = out.len();
        let mover = self.turn;
        self.conditioned_pseudo_moves(mover, out);
        let kings: ArrayVec<Cell, 8> = self.kings(mover).take(8).collect();
        if !kings.iter().any(|&k| self.attacked_under_conditions(k, !mover)) {
            self.castling_moves(out, &kings);
        }
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            if self.legal_under_conditions(mv, depth) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the side to move has a legal move under the conditions, stopping at the first.
    pub(super) fn has_conditioned_move(&mut self, depth: u8) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let mut moves = Vec::new();
        let mover = self.turn;
        self.conditioned_pseudo_moves(mover, &mut moves);
        let kings: ArrayVec<Cell, 8> = self.kings(mover).take(8).collect();
        if !kings.iter().any(|&k| self.attacked_under_conditions(k, !mover)) {
            self.castling_moves(&mut moves, &kings);
        }
        moves.into_iter().any(|mv| self.legal_under_conditions(mv, depth))
    }

    /// Whether a pseudo-legal move of the side to move is legal under the conditions.
    fn legal_under_conditions(&mut self, mv: GeneralMove, depth: u8) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let mover = self.turn;
        let undo = self.make(mv);
        let kings: ArrayVec<Cell, 8> = self.kings(mover).take(8).collect();
        let mut legal = !kings.iter().any(|&k| self.attacked_under_conditions(k, !mover));
        if legal {
            let rules = self.rules.clone();
            legal = rules.conditions.rules().all(|r| r.legal_after(self, depth));
        }
        self.unmake(undo);
        legal
    }

    /// The square of the 8×8 game array a piece of `color` of the kind `unit.kind` is reborn on after a capture
    /// on `capture`, by Circe's rule (Popeye's `circe_regular_rebirth_square`): pawns on the capture file's second
    /// (White) or seventh (Black) rank, rooks, bishops and knights on the one of their two squares of the capture
    /// square's colour, queen and king on their squares, fairy pieces on the capture file's promotion square.
    pub(super) fn circe_square(&self, unit: Unit, capture: Cell) -> Cell {
        let grid = self.grid;
        let (file, rank) = (grid.file_of(capture), grid.rank_of(capture));
        // a1 is dark: a square is light when its file and rank differ in parity.
        let light = (file + rank) % 2 == 1;
        let white = unit.color == Color::White;
        let home = if white { 0 } else { 7 };
        let nature = self.nature(unit);
        let name = self.table.kind(unit.kind as usize).name();
        let (f, r) = match (nature, name) {
            (Nature::Pawn | Nature::BerolinaPawn, _) => (file, if white { 1 } else { 6 }),
            (Nature::King, _) => (4, home),
            (_, "queen") => (3, home),
            // The light square of each pair: b1 and g8, h1 and a8, f1 and c8.
            (_, "knight") => (if light == white { 1 } else { 6 }, home),
            (_, "rook") => (if light == white { 7 } else { 0 }, home),
            (_, "bishop") => (if light == white { 5 } else { 2 }, home),
            _ => (file, if white { 7 } else { 0 }),
        };
        grid.cell(f, r)
    }
}
