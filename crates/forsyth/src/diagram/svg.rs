//! Diagrams as SVG: a scalable board with coordinates on the edges, optional highlights, the piece count under
//! the board and the FEN beneath (German problem-chess conventions).
//!
//! The pieces are drawn here from simple shapes (forsyth's own artwork, under the crate's licence); no font is
//! needed. The picture has a `viewBox` and no fixed size, so it fills whatever space a browser gives it.
//!
//! Every piece is one `<use>` element with `class="piece"`, `data-square` (such as `e4`) and `data-piece` (its FEN
//! letter, `X`/`x` for unknown pieces); every square is a `<rect>` with `class="square light"` or `"square dark"`
//! and `data-square`. Programs can rely on these attributes.
//!
//! ```
//! use forsyth::Position;
//! use forsyth::diagram::{Diagram, DiagramStyle, svg::svg};
//! let picture = svg(&Diagram::from_position(&Position::default()), &DiagramStyle::default());
//! assert!(picture.starts_with("<svg") && picture.contains("viewBox"));
//! ```

use std::fmt::Write as _;

use super::{Diagram, DiagramStyle, Occupant};
use crate::{Color, File, Rank, Role, Square};

/// Side of a square in SVG user units.
const SQUARE: f32 = 45.0;
/// Space around the board's frame.
const PAD: f32 = 4.0;
/// Width of the rank-number margin and height of the file-letter margin.
const COORDS: f32 = 16.0;
/// Height of the piece-count line and of the caption line.
const LINE: f32 = 16.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LAST_MOVE: &str = "#e8e04a";
const TEXT: &str = "#333";

