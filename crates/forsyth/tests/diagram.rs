//! Diagrams and explanations checked against the seeds and against readings of the FEN that do not use forsyth:
//! shakmaty's board parser for 8×8 boards, and a digit expansion written here for 10×8 boards.

use std::collections::BTreeMap;

use forsyth::diagram::explain::explain;
use forsyth::diagram::{self, DiagramStyle, svg, text};
use forsyth::notation::Language;
use forsyth::notation::general::read_fen;
use forsyth::piece_kind::PieceTable;
use forsyth::{Color, Role, Topology, Variant};

/// The FEN standard's example FEN (after 1.e4 e5).
const FEN_AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
/// The German problem-chess conventions' example diagram FEN.
const PROBLEM_DIAGRAM: &str = "3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR";
/// A Capablanca game after 1.e4 e5 2.Ci3 (the chancellor leaps like a knight).
const CAPABLANCA: &str = "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/8C1/PPPP1PPPPP/RNABQKB1NR b KQkq - 1 2";

/// Square name → FEN letter, from shakmaty's reading of an 8×8 board.
fn shakmaty_board(board_field: &str) -> BTreeMap<String, char> {
    let board = shakmaty::Board::from_ascii_board_fen(board_field.as_bytes()).expect("shakmaty reads the board");
    board.iter().map(|(sq, piece)| (sq.to_string(), piece.char())).collect()
}

/// Square name → FEN letter, by expanding the digits of a board field of any width (multi-digit runs such as 10).
fn expand_board(board_field: &str) -> BTreeMap<String, char> {
    let mut squares = BTreeMap::new();
    for (i, rank_text) in board_field.split('/').enumerate() {
        let rank = 8 - i;
        let mut file = 0u8;
        let mut run = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as u8;
                continue;
            }
            file += run;
            run = 0;
            squares.insert(format!("{}{rank}", (b'a' + file) as char), c);
            file += 1;
        }
    }
    squares
}

/// The pieces an SVG draws, as square → letter, checking that each is drawn on the square it claims: the `<use>`
/// element's position must be that of the `<rect>` of the same square.
fn svg_pieces(svg: &str) -> BTreeMap<String, char> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert!(root.attribute("viewBox").is_some(), "a viewBox lets the picture scale");
    let mut squares = BTreeMap::new();
    for rect in doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class").is_some_and(|c| c.starts_with("square")))
    {
        let xy = (rect.attribute("x").unwrap().to_string(), rect.attribute("y").unwrap().to_string());
        squares.insert(xy, rect.attribute("data-square").unwrap().to_string());
    }
    let mut pieces = BTreeMap::new();
    for node in doc.descendants().filter(|n| n.attribute("class") == Some("piece")) {
        let square = node.attribute("data-square").unwrap().to_string();
        let xy = (node.attribute("x").unwrap().to_string(), node.attribute("y").unwrap().to_string());
        assert_eq!(squares.get(&xy), Some(&square), "piece drawn on another square than it claims");
        let href = node.attribute("href").unwrap();
        assert!(doc.descendants().any(|n| n.attribute("id") == Some(&href[1..])), "{href} is defined");
        let letter = node.attribute("data-piece").unwrap().chars().next().unwrap();
        assert!(pieces.insert(square, letter).is_none(), "two pieces on one square");
    }
    pieces
}

/// The square each `<rect class="square">` stands for, by its position: column and row from the top left.
fn square_grid(svg: &str) -> BTreeMap<String, (usize, usize)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let rects: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class").is_some_and(|c| c.starts_with("square")))
        .collect();
    let mut xs: Vec<f64> = rects.iter().map(|r| r.attribute("x").unwrap().parse().unwrap()).collect();
    let mut ys: Vec<f64> = rects.iter().map(|r| r.attribute("y").unwrap().parse().unwrap()).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    ys.sort_by(f64::total_cmp);
    ys.dedup();
    rects
        .iter()
        .map(|r| {
            let x: f64 = r.attribute("x").unwrap().parse().unwrap();
            let y: f64 = r.attribute("y").unwrap().parse().unwrap();
            let col = xs.iter().position(|&v| v == x).unwrap();
            let row = ys.iter().position(|&v| v == y).unwrap();
            let name = r.attribute("data-square").unwrap().to_string();
            let light = r.attribute("class").unwrap().contains("light");
            // a1 is dark: light squares have an odd file + rank sum.
            let b = name.as_bytes();
            assert_eq!(light, (b[0] - b'a' + b[1] - b'1') % 2 == 1, "colour of {name}");
            (name, (col, row))
        })
        .collect()
}

