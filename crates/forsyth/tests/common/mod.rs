//! Helpers shared by the integration tests (`mod common;`): positions from FEN text and seeded random games.
#![allow(dead_code)] // each test file uses its own part

use std::ops::Range;

use fastrand::Rng;
use forsyth::notation::fen::Fen;
use forsyth::{Move, Position, Variant};

/// The position of `fen` in `variant` (or the variant the FEN implies); the FEN must be a legal position.
pub fn position(fen: &str, variant: Option<Variant>) -> Position {
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    parsed.position(variant).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The start of a random game of `variant`: a Chess960 array drawn from `rng`, else the variant's own start.
pub fn random_start(variant: Variant, rng: &mut Rng) -> Position {
    match variant {
        Variant::Chess960 => {
            let setup = forsyth::start::chess960_setup(rng.u16(0..960)).unwrap();
            Position::from_setup(&setup, Variant::Chess960).unwrap()
        }
        v => Position::new(v),
    }
}

/// The positions of a random game from `start`, each before the move `choose` picks in it, up to a mate or
/// stalemate. The move is drawn as its position is taken, so a game cut after n positions has drawn n moves.
pub fn random_game<'r>(
    start: Position,
    rng: &'r mut Rng,
    mut choose: impl FnMut(&mut Rng, &[Move]) -> Move + 'r,
) -> impl Iterator<Item = Position> + 'r {
    std::iter::successors(Some(start), move |pos| {
        let moves = pos.legal_moves();
        (!moves.is_empty()).then(|| {
            let mut next = *pos;
            next.play_unchecked(choose(rng, &moves));
            next
        })
    })
}

/// Any of the legal moves, each as likely.
pub fn any_move(rng: &mut Rng, moves: &[Move]) -> Move {
    moves[rng.usize(0..moves.len())]
}

/// Every position of `games` seeded random games of `variant`, each as many plies long as drawn from `plies`
/// (fewer at a mate or stalemate), with moves chosen by [`any_move`].
pub fn random_positions(variant: Variant, games: usize, seed: u64, plies: Range<usize>) -> Vec<Position> {
    let mut rng = Rng::with_seed(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let start = random_start(variant, &mut rng);
        let length = rng.usize(plies.clone());
        out.extend(random_game(start, &mut rng, any_move).take(length));
    }
    out
}

/// A corpus file (`../shared/corpus/` beside the repository, or `$FORSYTH_CORPUS`), unpacked; `None` with a
/// message when this checkout has no corpus beside it.
pub fn corpus(name: &str) -> Option<Vec<u8>> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut candidates: Vec<String> = std::env::var("FORSYTH_CORPUS").into_iter().collect();
    candidates.extend([format!("{root}/../shared/corpus"), format!("{root}/../../shared/corpus")]);
    let Some(path) = candidates.iter().map(|dir| format!("{dir}/{name}")).find(|p| std::path::Path::new(p).exists())
    else {
        eprintln!("skipped: corpus file {name} not found (set FORSYTH_CORPUS to the corpus directory)");
        return None;
    };
    let compressed = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Some(zstd::decode_all(compressed.as_slice()).unwrap())
}

/// A move of a general position as Popeye writes it without its piece code and check sign: `e2-e4`, `d4*c5`,
/// `d4*c5-b6` (the locust captures on c5), `b7*c8=EQ` (the promotion in the Popeye code of `language`), `0-0`.
pub fn popeye_form(
    pos: &forsyth::general::GeneralPosition,
    mv: forsyth::general::GeneralMove,
    language: forsyth::piece_kind::PopeyeLanguage,
) -> String {
    let grid = pos.grid();
    if let Some(rook) = mv.castle_rook {
        return if grid.file_of(rook) > grid.file_of(mv.from) { "0-0" } else { "0-0-0" }.to_string();
    }
    let (from, to) = (grid.name(mv.from), grid.name(mv.to));
    let mut text = match mv.capture {
        None => format!("{from}-{to}"),
        Some(c) if c == mv.to || mv.en_passant => format!("{from}*{to}"),
        Some(c) => format!("{from}*{}-{to}", grid.name(c)),
    };
    if let Some(kind) = mv.promotion {
        let entry = pos.table().kind(kind as usize).catalogue_entry().expect("promotions are catalogue pieces");
        text.push('=');
        text.push_str(entry.popeye_code(language));
    }
    text
}

/// The piece table of the Fairy-Stockfish differential tests: the letters `tests/differential/pyffish_fairy.py`
/// and `pattern_fairy.py` (repository root) give their custom pieces, declared by forsyth name (the scripts define
/// them in Betza notation).
pub fn pyffish_fairy_pieces() -> forsyth::piece_kind::PieceTable {
    let mut table = forsyth::piece_kind::PieceTable::new();
    for declaration in
        ["G=grasshopper", "Y=nightrider", "L=camel", "Z=zebra", "W=pao", "V=vao", "O=leo", "I=lion", "M=mao"]
    {
        table.declare_text(declaration).unwrap();
    }
    table
}
