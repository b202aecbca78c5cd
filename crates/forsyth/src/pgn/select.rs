//! Selecting games: a small condition language over a game's tags, its mainline positions and its moves.
//!
//! A [`Selection`] is parsed from text such as `WhiteElo >= 2500 and (Player ~ carlsen or not Result = 1-0)`.
//! Reading a game into the [`GameFacts`] visitor the selection makes collects what the conditions need (tags,
//! mainline plies, the positions reached, the material balance, the final position, a hash of the moves), and
//! [`Selection::matches`] decides. The grammar, lowest precedence first:
//!
//! ```text
//! expression := and ( ("or" | "||") and )*
//! and        := unary ( ("and" | "&&") unary )*
//! unary      := ("not" | "!") unary | "(" expression ")" | test
//! test       := FIELD OP VALUE | position(FEN, ...) | material(SIGNATURE) | final_material(SIGNATURE)
//!             | underpromotion() | fifty() | repetition()
//! OP         := = | == | != | < | <= | > | >= | ~ (contains, any case) | !~ | =~ (regular expression)
//! VALUE      := a word without spaces, or "a quoted string" (\" and \\ inside)
//! ```
//!
//! A FIELD is a tag name (case-sensitive, as PGN defines them) or one of the fields computed from the game: `Player` (White or Black:
//! a test on `Player` holds if it holds for either), `Plies` (mainline plies), `Ends` (`mate`, `stalemate` or
//! `none`: the final position). Comparisons are numeric when VALUE is a number, by date when the field's name
//! ends in `Date` (PGN dates `YYYY.MM.DD`; a part written `??` is unknown, and a test holds only if it holds
//! for every date the value may stand for: `Date >= 2020` holds for `2021.??.??` but not for `????.??.??`; a
//! VALUE may stop after the year or month, `Date = 2020.05` is all of May), and otherwise by text. A test on a
//! tag the game does not have is false (also with `!=`); `not` makes it true.
//!
//! ```
//! use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
//! let selection = Selection::parse("WhiteElo >= 2500 and Player ~ carlsen and Plies <= 80").unwrap();
//! let game = "[White \"Carlsen, Magnus\"]\n[WhiteElo \"2830\"]\n\n1. e4 e5 2. Nf3 *\n";
//! let mut facts = selection.facts();
//! let raw = GameSplitter::new(game.as_bytes()).next().unwrap().unwrap();
//! read_game(&raw, &PgnReadOptions::default(), &mut facts);
//! assert!(selection.matches(&facts));
//! let error = Selection::parse("WhiteElo >= ").unwrap_err();
//! assert_eq!((error.column, error.code()), (13, "select.expected-value"));
//! ```

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

#[cfg(feature = "regex")]
use regex::Regex;

use super::reader::Visitor;
use super::tags::start_position;
use super::word_hash::WordHasher;
use crate::notation::fen::Fen;
use crate::{Board, Color, Move, Position, Role, Status, Variant};

/// Why a condition cannot be read: where (column, from 1, in characters) and what.
///
/// ```
/// use forsyth::pgn::Selection;
/// let error = Selection::parse("Plies <= 80 and position(8/8/8)").unwrap_err();
/// assert_eq!((error.column, error.code()), (26, "select.bad-fen"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectError {
    /// The column of the first character that is wrong, counted in characters from 1.
    pub column: usize,
    /// What is wrong and what would be right.
    pub message: String,
    code: &'static str,
}

impl SelectError {
    /// A stable code: `select.syntax`, `select.expected-value`, `select.bad-regex`, `select.bad-fen`,
    /// `select.bad-material`, `select.unknown-test`.
    ///
    /// ```
    /// use forsyth::pgn::Selection;
    /// assert_eq!(Selection::parse("Elo >= 2500 or").unwrap_err().code(), "select.syntax");
    /// assert_eq!(Selection::parse("material(KQ)").unwrap_err().code(), "select.bad-material");
    /// ```
    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl std::fmt::Display for SelectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {} [{}]", self.column, self.message, self.code)
    }
}

impl std::error::Error for SelectError {}

/// A comparison operator of the condition language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Contains,
    NotContains,
    Matches,
}

/// How a comparison's value is read, decided once when the condition is parsed.
#[derive(Clone, Debug)]
enum Value {
    Number(f64),
    Date(DateRange),
    Text(String),
    /// Lower-cased, for `~` and `!~`.
    Needle(String),
    #[cfg(feature = "regex")]
    Pattern(Regex),
}

/// A field a comparison looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Field {
    Tag(String),
    Player,
    Plies,
    Ends,
}

#[derive(Clone, Debug)]
enum Condition {
    All(Vec<Condition>),
    Any(Vec<Condition>),
    Not(Box<Condition>),
    Compare {
        field: Field,
        op: Op,
        value: Value,
    },
    /// Reaches one of the positions (indices into [`Selection::positions`]).
    Reaches(Vec<usize>),
    /// Has this material at some point (index into [`Selection::materials`]).
    Material(usize),
    /// Has this material at the end.
    FinalMaterial(usize),
    /// The tag of this name in any case has exactly this value; an empty value: the game has no such tag.
    TagIs {
        name: String,
        value: String,
    },
    /// Is of one of these variants (from the `Variant` and `FEN` tags).
    VariantIn(Vec<Variant>),
    /// Has this pattern in its main line.
    Pattern(Pattern),
}

/// Something that happens in a game's main line, tested by `underpromotion()`, `fifty()`, `repetition()`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Pattern {
    /// A pawn promotes to a piece other than a queen.
    Underpromotion,
    /// Fifty moves by each side without a capture or a pawn move (the halfmove clock reaches 100).
    FiftyMoves,
    /// A position occurs for the third time (the same position as FIDE 9.2.3 defines it).
    Repetition,
}

/// A position a game must reach: the board, and the side to move if given; and what a game must still have to
/// reach it later, so that replaying can stop once it cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Target {
    board: Board,
    turn: Option<Color>,
    material: Material,
    /// For each pawn of the target, White's then Black's: the squares (as board bits) from which a pawn can get to
    /// its square. Pawns only move forward, at most one file sideways per rank (by capturing), and no piece ever
    /// becomes a pawn: a target pawn none of whose squares holds a pawn now can never be there.
    pawn_sources: [Vec<u128>; 2],
}

impl Target {
    fn new(board: Board, turn: Option<Color>) -> Target {
        let mut pawn_sources = [Vec::new(), Vec::new()];
        for (square, piece) in board.pieces() {
            if piece.role != Role::Pawn {
                continue;
            }
            let (file, rank) = (i32::from(square.file().index()), i32::from(square.rank().index()));
            let mut sources = 0u128;
            for from_rank in 0..8 {
                // How many ranks the pawn has to advance from `from_rank`: files within that distance.
                let advance = if piece.color == Color::White { rank - from_rank } else { from_rank - rank };
                if advance < 0 {
                    continue;
                }
                let files = (file - advance).max(0)..=(file + advance).min(i32::from(board.shape().files()) - 1);
                for from_file in files {
                    sources |= 1u128 << (from_rank * 16 + from_file);
                }
            }
            pawn_sources[piece.color as usize].push(sources);
        }
        Target { material: Material::of(&board), board, turn, pawn_sources }
    }

