//! Game state: check, mate, stalemate, insufficient material, the move-count rules and repetition.

use super::Position;
use super::zobrist::{EpKey, key};
use crate::{Color, Role, SquareSet};

/// How the game stands in a position, as far as the position alone can tell.
///
/// ```
/// use forsyth::{Position, Status};
/// let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// assert_eq!(fools_mate.parse::<Position>().unwrap().status(), Status::Checkmate);
/// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
/// assert_eq!(stalemate.status(), Status::Stalemate);
/// // FIDE Laws 5.2.2: king against king is a dead position.
/// assert_eq!("8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse::<Position>().unwrap().status(), Status::InsufficientMaterial);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate (dead position by material).
    InsufficientMaterial,
    /// 75 moves by each side without capture or pawn move: drawn automatically (FIDE 9.6.2).
    SeventyFiveMoves,
}

impl Status {
    /// The outcome this status gives the game, with `turn` to move: none while it goes on, the other side's win
    /// after a checkmate, else a draw.
    ///
    /// ```
    /// use forsyth::{Color, Outcome, Status};
    /// assert_eq!(Status::Checkmate.outcome(Color::Black), Some(Outcome::Decisive { winner: Color::White }));
    /// assert_eq!(Status::Stalemate.outcome(Color::Black), Some(Outcome::Draw));
    /// assert_eq!(Status::Ongoing.outcome(Color::White), None);
    /// ```
    pub fn outcome(self, turn: Color) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Checkmate => Some(Outcome::Decisive { winner: !turn }),
            _ => Some(Outcome::Draw),
        }
    }
}

/// The result of a finished game.
///
/// ```
/// use forsyth::{Color, Outcome, Position};
/// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
/// assert_eq!(mate.outcome(), Some(Outcome::Decisive { winner: Color::Black }));
/// assert_eq!(Position::default().outcome(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
    },
    /// A draw.
    Draw,
}

impl Outcome {
    /// The PGN result text: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use forsyth::{Color, Outcome};
    /// assert_eq!(Outcome::Decisive { winner: Color::Black }.pgn(), "0-1");
    /// assert_eq!(Outcome::Draw.pgn(), "1/2-1/2");
    /// ```
    pub const fn pgn(self) -> &'static str {
        match self {
            Outcome::Decisive { winner: Color::White } => "1-0",
            Outcome::Decisive { winner: Color::Black } => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

impl Position {
    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use forsyth::Position;
    /// // The fool's mate: 1. f3 e5 2. g4 Qh4#.
    /// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
    /// assert!(mate.is_checkmate());
    /// assert!(!Position::default().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    ///
    /// ```
    /// use forsyth::Position;
    /// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert!(stalemate.is_stalemate());
    /// assert!(!stalemate.is_checkmate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `color` lacks the material to ever checkmate, whatever the other side does (the same rule as
    /// python-chess): a lone king; a king and one knight against a king with at most queens; or bishops that all
    /// stand on one colour with no pawns or knights on the board.
    ///
    /// ```
    /// use forsyth::{Color, Position};
    /// // King and knight against a lone king: neither side can mate.
    /// let pos: Position = "8/8/4k3/8/8/8/3NK3/8 w - - 0 1".parse().unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(pos.has_insufficient_material(Color::Black));
    /// // With a black rook, the knight could help a mate: White keeps mating material, Black has it anyway.
    /// let pos: Position = "8/8/4k3/8/8/8/3NK3/r7 w - - 0 1".parse().unwrap();
    /// assert!(!pos.has_insufficient_material(Color::White));
    /// assert!(!pos.has_insufficient_material(Color::Black));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let mine = |role| self.count_pieces(color, role);
        let all = |role| self.count_pieces(Color::White, role) + self.count_pieces(Color::Black, role);
        if mine(Role::Pawn) + mine(Role::Rook) + mine(Role::Queen) + mine(Role::Archbishop) + mine(Role::Chancellor) > 0
        {
            return false;
        }
        let them = !color;
        let their_count = |role| self.count_pieces(them, role);
        if mine(Role::Knight) > 0 {
            let own_pieces = mine(Role::Knight) + mine(Role::Bishop) + 1;
            let their_minor_or_more = their_count(Role::Pawn)
                + their_count(Role::Knight)
                + their_count(Role::Bishop)
                + their_count(Role::Rook)
                + their_count(Role::Archbishop)
                + their_count(Role::Chancellor);
            return own_pieces <= 2 && their_minor_or_more == 0;
        }
        if mine(Role::Bishop) > 0 {
            let bishops: SquareSet = self
                .pieces(Color::White, Role::Bishop)
                .iter()
                .chain(self.pieces(Color::Black, Role::Bishop).iter())
                .collect();
            let light = bishops.iter().filter(|s| s.is_light()).count();
            let same_colour = light == 0 || light == bishops.len();
            return same_colour && all(Role::Pawn) == 0 && all(Role::Knight) == 0;
        }
        true
    }

    /// Whether neither side can checkmate.
    ///
    /// ```
    /// use forsyth::Position;
    /// // Bishops on squares of one colour only (c1 and f8 are both dark): a dead position.
    /// let pos: Position = "5b2/8/4k3/8/8/8/4K3/2B5 w - - 0 1".parse().unwrap();
    /// assert!(pos.is_insufficient_material());
    /// assert!(!Position::default().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        // A pawn, rook or queen (or chancellor) on the board: most positions, told at once.
        !self.has_pawn_or_straight_slider()
            && self.has_insufficient_material(Color::White)
            && self.has_insufficient_material(Color::Black)
    }

