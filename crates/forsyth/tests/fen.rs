//! The FEN family: the seeds' examples, one input per error code, and round trips.

use forsyth::notation::fen::{CastlingStyle, ERROR_CODES, EpMode, Fen, FenField, NOTE_CODES};
use forsyth::uci::Uci;
use forsyth::{CastlingRightProblem, EnPassantProblem, Position, Problem, Variant};

fn play(fen: &str, moves: &[&str]) -> Position {
    let mut pos = common::position(fen, None);
    for uci in moves {
        let m = uci.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{uci}: {e}"));
        pos.play(m).unwrap();
    }
    pos
}

/// FEN standard: the FEN after 1.e4 e5, with the en-passant square although no capture is possible.
#[test]
fn fen_standard_example() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    let pos = play(Variant::Standard.start_fen(), &["e2e4", "e7e5"]);
    assert_eq!(Fen::from_position(&pos).to_string(), fen);
    assert_eq!(Fen::parse_strict(fen).unwrap().position(None).unwrap(), pos);
    assert_eq!(Fen::from_position_with(&pos, EpMode::Legal).to_string(), fen.replace("e6", "-"));
    assert_eq!(Fen::from_position_with(&pos, EpMode::Pseudo).to_string(), fen.replace("e6", "-"));
}

/// German problem-chess conventions, examples a) to d) as a game, and e) on its own.
#[test]
fn problem_conventions_examples() {
    let a = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let b = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let c = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    let d = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let e = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
    let mut pos = play(a, &[]);
    for (uci, expected) in [("e2e4", b), ("c7c5", c), ("g1f3", d)] {
        pos.play(uci.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap()).unwrap();
        assert_eq!(Fen::from_position(&pos).to_string(), expected);
        assert_eq!(Fen::parse_strict(expected).unwrap().position(None).unwrap(), pos);
    }
    for fen in [a, e] {
        let pos = Fen::parse_strict(fen).unwrap().position(None).unwrap();
        assert_eq!(Fen::from_position(&pos).to_string(), fen);
    }
}

/// The German problem-chess conventions' diagram FEN: the board alone, in brackets.
#[test]
fn problem_conventions_diagram() {
    let text = "[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR]";
    let (fen, notes) = Fen::parse_lenient(text).unwrap();
    let codes: Vec<&str> = notes.iter().map(|n| n.code).collect();
    assert_eq!(codes, ["fen.lenient.brackets", "fen.lenient.missing-fields"]);
    assert_eq!(fen.to_string(), "3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR w - - 0 1");
    assert!(fen.position(None).is_ok());
    assert_eq!(Fen::parse_strict(text).unwrap_err().code, "fen.lenient.brackets");
    let diagram = Fen::parse_diagram(text).unwrap();
    assert_eq!(diagram.setup, fen.setup);
}

/// X-FEN: Scharnagl's Chess960 game, whose X-FEN before 11. O-O needs the inner rook's file letter.
#[test]
fn xfen_and_shredder() {
    let xfen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    let shredder = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11";
    let moves = [
        "h2h4", "g7g6", "g2g3", "h8f6", "a2a4", "f8h6", "a1a3", "f6h4", "g3h4", "h6h4", "f1h3", "h4h3", "a3h3", "d8e6",
        "h1f3", "d7d6", "b1c3", "e6g5", "h3h1", "c8f5",
    ];
    let pos = play("rnbnkqrb/pppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w KQkq - 0 1", &moves);
    assert_eq!(pos.variant(), Variant::Chess960);
    let fen = Fen::from_position(&pos);
    assert_eq!(fen.to_string(), xfen);
    assert_eq!(fen.to_string_with(CastlingStyle::Shredder).unwrap(), shredder);
    assert_eq!(fen.to_string_with(CastlingStyle::Classic).unwrap_err().code, "fen.write.classic-castling");
    for text in [xfen, shredder] {
        let read = Fen::parse_strict(text).unwrap();
        assert_eq!(read.infer_variant(), Variant::Chess960);
        assert_eq!(read.position(None).unwrap(), pos);
    }
    // 11. O-O is legal: the king goes to g1, the rook from g1 to f1.
    let castle = "e1g1".parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap();
    assert!(castle.is_castle());
}

/// Chess960 rules: mySchach's FRC-FEN puts the rook's file before K or Q.
#[test]
fn chess960_myschach_castling() {
    let (fen, notes) =
        Fen::parse_lenient("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w GKkq - 4 11").unwrap();
    assert_eq!(notes[0].code, "fen.lenient.castling-spelling");
    assert_eq!(fen.to_string(), "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11");
}

#[test]
fn castling_prefix_is_kept() {
    let text = "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w sKQkq - 0 1";
    let fen = Fen::parse_strict(text).unwrap();
    assert_eq!(fen.infer_variant(), Variant::Janus);
    assert_eq!(fen.to_string(), text);
    assert_eq!(fen.to_string_with(CastlingStyle::Shredder).unwrap(), text.replace("sKQkq", "sJAja"));
    assert_eq!(fen.to_string_with(CastlingStyle::Classic).unwrap(), text.replace("sKQkq", "KQkq"));
}

/// X-FEN: X-FEN written for Janus chess carries `s`, for Embassy chess `m`; reading the prefix without a variant
/// restores the castling geometry; a variant that contradicts the prefix is refused (and `--repair` drops it).
#[test]
fn castling_prefix_written_and_read() {
    for (variant, prefix, king_to) in [(Variant::Janus, "sKQkq", "i1"), (Variant::Embassy, "mKQkq", "h1")] {
        let pos = Position::new(variant);
        let written = Fen::from_position(&pos).to_string();
        assert!(written.contains(&format!(" w {prefix} ")), "{written}");
        // The board alone cannot tell Embassy from a Capablanca middle game: strip the Janus letter too.
        let fen: Fen = written.replace('j', "a").replace('J', "A").parse().unwrap();
        assert_eq!(fen.infer_variant(), variant);
        let back = fen.position(None).unwrap();
        let king_side = back.castling_rook(forsyth::Color::White, forsyth::CastlingSide::KingSide).unwrap();
        let (king, _) = back.castling_squares(forsyth::Color::White, king_side).unwrap();
        assert_eq!(king.to_string(), king_to);
        // Capablanca's king and rooks, with the prefix of another geometry.
        let text = format!("r4k3r/10/10/10/10/10/10/R4K3R w {prefix} - 0 1");
        let contradicted: Fen = text.parse().unwrap();
        let err = contradicted.position(Some(Variant::Capablanca)).unwrap_err();
        assert_eq!(err.problems.len(), 1, "{err}");
        assert_eq!(err.problems[0].code(), "position.castling-prefix");
        assert!(err.to_string().contains(&format!("is {variant}'s, not capablanca's")), "{err}");
        let (repaired, dropped) = contradicted.position_repaired(Some(Variant::Capablanca)).unwrap();
        assert_eq!(dropped.len(), 1);
        assert_eq!(Fen::from_position(&repaired).to_string(), text.replace(prefix, "KQkq"));
    }
    // On 8×8 boards no prefix means anything.
    let standard = Fen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w mKQkq - 0 1").unwrap();
    let err = standard.position(None).unwrap_err().to_string();
    assert!(err.contains("'m' (modern castling, as in Embassy chess) has no meaning on a board 8 files wide"), "{err}");
    // No prefix once the rights are gone; none for the other variants.
    let bare = Fen::parse("r3k4r/10/10/10/10/10/10/R3K4R w - - 0 1").unwrap().position(Some(Variant::Embassy));
    assert!(Fen::from_position(&bare.unwrap()).to_string().ends_with(" w - - 0 1"));
    assert!(Fen::from_position(&Position::new(Variant::Gothic)).to_string().contains(" w KQkq "));
}

/// One input per syntax error code, with the column and field it must name.
#[test]
fn every_error_code() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases: Vec<(String, &str, usize, FenField)> = vec![
        ("   ".into(), "fen.empty", 1, FenField::Board),
        ("8/8/8/8/8/8/8 w - - 0 1".into(), "fen.board.rank-count", 1, FenField::Board),
        ("9/9/9/9/9/9/9/9 w - - 0 1".into(), "fen.board.width", 1, FenField::Board),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            "fen.board.rank-too-long",
            18,
            FenField::Board,
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            "fen.board.rank-too-short",
            10,
            FenField::Board,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1".into(),
            "fen.board.bad-letter",
            43,
            FenField::Board,
        ),
        ("4k3/8/8/8/8/8/8/3XK3 w - - 0 1".into(), "fen.board.unknown-piece", 18, FenField::Board),
        ("4k3/8/8/08/8/8/8/4K3 w - - 0 1".into(), "fen.board.bad-count", 9, FenField::Board),
        ("[4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), "fen.board.bracket", 1, FenField::Board),
        (format!("{start} x KQkq - 0 1"), "fen.turn.bad-letter", 45, FenField::Turn),
        (format!("{start} w KQkx - 0 1"), "fen.castling.bad-letter", 50, FenField::Castling),
        (format!("{start} w KIkq - 0 1"), "fen.castling.off-board", 48, FenField::Castling),
        (format!("{start} w KQkq e9 0 1"), "fen.ep.bad-square", 52, FenField::EnPassant),
        (format!("{start} w KQkq i3 0 1"), "fen.ep.off-board", 52, FenField::EnPassant),
        (format!("{start} w KQkq - x 1"), "fen.halfmoves.bad-number", 54, FenField::Halfmoves),
        (format!("{start} w KQkq - 0 -1"), "fen.fullmoves.bad-number", 56, FenField::Fullmoves),
        (format!("{start} w KQkq - 0 1 extra"), "fen.extra-field", 58, FenField::Extra),
    ];
    for (input, code, column, field) in &cases {
        let err = Fen::parse(input).unwrap_err();
        assert_eq!((err.code, err.column, err.field), (*code, *column, *field), "{input}: {err}");
    }
    let mut covered: Vec<&str> = cases.iter().map(|c| c.1).collect();
    covered.sort();
    let mut all = ERROR_CODES.to_vec();
    all.sort();
    assert_eq!(covered, all, "one case per error code");
}