    fn is_reached_by(&self, position: &Position) -> bool {
        self.turn.is_none_or(|t| t == position.turn()) && self.board == position.board()
    }

    /// Whether a game whose mainline stands on `board` (with `material`) may still reach the target: false when
    /// pieces the target has are gone for good, or pawns have passed squares they cannot come back to. A necessary
    /// condition, not a sufficient one: it may hold for a position that never leads to the target.
    fn may_be_reached_from(&self, board: &Board, material: &Material) -> bool {
        board.shape() == self.board.shape()
            && material.may_become(&self.material)
            && [Color::White, Color::Black].into_iter().all(|color| {
                let pawns = board.color_bits(color) & board.role_bits(Role::Pawn);
                self.pawn_sources[color as usize].iter().all(|sources| sources & pawns != 0)
            })
    }
}

/// The pieces of each side: counts by role, White then Black.
///
/// ```
/// use forsyth::pgn::Material;
/// let kq_kr: Material = "KQ:KR".parse().unwrap();
/// assert_eq!(kq_kr.to_string(), "KQ:KR");
/// assert_eq!("KQ:KR".parse::<Material>(), "QK:RK".parse());
/// assert!("KQ".parse::<Material>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Material([[u8; 8]; 2]);

impl Material {
    /// The material on a board.
    ///
    /// ```
    /// use forsyth::{Position, pgn::Material};
    /// let start = Material::of(&Position::default().board());
    /// assert_eq!(start.to_string(), "KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP");
    /// ```
    pub fn of(board: &Board) -> Material {
        let mut counts = [[0u8; 8]; 2];
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for role in Role::ALL {
                let count = (board.color_bits(color) & board.role_bits(role)).count_ones();
                counts[side][role.index()] = count.min(u8::MAX as u32) as u8;
            }
        }
        Material(counts)
    }

    /// Whether a game with this material may have `later` at a later point: pieces are only taken, and a pawn
    /// only becomes another piece (never a king or a pawn). A necessary condition: `KQ:K` may become `K:K`, never
    /// `KR:K`... unless a pawn is there to promote.
    ///
    /// ```
    /// use forsyth::pgn::Material;
    /// let now: Material = "KRP:KR".parse().unwrap();
    /// assert!(now.may_become(&"KQ:KR".parse().unwrap()));
    /// assert!(now.may_become(&"KR:K".parse().unwrap()));
    /// assert!(!now.may_become(&"KQQR:KR".parse().unwrap()), "one pawn, two new queens");
    /// assert!(!now.may_become(&"KRPP:KR".parse().unwrap()));
    /// ```
    pub fn may_become(&self, later: &Material) -> bool {
        let pawn = Role::Pawn.index();
        self.0.iter().zip(later.0.iter()).all(|(now, later)| {
            let promotions_needed: u32 =
                (0..8).filter(|&role| role != pawn).map(|role| u32::from(later[role].saturating_sub(now[role]))).sum();
            later[pawn] <= now[pawn] && promotions_needed <= u32::from(now[pawn] - later[pawn])
        })
    }
}

impl std::str::FromStr for Material {
    type Err = String;

    /// `WHITE:BLACK`, each side's pieces as letters (K Q R B N P A C, any order, any case): `KQ:KR`, `KRPP:KR`.
    fn from_str(text: &str) -> Result<Material, String> {
        let (white, black) = text
            .split_once(':')
            .ok_or_else(|| format!("'{text}' is not a material signature WHITE:BLACK such as KQ:KR"))?;
        let mut counts = [[0u8; 8]; 2];
        for (side, letters) in [white, black].into_iter().enumerate() {
            for c in letters.trim().chars() {
                let role = Role::from_char(c.to_ascii_lowercase())
                    .ok_or_else(|| format!("'{c}' is not a piece letter (K Q R B N P, A C on 10x8 boards)"))?;
                counts[side][role.index()] = counts[side][role.index()].saturating_add(1);
            }
        }
        Ok(Material(counts))
    }
}

impl std::fmt::Display for Material {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const ORDER: [Role; 8] = [
            Role::King,
            Role::Queen,
            Role::Chancellor,
            Role::Archbishop,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for (side, counts) in self.0.iter().enumerate() {
            if side == 1 {
                f.write_str(":")?;
            }
            for role in ORDER {
                for _ in 0..counts[role.index()] {
                    write!(f, "{}", role.upper_char())?;
                }
            }
        }
        Ok(())
    }
}

/// A parsed condition, ready to test games.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
/// // The Fool's Mate: 1. f3 e5 2. g4 Qh4#.
/// let raw = GameSplitter::new("1. f3 e5 2. g4 Qh4# 0-1\n".as_bytes()).next().unwrap().unwrap();
/// let test = |text: &str| {
///     let selection = Selection::parse(text).unwrap();
///     let mut facts = selection.facts();
///     read_game(&raw, &PgnReadOptions::default(), &mut facts);
///     selection.matches(&facts)
/// };
/// assert!(test("Ends = mate and Plies = 4"));
/// assert!(!test("Ends = stalemate or Result = 1-0"));
/// ```
#[derive(Clone, Debug)]
pub struct Selection {
    condition: Condition,
    positions: Vec<Target>,
    materials: Vec<Material>,
    /// The tags the condition looks at (compared in any case): [`GameFacts`] keeps no others.
    tag_names: Vec<String>,
    /// The lengths of `tag_names` as bits (63 for any longer): most tags of a game are turned down by their
    /// length alone.
    tag_name_lengths: u64,
    /// Whether the condition needs the final position, and which [`Pattern`]s it tests (by `Pattern as usize`):
    /// worked out once, not for every game.
    needs_final_position: bool,
    patterns: [bool; 3],
}

impl Selection {
    fn new(condition: Condition, positions: Vec<Target>, materials: Vec<Material>) -> Selection {
        let mut tag_names = Vec::new();
        condition.tag_names(&mut tag_names);
        let needs_final_position = condition.needs_final_position();
        let patterns =
            [Pattern::Underpromotion, Pattern::FiftyMoves, Pattern::Repetition].map(|pattern| condition.tests(pattern));
        let tag_name_lengths = tag_names.iter().fold(0, |bits, name| bits | length_bit(name));
        Selection { condition, positions, materials, tag_names, tag_name_lengths, needs_final_position, patterns }
    }

    /// Reads a condition (its language is in this module's documentation). An empty text selects every game.
    ///
    /// ```
    /// use forsyth::pgn::Selection;
    /// assert!(Selection::parse("Date >= 2020.05 and (Result = 1-0 or Result = 0-1)").is_ok());
    /// assert!(!Selection::parse("Event ~ open").unwrap().needs_positions());
    /// let error = Selection::parse("Event ~ open and").unwrap_err();
    /// assert_eq!(error.column, 17);
    /// ```
    pub fn parse(text: &str) -> Result<Selection, SelectError> {
        let mut parser =
            Parser { chars: text.char_indices().collect(), at: 0, positions: Vec::new(), materials: Vec::new() };
        parser.skip_space();
        let condition = if parser.at_end() { Condition::All(Vec::new()) } else { parser.expression()? };
        parser.skip_space();
        if !parser.at_end() {
            return Err(parser.error("select.syntax", "expected 'and', 'or' or the end of the condition"));
        }
        Ok(Selection::new(condition, parser.positions, parser.materials))
    }