#[test]
fn svg_pieces_match_the_board_on_8x8() {
    for fen in [FEN_AFTER_E4_E5, PROBLEM_DIAGRAM, "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39", "8/8/8/8/8/8/8/8 w - - 0 1"] {
        let reading = diagram::read(fen).unwrap();
        let board_field = fen.split(' ').next().unwrap();
        for flip in [false, true] {
            let picture = svg::svg(&reading.diagram, &DiagramStyle { flip, ..DiagramStyle::default() });
            assert_eq!(svg_pieces(&picture), shakmaty_board(board_field), "{fen} flip {flip}");
        }
    }
}

#[test]
fn svg_pieces_match_the_board_on_10x8() {
    for fen in [CAPABLANCA, Variant::Gothic.start_fen(), Variant::Janus.start_fen(), Variant::Embassy.start_fen()] {
        let reading = diagram::read(fen).unwrap();
        let expected = expand_board(fen.split(' ').next().unwrap());
        assert_eq!(svg_pieces(&svg::svg(&reading.diagram, &DiagramStyle::default())), expected, "{fen}");
    }
}

#[test]
fn svg_orientation_white_at_the_bottom_unless_flipped() {
    for fen in [FEN_AFTER_E4_E5, CAPABLANCA] {
        let reading = diagram::read(fen).unwrap();
        let files = reading.diagram.board.shape().files() as usize;
        let last = (b'a' + files as u8 - 1) as char;
        let grid = square_grid(&svg::svg(&reading.diagram, &DiagramStyle::default()));
        assert_eq!(grid.len(), files * 8);
        assert_eq!(grid["a1"], (0, 7), "a1 bottom left");
        assert_eq!(grid[&format!("{last}8")], (files - 1, 0), "top right");
        let flipped = square_grid(&svg::svg(&reading.diagram, &DiagramStyle { flip: true, ..DiagramStyle::default() }));
        assert_eq!(flipped["a1"], (files - 1, 0), "flipped: a1 top right");
        assert_eq!(flipped[&format!("{last}8")], (0, 7), "flipped: bottom left");
    }
}

#[test]
fn svg_coordinates_highlights_count_and_caption() {
    let reading = diagram::read(FEN_AFTER_E4_E5).unwrap();
    let style = DiagramStyle {
        last_move: Some(("e7".parse().unwrap(), "e5".parse().unwrap())),
        check: Some("e1".parse().unwrap()),
        caption: Some(FEN_AFTER_E4_E5.to_string()),
        ..DiagramStyle::default()
    };
    let picture = svg::svg(&reading.diagram, &style);
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let texts: Vec<&str> = doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    for label in ["a", "h", "1", "8", "16+16", FEN_AFTER_E4_E5] {
        assert!(texts.contains(&label), "{label} missing from {texts:?}");
    }
    let marked = |class: &str| -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| n.attribute("data-square").unwrap().to_string())
            .collect()
    };
    assert_eq!(marked("last-move"), ["e7", "e5"]);
    assert_eq!(marked("check"), ["e1"]);
    let bare =
        svg::svg(&reading.diagram, &DiagramStyle { coordinates: false, count: false, ..DiagramStyle::default() });
    let doc = roxmltree::Document::parse(&bare).unwrap();
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("text")).count(), 0);
}

/// German chess clubs explain this FEN line by line; forsyth's German must say the same things.
#[test]
fn german_explanation_reads_like_the_fen_guide() {
    let text = explain(FEN_AFTER_E4_E5, Language::De, None).unwrap().to_string();
    for phrase in [
        "rnbqkbnr  schwarze Figuren stehen noch in der Grundstellung",
        "pppp1ppp  bis auf den e-Bauern stehen die schwarzen Bauern auf ihren Ausgangsfeldern",
        "8         die sechste Reihe ist leer",
        "4p3       auf e5 steht ein schwarzer Bauer",
        // The seed's e5 here is a slip: the white pawn of 1.e4 stands on e4.
        "4P3       auf e4 steht ein weißer Bauer",
        "8         die dritte Reihe ist leer",
        "PPPP1PPP  bis auf den e-Bauern stehen die weißen Bauern auf ihren Ausgangsfeldern",
        "RNBQKBNR  weiße Figuren stehen noch in der Grundstellung",
        "w         Weiß ist am Zug",
        "KQkq      beide Seiten können noch beide Rochaden machen",
        "kleine Rochade",
        "große Rochade",
        "e6        Feld e6 wurde beim letzten Zug mit dem Bauern übersprungen",
        "nicht möglich",
        "0         letzter Zug war Bauernzug, damit 0 Halbzüge",
        "2         nächster Zug ist Zugnummer 2",
    ] {
        assert!(text.contains(phrase), "missing «{phrase}» in\n{text}");
    }
}

