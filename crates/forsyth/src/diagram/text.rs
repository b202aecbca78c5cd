//! Diagrams in plain text: ASCII letters or Unicode figurines in a frame, coordinates on the edges, the piece count
//! and the FEN beneath.
//!
//! The last move's squares are bracketed `[P]`, a king in check is parenthesised `(K)`.
//!
//! ```
//! use forsyth::Position;
//! use forsyth::diagram::{Diagram, DiagramStyle, text::ascii};
//! let board = ascii(&Diagram::from_position(&Position::default()), &DiagramStyle::default());
//! assert!(board.contains("r n b q k b n r"), "{board}");
//! ```

use super::{Diagram, DiagramStyle, Occupant};
use crate::{Color, File, Rank, Square};

/// Which characters draw the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Glyphs {
    Ascii,
    Unicode,
}

/// The diagram with FEN letters, `.` for empty squares and an ASCII frame.
///
/// ```
/// use forsyth::diagram::{self, DiagramStyle, text};
/// let r = diagram::read("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").unwrap();
/// let style = DiagramStyle { caption: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39".into()), ..DiagramStyle::default() };
/// assert_eq!(text::ascii(&r.diagram, &style), "  +-----------------+
/// 8 | . . . . k . . . |
/// 7 | . . . . . . . . |
/// 6 | . . . . . . . . |
/// 5 | . . . . . . . . |
/// 4 | . . . . . . . . |
/// 3 | . . . . . . . . |
/// 2 | . . . . P . . . |
/// 1 | . . . . K . . . |
///   +-----------------+
///     a b c d e f g h
/// 2+1
/// 4k3/8/8/8/8/8/4P3/4K3 w - - 5 39
/// ");
/// ```
pub fn ascii(diagram: &Diagram, style: &DiagramStyle) -> String {
    render(diagram, style, Glyphs::Ascii)
}

/// The diagram with Unicode chess figurines, `·` for empty squares and a box-drawn frame. The black pawn is
/// followed by U+FE0E so that it is not shown as an emoji.
///
/// ```
/// use forsyth::diagram::{self, DiagramStyle, text};
/// let r = diagram::read("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").unwrap();
/// let board = text::unicode(&r.diagram, &DiagramStyle { count: false, ..DiagramStyle::default() });
/// assert!(board.contains("1 │ · · · · ♔ · · · │"));
/// ```
pub fn unicode(diagram: &Diagram, style: &DiagramStyle) -> String {
    render(diagram, style, Glyphs::Unicode)
}

fn render(diagram: &Diagram, style: &DiagramStyle, glyphs: Glyphs) -> String {
    let shape = diagram.board.shape();
    let files: Vec<File> = {
        let mut f: Vec<File> = (0..shape.files()).filter_map(File::new).collect();
        if style.flip {
            f.reverse();
        }
        f
    };
    let ranks: Vec<Rank> = {
        let mut r: Vec<Rank> = (0..8).filter_map(Rank::new).collect();
        if !style.flip {
            r.reverse();
        }
        r
    };
    let (horizontal, top, bottom, side) = match glyphs {
        Glyphs::Ascii => ('-', ('+', '+'), ('+', '+'), '|'),
        Glyphs::Unicode => ('─', ('┌', '┐'), ('└', '┘'), '│'),
    };
    let margin = if style.coordinates { "  " } else { "" };
    let rule: String = std::iter::repeat_n(horizontal, 2 * files.len() + 1).collect();
    let mut out = String::new();
    out.push_str(&format!("{margin}{}{rule}{}\n", top.0, top.1));
    for &rank in &ranks {
        if style.coordinates {
            out.push(rank.char());
            out.push(' ');
        }
        out.push(side);
        // Each square is written with the separator before it, so a marked square can take brackets.
        let mut closing = ' ';
        for &file in &files {
            let sq = Square::new(file, rank);
            let (open, close) = if style.check == Some(sq) {
                ('(', ')')
            } else if style.is_last_move(sq) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            out.push(if closing != ' ' { closing } else { open });
            out.push_str(&glyph(diagram.occupant(sq), glyphs, diagram));
            closing = close;
        }
        out.push(closing);
        out.push(side);
        out.push('\n');
    }
    out.push_str(&format!("{margin}{}{rule}{}\n", bottom.0, bottom.1));
    if style.coordinates {
        let letters: Vec<String> = files.iter().map(|f| f.char().to_string()).collect();
        out.push_str(&format!("{margin}  {}\n", letters.join(" ")));
    }
    if style.count {
        out.push_str(&format!("{}\n", diagram.count()));
    }
    if let Some(caption) = &style.caption {
        out.push_str(caption);
        out.push('\n');
    }
    out
}

fn glyph(occupant: Option<Occupant>, glyphs: Glyphs, diagram: &Diagram) -> String {
    match (occupant, glyphs) {
        (None, Glyphs::Ascii) => ".".to_string(),
        (None, Glyphs::Unicode) => "·".to_string(),
        (Some(o @ Occupant::Unknown(_)), _) | (Some(o), Glyphs::Ascii) => o.letter(diagram.variant).to_string(),
        (Some(Occupant::Piece(p)), Glyphs::Unicode) => {
            let mut s = p.figurine().to_string();
            if p.color == Color::Black && p.role == crate::Role::Pawn {
                s.push('\u{FE0E}');
            }
            s
        }
    }
}