    /// Every condition of `parts` must hold (parts that fail to parse are errors, with their index).
    ///
    /// ```
    /// use forsyth::pgn::Selection;
    /// let both = Selection::all(vec![Selection::parse("Plies > 2").unwrap(), Selection::parse("not Ends = mate").unwrap()]);
    /// assert!(both.needs_positions());
    /// ```
    pub fn all(parts: Vec<Selection>) -> Selection {
        let mut positions = Vec::new();
        let mut materials = Vec::new();
        let conditions = parts
            .into_iter()
            .map(|part| {
                let condition = part.condition.renumbered(positions.len(), materials.len());
                positions.extend(part.positions);
                materials.extend(part.materials);
                condition
            })
            .collect();
        Selection::new(Condition::All(conditions), positions, materials)
    }

    /// The games whose tag `name` (in any case: `eco` finds `ECO`) has exactly `value`; with an empty `value`,
    /// the games without that tag.
    ///
    /// ```
    /// use forsyth::pgn::Selection;
    /// let standard = Selection::tag_is("FEN", "");
    /// assert!(!standard.needs_positions());
    /// ```
    pub fn tag_is(name: &str, value: &str) -> Selection {
        let condition = Condition::TagIs { name: name.to_string(), value: value.to_string() };
        Selection::new(condition, Vec::new(), Vec::new())
    }

    /// The games of one of `variants`, as their `Variant` and `FEN` tags tell (a FEN that needs Chess960 castling
    /// is Chess960); games whose tags describe no start position match none.
    ///
    /// ```
    /// use forsyth::{Variant, pgn::Selection};
    /// let chess960 = Selection::variant_in(vec![Variant::Chess960]);
    /// assert!(!chess960.needs_positions());
    /// ```
    pub fn variant_in(variants: Vec<Variant>) -> Selection {
        Selection::new(Condition::VariantIn(variants), Vec::new(), Vec::new())
    }

    /// The same selection, negated.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let draws = Selection::parse("Result = 1/2-1/2").unwrap();
    /// let others = Selection::parse("Result = 1/2-1/2").unwrap().negated();
    /// let raw = GameSplitter::new("[Result \"1-0\"]\n\n1. e4 1-0\n".as_bytes()).next().unwrap().unwrap();
    /// let (mut a, mut b) = (draws.facts(), others.facts());
    /// read_game(&raw, &PgnReadOptions::default(), &mut a);
    /// read_game(&raw, &PgnReadOptions::default(), &mut b);
    /// assert!(!draws.matches(&a) && others.matches(&b));
    /// ```
    pub fn negated(self) -> Selection {
        Selection { condition: Condition::Not(Box::new(self.condition)), ..self }
    }

    /// Whether testing needs the positions of the game (position, material and `Ends` tests); without them
    /// [`GameFacts`] does no work per move beyond counting and hashing.
    ///
    /// ```
    /// use forsyth::pgn::Selection;
    /// assert!(!Selection::parse("WhiteElo > 2000 and Plies < 40").unwrap().needs_positions());
    /// assert!(Selection::parse("material(KR:K)").unwrap().needs_positions());
    /// assert!(Selection::parse("Ends = mate").unwrap().needs_positions());
    /// ```
    pub fn needs_positions(&self) -> bool {
        !self.positions.is_empty() || !self.materials.is_empty() || self.needs_final_position
    }

    /// A visitor that collects what this selection tests, for one game. A game the selection rejects by its tags
    /// alone (what it says of the moves cannot change the answer) is not replayed: its moves are neither read nor
    /// checked (see [`Visitor::wants_moves`]), as pgn-extract does; [`GameFacts::reading_every_move`] reads them.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("Result = 1-0 and Plies > 2").unwrap();
    /// let game = "[Result \"0-1\"]\n\n1. e4 Ke7 2. Qxf7 0-1\n";
    /// let raw = GameSplitter::new(game.as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts();
    /// assert!(read_game(&raw, &PgnReadOptions::default(), &mut facts).error.is_none(), "not replayed");
    /// assert!(!selection.matches(&facts));
    /// let mut facts = selection.facts().reading_every_move();
    /// assert!(read_game(&raw, &PgnReadOptions::default(), &mut facts).error.is_some(), "2... Ke7 is illegal");
    /// ```
    pub fn facts(&self) -> GameFacts<'_> {
        GameFacts {
            read_every_move: false,
            extra_tag: None,
            selection: self,
            track_positions: self.needs_positions(),
            patterns_wanted: self.patterns,
            patterns_seen: [false; 3],
            reversible_keys: Vec::new(),
            tag_text: String::new(),
            tag_spans: Vec::new(),
            depth: 0,
            plies: 0,
            last: None,
            start: None,
            reached: vec![false; self.positions.len()],
            unreachable: vec![false; self.positions.len()],
            material_seen: vec![false; self.materials.len()],
            material_unreachable: vec![false; self.materials.len()],
            rejected: false,
            hasher: MovesHasher::new(MOVES_HASH_SEEDS),
        }
    }

    /// Whether the game read into `facts` is selected.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let mates = Selection::parse("Ends = mate").unwrap();
    /// let fools_mate = "1. f3 e5 2. g4 Qh4# 0-1\n";
    /// let raw = GameSplitter::new(fools_mate.as_bytes()).next().unwrap().unwrap();
    /// let mut facts = mates.facts();
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert!(mates.matches(&facts));
    /// ```
    pub fn matches(&self, facts: &GameFacts<'_>) -> bool {
        if facts.rejected {
            // Decided while reading (and the same answer as below, which would look at the facts again).
            return false;
        }
        let end = if self.needs_positions() { facts.final_position() } else { None };
        self.condition.holds(facts, end.as_ref(), self)
    }
}

impl Condition {
    fn renumbered(self, positions: usize, materials: usize) -> Condition {
        match self {
            Condition::All(parts) => {
                Condition::All(parts.into_iter().map(|c| c.renumbered(positions, materials)).collect())
            }
            Condition::Any(parts) => {
                Condition::Any(parts.into_iter().map(|c| c.renumbered(positions, materials)).collect())
            }
            Condition::Not(inner) => Condition::Not(Box::new(inner.renumbered(positions, materials))),
            Condition::Reaches(indices) => Condition::Reaches(indices.into_iter().map(|i| i + positions).collect()),
            Condition::Material(i) => Condition::Material(i + materials),
            Condition::FinalMaterial(i) => Condition::FinalMaterial(i + materials),
            kept @ (Condition::Compare { .. }
            | Condition::TagIs { .. }
            | Condition::VariantIn(_)
            | Condition::Pattern(_)) => kept,
        }
    }

