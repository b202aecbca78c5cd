//! Game-state rules: check, mate, stalemate, insufficient material, the 50- and 75-move rules, threefold and
//! fivefold repetition, and Polyglot keys. Where an independent implementation can judge a position, shakmaty does.

use forsyth::uci::Uci;
use forsyth::{History, Position, Status, Variant};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen as ShakmatyFen};

mod common;

fn ours(fen: &str) -> Position {
    common::position(fen, None)
}

fn theirs(fen: &str) -> Chess {
    fen.parse::<ShakmatyFen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Positions chosen to exercise each rule; shakmaty gives the expected answers.
const POSITIONS: &[&str] = &[
    // Fool's mate.
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    // Stalemate, king in the corner.
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    // Bare kings; king and knight; king and bishop; bishops on one colour; bishops on both colours.
    "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
    "8/8/4k3/8/8/3K4/5N2/8 w - - 0 1",
    "8/8/4k3/8/8/3K4/5B2/8 w - - 0 1",
    "8/8/2b1k3/8/8/3K4/5B2/8 w - - 0 1",
    "8/8/3bk3/8/8/3K4/5B2/8 w - - 0 1",
    // Two knights; knight against a pawn; rook; queen against knight.
    "8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1",
    "8/8/4k3/4p3/8/3K4/5N2/8 w - - 0 1",
    "8/8/4k3/8/8/3K4/5R2/8 w - - 0 1",
    "8/8/4k3/8/2n5/3K4/5Q2/8 w - - 0 1",
    // Double check, only king moves; checkmate by double check.
    "4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
];

#[test]
fn check_mate_stalemate_material_agree_with_shakmaty() {
    for fen in POSITIONS {
        let (a, b) = (ours(fen), theirs(fen));
        assert_eq!(a.is_check(), b.is_check(), "check: {fen}");
        assert_eq!(a.is_checkmate(), b.is_checkmate(), "checkmate: {fen}");
        assert_eq!(a.is_stalemate(), b.is_stalemate(), "stalemate: {fen}");
        assert_eq!(a.is_insufficient_material(), b.is_insufficient_material(), "material: {fen}");
        for color in forsyth::Color::ALL {
            let sc = if color.is_white() { shakmaty::Color::White } else { shakmaty::Color::Black };
            assert_eq!(a.has_insufficient_material(color), b.has_insufficient_material(sc), "{color}: {fen}");
        }
    }
    assert_eq!(ours(POSITIONS[0]).status(), Status::Checkmate);
    assert_eq!(ours(POSITIONS[1]).status(), Status::Stalemate);
    assert_eq!(ours(POSITIONS[2]).status(), Status::InsufficientMaterial);
    assert_eq!(ours(POSITIONS[9]).status(), Status::Ongoing);
}

#[test]
fn move_count_rules() {
    // FIDE 9.3 and 9.6.2: 50 moves (100 half-moves) may be claimed; 75 moves (150) end the game, unless the
    // last move mated.
    let at = |halfmoves: u32| ours(&format!("8/8/4k3/8/8/3K4/5R2/8 w - - {halfmoves} 80"));
    assert!(!at(99).can_claim_fifty_moves());
    assert!(at(100).can_claim_fifty_moves());
    assert_eq!(at(149).status(), Status::Ongoing);
    assert_eq!(at(150).status(), Status::SeventyFiveMoves);
    let mated = ours("7k/7Q/6K1/8/8/8/8/8 b - - 150 90");
    assert_eq!(mated.status(), Status::Checkmate);
    assert_eq!(mated.outcome().map(|o| o.pgn()), Some("1-0"));
}

#[test]
fn threefold_and_fivefold_repetition() {
    let mut pos = Position::new(Variant::Standard);
    let mut history = History::new(&pos);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut counts = Vec::new();
    for _ in 0..4 {
        for m in shuffle {
            pos.play(m.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap()).unwrap();
            history.push(&pos);
        }
        counts.push((history.repetitions(), history.is_threefold(), history.is_fivefold()));
    }
    assert_eq!(counts, vec![(2, false, false), (3, true, false), (4, true, false), (5, true, true)]);
}

#[test]
fn en_passant_counts_for_repetition_only_when_legal() {
    // After 1. e4 the FEN names e3, but no black pawn can take: the position repeats the one with no e3.
    let with_ep = ours("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = ours("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(with_ep.repetition_key(), without.repetition_key());
    // With a black pawn on d4 the capture is legal and the positions differ.
    let with_ep = ours("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = ours("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(with_ep.repetition_key(), without.repetition_key());
}

#[test]
fn polyglot_keys_of_the_book_format_specification() {
    // The test sequence published with the Polyglot book format.
    let expected: &[(&[&str], u64)] = &[
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652a607ca3f242c1),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00fdd303c946bdd9),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3c8123ea7b067637),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5c3f9b829b279560),
    ];
    for (moves, key) in expected {
        let mut pos = Position::new(Variant::Standard);
        for m in *moves {
            pos.play(m.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap()).unwrap();
        }
        assert_eq!(pos.zobrist(), *key, "after {moves:?}");
    }
}