/// One input per lenient note; strict reading refuses each with the note's code.
#[test]
fn every_note_code() {
    let cases = [
        (" 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "fen.lenient.whitespace"),
        ("[4k3/8/8/8/8/8/8/4K3] w - - 0 1", "fen.lenient.brackets"),
        ("4k3/8/8/8/8/8/8/4K3 w - -", "fen.lenient.missing-fields"),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", "fen.lenient.turn-case"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1", "fen.lenient.castling-spelling"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", "fen.lenient.castling-duplicate"),
        ("4k3/8/8/4pP2/8/8/8/4K3 w - E6 0 2", "fen.lenient.ep-case"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 00 1", "fen.lenient.number-format"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fen.lenient.move-number-zero"),
    ];
    for (input, code) in cases {
        let (fen, notes) = Fen::parse_lenient(input).unwrap();
        assert_eq!(notes.iter().map(|n| n.code).collect::<Vec<_>>(), [code], "{input}");
        assert!(fen.position(None).is_ok(), "{input}");
        assert_eq!(Fen::parse_strict(input).unwrap_err().code, code, "{input}");
    }
    let mut covered: Vec<&str> = cases.iter().map(|c| c.1).collect();
    covered.sort();
    let mut all = NOTE_CODES.to_vec();
    all.sort();
    assert_eq!(covered, all, "one case per note code");
}

/// One setup per position problem.
#[test]
fn every_problem_code() {
    let cases = [
        (
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            Some(Variant::Standard),
            "position.board-shape",
        ),
        ("4k3/8/8/8/8/8/8/A3K3 w - - 0 1", Some(Variant::Standard), "position.piece-not-in-variant"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", None, "position.missing-king"),
        ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", None, "position.too-many-kings"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", None, "position.pawn-on-back-rank"),
        ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", None, "position.too-many-pawns"),
        ("4k3/8/8/8/8/QQ6/PPPPPPPP/4K3 w - - 0 1", None, "position.too-many-pieces"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", None, "position.opposite-check"),
        ("8/8/8/8/8/8/3k4/4K3 w - - 0 1", None, "position.adjacent-kings"),
        ("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", None, "position.impossible-check"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", None, "position.invalid-castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", None, "position.invalid-en-passant"),
    ];
    for (input, variant, code) in cases {
        let err = Fen::parse(input).unwrap().position(variant).unwrap_err();
        let codes: Vec<&str> = err.problems.iter().map(|p| p.code()).collect();
        assert_eq!(codes, [code], "{input}: {err}");
        // Relaxed validation knows every code; only a wrong board shape and pieces of another variant, with which
        // no position can be built, cannot be allowed.
        match code.parse::<forsyth::Allowed>() {
            Ok(allowed) => {
                assert!(allowed.allows(&err.problems[0]), "{code}");
                let (_, warnings) = Fen::parse(input).unwrap().position_allowing(variant, allowed).unwrap();
                assert_eq!(warnings, err.problems, "{input}");
            }
            Err(e) => assert!(matches!(code, "position.board-shape" | "position.piece-not-in-variant"), "{e}"),
        }
    }
}

/// Too many pieces: the message names the pieces beyond the start array and the missing pawns they would have to
/// be promoted from, in both languages (three rooks and ten pawns on a 10×8 board, fewer pieces in all than at the
/// start, are not "14 pieces, more than ... allow").
#[test]
fn too_many_pieces_names_the_extra_pieces_and_the_missing_pawns() {
    use forsyth::diagram::explain::problem_text;
    use forsyth::notation::Language;
    let cases = [
        (
            "r1r2k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R1R2K3R w KCkc - 0 1",
            "White has 1 rook more than the start array, but no pawn is missing: each extra piece must be a \
             promoted pawn",
            "Weiß hat 1 Turm mehr als die Grundstellung, aber es fehlt kein Bauer: jede zusätzliche Figur muss ein \
             umgewandelter Bauer sein",
        ),
        (
            "4k3/8/8/8/QQQQ4/QQQQ4/PPPPPP2/4K3 w - - 0 1",
            "White has 7 queens more than the start array, but only 2 pawns are missing: each extra piece must be a \
             promoted pawn",
            "Weiß hat 7 Damen mehr als die Grundstellung, aber es fehlen nur 2 Bauern: jede zusätzliche Figur muss \
             ein umgewandelter Bauer sein",
        ),
        (
            "4k3/8/8/8/NNN5/BBBRRRQQ/PPPPPPP1/4K3 w - - 0 1",
            "White has 1 queen, 1 rook, 1 bishop and 1 knight more than the start array, but only 1 pawn is \
             missing: each extra piece must be a promoted pawn",
            "Weiß hat 1 Dame, 1 Turm, 1 Läufer und 1 Springer mehr als die Grundstellung, aber es fehlt nur 1 Bauer: \
             jede zusätzliche Figur muss ein umgewandelter Bauer sein",
        ),
    ];
    for (input, english, german) in cases {
        let err = Fen::parse(input).unwrap().position(None).unwrap_err();
        // White's problem first (the first case has Black's too).
        let problem = &err.problems[0];
        assert_eq!(problem.code(), "position.too-many-pieces");
        assert_eq!(problem.to_string(), english);
        assert_eq!(problem_text(problem, Language::De), german);
    }
    // As many extra pieces as missing pawns is legal: nine queens, eight of them promoted.
    assert!(Fen::parse("k7/8/8/8/8/8/1QQQQQ2/1QQQQ2K w - - 0 1").unwrap().position(None).is_ok());
}

/// The reasons of an invalid castling right or en-passant square have stable codes of their own, one per reason
/// (the wrong rank is one reason whichever side is to move), which the validator gives for FENs.
#[test]
fn castling_and_en_passant_reason_codes() {
    let codes: Vec<&str> = CastlingRightProblem::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(
        codes,
        [
            "rook-not-on-back-rank",
            "no-rook",
            "missing-king",
            "king-not-on-back-rank",
            "king-not-on-start-square",
            "rook-not-on-start-square",
            "side-already-held",
        ]
    );
    let codes: Vec<&str> = EnPassantProblem::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(
        codes,
        ["off-board", "wrong-rank", "wrong-rank", "no-pawn", "path-not-empty", "check-not-from-double-step"]
    );
    let reason_codes = |fen: &str, variant: Option<Variant>| -> Vec<&'static str> {
        let err = Fen::parse(fen).unwrap().position(variant).unwrap_err();
        err.problems
            .iter()
            .filter_map(|p| match p {
                Problem::InvalidCastlingRight { reason, .. } => Some(reason.code()),
                Problem::InvalidEnPassant { reason, .. } => Some(reason.code()),
                _ => None,
            })
            .collect()
    };
    let standard = Some(Variant::Standard);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4K3 w K - 0 1", None), ["no-rook"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/7R w K - 0 1", None), ["missing-king"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/4K3/7R w K - 0 1", None), ["king-not-on-back-rank"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/5K1R w K - 0 1", standard), ["king-not-on-start-square"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", standard), ["rook-not-on-start-square"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4KRR1 w FG - 0 1", None), ["side-already-held"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", None), ["wrong-rank"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4K3 b - e6 0 1", None), ["wrong-rank"]);
    assert_eq!(reason_codes("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", None), ["no-pawn"]);
    assert_eq!(reason_codes("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", None), ["path-not-empty"]);
    assert_eq!(reason_codes("4k3/8/8/4p3/8/8/8/r3K3 w - e6 0 1", None), ["check-not-from-double-step"]);
}

#[test]
fn impossible_checks() {
    for fen in [
        // Two rooks on one line through the king.
        "K7/8/8/8/8/8/8/R3k2R b - - 0 1",
        // A pawn and a bishop on one diagonal through the king.
        "8/8/6B1/8/4k3/3P4/8/K7 b - - 0 1",
        // Two knights.
        "4k3/8/3N1N2/8/8/8/8/K7 b - - 0 1",
    ] {
        let err = Fen::parse(fen).unwrap().position(None).unwrap_err();
        assert_eq!(err.problems[0].code(), "position.impossible-check", "{fen}");
    }
    // A double check by discovery is possible.
    assert!(Fen::parse("4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1").unwrap().position(None).is_ok());
    // After e2-e4, a check by the pawn or by a bishop through e2 is possible; a check from a rook elsewhere is not.
    assert!(Fen::parse("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1").unwrap().position(None).is_ok());
    assert!(Fen::parse("8/8/8/8/2k1P3/8/8/4KB2 b - e3 0 1").unwrap().position(None).is_ok());
    let err = Fen::parse("8/8/8/8/2k1P3/8/8/2R1K3 b - e3 0 1").unwrap().position(None).unwrap_err();
    assert_eq!(err.problems.iter().map(|p| p.code()).collect::<Vec<_>>(), ["position.invalid-en-passant"]);
}