#[test]
fn english_explanation_mirrors_the_fen_guide() {
    let e = explain(FEN_AFTER_E4_E5, Language::En, None).unwrap();
    let text = e.to_string();
    for phrase in [
        "Black's pieces are still on their start squares",
        "apart from the e-pawn, Black's pawns are on their start squares",
        "the sixth rank is empty",
        "there is a black pawn on e5",
        "White is to move",
        "both sides may still castle both ways",
        "a pawn skipped e6 with a double step on the last move (e7-e5)",
        "no en-passant capture is possible here",
        "the next move is move 2",
        "50-move rule",
    ] {
        assert!(text.contains(phrase), "missing «{phrase}» in\n{text}");
    }
    assert_eq!(e.legal, Some(true));
    assert_eq!(
        e.sections.iter().map(|s| s.field).collect::<Vec<_>>(),
        ["placement", "turn", "castling", "en-passant", "halfmoves", "fullmoves"]
    );
}

/// German problem-chess conventions, example e: "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39" — 38 moves played, 5 half-moves since the last pawn
/// move or capture, White to move.
#[test]
fn problem_conventions_advanced_game_example() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
    let de = explain(fen, Language::De, None).unwrap().to_string();
    assert!(de.contains("5 Halbzüge seit dem letzten Bauernzug"), "{de}");
    assert!(de.contains("bisher 38 Züge gespielt"), "{de}");
    assert!(de.contains("Weiß ist am Zug"), "{de}");
    let en = explain(fen, Language::En, None).unwrap().to_string();
    assert!(en.contains("38 moves played so far"), "{en}");
    assert!(en.contains("neither side may castle any more"), "{en}");
}

#[test]
fn possible_en_passant_capture_is_named() {
    // After 1.e4 Nf6 2.e5 d5: exd6 e.p. is legal.
    let fen = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    let e = explain(fen, Language::En, None).unwrap();
    assert_eq!(
        e.en_passant_captures.as_ref().map(|m| m.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
        Some(vec!["e5d6".to_string()])
    );
    assert!(e.to_string().contains("White can capture en passant: e5xd6"));
    assert!(
        explain(fen, Language::De, None).unwrap().to_string().contains("Weiß kann en passant schlagen: Be5:d6 e.p.")
    );
}

#[test]
fn castling_letters_that_name_rooks() {
    // X-FEN's X-FEN test vector: G names White's inner rook on g1.
    let fen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    let e = explain(fen, Language::En, None).unwrap();
    let letters: Vec<(char, String)> = e.castling.iter().map(|r| (r.letter, r.rook.to_string())).collect();
    assert_eq!(letters, [('G', "g1".to_string()), ('k', "g8".to_string()), ('q', "a8".to_string())]);
    assert!(e.to_string().contains("with the rook on g1, whose file the letter names"));
    // Shredder-FEN letters for the standard start.
    let e = explain("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", Language::De, None).unwrap();
    assert_eq!(e.castling.iter().map(|r| r.letter).collect::<String>(), "HAha");
    assert!(e.to_string().contains("mit dem Turm auf h1, dessen Linie der Buchstabe nennt"));
}

#[test]
fn problems_are_listed_in_both_languages() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1";
    let en = explain(fen, Language::En, None).unwrap();
    assert_eq!(en.legal, Some(false));
    assert_eq!(en.problems.iter().map(|p| p.code).collect::<Vec<_>>(), ["position.invalid-en-passant"]);
    let de = explain(fen, Language::De, None).unwrap();
    assert!(de.problems[0].text.contains("6. Reihe"), "{}", de.problems[0].text);
}

#[test]
fn piece_counts_follow_the_problem_conventions() {
    assert_eq!(diagram::read(PROBLEM_DIAGRAM).unwrap().diagram.count().to_string(), "14+14");
    assert_eq!(diagram::read(&format!("[{PROBLEM_DIAGRAM}]")).unwrap().diagram.count().to_string(), "14+14");
    assert_eq!(diagram::read(FEN_AFTER_E4_E5).unwrap().diagram.count().to_string(), "16+16");
    assert_eq!(diagram::read(CAPABLANCA).unwrap().diagram.count().to_string(), "20+20");
}

