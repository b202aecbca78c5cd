//! Every move example of the German problem-chess conventions (problem notation) and of the FIDE Laws' algebraic notation (Appendix C; Appendix E of the German edition), and the error messages
//! the issue specifies.

use forsyth::notation::fen::Fen;
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::read::{MoveReadOptions, parse_move};
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use forsyth::{Move, Position, Square};

mod common;
use common::position;

fn german(style: MoveStyle) -> MoveWriteOptions {
    MoveWriteOptions::new(style).with_letters(Letters::language(Language::De))
}

fn read(pos: &Position, text: &str, letters: Letters) -> Move {
    parse_move(pos, text, &MoveReadOptions::with_letters(letters)).unwrap_or_else(|e| panic!("{e}")).mv
}

/// Reads `text` strictly in `style` and German, and writes the move back to the same text.
fn german_exact(fen: &str, style: MoveStyle, text: &str) -> Move {
    let p = position(fen, None);
    let strict = MoveReadOptions::strict(style, Letters::language(Language::De));
    let m = parse_move(&p, text, &strict).unwrap_or_else(|e| panic!("{fen}: {e}")).mv;
    assert_eq!(write_move(&p, m, &german(style)), text, "{fen}");
    m
}

const FIDE_SAMPLE_GAME: &str = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6 8.De3+ Le7 \
                              9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)";

/// The sample game's moves as single texts: numbers dropped, `e.p.` and `(=)` joined to their move.
fn fide_sample_game_moves() -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for token in FIDE_SAMPLE_GAME.split_whitespace() {
        let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let token = if token[digits..].starts_with('.') { token[digits..].trim_start_matches('.') } else { token };
        if token == "e.p." || token == "(=)" {
            let last = moves.last_mut().unwrap();
            last.push(' ');
            last.push_str(token);
        } else if !token.is_empty() {
            moves.push(token.to_string());
        }
    }
    moves
}

#[test]
fn fide_appendix_sample_game_reads_in_german_and_writes_back_exactly() {
    let de = Letters::language(Language::De);
    let mut pos = Position::default();
    let mut written = Vec::new();
    let moves = fide_sample_game_moves();
    assert_eq!(moves.len(), 21);
    for (i, text) in moves.iter().enumerate() {
        let r = parse_move(&pos, text, &MoveReadOptions::strict(MoveStyle::Fide, de)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.draw_offer, i == 20, "{text}");
        let mut out = write_move(&pos, r.mv, &german(MoveStyle::Fide));
        if r.draw_offer {
            out.push_str(" (=)");
        }
        if i % 2 == 0 {
            written.push(format!("{}.{out}", i / 2 + 1));
        } else {
            written.push(out);
        }
        pos.play(r.mv).unwrap();
    }
    assert_eq!(written.join(" "), FIDE_SAMPLE_GAME);
}

#[test]
fn fide_appendix_sample_game_in_every_style_and_language_reads_back() {
    let de = Letters::language(Language::De);
    let start = Position::default();
    let mut positions = Vec::new();
    let mut pos = start;
    for text in fide_sample_game_moves() {
        let m = read(&pos, &text, de);
        positions.push((pos, m));
        pos.play(m).unwrap();
    }
    let mut letter_sets: Vec<Letters> = Language::ALL.into_iter().map(Letters::language).collect();
    letter_sets.push(Letters::FIGURINES);
    letter_sets.push(Letters::custom("BSLTDK").unwrap());
    for letters in letter_sets {
        for style in MoveStyle::ALL {
            let options = MoveWriteOptions::new(style).with_letters(letters);
            for &(p, m) in &positions {
                let text = write_move(&p, m, &options);
                let back = parse_move(&p, &text, &MoveReadOptions::strict(style, letters))
                    .unwrap_or_else(|e| panic!("{style} {letters}: {e}"));
                assert_eq!(back.mv, m, "{style} {letters}: {text}");
            }
        }
    }
    // The English SAN of the game, compared with the PGN form of the same game.
    let san: Vec<String> =
        positions.iter().map(|(p, m)| write_move(p, *m, &MoveWriteOptions::new(MoveStyle::San))).collect();
    assert_eq!(san.join(" "), "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1");
}

#[test]
fn fide_appendix_printed_misprint_is_illegal() {
    // Footnote 2: the printed edition has Black's 4th move as Sf4, which would be illegal.
    let de = Letters::language(Language::De);
    let mut pos = Position::default();
    for text in ["e4", "e5", "Sf3", "Sf6", "d4", "exd4", "e5"] {
        let m = read(&pos, text, de);
        pos.play(m).unwrap();
    }
    let err = parse_move(&pos, "Sf4", &MoveReadOptions::with_letters(de)).unwrap_err();
    assert_eq!(err.code(), "move.unreachable");
    assert_eq!(err.to_string(), "'Sf4': no black knight can reach f4");
}

