//! The German words for every problem the validator can report. Here, inside the crate, because the matches below
//! must stay exhaustive: the problem enums are `#[non_exhaustive]` for users of the library.

/// Every kind of problem the validator reports, and every reason it gives for a castling right or an en-passant
/// square, has a German text of its own: the problems are made by the validator itself, and the reasons are
/// numbered here by exhaustive matches, so a new kind or reason fails to compile until it is given a number, and
/// then fails until a case shows it and `ALL` lists it.
#[test]
fn every_problem_kind_has_a_german_text() {
    use std::collections::BTreeSet;

    use super::problem_text;
    use crate::notation::Language;
    use crate::notation::fen::Fen;
    use crate::{
        CastlingPrefix, CastlingRightProblem, Color, EnPassantProblem, Position, Problem, Setup, Square, Variant,
    };

    /// The kinds of problem, numbered; a new kind fails to compile here until it is given a number and a case.
    const KINDS: usize = 13;
    fn kind(problem: &Problem) -> usize {
        match problem {
            Problem::WrongBoardShape { .. } => 0,
            Problem::RoleNotInVariant { .. } => 1,
            Problem::MissingKing(_) => 2,
            Problem::TooManyKings(..) => 3,
            Problem::PawnOnBackRank(_) => 4,
            Problem::TooManyPawns(..) => 5,
            Problem::TooManyPieces { .. } => 6,
            Problem::OppositeCheck => 7,
            Problem::AdjacentKings => 8,
            Problem::ImpossibleCheck { .. } => 9,
            Problem::InvalidCastlingRight { .. } => 10,
            Problem::InvalidEnPassant { .. } => 11,
            Problem::CastlingPrefixMismatch { .. } => 12,
        }
    }
    /// The reasons a castling right is invalid, numbered.
    const CASTLING_REASONS: usize = 7;
    fn castling_reason(reason: CastlingRightProblem) -> usize {
        match reason {
            CastlingRightProblem::RookNotOnBackRank => 0,
            CastlingRightProblem::NoRook => 1,
            CastlingRightProblem::MissingKing => 2,
            CastlingRightProblem::KingNotOnBackRank => 3,
            CastlingRightProblem::KingNotOnStartSquare => 4,
            CastlingRightProblem::RookNotOnStartSquare => 5,
            CastlingRightProblem::SideAlreadyHeld => 6,
        }
    }
    /// The reasons an en-passant square is invalid, numbered (the wrong rank once per side to move).
    const EN_PASSANT_REASONS: usize = 6;
    fn en_passant_reason(reason: EnPassantProblem) -> usize {
        match reason {
            EnPassantProblem::OffBoard => 0,
            EnPassantProblem::WrongRank { to_move: Color::White } => 1,
            EnPassantProblem::WrongRank { to_move: Color::Black } => 2,
            EnPassantProblem::NoPawn => 3,
            EnPassantProblem::PathNotEmpty => 4,
            EnPassantProblem::CheckNotFromDoubleStep => 5,
        }
    }
    let setup = |fen: &str| Fen::parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}")).setup;
    let square = |name: &str| name.parse::<Square>().unwrap();
    let with_rooks = |fen: &str, rooks: &[&str]| {
        let mut s = setup(fen);
        s.castling_rooks = rooks.iter().map(|r| square(r)).collect();
        s
    };
    let with_ep = |fen: &str, ep: &str| Setup { ep_square: Some(square(ep)), ..setup(fen) };
    let standard = Variant::Standard;
    let cases: Vec<(Setup, Variant)> = vec![
        (setup(Variant::Standard.start_fen()), Variant::Capablanca),
        (setup("4k3/8/8/8/8/8/8/3CK3 w - - 0 1"), standard),
        (setup("8/8/8/8/8/8/8/4K3 w - - 0 1"), standard),
        (setup("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), standard),
        (setup("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), standard),
        (setup("4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1"), standard),
        (setup("QQQQk3/QQQQ4/QQQQ4/QQQQ4/8/8/8/4K3 w - - 0 1"), standard),
        (setup("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), standard),
        (setup("8/8/8/8/8/8/8/3kK3 w - - 0 1"), standard),
        (setup("4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1"), standard),
        // Castling rights, one per reason.
        (with_rooks("4k3/8/8/8/8/8/7R/4K3 w - - 0 1", &["h2"]), standard),
        (with_rooks("4k3/8/8/8/8/8/8/4K2N w - - 0 1", &["h1"]), standard),
        (with_rooks("4k3/8/8/8/8/8/8/7R w - - 0 1", &["h1"]), standard),
        (with_rooks("4k3/8/8/8/8/8/4K3/7R w - - 0 1", &["h1"]), standard),
        (with_rooks("4k3/8/8/8/8/8/8/5K1R w - - 0 1", &["h1"]), standard),
        (with_rooks("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", &["g1"]), standard),
        (with_rooks("4k3/8/8/8/8/8/8/4KRR1 w - - 0 1", &["f1", "g1"]), Variant::Chess960),
        // En-passant squares, one per reason.
        (with_ep("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "i6"), standard),
        (with_ep("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e3"), standard),
        (with_ep("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e6"), standard),
        (with_ep("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e6"), standard),
        (with_ep("4k3/4n3/8/4p3/8/8/8/4K3 w - - 0 1", "e6"), standard),
        (with_ep("4k3/8/8/4p3/8/8/8/r3K3 w - - 0 1", "e6"), standard),
        (Setup { castling_prefix: Some(CastlingPrefix::Symmetric), ..setup(Variant::Standard.start_fen()) }, standard),
    ];
    let mut kinds = [false; KINDS];
    let mut castling_reasons = [false; CASTLING_REASONS];
    let mut en_passant_reasons = [false; EN_PASSANT_REASONS];
    for (setup, variant) in &cases {
        let problems = Position::from_setup(setup, *variant).expect_err("an illegal setup").problems;
        for problem in &problems {
            kinds[kind(problem)] = true;
            let (english, german) = (problem_text(problem, Language::En), problem_text(problem, Language::De));
            assert_eq!(english, problem.to_string());
            assert_ne!(german, english, "{}: no German text", problem.code());
            match *problem {
                Problem::InvalidCastlingRight { reason, .. } => castling_reasons[castling_reason(reason)] = true,
                Problem::InvalidEnPassant { reason, .. } => en_passant_reasons[en_passant_reason(reason)] = true,
                _ => {}
            }
        }
    }
    assert_eq!(kinds, [true; KINDS], "a kind of problem none of the cases shows");
    assert_eq!(castling_reasons, [true; CASTLING_REASONS], "a castling reason none of the cases shows");
    assert_eq!(en_passant_reasons, [true; EN_PASSANT_REASONS], "an en-passant reason none of the cases shows");

    // Each reason in `ALL` (which must list them all) has its own German text, in which no English is left.
    let square = Square::H1;
    let reasons = CastlingRightProblem::ALL
        .iter()
        .map(|&reason| (reason.to_string(), Problem::InvalidCastlingRight { square, reason }))
        .chain(
            EnPassantProblem::ALL
                .iter()
                .map(|&reason| (reason.to_string(), Problem::InvalidEnPassant { square, reason })),
        );
    let mut german_reasons = BTreeSet::new();
    for (english_reason, problem) in reasons {
        let german = problem_text(&problem, Language::De);
        assert!(!german.contains(&english_reason), "'{english_reason}' has no German text: {german}");
        assert!(german_reasons.insert(german.split_once(": ").unwrap().1.to_string()), "{german} twice");
    }
    let listed: BTreeSet<usize> = CastlingRightProblem::ALL.iter().map(|&r| castling_reason(r)).collect();
    assert_eq!(listed.len(), CASTLING_REASONS, "CastlingRightProblem::ALL misses a reason");
    let listed: BTreeSet<usize> = EnPassantProblem::ALL.iter().map(|&r| en_passant_reason(r)).collect();
    assert_eq!(listed.len(), EN_PASSANT_REASONS, "EnPassantProblem::ALL misses a reason");
}