#[test]
fn promoted_pieces_beyond_the_start_array() {
    // White has three knights and seven pawns: one knight is a promoted pawn; Black's officers are all original.
    let fen = "4k3/pppppppp/8/8/8/8/1PPPPPPP/1NN1K1N1 w - - 0 1";
    let reading = diagram::read(fen).unwrap();
    let board = &reading.diagram.board;
    assert_eq!(board.certainly_promoted(Color::White, Role::Knight, Variant::Standard), 1);
    assert_eq!(board.promoted_range(Color::White, Variant::Standard), (1, 1));
    assert_eq!(board.promoted_range(Color::Black, Variant::Standard), (0, 0));
    let de = explain(fen, Language::De, None).unwrap();
    assert!(de.pieces[0].contains("mindestens 1 Umwandlungsfigur (Springer)"), "{}", de.pieces[0]);
    assert!(de.pieces[1].contains("alle Offiziere sind Originalfiguren"), "{}", de.pieces[1]);
    // A second chancellor is promoted in Capablanca chess, but two archbishops are Janus chess's start.
    let fen = "rjnbkqbnjr/pppppppppp/10/10/10/10/1PPPPPPPPP/RJNBKQBNJR w - - 0 1";
    let board = diagram::read(fen).unwrap().diagram.board;
    assert_eq!(board.certainly_promoted(Color::White, Role::Archbishop, Variant::Capablanca), 1);
    assert_eq!(board.certainly_promoted(Color::White, Role::Archbishop, Variant::Janus), 0);
}

#[test]
fn text_diagrams_show_the_board_from_either_side() {
    let reading = diagram::read(CAPABLANCA).unwrap();
    let ascii = text::ascii(&reading.diagram, &DiagramStyle::default());
    let lines: Vec<&str> = ascii.lines().collect();
    assert_eq!(lines[1], "8 | r n a b q k b c n r |");
    assert_eq!(lines[6], "3 | . . . . . . . . C . |");
    assert_eq!(lines[10], "    a b c d e f g h i j");
    assert_eq!(lines[11], "20+20");
    let flipped =
        text::ascii(&reading.diagram, &DiagramStyle { flip: true, coordinates: false, ..DiagramStyle::default() });
    let lines: Vec<&str> = flipped.lines().collect();
    assert_eq!(lines[1], "| R N . B K Q B A N R |");
    let unicode = text::unicode(
        &reading.diagram,
        &DiagramStyle { last_move: Some(("h1".parse().unwrap(), "i3".parse().unwrap())), ..DiagramStyle::default() },
    );
    assert!(unicode.contains("3 │ · · · · · · · ·[\u{1FA4F}]· │"), "{unicode}");
}

/// The German problem-chess conventions' unknown piece: `X` white, `x` black, only in a board field alone.
#[test]
fn unknown_pieces_on_a_board_alone() {
    let board_field = "3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX";
    let reading = diagram::read(&format!("[{board_field}]")).unwrap();
    assert_eq!(reading.diagram.count().to_string(), "14+14");
    let picture = svg::svg(&reading.diagram, &DiagramStyle::default());
    assert_eq!(svg_pieces(&picture), expand_board(board_field));
    assert!(text::ascii(&reading.diagram, &DiagramStyle::default()).contains("1 | . . . B n Q n X |"));
    let de = explain("x7/8/8/8/8/8/8/X6K", Language::De, None).unwrap().to_string();
    assert!(de.contains("auf a8 steht eine unbekannte schwarze Figur"), "{de}");
    assert!(de.contains("+ 1 unbekannte Figur"), "{de}");
    let en = explain("x7/8/8/8/8/8/8/X6K", Language::En, None).unwrap().to_string();
    assert!(en.contains("there is an unknown white piece on a1 and a white king on h1"), "{en}");
    assert!(diagram::read(&format!("{board_field} w - - 0 1")).is_err(), "a whole FEN cannot hold unknown pieces");
}

mod no_panic {
    use proptest::prelude::*;

    use super::*;