#[test]
fn fide_appendix_e8_to_e12_examples() {
    let fide = MoveStyle::Fide;
    // E8: pieces and pawns.
    german_exact("4k3/8/8/8/8/8/8/K2RB1N1 w - - 0 1", fide, "Sf3");
    german_exact("4k3/8/8/8/8/8/8/K2RB1N1 w - - 0 1", fide, "Td1-d2".replace("d1-", "").as_str());
    german_exact("k7/8/8/8/8/2B5/8/K7 w - - 0 1", fide, "Le5");
    german_exact("4k3/8/8/8/8/8/4P3/K7 w - - 0 1", fide, "e4");
    // E9: captures, pawn captures, en passant.
    german_exact("k7/8/8/4p3/8/2B5/8/K7 w - - 0 1", fide, "Lxe5");
    german_exact("4k3/8/8/8/8/5p2/8/K5N1 w - - 0 1", fide, "Sxf3");
    german_exact("4k3/8/8/8/8/8/8/K2r3R w - - 0 1", fide, "Txd1");
    german_exact("4k3/8/8/4p3/3P4/8/8/K7 w - - 0 1", fide, "dxe5");
    german_exact("4k3/8/8/8/8/5p2/6P1/K7 w - - 0 1", fide, "gxf3");
    german_exact("4k3/8/8/1p6/P7/8/8/K7 w - - 0 1", fide, "axb5");
    german_exact("4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2", fide, "exd6 e.p.");
    // E10: two knights, one goes (or captures) to f3.
    for (fen, texts) in [
        ("4k3/8/8/8/8/8/8/K3N1N1 w - - 0 1", ["Sgf3", "Sef3"]),
        ("4k3/8/8/6N1/8/8/8/K5N1 w - - 0 1", ["S5f3", "S1f3"]),
        ("4k3/8/8/8/3N4/8/7N/K7 w - - 0 1", ["Shf3", "Sdf3"]),
        ("4k3/8/8/8/8/5p2/8/K3N1N1 w - - 0 1", ["Sgxf3", "Sexf3"]),
        ("4k3/8/8/6N1/8/5p2/8/K5N1 w - - 0 1", ["S5xf3", "S1xf3"]),
        ("4k3/8/8/8/3N4/5p2/7N/K7 w - - 0 1", ["Shxf3", "Sdxf3"]),
    ] {
        let a = german_exact(fen, fide, texts[0]);
        let b = german_exact(fen, fide, texts[1]);
        assert_ne!(a, b);
    }
    // E11: two pawns can capture on d5.
    let c = german_exact("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", fide, "cxd5");
    let e = german_exact("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", fide, "exd5");
    assert_ne!(c, e);
    // E12: promotions.
    german_exact("8/3P4/8/7k/8/8/8/4K3 w - - 0 1", fide, "d8D");
    german_exact("8/5P2/8/7k/8/8/8/4K3 w - - 0 1", fide, "f8S");
    german_exact("4k3/8/8/8/8/8/1p6/7K b - - 0 1", fide, "b1L");
    german_exact("4k3/8/8/8/8/7K/6p1/8 b - - 0 1", fide, "g1T");
    // `++` is the older sign for mate.
    let mate = position("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", None);
    let m = read(&mate, "Td8++", Letters::language(Language::De));
    let double_plus = MoveWriteOptions { double_plus_mate: true, ..german(fide) };
    assert_eq!(write_move(&mate, m, &double_plus), "Td8++");
    assert_eq!(write_move(&mate, m, &german(fide)), "Td8#");
}

#[test]
fn problem_conventions_problem_notation_examples() {
    let problem = MoveStyle::Problem;
    german_exact("4k3/8/8/8/8/8/2P5/4K3 w - - 0 1", problem, "Bc2-c4");
    german_exact("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", problem, "Be2-e4");
    german_exact("4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", problem, "Be2:d3");
    german_exact("8/8/8/k7/8/8/8/2B1K3 w - - 0 1", problem, "Lc1-d2+");
    german_exact("4N3/8/7k/6pp/4B3/3R4/8/4K3 w - - 0 1", problem, "Td3-d6#");
    german_exact("5r2/7k/8/p3N3/P4Q2/8/8/K7 w - - 0 1", problem, "Df4:f8=");
    german_exact("8/4P3/k7/8/8/8/8/4K3 w - - 0 1", problem, "Be7-e8=D");
    german_exact("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", problem, "Bd5:e6 e.p.");
    german_exact("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", problem, "0-0");
    german_exact("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", problem, "0-0-0");
    // × is another capture sign.
    let p = position("4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", None);
    let m = read(&p, "Be2×d3", Letters::language(Language::De));
    let times = MoveWriteOptions { capture: Some('×'), ..german(problem) };
    assert_eq!(write_move(&p, m, &times), "Be2×d3");
}