    /// Whether the condition holds for a game of which `facts` knows the tags and the mainline so far: `None` if
    /// that depends on the moves still to come. A position or material reached is a test that holds; one that can
    /// no longer be reached ([`Target::may_be_reached_from`], [`Material::may_become`]) a test that fails.
    /// `and`, `or` and `not` follow three-valued logic, so a decided answer is the one [`Condition::holds`] gives
    /// whatever the rest of the game is.
    fn holds_so_far(&self, facts: &GameFacts<'_>) -> Option<bool> {
        match self {
            // `and` is decided by a part that fails, `or` by one that holds; else undecided if any part is.
            Condition::All(parts) => Condition::decided_by(parts, false, facts),
            Condition::Any(parts) => Condition::decided_by(parts, true, facts),
            Condition::Not(inner) => inner.holds_so_far(facts).map(|holds| !holds),
            Condition::Compare { field: Field::Tag(_) | Field::Player, .. }
            | Condition::TagIs { .. }
            | Condition::VariantIn(_) => Some(self.holds(facts, None, facts.selection)),
            Condition::Reaches(indices) => {
                if indices.iter().any(|&i| facts.reached[i]) {
                    Some(true)
                } else if indices.iter().all(|&i| facts.unreachable[i]) {
                    Some(false)
                } else {
                    None
                }
            }
            Condition::Material(i) if facts.material_seen[*i] => Some(true),
            Condition::Pattern(pattern) if facts.patterns_seen[*pattern as usize] => Some(true),
            Condition::Material(i) | Condition::FinalMaterial(i) if facts.material_unreachable[*i] => Some(false),
            Condition::Compare { field: Field::Plies | Field::Ends, .. }
            | Condition::Material(_)
            | Condition::FinalMaterial(_)
            | Condition::Pattern(_) => None,
        }
    }

    /// Whether testing needs the final position (`Ends`, `final_material`, the patterns, which may happen there).
    fn needs_final_position(&self) -> bool {
        match self {
            Condition::All(parts) | Condition::Any(parts) => parts.iter().any(Condition::needs_final_position),
            Condition::Not(inner) => inner.needs_final_position(),
            Condition::Compare { field, .. } => *field == Field::Ends,
            Condition::FinalMaterial(_) | Condition::Pattern(_) => true,
            Condition::Reaches(_) | Condition::Material(_) | Condition::TagIs { .. } | Condition::VariantIn(_) => false,
        }
    }

    /// [`Condition::holds_so_far`] of `parts` joined so that one part with the answer `decisive` decides.
    fn decided_by(parts: &[Condition], decisive: bool, facts: &GameFacts<'_>) -> Option<bool> {
        let mut answer = Some(!decisive);
        for part in parts {
            match part.holds_so_far(facts) {
                Some(holds) if holds == decisive => return Some(decisive),
                Some(_) => {}
                None => answer = None,
            }
        }
        answer
    }

    /// Adds the names of the tags the condition looks at to `names`.
    fn tag_names(&self, names: &mut Vec<String>) {
        let found: &[&str] = match self {
            Condition::All(parts) | Condition::Any(parts) => {
                parts.iter().for_each(|c| c.tag_names(names));
                &[]
            }
            Condition::Not(inner) => {
                inner.tag_names(names);
                &[]
            }
            Condition::Compare { field: Field::Tag(name), .. } | Condition::TagIs { name, .. } => &[name.as_str()],
            Condition::Compare { field: Field::Player, .. } => &["White", "Black"],
            Condition::VariantIn(_) => &["Variant", "FEN"],
            _ => &[],
        };
        for name in found {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                names.push(name.to_string());
            }
        }
    }

    fn tests(&self, pattern: Pattern) -> bool {
        match self {
            Condition::All(parts) | Condition::Any(parts) => parts.iter().any(|c| c.tests(pattern)),
            Condition::Not(inner) => inner.tests(pattern),
            Condition::Pattern(tested) => *tested == pattern,
            _ => false,
        }
    }

    /// Whether the condition holds for the game of `facts`, whose final position is `end` (the positions before
    /// every mainline move are in `facts`).
    fn holds(&self, facts: &GameFacts<'_>, end: Option<&Position>, selection: &Selection) -> bool {
        match self {
            Condition::All(parts) => parts.iter().all(|c| c.holds(facts, end, selection)),
            Condition::Any(parts) => parts.iter().any(|c| c.holds(facts, end, selection)),
            Condition::Not(inner) => !inner.holds(facts, end, selection),
            Condition::Reaches(indices) => indices
                .iter()
                .any(|&i| facts.reached[i] || end.is_some_and(|p| selection.positions[i].is_reached_by(p))),
            Condition::Material(i) => {
                facts.material_seen[*i] || end.is_some_and(|p| Material::of(&p.board()) == selection.materials[*i])
            }
            Condition::FinalMaterial(i) => end.is_some_and(|p| Material::of(&p.board()) == selection.materials[*i]),
            Condition::Pattern(pattern) => {
                facts.patterns_seen[*pattern as usize]
                    || end.is_some_and(|end| match pattern {
                        Pattern::Underpromotion => false,
                        Pattern::FiftyMoves => end.halfmoves() >= 100,
                        Pattern::Repetition => {
                            let key = end.repetition_key();
                            end.halfmoves() > 0 && facts.reversible_keys.iter().filter(|&&k| k == key).count() >= 2
                        }
                    })
            }
            Condition::TagIs { name, value } => match facts.tag_any_case(name) {
                Some(found) => found == value,
                None => value.is_empty(),
            },
            Condition::VariantIn(variants) => {
                let start = start_position(facts.tag_any_case("Variant"), facts.tag_any_case("FEN"));
                start.is_ok_and(|p| variants.contains(&p.variant()))
            }
            Condition::Compare { field, op, value } => match field {
                Field::Tag(name) => facts.tag(name).is_some_and(|v| compare(v, *op, value, is_date_field(name))),
                Field::Player => {
                    ["White", "Black"].iter().any(|name| facts.tag(name).is_some_and(|v| compare(v, *op, value, false)))
                }
                Field::Plies => compare(&facts.plies.to_string(), *op, value, false),
                Field::Ends => {
                    let ends = match end.map(Position::status) {
                        Some(Status::Checkmate) => "mate",
                        Some(Status::Stalemate) => "stalemate",
                        _ => "none",
                    };
                    compare(ends, *op, value, false)
                }
            },
        }
    }
}

/// Whether a tag name ends in `Date` (any case); by bytes, since a name may hold any character.
fn is_date_field(name: &str) -> bool {
    name.len() >= 4 && name.as_bytes()[name.len() - 4..].eq_ignore_ascii_case(b"date")
}

/// Compares a field's value with a condition's value.
fn compare(found: &str, op: Op, value: &Value, date: bool) -> bool {
    let found = found.trim();
    let ordering = match value {
        #[cfg(feature = "regex")]
        Value::Pattern(regex) => return op == Op::Matches && regex.is_match(found),
        Value::Needle(needle) => {
            let contains = found.to_lowercase().contains(needle.as_str());
            return if op == Op::Contains { contains } else { !contains };
        }
        Value::Date(wanted) if date => {
            let Some(range) = DateRange::parse(found) else { return false };
            return range.compare(op, wanted);
        }
        Value::Date(_) | Value::Text(_) => {
            let text = match value {
                Value::Date(range) => range.text.as_str(),
                Value::Text(text) => text.as_str(),
                _ => unreachable!("matched above"),
            };
            found.cmp(text)
        }
        Value::Number(number) => match found.parse::<f64>() {
            Ok(n) => match n.partial_cmp(number) {
                Some(ordering) => ordering,
                None => return false,
            },
            Err(_) => return false,
        },
    };
    match op {
        Op::Eq => ordering == Ordering::Equal,
        Op::Ne => ordering != Ordering::Equal,
        Op::Lt => ordering == Ordering::Less,
        Op::Le => ordering != Ordering::Greater,
        Op::Gt => ordering == Ordering::Greater,
        Op::Ge => ordering != Ordering::Less,
        Op::Contains | Op::NotContains | Op::Matches => false,
    }
}