    /// Whether a draw may be claimed under the 50-move rule (100 half-moves without capture or pawn move).
    ///
    /// ```
    /// use forsyth::Position;
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80".parse().unwrap();
    /// assert!(pos.can_claim_fifty_moves());
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse().unwrap();
    /// assert!(!pos.can_claim_fifty_moves());
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.halfmoves() >= 100
    }

    /// The state of the game, judged from this position alone. Checkmate takes precedence over the 75-move rule.
    ///
    /// ```
    /// use forsyth::{Position, Status, Variant, Square, Move};
    /// let mut pos = Position::new(Variant::Standard);
    /// for (a, b) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
    ///     pos.play(Move::new(a.parse().unwrap(), b.parse().unwrap())).unwrap();
    /// }
    /// assert_eq!(pos.status(), Status::Checkmate);
    /// ```
    pub fn status(&self) -> Status {
        if !self.has_legal_moves() {
            if self.is_check() { Status::Checkmate } else { Status::Stalemate }
        } else if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if self.halfmoves() >= 150 {
            Status::SeventyFiveMoves
        } else {
            Status::Ongoing
        }
    }

    /// The outcome if the game is over by the rules of this position alone.
    ///
    /// ```
    /// use forsyth::{Color, Outcome, Position};
    /// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
    /// assert_eq!(mate.outcome(), Some(Outcome::Decisive { winner: Color::Black }));
    /// assert_eq!(Position::default().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome(self.turn())
    }

    /// The key positions are compared by for repetition: board, side to move, castling rights, and the
    /// en-passant square only when a capture there is legal (FIDE 9.2.3: the same possible moves).
    ///
    /// ```
    /// use forsyth::Position;
    /// // The same position with other clocks repeats; an en-passant square no pawn can use changes nothing.
    /// let a: Position = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1".parse().unwrap();
    /// let b: Position = "4k3/8/8/8/4P3/8/8/4K3 b - - 7 30".parse().unwrap();
    /// assert_eq!(a.repetition_key(), b.repetition_key());
    /// assert_ne!(a.repetition_key(), Position::default().repetition_key());
    /// ```
    pub fn repetition_key(&self) -> u64 {
        key(self, EpKey::Legal)
    }
}

/// Hashes the [repetition key](Position::repetition_key): equal positions have equal keys, and positions that
/// count as the same for repetition (FIDE 9.2.3) fall into the same bucket whatever their clocks.
///
/// ```
/// use std::collections::HashSet;
/// use forsyth::{Move, Position, Square};
/// let start = Position::default();
/// let e4 = start.after(Move::new(Square::E2, Square::E4)).unwrap();
/// let seen: HashSet<Position> = [start, e4, start].into_iter().collect();
/// assert_eq!(seen.len(), 2);
/// ```
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.repetition_key());
    }
}

