//! A game as a tree: tags, the start position, moves with their annotations and variations, the result.

use super::reader::{GameResult, Visitor};
use crate::{Move, Position};

/// Something written after a move (or at the start of a line of play), kept in the order it was read.
///
/// ```
/// use forsyth::pgn::{Annotation, Game, PgnReadOptions};
/// let games = Game::read_all("1. e4 $1 {the best} (1. d4) *\n", &PgnReadOptions::default());
/// let notes = &games[0].as_ref().unwrap().moves.nodes[0].annotations;
/// assert_eq!(notes[0], Annotation::Nag(1)); // PGN standard §10: $1 is a good move, `!`
/// assert_eq!(notes[1], Annotation::Comment("the best".to_string()));
/// assert!(matches!(&notes[2], Annotation::Variation(line) if line.nodes.len() == 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// A numeric annotation glyph: `$1`, or `!` as read.
    Nag(u8),
    /// A comment's text, trimmed. Comment commands such as `[%clk 1:30:00]` stay inside it; see
    /// [`super::comment_commands`].
    Comment(String),
    /// An alternative to the move this annotation follows.
    Variation(Line),
    /// A draw offer, `(=)`.
    DrawOffer,
}

/// A move and what follows it.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions};
/// use forsyth::{Move, Square};
/// let games = Game::read_all("1. Nf3 ! *\n", &PgnReadOptions::default());
/// let node = &games[0].as_ref().unwrap().moves.nodes[0];
/// assert_eq!(node.mv, Move::new(Square::G1, Square::F3));
/// assert_eq!(node.annotations.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move, legal in the position before it.
    pub mv: Move,
    /// NAGs, comments, variations and draw offers after the move, in file order.
    pub annotations: Vec<Annotation>,
}

/// A line of play: the main line or a variation.
///
/// ```
/// use forsyth::pgn::{Annotation, Game, PgnReadOptions};
/// let games = Game::read_all("{Prelude} 1. e4 e5 2. Nf3 *\n", &PgnReadOptions::default());
/// let line = &games[0].as_ref().unwrap().moves;
/// assert_eq!(line.intro, [Annotation::Comment("Prelude".to_string())]);
/// assert_eq!(line.nodes.iter().map(|n| n.mv.to_string()).collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move of the line.
    pub intro: Vec<Annotation>,
    /// The moves.
    pub nodes: Vec<Node>,
}

/// A game read from PGN.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions};
/// let games = Game::read_all("[White \"Anna\"]\n1. e2e4 {best} (1. d2d4) e7e5 1-0\n", &PgnReadOptions::default());
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.tag("White"), Some("Anna"));
/// assert_eq!(game.moves.nodes.len(), 2);
/// assert_eq!(game.result.map(|r| r.as_str()), Some("1-0"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// `%` escape lines, without the `%`.
    pub escapes: Vec<String>,
    /// The position before the first move.
    pub start: Position,
    /// The main line.
    pub moves: Line,
    /// The termination marker, if the game has one.
    pub result: Option<GameResult>,
}

impl Game {
    /// The value of the first tag with this name.
    ///
    /// ```
    /// use forsyth::pgn::{Game, PgnReadOptions};
    /// let games = Game::read_all("[Event \"A\"]\n[Event \"B\"]\n\n1. e4 *\n", &PgnReadOptions::default());
    /// let game = games[0].as_ref().unwrap();
    /// assert_eq!((game.tag("Event"), game.tag("event"), game.tag("Site")), (Some("A"), None, None));
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Reads every game of a PGN text held in memory: each a game, or the error that stopped it.
    ///
    /// ```
    /// use forsyth::pgn::{Game, PgnReadOptions};
    /// let text = "1. e4 e5 1-0\n\n1. e4 e4 *\n\n1. d4 *\n";
    /// let games = Game::read_all(text, &PgnReadOptions::default());
    /// assert_eq!(games.len(), 3);
    /// assert_eq!(games[1].as_ref().unwrap_err().kind.code(), "illegal-move");
    /// // Kept broken: the game up to its error.
    /// let keep = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    /// assert_eq!(Game::read_all(text, &keep)[1].as_ref().unwrap().moves.nodes.len(), 1);
    /// ```
    pub fn read_all(text: &str, options: &super::PgnReadOptions) -> Vec<Result<Game, super::PgnError>> {
        super::GameSplitter::new(super::LineEnds::new(text.as_bytes()))
            .map(|raw| {
                let raw = raw.expect("reading from memory cannot fail");
                let mut builder = GameBuilder::default();
                let report = super::read_game(&raw, options, &mut builder);
                match report.error {
                    Some(error) if !options.keep_broken => Err(*error),
                    _ => Ok(builder.finish()),
                }
            })
            .collect()
    }
}