/// The dates a PGN date may stand for: `2020.??.??` is the whole of 2020.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DateRange {
    first: (u32, u32, u32),
    last: (u32, u32, u32),
    /// As written, for comparing with fields that are not dates.
    text: String,
}

impl DateRange {
    /// `YYYY.MM.DD`, `YYYY.MM` or `YYYY` (also with `-` or `/`), any part `?`s for unknown.
    fn parse(text: &str) -> Option<DateRange> {
        let parts: Vec<&str> = text.split(['.', '-', '/']).collect();
        if parts.is_empty() || parts.len() > 3 || parts[0].len() != 4 {
            return None;
        }
        let mut first = [0u32, 1, 1];
        let mut last = [9999u32, 12, 31];
        let mut known = true;
        for (i, part) in parts.iter().enumerate() {
            if !known || part.is_empty() || part.bytes().all(|b| b == b'?') {
                known = false;
                continue;
            }
            if !part.bytes().all(|b| b.is_ascii_digit()) || part.len() > 4 {
                return None;
            }
            let n: u32 = part.parse().ok()?;
            first[i] = n;
            last[i] = n;
        }
        Some(DateRange {
            first: (first[0], first[1], first[2]),
            last: (last[0], last[1], last[2]),
            text: text.to_string(),
        })
    }

    /// Whether the comparison holds for every date of `self` against every date of `wanted`.
    fn compare(&self, op: Op, wanted: &DateRange) -> bool {
        match op {
            Op::Eq => self.first >= wanted.first && self.last <= wanted.last,
            Op::Ne => self.last < wanted.first || self.first > wanted.last,
            Op::Lt => self.last < wanted.first,
            Op::Le => self.last <= wanted.last,
            Op::Gt => self.first > wanted.last,
            Op::Ge => self.first >= wanted.first,
            Op::Contains | Op::NotContains | Op::Matches => false,
        }
    }
}

/// What a [`Selection`] needs to know of one game, collected while the game is read.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
/// let raw = GameSplitter::new("[White \"Anna\"]\n\n1. e4 e5 2. Nf3 *\n".as_bytes()).next().unwrap().unwrap();
/// let selection = Selection::parse("White = Anna").unwrap();
/// let mut facts = selection.facts();
/// read_game(&raw, &PgnReadOptions::default(), &mut facts);
/// assert_eq!((facts.tag("White"), facts.plies()), (Some("Anna"), 3));
/// ```
#[derive(Clone, Debug)]
pub struct GameFacts<'a> {
    selection: &'a Selection,
    /// Replay every game, also one the selection rejects by its tags.
    read_every_move: bool,
    /// A tag kept beside those the selection looks at.
    extra_tag: Option<&'a str>,
    track_positions: bool,
    /// The tags kept, names and values one after the other (`tag_spans` says where): one string a game, not two
    /// a tag, since most games read are only looked at by their tags.
    tag_text: String,
    /// Where each kept tag's name and value lie in `tag_text`: name start, value start, value end.
    tag_spans: Vec<[usize; 3]>,
    /// Variation depth: 0 in the main line.
    depth: usize,
    plies: u32,
    /// The last mainline move with the position before it: the final position is computed only when needed.
    last: Option<(Position, Move)>,
    start: Option<Position>,
    reached: Vec<bool>,
    /// The positions the mainline can no longer reach.
    unreachable: Vec<bool>,
    material_seen: Vec<bool>,
    /// The material balances the mainline can no longer have.
    material_unreachable: Vec<bool>,
    /// The selection rejects the game whatever its moves still to come: they are not read.
    rejected: bool,
    /// Which [`Pattern`]s the selection tests, and which the main line has shown so far (by `Pattern as usize`).
    patterns_wanted: [bool; 3],
    patterns_seen: [bool; 3],
    /// With `repetition()`: the repetition keys of the mainline positions since the last capture or pawn move.
    reversible_keys: Vec<u64>,
    hasher: MovesHasher,
}

/// The hash of a game's moves: two lanes, 128 bits (see `word_hash`). Not for untrusted keys in a hash table (no
/// secret seed); duplicates are found by equal hashes of whole games, where 128 bits make an accidental collision
/// negligible.
type MovesHasher = WordHasher<2>;

/// The lanes' fixed start (digits of pi).
const MOVES_HASH_SEEDS: [u64; 2] = [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344];

