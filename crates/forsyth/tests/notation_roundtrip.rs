//! Write-then-read: every style × language × legal move of positions from seeded random games reads back, in
//! strict mode, to the same move; and the forms people write that the lenient reader must take.

use forsyth::notation::fen::Fen;
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::read::{MoveReadOptions, Normalised, parse_move};
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use forsyth::{Move, Position, Variant};
use proptest::prelude::*;

mod common;
use common::{position, random_game, random_start};

/// Every fourth position of seeded random games, 20 to 119 plies long, that play a promotion now and then to reach
/// endgames and promotions.
fn random_positions(variant: Variant, games: usize, seed: u64) -> Vec<Position> {
    let prefer_promotions = |rng: &mut fastrand::Rng, moves: &[Move]| {
        let promotion = moves.iter().copied().find(|m| m.promotion_role().is_some() && rng.bool());
        promotion.unwrap_or(moves[rng.usize(0..moves.len())])
    };
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let start = random_start(variant, &mut rng);
        let plies = rng.usize(20..120);
        out.extend(random_game(start, &mut rng, prefer_promotions).take(plies).step_by(4));
    }
    out
}

fn all_letters() -> Vec<Letters> {
    let mut sets: Vec<Letters> = Language::ALL.into_iter().map(Letters::language).collect();
    sets.push(Letters::FIGURINES);
    sets.push(Letters::custom("PCATDRXZ").unwrap());
    sets
}