#[test]
fn problem_conventions_fen_examples_follow_the_moves() {
    // German problem-chess conventions: a) to d), the FEN after 1. Be2-e4 Bc7-c5 2. Sg1-f3.
    let de = Letters::language(Language::De);
    let mut pos = Position::default();
    let expected = [
        ("Be2-e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        ("Bc7-c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"),
        ("Sg1-f3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
    ];
    for (text, fen) in expected {
        let m = parse_move(&pos, text, &MoveReadOptions::strict(MoveStyle::Problem, de)).unwrap().mv;
        pos.play(m).unwrap();
        assert_eq!(Fen::from_position(&pos).to_string(), fen);
    }
}

#[test]
fn issue_error_messages() {
    let en = MoveReadOptions::default();
    let p = position("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", None);
    let err = parse_move(&p, "Nd2", &en).unwrap_err();
    assert_eq!(err.code(), "move.ambiguous");
    assert_eq!(err.to_string(), "'Nd2' is ambiguous: the knights on b1 and f3 can both go to d2 (write Nbd2 or Nfd2)");
    let err = parse_move(&Position::default(), "Nf6", &en).unwrap_err();
    assert_eq!(err.to_string(), "'Nf6': no white knight can reach f6");
    let err = parse_move(&position("4k3/8/8/8/8/8/8/4K2R w - - 0 1", None), "O-O", &en).unwrap_err();
    assert_eq!(err.code(), "move.illegal");
    assert!(err.to_string().starts_with("'O-O': White may not castle kingside: the king"), "{err}");
    let moved = position("4k3/8/8/8/8/8/8/5K1R w - - 0 1", None);
    let err = parse_move(&moved, "O-O", &en).unwrap_err();
    assert_eq!(err.to_string(), "'O-O': White may not castle kingside: the king has moved");
    let err = parse_move(&position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", None), "Rxa5", &en).unwrap_err();
    assert_eq!(err.code(), "move.nothing-to-capture");
    assert_eq!(err.to_string(), "'Rxa5': there is nothing to capture on a5");
    let err = parse_move(&position("8/P7/8/8/8/8/7k/4K3 w - - 0 1", None), "a8", &en).unwrap_err();
    assert_eq!(err.code(), "move.missing-promotion");
    assert_eq!(err.to_string(), "'a8': a pawn reaching a8 must promote (write a8=Q, a8=R, a8=B or a8=N)");
    let err = parse_move(&position("4k3/8/8/8/8/8/8/r2RK3 w - - 0 1", None), "Rd1-d5", &en).unwrap_err();
    assert!(err.to_string().contains("pinned"), "{err}");
    // A king that would stand in check is told so, with a piece that would attack it there: the king beside it,
    // or a rook whose line runs through the square the king leaves. (It was told it was pinned.)
    let err = parse_move(&position("8/8/8/8/8/8/8/K1k5 w - - 0 1", None), "Kb1", &en).unwrap_err();
    assert_eq!(err.to_string(), "'Kb1': the king would be in check on b1, from the black king on c1");
    let err = parse_move(&position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", None), "Kf1", &en).unwrap_err();
    assert_eq!(err.to_string(), "'Kf1': the king would be in check on f1, from the black rook on a1");
    let reason = position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", None).why_illegal(Move::new(Square::E1, Square::F1));
    assert_eq!(reason.code(), "move.illegal.into-check");
}

#[test]
fn assessment_glyphs_become_nags() {
    let p = Position::default();
    for (text, nag) in [("e4!", 1), ("e4?", 2), ("e4!!", 3), ("e4??", 4), ("e4!?", 5), ("e4?!", 6)] {
        assert_eq!(parse_move(&p, text, &MoveReadOptions::default()).unwrap().nag, Some(nag), "{text}");
    }
    assert_eq!(parse_move(&p, "e4", &MoveReadOptions::default()).unwrap().nag, None);
    assert!(parse_move(&p, "e4!!!", &MoveReadOptions::default()).is_err());
}
