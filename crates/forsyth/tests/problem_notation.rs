//! The composers' notation of the German problem-chess conventions: every sign of the conventions' table and
//! every example of their text, read, written back, translated, and where a position makes sense checked
//! against it (the conventions' FEN examples a) to d) are the reference positions); and a property: English to
//! German to English gives the same text.

use forsyth::notation::letters::Language;
use forsyth::problem::{Limits, Pattern, PatternError, PieceLetter, Place, StateSign, StepKind, game_fits, sequences};
use forsyth::{File, Move, Position, Role, Square};
use proptest::prelude::*;

fn de(text: &str) -> Pattern {
    Pattern::parse(text, Language::De).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// German problem-chess conventions: the signs table, each example in German and in English letters.
#[test]
fn german_problem_chess_conventions_signs_table() {
    for (german, english) in [
        ("Be2-e4", "Pe2-e4"),
        ("K~", "K~"),
        ("Ke8~c2", "Ke8~c2"),
        ("Be2:d3", "Pe2:d3"),
        ("Be2×d3", "Pe2×d3"),
        ("Lc1-d2+", "Bc1-d2+"),
        ("Td3-d6#", "Rd3-d6#"),
        ("Df4:f8=", "Qf4:f8="),
        ("Be7-e8=D", "Pe7-e8=Q"),
        ("Bd5:e6 e.p.", "Pd5:e6 e.p."),
        ("0-0", "0-0"),
        ("0-0-0", "0-0-0"),
        ("Sg1-f3?", "Ng1-f3?"),
        ("Sg1-f3??", "Ng1-f3??"),
        ("Sg1-f3?!", "Ng1-f3?!"),
        ("Sg1-f3!", "Ng1-f3!"),
        ("Sg1-f3!!", "Ng1-f3!!"),
        ("Sg1-f3!?", "Ng1-f3!?"),
        ("Sg1 & Sb1", "Ng1 & Nb1"),
        ("Sg1 | Sb1", "Ng1 | Nb1"),
        ("~Sg1", "~Ng1"),
    ] {
        let pattern = de(german);
        assert_eq!(pattern.write(Language::De), german);
        assert_eq!(pattern.write(Language::En), english);
        assert_eq!(Pattern::parse(english, Language::En).unwrap(), pattern, "{english}");
    }
}

/// German problem-chess conventions: "Bh2:Lg~g6:h7-h8=T" — the h2 pawn captures a bishop on the g-file, goes on
/// to g6, captures on h7 and promotes on h8 to a rook.
#[test]
fn german_problem_chess_conventions_indicated_line() {
    let Pattern::Line(line) = de("Bh2:Lg~g6:h7-h8=T") else { panic!("not a line") };
    assert_eq!((line.subject.piece, line.subject.square), (PieceLetter::Role(Role::Pawn), Some(Square::H2)));
    let kinds: Vec<StepKind> = line.steps.iter().map(|s| s.kind).collect();
    assert!(matches!(kinds[..], [StepKind::Capture(_), StepKind::Somehow, StepKind::Capture(_), StepKind::Move]));
    assert_eq!(line.steps[0].captured, Some(PieceLetter::Role(Role::Bishop)));
    assert_eq!(line.steps[0].place, Place::File(File::G));
    assert_eq!(line.steps[1].place, Place::Square(Square::G6));
    assert_eq!(line.steps[2].place, Place::Square(Square::H7));
    assert_eq!(line.steps[3].promotion, Some(PieceLetter::Role(Role::Rook)));
    // On a board where it can happen, every sequence listed is that pawn's path.
    let pos: Position = "k7/7p/8/8/8/6b1/7P/K7 w - - 0 1".parse().unwrap();
    let listing = sequences(&de("Bh2:Lg~g6:h7-h8=T"), &pos, &Limits { max_plies: 11, ..Limits::default() }).unwrap();
    assert!(!listing.sequences.is_empty());
    for seq in &listing.sequences {
        let pawn: Vec<Move> = seq.iter().copied().step_by(2).collect();
        let path: Vec<(Square, Square)> = pawn.iter().map(|m| (m.from(), m.to())).collect();
        assert_eq!(
            path,
            [
                (Square::H2, Square::G3),
                (Square::G3, Square::G4),
                (Square::G4, Square::G5),
                (Square::G5, Square::G6),
                (Square::G6, Square::H7),
                (Square::H7, Square::H8)
            ]
        );
        assert_eq!(pawn[5].promotion_role(), Some(Role::Rook));
    }
}

/// German problem-chess conventions: `Xyz` a piece on a square, `[Xyz]` the piece of the game array, `{}` a set of
/// squares ("the [Ta8] was captured in its cage {a1, a2, b1}").
#[test]
fn german_problem_chess_conventions_pieces_and_squares() {
    assert_eq!(de("Kg1").write(Language::En), "Kg1");
    assert_eq!(de("[Ta8]").write(Language::En), "[Ra8]");
    assert_eq!(de("{a1, a2, b1}").write(Language::De), "{a1, a2, b1}");
    assert_eq!(de("{a1,a2 ,b1}").write(Language::De), "{a1, a2, b1}");
    // "a Sb1 could be the [Sb1], the [Sg1] or the [Bh2] after promoting": after 1. Sb1-c3 Sb8-c6 2. Sc3-b1 ...
    // Sg1-..., the knight on b1 is the [Sb1]; the one that came from g1 is the [Sg1].
    let start = Position::default();
    let moves = [
        Move::new(Square::G1, Square::F3),
        Move::new(Square::B8, Square::C6),
        Move::new(Square::B1, Square::C3),
        Move::new(Square::C6, Square::B8),
        Move::new(Square::F3, Square::D4),
        Move::new(Square::B8, Square::C6),
        Move::new(Square::C3, Square::B5),
        Move::new(Square::C6, Square::B8),
        Move::new(Square::D4, Square::B3),
        Move::new(Square::B8, Square::C6),
        Move::new(Square::B3, Square::A5),
    ];
    assert!(game_fits(&de("[Sg1]~a5"), &start, &moves).unwrap().is_some());
    assert!(game_fits(&de("[Sb1]~a5"), &start, &moves).unwrap().is_none());
    assert!(game_fits(&de("[Sb1]-c3"), &start, &moves).unwrap().is_some());
    assert!(game_fits(&de("Sa5 & ~Sg1"), &start, &moves).unwrap().is_some());
}

/// German problem-chess conventions, FEN examples a) to d): the moves of the example game, given as patterns,
/// stand for exactly the example's moves, and the positions after them are the example's FENs.
#[test]
fn german_problem_chess_conventions_fen_examples_as_patterns() {
    let mut pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
    for (pattern, fen) in [
        ("Be2-e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        ("Bc7-c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"),
        ("Sg1-f3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
    ] {
        let listing = sequences(&de(pattern), &pos, &Limits { max_plies: 1, ..Limits::default() }).unwrap();
        assert_eq!(listing.sequences.len(), 1, "{pattern}");
        pos.play(listing.sequences[0][0]).unwrap();
        let expected: Position = fen.parse().unwrap();
        assert_eq!(pos.board(), expected.board(), "{pattern}");
        assert_eq!(pos.turn(), expected.turn(), "{pattern}");
    }
}

/// Check, mate and stalemate signs are checked against the position after the move.
#[test]
fn state_signs_are_checked() {
    let pos: Position = "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1".parse().unwrap();
    let one = Limits { max_plies: 1, ..Limits::default() };
    assert_eq!(sequences(&de("Td1-d8#"), &pos, &one).unwrap().sequences.len(), 1);
    let e = sequences(&de("Td1-d7#"), &pos, &one).unwrap_err();
    assert_eq!((e.code(), e.column), ("pattern.no-move", 7));
    let Pattern::Line(line) = de("Df4:f8=") else { panic!() };
    assert_eq!(line.ending.state, Some(StateSign::Draw));
}

/// Bad patterns: each error has a code, a column and says what would be right.
#[test]
fn bad_patterns_say_where_and_what() {
    let cases: [(&str, &str, usize); 9] = [
        ("", "pattern.empty", 1),
        ("Be2-e9", "pattern.unexpected", 6),
        ("Ge2-e4", "pattern.fairy-letter", 1),
        ("Se2-e4=D", "pattern.promotion", 7),
        ("Be7-e8=K", "pattern.promotion", 8),
        ("Be2-e4 e.p.", "pattern.en-passant", 4),
        ("(Sg1", "pattern.end", 5),
        ("K", "pattern.incomplete", 1),
        ("{a1, }", "pattern.unexpected", 6),
    ];
    for (text, code, column) in cases {
        let e: PatternError = Pattern::parse(text, Language::De).unwrap_err();
        assert_eq!((e.code(), e.column), (code, column), "{text}: {e}");
        assert!(e.to_string().starts_with(&format!("column {column}: ")), "{e}");
    }
}

fn english_pattern() -> impl Strategy<Value = String> {
    let piece = "[KQRBNPX]";
    let line = format!(
        "({piece}[a-h][1-8]|\\[{piece}[a-h][1-8]\\]|{piece}~)((-[a-h][1-8])|(:{piece}?[a-h][1-8])|(×[a-h]?)|(~[a-h][1-8])){{0,3}}([+#=]?)(!|\\?|!!|\\?\\?|!\\?|\\?!)?"
    );
    let atom = prop_oneof![
        proptest::string::string_regex(&line).unwrap(),
        proptest::string::string_regex("0-0(-0)?[+#]?").unwrap(),
        proptest::string::string_regex("\\{[a-h][1-8](, [a-h][1-8]){0,3}\\}").unwrap(),
    ];
    let negated = (any::<bool>(), atom).prop_map(|(not, a)| if not { format!("~{a}") } else { a });
    proptest::collection::vec((negated, prop_oneof![Just(" & "), Just(" | ")]), 1..5).prop_map(|parts| {
        let mut out = String::new();
        for (i, (p, sign)) in parts.iter().enumerate() {
            if i > 0 {
                out.push_str(sign);
            }
            out.push_str(p);
        }
        out
    })
}

proptest! {
    /// English → German → English gives the same text, and the same typed value.
    #[test]
    fn english_to_german_to_english_round_trips(text in english_pattern()) {
        if let Ok(english) = Pattern::parse(&text, Language::En) {
            let written = english.write(Language::En);
            let german = Pattern::parse(&english.write(Language::De), Language::De).unwrap();
            prop_assert_eq!(&german, &english);
            prop_assert_eq!(german.write(Language::En), written);
        }
    }

    /// Any text: an answer, never a panic; what is read is written, and that text reads and writes to itself.
    #[test]
    fn any_text_reads_or_fails_cleanly(text in "[KDTLSBX~&|(){}\\[\\]a-h1-9:×=+#!? .ep-]{0,40}") {
        if let Ok(p) = Pattern::parse(&text, Language::De) {
            let written = p.write(Language::De);
            prop_assert_eq!(Pattern::parse(&written, Language::De).unwrap().write(Language::De), written);
        }
    }
}

/// Hostile patterns: long and deep input is read in one pass or refused with the nesting error, never a stack
/// overflow; a game of any length is checked once per start.
#[test]
fn hostile_patterns_are_answered() {
    let long = vec!["Sg1-f3"; 100_000].join(" | ");
    let Pattern::Or(parts) = de(&long) else { panic!("an or") };
    assert_eq!(parts.len(), 100_000);
    for deep in ["(".repeat(1_000_000), "~".repeat(1_000_000), format!("{}Sg1", "~(".repeat(500_000))] {
        let e = Pattern::parse(&deep, Language::De).unwrap_err();
        assert_eq!(e.code(), "pattern.nesting");
    }
    let line = format!("Sg1{}", "~".repeat(200_000));
    let pos = Position::default();
    let e = sequences(&de(&line), &pos, &Limits::default()).unwrap_err();
    assert_eq!(e.code(), "pattern.no-move");
}