    /// Text made of FEN characters and a few others, so that most of it gets deep into the reader.
    fn fen_like() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            proptest::sample::select(
                "pnbrqkacjxPNBRQKACJX0123456789/ -wbWBKQkqAHeh[]\u{e9}".chars().collect::<Vec<_>>(),
            ),
            0..90,
        )
        .prop_map(|chars| chars.into_iter().collect())
    }

    /// Real FENs with one character changed.
    fn mutated() -> impl Strategy<Value = String> {
        let fens = vec![
            FEN_AFTER_E4_E5,
            PROBLEM_DIAGRAM,
            CAPABLANCA,
            "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        ];
        (
            proptest::sample::select(fens),
            any::<usize>(),
            proptest::sample::select("pPkKxX12/ -e6w".chars().collect::<Vec<_>>()),
        )
            .prop_map(|(fen, at, c)| {
                let mut chars: Vec<char> = fen.chars().collect();
                let at = at % chars.len();
                chars[at] = c;
                chars.into_iter().collect()
            })
    }

    fn check(text: &str) {
        for lang in [Language::En, Language::De] {
            if let Ok(e) = explain(text, lang, None) {
                let _ = e.to_string();
                assert_eq!(e.sections[0].lines.len(), 8);
            }
        }
        if let Ok(reading) = diagram::read(text) {
            let style = DiagramStyle { flip: true, caption: Some(text.to_string()), ..DiagramStyle::default() };
            roxmltree::Document::parse(&svg::svg(&reading.diagram, &style)).expect("well-formed SVG");
            let _ = text::unicode(&reading.diagram, &style);
        }
    }

    proptest! {
        #[test]
        fn explain_and_draw_any_text(text in fen_like()) {
            check(&text);
        }

        #[test]
        fn explain_and_draw_damaged_fens(text in mutated()) {
            check(&text);
        }
    }
}

/// Janus chess calls its bishop-knight the Janus (`j`); the other 10×8 variants the archbishop.
#[test]
fn janus_is_named_in_janus_chess() {
    let fen = "r1nbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1";
    let e = explain(fen, Language::En, None).unwrap();
    assert_eq!(e.variant, Variant::Janus);
    assert!(e.to_string().contains("apart from the Janus from b8, Black's pieces are still on their start squares"));
    let de = explain(fen, Language::De, None).unwrap();
    assert!(de.pieces[0].contains("2 Janusse"), "{}", de.pieces[0]);
    let capablanca = explain(Variant::Capablanca.start_fen(), Language::De, None).unwrap();
    assert!(capablanca.pieces[0].contains("Erzbischof"), "{}", capablanca.pieces[0]);
}

#[test]
fn fields_left_out_are_named_with_the_values_read() {
    let en = explain("4k3/8/8/8/8/8/4P3/4K3 w - -", Language::En, None).unwrap().to_string();
    assert!(en.contains("Fields not given, read as: half-move clock 0 and move number 1"), "{en}");
    let de = explain("4k3/8/8/8/8/8/4P3/4K3 b", Language::De, None).unwrap().to_string();
    assert!(
        de.contains("Nicht angegebene Felder, gelesen als: Rochaderecht -, En passant -, Halbzüge 0 und Zugnummer 1")
    );
    let whole = explain("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39", Language::En, None).unwrap().to_string();
    assert!(!whole.contains("not given"));
}

/// The general position of a FEN with declared letters on a board.
fn fairy_position(declarations: &[&str], fen: &str, topology: Topology) -> forsyth::general::GeneralPosition {
    let mut table = PieceTable::new();
    for d in declarations {
        table.declare_text(d).unwrap();
    }
    read_fen(fen, &table, topology).unwrap()
}