#[test]
fn ep_modes() {
    // White's d-pawn could capture en passant, but it is pinned along the diagonal.
    let fen = "4k3/8/8/2b5/3Pp3/8/8/6K1 b - d3 0 1";
    let pos = Fen::parse(fen).unwrap().position(None).unwrap();
    assert_eq!(Fen::from_position_with(&pos, EpMode::Always).to_string(), fen);
    assert_eq!(Fen::from_position_with(&pos, EpMode::Pseudo).to_string(), fen);
    assert_eq!(Fen::from_position_with(&pos, EpMode::Legal).to_string(), fen);
}

mod fen_check;

mod common;

/// A position reached by `plies` random legal moves from a start of `variant` (a random array for Chess960), or
/// the mate or stalemate the game ends in before.
fn random_position(variant: Variant, seed: u64, plies: usize) -> Position {
    let mut rng = fastrand::Rng::with_seed(seed);
    let start = common::random_start(variant, &mut rng);
    common::random_game(start, &mut rng, common::any_move).take(plies + 1).last().unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// Reading what was written gives back the position, in every variant and every writing mode.
    #[test]
    fn written_fens_read_back(variant in 0..Variant::ALL.len(), seed: u64, plies in 0usize..160) {
        fen_check::check_position(&random_position(Variant::ALL[variant], seed, plies));
    }

    /// Text made of FEN characters never makes the reader panic, and whatever reads as a legal position
    /// round-trips (the fuzz target's check, run under `cargo test`).
    #[test]
    fn fen_like_text_never_panics(text in "[rnbqkpRNBQKPacjACJXx0-9/\\[\\] wbsm\\-KQkqA-Ja-j]{0,80}") {
        fen_check::check_text(&text);
    }

    /// Small edits of valid FENs (the errors people make) never make the reader panic.
    #[test]
    fn edited_fens_never_panic(seed: u64, plies in 0usize..60, edits in proptest::collection::vec((0usize..100, 0u8..128, 0u8..3), 1..4)) {
        let pos = random_position(Variant::ALL[(seed % 7) as usize], seed, plies);
        let mut bytes = Fen::from_position(&pos).to_string().into_bytes();
        for (at, byte, kind) in edits {
            let at = at % (bytes.len() + 1);
            match kind {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte,
                _ => {}
            }
        }
        fen_check::check_text(&String::from_utf8_lossy(&bytes));
    }

    /// `Fen::parse_position`'s fast path for canonical standard-board FENs agrees with the general path, `Fen::parse`
    /// then `Fen::position`, on positions, on errors, and on the edge between them: FENs of standard and Chess960
    /// games (legal, or made illegal by dropping pieces and keeping the other fields) with edits from FEN's own
    /// characters, which make them lenient, malformed, 10×8 or illegal.
    #[test]
    fn parse_position_agrees_with_parse_then_position(
        seed: u64,
        plies in 0usize..120,
        drops in proptest::collection::vec(0usize..64, 0..3),
        edits in proptest::collection::vec((0usize..100, 0usize..FEN_BYTES.len(), 0u8..4), 0..4),
    ) {
        let variant = if seed % 2 == 0 { Variant::Standard } else { Variant::Chess960 };
        let pos = random_position(variant, seed, plies);
        let mut setup = pos.to_setup();
        let squares: Vec<_> = forsyth::BoardShape::Standard.squares().collect();
        for drop in drops {
            setup.board.set(squares[drop], None);
        }
        let mut bytes = Fen::from(setup).to_string().into_bytes();
        for (at, byte, kind) in edits {
            let at = at % (bytes.len() + 1);
            let byte = FEN_BYTES[byte];
            match kind {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte,
                _ => {}
            }
        }
        fen_check::check_parse_position(&String::from_utf8_lossy(&bytes));
    }
}

/// The characters FENs are made of, and a few they are not.
const FEN_BYTES: &[u8] = b"rnbqkpRNBQKPacjACJXx0123456789/[] wbWBsm-KQkqAaEeHhIi\t";

#[test]
fn parse_position_agrees_with_parse_then_position_at_the_fast_path_edges() {
    let cases = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 01",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999999 999999999",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 4294967295",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
        " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "[rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKqk - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K-kq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/p7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        "/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq – 0 1",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w KQkq - 4 11",
        "1rbbnnkr/p1pp1ppp/8/1p2p3/1P2q3/5N2/P1PP1PPP/QRBB1NKR w KQkq - 0 4",
        "r1bqkbnr/pppppppp/10/10/10/10/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "",
        " ",
    ];
    for case in cases {
        fen_check::check_parse_position(case);
    }
    // Every position of the Chess960 perft suite.
    for line in include_str!("data/perft-chess960.epd").lines() {
        if let Some(fen) = line.split(';').next() {
            fen_check::check_parse_position(fen.trim());
        }
    }
}

#[test]
fn x_fen_inner_rook_then_outermost_queen_side_rook_is_two_rights() {
    // Found by the fen fuzz target: X-FEN `GQ` (king d1, rooks c1, g1, h1) was taken for mySchach's `GQ`
    // ("the queen-side rook on g"), so forsyth's own X-FEN did not read back strictly.
    let text = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2RKN1RR w GQkq - 4 123";
    let fen = Fen::parse_strict(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fen.to_string_with(CastlingStyle::Shredder).unwrap(), text.replace("GQkq", "GCga"));
    assert_eq!(fen.to_string_with(CastlingStyle::XFen).unwrap(), text);
}

/// chess.js's FEN validation cases (132, source and licence in the data file): every FEN chess.js refuses, strict
/// reading refuses too, and lenient reading either refuses or names what it assumed; every FEN chess.js accepts,
/// lenient reading accepts. Strict reading accepts them all but `kqKQ` (lenient reading notes it), which X-FEN and
/// the PGN standard write `KQkq` (TESTING.md lists the disagreements).
#[test]
fn chess_js_fen_validation_cases() {
    let text = include_str!("data/chessjs-validate-fen.tsv");
    let cases: Vec<(&str, &str)> =
        text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_once('\t').unwrap()).collect();
    assert_eq!(cases.len(), 132);
    let mut strict_refusals_of_valid = Vec::new();
    for (verdict, fen) in cases {
        let strict = Fen::parse_strict(fen).ok().filter(|f| f.position(None).is_ok());
        let lenient = Fen::parse_lenient(fen).ok().filter(|(f, _)| f.position(None).is_ok());
        match verdict {
            "invalid" => {
                assert!(strict.is_none(), "chess.js refuses {fen:?}, strict reading accepts it");
                if let Some((_, notes)) = lenient {
                    assert!(!notes.is_empty(), "chess.js refuses {fen:?}, lenient reading accepts it silently");
                }
            }
            "valid" => {
                let (_, notes) = lenient.unwrap_or_else(|| panic!("chess.js accepts {fen:?}, forsyth does not"));
                // A note exactly where strict reading refuses.
                assert_eq!(notes.is_empty(), strict.is_some(), "{fen}: {notes:?}");
                if strict.is_none() {
                    strict_refusals_of_valid.push(fen);
                }
            }
            other => panic!("verdict {other}"),
        }
    }
    assert_eq!(strict_refusals_of_valid, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1"]);
}

/// The 290 distinct FENs of python-chess's test.py (source and licence in the data file), with python-chess 1.11.2's
/// verdict (`tools/reference/python_chess_testpy.py`): a board python-chess calls valid, forsyth reads as a legal
/// position with the same legal moves, writes each move's SAN as python-chess does and reads it back to the move;
/// a board python-chess calls invalid, forsyth refuses. python-chess repairs invalid castling rights and an
/// invalid en-passant square where forsyth refuses (`fen convert --repair` repairs): those agree after repair.
/// Three boards python-chess accepts break rules it does not check; read relaxed, they agree too.
#[test]
fn python_chess_test_suite_positions() {
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    let text = include_str!("data/python-chess-testpy.tsv");
    let (mut valid, mut invalid) = (0, 0);
    let mut stricter = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (fen, variant) = (fields[0], fields[1].parse::<Variant>().unwrap());
        let parsed = Fen::parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        match fields[2] {
            "valid" => {
                valid += 1;
                // python-chess drops invalid castling rights and en-passant squares without calling the board
                // invalid; forsyth refuses them unless asked to repair.
                // Where forsyth's rules are stricter, relaxed reading must still agree on the moves.
                let pos = match parsed.position_repaired(Some(variant)) {
                    Ok((pos, _)) => pos,
                    Err(e) => {
                        let codes: Vec<&str> = e.problems.iter().map(|p| p.code()).collect();
                        stricter.push(format!("{fen}: {}", codes.join(" ")));
                        parsed.position_allowing(Some(variant), forsyth::Allowed::ALL_SAFE).unwrap().0
                    }
                };
                let uci: Vec<&str> = fields[3].split_whitespace().collect();
                let san: Vec<&str> = fields[4].split_whitespace().collect();
                let chess960 = variant == Variant::Chess960;
                let mut ours: Vec<(String, forsyth::Move)> =
                    pos.legal_moves().iter().map(|&m| (forsyth::uci::write_uci(&pos, m, chess960), m)).collect();
                ours.sort_by(|a, b| a.0.cmp(&b.0));
                let our_uci: Vec<&str> = ours.iter().map(|(u, _)| u.as_str()).collect();
                assert_eq!(our_uci, uci, "{fen}");
                for ((_, m), san) in ours.iter().zip(san) {
                    assert_eq!(write_san(&pos, *m), san, "{fen}");
                    let read = parse_move(&pos, san, &MoveReadOptions::default())
                        .unwrap_or_else(|e| panic!("{fen} {san}: {e}"));
                    assert_eq!(read.mv, *m, "{fen} {san}");
                }
            }
            "invalid" => {
                invalid += 1;
                let flags = fields[3];
                assert!(parsed.position(Some(variant)).is_err(), "{fen}: python-chess says {flags}, forsyth accepts");
            }
            other => panic!("{other}"),
        }
    }
    assert_eq!((valid, invalid), (236, 54));
    // Unreachable positions python-chess accepts (TESTING.md): a second black queen with all eight pawns on the
    // board, and two knights giving check at once.
    let expected = [
        "k6K/8/8/pppppppp/8/8/8/QqQq4 w - - 0 1: position.too-many-pieces",
        "8/8/N7/2k5/N7/8/8/3K4 b - - 0 1: position.impossible-check",
        "8/8/N7/2k1K3/N7/8/8/8 b - - 0 1: position.impossible-check",
    ];
    assert_eq!(stricter, expected);
}

