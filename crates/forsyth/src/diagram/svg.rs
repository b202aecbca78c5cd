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

use super::general::{Turn, drawn_as, topology_words};
use super::{Diagram, DiagramStyle, Occupant};
use crate::general::GeneralPosition;
use crate::notation::Language;
use crate::notation::general::letter_of;
use crate::{Color, File, Piece, Role, Square, Topology};

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
/// The joined edges of cylinders.
const WRAP: &str = "#c0392b";
/// Height of a legend line.
const LEGEND_LINE: f32 = 14.0;
/// The legend's font size: the coordinates' size, a little smaller.
const LEGEND_SIZE: f32 = 10.0;
/// How far the lines after the first of a legend entry are indented.
const LEGEND_INDENT: f32 = 8.0;

/// The diagram as a standalone SVG document.
///
/// ```
/// use forsyth::diagram::{self, DiagramStyle, svg};
/// let r = diagram::read("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").unwrap();
/// let picture = svg::svg(&r.diagram, &DiagramStyle::default());
/// assert_eq!(picture.matches("class=\"piece\"").count(), 3);
/// assert!(picture.contains("data-square=\"e2\" data-piece=\"P\""));
/// assert!(picture.contains(">2+1</text>"));
/// // A second diagram in the same HTML page: ids of its own, and the pieces drawn from them.
/// let second = svg::svg(&r.diagram, &DiagramStyle { id_prefix: "d2-".into(), ..DiagramStyle::default() });
/// assert!(second.contains("<g id=\"d2-white-king\"") && second.contains("href=\"#d2-white-king\""));
/// ```
pub fn svg(diagram: &Diagram, style: &DiagramStyle) -> String {
    let files = diagram.board.shape().files();
    let mut used: Vec<Occupant> = diagram.occupants().map(|(_, o)| o).collect();
    used.sort_by_key(|o| (o.color(), o.char()));
    used.dedup();
    let pieces = diagram
        .occupants()
        .map(|(sq, o)| Placed {
            file: sq.file().index(),
            rank: sq.rank().index(),
            href: piece_id(o),
            letter: o.letter(diagram.variant),
            turn: Turn::Upright,
        })
        .collect();
    let frame = Frame {
        files,
        ranks: 8,
        file_labels: (0..files).map(|f| File::new(f).expect("file on the board").to_string()).collect(),
        defs: used.iter().map(|o| piece_def(*o)).collect(),
        pieces,
        count: diagram.count().to_string(),
        legend: Vec::new(),
        wraps: (false, false),
    };
    frame.render(style)
}

/// A diagram of a general position (fairy pieces, boards of any size, cylinders) as problem books draw it: fairy
/// pieces as turned standard pieces after [`drawn_as`] (the one glyph table of the text diagrams: grasshopper =
/// inverted queen, nightrider = inverted knight), pieces without a glyph as a circle with their letter, a legend
/// under the board (in English or German), and the joined edges of cylinders drawn as thick dashed lines
/// (`class="wrap files"` left and right, `class="wrap ranks"` top and bottom).
///
/// Each piece is one `<use class="piece">` with `data-square` and `data-piece` (its letter), and a `transform`
/// (`rotate(180 …)`) when it is drawn turned; each legend entry is a `<text class="legend">`, written over several
/// lines (`<tspan>`s) when it is wider than the board.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::diagram::{DiagramStyle, svg};
/// use forsyth::notation::Language;
/// use forsyth::notation::general::read_fen;
/// use forsyth::piece_kind::PieceTable;
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::VerticalCylinder).unwrap();
/// let picture = svg::general(&pos, &DiagramStyle::default(), Language::En);
/// assert!(picture.contains("href=\"#white-queen\" x=\"20\" y=\"319\" data-square=\"a1\" data-piece=\"G\" transform=\"rotate(180 42.5 341.5)\""));
/// assert!(picture.contains("G = grasshopper"));
/// assert_eq!(picture.matches("class=\"wrap files\"").count(), 2);
/// ```
pub fn general(pos: &GeneralPosition, style: &DiagramStyle, language: Language) -> String {
    let grid = pos.grid();
    let table = pos.table();
    let mut defs: Vec<(String, String)> = Vec::new();
    let mut pieces = Vec::new();
    for (cell, unit) in pos.pieces() {
        let kind = table.kind(unit.kind as usize);
        let letter = letter_of(pos, unit);
        let (href, def, turn) = match drawn_as(kind) {
            Some((role, turn)) => {
                let o = Occupant::Piece(Piece::new(unit.color, role));
                (piece_id(o), piece_def(o), turn)
            }
            None => {
                let id = letter_id(unit.color, letter);
                (id.clone(), letter_def(&id, unit.color, letter), Turn::Upright)
            }
        };
        if !defs.iter().any(|(id, _)| *id == href) {
            defs.push((href.clone(), def));
        }
        pieces.push(Placed { file: grid.file_of(cell), rank: grid.rank_of(cell), href, letter, turn });
    }
    defs.sort();
    let (white, black) = (pos.count(Color::White).0, pos.count(Color::Black).0);
    let mut legend = super::general::legend(pos, language);
    if grid.topology() != Topology::Plain {
        let board = if language == Language::De { "Brett" } else { "Board" };
        legend.push(format!("{board}: {}", topology_words(grid.topology(), language)));
    }
    let frame = Frame {
        files: grid.files(),
        ranks: grid.ranks(),
        file_labels: (0..grid.files())
            .map(|f| grid.name(grid.cell(f, 0)).trim_end_matches(|c: char| c.is_ascii_digit()).to_string())
            .collect(),
        defs: defs.into_iter().map(|(_, def)| def).collect(),
        pieces,
        count: format!("{white}+{black}"),
        legend,
        wraps: (grid.topology().wraps_files(), grid.topology().wraps_ranks()),
    };
    frame.render(style)
}