/// Fairy pieces in SVG as the German problem-chess conventions draw them (grasshopper = inverted queen, nightrider =
/// inverted knight, camel = knight turned left, after Popeye's pie-engl.txt), a piece without a glyph as a circle
/// with its letter; every piece once, on its square; a legend line per fairy piece.
#[test]
fn svg_draws_fairy_pieces_as_problem_books_do() {
    let fen = "4k3/8/5c2/1Z6/3N3I/G7/8/2K5 w - - 0 1";
    let pos = fairy_position(&["G=grasshopper", "I=nightrider", "C=camel", "Z=betza:ZW"], fen, Topology::Plain);
    let picture =
        svg::general(&pos, &DiagramStyle { caption: Some(fen.into()), ..DiagramStyle::default() }, Language::En);
    // One piece element per piece, each on its square with its letter: the FEN's board, read independently.
    assert_eq!(svg_pieces(&picture), expand_board(fen.split(' ').next().unwrap()));
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let piece = |square: &str| {
        let node =
            doc.descendants().find(|n| n.attribute("data-square") == Some(square) && n.has_tag_name("use")).unwrap();
        (node.attribute("href").unwrap().to_string(), node.attribute("transform").map(str::to_string))
    };
    let rect = |square: &str| {
        let r =
            doc.descendants().find(|n| n.has_tag_name("rect") && n.attribute("data-square") == Some(square)).unwrap();
        let c = |a| r.attribute(a).unwrap().parse::<f32>().unwrap() + 22.5;
        (c("x"), c("y"))
    };
    // Turned about the centre of its own square.
    let turned = |square: &str, degrees: i32| {
        let (x, y) = rect(square);
        Some(format!("rotate({degrees} {x} {y})"))
    };
    assert_eq!(piece("a3"), ("#white-queen".to_string(), turned("a3", 180)));
    assert_eq!(piece("h4"), ("#white-knight".to_string(), turned("h4", 180)));
    assert_eq!(piece("f6"), ("#black-knight".to_string(), turned("f6", 270)));
    assert_eq!(piece("d4"), ("#white-knight".to_string(), None));
    assert_eq!(piece("c1"), ("#white-king".to_string(), None));
    assert_eq!(piece("b5"), ("#white-letter-Z".to_string(), None));
    let letter = doc.descendants().find(|n| n.attribute("id") == Some("white-letter-Z")).unwrap();
    assert!(letter.descendants().any(|n| n.has_tag_name("circle")));
    assert_eq!(letter.descendants().find(|n| n.has_tag_name("text")).and_then(|t| t.text()), Some("Z"));
    let legend = legend_entries(&doc);
    assert_eq!(legend.len(), 4, "{legend:?}");
    assert!(legend.contains(&"G = grasshopper (Grashüpfer, Popeye G; drawn as inverted queen), Betza gQ".to_string()));
    assert!(legend.contains(&"Z = betza:ZW, Betza ZW".to_string()), "{legend:?}");
    // Every line of the legend fits under the board, in the legend's size (glyphs under 0.6 em wide).
    let board_width = 8.0 * 45.0;
    for line in doc.descendants().filter(|n| n.has_tag_name("tspan") || n.attribute("class") == Some("legend")) {
        let own: String = line.children().filter(|c| c.is_text()).filter_map(|c| c.text()).collect();
        assert!(own.chars().count() as f32 * 0.6 * 10.0 <= board_width, "{own:?} is wider than the board");
    }
    assert!(!picture.contains("class=\"wrap"), "a plain board has no joined edges");
}

/// The legend's entries, each read whole from its `<text class="legend">` (an entry wider than the board is
/// written over several lines, one `<tspan>` each).
fn legend_entries(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("legend"))
        .map(|n| n.descendants().filter(|d| d.is_text()).filter_map(|d| d.text()).collect::<Vec<_>>().join(" "))
        .collect()
}

/// Cylinders and the torus: the joined edges drawn (left and right for files, top and bottom for ranks), the board
/// named in the legend, in German too.
#[test]
fn svg_marks_the_joined_edges_of_cylinders() {
    for (topology, files, ranks) in [
        (Topology::VerticalCylinder, 2, 0),
        (Topology::HorizontalCylinder, 0, 2),
        (Topology::Torus, 2, 2),
        (Topology::Plain, 0, 0),
    ] {
        let pos = fairy_position(&["Z=zebra"], "8/4k3/8/8/3Z4/8/8/4K3 w - - 0 1", topology);
        let picture = svg::general(&pos, &DiagramStyle::default(), Language::De);
        let doc = roxmltree::Document::parse(&picture).unwrap();
        let count = |class| doc.descendants().filter(|n| n.attribute("class") == Some(class)).count();
        assert_eq!((count("wrap files"), count("wrap ranks")), (files, ranks), "{topology:?}");
        let legend = legend_entries(&doc);
        assert!(legend[0].starts_with("Z = Zebra (zebra, Popeye Z; gezeichnet als Springer nach rechts gedreht)"));
        assert_eq!(legend.iter().any(|l| l.starts_with("Brett: ")), topology != Topology::Plain, "{legend:?}");
    }
}

/// Boards other than 8×8 in SVG: one square per cell, ranks beyond 9 and pieces on them.
#[test]
fn svg_draws_general_boards_of_any_size() {
    let fen = "k11/12/12/12/12/12/12/12/12/12/G11/11K w - - 0 1";
    let pos = fairy_position(&["G=grasshopper"], fen, Topology::Plain);
    let picture = svg::general(&pos, &DiagramStyle::default(), Language::En);
    let doc = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(
        doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("square "))).count(),
        144
    );
    let squares: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(squares, ["l1", "a2", "a12"]);
}