impl<'a> GameFacts<'a> {
    /// The same visitor, reading and checking the moves of every game, also of one the selection rejects by its
    /// tags alone: an illegal move in any game is then an error, at the cost of replaying every game.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("White = nobody").unwrap();
    /// let raw = GameSplitter::new("[White \"A\"]\n\n1. e4 e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// // Rejected by its tags: not replayed, so the illegal 1... e4 goes unnoticed...
    /// assert!(read_game(&raw, &PgnReadOptions::default(), &mut selection.facts()).error.is_none());
    /// // ... unless every move is read.
    /// let mut facts = selection.facts().reading_every_move();
    /// assert!(read_game(&raw, &PgnReadOptions::default(), &mut facts).error.is_some());
    /// ```
    pub fn reading_every_move(self) -> GameFacts<'a> {
        GameFacts { read_every_move: true, ..self }
    }

    /// The same visitor, keeping the tag `name` (in any case) too, for [`GameFacts::tag`].
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("Plies > 1").unwrap();
    /// let raw = GameSplitter::new("[ECO \"C20\"]\n\n1. e4 e5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts().keeping_tag("eco");
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert_eq!(facts.tag("ECO"), Some("C20"));
    /// ```
    pub fn keeping_tag(self, name: &'a str) -> GameFacts<'a> {
        GameFacts { extra_tag: Some(name), ..self }
    }

    /// The value of the first tag with this name (PGN tag names are case-sensitive: `ECO`, not `Eco`), among the
    /// tags kept: those the selection looks at and the one of [`GameFacts::keeping_tag`].
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("White ~ anna").unwrap();
    /// let text = "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 *\n";
    /// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts();
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert_eq!(facts.tag("White"), Some("Anna"));
    /// assert_eq!(facts.tag("Black"), None, "not looked at, not kept");
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// The value of the first tag with this name in any case.
    fn tag_any_case(&self, name: &str) -> Option<&str> {
        self.tags().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v)
    }

    /// The tag pairs kept (see [`GameFacts::tag`]) as (name, value), in file order.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("Player ~ anna").unwrap();
    /// let text = "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 *\n";
    /// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts();
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert_eq!(facts.tags().collect::<Vec<_>>(), [("White", "Anna"), ("Black", "Bo")]);
    /// ```
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        let text = self.tag_text.as_str();
        self.tag_spans.iter().map(move |&[name, value, end]| (&text[name..value], &text[value..end]))
    }

    /// Mainline plies.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let selection = Selection::parse("Plies >= 3").unwrap();
    /// let raw = GameSplitter::new("1. e4 (1. d4 d5) e5 2. Nf3 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts();
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert_eq!(facts.plies(), 3, "the variation does not count");
    /// ```
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The position after the last mainline move (the start position if there is none).
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// use forsyth::Square;
    /// let selection = Selection::parse("Ends = none").unwrap();
    /// let raw = GameSplitter::new("1. e4 e5 2. Nf3 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut facts = selection.facts();
    /// read_game(&raw, &PgnReadOptions::default(), &mut facts);
    /// assert!(facts.final_position().unwrap().is_occupied(Square::F3));
    /// ```
    pub fn final_position(&self) -> Option<Position> {
        match &self.last {
            Some((before, mv)) => before.after(*mv).ok(),
            None => self.start,
        }
    }

    /// A 128-bit hash of the start position (board, side to move, castling rights, en passant) and the mainline
    /// moves: games with the same moves from the same position hash alike however their text is written
    /// (notation, comments, variations, tags). `--dedupe` keeps one game per hash.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};
    /// let every = Selection::parse("").unwrap();
    /// let hash = |text: &str| {
    ///     let mut facts = every.facts();
    ///     let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    ///     read_game(&raw, &PgnReadOptions::default(), &mut facts);
    ///     facts.moves_hash()
    /// };
    /// assert_eq!(hash("1. e4 e5 {good} (1... c5) 2. Nf3 *"), hash("[Event \"x\"]\n1. e2e4 e7e5 2. g1f3 1-0"));
    /// assert_ne!(hash("1. e4 e5 *"), hash("1. e4 e6 *"));
    /// ```
    pub fn moves_hash(&self) -> u128 {
        let mut hasher = self.hasher.clone();
        // The number of moves first: no sequence of moves can then end like another one's start position.
        hasher.write_u32(self.plies);
        if let Some(start) = &self.start {
            start.hash(&mut hasher);
            hasher.write_u8(start.variant() as u8);
        }
        hasher.finish128()
    }

    fn see_patterns(&mut self, before: &Position, mv: Move) {
        let [underpromotion, fifty, repetition] = self.patterns_wanted;
        let mut seen = self.patterns_seen;
        if underpromotion {
            seen[Pattern::Underpromotion as usize] |= mv.promotion_role().is_some_and(|role| role != Role::Queen);
        }
        if fifty {
            seen[Pattern::FiftyMoves as usize] |= before.halfmoves() >= 100;
        }
        if repetition {
            // No position repeats across a capture or pawn move: the keys before one are dropped.
            if before.halfmoves() == 0 {
                self.reversible_keys.clear();
            }
            let key = before.repetition_key();
            seen[Pattern::Repetition as usize] |= self.reversible_keys.iter().filter(|&&k| k == key).count() >= 2;
            self.reversible_keys.push(key);
        }
        if seen != self.patterns_seen {
            self.patterns_seen = seen;
            self.settle();
        }
    }

    /// Whether the selection rejects the game whatever its moves still to come (never when every move is read).
    fn settle(&mut self) {
        self.rejected = !self.read_every_move && self.selection.condition.holds_so_far(self) == Some(false);
    }

    fn see(&mut self, position: &Position) {
        let selection = self.selection;
        if selection.positions.is_empty() && selection.materials.is_empty() {
            return;
        }
        let board = position.board();
        let material = Material::of(&board);
        // Whether a test was decided here: the selection may then be decided too.
        let mut decided = false;
        for (i, target) in selection.positions.iter().enumerate() {
            if self.reached[i] || self.unreachable[i] {
                continue;
            }
            if target.turn.is_none_or(|t| t == position.turn()) && target.board == board {
                self.reached[i] = true;
                decided = true;
            } else if !target.may_be_reached_from(&board, &material) {
                self.unreachable[i] = true;
                decided = true;
            }
        }
        for (i, wanted) in selection.materials.iter().enumerate() {
            if *wanted == material {
                decided |= !self.material_seen[i];
                self.material_seen[i] = true;
            } else if !self.material_unreachable[i] && !material.may_become(wanted) {
                self.material_unreachable[i] = true;
                decided = true;
            }
        }
        if decided {
            self.settle();
        }
    }
}

/// The bit of a tag name's length in [`Selection`]'s `tag_name_lengths`.
fn length_bit(name: &str) -> u64 {
    1 << name.len().min(63)
}