/// scalachess's game-end tests of standard chess (the assertions of `AutodrawTest.scala`,
/// `InsufficientMatingMaterialTest.scala`, `BoardTest.scala` and `VariantTest.scala` that forsyth has a call for,
/// taken out of the Scala into `tests/data/scalachess-ends.tsv`, which names the source, each question's forsyth
/// counterpart and what was left out): dead positions by material, mating material of one side, the fifty-move
/// rule, threefold and fivefold repetition after moves, checkmate, stalemate and the winner. forsyth answers as
/// scalachess does on every line: none is marked as a disagreement. Thirteen lines draw boards no game reaches (Black's
/// king missing, two white kings, the side not to move in check, nine black queens beside a pawn), which forsyth
/// refuses as positions; their questions are answered on the board set up unchecked.
#[test]
fn scalachess_end_cases() {
    use forsyth::notation::fen::Fen;
    use std::collections::BTreeMap;

    let data = include_str!("data/scalachess-ends.tsv");
    let mut checked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut refused = Vec::new();
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [source, test, question, fen, moves, expected] = fields.as_slice() else {
            panic!("malformed line {line:?}")
        };
        // A line marked `!` would be one forsyth answers otherwise (TESTING.md lists the disagreements).
        let (question, marked) = question.strip_prefix('!').map_or((*question, false), |q| (q, true));
        let at = format!("{source} {test:?} {question}");
        // scalachess's tests draw some positions no game reaches, which forsyth refuses (each is recorded, and counted
        // below). forsyth answers on them set up unchecked: what is asked (material; whether the side to move, whose
        // king is there, is mated or stalemated) does not depend on what makes them illegal.
        let parsed = Fen::parse(fen).unwrap_or_else(|e| panic!("{at}: {e}"));
        let mut pos = parsed.position(Some(Variant::Standard)).unwrap_or_else(|e| {
            refused.push(format!("{fen}: {e}"));
            Position::from_setup_unchecked(&parsed.setup, Variant::Standard)
        });
        let mut history = History::new(&pos);
        for text in moves.split(' ').filter(|text| *text != "-") {
            let m = text.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{at}: {e}"));
            pos.play(m).unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
            history.push(&pos);
        }
        let status = pos.status();
        let ours = match question {
            "apply(board, !color)" | "opponentHasInsufficientMaterial" => {
                pos.has_insufficient_material(!pos.turn()).to_string()
            }
            "autoDraw" => (matches!(status, Status::InsufficientMaterial | Status::SeventyFiveMoves)
                || history.is_fivefold())
            .to_string(),
            "end" => (status != Status::Ongoing || history.is_fivefold()).to_string(),
            "threefoldRepetition" => history.is_threefold().to_string(),
            "checkMate" => pos.is_checkmate().to_string(),
            "staleMate" => pos.is_stalemate().to_string(),
            "winner" => match pos.outcome() {
                Some(forsyth::Outcome::Decisive { winner }) => format!("{winner:?}").to_lowercase(),
                _ => "none".to_string(),
            },
            _ => panic!("unknown question {line:?}"),
        };
        // No line is marked: forsyth answers every question as scalachess does. (scalachess's autoDraw after 120
        // half-moves of knights going out and back, `by fifty moves: tons of pointless moves`, is forsyth's too, by
        // fivefold repetition: the fifty-move rule alone would not end the game in forsyth, FIDE Laws 9.3, 9.6.2.)
        assert!(!marked, "{at}: a disagreement this test does not know");
        assert_eq!(ours, *expected, "{at}");
        *checked.entry(source).or_default() += 1;
    }
    let counts: Vec<(&str, usize)> = checked.into_iter().collect();
    assert_eq!(
        counts,
        [
            ("AutodrawTest.scala", 47),
            ("BoardTest.scala", 8),
            ("InsufficientMatingMaterialTest.scala", 17),
            ("VariantTest.scala", 3)
        ]
    );
    // What forsyth refuses in the positions scalachess's tests draw, by reason (a position counted once per line).
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for text in &refused {
        let reason = text.split_once(": ").map_or(text.as_str(), |(_, reason)| reason);
        let reason =
            if reason.starts_with("Black has 8 queens") { "more promoted pieces than missing pawns" } else { reason };
        *reasons.entry(reason).or_default() += 1;
    }
    let reasons: Vec<(&str, usize)> = reasons.into_iter().collect();
    assert_eq!(
        reasons,
        [
            ("Black has no king", 8),
            ("White has 2 kings (exactly one is needed)", 1),
            ("more promoted pieces than missing pawns", 1),
            ("the side not to move is in check", 3)
        ],
        "{refused:#?}"
    );
}