/// chess.js's SAN cases (7 positions, every legal move in SAN; source and licence in the data file): forsyth writes
/// the same set of SAN, and reads each back to the move it wrote.
#[test]
fn chess_js_san_cases() {
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    let text = include_str!("data/chessjs-san.tsv");
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (fen, moves) = line.split_once('\t').unwrap();
        let pos = Fen::parse_strict(fen).unwrap().position(None).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut theirs: Vec<&str> = moves.split(' ').collect();
        theirs.sort_unstable();
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| write_san(&pos, m)).collect();
        ours.sort_unstable();
        assert_eq!(ours, theirs, "{fen}");
        for &m in pos.legal_moves().iter() {
            let san = write_san(&pos, m);
            assert_eq!(parse_move(&pos, &san, &MoveReadOptions::default()).unwrap().mv, m, "{fen} {san}");
        }
        cases += 1;
    }
    assert_eq!(cases, 7);
}

/// SCID's FEN reading tests (`Test_ReadFromFen` in `code/gtest/test_position.cpp` of SCID, as kept in ChessX's
/// `dep/scid`, GPL): every FEN SCID refuses, forsyth refuses; what SCID reads and forsyth refuses, or reads with a
/// note, is in TESTING.md with the rule that decides. An error names the first fault in the order of the text.
#[test]
fn scid_fen_reading_cases() {
    let refused = |fen: &str| Fen::parse_lenient(fen).map_or(true, |(fen, _)| fen.position(None).is_err());
    // `invalid_FEN`: ranks of 7 and 9 squares, an unknown letter, a space in the board, no side to move (here the
    // side not to move is in check), two kings of a colour, none of one, side `a`, castling `z`, a rank of nine, a
    // first rank of seven, side `K`, the side not to move in check.
    let base = "rnb1k2Q/1p5p/p7/4p3/4q3/8/PPP2R1P/2K5";
    assert!(!refused(&format!("{base} b")), "SCID reads it");
    for fen in [
        "rnb1k2/Q1p5p/p7/4p3/4q3/8/PPP2R1P/2K5 b",
        "rnb1k2Q/1p5p/p7/4p4/4q3/8/PPP2R1P/2K5 b",
        "rnb1k2Q/1p5p/p7/4a3/4q3/8/PPP2R1P/2K5 b",
        "rnb1k2Q/1p5p/p7/4 3/4q3/8/PPP2R1P/2K5 b",
        "rnb1k2Q/1p5p/p7/4p3/4q3/8/PPP2R1P/2K5",
        "rnb1k2Q/1p5p/p7/4p3/4q3/8/PKP2R1P/2K5 b",
        "rnb1k2Q/1k5p/p7/4p3/4q3/8/PPP2R1P/2K5 b",
        "rnb1q2Q/1p5p/p7/4p3/4q3/8/PPP2R1P/2K5 b",
        "rnb1k2Q/1p5p/p7/4p3/4q3/8/PPP2R1P/2K5 a",
        "rnb1k2Q/1p5p/p7/4p3/4q3/8/PPP2R1P/2K5 b z",
        "rnbqkbn1/ppppppppr/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "nbqkbnr/ppppNNpp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "nbqkbnr/pppppppp/8/8/8/8/PPPPPnPP/RNBQKBNR w KQkq - 0 1",
        "nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR K KQkq - 0 1",
        "1B6/prpb2p1/2KPp3/qp1p4/Q1k5/nRP3p1/BRPP2Pp/BN6 w - -",
    ] {
        assert!(refused(fen), "SCID refuses {fen:?}, forsyth reads it");
    }
    // `castling_flags`: read, and refused (`Ka` is read with a note: X-FEN's file letter `a` is `q` here).
    let board = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR";
    for castling in ["w KQkq", "   w    KQkq", "w KQk", "w KQ", "w K", "w Q", "w Qk", "w -"] {
        assert!(!refused(&format!("{board} {castling}")), "{castling}");
    }
    for castling in ["w z", "w 1", "w T"] {
        assert!(refused(&format!("{board} {castling}")), "{castling}");
    }
    let (fen, notes) = Fen::parse_lenient(&format!("{board} w Ka")).unwrap();
    assert_eq!(fen.to_string(), format!("{board} w Kq - 0 1"));
    assert!(notes.iter().any(|n| n.code == "fen.lenient.castling-spelling"), "{notes:?}");
    // `EP_target` and `halfmove_clock`: the squares and clocks SCID refuses, refused at the first fault.
    let kings = "8/K7/8/8/7k/8/8/8 w -";
    for (rest, code, column) in [
        ("i6 1 1", "fen.ep.off-board", 23),
        ("z3 1 1", "fen.ep.bad-square", 23),
        ("a 3 1 1", "fen.ep.bad-square", 23),
        ("- -1 1", "fen.halfmoves.bad-number", 25),
        ("- - 1 1", "fen.halfmoves.bad-number", 25),
        ("- a5 1", "fen.halfmoves.bad-number", 25),
        ("- 0x5 1", "fen.halfmoves.bad-number", 25),
        ("- 0 -1", "fen.fullmoves.bad-number", 27),
    ] {
        let err = Fen::parse(&format!("{kings} {rest}")).unwrap_err();
        assert_eq!((err.code, err.column), (code, column), "{rest}: {err}");
    }
    // SCID reads these squares as given (TESTING.md): one on White's side with White to move, one with no pawn.
    for rest in ["a3 1 1", "b6 1 1"] {
        assert!(refused(&format!("{kings} {rest}")), "{rest}");
    }
    for (rest, written) in [("- 0 1", "- 0 1"), ("- 45 1", "- 45 1"), ("- 0 0", "- 0 1"), ("- 0 115", "- 0 115")] {
        let (fen, _) = Fen::parse_lenient(&format!("{kings} {rest}")).unwrap();
        assert_eq!(fen.to_string(), format!("{kings} {written}"));
    }
    // An EPD line of a test suite (SCID's `EPD` test reads it as a position): the error at its first operation says so.
    let err = Fen::parse("1B2K3/4b3/3pk3/5R2/8/7B/8/8 w - - bm Bc7 Rf3+;").unwrap_err();
    assert_eq!((err.code, err.column), ("fen.halfmoves.bad-number", 35));
    assert!(err.to_string().contains("EPD operation"), "{err}");
}