impl Visitor for GameFacts<'_> {
    fn tag(&mut self, name: &str, value: &str) {
        // Only the tags looked at are kept: copying every tag of every game costs more than reading it.
        let wanted = |kept: &str| kept.eq_ignore_ascii_case(name);
        let may_be_looked_at = self.selection.tag_name_lengths & length_bit(name) != 0;
        if (may_be_looked_at && self.selection.tag_names.iter().any(|n| wanted(n)))
            || self.extra_tag.is_some_and(wanted)
        {
            self.tag_text.reserve(name.len() + value.len());
            let name_at = self.tag_text.len();
            self.tag_text.push_str(name);
            let value_at = self.tag_text.len();
            self.tag_text.push_str(value);
            self.tag_spans.push([name_at, value_at, self.tag_text.len()]);
        }
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.start = Some(*start);
        self.settle();
    }

    fn wants_moves(&mut self) -> bool {
        !self.rejected
    }

    fn play(&mut self, before: &Position, mv: Move) {
        if self.depth > 0 {
            return;
        }
        self.plies += 1;
        mv.hash(&mut self.hasher);
        // Each position is seen as the one before a move; the last, after the last move, when testing.
        if self.track_positions {
            self.see(before);
        }
        if self.patterns_wanted != [false; 3] {
            self.see_patterns(before, mv);
        }
        self.last = Some((*before, mv));
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

/// A recursive-descent parser over the characters of a condition.
struct Parser {
    chars: Vec<(usize, char)>,
    at: usize,
    positions: Vec<Target>,
    materials: Vec<Material>,
}

/// How deeply parentheses and `not`s may nest: deep enough for any condition a person writes, shallow enough
/// that parsing never exhausts the stack.
const MAX_DEPTH: usize = 64;

impl Parser {
    fn at_end(&self) -> bool {
        self.at >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, code: &'static str, message: impl Into<String>) -> SelectError {
        SelectError { column: self.at + 1, message: message.into(), code }
    }

    fn error_at(&self, at: usize, code: &'static str, message: impl Into<String>) -> SelectError {
        SelectError { column: at + 1, message: message.into(), code }
    }

    /// Consumes `word` (a keyword, any case) if it comes next as a whole word, or `symbol` if it comes next.
    fn keyword(&mut self, word: &str, symbol: &str) -> bool {
        self.skip_space();
        let rest: Vec<char> = self.chars[self.at..].iter().take(word.len() + 1).map(|&(_, c)| c).collect();
        let is_word = rest.len() >= word.len()
            && rest.iter().zip(word.chars()).all(|(a, b)| a.eq_ignore_ascii_case(&b))
            && !rest.get(word.len()).is_some_and(|&c| c.is_alphanumeric() || c == '_');
        if is_word {
            self.at += word.len();
            return true;
        }
        let symbol_chars: Vec<char> = symbol.chars().collect();
        let is_symbol =
            rest.starts_with(&symbol_chars) && !(symbol == "!" && rest.get(1).is_some_and(|c| ['=', '~'].contains(c)));
        if is_symbol {
            self.at += symbol.chars().count();
            return true;
        }
        false
    }

    fn expression(&mut self) -> Result<Condition, SelectError> {
        self.expression_at(0)
    }

    fn expression_at(&mut self, depth: usize) -> Result<Condition, SelectError> {
        let mut any = vec![self.conjunction(depth)?];
        while self.keyword("or", "||") {
            any.push(self.conjunction(depth)?);
        }
        Ok(if any.len() == 1 { any.pop().expect("one") } else { Condition::Any(any) })
    }

    fn conjunction(&mut self, depth: usize) -> Result<Condition, SelectError> {
        let mut all = vec![self.unary(depth)?];
        while self.keyword("and", "&&") {
            all.push(self.unary(depth)?);
        }
        Ok(if all.len() == 1 { all.pop().expect("one") } else { Condition::All(all) })
    }

    fn unary(&mut self, depth: usize) -> Result<Condition, SelectError> {
        if depth > MAX_DEPTH {
            return Err(self.error("select.syntax", format!("conditions nest deeper than {MAX_DEPTH} levels")));
        }
        if self.keyword("not", "!") {
            return Ok(Condition::Not(Box::new(self.unary(depth + 1)?)));
        }
        self.skip_space();
        if self.peek() == Some('(') {
            self.at += 1;
            let inner = self.expression_at(depth + 1)?;
            self.skip_space();
            if self.peek() != Some(')') {
                return Err(self.error("select.syntax", "expected ')' to close the '(' before"));
            }
            self.at += 1;
            return Ok(inner);
        }
        self.test()
    }

    /// A field name or function name: letters, digits, `_`, `-`.
    fn name(&mut self) -> Result<(usize, String), SelectError> {
        self.skip_space();
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
            self.at += 1;
        }
        if start == self.at {
            let what = match self.peek() {
                Some(c) => format!("'{c}'"),
                None => "the end".to_string(),
            };
            return Err(self.error("select.syntax", format!("expected a tag name, 'not' or '(' but found {what}")));
        }
        Ok((start, self.chars[start..self.at].iter().map(|&(_, c)| c).collect()))
    }

    fn test(&mut self) -> Result<Condition, SelectError> {
        let (name_at, name) = self.name()?;
        self.skip_space();
        if self.peek() == Some('(') {
            self.at += 1;
            return self.call(name_at, &name);
        }
        let op_at = self.at;
        let op = self.operator().ok_or_else(|| {
            self.error_at(
                op_at,
                "select.syntax",
                format!("expected an operator after '{name}': = != < <= > >= ~ !~ =~"),
            )
        })?;
        let (value_at, value) = self.value()?;
        let field = match name.to_ascii_lowercase().as_str() {
            "player" => Field::Player,
            "plies" => Field::Plies,
            "ends" => Field::Ends,
            _ => Field::Tag(name.clone()),
        };
        let value = match op {
            #[cfg(feature = "regex")]
            Op::Matches => Value::Pattern(Regex::new(&value).map_err(|e| {
                let first = e.to_string().lines().last().unwrap_or_default().trim().to_string();
                self.error_at(value_at, "select.bad-regex", format!("not a regular expression: {first}"))
            })?),
            // Without the regex feature (a default one) the library keeps its small dependency list.
            #[cfg(not(feature = "regex"))]
            Op::Matches => {
                return Err(self.error_at(
                    value_at,
                    "select.bad-regex",
                    "regular expressions need forsyth's `regex` feature".to_string(),
                ));
            }
            Op::Contains | Op::NotContains => Value::Needle(value.to_lowercase()),
            _ => match DateRange::parse(&value).filter(|_| matches!(&field, Field::Tag(n) if is_date_field(n))) {
                Some(range) => Value::Date(range),
                None => match value.parse::<f64>() {
                    Ok(n) if n.is_finite() => Value::Number(n),
                    _ => Value::Text(value),
                },
            },
        };
        if field == Field::Ends
            && let Value::Text(text) = &value
            && !["mate", "stalemate", "none"].contains(&text.as_str())
        {
            return Err(self.error_at(value_at, "select.expected-value", "Ends is mate, stalemate or none"));
        }
        Ok(Condition::Compare { field, op, value })
    }

    fn operator(&mut self) -> Option<Op> {
        let two: String = self.chars[self.at..].iter().take(2).map(|&(_, c)| c).collect();
        let (op, len) = match two.as_str() {
            "==" => (Op::Eq, 2),
            "!=" => (Op::Ne, 2),
            "<=" => (Op::Le, 2),
            ">=" => (Op::Ge, 2),
            "!~" => (Op::NotContains, 2),
            "=~" => (Op::Matches, 2),
            _ => match two.chars().next()? {
                '=' => (Op::Eq, 1),
                '<' => (Op::Lt, 1),
                '>' => (Op::Gt, 1),
                '~' => (Op::Contains, 1),
                _ => return None,
            },
        };
        self.at += len;
        Some(op)
    }

    /// A bare word or a quoted string.
    fn value(&mut self) -> Result<(usize, String), SelectError> {
        self.skip_space();
        let start = self.at;
        if self.peek() == Some('"') {
            self.at += 1;
            let mut out = String::new();
            loop {
                match self.peek() {
                    None => {
                        return Err(self.error_at(start, "select.syntax", "a quoted value without its closing '\"'"));
                    }
                    Some('"') => {
                        self.at += 1;
                        return Ok((start, out));
                    }
                    Some('\\') if matches!(self.chars.get(self.at + 1), Some((_, '"' | '\\'))) => {
                        out.push(self.chars[self.at + 1].1);
                        self.at += 2;
                    }
                    Some(c) => {
                        out.push(c);
                        self.at += 1;
                    }
                }
            }
        }
        while self.peek().is_some_and(|c| !c.is_whitespace() && !"()\",".contains(c)) {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.error("select.expected-value", "expected a value: a word or a \"quoted string\""));
        }
        Ok((start, self.chars[start..self.at].iter().map(|&(_, c)| c).collect()))
    }

    fn call(&mut self, name_at: usize, name: &str) -> Result<Condition, SelectError> {
        let pattern = match name.to_ascii_lowercase().as_str() {
            "underpromotion" => Some(Pattern::Underpromotion),
            "fifty" => Some(Pattern::FiftyMoves),
            "repetition" => Some(Pattern::Repetition),
            _ => None,
        };
        if let Some(pattern) = pattern {
            self.skip_space();
            if self.peek() != Some(')') {
                return Err(self.error("select.syntax", format!("{name}() takes no value: expected ')'")));
            }
            self.at += 1;
            return Ok(Condition::Pattern(pattern));
        }
        let mut arguments = Vec::new();
        loop {
            arguments.push(self.value()?);
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {
                    self.at += 1;
                    break;
                }
                _ => return Err(self.error("select.syntax", "expected ',' or ')' after a value")),
            }
        }
        match name.to_ascii_lowercase().as_str() {
            "position" => {
                let mut indices = Vec::new();
                for (at, fen) in arguments {
                    let target = parse_target(&fen).map_err(|why| self.error_at(at, "select.bad-fen", why))?;
                    indices.push(self.positions.len());
                    self.positions.push(target);
                }
                Ok(Condition::Reaches(indices))
            }
            "material" | "final_material" => {
                let [(at, signature)] = arguments.as_slice() else {
                    return Err(self.error_at(
                        name_at,
                        "select.bad-material",
                        format!("{name}() takes one signature such as KQ:KR"),
                    ));
                };
                let material =
                    signature.parse().map_err(|why: String| self.error_at(*at, "select.bad-material", why))?;
                self.materials.push(material);
                let index = self.materials.len() - 1;
                Ok(if name.eq_ignore_ascii_case("material") {
                    Condition::Material(index)
                } else {
                    Condition::FinalMaterial(index)
                })
            }
            _ => Err(self.error_at(
                name_at,
                "select.unknown-test",
                format!(
                    "'{name}' is not a test: position(FEN, ...), material(KQ:KR), final_material(KQ:KR), \
                     underpromotion(), fifty() or repetition()"
                ),
            )),
        }
    }
}