/// A piece to draw: its square (file and rank from 0), the picture it uses, its letter and its turn.
struct Placed {
    file: u8,
    rank: u8,
    href: String,
    letter: char,
    turn: Turn,
}

/// Everything the one renderer draws: the board, the pieces' pictures and places, the count, the legend and the
/// joined edges (files, ranks).
struct Frame {
    files: u8,
    ranks: u8,
    file_labels: Vec<String>,
    defs: Vec<String>,
    pieces: Vec<Placed>,
    count: String,
    legend: Vec<String>,
    wraps: (bool, bool),
}

impl Frame {
    fn render(&self, style: &DiagramStyle) -> String {
        let (files, ranks) = (self.files, self.ranks);
        let left = PAD + if style.coordinates { COORDS } else { 0.0 };
        let top = PAD;
        let board_w = SQUARE * files as f32;
        let board_h = SQUARE * ranks as f32;
        let mut bottom = top + board_h + PAD;
        if style.coordinates {
            bottom += COORDS;
        }
        let count_y = bottom + LINE - 4.0;
        if style.count {
            bottom += LINE;
        }
        let legend_y = bottom + LEGEND_LINE - 4.0;
        let legend: Vec<Vec<String>> = self.legend.iter().map(|line| wrap(line, legend_width(board_w))).collect();
        bottom += LEGEND_LINE * legend.iter().map(Vec::len).sum::<usize>() as f32;
        let caption_y = bottom + LINE - 5.0;
        if style.caption.is_some() {
            bottom += LINE;
        }
        let width = left + board_w + PAD;
        let height = bottom + PAD / 2.0;

        let mut out = String::new();
        let label = match &style.caption {
            Some(c) => format!("Chess diagram {}", escape(c)),
            None => format!("Chess diagram, {} pieces", self.count),
        };
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{label}\" \
             font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<title>{label}</title>\n",
            num(width),
            num(height)
        );
        let prefix = &style.id_prefix;
        out.push_str("<defs>\n");
        for def in &self.defs {
            out.push_str(&def.replacen("id=\"", &format!("id=\"{prefix}"), 1));
        }
        let _ = write!(out, "<radialGradient id=\"{prefix}check\">");
        out.push_str(
            "<stop offset=\"0\" stop-color=\"#ff0000\"/>\
             <stop offset=\"0.3\" stop-color=\"#e70000\"/><stop offset=\"1\" stop-color=\"#ff0000\" stop-opacity=\"0\"/>\
             </radialGradient>\n",
        );
        out.push_str("</defs>\n");

        let xy = |file: u8, rank: u8| -> (f32, f32) {
            let (col, row) = if style.flip { (files - 1 - file, rank) } else { (file, ranks - 1 - rank) };
            (left + SQUARE * col as f32, top + SQUARE * row as f32)
        };
        let name = |file: u8, rank: u8| format!("{}{}", self.file_labels[file as usize], rank + 1);
        // A square of the style (last move, check) on this board, as (file, rank).
        let on_board = |sq: Square| {
            let (f, r) = (sq.file().index(), sq.rank().index());
            (f < files && r < ranks).then_some((f, r))
        };