/// The diagram as a standalone SVG document.
///
/// ```
/// use forsyth::diagram::{self, DiagramStyle, svg};
/// let r = diagram::read("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").unwrap();
/// let picture = svg::svg(&r.diagram, &DiagramStyle::default());
/// assert_eq!(picture.matches("class=\"piece\"").count(), 3);
/// assert!(picture.contains("data-square=\"e2\" data-piece=\"P\""));
/// assert!(picture.contains(">2+1</text>"));
/// ```
pub fn svg(diagram: &Diagram, style: &DiagramStyle) -> String {
    let files = diagram.board.shape().files();
    let left = PAD + if style.coordinates { COORDS } else { 0.0 };
    let top = PAD;
    let board_w = SQUARE * files as f32;
    let board_h = SQUARE * 8.0;
    let mut bottom = top + board_h + PAD;
    if style.coordinates {
        bottom += COORDS;
    }
    let count_y = bottom + LINE - 4.0;
    if style.count {
        bottom += LINE;
    }
    let caption_y = bottom + LINE - 5.0;
    if style.caption.is_some() {
        bottom += LINE;
    }
    let width = left + board_w + PAD;
    let height = bottom + PAD / 2.0;

    let mut out = String::new();
    let label = match &style.caption {
        Some(c) => format!("Chess diagram {}", escape(c)),
        None => format!("Chess diagram, {} pieces", diagram.count()),
    };
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{label}\" \
         font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<title>{label}</title>\n",
        num(width),
        num(height)
    );
    out.push_str("<defs>\n");
    let mut used: Vec<Occupant> = diagram.occupants().map(|(_, o)| o).collect();
    used.sort_by_key(|o| (o.color(), o.char()));
    used.dedup();
    for o in &used {
        out.push_str(&piece_def(*o));
    }
    out.push_str(
        "<radialGradient id=\"check\"><stop offset=\"0\" stop-color=\"#ff0000\"/>\
         <stop offset=\"0.3\" stop-color=\"#e70000\"/><stop offset=\"1\" stop-color=\"#ff0000\" stop-opacity=\"0\"/>\
         </radialGradient>\n",
    );
    out.push_str("</defs>\n");

    let square_xy = |sq: Square| -> (f32, f32) {
        let (col, row) = if style.flip {
            (files - 1 - sq.file().index(), sq.rank().index())
        } else {
            (sq.file().index(), 7 - sq.rank().index())
        };
        (left + SQUARE * col as f32, top + SQUARE * row as f32)
    };

    out.push_str("<g class=\"board\">\n");
    for sq in diagram.board.shape().squares() {
        let (x, y) = square_xy(sq);
        let (class, fill) = if sq.is_light() { ("light", LIGHT) } else { ("dark", DARK) };
        let _ = writeln!(
            out,
            "<rect class=\"square {class}\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             fill=\"{fill}\"/>",
            num(x),
            num(y)
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{TEXT}\" stroke-width=\"1\"/>",
        num(left - 0.5),
        num(top - 0.5),
        num(board_w + 1.0),
        num(board_h + 1.0)
    );
    out.push_str("</g>\n");

    if let Some((from, to)) = style.last_move {
        for sq in [from, to] {
            if diagram.board.shape().contains(sq) {
                let (x, y) = square_xy(sq);
                let _ = writeln!(
                    out,
                    "<rect class=\"last-move\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                     height=\"{SQUARE}\" fill=\"{LAST_MOVE}\" fill-opacity=\"0.55\"/>",
                    num(x),
                    num(y)
                );
            }
        }
    }
    if let Some(sq) = style.check.filter(|&sq| diagram.board.shape().contains(sq)) {
        let (x, y) = square_xy(sq);
        let _ = writeln!(
            out,
            "<rect class=\"check\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             fill=\"url(#check)\"/>",
            num(x),
            num(y)
        );
    }

    out.push_str("<g class=\"pieces\">\n");
    for (sq, o) in diagram.occupants() {
        let (x, y) = square_xy(sq);
        let _ = writeln!(
            out,
            "<use class=\"piece\" href=\"#{}\" x=\"{}\" y=\"{}\" data-square=\"{sq}\" data-piece=\"{}\"/>",
            piece_id(o),
            num(x),
            num(y),
            o.letter(diagram.variant)
        );
    }
    out.push_str("</g>\n");

    if style.coordinates {
        out.push_str(&format!("<g class=\"coordinates\" font-size=\"12\" fill=\"{TEXT}\" text-anchor=\"middle\">\n"));
        for r in 0..8 {
            let rank = Rank::new(r).expect("eight ranks");
            let (_, y) = square_xy(Square::new(File::A, rank));
            let _ = writeln!(out, "<text x=\"{}\" y=\"{}\">{}</text>", num(PAD + COORDS / 2.0), num(y + 27.0), rank);
        }
        for f in 0..files {
            let file = File::new(f).expect("file on the board");
            let (x, _) = square_xy(Square::new(file, Rank::FIRST));
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(x + SQUARE / 2.0),
                num(top + board_h + PAD + 10.0),
                file
            );
        }
        out.push_str("</g>\n");
    }
    if style.count {
        let _ = writeln!(
            out,
            "<text class=\"count\" x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"{TEXT}\">{}</text>",
            num(left),
            num(count_y),
            diagram.count()
        );
    }
    if let Some(caption) = &style.caption {
        // Shrink long FENs so that they fit under the board (monospace glyphs are about 0.6 em wide).
        let size = (board_w / (0.6 * caption.chars().count().max(1) as f32)).clamp(5.0, 10.0);
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-family=\"DejaVu Sans Mono, Menlo, \
             Consolas, monospace\" fill=\"{TEXT}\">{}</text>",
            num(left),
            num(caption_y),
            num(size),
            escape(caption)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Numbers without needless decimals, so the output is short and stable.
fn num(x: f32) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    if rounded.fract() == 0.0 { format!("{}", rounded as i64) } else { format!("{rounded}") }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn piece_id(o: Occupant) -> String {
    let color = if o.color() == Color::White { "white" } else { "black" };
    match o {
        Occupant::Piece(p) => format!("{color}-{}", p.role.name()),
        Occupant::Unknown(_) => format!("{color}-unknown"),
    }
}

/// The definition of one piece's picture, drawn in a 45×45 square.
fn piece_def(o: Occupant) -> String {
    let (fill, detail) = if o.color() == Color::White { ("#fff", "#000") } else { ("#000", "#fff") };
    let body = match o {
        Occupant::Piece(p) => shape(p.role, detail),
        Occupant::Unknown(_) => format!(
            "<circle cx=\"22.5\" cy=\"22.5\" r=\"14\"/><text x=\"22.5\" y=\"30\" font-size=\"22\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"{detail}\" stroke=\"none\">?</text>"
        ),
    };
    format!(
        "<g id=\"{}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linejoin=\"round\" \
         stroke-linecap=\"round\">{body}</g>\n",
        piece_id(o)
    )
}

/// The base every piece stands on.
const BASE: &str = "<path d=\"M9.5 39.5h26v-3a2 2 0 0 0-2-2h-22a2 2 0 0 0-2 2z\"/>";

fn shape(role: Role, detail: &str) -> String {
    match role {
        Role::Pawn => "<path d=\"M12 39.5h21v-2.5a2 2 0 0 0-2-2h-17a2 2 0 0 0-2 2z\"/>\
             <path d=\"M15 35c0-5 2-8.5 5-10.5h5c3 2 5 5.5 5 10.5z\"/>\
             <ellipse cx=\"22.5\" cy=\"24\" rx=\"6.5\" ry=\"2\"/><circle cx=\"22.5\" cy=\"16.5\" r=\"5.5\"/>"
            .to_string(),
        Role::Rook => format!(
            "{BASE}<path d=\"M12 34.5v-3.5h21v3.5z\"/><path d=\"M14.5 31l1-14h14l1 14z\"/>\
             <path d=\"M12 17v-4h21v4z\"/>\
             <path d=\"M12 13v-5.5h4v3h3.5v-3h6v3h3.5v-3h4v5.5z\"/>\
             <path d=\"M15.5 17h14M15 31h15\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1\"/>"
        ),
        Role::Bishop => format!(
            "{BASE}<path d=\"M14 34.5c-1-3 0-5.5 2.5-7.5h12c2.5 2 3.5 4.5 2.5 7.5z\"/>\
             <path d=\"M16.5 27c-4-5-3-11 6-17.5c9 6.5 10 12.5 6 17.5z\"/>\
             <circle cx=\"22.5\" cy=\"7.5\" r=\"2.5\"/>\
             <path d=\"M22.5 13.5v7M19.5 17h6\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1.5\"/>"
        ),
        Role::Knight => knight(detail),
        Role::Queen => format!(
            "{BASE}<path d=\"M12 34.5l-3-19l6.5 10.5l1-14l6 13.5l6-13.5l1 14l6.5-10.5l-3 19z\"/>\
             <circle cx=\"9\" cy=\"14\" r=\"2.3\"/><circle cx=\"16.5\" cy=\"10\" r=\"2.3\"/>\
             <circle cx=\"22.5\" cy=\"9\" r=\"2.3\"/><circle cx=\"28.5\" cy=\"10\" r=\"2.3\"/>\
             <circle cx=\"36\" cy=\"14\" r=\"2.3\"/>\
             <path d=\"M12.5 31c6-2 14-2 20 0\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1.2\"/>"
        ),
        Role::King => format!(
            "{BASE}<path d=\"M12 34.5c-4-5-5-12 1-14.5c5-2 8 1 9.5 4.5c1.5-3.5 4.5-6.5 9.5-4.5c6 2.5 5 9.5 1 14.5z\"/>\
             <path d=\"M22.5 24.5c-1.5-3-2-6-0-8.5c2 2.5 1.5 5.5 0 8.5z\"/>\
             <path d=\"M21.3 5h2.4v3h3v2.4h-3v5h-2.4v-5h-3v-2.4h3z\"/>\
             <path d=\"M12.5 31c6-2 14-2 20 0\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1.2\"/>"
        ),
        // The compound pieces of 10×8 chess: a knight beside the piece whose moves it adds.
        Role::Archbishop => compound(Role::Bishop, detail),
        Role::Chancellor => compound(Role::Rook, detail),
    }
}

fn knight(detail: &str) -> String {
    format!(
        "{BASE}<path d=\"M13.5 34.5c0-7 4-10.5 7-14.5c-2.5 1.5-4.5 3-5.5 4.5l-3.5 1.5c-2 0-3.5-1.5-2.5-3.5\
         c1-3 4.5-7 6.5-9.5c0-2 1-3.5 2-4.5l1.5-3l2 3c7 0.5 12.5 5.5 13.5 14c0.5 4.5 0 8-1 12z\"/>\
         <circle cx=\"17\" cy=\"15.5\" r=\"1.3\" fill=\"{detail}\" stroke=\"none\"/>\
         <path d=\"M10.5 24.5l1.5-1\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1\"/>"
    )
}

fn compound(partner: Role, detail: &str) -> String {
    format!(
        "<g transform=\"translate(15 6.5) scale(0.78)\">{}</g><g transform=\"translate(-2.5 6.5) scale(0.78)\">{}</g>",
        shape(partner, detail),
        knight(detail)
    )
}