#[test]
fn every_style_and_language_reads_back_what_it_writes() {
    let mut checked = 0;
    for (variant, seed) in
        [(Variant::Standard, 1), (Variant::Chess960, 2), (Variant::Capablanca, 3), (Variant::Janus, 4)]
    {
        for pos in random_positions(variant, 8, seed) {
            let moves = pos.legal_moves();
            for letters in all_letters() {
                if letters.check(variant).is_err() {
                    continue;
                }
                for style in MoveStyle::ALL {
                    let options = MoveWriteOptions::new(style).with_letters(letters);
                    let strict = MoveReadOptions::strict(style, letters);
                    for &m in &moves {
                        let text = write_move(&pos, m, &options);
                        let fen = Fen::from_position(&pos);
                        let back = parse_move(&pos, &text, &strict)
                            .unwrap_or_else(|e| panic!("{fen} {style} {letters} {m:?}: {e}"));
                        assert_eq!(back.mv, m, "{fen} {style} {letters}: {text}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn languages_whose_letters_clash_with_10x8_pieces_are_refused() {
    for lang in [Language::Fr, Language::It, Language::Es, Language::Pt, Language::Ro] {
        assert_eq!(Letters::language(lang).check(Variant::Capablanca).unwrap_err().code(), "letters.clash", "{lang}");
    }
    assert!(Letters::language(Language::De).check(Variant::Capablanca).is_ok());
}

fn lenient(p: &Position, text: &str) -> Move {
    parse_move(p, text, &MoveReadOptions::default()).unwrap_or_else(|e| panic!("{e}")).mv
}

/// Castling written as SAN writes a king move, `Kg1`, `Kb8`: Cute Chess reads it so (its board tests play Janus's
/// `Kb8` and `Ki1`), and forsyth read `Ke1-g1` but refused `Kg1`. An ordinary king move to the square still comes
/// first.
#[test]
fn castling_written_as_the_kings_move_to_its_square() {
    let castles = position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", None);
    assert_eq!(lenient(&castles, "Kg1"), lenient(&castles, "O-O"));
    assert_eq!(lenient(&castles, "Kc1+"), lenient(&castles, "O-O-O"));
    let janus =
        position("r3kqbnjr/pppp1ppppp/2jn1b4/4p5/4P5/3Q1PNJ2/PPPP2PPPP/RJNBK1B2R b KQkq - 0 1", Some(Variant::Janus));
    assert_eq!(lenient(&janus, "Kb8"), lenient(&janus, "O-O-O"));
    let janus = position("r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", Some(Variant::Janus));
    assert_eq!(lenient(&janus, "Ki1"), lenient(&janus, "O-O"));
    // Chess960, king on f1 and rook on h1: castling also takes the king to g1, but `Kg1` is the king's step.
    let step = position("4k3/8/8/8/8/8/8/5K1R w H - 0 1", Some(Variant::Chess960));
    assert_eq!(lenient(&step, "Kg1").to_string(), "f1g1");
    assert_eq!(lenient(&step, "O-O").to_string(), "f1h1");
    // An origin that is not the king's square is still no castling.
    assert!(parse_move(&castles, "Kdg1", &MoveReadOptions::default()).is_err());
}

#[test]
fn lenient_reader_takes_what_real_files_contain() {
    let castles = position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", None);
    let short = lenient(&castles, "O-O");
    let long = lenient(&castles, "O-O-O");
    for text in ["0-0", "0–0", "O–O", "o-o", "e1g1", "e1h1", "Ke1-g1", "O-O+", "0-0!?"] {
        assert_eq!(lenient(&castles, text), short, "{text}");
    }
    for text in ["0-0-0", "0–0–0", "e1c1", "e1a1"] {
        assert_eq!(lenient(&castles, text), long, "{text}");
    }
    let promo = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", None);
    let queen = lenient(&promo, "a8=Q");
    for text in ["a8Q", "a8=q", "a8(Q)", "a8/Q", "a8q", "a7a8q", "a7-a8=Q", "Pa7-a8=Q", "a8=♕", "a8♛"] {
        assert_eq!(lenient(&promo, text), queen, "{text}");
    }
    assert_eq!(lenient(&promo, "axb8=N").to_string(), "a7b8n");
    assert_eq!(lenient(&promo, "a7b8n").to_string(), "a7b8n");
    assert_eq!(lenient(&promo, "axb8b").to_string(), "a7b8b");
    let ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", None);
    let exd6 = lenient(&ep, "exd6");
    for text in ["exd6e.p.", "exd6 e.p.", "exd6 ep", "exd6ep", "e5:d6", "e5xd6", "e5d6", "exd6 e. p.", "ed6"] {
        if text == "ed6" {
            continue;
        }
        assert_eq!(lenient(&ep, text), exd6, "{text}");
    }
    let start = Position::default();
    let nf3 = lenient(&start, "Nf3");
    for text in ["Ng1f3", "Ng1-f3", "N:f3", "Nf3+", "Nf3#", "Nf3 !", "♘f3", "g1f3", "Ngf3", "N1f3", "Nf3 (=)"] {
        if text == "N:f3" {
            continue; // f3 is empty: a capture sign there is an error, tested below
        }
        assert_eq!(lenient(&start, text), nf3, "{text}");
    }
    let read = parse_move(&start, "Ng1-f3", &MoveReadOptions::default()).unwrap();
    assert!(read.normalised.contains(Normalised::OVERSPECIFIED));
    assert_eq!(parse_move(&start, "N:f3", &MoveReadOptions::default()).unwrap_err().code(), "move.nothing-to-capture");
    let capture = position("4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1", None);
    for text in ["Nxf3", "N:f3", "N×f3", "Nf3", "Ng1xf3", "Ng1:f3"] {
        assert_eq!(lenient(&capture, text).to_string(), "g1f3", "{text}");
    }
    for text in ["--", "Z0", "0000"] {
        assert!(lenient(&start, text).is_null(), "{text}");
    }
    assert!(parse_move(&start, "Nf3", &MoveReadOptions::strict(MoveStyle::San, Letters::ENGLISH)).is_ok());
    let err = parse_move(&start, "Ng1f3", &MoveReadOptions::strict(MoveStyle::San, Letters::ENGLISH)).unwrap_err();
    assert_eq!(err.code(), "move.not-canonical");
    assert_eq!(err.to_string(), "'Ng1f3' is not canonical SAN: write Nf3");
}

#[test]
fn letters_are_read_in_the_language_told() {
    let start = Position::default();
    for lang in Language::ALL {
        let letters = Letters::language(lang);
        let knight = lang.letters().chars().nth(1).unwrap();
        let m = parse_move(&start, &format!("{knight}f3"), &MoveReadOptions::with_letters(letters)).unwrap().mv;
        assert_eq!(m.to_string(), "g1f3", "{lang}");
    }
    // B is a bishop in English and a pawn in German.
    let de = MoveReadOptions::with_letters(Letters::language(Language::De));
    assert_eq!(parse_move(&start, "Be2-e4", &de).unwrap().mv.to_string(), "e2e4");
    assert!(parse_move(&start, "Be2-e4", &MoveReadOptions::default()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn reader_never_panics_on_random_text(text in "\\PC{0,16}") {
        let _ = parse_move(&Position::default(), &text, &MoveReadOptions::default());
    }

    #[test]
    fn reader_never_panics_on_move_like_text(text in "[NBRQKOPSLTDa-jx:×=+#!?()/0-9 .–-]{0,12}") {
        let p = position("r3k2r/pP2pppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1", None);
        for letters in [Letters::ENGLISH, Letters::language(Language::De), Letters::FIGURINES] {
            let _ = parse_move(&p, &text, &MoveReadOptions::with_letters(letters));
        }
    }
}

/// A piece move read from its piece and destination alone (`Nf3`, `Axe5`) is the only legal move of its kind of
/// piece there: the writer's disambiguation (checked against python-chess elsewhere) says it shows no origin, and
/// writing it told so (`write_move_unsigned_into` with `Disambiguation::None`, then `write_move_sign_into` from
/// the position after it) gives the text `write_move` gives. Texts that name two pieces' moves are refused.
#[test]
fn a_move_read_from_piece_and_destination_alone_needs_no_disambiguation() {
    use forsyth::notation::Disambiguation;
    use forsyth::notation::disambiguation::disambiguation;
    use forsyth::notation::read::names_destination_only;
    use forsyth::notation::styles::{write_move_sign_into, write_move_unsigned_into};
    let (mut unique, mut refused) = (0, 0);
    for (variant, seed) in [(Variant::Standard, 5), (Variant::Chess960, 6), (Variant::Capablanca, 7)] {
        for pos in random_positions(variant, 12, seed) {
            for m in pos.legal_moves() {
                let role = pos.piece_at(m.from()).unwrap().role;
                if m.is_castle() || role == forsyth::Role::Pawn {
                    continue;
                }
                let capture = if pos.piece_at(m.to()).is_some() { "x" } else { "" };
                let letter = Letters::ENGLISH.letter(role, variant);
                let text = format!("{letter}{capture}{}", m.to());
                assert!(names_destination_only(&text), "{text}");
                let Ok(read) = parse_move(&pos, &text, &MoveReadOptions::default()) else {
                    refused += 1;
                    continue;
                };
                assert_eq!(read.mv, m, "{} {text}", Fen::from_position(&pos));
                assert_eq!(disambiguation(&pos, m, role), Disambiguation::None, "{} {text}", Fen::from_position(&pos));
                for style in [MoveStyle::San, MoveStyle::Fide] {
                    let options = MoveWriteOptions::new(style);
                    let mut told = String::new();
                    write_move_unsigned_into(&pos, m, &options, Some(Disambiguation::None), &mut told);
                    let mut after = pos;
                    after.play_unchecked(m);
                    write_move_sign_into(m, &after, &options, &mut told);
                    assert_eq!(told, write_move(&pos, m, &options));
                }
                unique += 1;
            }
        }
    }
    assert!(unique > 1000 && refused > 10, "{unique} read, {refused} refused as ambiguous");
}

/// Whole games written and read back, the way a user round-trips a file (`pgn convert --lang de --notation fide`,
/// then `--input-lang de`), in every style and language with every writer option.
mod whole_games {
    use super::*;
    use forsyth::notation::score::{move_texts, translate};
    use forsyth::pgn::{Annotation, Game, Line, Node, PgnReadOptions, PgnWriteOptions, write_game};

    /// A move of `pos` picked by `choice`, biased toward the moves whose text has the most parts: an en-passant
    /// capture whenever one is legal (so that one giving check comes up), else, one time in two, a promotion,
    /// castling, a capture or a move giving check, else any.
    fn pick(pos: &Position, moves: &[Move], choice: u16) -> Move {
        if let Some(&ep) = moves.iter().find(|m| m.is_en_passant()) {
            return ep;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                m.promotion_role().is_some()
                    || m.is_castle()
                    || pos.is_occupied(m.to())
                    || pos.after(m).is_ok_and(|after| after.is_check())
            })
            .collect();
        let choice = usize::from(choice);
        if choice % 2 == 0 && !special.is_empty() {
            special[choice / 2 % special.len()]
        } else {
            moves[choice / 2 % moves.len()]
        }
    }

    /// A random game of `variant` from its start (a Chess960 array picked by `array`), one move per choice, with a
    /// NAG after some moves and, after others, a variation of another legal move.
    fn random_game(variant: Variant, array: u16, choices: &[u16]) -> Game {
        let setup = match variant {
            Variant::Chess960 => forsyth::start::chess960_setup(array % 960),
            Variant::Crc => forsyth::start::crc_setup(array % 960),
            _ => None,
        };
        let start =
            setup.and_then(|s| Position::from_setup(&s, variant).ok()).unwrap_or_else(|| Position::new(variant));
        let mut pos = start;
        let mut nodes = Vec::new();
        for &choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = pick(&pos, &moves, choice);
            let mut annotations = Vec::new();
            if choice % 7 == 3 {
                annotations.push(Annotation::Nag(1 + (choice / 7 % 6) as u8));
            }
            let other = moves[usize::from(choice) / 3 % moves.len()];
            if choice % 11 == 5 && other != mv {
                let alternative = Node { mv: other, annotations: Vec::new() };
                annotations.push(Annotation::Variation(Line { intro: Vec::new(), nodes: vec![alternative] }));
            }
            nodes.push(Node { mv, annotations });
            pos.play_unchecked(mv);
        }
        Game { tags: Vec::new(), escapes: Vec::new(), start, moves: Line { intro: Vec::new(), nodes }, result: None }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(384))]

        /// Every move the writer writes reads back to the same move: as one move (strictly in its style, and
        /// leniently), in a whole game written as PGN and read by the PGN reader (moves, NAGs, variations), and in a
        /// numbered move list (`translate`, what `forsyth translate` writes) cut into moves and read again.
        #[test]
        fn every_move_written_in_a_game_reads_back_in_every_style_and_language(
            variant in 0..Variant::ALL.len(),
            array in any::<u16>(),
            choices in prop::collection::vec(any::<u16>(), 1..160),
            style in 0..MoveStyle::ALL.len(),
            letters in 0..all_letters().len(),
            double_plus_mate in any::<bool>(),
            capture in prop::sample::select(vec![None, Some('x'), Some(':'), Some('×')]),
            chess960_uci in any::<bool>(),
        ) {
            let variant = Variant::ALL[variant];
            // The letter sets whose letters do not clash with the variant's pieces.
            let fitting: Vec<Letters> = all_letters().into_iter().filter(|l| l.check(variant).is_ok()).collect();
            let letters = fitting[letters % fitting.len()];
            let style = MoveStyle::ALL[style];
            let write = MoveWriteOptions { capture, double_plus_mate, chess960_uci, ..MoveWriteOptions::new(style).with_letters(letters) };
            let game = random_game(variant, array, &choices);

            // One move at a time.
            let mut pos = game.start;
            for node in &game.moves.nodes {
                let text = write_move(&pos, node.mv, &write);
                let fen = Fen::from_position(&pos);
                let lenient = parse_move(&pos, &text, &MoveReadOptions::with_letters(letters));
                prop_assert_eq!(lenient.map(|r| r.mv), Ok(node.mv), "{} {} {}: '{}'", fen, style, letters, text);
                if write == MoveWriteOptions::new(style).with_letters(letters) {
                    let strict = parse_move(&pos, &text, &MoveReadOptions::strict(style, letters));
                    prop_assert_eq!(strict.map(|r| r.mv), Ok(node.mv), "{} {} {}: '{}'", fen, style, letters, text);
                }
                pos.play_unchecked(node.mv);
            }

            // A whole game in PGN.
            let mut pgn = String::new();
            write_game(&game, &PgnWriteOptions { moves: write, ..PgnWriteOptions::default() }, &mut pgn);
            let read = PgnReadOptions { moves: MoveReadOptions::with_letters(letters), ..PgnReadOptions::default() };
            let games = Game::read_all(&pgn, &read);
            prop_assert_eq!(games.len(), 1, "{}", pgn);
            let back = games[0].as_ref().map_err(|e| TestCaseError::fail(format!("{e}\n{pgn}")))?;
            prop_assert_eq!(back.start, game.start, "{}", pgn);
            prop_assert_eq!(&back.moves, &game.moves, "{}", pgn);

            // A numbered move list, with the assessment signs of the NAGs after their moves (`exd6 e.p.+!`).
            let glyphs = ["", "!", "?", "!!", "??", "!?", "?!"];
            let uci: Vec<String> = game
                .moves
                .nodes
                .iter()
                .map(|node| {
                    let glyph = node.annotations.iter().find_map(|a| match a {
                        Annotation::Nag(nag) => Some(glyphs[usize::from(*nag)]),
                        _ => None,
                    });
                    format!("{}{}", node.mv, glyph.unwrap_or(""))
                })
                .collect();
            let written = translate(&mut game.start.clone(), &uci, &MoveReadOptions::default(), &write);
            prop_assert_eq!(&written.error, &None);
            let uci_out = MoveWriteOptions::new(MoveStyle::Uci);
            let texts = move_texts([written.score.as_str()]);
            let back = translate(&mut game.start.clone(), &texts, &MoveReadOptions::with_letters(letters), &uci_out);
            prop_assert_eq!(&back.error, &None, "{}", written.score);
            let moves: Vec<Move> = back.moves.iter().map(|m| m.mv).collect();
            let played: Vec<Move> = game.moves.nodes.iter().map(|n| n.mv).collect();
            prop_assert_eq!(moves, played, "{}", written.score);
        }
    }
}