        out.push_str("<g class=\"board\">\n");
        for rank in 0..ranks {
            for file in 0..files {
                let (x, y) = xy(file, rank);
                let (class, fill) = if (file + rank) % 2 == 1 { ("light", LIGHT) } else { ("dark", DARK) };
                let _ = writeln!(
                    out,
                    "<rect class=\"square {class}\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                     height=\"{SQUARE}\" fill=\"{fill}\"/>",
                    name(file, rank),
                    num(x),
                    num(y)
                );
            }
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
        if self.wraps.0 || self.wraps.1 {
            // The joined edges: the two edges that touch on a cylinder are drawn alike, thick and dashed.
            out.push_str(&format!(
                "<g class=\"wraps\" stroke=\"{WRAP}\" stroke-width=\"3\" stroke-dasharray=\"6 4\" fill=\"none\">\n"
            ));
            let (l, r, t, b) = (left - 1.5, left + board_w + 1.5, top - 1.5, top + board_h + 1.5);
            if self.wraps.0 {
                for x in [l, r] {
                    let _ = writeln!(
                        out,
                        "<line class=\"wrap files\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                        num(x),
                        num(t),
                        num(x),
                        num(b)
                    );
                }
            }
            if self.wraps.1 {
                for y in [t, b] {
                    let _ = writeln!(
                        out,
                        "<line class=\"wrap ranks\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                        num(l),
                        num(y),
                        num(r),
                        num(y)
                    );
                }
            }
            out.push_str("</g>\n");
        }

        if let Some((from, to)) = style.last_move {
            for (file, rank) in [from, to].into_iter().filter_map(on_board) {
                let (x, y) = xy(file, rank);
                let _ = writeln!(
                    out,
                    "<rect class=\"last-move\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                     height=\"{SQUARE}\" fill=\"{LAST_MOVE}\" fill-opacity=\"0.55\"/>",
                    name(file, rank),
                    num(x),
                    num(y)
                );
            }
        }
        if let Some((file, rank)) = style.check.and_then(on_board) {
            let (x, y) = xy(file, rank);
            let _ = writeln!(
                out,
                "<rect class=\"check\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
                 fill=\"url(#{prefix}check)\"/>",
                name(file, rank),
                num(x),
                num(y)
            );
        }

        out.push_str("<g class=\"pieces\">\n");
        for p in &self.pieces {
            let (x, y) = xy(p.file, p.rank);
            let _ = write!(
                out,
                "<use class=\"piece\" href=\"#{prefix}{}\" x=\"{}\" y=\"{}\" data-square=\"{}\" data-piece=\"{}\"",
                p.href,
                num(x),
                num(y),
                name(p.file, p.rank),
                p.letter
            );
            if p.turn != Turn::Upright {
                let half = SQUARE / 2.0;
                let _ = write!(out, " transform=\"rotate({} {} {})\"", p.turn.degrees(), num(x + half), num(y + half));
            }
            out.push_str("/>\n");
        }
        out.push_str("</g>\n");

        if style.coordinates {
            out.push_str(&format!(
                "<g class=\"coordinates\" font-size=\"12\" fill=\"{TEXT}\" text-anchor=\"middle\">\n"
            ));
            for rank in 0..ranks {
                let (_, y) = xy(0, rank);
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    num(PAD + COORDS / 2.0),
                    num(y + 27.0),
                    rank + 1
                );
            }
            for file in 0..files {
                let (x, _) = xy(file, 0);
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    num(x + SQUARE / 2.0),
                    num(top + board_h + PAD + 10.0),
                    self.file_labels[file as usize]
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
                self.count
            );
        }
        // Every legend entry in one size, read as text under a board in a book is; an entry wider than the board
        // goes on over more lines, the lines after the first indented.
        let mut row = 0;
        for parts in &legend {
            let y = legend_y + LEGEND_LINE * row as f32;
            row += parts.len();
            let _ = write!(
                out,
                "<text class=\"legend\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{TEXT}\">",
                num(left),
                num(y),
                num(LEGEND_SIZE)
            );
            // The first line is the element's own text (what a program reading the picture finds first), the
            // lines after it `<tspan>`s.
            for (i, part) in parts.iter().enumerate() {
                if i == 0 {
                    out.push_str(&escape(part));
                } else {
                    let (x, dy) = (num(left + LEGEND_INDENT), num(LEGEND_LINE));
                    let _ = write!(out, "<tspan x=\"{x}\" dy=\"{dy}\">{}</tspan>", escape(part));
                }
            }
            out.push_str("</text>\n");
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
}

/// How many characters of a legend fit under a board `board_w` wide: proportional glyphs of DejaVu Sans, Helvetica
/// and Arial average under 0.6 em in running text (capitals and `m` are wider, spaces narrower).
fn legend_width(board_w: f32) -> usize {
    ((board_w - LEGEND_INDENT) / (0.6 * LEGEND_SIZE)).floor().max(12.0) as usize
}

/// A line cut at spaces into parts of at most `width` characters (a word longer than that stands alone).
///
/// ```text
/// wrap("G = grasshopper (Grashüpfer, Popeye G)", 20) == ["G = grasshopper", "(Grashüpfer, Popeye", "G)"]
/// ```
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            parts.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    parts.push(current);
    parts
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

/// The id of the picture of a piece drawn as its letter.
fn letter_id(color: Color, letter: char) -> String {
    let color = if color == Color::White { "white" } else { "black" };
    match letter.to_ascii_uppercase() {
        c @ 'A'..='Z' => format!("{color}-letter-{c}"),
        _ => format!("{color}-letter-unknown"),
    }
}

/// A piece without a conventional glyph: a circle with its letter (uppercase, in the piece's colour).
fn letter_def(id: &str, color: Color, letter: char) -> String {
    let (fill, detail) = if color == Color::White { ("#fff", "#000") } else { ("#000", "#fff") };
    format!(
        "<g id=\"{id}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"><circle cx=\"22.5\" cy=\"22.5\" \
         r=\"15\"/><text class=\"letter\" x=\"22.5\" y=\"30\" font-size=\"21\" font-weight=\"bold\" \
         text-anchor=\"middle\" fill=\"{detail}\" stroke=\"none\">{}</text></g>\n",
        escape(&letter.to_ascii_uppercase().to_string())
    )
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
