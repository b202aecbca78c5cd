//! Selections that do not replay a game, or stop replaying it, once the answer is known select exactly the games
//! that replaying every move selects. The reference is the selection's own full replay
//! (`GameFacts::reading_every_move`), on the corpus and on games with an illegal move added; pgn-extract is the
//! outside reference for the same selections (tests/differential/pgn_extract.sh).

mod common;

use forsyth::pgn::{GameFacts, GameSplitter, PgnReadOptions, Selection, read_game};

/// Whether `game` is selected (read without error and matching), read by `facts`; and whether it was replayed to
/// its end (as many moves as the full reading found).
fn selected(selection: &Selection, facts: GameFacts<'_>, game: &[u8]) -> (bool, u64) {
    let raw = GameSplitter::new(game).next().unwrap().unwrap();
    let mut facts = facts;
    let report = read_game(&raw, &PgnReadOptions::default(), &mut facts);
    (report.error.is_none() && selection.matches(&facts), report.moves)
}

/// The games of a corpus file (at most `limit`), and each again with an unreadable move before its result.
fn games(name: &str, limit: usize) -> Vec<Vec<u8>> {
    let Some(bytes) = common::corpus(name) else { return Vec::new() };
    let mut out = Vec::new();
    for raw in GameSplitter::new(bytes.as_slice()).take(limit) {
        let raw = raw.unwrap();
        let text = String::from_utf8(raw.bytes.to_vec()).unwrap();
        let trimmed = text.trim_end();
        let result_at = trimmed.rfind(char::is_whitespace).map_or(0, |k| k + 1);
        let broken = format!("{} Zz9 {}\n", &trimmed[..result_at], &trimmed[result_at..]);
        out.push(text.into_bytes());
        out.push(broken.into_bytes());
    }
    out
}

/// Every condition selects the same games whether games rejected early are replayed or not.
fn same_selection(conditions: &[&str], games: &[Vec<u8>]) {
    for condition in conditions {
        for selection in [Selection::parse(condition).unwrap(), Selection::parse(condition).unwrap().negated()] {
            let mut kept = 0;
            for game in games {
                let (fast, _) = selected(&selection, selection.facts(), game);
                let (full, _) = selected(&selection, selection.facts().reading_every_move(), game);
                assert_eq!(fast, full, "{condition}: {}", String::from_utf8_lossy(game));
                kept += usize::from(full);
            }
            assert!(kept > 0 || games.is_empty(), "{condition} selects no game: a weak test");
        }
    }
}

#[test]
fn games_rejected_by_their_tags_select_the_same_without_replaying() {
    let conditions = [
        "Result = 1-0",
        "Result = 1-0 and Plies >= 60",
        "Plies >= 60 and Result = 1-0",
        "Result = 1-0 or Plies < 20",
        "not (Result = 0-1 and Plies > 30)",
        "Player =~ \"^Stockfish\"",
        "WhiteElo >= 3500",
        "Date >= 2020.01.01 and Ends = none",
        "Event ~ tcec or material(KQ:KQ)",
        "ECO >= B00 and ECO < B99~ and Plies < 100",
    ];
    let mut all = games("tcec-standard-sample.pgn.zst", 150);
    all.extend(games("openings-books.pgn.zst", 1500));
    same_selection(&conditions, &all);
}

#[test]
fn a_game_rejected_by_its_tags_is_not_replayed_unless_asked() {
    let selection = Selection::parse("Result = 1-0 and Plies > 2").unwrap();
    let game = b"[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Qh4 0-1\n";
    let raw = GameSplitter::new(&game[..]).next().unwrap().unwrap();
    let report = read_game(&raw, &PgnReadOptions::default(), &mut selection.facts());
    assert_eq!((report.error, report.moves), (None, 4));
    let report = read_game(&raw, &PgnReadOptions::default(), &mut selection.facts().reading_every_move());
    assert_eq!(report.error.map(|e| (e.kind.code(), e.ply)), Some(("illegal-move", Some(3))));
    // Selected by its tags, the game is replayed and its illegal move is an error.
    let selection = Selection::parse("Result = 0-1 or Plies > 2").unwrap();
    assert!(read_game(&raw, &PgnReadOptions::default(), &mut selection.facts()).error.is_some());
}
