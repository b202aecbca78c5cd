//! PGN: games as they travel. A streaming reader for files of any size, a game tree, and a writer of PGN
//! export format.
//!
//! [`Reader`] reads a whole stream — `Reader::open(path)?.jobs(2)`, or from any `Read` or bytes — on one thread or
//! several, in constant memory, handing the games on in file order: as [`Game`]s ([`Reader::games`]) or into a
//! fresh [`Visitor`] each ([`Reader::visit`]; [`Validate`] keeps nothing, [`GameBuilder`] builds a [`Game`]).
//! Underneath are two steps: [`GameSplitter`] cuts a byte stream into games without understanding the moves, and
//! [`read_game`] reads one game, checking every move. The reader mostly does both in one pass: it
//! reads games straight from the stream and finds where each ends as it goes, leaving to the splitter only what
//! the splitter might cut otherwise; on several threads each reads a block of the stream ahead and checks that
//! guess where the block before ended. Each reading thread keeps a small tree of the openings it has read, so that
//! the first moves a collection's games share are resolved once. [`for_each_game`] runs any work on the games the
//! splitter cuts.
//!
//! ```
//! use forsyth::pgn::{GameSplitter, PgnReadOptions, Validate, read_game};
//! let file = "[Event \"?\"]\n\n1. e2e4 e7e5 { a comment } (1... c7c5) 2. g1f3 1-0\n";
//! for raw in GameSplitter::new(file.as_bytes()) {
//!     let report = read_game(&raw.unwrap(), &PgnReadOptions::default(), &mut Validate);
//!     assert_eq!(report.moves, 4);
//!     assert!(report.error.is_none());
//! }
//! ```

mod blocks;
mod commands;
#[cfg(feature = "compression")]
mod compressed;
mod entry;
mod error;
mod game;
mod line_ends;
mod mapped;
mod opening_tree;
mod parallel;
mod reader;
mod select;
mod split;
mod stream;
mod tags;
mod word_hash;
mod writer;

pub use commands::{
    CommentCommand, Eval, Marking, comment_commands, comment_text, parse_clock, parse_eval, parse_markings,
};
#[cfg(feature = "compression")]
pub use compressed::{decompress, open_path};
pub use entry::{Games, ReadGame, Reader};
pub use error::{ErrorKind, PgnError, PgnWarning, WarningKind, WarningPlace};
pub use game::{Annotation, Game, GameBuilder, Line, Node};
pub use line_ends::LineEnds;
pub use mapped::{FileInput, MappedFile};
pub use parallel::for_each_game;
pub use reader::{
    Encoding, GameReport, GameResult, MAX_VARIATION_DEPTH, PgnReadOptions, Validate, Visitor, first_binary_byte,
    glyph_nag, nag_glyph, read_game,
};
pub use select::{GameFacts, Material, SelectError, Selection};
pub use split::{GameSplitter, GameText, MAX_GAME_BYTES, RawGame};
pub use stream::INPUT_BUFFER;
pub use tags::{SEVEN_TAG_ROSTER, StartError, escape_tag_value, start_position, unescape_tag_value};
pub use writer::{MAX_LINE, PgnWriteOptions, write_game};