/// A FEN to reach: the board alone (any side to move) or a whole FEN (its side to move counts; castling,
/// en passant and clocks do not). Validated as any FEN: the position must be legal.
fn parse_target(text: &str) -> Result<Target, String> {
    let text = text.trim();
    if text.split_whitespace().count() >= 2 {
        let position = Fen::parse_position(text, None).map_err(|e| e.to_string())?;
        return Ok(Target::new(position.board(), Some(position.turn())));
    }
    // The board alone: legal with one side or the other to move.
    let white = Fen::parse_position(&format!("{text} w - - 0 1"), None);
    let black = Fen::parse_position(&format!("{text} b - - 0 1"), None);
    match (white, black) {
        (Ok(position), _) | (_, Ok(position)) => Ok(Target::new(position.board(), None)),
        (Err(e), _) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{GameSplitter, PgnReadOptions, read_game};

    fn selects(condition: &str, game: &str) -> bool {
        let selection = Selection::parse(condition).unwrap();
        let mut facts = selection.facts();
        let raw = GameSplitter::new(game.as_bytes()).next().unwrap().unwrap();
        let report = read_game(&raw, &PgnReadOptions::default(), &mut facts);
        assert!(report.error.is_none(), "{game}: {:?}", report.error);
        selection.matches(&facts)
    }

    #[test]
    fn dates_with_unknown_parts_hold_only_when_certain() {
        let game = |date: &str| format!("[Date \"{date}\"]\n\n1. e4 *\n");
        assert!(selects("Date >= 2020.01.01", &game("2021.??.??")));
        assert!(!selects("Date >= 2020.06.01", &game("2020.??.??")));
        assert!(!selects("Date >= 2020.06.01", &game("????.??.??")));
        assert!(!selects("Date < 2020.06.01", &game("????.??.??")));
        assert!(selects("Date = 2020.05", &game("2020.05.17")));
        assert!(selects("Date = 2020", &game("2020.??.??")));
        assert!(!selects("Date = 2020.05", &game("2020.??.??")));
        assert!(selects("Date < 2020", &game("2019.12.31")));
        assert!(selects("not Date < 2020", &game("????.??.??")));
    }

    #[test]
    fn field_names_of_any_characters() {
        // Found by fuzzing (fuzz/fuzz_targets/select.rs): a name whose fourth byte from the end is inside a character.
        assert!(!selects("½-½= \"2019.??.??\"", "1. e4 *"));
        assert!(selects("not ÉventDate = 2019", "1. e4 *"));
    }

    #[test]
    fn an_unknown_tag_matches_nothing_and_not_turns_it_round() {
        assert!(!selects("Nope = 1", "1. e4 *"));
        assert!(!selects("Nope != 1", "1. e4 *"));
        assert!(selects("not Nope = 1", "1. e4 *"));
    }

    #[test]
    fn malformed_conditions_say_where() {
        let cases = [
            ("WhiteElo >", 11, "select.expected-value"),
            ("WhiteElo 2500", 10, "select.syntax"),
            ("(Plies > 3", 11, "select.syntax"),
            ("Plies > 3 xor", 11, "select.syntax"),
            ("White =~ \"(\"", 10, "select.bad-regex"),
            ("position(\"8/8/8 w\")", 10, "select.bad-fen"),
            ("material(KQ)", 10, "select.bad-material"),
            ("mobility(3)", 1, "select.unknown-test"),
            ("Ends = checkmate", 8, "select.expected-value"),
            ("Event = \"open", 9, "select.syntax"),
        ];
        for (text, column, code) in cases {
            let error = Selection::parse(text).unwrap_err();
            assert_eq!((error.column, error.code()), (column, code), "{text}: {error}");
        }
        assert_eq!(Selection::parse(&"(".repeat(10_000)).unwrap_err().code(), "select.syntax");
        assert_eq!(Selection::parse(&"not ".repeat(10_000)).unwrap_err().code(), "select.syntax");
    }

    #[test]
    fn precedence_and_before_or() {
        let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n";
        assert!(selects("White = X and Black = Y or White = A", game));
        assert!(!selects("White = X and (Black = Y or White = A)", game));
        assert!(selects("Player = B && !Player = C", game));
    }

    #[test]
    fn underpromotion_fifty_moves_and_repetition_in_the_main_line() {
        let promotion = |role: char| format!("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8={role} Kg6 *\n");
        assert!(selects("underpromotion()", &promotion('N')));
        assert!(!selects("underpromotion()", &promotion('Q')));
        assert!(!selects("underpromotion()", "1. e4 e5 (1... d5 2. exd5) *"));
        let quiet = |clock: u32| format!("[FEN \"8/8/4k3/8/8/4K3/8/8 w - - {clock} 70\"]\n\n1. Kd3 Kd6 *\n");
        assert!(selects("fifty()", &quiet(98)), "the clock reaches 100 at the end");
        assert!(selects("fifty()", &quiet(100)));
        assert!(!selects("fifty()", &quiet(97)));
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
        assert!(selects("repetition()", &format!("{shuffle} *")), "the third time at the end");
        assert!(selects("repetition() and Plies = 9", &format!("{shuffle} 5. e4 *")));
        assert!(!selects("repetition()", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *"));
        assert!(!selects("repetition()", "1. Nf3 Nf6 2. Ng1 Ng8 3. e4 e5 4. Nf3 Nf6 5. Ng1 Ng8 *"), "e4 e5 between");
        // After 1... h5 an en-passant capture is impossible: the position counts as the same one (FIDE 9.2.3).
        let no_capture = "1. Nf3 h5 2. Ng1 Nf6 3. Nf3 Ng8 4. Ng1 Nf6 5. Nf3 Ng8 *";
        assert!(selects("repetition()", no_capture));
        let error = Selection::parse("fifty(3)").unwrap_err();
        assert_eq!((error.column, error.code()), (7, "select.syntax"));
    }

    #[test]
    fn positions_material_and_endings_in_the_mainline_only() {
        let mate = "1. f3 e5 2. g4 (2. Kf2 Qh4+) Qh4# 0-1";
        assert!(selects("Ends = mate and Plies = 4", mate));
        assert!(selects("position(\"rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2\")", mate));
        assert!(selects("position(rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR)", mate));
        assert!(!selects("position(\"rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 2\")", mate));
        assert!(!selects("position(rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPPKPP/RNBQ1BNR)", mate), "a variation");
        assert!(selects("material(KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP)", mate));
        assert!(!selects("final_material(KQ:KR)", mate));
        assert!(selects("final_material(\"KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP\")", mate));
    }
}
