//! PGN of 10×8 games made by forsyth alone: a game built from a start position and random legal moves, without
//! tags, is written with the `Variant` tag of its variant (and `SetUp`/`FEN` when the start is not the variant's
//! own), and reads back to the same start and moves. Independent SAN from Fairy-Stockfish is checked in
//! `differential_pyffish.rs`.

use forsyth::pgn::{Game, Line, Node, PgnReadOptions, PgnWriteOptions, write_game};
use forsyth::{Position, Variant, start};

/// A small deterministic generator (xorshift), so that the games are the same on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_game(start: Position, plies: usize, random: &mut Random) -> Game {
    let mut pos = start;
    let mut nodes = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[random.below(moves.len())];
        pos.play(mv).unwrap();
        nodes.push(Node { mv, annotations: Vec::new() });
    }
    Game { tags: Vec::new(), escapes: Vec::new(), start, moves: Line { intro: Vec::new(), nodes }, result: None }
}

#[test]
fn forsyth_games_written_and_read_back() {
    let mut random = Random(0x5EED_0006);
    for variant in [Variant::Capablanca, Variant::Crc, Variant::Gothic, Variant::Janus, Variant::Embassy] {
        for game_number in 0..4 {
            let start = if variant == Variant::Crc {
                let n = (0..48_000u16)
                    .cycle()
                    .skip(random.below(48_000))
                    .find(|&n| start::crc_array(n).is_some_and(|a| start::crc_is_valid(&a)))
                    .unwrap();
                Position::from_setup(&start::crc_setup(n).unwrap(), Variant::Crc).unwrap()
            } else {
                Position::new(variant)
            };
            let game = random_game(start, 60 + game_number * 20, &mut random);
            let mut text = String::new();
            write_game(&game, &PgnWriteOptions::default(), &mut text);
            assert!(text.contains(&format!("[Variant \"{}\"]", variant.pgn_name())), "{text}");
            assert_eq!(text.contains("[SetUp \"1\"]"), variant == Variant::Crc, "{text}");
            let read =
                Game::read_all(&text, &PgnReadOptions::default()).pop().unwrap().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(read.start, game.start, "{text}");
            assert_eq!(read.moves, game.moves, "{text}");
        }
    }
}