/// ChessX's board tests (`tests/unittests/boardtest.cpp` of ChessX, GPL): `testIsValidFEN` (the text of a FEN:
/// board, side, castling, en-passant rank and side, clocks) and `testValidate` (the position: pawns, pieces, kings,
/// checks, pawns on the first or last rank, castling rights). What ChessX refuses as text, forsyth's strict reading
/// refuses, or refuses as a position; what it accepts, lenient reading reads. Each position ChessX refuses, forsyth
/// refuses for the same reason.
#[test]
fn chessx_fen_cases() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let text_cases: Vec<(bool, String)> = [
        (true, "b KQkq - 0 1"),
        (false, "W KQkq - 0 1"),
        (false, "B KQkq - 0 1"),
        (false, "k KQkq - 0 1"),
        (true, "b K - 0 1"),
        (true, "b Q - 0 1"),
        (true, "b q - 0 1"),
        (true, "b k - 0 1"),
        (true, "b Qq - 0 1"),
        (true, "b Kk - 0 1"),
        (true, "b KQ - 0 1"),
        (true, "b kq - 0 1"),
        (false, "b k- - 0 1"),
        (false, "b k-q - 0 1"),
        (true, "b - - 0 1"),
        (false, "b KQkq e4 0 1"),
        (true, "b KQkq e3 0 1"),
        (false, "w KQkq e5 0 1"),
        (true, "w KQkq e6 0 1"),
        (false, "b KQkq e6 0 1"),
        (false, "b KQkq i6 0 1"),
        (false, "b KQkq A6 0 1"),
        (false, "b KQkq h6 0 1"),
        (true, "w KQkq h6 0 1"),
        (true, "b KQkq - 1 1"),
        (true, "b KQkq - 2 1"),
        (false, "b KQkq - a 1"),
        (false, "b KQkq - -1 1"),
        (true, "b KQkq - 0 2"),
        (false, "b KQkq - 0 a"),
    ]
    .into_iter()
    .map(|(valid, rest)| (valid, format!("{start} {rest}")))
    .chain(
        [
            "rnbqkbnr/ppppppop/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/0/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 b KQkq - 0 1",
            "rnbqkbnr/3pppp/8/8/8/8/3PPPPP/RNBQKBNR b KQkq - 0 1",
        ]
        .map(|fen| (false, fen.to_string())),
    )
    .collect();
    assert_eq!(text_cases.len(), 35);
    for (valid, fen) in &text_cases {
        let strict = Fen::parse_strict(fen).ok().filter(|f| f.position(None).is_ok());
        let lenient = Fen::parse_lenient(fen);
        if *valid {
            // (ChessX checks the text: `e6` with White to move is a square a FEN can hold, whatever the board.)
            assert!(lenient.is_ok(), "ChessX accepts {fen:?}");
        } else {
            assert!(strict.is_none(), "ChessX refuses {fen:?}, strict reading accepts it");
        }
    }
    for (code, fen) in [
        (None, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (Some("position.too-many-pawns"), "rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        (Some("position.too-many-pieces"), "rnbqkbnr/pppppppp/8/8/8/5NNN/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        (Some("position.too-many-pieces"), "rnbqkbnr/pppppppp/nnn5/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        (Some("position.missing-king"), "k7/8/8/8/8/8/8/8 b - - 0 1"),
        (Some("position.missing-king"), "8/8/8/8/8/8/8/K7 b - - 0 1"),
        (Some("position.opposite-check"), "k7/8/8/r7/8/8/8/K7 b - - 0 1"),
        (None, "k7/8/8/r7/8/8/8/K7 w - - 0 1"),
        (Some("position.adjacent-kings"), "8/8/8/3kK3/8/8/8/8 b - - 0 1"),
        (Some("position.too-many-kings"), "k7/8/8/3K4/8/8/8/7K b - - 0 1"),
        (Some("position.too-many-kings"), "k7/8/8/3k4/8/8/8/7K b - - 0 1"),
        (Some("position.pawn-on-back-rank"), "p7/8/8/k7/7K/8/8/8 b - - 0 1"),
        (Some("position.pawn-on-back-rank"), "P7/8/8/k7/7K/8/8/8 b - - 0 1"),
        (Some("position.pawn-on-back-rank"), "8/8/8/k7/7K/8/8/7p b - - 0 1"),
        (Some("position.pawn-on-back-rank"), "8/8/8/k7/7K/8/8/7P b - - 0 1"),
        (Some("position.invalid-castling"), "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        (Some("position.invalid-castling"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 b KQkq - 0 1"),
        (Some("position.invalid-castling"), "rnbqkbnr/pppppppp/8/8/8/4P3/PPPPKPPP/RNBQ1BNR b Kkq - 0 1"),
        (Some("position.invalid-castling"), "rnbqkbnr/pppppppp/8/8/8/4P3/PPPPKPPP/RNBQ1BNR b Qkq - 0 1"),
        (None, "rnbqkbnr/pppppppp/8/8/8/4P3/PPPPKPPP/RNBQ1BNR b kq - 0 1"),
    ] {
        let read = Fen::parse(fen).unwrap().position(None);
        let codes: Vec<&str> = read.err().map(|e| e.problems.iter().map(|p| p.code()).collect()).unwrap_or_default();
        assert_eq!(codes.first().copied(), code, "{fen}: {codes:?}");
    }
}

/// SCID's `Test_movegen.UCItoSAN` (`code/gtest/test_position.cpp` of SCID, as kept in ChessX's `dep/scid`, GPL): a
/// move in UCI from each position and the SAN SCID writes for it — disambiguation by file, by rank and by square
/// among three pieces of a kind, pinned pieces left out of it, en passant and castling with check, promotions with
/// and without check. forsyth writes the same SAN and reads it back to the move.
#[test]
fn scid_uci_to_san_cases() {
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    let cases: [(&str, &[(&str, &str)]); 15] = [
        ("2k4r/ppprnp1p/5pq1/1P2b3/P1R1P3/Q1N2N2/5PPP/4K1R1 b - - 0 22", &[("h8d8", "Rhd8"), ("d7d8", "Rdd8")]),
        ("2kr1b1r/pp1qpp1p/2n2p2/1BPp3b/3P4/P1N2P2/1P4PP/R2QK1NR w KQ - 0 12", &[("g1e2", "Nge2")]),
        ("8/1R2r2k/p7/P6p/5PpP/3pP1P1/4r1B1/3K4 b - - 0 53", &[("e2e3", "Rxe3")]),
        ("rnb2r2/pppnq1p1/6k1/2p1PpN1/2Pp4/3Q3P/PP3PP1/R1B2RK1 w - f6 0 15", &[("e5f6", "exf6+")]),
        ("r6r/pppknp1p/6p1/4p3/8/NP2P3/P1P2PPP/R3K2R w KQ - 0 13", &[("e1c1", "O-O-O+")]),
        (
            "8/6k1/1K1Q4/8/8/8/6pQ/q1q5 b - - 0 23",
            &[("g2g1q", "g1=Q+"), ("g2g1b", "g1=B+"), ("g2g1r", "g1=R"), ("c1g1", "Qg1+")],
        ),
        ("r4r2/1pq1nkb1/p1pnp1pp/P2p4/NB1P1PP1/3PP1N1/1P2K1Q1/R6R b - - 0 22", &[("f8h8", "Rh8")]),
        (
            "q3k1q1/8/4q3/8/8/8/3K4/8 b - - 0 1",
            &[("a8d8", "Qd8+"), ("a8d5", "Qad5+"), ("e6d5", "Qed5+"), ("a8g2", "Qag2+"), ("g8g2", "Qgg2+")],
        ),
        ("4k3/2n1n3/8/3B4/8/2n5/8/4K3 b - - 0 1", &[("c7d5", "Nc7xd5"), ("e7d5", "Nexd5"), ("c3d5", "N3xd5")]),
        (
            "rnbqk1nr/pppp1ppp/4p3/8/1b1P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3",
            &[("b1d2", "Nbd2"), ("f3d2", "Nfd2"), ("c1d2", "Bd2")],
        ),
        ("rnbq1rk1/pppp1ppp/4pn2/8/1bPP4/2N1P3/PP3PPP/R1BQKBNR w KQ - 0 5", &[("g1e2", "Ne2")]),
        ("4r3/3P1Pk1/8/3K4/8/8/8/8 w - - 0 5", &[("d7e8q", "dxe8=Q"), ("f7e8q", "fxe8=Q")]),
        ("7k/8/8/1R3R2/8/3R4/8/K7 w - - 0 1", &[("d3d5", "Rdd5"), ("b5d5", "Rbd5"), ("f5d5", "Rfd5")]),
        ("7k/8/2B1B3/8/2B5/8/8/K7 w - - 0 1", &[("c4d5", "B4d5"), ("c6d5", "Bc6d5"), ("e6d5", "Bed5")]),
        ("7k/8/2q1q3/8/2q5/8/8/K7 b - - 0 1", &[("c4d5", "Q4d5"), ("c6d5", "Qc6d5"), ("e6d5", "Qed5")]),
    ];
    for (fen, moves) in cases {
        let pos = Fen::parse_strict(fen).unwrap().position(None).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(uci, scid) in moves {
            let m = uci.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{uci}: {e}"));
            assert_eq!(write_san(&pos, m), scid, "{fen}: {uci}");
            assert_eq!(parse_move(&pos, scid, &MoveReadOptions::default()).unwrap().mv, m, "{fen}: {scid}");
        }
    }
}

/// chessops's SAN tests of standard chess (25; source, licence and kinds in the data file): forsyth writes each move
/// as chessops does — a line of moves numbered as chessops numbers it, through the PGN writer — and reads each SAN
/// back to its move; it reads the same move from each SAN chessops reads, and none where chessops reads none; and
/// the SAN lines played reach the same position, or checkmate.
#[test]
fn chessops_san_cases() {
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    use forsyth::pgn::{Game, Line, Node, PgnWriteOptions, write_game};
    use forsyth::uci::write_uci;
    let read = |pos: &Position, san: &str| parse_move(pos, san, &MoveReadOptions::default()).map(|read| read.mv);
    let text = include_str!("data/chessops-san.tsv");
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [kind, fen, input, expected] = fields[..] else { panic!("{line}") };
        // chessops's FENs here leave out the move counters, which lenient reading takes as 0 and 1.
        let mut pos = Fen::parse(fen).unwrap().position(None).unwrap_or_else(|e| panic!("{fen}: {e}"));
        match kind {
            "variation" | "san" => {
                let mut nodes = Vec::new();
                let mut after = pos;
                for uci in input.split(' ') {
                    let m = uci.parse::<Uci>().and_then(|uci| uci.to_move(&after)).unwrap();
                    let san = write_san(&after, m);
                    assert_eq!(read(&after, &san).unwrap(), m, "{fen} {san}");
                    if kind == "san" {
                        assert_eq!(san, expected, "{fen} {uci}");
                    }
                    after.play(m).unwrap();
                    nodes.push(Node { mv: m, annotations: Vec::new() });
                }
                if kind == "variation" {
                    let moves = Line { intro: Vec::new(), nodes };
                    let game = Game { tags: Vec::new(), escapes: Vec::new(), start: pos, moves, result: None };
                    let mut written = String::new();
                    write_game(&game, &PgnWriteOptions::default(), &mut written);
                    // The movetext, on one line, without the `*` of a game without a result.
                    let movetext = written.split("\n\n").nth(1).unwrap();
                    let words: Vec<&str> = movetext.split_whitespace().collect();
                    assert_eq!(words[..words.len() - 1].join(" "), expected, "{fen}");
                }
            }
            "parse" => {
                let found = read(&pos, input).ok().map(|m| write_uci(&pos, m, false));
                assert_eq!(found.as_deref().unwrap_or("-"), expected, "{fen} {input}");
            }
            "line" => {
                for san in input.split(' ') {
                    let m = read(&pos, san).unwrap_or_else(|e| panic!("{fen} {san}: {e}"));
                    pos.play(m).unwrap();
                }
                if expected == "checkmate" {
                    assert!(pos.is_checkmate(), "{fen} {input}");
                } else {
                    assert_eq!(Fen::from_position_with(&pos, EpMode::Legal).to_string(), expected, "{fen} {input}");
                }
            }
            other => panic!("kind {other}"),
        }
        cases += 1;
    }
    assert_eq!(cases, 25);
}

/// chessops's FEN tests of standard chess and Chess960 (9; source and licence in the data file). chessops's
/// `parseFen` reads a FEN's fields without asking whether the position is legal; so does `Fen::parse`. Every FEN
/// chessops refuses, strict reading refuses too, and lenient reading either refuses or names what it assumed;
/// every FEN chessops reads, lenient reading reads, noting something exactly where strict reading refuses, and
/// writes as chessops writes it — but for two castling fields of positions without a single king on its first
/// rank, which forsyth writes in X-FEN (TESTING.md lists the disagreements).
#[test]
fn chessops_fen_cases() {
    let text = include_str!("data/chessops-fen.tsv");
    let cases: Vec<Vec<&str>> = text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').collect()).collect();
    assert_eq!(cases.len(), 9);
    let mut written_otherwise = Vec::new();
    for case in cases {
        let [verdict, fen, theirs] = case[..] else { panic!("{case:?}") };
        let strict = Fen::parse_strict(fen);
        match verdict {
            "invalid" => {
                assert!(strict.is_err(), "chessops refuses {fen:?}, strict reading accepts it");
                if let Ok((_, notes)) = Fen::parse_lenient(fen) {
                    assert!(!notes.is_empty(), "chessops refuses {fen:?}, lenient reading accepts it silently");
                }
            }
            "valid" => {
                let (parsed, notes) =
                    Fen::parse_lenient(fen).unwrap_or_else(|e| panic!("chessops reads {fen:?}, forsyth does not: {e}"));
                assert_eq!(notes.is_empty(), strict.is_ok(), "{fen}: {notes:?}");
                let ours = parsed.to_string();
                if ours != theirs {
                    // Where a side has no single king on its first rank, chessops spells castling rights by file and
                    // forsyth in X-FEN; nothing else may differ.
                    let fields = |fen: &str| {
                        fen.split(' ')
                            .enumerate()
                            .filter(|(i, _)| *i != 2)
                            .map(|(_, f)| f.to_string())
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(fields(&ours), fields(theirs), "{fen}");
                    written_otherwise.push(fen);
                }
            }
            other => panic!("verdict {other}"),
        }
    }
    assert_eq!(
        written_otherwise,
        [
            "rnbqkb1r/p1p1nppp/2Pp4/3P1PP1/PPPPPP1P/PPP1PPPP/PPPnbqkb/PPPPPPPP w ha - 1 6",
            "rnbNRbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQhb - 2 3"
        ]
    );
}

/// kokopu's Chess960 numbering (`data/kokopu/scharnagl.csv`, from Yoann Le Montagner's chess library: every one of
/// the 960 start positions with its number, its array and its castling files): forsyth numbers each array alike,
/// and its start FEN is kokopu's with the same castling rights.
#[test]
fn kokopu_chess960_numbers() {
    let csv = include_str!("data/kokopu/scharnagl.csv");
    let mut count = 0;
    for line in csv.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (number, scheme, fen) = (fields[0].parse::<u16>().unwrap(), fields[1], fields[3]);
        assert_eq!(forsyth::start::chess960_array(number), Some(scheme.to_ascii_uppercase()), "{number}");
        assert_eq!(forsyth::start::chess960_number(&scheme.to_ascii_uppercase()), Some(number), "{number}");
        let theirs: Fen = fen.parse().unwrap();
        let ours = Position::from_setup(&forsyth::start::chess960_setup(number).unwrap(), Variant::Chess960).unwrap();
        assert_eq!(theirs.position(Some(Variant::Chess960)).unwrap(), ours, "{number}");
        // The same castling rooks, written in another order (`FHfh` for forsyth's `HFhf`).
        let ours = Fen::from_position(&ours).to_string_with(CastlingStyle::Shredder).unwrap();
        let castling = |fen: &str| {
            let mut chars: Vec<char> = fen.split(' ').nth(2).unwrap().chars().collect();
            chars.sort_unstable();
            chars
        };
        assert_eq!(castling(&ours), castling(fen), "{number}");
        count += 1;
    }
    assert_eq!(count, 960);
}

/// kokopu's position tests (`data/kokopu/positions.csv`: 157 positions, of which the 95 of standard chess and
/// Chess960 are compared; the others are variants forsyth does not play). A position kokopu calls legal, forsyth
/// reads — with invalid castling rights and en-passant squares dropped, which kokopu ignores too (`EFF_CASTLING`,
/// `EFF_EN_PASSANT`) — with the same castling rights and en-passant file, check, mate, stalemate, dead position by
/// material, legal moves in UCI and SAN, and the position after each; one it calls illegal, forsyth refuses.
#[test]
fn kokopu_positions() {
    use forsyth::notation::write_san;
    use forsyth::uci::write_uci;
    let csv = include_str!("data/kokopu/positions.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    // Chess960 castling rights that contradict each other, which forsyth repairs by keeping one and kokopu by
    // dropping both (`1KR4R w CHh`: two rights on the king's side).
    const REPAIRED_OTHERWISE: [&str; 1] = ["Chess960 - Wrong castling flags (king not between rooks 1)"];
    // Positions kokopu accepts and the rules refuse: (label, the problem's code). Three white rooks and all eight
    // pawns: no promotion can have made the third (FIDE Laws 3.7(e), 3.10).
    const REFUSED_BY_RULE: [(&str, &str); 2] = [
        ("Chess960 - Wrong castling flags (two many rooks)", "position.too-many-pieces"),
        ("Chess960 - Wrong castling flags (solvable conflicts)", "position.too-many-pieces"),
    ];
    let (mut legal, mut illegal, mut repaired_otherwise, mut refused_by_rule) = (0, 0, 0, 0);
    for line in lines {
        let row: std::collections::HashMap<&str, &str> = header.iter().copied().zip(line.split('\t')).collect();
        let variant = match row["VARIANT"] {
            "regular" => Variant::Standard,
            "chess960" => Variant::Chess960,
            _ => continue,
        };
        let label = row["LABEL"];
        let read = Fen::parse(row["FEN"]).unwrap().position_repaired(Some(variant));
        if row["LEGAL"] == "false" {
            assert!(read.is_err(), "{label}: kokopu calls it illegal");
            illegal += 1;
            continue;
        }
        if let Some((_, code)) = REFUSED_BY_RULE.iter().find(|(l, _)| *l == label) {
            let problems = read.unwrap_err().problems;
            assert!(problems.iter().any(|p| p.code() == *code), "{label}: {problems:?}");
            refused_by_rule += 1;
            continue;
        }
        let (pos, _) = read.unwrap_or_else(|e| panic!("{label}: {e}"));
        let fen = Fen::from_position_with(&pos, EpMode::Legal);
        let chess960 = variant == Variant::Chess960;
        let fen = if chess960 { fen.to_string_with(CastlingStyle::Shredder).unwrap() } else { fen.to_string() };
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut castling: Vec<char> = fields[2].chars().collect();
        let mut theirs: Vec<char> = row["EFF_CASTLING"].chars().collect();
        castling.sort_unstable();
        theirs.sort_unstable();
        if REPAIRED_OTHERWISE.contains(&label) {
            // Castling rights that contradict each other are repaired otherwise (TESTING.md); the moves follow.
            assert_ne!(castling, theirs, "{label}");
            repaired_otherwise += 1;
            continue;
        }
        assert_eq!(castling, theirs, "{label}");
        assert_eq!(&fields[3][..1], row["EFF_EN_PASSANT"], "{label}");
        let status = pos.status();
        assert_eq!(pos.is_check().to_string(), row["CHECK"], "{label}");
        assert_eq!((status == forsyth::Status::Checkmate).to_string(), row["CHECKMATE"], "{label}");
        assert_eq!((status == forsyth::Status::Stalemate).to_string(), row["STALEMATE"], "{label}");
        assert_eq!(pos.is_insufficient_material().to_string(), row["DEAD"], "{label}");
        let moves = pos.legal_moves();
        assert_eq!((!moves.is_empty()).to_string(), row["HAS_MOVE"], "{label}");
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        let split = |field: &str| -> Vec<String> {
            sorted(field.split(['/', '|']).filter(|s| !s.is_empty()).map(str::to_string).collect())
        };
        let uci = sorted(moves.iter().map(|&m| write_uci(&pos, m, chess960)).collect());
        assert_eq!(uci, split(row["UCI_MOVES"]), "{label}");
        let san = sorted(moves.iter().map(|&m| write_san(&pos, m)).collect());
        assert_eq!(san, split(row["NOTATIONS"]), "{label}");
        // kokopu writes a successor with the counters of the position before it: the first four fields compared.
        let placement = |fen: &str| fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        let after = |m| {
            let next = Fen::from_position_with(&pos.after(m).unwrap(), EpMode::Legal);
            placement(&if chess960 { next.to_string_with(CastlingStyle::Shredder).unwrap() } else { next.to_string() })
        };
        let successors = sorted(moves.iter().map(|&m| after(m)).collect());
        let theirs = sorted(row["SUCCESSORS"].split('|').filter(|s| !s.is_empty()).map(placement).collect());
        assert_eq!(successors, theirs, "{label}");
        legal += 1;
    }
    assert_eq!((legal, illegal, repaired_otherwise, refused_by_rule), (82, 10, 1, 2));
}

/// chess.js's Chess960 X-FEN tests (26 cases; source and licence in the data file): a move named as chess.js's
/// `move({from, to})` names it — castling by the king to its castling square or by the rook to its — played from
/// the FEN (after the moves loaded first) gives the FEN chess.js writes, with Shredder-FEN castling letters; a move
/// taken back leaves the FEN as read. Four cases are a documented disagreement (TESTING.md): their castling field
/// names a file with no rook on it (`G` or `F` for the rook on h1, `h` for the one on g8), which chess.js takes for
/// the rook on that side and forsyth refuses, as X-FEN and Shredder-FEN letters name the rook's file.
#[test]
fn chess_js_chess960_castling_cases() {
    use forsyth::notation::{MoveReadOptions, parse_move};
    const NO_ROOK_ON_THE_FILE: [&str; 4] =
        ["X-FEN O-O 960 07", "X-FEN O-O-O 960 08", "X-FEN O-O 960 11", "X-FEN O-O 960 17"];
    let (mut cases, mut refused) = (0, Vec::new());
    for line in include_str!("data/chessjs-xfen.tsv").lines().filter(|l| !l.starts_with('#')) {
        let [name, fen, pgn, named, undo, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("not a case: {line}")
        };
        let mut pos = match Fen::parse(fen).unwrap().position(Some(Variant::Chess960)) {
            Ok(pos) => pos,
            Err(e) => {
                assert_eq!(e.problems[0].code(), "position.invalid-castling", "{name}: {e}");
                assert!(e.to_string().contains("there is no rook of that colour there"), "{name}: {e}");
                refused.push(name);
                continue;
            }
        };
        for word in pgn.split_whitespace().filter(|w| *w != "-" && !w.ends_with('.')) {
            let read = parse_move(&pos, word, &MoveReadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
            pos.play_unchecked(read.mv);
        }
        let shredder = |pos: &Position| Fen::from_position(pos).to_string_with(CastlingStyle::Shredder).unwrap();
        let (from, to) = named.split_once('-').unwrap();
        let (from, to): (forsyth::Square, forsyth::Square) = (from.parse().unwrap(), to.parse().unwrap());
        let matching: Vec<_> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| match m.is_castle() {
                // (A castling move goes from the king to its rook.)
                true => {
                    let (king_to, rook_to) = pos.castling_squares(pos.turn(), m.to()).unwrap();
                    (m.from(), king_to) == (from, to) || (m.to(), rook_to) == (from, to)
                }
                false => (m.from(), m.to()) == (from, to),
            })
            .collect();
        assert_eq!(matching.len(), 1, "{name}: {named} names {matching:?}");
        let before = shredder(&pos);
        let mut after = pos;
        after.play_unchecked(matching[0]);
        let written = if undo == "undo" { before } else { shredder(&after) };
        assert_eq!(written, expected, "{name}");
        cases += 1;
    }
    assert_eq!(refused, NO_ROOK_ON_THE_FILE);
    assert_eq!(cases, 22);
}

/// chesslib (Ben-Hur Carlos Vieira Langoni Junior's Java chess library): what its `BoardTest.java`,
/// `MoveGeneratorTest.java` and `MoveListTest.java` assert of positions, one expectation a line of
/// `data/chesslib-board.tsv` (the format, and what was left out, are in its header): FENs read and written back, the
/// FEN after moves given in UCI or SAN, with the en-passant square after every double step (`EpMode::Always`, as
/// chesslib's `getFen()`) or only where a capture is legal (`EpMode::Legal`, as `getFen(false, true)`), legal moves
/// and captures, SAN written and read, castling, draws, repetitions and insufficient material — but for seven
/// expectations marked `!`, a move number 0 and a rank of ten squares, which forsyth reads otherwise (TESTING.md).
#[test]
fn chesslib_board_cases() {
    use forsyth::History;
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    use forsyth::uci::write_uci;
    use forsyth::{Move, MoveKind, Square};

    let is_uci = |text: &str| {
        let b = text.as_bytes();
        (4..=5).contains(&b.len())
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
    };
    let uci_of = |pos: &Position| -> Vec<String> {
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| write_uci(pos, m, false)).collect();
        moves.sort_unstable();
        moves
    };
    let yes = |value: &str| match value {
        "yes" => true,
        "no" => false,
        other => panic!("yes or no: {other}"),
    };
    let data = include_str!("data/chesslib-board.tsv");
    let (mut checked, mut marked_lines) = (0, 0);
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [source, start, moves, what, values @ ..] = fields.as_slice() else { panic!("malformed line {line:?}") };
        let start = if *start == "start" { Variant::Standard.start_fen() } else { start };
        let at = format!("{source}: {start} {moves}");
        // A line marked `!` is one forsyth reads otherwise (TESTING.md lists the disagreements).
        let (what, marked) = what.strip_prefix('!').map_or((*what, false), |what| (what, true));
        marked_lines += usize::from(marked);
        let board = match Fen::parse(start) {
            Ok(_) => {
                assert!(!marked || what == "fen", "{at}: marked, but read");
                start.to_string()
            }
            Err(e) => {
                // A rank of more than eight squares: chesslib places the pieces from the a-file on and drops what
                // falls past the h-file; its expectation is checked on the board it reads.
                assert!(marked && e.to_string().contains("squares; it needs 8"), "{at}: {e}");
                let (placement, rest) = start.split_once(' ').unwrap();
                let ranks: Vec<String> = placement
                    .split('/')
                    .map(|rank| {
                        let mut squares: String = rank
                            .chars()
                            .map(|c| c.to_digit(10).map_or(c.to_string(), |n| "1".repeat(n as usize)))
                            .collect();
                        squares.truncate(8);
                        let (mut rank, mut empty) = (String::new(), 0);
                        for c in squares.chars().chain(['/']) {
                            if c == '1' {
                                empty += 1;
                                continue;
                            }
                            if empty > 0 {
                                rank.push_str(&empty.to_string());
                                empty = 0;
                            }
                            rank.push(c);
                        }
                        rank.pop();
                        rank
                    })
                    .collect();
                format!("{} {rest}", ranks.join("/"))
            }
        };
        // The moves played, each with the position before it, and the positions for the repetition rules.
        let mut pos = common::position(&board, None);
        let mut history = History::new(&pos);
        let mut played: Vec<(Position, Move)> = Vec::new();
        for text in moves.split(' ').filter(|&text| text != "-") {
            let m = if is_uci(text) {
                text.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{at}: {text}: {e}"))
            } else {
                parse_move(&pos, text, &MoveReadOptions::default()).unwrap_or_else(|e| panic!("{at}: {text}: {e}")).mv
            };
            played.push((pos, m));
            pos.play(m).unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
            history.push(&pos);
        }
        let written = Fen::from_position_with(&pos, EpMode::Always).to_string();
        match (what, values) {
            // chesslib writes back a move number 0; forsyth reads it as 1.
            ("fen", [fen]) if marked => {
                let theirs_as_one = fen.strip_suffix(" 0").map(|fen| format!("{fen} 1"));
                assert_eq!(Some(written.as_str()), theirs_as_one.as_deref(), "{at}");
            }
            ("fen", [fen]) => assert_eq!(written, *fen, "{at}"),
            ("fen-ep-if-capturable", [fen]) => {
                let ours = Fen::from_position_with(&pos, EpMode::Legal).to_string();
                let four: Vec<&str> = ours.split(' ').take(4).collect();
                assert_eq!(four.join(" "), *fen, "{at}");
            }
            ("piece", [square, piece]) => {
                let found = pos.piece_at(square.parse::<Square>().unwrap()).map(|p| p.char().to_string());
                assert_eq!(found.as_deref(), Some(*piece), "{at}: {square}");
            }
            ("halfmoves", [n]) => assert_eq!(pos.halfmoves().to_string(), *n, "{at}"),
            ("fullmoves", [n]) => assert_eq!(pos.fullmoves().to_string(), *n, "{at}"),
            ("ep-square", [square]) => {
                assert_eq!(pos.ep_square().map(|s| s.to_string()).as_deref().unwrap_or("-"), *square, "{at}")
            }
            // chesslib's en-passant target is the pawn that may be taken; none where no capture is legal.
            ("ep-target", [square]) => {
                let pawn = pos.legal_ep_square().map(|s| {
                    format!("{}{}", &s.to_string()[..1], if s.rank() == forsyth::Rank::THIRD { 4 } else { 5 })
                });
                assert_eq!(pawn.as_deref().unwrap_or("-"), *square, "{at}");
            }
            ("legal-moves", [n]) => assert_eq!(pos.legal_moves().len().to_string(), *n, "{at}"),
            // chesslib's test asks for the first move of its list, an order of its generator's: only the move is
            // compared.
            ("legal" | "first-legal", [uci]) => assert!(uci_of(&pos).iter().any(|m| m == uci), "{at}: {uci}"),
            ("not-legal", [uci]) => assert!(!uci_of(&pos).iter().any(|m| m == uci), "{at}: {uci}"),
            // chesslib's pseudo-legal captures: the legal ones are the same when none is missing.
            ("captures", [list]) => {
                let mut ours: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| {
                        m.is_en_passant()
                            || (!m.is_castle() && pos.piece_at(m.to()).is_some_and(|p| p.color != pos.turn()))
                    })
                    .map(|&m| write_uci(&pos, m, false))
                    .collect();
                ours.sort_unstable();
                let mut theirs: Vec<&str> = list.split(' ').filter(|&m| m != "-").collect();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "{at}");
            }
            ("castling-rights", [side, rights]) => {
                let field = written.split(' ').nth(2).unwrap();
                let white = *side == "white";
                let ours: String = field.chars().filter(|c| c.is_ascii_uppercase() == white && *c != '-').collect();
                assert_eq!(if ours.is_empty() { "-" } else { &ours }, *rights, "{at}");
            }
            ("castle", [verdict]) => assert_eq!(played.last().unwrap().1.is_castle(), yes(verdict), "{at}"),
            // The rook's move: forsyth's castling move goes from the king to the rook.
            ("castle-rook", [rook]) => {
                let (before, m) = played.last().unwrap();
                if *rook == "-" {
                    assert!(!m.is_castle(), "{at}");
                } else {
                    assert_eq!(m.kind(), MoveKind::Castle, "{at}");
                    let (from, to) = (rook[..2].parse::<Square>().unwrap(), rook[2..].parse::<Square>().unwrap());
                    assert_eq!(m.to(), from, "{at}");
                    let role = |p: &Position, s| p.piece_at(s).map(|p| (p.color, p.role));
                    assert_eq!(role(before, from), role(&pos, to), "{at}");
                    assert_eq!(role(&pos, to).map(|(c, _)| c), Some(before.turn()), "{at}");
                }
            }
            ("san", [list]) => {
                let ours: Vec<String> = played.iter().map(|(before, m)| write_san(before, *m)).collect();
                assert_eq!(ours.join(" "), *list, "{at}");
            }
            ("last-san", [san]) => {
                let (before, m) = played.last().unwrap();
                assert_eq!(write_san(before, *m), *san, "{at}");
            }
            ("uci", [list]) => {
                let ours: Vec<String> = played.iter().map(|(before, m)| write_uci(before, *m, false)).collect();
                assert_eq!(ours.join(" "), *list, "{at}");
            }
            ("not-read", [san]) => {
                assert!(parse_move(&pos, san, &MoveReadOptions::default()).is_err(), "{at}: {san}")
            }
            // chesslib's isDraw: a threefold repetition, insufficient material, the fifty-move rule, or stalemate.
            ("draw", [verdict]) => {
                let draw = history.is_threefold()
                    || pos.is_insufficient_material()
                    || pos.can_claim_fifty_moves()
                    || pos.is_stalemate();
                assert_eq!(draw, yes(verdict), "{at}");
            }
            ("repetition", [verdict]) => assert_eq!(history.is_threefold(), yes(verdict), "{at}"),
            ("insufficient-material", [verdict]) => {
                assert_eq!(pos.is_insufficient_material(), yes(verdict), "{at}")
            }
            _ => panic!("unknown expectation {line:?}"),
        }
        checked += 1;
    }
    assert_eq!((checked, marked_lines), (103, 7));
}