/// A [`Visitor`] that builds a [`Game`].
///
/// ```
/// use forsyth::pgn::{GameBuilder, GameSplitter, PgnReadOptions, read_game};
/// let raw = GameSplitter::new("[Round \"3\"]\n\n1. d4 d5 1/2-1/2\n".as_bytes()).next().unwrap().unwrap();
/// let mut builder = GameBuilder::default();
/// read_game(&raw, &PgnReadOptions::default(), &mut builder);
/// let game = builder.finish();
/// assert_eq!((game.tag("Round"), game.moves.nodes.len()), (Some("3"), 2));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameBuilder {
    tags: Vec<(String, String)>,
    escapes: Vec<String>,
    start: Option<Position>,
    /// Comments before the movetext.
    prelude: Vec<Annotation>,
    /// The line being read, innermost last; the main line first.
    stack: Vec<Line>,
    result: Option<GameResult>,
}

impl GameBuilder {
    /// The game read so far (all of it, once [`super::read_game`] returns).
    ///
    /// ```
    /// use forsyth::pgn::{GameBuilder, GameSplitter, PgnReadOptions, read_game};
    /// use forsyth::notation::fen::Fen;
    /// let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n";
    /// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let mut builder = GameBuilder::default();
    /// read_game(&raw, &PgnReadOptions::default(), &mut builder);
    /// let game = builder.finish();
    /// assert_eq!(Fen::from_position(&game.start).to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// assert_eq!((game.moves.nodes.len(), game.result.map(|r| r.as_str())), (2, Some("*")));
    /// ```
    pub fn finish(mut self) -> Game {
        // Unclosed variations (only in a broken game) are closed where they stop.
        while self.stack.len() > 1 {
            self.end_variation();
        }
        let mut moves = self.stack.pop().unwrap_or_default();
        self.prelude.append(&mut moves.intro);
        moves.intro = self.prelude;
        Game {
            tags: self.tags,
            escapes: self.escapes,
            start: self.start.unwrap_or_default(),
            moves,
            result: self.result,
        }
    }

    /// Where an annotation goes: after the last move of the current line, or before its first.
    fn annotate(&mut self, annotation: Annotation) {
        match self.stack.last_mut() {
            None => self.prelude.push(annotation),
            Some(line) => match line.nodes.last_mut() {
                Some(node) => node.annotations.push(annotation),
                None => line.intro.push(annotation),
            },
        }
    }
}

impl Visitor for GameBuilder {
    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.start = Some(*start);
        self.stack.push(Line::default());
    }

    fn play(&mut self, _before: &Position, mv: Move) {
        if let Some(line) = self.stack.last_mut() {
            line.nodes.push(Node { mv, annotations: Vec::new() });
        }
    }

    fn nag(&mut self, nag: u8) {
        self.annotate(Annotation::Nag(nag));
    }

    fn comment(&mut self, text: &str) {
        self.annotate(Annotation::Comment(text.to_string()));
    }

    fn draw_offer(&mut self) {
        self.annotate(Annotation::DrawOffer);
    }

    fn begin_variation(&mut self) {
        self.stack.push(Line::default());
    }

    fn end_variation(&mut self) {
        if self.stack.len() > 1 {
            let line = self.stack.pop().expect("checked");
            self.annotate(Annotation::Variation(line));
        }
    }

    fn escape(&mut self, line: &str) {
        self.escapes.push(line.to_string());
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }
}