/// The positions of a game so far, for the repetition rules.
///
/// ```
/// use forsyth::{History, Position, Variant, Move, Square};
/// let mut pos = Position::new(Variant::Standard);
/// let mut history = History::new(&pos);
/// for _ in 0..2 {
///     for (a, b) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")] {
///         pos.play(Move::new(a.parse().unwrap(), b.parse().unwrap())).unwrap();
///         history.push(&pos);
///     }
/// }
/// assert_eq!(history.repetitions(), 3);
/// assert!(history.is_threefold());
/// assert!(!history.is_fivefold());
/// ```
#[derive(Clone, Debug, Default)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    /// A history that starts at `pos`.
    ///
    /// ```
    /// use forsyth::{History, Position};
    /// let history = History::new(&Position::default());
    /// assert_eq!(history.repetitions(), 1);
    /// ```
    pub fn new(pos: &Position) -> History {
        History { keys: vec![pos.repetition_key()] }
    }

    /// Records the position reached by the next move.
    ///
    /// ```
    /// use forsyth::{History, Move, Position, Square};
    /// let start = Position::default();
    /// let mut history = History::new(&start);
    /// history.push(&start.after(Move::new(Square::G1, Square::F3)).unwrap());
    /// assert_eq!(history.occurrences(&start), 1);
    /// assert_eq!(history.repetitions(), 1);
    /// ```
    pub fn push(&mut self, pos: &Position) {
        self.keys.push(pos.repetition_key());
    }

    /// How often the latest position has occurred (1 if it is new).
    ///
    /// ```
    /// use forsyth::{History, Position};
    /// let start = Position::default();
    /// let mut history = History::new(&start);
    /// history.push(&start);
    /// assert_eq!(history.repetitions(), 2);
    /// ```
    pub fn repetitions(&self) -> usize {
        self.keys.last().map_or(0, |&last| self.count(last))
    }

    /// How often `pos` has occurred so far (0 if never).
    ///
    /// ```
    /// use forsyth::{History, Move, Position, Square};
    /// let start = Position::default();
    /// let history = History::new(&start);
    /// assert_eq!(history.occurrences(&start), 1);
    /// assert_eq!(history.occurrences(&start.after(Move::new(Square::E2, Square::E4)).unwrap()), 0);
    /// ```
    pub fn occurrences(&self, pos: &Position) -> usize {
        self.count(pos.repetition_key())
    }

    fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Whether the player to move in `pos`, the latest position, may claim a draw by repetition (FIDE 9.2.2): it
    /// has occurred three times, or one of its legal moves leads to a position that has occurred twice (the claim
    /// made with that move). python-chess's `can_claim_threefold_repetition` decides the same.
    ///
    /// ```
    /// use forsyth::{History, Position, Variant, Move};
    /// let mut pos = Position::new(Variant::Standard);
    /// let mut history = History::new(&pos);
    /// for (a, b) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8"), ("g1", "f3"), ("g8", "f6"), ("f3", "g1")] {
    ///     pos.play(Move::new(a.parse().unwrap(), b.parse().unwrap())).unwrap();
    ///     history.push(&pos);
    /// }
    /// // Black's Ng8 would bring the start position back a third time.
    /// assert_eq!(history.repetitions(), 2);
    /// assert!(history.can_claim_threefold(&pos));
    /// ```
    pub fn can_claim_threefold(&self, pos: &Position) -> bool {
        self.repetitions() >= 3
            || pos.legal_moves().iter().any(|&m| {
                let mut next = *pos;
                next.play_unchecked(m);
                self.occurrences(&next) >= 2
            })
    }

    /// The latest position has occurred three times: a draw may be claimed.
    ///
    /// ```
    /// use forsyth::{History, Position};
    /// let start = Position::default();
    /// let mut history = History::new(&start);
    /// history.push(&start);
    /// assert!(!history.is_threefold());
    /// history.push(&start);
    /// assert!(history.is_threefold());
    /// ```
    pub fn is_threefold(&self) -> bool {
        self.repetitions() >= 3
    }

    /// The latest position has occurred five times: the game is drawn (FIDE 9.6.1).
    ///
    /// ```
    /// use forsyth::{History, Position};
    /// let start = Position::default();
    /// let mut history = History::new(&start);
    /// for _ in 0..4 {
    ///     history.push(&start);
    /// }
    /// assert!(history.is_fivefold());
    /// ```
    pub fn is_fivefold(&self) -> bool {
        self.repetitions() >= 5
    }
}