/// cutechess's chess-board tests (`tst_board.cpp`'s data rows of the variants forsyth plays, taken out of the C++
/// into `tests/data/cutechess-board.tsv`, which names the source and what was left out): Polyglot keys; FENs after
/// moves in SAN and cutechess's long algebraic (UCI with king-to-destination castling) in standard chess, Embassy
/// and Janus, castling written `O-O-O`, `Kb8` or `e1i1`, en passant written only where a capture is legal, and the
/// start FEN written back; SAN written and read with disambiguation, checks and mates; and the results of
/// positions — mate, stalemate, dead positions by material, the fifty-move rule — but for two expectations marked
/// `!`, which forsyth answers otherwise (TESTING.md): Janus castling named by distance, and a game ended by the
/// fifty-move rule without a claim. Perft rows are counted by `perft::cutechess_perft_cases`.
#[test]
fn cutechess_board_cases() {
    use forsyth::notation::{MoveReadOptions, parse_move, write_san};
    use forsyth::uci::write_uci;
    use std::collections::BTreeMap;

    // cutechess writes the en-passant square only where a capture is legal, and classic castling letters (no
    // X-FEN castling-type prefix for Janus and Embassy).
    let written =
        |pos: &Position| Fen::from_position_with(pos, EpMode::Legal).to_string_with(CastlingStyle::Classic).unwrap();
    let data = include_str!("data/cutechess-board.tsv");
    let mut checked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut marked_lines = 0;
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [test, row, variant, values @ ..] = fields.as_slice() else { panic!("malformed line {line:?}") };
        // A line marked `!` is one forsyth answers otherwise (TESTING.md lists the disagreements).
        let (test, marked) = test.strip_prefix('!').map_or((*test, false), |test| (test, true));
        marked_lines += usize::from(marked);
        let variant = Variant::from_name(variant).unwrap_or_else(|| panic!("{row}: variant {variant}"));
        let at = format!("{test} {row:?}");
        match (test, values) {
            ("zobristKeys", [fen, key]) => {
                let pos = common::position(fen, Some(variant));
                assert_eq!(format!("{:016x}", pos.zobrist()), *key, "{at}");
            }
            ("moveStrings", [moves, start, end]) => {
                let mut pos = common::position(start, Some(variant));
                // cutechess takes every move back and compares the start FEN: the start position written as read.
                assert_eq!(written(&pos), *start, "{at}");
                let mut moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
                if marked {
                    // Janus castling: cutechess's `O-O` is forsyth's `O-O-O` (to the b-file) and the other way
                    // round. forsyth refuses the first as written; with the names swapped, cutechess's END follows.
                    let refused = parse_move(&pos, &moves[0], &MoveReadOptions::default()).unwrap_err();
                    assert_eq!(refused.to_string(), "'O-O': Black may not castle kingside: f8 is not empty", "{at}");
                    for text in &mut moves {
                        if let Some(rest) = text.strip_prefix("O-O-O") {
                            *text = format!("O-O{rest}");
                        } else if let Some(rest) = text.strip_prefix("O-O") {
                            *text = format!("O-O-O{rest}");
                        }
                    }
                }
                for text in &moves {
                    let m = parse_move(&pos, text, &MoveReadOptions::default())
                        .unwrap_or_else(|e| panic!("{at}: {text}: {e}"))
                        .mv;
                    pos.play(m).unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
                }
                assert_eq!(written(&pos), *end, "{at}");
            }
            ("sanStrings", [fen, lan, san]) => {
                let pos = common::position(fen, Some(variant));
                let m = lan.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(write_san(&pos, m), *san, "{at}");
                let read = parse_move(&pos, san, &MoveReadOptions::default()).unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(write_uci(&pos, read.mv, variant.is_shuffle()), *lan, "{at}");
            }
            ("results", [fen, result]) => {
                let pos = common::position(fen, Some(variant));
                let ours = pos.outcome().map_or("*", |outcome| outcome.pgn());
                if marked {
                    // The fifty-move rule: cutechess ends the game; forsyth lets a draw be claimed, and the game
                    // goes on until a claim or the 75-move rule (FIDE Laws 9.3, 9.6.2).
                    assert_eq!((ours, *result), ("*", "1/2-1/2"), "{at}");
                    assert!(pos.can_claim_fifty_moves(), "{at}");
                } else {
                    assert_eq!(ours, *result, "{at}");
                }
            }
            ("perft" | "perft-comment", [_, _, _]) => continue,
            _ => panic!("unknown expectation {line:?}"),
        }
        *checked.entry(test).or_default() += 1;
    }
    let counts: Vec<(&str, usize)> = checked.into_iter().collect();
    assert_eq!(counts, [("moveStrings", 20), ("results", 16), ("sanStrings", 12), ("zobristKeys", 9)]);
    assert_eq!(marked_lines, 2);
}
