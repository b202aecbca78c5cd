//! PGN reading and writing: the seeds' games, every kind of dirt real files hold, the corpus, and the
//! write/read fixed point.

mod common;

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::read::MoveReadOptions;
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
use forsyth::pgn::{
    Annotation, Encoding, ErrorKind, Game, GameBuilder, GameResult, GameSplitter, Line, MAX_GAME_BYTES, PgnError,
    PgnReadOptions, PgnWriteOptions, Reader, SEVEN_TAG_ROSTER, Validate, Visitor, read_game, write_game,
};
use forsyth::uci::write_uci;
use forsyth::{Move, Position, Variant};

mod invariants;

/// X-FEN's game, as the seed prints it (its castling uses an en dash).
const XFEN_CHESS960_GAME: &str = "[Event \"SmirfGUI Computerchess Game\"]
[Site \"CHESSBOX\"]
[Date \"2005.06.19\"]
[Time \"10:22:29\"]
[Round \"Test\"]
[White \"White\"]
[Black \"Black\"]
[Result \"*\"]
[Annotator \"R. Scharnagl\"]
[SetUp \"1\"]
[FEN \"rnbnkqrb/pppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w KQkq - 0 1\"]
1. h4 g6 2. g3 Bf6 3. a4 Qh6 4. Ra3 Bxh4 
5. gxh4 Qxh4 6. Qh3 Qxh3 7. Rxh3 Ne6 8. Bf3 d6
9. Nbc3 Ng5 10. Rhh1 Bf5 11. 0\u{2013}0 *
";

/// The FIDE Laws' sample game (FIDE Laws, Appendix E), German letters, with its draw offer.
const FIDE_SAMPLE_GAME: &str = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6 8.De3+ Le7 9.Sbd2 0-0 \
                        10.0-0-0 Te8 11.Kb1 (=)";

fn read_all(text: &str) -> Vec<Result<Game, PgnError>> {
    Game::read_all(text, &PgnReadOptions::default())
}

fn one(text: &str) -> Game {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "expected one game in {text:?}");
    games.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str) -> PgnError {
    let games = read_all(text);
    games.into_iter().find_map(Result::err).unwrap_or_else(|| panic!("no error in {text:?}"))
}

fn write(game: &Game, options: &PgnWriteOptions) -> String {
    let mut out = String::new();
    write_game(game, options, &mut out);
    out
}

fn german() -> PgnReadOptions {
    PgnReadOptions {
        moves: MoveReadOptions::with_letters(Letters::language(Language::De)),
        ..PgnReadOptions::default()
    }
}

/// Records the position before every main-line move.
#[derive(Default)]
struct Positions {
    before: Vec<Position>,
    depth: usize,
}

impl Visitor for Positions {
    fn play(&mut self, before: &Position, _mv: Move) {
        if self.depth == 0 {
            self.before.push(*before);
        }
    }
    fn begin_variation(&mut self) {
        self.depth += 1;
    }
    fn end_variation(&mut self) {
        self.depth -= 1;
    }
}

/// `text` with its runs of white space made one space, and none at either end (comments compared across readers
/// that keep line breaks differently).
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The FEN of `pos` with an en passant square only where a capture there is legal, as chess.js, scalachess and
/// python-chess's `epd()` write it.
fn fen_legal_ep(pos: &Position) -> String {
    Fen::from_position_with(pos, EpMode::Legal).to_string()
}

fn main_line_uci(game: &Game) -> Vec<String> {
    let mut pos = game.start;
    game.moves
        .nodes
        .iter()
        .map(|node| {
            let text = write_uci(&pos, node.mv, false);
            pos.play_unchecked(node.mv);
            text
        })
        .collect()
}

#[test]
fn xfen_game_position_before_castling_is_its_xfen() {
    let raw = GameSplitter::new(XFEN_CHESS960_GAME.as_bytes()).next().unwrap().unwrap();
    let mut positions = Positions::default();
    let report = read_game(&raw, &PgnReadOptions::default(), &mut positions);
    assert_eq!(report.error, None);
    assert_eq!(report.moves, 21);
    let before_castling = positions.before[20];
    assert_eq!(before_castling.variant(), Variant::Chess960, "a FEN whose castling needs Chess960 implies Chess960");
    assert_eq!(
        Fen::from_position(&before_castling).to_string(),
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11"
    );
    let game = one(XFEN_CHESS960_GAME);
    assert_eq!(game.result, Some(GameResult::Unknown));
    let castle = game.moves.nodes[20].mv;
    assert!(castle.is_castle());
    assert_eq!(castle.to().to_string(), "g1", "castles with the inner rook on g1");
}

#[test]
fn chess960_variant_tag_spellings() {
    let fen = "rnbnkqrb/pppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w KQkq - 0 1";
    for name in ["Chess960", "chess 960", "Fischerandom", "fischerandom", "Fischerrandom", "FRC"] {
        let game = one(&format!("[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. h4 *\n"));
        assert_eq!(game.start.variant(), Variant::Chess960, "{name}");
    }
    let e = error("[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
    assert_eq!(e.kind, ErrorKind::UnknownVariant);
}

#[test]
fn lichess_from_position_games_are_standard_chess_from_their_fen() {
    // lichess exports a game from a set-up position with `[Variant "From Position"]` and the position's FEN.
    let fen = "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1";
    let game = one(&format!("[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. O-O Kd7 *\n"));
    assert_eq!(game.start.variant(), Variant::Standard);
    assert_eq!(Fen::from_position(&game.start).to_string(), fen);
    assert_eq!(main_line_uci(&game), ["e1g1", "e8d7"]);
    // Chess960 castling rights in the FEN make it Chess960, as under a `Standard` tag.
    let shredder = "rnbnkqrb/pppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w GAga - 0 1";
    let game = one(&format!("[Variant \"From Position\"]\n[FEN \"{shredder}\"]\n\n1. h4 *\n"));
    assert_eq!(game.start.variant(), Variant::Chess960);
}

#[test]
fn fide_appendix_german_game_converts_to_english_and_back() {
    let game = Game::read_all(FIDE_SAMPLE_GAME, &german()).remove(0).unwrap();
    assert_eq!(game.moves.nodes.len(), 21);
    assert!(game.moves.nodes[10].mv.is_en_passant(), "6.exd6 e.p.");
    assert_eq!(game.moves.nodes[20].annotations, vec![Annotation::DrawOffer], "the draw offer (=) is kept");

    // English SAN, checked move by move against shakmaty's SAN writer.
    let english = write(&game, &PgnWriteOptions::default());
    let mut sk = shakmaty::Chess::default();
    let mut expected = Vec::new();
    for uci in main_line_uci(&game) {
        let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&sk).unwrap();
        expected.push(shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut sk, m).to_string());
    }
    let movetext: Vec<&str> = english
        .lines()
        .skip_while(|l| !l.is_empty())
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.') && *t != "(=)" && *t != "*")
        .collect();
    assert_eq!(movetext, expected);
    assert!(english.contains("11. Kb1 (=) *"), "{english}");

    // And back to German FIDE notation: the seed's moves again.
    let back = Game::read_all(&english, &PgnReadOptions::default()).remove(0).unwrap();
    assert_eq!(back.moves, game.moves);
    let fide = PgnWriteOptions {
        moves: MoveWriteOptions::new(MoveStyle::Fide).with_letters(Letters::language(Language::De)),
        ..PgnWriteOptions::default()
    };
    let german_text = write(&back, &fide);
    let without_number = |t: &'static str| match t.find('.') {
        Some(dot) if t[..dot].bytes().all(|b| b.is_ascii_digit()) && dot > 0 => &t[dot + 1..],
        _ => t,
    };
    let sample_moves: Vec<&str> = FIDE_SAMPLE_GAME.split_whitespace().map(without_number).collect();
    let written: Vec<&str> = german_text
        .lines()
        .skip_while(|l| !l.is_empty())
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.') || *t == "e.p.")
        .filter(|t| *t != "*")
        .collect();
    assert_eq!(written, sample_moves);
}

#[test]
fn tags_with_escapes_survive_the_round_trip() {
    let game = one("[Event \"The \\\"Immortal\\\" \\\\ game\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n");
    assert_eq!(game.tag("Event"), Some("The \"Immortal\" \\ game"));
    let text = write(&game, &PgnWriteOptions::default());
    assert!(text.starts_with("[Event \"The \\\"Immortal\\\" \\\\ game\"]\n[Site \"?\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n"), "{text}");
}

#[test]
fn comments_of_both_kinds_escapes_nags_and_glyphs_are_kept() {
    let text = "%escape line\n[Event \"e\"]\n{before} 1. e4! $14 {brace} e5 ; rest of line\n2. Nf3 !? $1 *\n";
    let game = one(text);
    assert_eq!(game.escapes, vec!["escape line"]);
    assert_eq!(game.moves.intro, vec![Annotation::Comment("before".into())]);
    let e4 = &game.moves.nodes[0].annotations;
    assert_eq!(e4, &vec![Annotation::Nag(1), Annotation::Nag(14), Annotation::Comment("brace".into())]);
    assert_eq!(game.moves.nodes[1].annotations, vec![Annotation::Comment("rest of line".into())]);
    assert_eq!(game.moves.nodes[2].annotations, vec![Annotation::Nag(5), Annotation::Nag(1)]);
    let written = write(&game, &PgnWriteOptions::default());
    assert!(written.starts_with("%escape line\n[Event \"e\"]\n"), "{written}");
    assert!(written.contains("{before} 1. e4 $1 $14 {brace} 1... e5 {rest of line} 2. Nf3 $5 $1 *"), "{written}");
    let bare = PgnWriteOptions { comments: false, nags: false, ..PgnWriteOptions::default() };
    assert!(write(&game, &bare).contains("\n1. e4 e5 2. Nf3 *\n"));
    // An escape line in the movetext, also where carriage returns begin its line (`\n\r`, as some old files end
    // lines): the splitter and the reader both see it at a line start.
    for text in ["1. e4\n%x\n e5 *\n", "1. e4\r\n%x\r\n e5 *\n", "1. e4\n\r%x\n e5 *\n", "1. e4\n\r\r%x\n e5 *\n"] {
        let games = read_every_way(text);
        assert_eq!(games.len(), 1, "{text:?}");
        let game = games[0].as_ref().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!((game.escapes.as_slice(), game.moves.nodes.len()), (&["x".to_string()][..], 2), "{text:?}");
    }
}

#[test]
fn nested_variations_and_move_numbers() {
    let game = one("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *");
    let variations: Vec<&Line> = game.moves.nodes[1]
        .annotations
        .iter()
        .filter_map(|a| if let Annotation::Variation(l) = a { Some(l) } else { None })
        .collect();
    assert_eq!(variations.len(), 2);
    assert_eq!(variations[0].nodes.len(), 3);
    let written = write(&game, &PgnWriteOptions::default());
    assert!(written.contains("\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *\n"), "{written}");
    let no_variations = PgnWriteOptions { variations: false, ..PgnWriteOptions::default() };
    assert!(write(&game, &no_variations).contains("\n1. e4 e5 2. Nf3 *\n"));
}

#[test]
fn every_result_form() {
    for (text, result) in [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("½-½", GameResult::Draw),
        ("*", GameResult::Unknown),
    ] {
        assert_eq!(one(&format!("1. e4 e5 {text}")).result, Some(result), "{text}");
    }
    // Missing: the game still reads, and the writer ends it with the Result tag or '*'.
    let game = one("[Result \"0-1\"]\n\n1. e4 e5\n");
    assert_eq!(game.result, None);
    assert!(write(&game, &PgnWriteOptions::default()).ends_with("1. e4 e5 0-1\n\n"));
}

#[test]
fn games_without_tags_missing_results_and_tag_only_games_split_correctly() {
    // A game of tags only ends at two blank lines (one may stand between the tags of a game).
    let text = "1. e4 e5 1-0\n1. d4 d5 *\n[Event \"no moves\"]\n[Result \"?\"]\n\n\n[Event \"next\"]\n1. c4\n\n[Event \"last\"]\n1. Nf3 *";
    let games = read_all(text);
    assert_eq!(games.len(), 5);
    let games: Vec<Game> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games[2].tag("Event"), Some("no moves"));
    assert!(games[2].moves.nodes.is_empty());
    assert_eq!(games[3].moves.nodes.len(), 1);
    assert_eq!(games[3].result, None);
}

#[test]
fn null_moves_bom_crlf_and_blank_lines_in_movetext() {
    let text = "\u{feff}[Event \"x\"]\r\n\r\n1. e4 -- 2. d4\r\n\r\n Z0 3. Nf3 *\r\n";
    let game = one(text);
    assert_eq!(game.tag("Event"), Some("x"));
    assert_eq!(game.moves.nodes.len(), 5);
    assert!(game.moves.nodes[1].mv.is_null() && game.moves.nodes[3].mv.is_null());
    assert!(write(&game, &PgnWriteOptions::default()).contains("1. e4 -- 2. d4 -- 3. Nf3 *"));
    // A null move is no escape from check.
    let e = error("1. e4 f5 2. Qh5+ -- *");
    assert_eq!((e.kind, e.ply), (ErrorKind::IllegalMove, Some(4)));
}

#[test]
fn latin1_is_detected_and_can_be_forced() {
    let mut bytes = b"[White \"M\xfcller\"]\n\n1. e4 \xbd-\xbd\n".to_vec();
    let raw = GameSplitter::new(bytes.as_slice()).next().unwrap().unwrap();
    let mut builder = GameBuilder::default();
    assert_eq!(read_game(&raw, &PgnReadOptions::default(), &mut builder).error, None);
    let game = builder.finish();
    assert_eq!(game.tag("White"), Some("Müller"));
    assert_eq!(game.result, Some(GameResult::Draw));
    let strict = PgnReadOptions { encoding: Encoding::Utf8, ..PgnReadOptions::default() };
    let e = read_game(&raw, &strict, &mut Validate).error.unwrap();
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::Encoding, 1, 10));
    // Valid UTF-8 read as Latin-1 gives the Latin-1 characters, as asked.
    bytes = "[White \"Müller\"]\n1. e4 *".as_bytes().to_vec();
    let raw = GameSplitter::new(bytes.as_slice()).next().unwrap().unwrap();
    let mut builder = GameBuilder::default();
    let latin1 = PgnReadOptions { encoding: Encoding::Latin1, ..PgnReadOptions::default() };
    read_game(&raw, &latin1, &mut builder);
    assert_eq!(builder.finish().tag("White"), Some("MÃ¼ller"));
}

#[test]
fn errors_say_where_what_and_the_position_before() {
    let text = "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bxf7 Nf6 *\n";
    let e = error(text);
    assert_eq!(e.game, 2);
    assert_eq!((e.line, e.column), (8, 14));
    assert_eq!(e.ply, Some(7));
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.token, "4. Bxf7");
    assert_eq!(e.fen.as_deref(), Some("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"));
    let shown = e.to_string();
    assert!(shown.starts_with("8:14: game 2, ply 7 '4. Bxf7': "), "{shown}");
    assert!(shown.contains("[illegal-move]"), "{shown}");
}

#[test]
fn a_broken_game_never_stops_the_rest_of_the_file() {
    let text = "1. e4 e5 2. Ke3 *\n\n1. d4 {unclosed *\n\n[Event \"ok\"]\n1. c4 *\n";
    let games = read_all(text);
    // The unclosed comment swallows up to the next tag section, which is still read.
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap_err().kind, ErrorKind::IllegalMove);
    assert_eq!(games[1].as_ref().unwrap_err().kind, ErrorKind::UnclosedComment);
    assert_eq!(games[2].as_ref().unwrap().tag("Event"), Some("ok"));
}

#[test]
fn keep_broken_keeps_the_game_up_to_the_error_and_the_rest_as_a_comment() {
    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let game = Game::read_all("1. e4 e5 2. Ke3 Nc6 {x} 3. Nf3 1-0", &options).remove(0).unwrap();
    assert_eq!(game.moves.nodes.len(), 2);
    assert_eq!(
        game.moves.nodes[1].annotations,
        vec![Annotation::Comment("forsyth: not read after the error: Ke3 Nc6 <x> 3. Nf3 1-0".into())]
    );
}

#[test]
fn an_error_of_the_start_tags_is_placed_at_the_tag_and_keep_broken_keeps_its_value() {
    // The error points at the tag pair to correct, as the warning of a repaired FEN tag does.
    let fen = "8/8/8/8/8/8/8/4K3 w - - 0 1";
    let e = error(&format!("[Event \"x\"]\n[SetUp \"1\"]\n [FEN \"{fen}\"]\n\n1. e4 *\n"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::BadFen, 3, 2));
    let e = error("[Event \"x\"]\n[Variant \"Crazyhouse\"]\n[Site \"y\"]\n\n1. e4 *\n");
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::UnknownVariant, 2, 1));
    // The writer writes the tags of the start it has (the standard one here): the refused tag's value is kept
    // with the movetext that was not read.
    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let game = Game::read_all(&format!("[FEN \"{fen}\"]\n\n1. e4 {{x}} *\n"), &options).remove(0).unwrap();
    let kept = format!("forsyth: not read after the error: FEN \"{fen}\" 1. e4 <x> *");
    assert_eq!(game.moves.intro, vec![Annotation::Comment(kept)]);
    let game = Game::read_all("[Variant \"Crazyhouse\"]\n", &options).remove(0).unwrap();
    let kept = "forsyth: not read after the error: Variant \"Crazyhouse\"".to_string();
    assert_eq!(game.moves.intro, vec![Annotation::Comment(kept)]);
}

#[test]
fn old_mac_line_breaks_are_read_as_line_feeds_by_every_reader() {
    // The classic Mac OS ended lines with a carriage return alone: errors are placed on the lines an editor shows,
    // and a game without a result still ends at the blank line before the next one.
    let unix = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 {a\ncomment} a6 4. Bxf7 *\n\n1. d4 d5\n\n1. c4 Ke7 *\n";
    let mac = unix.replace('\n', "\r");
    let placed = |games: Vec<Result<Game, PgnError>>| -> Vec<(u64, u64, u64)> {
        games.into_iter().filter_map(Result::err).map(|e| (e.game, e.line, e.column)).collect()
    };
    let expected = vec![(1, 5, 16), (3, 9, 7)];
    assert_eq!(placed(read_all(unix)), expected);
    assert_eq!(placed(read_all(&mac)), expected);
    for jobs in [1, 2] {
        let reader = Reader::from_bytes(mac.clone().into_bytes()).jobs(jobs).block_bytes(16);
        let games: Vec<_> = reader.games().map(|read| read.unwrap()).collect();
        assert_eq!(games.len(), 3, "jobs {jobs}");
        let errors: Vec<_> =
            games.iter().filter_map(|g| g.error.as_ref()).map(|e| (e.game, e.line, e.column)).collect();
        assert_eq!(errors, expected, "jobs {jobs}");
        // A comment's line break is read as a line feed.
        let comment = &games[0].game.moves.nodes[4].annotations;
        assert_eq!(comment, &vec![Annotation::Comment("a\ncomment".into())], "jobs {jobs}");
    }
}

#[test]
fn no_token_is_dropped_silently() {
    for (text, kind) in [
        ("1. e4 ] e5 *", ErrorKind::UnexpectedCharacter),
        ("1. e4 } e5 *", ErrorKind::UnexpectedCharacter),
        ("1. e4 e5 ) *", ErrorKind::Variation),
        ("1. e4 e5 (1... c5 *", ErrorKind::MisplacedResult),
        ("( 1. e4 ) *", ErrorKind::Variation),
        ("1. e4 $x *", ErrorKind::BadNag),
        ("1. e4 $300 *", ErrorKind::BadNag),
        ("1. e4 hello *", ErrorKind::UnreadableMove),
        ("1. e4 e5 e.p. *", ErrorKind::UnreadableMove),
        ("[Event \"x\" \n1. e4 *", ErrorKind::BadTag),
        // (`[Event x]` is read, with a warning: `a_tag_value_without_quotes_is_read_to_the_bracket_with_a_warning`.)
        ("[Event x\n1. e4 *", ErrorKind::BadTag),
        ("[FEN \"8/8/8\"]\n1. e4 *", ErrorKind::BadFen),
        // Text after a result starts the next game, where it is read (and here refused).
        ("1. e4 e5 1-0 e6", ErrorKind::IllegalMove),
    ] {
        let games = read_all(text);
        let found = games.iter().find_map(|g| g.as_ref().err()).unwrap_or_else(|| panic!("no error for {text:?}"));
        assert_eq!(found.kind, kind, "{text:?}: {found}");
    }
}

/// The en-passant mark in each spelling PGN files hold (FIDE Laws, Appendix C.10, writes `e.p.`) is read after an
/// en-passant capture and refused after any other move; a lone `N`, the novelty glyph, is a NAG (146), while words
/// that only begin like those are moves to read.
#[test]
fn en_passant_marks_and_the_novelty_glyph_are_told_from_moves() {
    for mark in ["e.p.", "ep", "e.p"] {
        let game = one(&format!("1. e4 a6 2. e5 d5 3. exd6 {mark} N cxd6 *"));
        assert_eq!(game.moves.nodes.len(), 6, "{mark}");
        assert!(game.moves.nodes[4].mv.is_en_passant(), "{mark}");
        assert_eq!(game.moves.nodes[4].annotations, [Annotation::Nag(146)], "{mark}");
        // After another move the mark is refused at that move's ply (5, `3. Nf3`), and before any move, at none.
        let e = error(&format!("1. e4 a6 2. e5 d5 3. Nf3 {mark} *"));
        assert_eq!((e.kind, e.ply, e.column), (ErrorKind::UnreadableMove, Some(5), 26), "{mark}: {e}");
        assert!(e.to_string().contains(&format!("'{mark}' follows a move that is not an en-passant capture")), "{e}");
        let e = error(&format!("{mark} 1. e4 *"));
        assert_eq!((e.kind, e.ply, e.column), (ErrorKind::UnreadableMove, None, 1), "{mark}: {e}");
    }
    // `e.g` and `Na` start like a mark and the glyph: read as moves, they are refused as such.
    for word in ["e.g", "Na"] {
        let e = error(&format!("1. e4 {word} *"));
        assert_eq!(
            (e.kind, e.ply, e.token.clone()),
            (ErrorKind::UnreadableMove, Some(2), format!("1... {word}")),
            "{e}"
        );
    }
}

/// The mark written apart after an en-passant capture may carry what ends the move's text: the check or mate sign
/// the writer puts after it (`exd6 e.p.+`, FIDE algebraic and problem notation), an assessment glyph (a NAG on the
/// move) and a draw offer; after another move it is refused as the bare mark is.
#[test]
fn an_en_passant_mark_carries_the_check_sign_and_glyph_of_its_move() {
    let start = "[FEN \"4k3/8/8/8/5p2/8/4PK2/8 w - - 0 1\"]\n\n";
    for (mark, annotations) in [
        ("e.p.+", vec![]),
        ("ep+", vec![]),
        ("e.p+", vec![]),
        ("e.p.+!?", vec![Annotation::Nag(5)]),
        ("e.p.(=)", vec![Annotation::DrawOffer]),
    ] {
        let game = one(&format!("{start}1. e4 fxe3 {mark} 2. Kxe3 *"));
        assert_eq!(game.moves.nodes.len(), 3, "{mark}");
        assert!(game.moves.nodes[1].mv.is_en_passant(), "{mark}");
        assert_eq!(game.moves.nodes[1].annotations, annotations, "{mark}");
        let e = error(&format!("{start}1. e3 fxe3+ {mark} *"));
        assert_eq!((e.kind, e.ply), (ErrorKind::UnreadableMove, Some(2)), "{mark}: {e}");
    }
    // Written in German FIDE algebraic, the game reads back.
    let game = one(&format!("{start}1. e4 fxe3+ *"));
    let fide = PgnWriteOptions {
        moves: MoveWriteOptions::new(MoveStyle::Fide).with_letters(Letters::language(Language::De)),
        ..PgnWriteOptions::default()
    };
    let written = write(&game, &fide);
    assert!(written.contains("1. e4 fxe3 e.p.+ *"), "{written}");
    let back = Game::read_all(&written, &german());
    assert_eq!(back[0].as_ref().unwrap().moves, game.moves, "{written}");
}

#[test]
fn a_stray_character_after_a_tag_name_is_named_where_it_stands() {
    // python-chess's test.py reads `[BlackType: "program"]` as a tag named `BlackType:`; the PGN standard's tag names
    // (§8.1.1) have letters, digits and `_` only, so forsyth refuses it, pointing at the colon.
    let e = error("[BlackType: \"program\"]\n\n1. e4 *\n");
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::BadTag, 1, 11));
    assert!(e.to_string().contains("':' after the tag name BlackType"), "{e}");
    let e = error("[Event]\n\n1. e4 *\n");
    assert!(e.to_string().contains("the tag Event has no quoted value"), "{e}");
}

#[test]
fn escaped_quotes_and_brackets_in_tag_values_on_one_line() {
    // chessops's data/pathological-headers.pgn (github.com/niklasf/chessops), with the values its test expects.
    let game = one(r#"[A "b\""] [B "b\""] [C "A]]"] [D "A]]["] [E "\"A]][\""] [F "\"A]][\"\\"] [G "\"]"]"#);
    let expected = [
        ("A", r#"b""#),
        ("B", r#"b""#),
        ("C", "A]]"),
        ("D", "A]]["),
        ("E", r#""A]][""#),
        ("F", r#""A]]["\"#),
        ("G", r#""]"#),
    ];
    for (name, value) in expected {
        assert_eq!(game.tag(name), Some(value), "{name}");
    }
}

#[test]
fn comment_commands_are_kept_in_comments() {
    let game = one("1. e4 {[%clk 0:03:00] [%eval 0.3] [%csl Ge4][%cal Ge2e4]} e5 {[%emt 0:00:02]} *");
    let Annotation::Comment(text) = &game.moves.nodes[0].annotations[0] else { panic!() };
    let commands: Vec<_> = forsyth::pgn::comment_commands(text).map(|c| c.name).collect();
    assert_eq!(commands, ["clk", "eval", "csl", "cal"]);
    let written = write(&game, &PgnWriteOptions::default());
    assert!(written.contains("{[%clk 0:03:00] [%eval 0.3] [%csl Ge4][%cal Ge2e4]}"), "{written}");
}

#[test]
fn fen_comments_and_other_notations() {
    let game = one("1. e4 e5 2. Nf3 *");
    let fen = PgnWriteOptions { fen_comments: true, ..PgnWriteOptions::default() };
    let text = write(&game, &fen);
    assert!(text.contains("1. e4 {rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1} 1... e5"), "{text}");
    let uci = PgnWriteOptions { moves: MoveWriteOptions::new(MoveStyle::Uci), ..PgnWriteOptions::default() };
    assert!(write(&game, &uci).contains("\n1. e2e4 e7e5 2. g1f3 *\n"));
    let figurines = PgnWriteOptions {
        moves: MoveWriteOptions::default().with_letters(Letters::FIGURINES),
        ..PgnWriteOptions::default()
    };
    let text = write(&game, &figurines);
    assert!(text.contains("2. ♘f3"), "{text}");
    // Every notation reads back as the same game.
    for style in MoveStyle::ALL {
        let options = PgnWriteOptions { moves: MoveWriteOptions::new(style), ..PgnWriteOptions::default() };
        assert_eq!(one(&write(&game, &options)).moves, game.moves, "{style}");
    }
}

#[test]
fn long_movetext_wraps_at_80_characters() {
    let comment = "word ".repeat(60);
    let game = one(&format!(
        "1. e4 {{{comment}}} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *"
    ));
    let text = write(&game, &PgnWriteOptions::default());
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    assert_eq!(game_with_normalised_comments(&one(&text)).moves, game_with_normalised_comments(&game).moves);
}

/// The game with comment whitespace collapsed, as the writer's line breaking leaves it.
fn game_with_normalised_comments(game: &Game) -> Game {
    fn line(l: &Line) -> Line {
        let fix = |a: &Annotation| match a {
            Annotation::Comment(c) if !c.contains('}') => Annotation::Comment(collapsed(c)),
            Annotation::Variation(v) => Annotation::Variation(line(v)),
            other => other.clone(),
        };
        Line {
            intro: l.intro.iter().map(fix).collect(),
            nodes: l
                .nodes
                .iter()
                .map(|n| forsyth::pgn::Node { mv: n.mv, annotations: n.annotations.iter().map(fix).collect() })
                .collect(),
        }
    }
    Game { moves: line(&game.moves), ..game.clone() }
}

/// Every game of a corpus file reads without error; writing, reading and writing again gives the same games and
/// the same bytes.
fn corpus_round_trip(name: &str, expected_games: usize) {
    let Some(bytes) = common::corpus(name) else { return };
    // Read in one pass or cut first, and through a stream's buffer, the file gives the same games.
    let reference = invariants::check_one_pass_reading(&bytes, &PgnReadOptions::default(), 1 << 16);
    // And opened as a file: mapped into memory and read where it lies (its pages handed back every 16 MiB), on one
    // thread and on two.
    let path = std::env::temp_dir().join(format!("forsyth-corpus-{}-{name}.pgn", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    for jobs in [1, 2] {
        let games =
            invariants::games_read(forsyth::pgn::Reader::open(&path).unwrap().jobs(jobs), &PgnReadOptions::default());
        let games = games.unwrap();
        assert_eq!(games.len(), reference.len(), "{name}, opened as a file, {jobs} threads");
        assert!(games == reference, "{name}, opened as a file, {jobs} threads: not the games read from memory");
    }
    std::fs::remove_file(&path).unwrap();
    let mut first = String::new();
    let mut count = 0;
    let mut originals = Vec::new();
    for raw in GameSplitter::new(bytes.as_slice()) {
        let raw = raw.unwrap();
        let mut builder = GameBuilder::default();
        let report = read_game(&raw, &PgnReadOptions::default(), &mut builder);
        assert_eq!(report.error, None, "{name}");
        let game = builder.finish();
        write_game(&game, &PgnWriteOptions::default(), &mut first);
        count += 1;
        if count % 97 == 0 {
            originals.push(game);
        }
    }
    assert_eq!(count, expected_games, "{name}");
    let again: Vec<Game> = Game::read_all(&first, &PgnReadOptions::default()).into_iter().map(Result::unwrap).collect();
    assert_eq!(again.len(), expected_games);
    for (i, original) in originals.iter().enumerate() {
        let reread = game_with_normalised_comments(&again[(i + 1) * 97 - 1]);
        assert_eq!(reread.moves, game_with_normalised_comments(original).moves, "{name}");
    }
    let mut second = String::new();
    for game in &again {
        write_game(game, &PgnWriteOptions::default(), &mut second);
    }
    assert!(first == second, "{name}: writing the games read from forsyth's output changed the bytes");
}

#[test]
fn corpus_tcec_reads_without_error_and_round_trips() {
    corpus_round_trip("tcec-standard-sample.pgn.zst", 2720);
}

#[test]
fn corpus_openings_reads_without_error_and_round_trips() {
    corpus_round_trip("openings-books.pgn.zst", 245_142);
}

/// Read on one thread, a collection's games share the moves of their openings, and a word read in a position before
/// is not resolved again (`pgn::Reader`'s tree of openings). Whatever changes the position or how a word reads must
/// still count: the start position (a Chess960 game from the standard array is not a standard game), another
/// spelling of a move, a word that was legal in another line, a move glued to its number, a German game.
#[test]
fn games_that_share_an_opening_read_as_each_read_alone() {
    let standard = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n";
    let chess960 = "[Variant \"chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n";
    let games = [
        standard,
        "1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. O-O *\n",
        "1. e4 e5 2. Nf3 Nf3 *\n",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.O-O *\n",
        &format!("{chess960}{standard}"),
        "1. d4 d5 2. e4 Nc6 3. Nf3 *\n",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O-O *\n",
        standard,
        // A knight on d2: `Nf3` is ambiguous there, while it was not from the standard start.
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPNPPPP/R1BQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 2. Nf3 *\n",
        // A variation starts from the position before the move it replaces, not from the main line's.
        "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n",
        "1. e4 c5 2. Nf3 e5 3. c4 *\n",
    ]
    .concat();
    let alone = read_all(&games);
    let together: Vec<_> = forsyth::pgn::Reader::new(std::io::Cursor::new(games.clone().into_bytes()))
        .games()
        .map(Result::unwrap)
        .collect();
    assert_eq!(together.len(), alone.len());
    for (one, alone) in together.iter().zip(&alone) {
        match alone {
            Ok(game) => {
                assert_eq!(one.error, None, "game {}", one.number);
                assert_eq!(main_line_uci(&one.game), main_line_uci(game), "game {}", one.number);
            }
            Err(error) => assert_eq!(one.error.as_ref(), Some(error), "game {}", one.number),
        }
    }
    // The Chess960 game starts from the standard array, but not from the standard position: its own tree root.
    assert_ne!(together[4].game.start, together[0].game.start);
    assert_eq!(together[7].game.moves.nodes.len(), 8);
    assert_eq!(together[8].error.as_ref().map(|e| e.ply), Some(Some(3)), "Nf3 is ambiguous");
    assert_eq!(together[9].error, None);
    assert_eq!(together[2].error.as_ref().map(|e| (e.ply, e.token.as_str())), Some((Some(4), "2... Nf3")));
    assert_eq!(together[6].error.as_ref().map(|e| e.ply), Some(Some(7)), "queenside castling is blocked");
    // The same through the German letters: a tree is per reader, and so per language.
    let german_games = games.replace('N', "S").replace('B', "L");
    let german_alone = Game::read_all(&german_games, &german());
    let german_together: Vec<_> = forsyth::pgn::Reader::new(std::io::Cursor::new(german_games.clone().into_bytes()))
        .options(german())
        .games()
        .map(Result::unwrap)
        .collect();
    for (one, alone) in german_together.iter().zip(&german_alone) {
        assert_eq!(one.error.is_none(), alone.is_ok(), "game {}", one.number);
        if let Ok(game) = alone {
            assert_eq!(main_line_uci(&one.game), main_line_uci(game), "game {}", one.number);
        }
    }
}

mod splitting {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The splitter loses no byte, and reading never panics, on any input.
        #[test]
        fn splitting_is_lossless_and_reading_never_panics(bytes in proptest::collection::vec(
            prop_oneof![
                Just(b'['), Just(b']'), Just(b'{'), Just(b'}'), Just(b'('), Just(b')'), Just(b'"'), Just(b'\\'),
                Just(b';'), Just(b'%'), Just(b'\n'), Just(b' '), Just(b'$'), Just(b'1'), Just(b'-'), Just(b'0'),
                Just(b'*'), Just(b'e'), Just(b'4'), Just(b'.'), Just(0xbd), Just(0xef), Just(0xbb), Just(0xbf),
                any::<u8>()
            ], 0..300)) {
            let games: Vec<_> = GameSplitter::new(bytes.as_slice()).map(Result::unwrap).collect();
            let joined: Vec<u8> = games.iter().flat_map(|g| g.bytes.iter().copied()).collect();
            let trimmed_len = joined.len();
            prop_assert_eq!(&joined[..], &bytes[..trimmed_len]);
            prop_assert!(bytes[trimmed_len..].iter().all(u8::is_ascii_whitespace));
            for raw in &games {
                let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
                let mut builder = GameBuilder::default();
                let _ = read_game(raw, &options, &mut builder);
                let mut out = String::new();
                write_game(&builder.finish(), &PgnWriteOptions::default(), &mut out);
            }
        }

        /// Cutting is the same whatever the reader's buffer size, on any input: a word that runs past the end of a
        /// buffer goes byte by byte, a word inside one is skipped whole, and both must cut in the same places.
        #[test]
        fn cutting_does_not_depend_on_buffer_boundaries_on_any_input(
            words in proptest::collection::vec(
                prop_oneof![
                    Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*"), Just("½-½"), Just("1."), Just("12..."),
                    Just("e4"), Just("Nf3"), Just("O-O"), Just("{"), Just("}"), Just("("), Just(")"), Just("["),
                    Just("]"), Just("[Event \"x\"]"), Just("%"), Just(";"), Just("\n"), Just("\r\n"), Just(" "),
                    Just("$1"), Just("\""), Just("e4{c}"), Just("d5)"), Just("Nf3("), Just("0-0"), Just("10."),
                    Just("\n[A"), Just("{1."), Just("\n\n"), Just("1.e4"), Just("1..."), Just("\u{feff}"),
                    Just("\n\u{feff}"), Just("\u{feff}1-0"), Just("\u{feff}[Event \"x\"]"),
                ],
                0..80,
            ),
            capacity in 1usize..16,
        ) {
            let text = words.concat();
            let whole: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
            let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let small: Vec<_> = GameSplitter::new(reader).map(Result::unwrap).collect();
            prop_assert_eq!(whole, small);
        }

        /// Games lent from the reader's buffer are the games the iterator copies out, whatever the buffer size.
        #[test]
        fn lent_games_equal_copied_games(
            words in proptest::collection::vec(
                prop_oneof![
                    Just("1-0"), Just("*"), Just("1/2-1/2"), Just("1."), Just("e4"), Just("Nf3"), Just("{c}"),
                    Just("{"), Just("}"), Just("("), Just(")"), Just("[Event \"x\"]"), Just("\n"), Just(" "),
                    Just("\n[A"), Just(";x\n"), Just("%e\n"),
                ],
                0..80,
            ),
            capacity in 1usize..40,
        ) {
            let text = words.concat();
            let copied: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
            let mut lent = Vec::new();
            let mut games = GameSplitter::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
            while let Some(game) = games.next_text() {
                let game = game.unwrap();
                lent.push(forsyth::pgn::RawGame {
                    bytes: game.bytes.to_vec(),
                    number: game.number,
                    line: game.line,
                    column: game.column,
                    offset: game.offset,
                    oversized: game.oversized,
                });
            }
            prop_assert_eq!(&copied, &lent);
            // Lent and copied games may be asked for in any mix.
            let mut games = GameSplitter::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
            let mut mixed = Vec::new();
            loop {
                let game = if mixed.len() % 2 == 0 {
                    games.next_text().map(|g| g.map(|g| g.bytes.to_vec()))
                } else {
                    games.next().map(|g| g.map(|g| g.bytes))
                };
                let Some(game) = game else { break };
                mixed.push(game.unwrap());
            }
            prop_assert_eq!(mixed, copied.into_iter().map(|g| g.bytes).collect::<Vec<_>>());
        }

        /// Reading is the same whatever the reader's buffer size.
        #[test]
        fn splitting_does_not_depend_on_buffer_boundaries(capacity in 1usize..64) {
            let text = format!("\u{feff}{XFEN_CHESS960_GAME}\n1. e4 {{a}} ; b\n1-0 {{c}}\n%x\n[Event \"y\"]\n1. d4 ½-½ *");
            let whole: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
            let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let small: Vec<_> = GameSplitter::new(reader).map(Result::unwrap).collect();
            prop_assert_eq!(whole, small);
        }
    }
}

#[test]
fn a_game_kept_past_a_bad_fen_tag_writes_pgn_that_reads_back() {
    // Found by the pgn fuzz target: the kept game starts from the standard position, but its FEN tag was written
    // back as read, so the PGN written could not be read.
    let text = "[FEN \"ppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n";
    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let games = Game::read_all(text, &options);
    let game = games[0].as_ref().unwrap();
    let mut written = String::new();
    write_game(game, &PgnWriteOptions::default(), &mut written);
    assert!(!written.contains("[FEN \"ppppppp/8"), "{written}");
    // The refused value is kept in the comment of what was not read.
    assert!(written.contains("{forsyth: not read after the error: FEN \"ppppppp/8/"), "{written}");
    let again = Game::read_all(&written, &PgnReadOptions::default());
    assert_eq!(again[0].as_ref().unwrap().start, game.start);
}

#[test]
fn a_comment_word_that_looks_like_a_tag_never_starts_a_line_even_after_a_lone_word() {
    // Found by the pgn fuzz target: a long tag-like word after a line holding one word was moved to the start
    // of a line, where the splitter takes it for the next game's tags.
    let comment = format!("\"FIDE [Even{} x", "\"".repeat(90));
    let text = format!("1. e4 {{{}}} *\n", format!("{} ", "w".repeat(70)) + &comment);
    let games = Game::read_all(&text, &PgnReadOptions::default());
    let mut written = String::new();
    write_game(games[0].as_ref().unwrap(), &PgnWriteOptions::default(), &mut written);
    assert!(!written.lines().any(|l| l.starts_with("[Even\"\"")), "{written}");
    assert_eq!(Game::read_all(&written, &PgnReadOptions::default()).len(), 1, "{written}");
}

#[test]
fn a_game_over_the_size_limit_is_oversized_whether_lent_or_copied() {
    // From a slice the whole file is one buffer, so a game of any length lies whole in it; it must still come
    // out as too large, as it does from a file read in pieces.
    let text = format!("1. e4 {{{}}} *\n1. d4 *\n", "x".repeat(MAX_GAME_BYTES));
    let copied: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
    let mut games = GameSplitter::new(text.as_bytes());
    let mut lent = Vec::new();
    while let Some(game) = games.next_text() {
        let game = game.unwrap();
        lent.push((game.bytes.len(), game.number, game.line, game.offset, game.oversized));
    }
    let copied: Vec<_> = copied.iter().map(|g| (g.bytes.len(), g.number, g.line, g.offset, g.oversized)).collect();
    assert_eq!(lent, copied);
    assert_eq!((lent.len(), lent[0].4, lent[1].4), (2, true, false));
    let report = read_game(
        GameSplitter::new(text.as_bytes()).next_text().unwrap().unwrap(),
        &PgnReadOptions::default(),
        &mut Validate,
    );
    assert_eq!(report.error.map(|e| e.kind), Some(ErrorKind::GameTooLarge));
}

#[test]
fn the_game_after_one_over_the_size_limit_keeps_its_start_whatever_the_buffer() {
    // The next game may begin at a place that only a later chunk of the stream decides: a comment after a blank
    // line (if `1.` follows it), a `1` at a chunk's end, a line in an unclosed comment that may be a tag pair. In a
    // game over the size limit, whose text is not kept, the splitter used to lose that start, and the next game
    // with it (merged into the game skipped as too large), where the one-pass reader and a whole buffer found it.
    let big = "x".repeat(MAX_GAME_BYTES + 1000);
    let paragraph = "p ".repeat(300);
    let next_game = "[Event \"three\"]\n\n1. c4 c5 0-1\n";
    let cases = [
        // A paragraph's comment before `1.`.
        format!("[Event \"one\"]\n\n1. e4 {{{big}}} e5\n\n{{{paragraph}}} 1. d4 d5 1-0\n\n{next_game}"),
        // `1.` after a blank line.
        format!("[Event \"one\"]\n\n1. e4 {{{big}}} e5\n\n1. d4 d5 1-0\n\n{next_game}"),
        // A whole tag pair line in a comment never closed.
        format!(
            "[Event \"one\"]\n\n1. e4 {{{big}\n[Event \"two, a long name: {paragraph}\"]\n1. d4 1-0\n\n{next_game}"
        ),
        // A game under the limit, and the next game's paragraph begun in an earlier chunk, whose `1.` stands 30
        // bytes past the limit: the cut used to keep the chunk of the `1.` into the first game, which then passed
        // the limit, and the next game lost the start of that chunk.
        format!(
            "1. e4 {{{}}} e5\n\n{{{paragraph}}} 1. d4 d5 1-0\n\n{next_game}",
            "x".repeat(MAX_GAME_BYTES + 30 - "1. e4 {} e5\n\n{} ".len() - paragraph.len())
        ),
    ];
    for (case, text) in cases.iter().enumerate() {
        for capacity in [64, 4099] {
            let games = invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
            let starts: Vec<_> = games.iter().map(|((bytes, ..), ..)| bytes[..bytes.len().min(12)].to_vec()).collect();
            let errors: Vec<_> = games.iter().map(|(.., report)| report.error.as_ref().map(|e| e.kind)).collect();
            assert_eq!(games.len(), 3, "case {case}, buffer {capacity}: {starts:?}");
            assert_eq!(errors[1..], [None, None], "case {case}, buffer {capacity}");
            let first_too_large = errors[0] == Some(ErrorKind::GameTooLarge);
            assert_eq!(first_too_large, case < 3, "case {case}, buffer {capacity}");
            assert!(games[2].0.0.starts_with(b"[Event \"three"), "case {case}, buffer {capacity}");
        }
    }
}

#[test]
fn an_unclosed_comment_cut_at_a_buffer_end_splits_as_anywhere_else() {
    // Found by `lent_games_equal_copied_games`: when the `[` that ends an unclosed comment was the last byte of
    // the reader's buffer, the line breaks counted before the comment were kept into the next game, and a later
    // `[` was taken for the start of a third game.
    let text = "[Event \"x\"]\n\n{c}{1.\n[A \"1\"]\n[A \"2\"]";
    let whole: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(whole.len(), 2);
    for capacity in 1..text.len() {
        let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let small: Vec<_> = GameSplitter::new(reader).map(Result::unwrap).collect();
        assert_eq!(whole, small, "buffer of {capacity} bytes");
    }
}

/// Every way of reading a file forsyth has (cut first, one pass, blocks, `for_each_game`), checked to agree; the
/// games as the splitter and reader give them.
fn read_every_way(text: &str) -> Vec<Result<Game, PgnError>> {
    for capacity in [1, 7, 64] {
        invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
    }
    read_all(text)
}

#[test]
fn a_line_starting_with_a_bracket_inside_a_comment_does_not_start_a_game() {
    // pychess's testing/gamefiles/annotated.pgn: comments over several lines whose lines start with `[`, read as
    // one game by python-chess.
    let text = "[Event \"\"]\n[Result \"*\"]\n\n{Initial} e4 $1 {on e4} e5! Nf3 {\n[clk 1:05:23 ] comment on move 2. \
                Nf3} ({Initial variation comment for move 2.f4\n['just for fun']\n} 2. f4 d5) 2...Nc6 *\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.moves.nodes.len(), 4);
    assert!(matches!(&game.moves.nodes[2].annotations[0], Annotation::Comment(c) if c.starts_with("[clk 1:05:23 ]")));
}

#[test]
fn an_unclosed_comment_ends_before_a_whole_tag_pair_line_only() {
    let text = "1. e4 {never closed\n[Event \"next\"]\n1. d4 *\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 2);
    let error = games[0].as_ref().unwrap_err();
    assert_eq!((error.kind, error.line, error.column), (ErrorKind::UnclosedComment, 1, 7));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
    // A line that only starts like a tag pair stays in the comment, which goes on to its `}`.
    for line in ["[Event \"next\"] and more", "[Event next]", "[Event", "[1 \"x\"]"] {
        let text = format!("1. e4 {{never closed\n{line}\n1. d4}} e5 *\n");
        let games = read_every_way(&text);
        assert_eq!(games.len(), 1, "{text}");
        assert_eq!(games[0].as_ref().unwrap().moves.nodes.len(), 2, "{text}");
    }
}

#[test]
fn a_tag_pair_may_go_on_to_the_next_line() {
    // pgn-parser's test of white space in tag pairs (`data/pgn-parser-cases.txt`): the PGN standard's import format
    // (§8.1) lets a tag pair span lines, here between its name and its value and before its `]`.
    let text = " \t[White \t\n\"Value\"] \r\t [Black \"Value\"] [Site \"Value\"\n]\r\n1. e4 *\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tags.len(), 3);
    assert!(game.tags.iter().all(|(_, value)| value == "Value"), "{:?}", game.tags);
    assert_eq!(game.moves.nodes.len(), 1);
    // A pair that does not go on with its value or `]` on the next line ended with its line, and is an error that
    // keeps the game after it.
    for broken in ["[White\n1. e4 *", "[White\n\n\"Value\"]\n1. e4 *"] {
        let games = read_every_way(&format!("{broken}\n\n[Event \"next\"]\n1. d4 *\n"));
        assert_eq!(games.last().unwrap().as_ref().unwrap().tag("Event"), Some("next"), "{broken}");
        assert_eq!(games[0].as_ref().unwrap_err().kind, ErrorKind::BadTag, "{broken}");
    }
}

#[test]
fn an_asterisk_is_a_token_by_itself() {
    // pgn-parser's tests (`data/pgn-parser-cases.txt`): `*` is self-terminating (the PGN standard, §7), so `****`
    // is four unfinished games, and `*1. e4 e5 1-0 1. e4 *` three games.
    let summary = |text: &str| -> Vec<(usize, Option<&'static str>)> {
        read_every_way(text)
            .into_iter()
            .map(|game| {
                let game = game.unwrap_or_else(|e| panic!("{text}: {e}"));
                (game.moves.nodes.len(), game.result.map(|r| r.as_str()))
            })
            .collect()
    };
    assert_eq!(summary("****"), [(0, Some("*")); 4]);
    assert_eq!(summary("*1. e4 e5 1-0 1. e4 *"), [(0, Some("*")), (2, Some("1-0")), (1, Some("*"))]);
    assert_eq!(summary("1. e4 e5*\n\n1. d4*"), [(2, Some("*")), (1, Some("*"))]);
}

#[test]
fn one_blank_line_between_tag_pairs_stays_in_the_game() {
    // python-chess's data/pgn/chessbase-empty-line.pgn: ChessBase writes a blank line after the first tag pair.
    let text = "[Event \"AlphaZero vs. Stockfish\"]\n\n[Date \"2017.12.04\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    assert_eq!((game.tag("Event"), game.tag("Date")), (Some("AlphaZero vs. Stockfish"), Some("2017.12.04")));
    assert_eq!(game.moves.nodes.len(), 2);
    // Two blank lines still end a game of tags only (python-chess reads it so too).
    let games = read_every_way("[Event \"tags only\"]\n\n\n[Event \"b\"]\n1. e4 *\n");
    assert_eq!(games.len(), 2);
    assert!(games[0].as_ref().unwrap().moves.nodes.is_empty());
}

#[test]
fn games_without_tags_or_results_one_per_paragraph_are_separate_games() {
    // lichess chessops's data/leading-whitespace.pgn: its last game has neither tags nor a result before it, and
    // chessops and python-chess read four games.
    let text = "    [Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 { header, blank line, moves }\n\n    \
                [Variant \"Standard\"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 { header, moves }\n\n    [Variant \"Standard\"]\n\
                1. e4 e5 2. Nf3 Nc6 3. Bb5 { header, new line, moves }\n\n\n    1. e4 e5 2. Nf3 Nc6 3. Bb5 { no header }\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 4);
    for game in &games {
        let game = game.as_ref().unwrap();
        assert_eq!(game.moves.nodes.len(), 5);
        assert!(matches!(&game.moves.nodes[4].annotations[..], [Annotation::Comment(_)]));
    }
    // python-chess's test.py: a game, a blank line, the next game's `1. a3`; and one per paragraph, `\r\n` too.
    let games = read_every_way("1. e4 e5 2. Qh5\n\n1. a3\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().moves.nodes.len(), 1);
    assert_eq!(read_every_way("1. e4 e5\r\n\r\n1.d4 d5 ; a line comment\n\n1. c4\n").len(), 3);
    // Comments between the blank line and the `1.` open the next game; one before the blank line ends this one.
    let games = read_every_way("1. e4 e5 {end of one}\n\n{Game 2}\n\n; its source\n1. d4 d5\n");
    assert_eq!(games.len(), 2);
    let (first, second) = (games[0].as_ref().unwrap(), games[1].as_ref().unwrap());
    assert!(matches!(&first.moves.nodes[1].annotations[..], [Annotation::Comment(c)] if c == "end of one"));
    let intro: Vec<_> = second.moves.intro.iter().map(|a| format!("{a:?}")).collect();
    assert_eq!(intro, ["Comment(\"Game 2\")", "Comment(\"its source\")"]);
    assert_eq!(second.moves.nodes.len(), 2);
    // An escape line does too, and is the next game's escape line (not a game of its own).
    let games = read_every_way("1. c4\n\n%esc\n\n{a comment}1. e4 e5\n");
    assert_eq!(games.len(), 2);
    let second = games[1].as_ref().unwrap();
    assert_eq!((second.escapes.as_slice(), second.moves.nodes.len()), (&["esc".to_string()][..], 2));
    // A blank line before any other move number, before Black's `1...`, or inside a variation stays in the game;
    // so does one before the first move.
    for text in [
        "1. e4 e5\n\n2. Nf3 *\n",
        "1. e4 {an annotator's paragraph}\n\n1... e5 2. Nf3 *\n",
        "1. e4 (1. d4 d5\n\n2. c4) 1... e5 *\n",
        "[Event \"x\"]\n\n{Introduction}\n\n1. e4 e5 *\n",
        "1. e4 e5\n\n10. Nf3\n",
        "1. e4 e5\n\n{a paragraph} 2. Nf3 *\n",
    ] {
        let games = read_every_way(text);
        assert_eq!(games.len(), 1, "{text}");
        assert!(games[0].is_ok(), "{text}");
    }
}

/// Reads the one game of `text` every way (see `read_every_way`) with a builder; the game and the report.
fn one_with_report(text: &str) -> (Game, forsyth::pgn::GameReport) {
    for capacity in [1, 7, 64] {
        invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
    }
    let raws: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(raws.len(), 1, "{text}");
    let mut builder = GameBuilder::default();
    let report = read_game(&raws[0], &PgnReadOptions::default(), &mut builder);
    assert_eq!(report.error, None, "{text}");
    (builder.finish(), report)
}

/// The warnings of a report as (code, line, column).
fn warnings(report: &forsyth::pgn::GameReport) -> Vec<(&'static str, u64, u64)> {
    report.warnings.iter().map(|w| (w.kind.code(), w.line, w.column)).collect()
}

#[test]
fn an_ellipsis_after_a_move_number_reads_as_three_dots() {
    let (game, report) = one_with_report("1. e4 1\u{2026} e5 2. Nf3 2\u{2026}Nc6 3. Bb5 \u{2026} a6 *\n");
    assert_eq!(main_line_uci(&game), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    assert!(report.warnings.is_empty());
}

/// A result that the main line's last position contradicts (FIDE Laws 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 a dead
/// position, 9.6.2 the 75-move rule) is a warning at the marker, and the result is kept as written. pgn-extract warns
/// alike (its `Result of ... is inconsistent with ...`); python-chess's verdicts on other projects' files are compared
/// in `tests/differential/pgn_files.py`.
#[test]
fn a_result_the_final_position_contradicts_is_a_warning() {
    let doubted = |text: &str| {
        let (game, report) = one_with_report(text);
        let said: Vec<_> = report
            .warnings
            .iter()
            .filter(|w| w.kind.code() == "result-contradicts-position")
            .map(|w| (w.line, w.column, w.token.clone(), w.reason.clone()))
            .collect();
        (said, game.result)
    };
    let fools_mate = "1. f3 e5 2. g4 Qh4#";
    for (result, warned) in [("0-1", false), ("1-0", true), ("1/2-1/2", true), ("*", true)] {
        let (said, kept) = doubted(&format!("{fools_mate} {result}\n"));
        assert_eq!(said.len(), usize::from(warned), "{result}: {said:?}");
        assert_eq!(kept.map(GameResult::as_str), Some(result));
        if let Some((line, column, token, reason)) = said.first() {
            assert_eq!((*line, *column, token.as_str()), (1, 21, result));
            assert!(reason.contains("checkmate by Black, which makes it 0-1 (FIDE Laws 5.1.1)"), "{reason}");
        }
    }
    // Without a termination marker (ChessX's tests/unittests/data/t1.pgn: `[Result "1-0"]`, then the fool's mate by
    // Black and nothing after it), the Result tag is the game's result, or none is: held against the end alike, at
    // the last move, where the marker belongs.
    for (tag, warned, says) in [
        ("[Result \"1-0\"]\n\n", true, "its Result tag says 1-0 (the movetext has no result)"),
        ("", true, "it has no result (no termination marker, no Result tag)"),
        ("[Result \"0-1\"]\n\n", false, ""),
    ] {
        let line = if tag.is_empty() { 1 } else { 3 };
        let (said, marker) = doubted(&format!("{tag}{fools_mate}\n"));
        assert_eq!(marker, None, "{tag:?}: the movetext has no termination marker");
        assert_eq!(said.len(), usize::from(warned), "{tag:?}: {said:?}");
        if let Some((at_line, column, token, reason)) = said.first() {
            assert_eq!((*at_line, *column, token.as_str()), (line, 16, "Qh4#"));
            assert!(reason.contains(says), "{reason}");
        }
    }
    let from = |fen: &str, moves: &str, result: &str| {
        doubted(&format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Result \"{result}\"]\n\n{moves} {result}\n")).0
    };
    // Stalemate: Black to move, no legal move, not in check.
    let said = from("7k/5Q2/5K2/8/8/8/8/8 w - - 0 1", "1. Kg6", "1-0");
    assert!(said[0].3.contains("stalemate, which makes it 1/2-1/2 (FIDE Laws 5.2.1)"), "{said:?}");
    assert!(from("7k/5Q2/5K2/8/8/8/8/8 w - - 0 1", "1. Kg6", "1/2-1/2").is_empty());
    // A dead position: king and bishop against king.
    let said = from("8/8/8/4k3/8/8/3B4/4K3 b - - 0 1", "1... Kd5", "1-0");
    assert!(said[0].3.contains("dead position") && said[0].3.contains("5.2.2"), "{said:?}");
    // The 75-move rule, drawn at the 150th half-move without a capture or a pawn move, unless that move mates.
    let said = from("8/8/8/4k3/8/8/3R4/4K3 w - - 149 100", "100. Ke2", "1-0");
    assert!(said[0].3.contains("75 moves") && said[0].3.contains("9.6.2"), "{said:?}");
    assert!(from("8/8/8/4k3/8/8/3R4/4K3 w - - 148 100", "100. Ke2", "1-0").is_empty());
    // A game that goes on says nothing, whatever its result.
    assert!(doubted("1. e4 e5 2. Nf3 Nc6 1-0\n").0.is_empty());
}

#[test]
fn a_result_tag_that_disagrees_with_the_marker_is_a_warning_and_the_tag_wins() {
    let text = "[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
    let (game, report) = one_with_report(text);
    assert_eq!(warnings(&report), [("result-mismatch", 3, 10)]);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    let written = write(&game, &PgnWriteOptions::default());
    assert!(written.contains("[Result \"1-0\"]") && written.ends_with("1. e4 e5 1-0\n\n"), "{written}");
    // A tag of `*` (unknown) yields to the marker, which knows more.
    let (game, report) = one_with_report("[Result \"*\"]\n\n1. e4 e5 0-1\n");
    assert_eq!((warnings(&report), game.result), (vec![("result-mismatch", 3, 10)], Some(GameResult::BlackWins)));
    // Agreeing, nothing to say.
    assert!(one_with_report("[Result \"0-1\"]\n1. e4 e5 0-1\n").1.warnings.is_empty());
}

#[test]
fn a_promotion_in_parentheses_reads_like_any_other_form() {
    let text = "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8(Q)+ Kd7 2. Qb7+ (2. Qa4+) Ke6 *\n";
    let (game, _) = one_with_report(text);
    assert_eq!(main_line_uci(&game), ["a7a8q", "e8d7", "a8b7", "d7e6"]);
    assert_eq!(game.moves.nodes[2].annotations.len(), 1, "the real variation stays one");
    // A letter in parentheses after anything but a move to the last rank is still a variation.
    assert_eq!(error("1. e4(Q) *").kind, ErrorKind::UnreadableMove);
}

#[test]
fn results_with_unicode_dashes_and_forfeits_read_with_a_warning() {
    for (marker, result) in [
        ("1\u{2013}0", GameResult::WhiteWins),
        ("0\u{2014}1", GameResult::BlackWins),
        ("1/2\u{2212}1/2", GameResult::Draw),
        ("\u{bd}\u{2010}\u{bd}", GameResult::Draw),
        ("+:-", GameResult::WhiteWins),
        ("-:+", GameResult::BlackWins),
        ("-:-", GameResult::Unknown),
    ] {
        let (game, report) = one_with_report(&format!("[Event \"x\"]\n1. e4 e5 {marker}\n"));
        assert_eq!(game.result, Some(result), "{marker}");
        assert_eq!(warnings(&report), [("result-form", 2, 10)], "{marker}");
        // Each ends its game, as a result does, also without tags.
        let games = read_every_way(&format!("1. e4 e5 {marker} 1. d4 *\n"));
        assert_eq!(games.len(), 2, "{marker}");
    }
    // A forfeit before any move: `+--` and `--+` (after a move they are glyphs, NAGs 18 and 19).
    let (game, report) = one_with_report("[Event \"x\"]\n[Result \"--+\"]\n\n--+\n");
    assert_eq!((game.result, warnings(&report)), (Some(GameResult::BlackWins), vec![("result-form", 4, 1)]));
    assert!(write(&game, &PgnWriteOptions::default()).contains("[Result \"0-1\"]"));
    // A forfeit tag where the movetext has no termination marker (its game cut by the next one's tags): written as
    // the tag's result in both places, so that writing what was written changes nothing (found by the pgn fuzz
    // target, which wrote `[Result "--+"]` and then `*`).
    let (game, _) = one_with_report("[Result \"--+\"]\n\n1. d4 Nf6\n");
    assert_eq!(game.result, None);
    let written = write(&game, &PgnWriteOptions::default());
    assert!(written.contains("[Result \"0-1\"]") && written.ends_with("1. d4 Nf6 0-1\n\n"), "{written}");
    assert_eq!(write(&one(&written), &PgnWriteOptions::default()), written);
    let (game, _) = one_with_report("1. e4 +-- *\n");
    assert_eq!(game.moves.nodes[0].annotations, [Annotation::Nag(18)]);
}

#[test]
fn castling_with_any_unicode_dash_reads() {
    for dash in ['\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2212}'] {
        let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O{dash}O O{dash}O{dash}O *\n");
        let games = read_every_way(&text);
        let error = games[0].as_ref().unwrap_err();
        // Black cannot castle long here: the castling itself was read.
        assert_eq!((error.kind, error.ply), (ErrorKind::IllegalMove, Some(8)), "{text}");
        assert_eq!(main_line_uci(&one(&text.replace(&format!(" O{dash}O{dash}O"), ""))).last().unwrap(), "e1g1");
    }
}

#[test]
fn a_tag_value_without_its_closing_quote_is_read_to_the_bracket() {
    let (game, report) = one_with_report("[Event \"Open]\n[Site \"Bern\"]\n\n1. e4 *\n");
    assert_eq!((game.tag("Event"), game.tag("Site")), (Some("Open"), Some("Bern")));
    assert_eq!(warnings(&report), [("tag-quote", 1, 8)]);
    // Without a `]` either, the tag stays an error.
    assert_eq!(error("[Event \"Open\n1. e4 *\n").kind, ErrorKind::BadTag);
    // chess-library's backslash_header.pgn: the last quote, after a backslash that was not escaped, closes the
    // value, and the backslash stays (python-chess reads it so).
    let (game, report) = one_with_report("[Event \"Tournament \\\"]\n[Site \"Madrid\"]\n\n1. e4 *\n");
    assert_eq!((game.tag("Event"), game.tag("Site")), (Some("Tournament \\"), Some("Madrid")));
    assert_eq!(warnings(&report), [("tag-quote", 1, 8)]);
}

#[test]
fn a_tag_value_without_quotes_is_read_to_the_bracket_with_a_warning() {
    // Typed by hand: `[Round 5]`. SCID reads such values (its tests, below); the PGN standard (8.1) quotes them.
    let text = "[Event \"Open\"]\n[Round 5]\n[Result 1-0]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let (game, report) = one_with_report(text);
    assert_eq!((game.tag("Round"), game.tag("Result")), (Some("5"), Some("1-0")));
    assert_eq!(warnings(&report), [("tag-quote", 2, 8), ("tag-quote", 3, 9)]);
    assert!(report.warnings[0].reason.contains("not in quotes"), "{}", report.warnings[0].reason);
    // Written back quoted.
    assert!(write(&game, &PgnWriteOptions::default()).contains("[Round \"5\"]\n"));
    // Two on a line, each up to its own `]`, as the splitter ends them.
    let (game, report) = one_with_report("[Round Test Round] [Bad tag on the same line]\n\n1. e4 *\n");
    assert_eq!((game.tag("Round"), game.tag("Bad")), (Some("Test Round"), Some("tag on the same line")));
    assert_eq!(warnings(&report), [("tag-quote", 1, 8), ("tag-quote", 1, 25)]);
    // A quote on the line, no `]`, or nothing before it: no value to read, the tag stays an error.
    for broken in ["[Round Test Round\"]\n1. e4 *\n", "[Round Test\n1. e4 *\n", "[Round ]\n1. e4 *\n"] {
        assert_eq!(error(broken).kind, ErrorKind::BadTag, "{broken:?}");
    }
    // Among other games, read the same by the one-pass reader, the splitter and blocks on several threads.
    let many =
        format!("{}{text}\n{}", "[Event \"a\"]\n\n1. d4 d5 *\n\n".repeat(5), "[Event \"b\"]\n\n1. c4 *\n".repeat(5));
    let games = read_every_way(&many);
    assert_eq!(games.len(), 11);
    assert!(games.iter().all(Result::is_ok));
}

/// SCID's PGN parser tests (`code/gtest/test_pgnparser.cpp` of SCID, as kept in ChessX's `dep/scid`, GPL): the
/// games of its `EPD` and `TagPairs` tests, with what SCID writes back. Where forsyth reads differently, the rule
/// that decides is in TESTING.md.
#[test]
fn scid_pgn_parser_cases() {
    // `EPD`: after positions in EPD (no PGN: forsyth refuses them as moves, one game with an error), a game with
    // `;` comments, a `]` and an escaped quote in a tag value, CR LF and LF CR line ends, and no result before the
    // next game's tags.
    let epd = "rnbqkb1r/1ppppppp/5n2/p7/2P5/4P3/PP1P1PPP/RNBQKBNR b KQkq - 0 1;\n%escape line\n\
               1B2K3/4b3/3pk3/5R2/8/7B/8/8 w - - bm Bc7 Rf3+\n;pre-game comment, no warnings or errors\n\
               unknown, fatal error\n";
    let game = "[Event \"F/S Return Match\"]\n[Site \"Bel]gr\\\"ade], Serbia JUG\"]\n[Date \"1992.11.04\"]\n\
                [Round \"29\"]\n[White \"Fischer, Robert J.\"]\r\n[Black \"Spassky, Boris V.\"]\n\r\
                ;29th game of the 1992 match\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {This opening is called\nthe; Ruy% Lopez.}\n\
                4. Ba4 Nf6 5. O-O\n; rnbqkb1r/1ppppppp/5n2/p7/2P5/4P3/PP1P1PPP/RNBQKBNR b KQkq -1; %comm\r\n\
                Be7 ;6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n\
                [Event \"Partial game\"]\n[Site \"With few tags\"]\n1-0\n\n";
    let games = read_all(&format!("{epd}{game}"));
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap_err().kind, ErrorKind::UnreadableMove);
    let scid_writes = "[Event \"F/S Return Match\"]\n[Site \"Bel]gr\\\"ade], Serbia JUG\"]\n[Date \"1992.11.04\"]\n\
                       [Round \"29\"]\n[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n[Result \"*\"]\n\n\
                       {29th game of the 1992 match} \n\
                       1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 {This opening is called the; Ruy% Lopez.} 4.Ba4\n\
                       Nf6 5.O-O {rnbqkb1r/1ppppppp/5n2/p7/2P5/4P3/PP1P1PPP/RNBQKBNR b KQkq -1; \n\
                       %comm} 5...Be7 {6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7} *\n\n";
    // The same tags, moves, comments and result; SCID writes no space after a move number and keeps a comment's
    // line break, which forsyth's writer folds into the line.
    let tokens = |pgn: &str| -> Vec<String> {
        let joined = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        joined.replace(". ", ".").replace(".. ", "..").replace(" }", "}").split(' ').map(str::to_string).collect()
    };
    let written = write(games[1].as_ref().unwrap(), &PgnWriteOptions::default());
    assert_eq!(tokens(&written), tokens(scid_writes), "{written}");
    let partial = games[2].as_ref().unwrap();
    assert_eq!((partial.tag("Event"), partial.tag("Site")), (Some("Partial game"), Some("With few tags")));
    assert_eq!(partial.result, Some(GameResult::WhiteWins));

    // `TagPairs`: SCID reads each of these with no error and writes the tags that follow `=>`; forsyth reads them
    // alike, with a `tag-quote` warning for each repair.
    let rest = "[Result \"0-1\"]\n\n0-1\n";
    for (tags, expected) in [
        (
            "[White \"White \"Senpai\"]\n[Black \"Black \\ \"Minister\"]",
            [("White", "White \"Senpai"), ("Black", "Black \\ \"Minister")],
        ),
        (
            "[White \"White\\\"Senpai\"]\n[Black \"Black\\\"]Minister\\\\\"]",
            [("White", "White\"Senpai"), ("Black", "Black\"]Minister\\")],
        ),
        (
            "[Round \"Test Round\"] [Bad tag on the same line]",
            [("Round", "Test Round"), ("Bad", "tag on the same line")],
        ),
        ("[Round Test Round] [Bad tag on the same line]", [("Round", "Test Round"), ("Bad", "tag on the same line")]),
        ("[Site\n\"  Site test  \"]\n[Round Test Round\\]", [("Site", "  Site test  "), ("Round", "Test Round\\")]),
    ] {
        let read = one(&format!("{tags}\n{rest}"));
        for (name, value) in expected {
            assert_eq!(read.tag(name), Some(value), "{tags}");
        }
    }
    // SCID repairs these too; forsyth refuses them (TESTING.md): a tag pair whose parts lie past a blank line, a
    // value over two lines, and a value with a stray quote but no opening one.
    for tags in [
        "\n[\n\n Site \n\n\n \"Test Site\"  \n \n  ]   \n",
        "[Site  \n\t\u{b}\r\n\n   \"  Site\ntest  \"   \n \t \u{b} \r  ]",
        "[Round Test Round\"] [Bad tag on the same line]",
    ] {
        let games = read_all(&format!("[Event \"e\"]\n{tags}\n{rest}"));
        assert_eq!(games[0].as_ref().unwrap_err().kind, ErrorKind::BadTag, "{tags:?}");
    }
}

#[test]
fn an_error_after_a_comment_written_as_if_comments_nested_says_they_do_not() {
    // pgn-extract's test/infiles/nested-comment.pgn: its `--nestedcomments` reads the braces as nesting; the PGN
    // standard's comments do not nest, so the word after the first `}` is an error, which says why.
    let text = "e4 { This game contains { a nested comment } which should be\nhandled ok. } *\n";
    let found = error(text);
    assert_eq!((found.kind, found.line, found.column), (ErrorKind::UnreadableMove, 1, 46));
    assert!(found.reason.contains("comments do not nest"), "{}", found.reason);
    let found = error("1. e4 {a {b} } e5 *\n");
    assert_eq!(found.kind, ErrorKind::UnexpectedCharacter);
    assert!(found.reason.contains("comments do not nest"), "{}", found.reason);
    // Comments side by side are not nested: no such words.
    let found = error("1. e4 {a} {b} xx *\n");
    assert!(!found.reason.contains("nest"), "{}", found.reason);
}

#[test]
fn a_backslash_does_not_carry_a_tag_value_over_its_line_break() {
    // Found by the `pgn` fuzz target: the one-pass reader took `\` and the line break for an escape and counted the
    // next game's lines one short; the splitter did too. A tag pair's value stays on its line (PGN standard, 8.1).
    let text = "[E\"\\\n\"]9[";
    let games = read_every_way(text);
    let lines: Vec<_> = games.iter().map(|game| game.as_ref().map_err(|e| (e.kind, e.line)).err()).collect();
    assert_eq!(lines[0], Some((ErrorKind::BadTag, 1)));
    assert_eq!(lines.last().unwrap().map(|(_, line)| line), Some(2), "{games:?}");
    for capacity in [2, 3, 6] {
        invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
    }
}

#[test]
fn quotes_inside_a_tag_value_that_are_not_escaped_are_read_to_the_last_quote() {
    // chess-library's unescaped_quote_header.pgn; python-chess reads these values so.
    let text = "[Event \"Tournament \"Championship\" Finals\"]\n[Site \"Club \"Victory\"\" ]\n\n1. e4 *\n";
    let (game, report) = one_with_report(text);
    assert_eq!(game.tag("Event"), Some("Tournament \"Championship\" Finals"));
    assert_eq!(game.tag("Site"), Some("Club \"Victory\""));
    assert_eq!(warnings(&report), [("tag-quote", 1, 8), ("tag-quote", 2, 7)]);
    // A value followed by anything but `]` on a line that does not end with `"]` stays an error.
    let error = error("[Event \"a\" b]\n\n1. e4 *\n");
    assert_eq!((error.kind, error.line, error.column), (ErrorKind::BadTag, 1, 12));
}

#[test]
fn forum_wrappers_are_skipped_with_a_warning() {
    let text = "[pgn][Event \"a\"]\n1. e4 e5 1-0\n[/pgn]\n[PGN]\n[Event \"b\"]\n1. d4 d5 0-1[/pgn]\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
    let raws: Vec<_> = GameSplitter::new(text.as_bytes()).map(Result::unwrap).collect();
    let report = read_game(&raws[1], &PgnReadOptions::default(), &mut Validate);
    assert_eq!(warnings(&report), [("forum-wrapper", 3, 1), ("forum-wrapper", 4, 1)]);
}

#[test]
fn an_impossible_castling_right_in_a_fen_tag_is_dropped_with_a_warning() {
    let text = "[FEN \"4k3/8/8/8/8/8/8/4K2R w KQk - 0 1\"]\n\n1. O-O *\n";
    let (game, report) = one_with_report(text);
    assert_eq!(Fen::from_position(&game.start).to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(warnings(&report), [("fen-repaired", 1, 1)]);
    assert!(report.warnings[0].reason.contains("a1") && report.warnings[0].reason.contains("h8"));
    assert_eq!(main_line_uci(&game), ["e1g1"]);
    // What no repair makes legal is still an error.
    assert_eq!(error("[FEN \"8/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n").kind, ErrorKind::BadFen);
}

/// kokopu's test file `misc` (data/kokopu/): a NAG before a variation's first move (`($42 4. Bc4)`), which the PGN
/// standard's grammar allows (§18: a NAG is an element like a move), the ASCII glyphs `+/=`, `=/+`, `~`, `inf` and
/// `RR`, and `[Variant "Regular"]` — all read, on one thread, in blocks and in one pass alike, and written back.
#[test]
fn a_nag_may_begin_a_line_and_ascii_glyphs_read_as_nags() {
    let text = "[Variant \"Regular\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. d4 exd4 4. Nxd4 ($42 4. Bc4 !? Nf6 inf) 4... Bc5) \
                3... a6 +/= 4. Ba4 =/+ RR ~ *\n";
    let game = &read_every_way(text)[0];
    let game = game.as_ref().unwrap();
    let (_, node) = node_at(game, "4");
    let variation = variations(node).next().unwrap();
    let inner = variations(&variation.nodes[2]).next().unwrap();
    assert_eq!(inner.intro, [Annotation::Nag(42)]);
    let nags = |node: &forsyth::pgn::Node| -> Vec<u8> {
        node.annotations.iter().filter_map(|a| if let Annotation::Nag(n) = a { Some(*n) } else { None }).collect()
    };
    assert_eq!(nags(&inner.nodes[1]), [13]);
    assert_eq!(nags(&game.moves.nodes[5]), [14]);
    assert_eq!(nags(&game.moves.nodes[6]), [15, 145, 13]);
    let written = write(game, &PgnWriteOptions::default());
    assert!(written.contains("($42 4. Bc4 $5 Nf6 $13)"), "{written}");
    assert_eq!(&one(&written).moves, &game.moves);
    // A NAG at the start of the game is the main line's.
    assert_eq!(one("$1 1. e4 *").moves.intro, [Annotation::Nag(1)]);
    // A reader that passes over the moves unread counts the same moves: the glyphs are not taken for moves.
    struct Unread;
    impl Visitor for Unread {
        fn wants_moves(&mut self) -> bool {
            false
        }
    }
    let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    let counted = read_game(&raw, &PgnReadOptions::default(), &mut Validate).moves;
    assert_eq!(read_game(&raw, &PgnReadOptions::default(), &mut Unread).moves, counted);
    let main_line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 RR 4. Ba4 inf N Nf6 *\n";
    let raw = GameSplitter::new(main_line.as_bytes()).next().unwrap().unwrap();
    assert_eq!(read_game(&raw, &PgnReadOptions::default(), &mut Unread).moves, 8);
}

/// cm-pgn's test "should load unusual FEN" (data/cm-pgn-cases.txt): thirty-one black pawns, some on the eighth rank.
/// Refused by the rules, read on the position as given when those problems are allowed — by the reader on one
/// thread, in blocks, and in one pass alike — to the position cm-pgn reaches.
#[test]
fn a_fen_tag_with_allowed_problems_is_read_with_a_warning() {
    use forsyth::Allowed;
    let text =
        "[SetUp \"1\"]\n[FEN \"ppppkppp/pppppppp/pppppppp/pppppppp/8/8/8/RNBQKBNR w KQ - 0 1\"]\n\n1. Ke2 e4 *\n";
    assert_eq!(error(text).kind, ErrorKind::BadFen);
    let allow: Allowed = "pawn-on-back-rank,too-many-pawns".parse().unwrap();
    let options = PgnReadOptions { allow, ..PgnReadOptions::default() };
    for capacity in [1, 7, 64] {
        invariants::check_one_pass_reading(text.as_bytes(), &options, capacity);
    }
    let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    let mut builder = GameBuilder::default();
    let report = read_game(&raw, &options, &mut builder);
    assert_eq!(report.error, None);
    assert_eq!(warnings(&report), [("fen-allowed", 2, 1)]);
    let reason = &report.warnings[0].reason;
    assert!(
        reason.contains("[position.too-many-pawns]") && reason.contains("[position.pawn-on-back-rank]"),
        "{reason}"
    );
    let game = builder.finish();
    assert_eq!(main_line_uci(&game), ["e1e2", "e5e4"]);
    let mut end = game.start;
    for node in &game.moves.nodes {
        end.play_unchecked(node.mv);
    }
    // The castling rights go with the king's move, as cm-pgn's test expects.
    assert_eq!(
        Fen::from_position(&end).to_string(),
        "ppppkppp/pppppppp/pppppppp/pppp1ppp/4p3/8/4K3/RNBQ1BNR w - - 0 2"
    );
    // Only the problems allowed: pawns on the eighth rank alone are not enough here.
    let partly = PgnReadOptions { allow: "pawn-on-back-rank".parse().unwrap(), ..PgnReadOptions::default() };
    let refused = Game::read_all(text, &partly).remove(0).unwrap_err();
    assert_eq!(refused.kind, ErrorKind::BadFen);
    // A problem that makes move generation meaningless stays an error unless named by its own code.
    let no_white_king = "[FEN \"4k3/8/8/8/8/8/8/8 b - - 0 1\"]\n\n1... Kd7 *\n";
    let all = PgnReadOptions { allow: Allowed::ALL_SAFE, ..PgnReadOptions::default() };
    assert_eq!(Game::read_all(no_white_king, &all).remove(0).unwrap_err().kind, ErrorKind::BadFen);
    let own = PgnReadOptions { allow: "missing-king".parse().unwrap(), ..PgnReadOptions::default() };
    assert!(Game::read_all(no_white_king, &own)[0].is_ok());
}

#[test]
fn a_byte_order_mark_between_files_joined_with_cat_is_whitespace() {
    let text = "\u{feff}[Event \"a\"]\n1. e4 1-0\n\u{feff}[Event \"b\"]\n1. d4 0-1\n\u{feff}\n1. c4 *\n";
    let games = read_every_way(text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
    assert_eq!(main_line_uci(games[2].as_ref().unwrap()), ["c2c4"]);
    assert_eq!(read_every_way("1. e4 1-0\n\u{feff}").len(), 1);
}

/// A paste that starts with a blank line and then a byte-order mark is one game, not an empty game and then the
/// game: the mark is white space wherever a token may begin, and nothing is counted as a game that has neither tags
/// nor movetext. Bytes that only begin like a mark (Latin-1 `ï»`) are a word like any other.
#[test]
fn a_byte_order_mark_after_leading_blank_lines_is_whitespace() {
    for lead in ["\n\u{feff}", "\n\n\u{feff}", "\r\n\u{feff}", "  \u{feff}\n", "\u{feff}\n\u{feff}\n"] {
        let text = format!("{lead}[Event \"a\"]\n\n1. e4 e5 *\n\n\u{feff}[Event \"b\"]\n\n1. d4 *\n");
        let games = read_every_way(&text);
        assert_eq!(games.len(), 2, "{lead:?}");
        assert_eq!(games[0].as_ref().unwrap().tag("Event"), Some("a"), "{lead:?}");
        assert_eq!(main_line_uci(games[1].as_ref().unwrap()), ["d2d4"], "{lead:?}");
    }
    // A mark between a game and the next without tags, after a blank line, and before a result.
    let games = read_every_way("1. e4 e5\n\n\u{feff}1. d4 d5 \u{feff}1-0\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().result, Some(GameResult::WhiteWins));
    // `ï»` after a result begins the next game, which it makes unreadable; the stream's end after it too.
    for text in [&b"1. e4 1-0 \xef\xbb 1. d4 *\n"[..], b"1. e4 1-0 \xef\xbb"] {
        for capacity in [1, 2, 7, 64] {
            let games = invariants::check_one_pass_reading(text, &PgnReadOptions::default(), capacity);
            assert_eq!(games.len(), 2, "{text:?}");
            assert!(games[1].2.error.is_some(), "{text:?}");
        }
    }
}

mod one_pass {
    //! Reading on one thread finds each game's end as it reads (`pgn::Reader`); it must hand on exactly what
    //! cutting first and reading each game gives (`crate::invariants::check_one_pass_reading`), on clean games and on
    //! every kind of dirt, whatever the reader's buffer size.
    use super::*;
    use proptest::prelude::*;

    /// The moves of one legal game, with their numbers; games in the generated files are prefixes of it.
    const MOVES: [&str; 12] = ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "3.", "Bb5", "a6", "4.", "Ba4", "Nf6"];

    /// One generated game: tags, how many of `MOVES`, what follows each move, the result, what follows the game.
    fn game() -> impl Strategy<Value = String> {
        let tag = prop_oneof![
            Just("[Event \"x\"]"),
            Just("[Site \"a\\\"b\"]"),
            Just("[Result \"*\"]"),
            Just("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"),
            Just("[Variant \"chess960\"]"),
        ];
        let tag_gap = prop_oneof![Just("\n"), Just("\r\n"), Just(" "), Just("\n\n"), Just(" {c} ")];
        let after_move = prop_oneof![
            6 => Just(" "),
            1 => Just("\n"),
            1 => Just("\r\n"),
            1 => Just(" {a comment} "),
            1 => Just(" $1 "),
            1 => Just("!? "),
            1 => Just(" (=) "),
            1 => Just(" ; to the end of the line\n"),
            1 => Just(" {a\n[comment] on lines} "),
        ];
        let result = prop_oneof![Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*"), Just("½-½"), Just("")];
        let after_game = prop_oneof![Just("\n\n"), Just("\r\n\r\n"), Just("\n"), Just(" "), Just(" {after}\n")];
        (
            proptest::collection::vec((tag, tag_gap), 0..4),
            proptest::collection::vec(after_move, 0..MOVES.len()),
            any::<bool>(),
            result,
            after_game,
        )
            .prop_map(|(tags, after, variation, result, end)| {
                let mut text = String::new();
                for (tag, gap) in &tags {
                    text.push_str(tag);
                    text.push_str(gap);
                }
                if !tags.is_empty() {
                    text.push('\n');
                }
                for (i, gap) in after.iter().enumerate() {
                    text.push_str(MOVES[i]);
                    text.push_str(if MOVES[i].ends_with('.') { " " } else { gap });
                    if i == 1 && variation {
                        text.push_str("(1. d4 d5) ");
                    }
                }
                text.push_str(result);
                text.push_str(end);
                text
            })
    }

    /// The generated games one after another, with each piece of dirt spliced in where its index falls (moved back
    /// to a character boundary).
    fn with_dirt(games: &[String], dirt: Vec<(proptest::sample::Index, &str)>) -> String {
        let mut text = games.concat();
        for (at, dirt) in dirt {
            let mut at = at.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, dirt);
        }
        text
    }

    /// Dirt spliced into the generated games.
    fn dirt() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just("%escape\n"),
            Just("\n%escape\n"),
            Just("\u{feff}"),
            Just("{"),
            Just("}"),
            Just("("),
            Just(")"),
            Just("["),
            Just("]"),
            Just("\""),
            Just("\n[A"),
            Just("{\n[B"),
            Just("{\n[B \"c\"]\n"),
            Just("\n[B \"c\"] x\n"),
            Just("1-0"),
            Just("*"),
            Just("Qh5"),
            Just("\r"),
            Just("\n\n"),
            Just("$"),
            Just(";"),
            Just("\u{e9}"),
            Just("\n\r%x\n"),
            Just("e.p."),
            Just("\n\u{feff}"),
            Just("\u{feff}1-0"),
            Just("\u{feff}1. "),
        ]
    }

    /// What a file may hold before its first game: blank lines, spaces, byte-order marks (a paste that begins with
    /// a blank line and then a byte-order mark, or a mark after blank lines, is read as if neither were there).
    fn lead() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            3 => Just(""),
            1 => Just("\n"),
            1 => Just("\r\n\r\n"),
            1 => Just("\u{feff}"),
            1 => Just("\n\u{feff}"),
            1 => Just("\n\n\u{feff}"),
            1 => Just("  \u{feff}\n"),
            1 => Just("\u{feff}\n\u{feff}"),
            1 => Just("\n\u{feff}\n"),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn reading_in_one_pass_equals_cutting_first_on_clean_games(
            lead in lead(),
            games in proptest::collection::vec(game(), 1..12),
            capacity in 1usize..300,
        ) {
            let text = format!("{lead}{}", games.concat());
            crate::invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
        }

        #[test]
        fn reading_in_one_pass_equals_cutting_first_across_windows(
            lead in lead(),
            games in proptest::collection::vec(game(), 1..12),
            dirt in proptest::collection::vec((any::<proptest::sample::Index>(), dirt()), 0..4),
            capacity in 1usize..(40 << 10),
        ) {
            // Repeated past the windows one pass reads a text in (4 KiB, doubling), so that windows end
            // everywhere: before tag pairs, in comments, in tag sections, after dirt.
            let text = format!("{lead}{}", with_dirt(&games, dirt));
            let text = text.repeat((24 << 10) / text.len().max(1) + 1);
            crate::invariants::check_one_pass_reading(text.as_bytes(), &PgnReadOptions::default(), capacity);
        }

        #[test]
        fn reading_in_one_pass_equals_cutting_first_with_bytes_that_are_not_utf8(
            games in proptest::collection::vec(game(), 1..12),
            dirt in proptest::collection::vec((any::<proptest::sample::Index>(), dirt()), 0..3),
            latin1 in proptest::collection::vec(
                (
                    any::<proptest::sample::Index>(),
                    proptest::sample::select(vec![
                        &[0xe9u8][..], &[0xbd], &[0xa0], &[0xff], &[0x80], &[0xc3], &[0xef], &[0xef, 0xbb],
                        &[0xef, 0xbb, 0xbf],
                    ]),
                ),
                1..6,
            ),
            repeat in 1usize..40,
            capacity in 1usize..(40 << 10),
            encoding in 0..3usize,
        ) {
            // Latin-1 bytes anywhere (in tags, comments, moves, between games; `½`, a no-break space, a lone lead
            // byte of UTF-8, `ï` and `ï»`, which begin like a byte-order mark, and the mark itself), in texts long
            // enough for windows of several sizes: `--encoding auto` reads a game that holds one as Latin-1, in one
            // pass or cut first, and the two must not differ.
            let mut text = with_dirt(&games, dirt).into_bytes();
            for (at, bytes) in latin1 {
                let at = at.index(text.len() + 1);
                text.splice(at..at, bytes.iter().copied());
            }
            let text = text.repeat(repeat);
            let encoding = [Encoding::Auto, Encoding::Utf8, Encoding::Latin1][encoding];
            let options = PgnReadOptions { encoding, ..PgnReadOptions::default() };
            crate::invariants::check_one_pass_reading(&text, &options, capacity);
        }

        #[test]
        fn reading_in_one_pass_equals_cutting_first_on_dirty_games(
            lead in lead(),
            games in proptest::collection::vec(game(), 1..8),
            dirt in proptest::collection::vec((any::<proptest::sample::Index>(), dirt()), 1..4),
            capacity in 1usize..300,
            encoding in 0..3usize,
        ) {
            let text = format!("{lead}{}", with_dirt(&games, dirt));
            let encoding = [Encoding::Auto, Encoding::Utf8, Encoding::Latin1][encoding];
            let options = PgnReadOptions { encoding, ..PgnReadOptions::default() };
            crate::invariants::check_one_pass_reading(text.as_bytes(), &options, capacity);
        }
    }

    #[test]
    fn reading_in_one_pass_equals_cutting_first_where_the_two_could_differ() {
        // Each text stands where the splitter's rules and the reader's could part: escape lines and their line
        // starts, byte-order marks, blank lines and comments between tags, comment lines starting with `[`,
        // games without results, results in variations, text after results, the stream's end, Latin-1.
        let texts: [&[u8]; 34] = [
            b"1. e4 1-0\n\r%x\n1. d4 *\n",
            b"1. e4 1-0\n%x\n1. d4 *\n",
            b"1. e4 1-0 %x\n1. d4 *\n",
            "1. e4 1-0 \u{feff}1. d4 *\n".as_bytes(),
            "\u{feff}[Event \"a\"]\n1. e4 *\n1. d4 *\n".as_bytes(),
            b"[A \"1\"]\n\n[B \"2\"]\n1. e4 *\n1. d4 *\n",
            b"[A \"1\"]\r\n\r\n[B \"2\"]\n1. e4 *\n1. d4 *\n",
            b"[A \"1\"]\n{c\n}\n[B \"2\"]\n1. e4 *\n1. d4 *\n",
            b"[A \"1\"]\n;c\n\n[B \"2\"]\n1. e4 *\n1. d4 *\n",
            b"1. e4 {unclosed\n[Event \"b\"]\n1. d4 *\n1. c4 *\n",
            b"1. e4 {closed\n[Note] here} e5 *\n1. d4 *\n",
            b"1. e4 e5\n[Event \"b\"]\n1. d4 *\n1. c4 *\n",
            b"1. e4 (1. d4 1-0) e5 *\n1. d4 *\n",
            b"1. e4 1-0 (1. d4) *\n1. d4 *\n",
            b"1. e4 1-0 {after} ; line\n[Event \"b\"]\n1. d4 *\n1. c4 *\n",
            b"1. e4 e5 (=) 2. Nf3 $1 Nc6!? *\n1. d4 *",
            b"[Event \"\xe9\"]\n1. e4 *\n1. d4 *\n",
            b"[Event \"a\\\"b\"]\n1. e4 *\n1. d4 *\n",
            b"1. e4 e5 2. Ke2 Ke7 3. Ke1 *\n1. e4 Ke7 *\n1. d4 *\n",
            b"\n\n1. e4 *\n\n\n",
            // Lines inside comments that start with `[`: only a whole tag pair line ends an unclosed comment.
            b"1. e4 {\n[clk 1:05:23 ] comment} e5 {['just for fun']} *\n1. d4 *\n",
            b"1. e4 {unclosed\n[Event \"b\"]  \r\n1. d4 {c} *\n1. c4 *\n",
            b"1. e4 {unclosed\n[Event \"b\"] x\n1. d4 *} *\n1. c4 *\n",
            b"1. e4 {unclosed\n[Event \"a\\\"b\"]\n[Site \"c\"]\n1. d4 *\n1. c4 *\n",
            b"1. e4 {unclosed\n[Event\"b\"]\n} *\n1. c4 *\n",
            b"1. e4 {\n[Event \"b\"]",
            // Blank lines between tags: one belongs to the game, two end a game of tags only.
            b"[A \"1\"]\n\n\n[B \"2\"]\n1. e4 *\n1. d4 *\n",
            b"[A \"1\"]\n\n[B \"2\"]\n\n[C \"3\"]\n\n1. e4 *\n",
            // White's first move number after a blank line begins a game; Black's, or one in a variation, does not.
            b"1. e4 e5\n\n1. d4 d5\n \n1.c4\n\n1... c5 (1. d4\n\n1. c4) *\n",
            b"1. e4 ; c\n\n1. d4 {c}\n\n1. c4 {c\n\n1. Nf3} e5 %x\n\n1. g3",
            b"1. e4 e5\r\n\r\n1.\r\n\r\n1",
            b"1. e4 e5 {a}\n\n{b} ; c\n\n1. d4 {d}\n\n{e} 2. c4 {f}\n\n{g}\n1.c4 (1. e4\n\n{h} 1. d4) *\n",
            // An escape line opening a paragraph's game stays one, at its line start, when the game is cut before it.
            b"(1. c4)\r\n\r\n1. e4 e5 \n\n1. c4 \n\n%esc\n\n{a comment}1. e4 e5 2. Nf3 Nc6 ",
            b"[A \"1\"] {c} [\n\r%x\nSite \"a\"]\n\n\r%x\n\n\n1. *\n",
        ];
        // Latin-1 games in a row, then UTF-8 ones: after games that are not UTF-8, the next are cut first for a
        // while; reading must not notice.
        let mixed = [&b"[Event \"\xe9\"]\n1. e4 *\n"[..]; 9].concat();
        let mixed = [mixed, b"1. d4 *\n".repeat(9), b"[Event \"\xe9\"]\n1. c4 *\n".to_vec()].concat();
        // A game read as Latin-1 in one pass ends before the next game's tags within 16 KiB of its first byte that
        // is not UTF-8; a longer one is cut first, as are games without blank lines between them.
        let long_latin1 =
            [&b"[Event \"\xe9\"]\n1. e4 {"[..], &b"x".repeat(20_000), b"} e5 *\n\n[Event \"b\"]\n1. d4 *\n"].concat();
        let latin1: [&[u8]; 6] = [
            b"[Event \"\xe9\"]\n1. e4 *\n[Event \"\xe9\"]\n1. d4 1-0\n[Event \"b\"]\n[Site \"\xe9\"]\n1. c4 *\n",
            // Latin-1 letters at a game's end and in the next game's first tag: its length in bytes, not in text.
            b"[Event \"\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\"]\n1. e4 * {\xe9\xe9}\n\n[Event \"\xe9\xe9\xe9\xe9\xe9\xe9\"]\n1. d4 *\n",
            // A UTF-8 game whose end only the next token shows, when that token is not UTF-8: the game stays UTF-8.
            b"[Event \"\xc3\xa9\"]\n1. e4 *\xe9\n[Event \"b\"]\n1. d4 *\n",
            b"[Event \"\xc3\xa9\"]\n1. e4 e5\n\xe9 *\n\n[Event \"\xc3\xa9\"]\n1. d4 *\n",
            // Latin-1 in a game's last comment, and in the tags of the game after it.
            b"[Event \"a\"]\n\n1. e4 {caf\xe9} e5 {\xbd} *\n\n[Event \"\xe9\"]\n\n1. d4 *\n\n1. c4 *\n",
            long_latin1.as_slice(),
        ];
        for text in texts.into_iter().chain([mixed.as_slice()]).chain(latin1) {
            for encoding in [Encoding::Auto, Encoding::Utf8, Encoding::Latin1] {
                let options = PgnReadOptions { encoding, ..PgnReadOptions::default() };
                for capacity in 1..48 {
                    crate::invariants::check_one_pass_reading(text, &options, capacity);
                }
            }
        }
    }

    #[test]
    fn most_games_of_a_clean_file_are_read_in_one_pass() {
        // The check above would pass if every game were cut first; this one fails if none is read in one pass.
        // A visitor that counts its games is made once per attempt: about once per game in one pass, twice for
        // a game cut first. (Also games without tags or results, one per paragraph.)
        for game in ["[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n", "1. e4 e5 2. Nf3\n\n"] {
            let text = game.repeat(1000);
            let made = std::sync::atomic::AtomicUsize::new(0);
            let mut games = 0;
            forsyth::pgn::Reader::from_bytes(text.as_bytes())
                .visit(
                    || {
                        made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        Validate
                    },
                    |_, report| report.error.is_none(),
                    |_, ok| {
                        assert!(ok);
                        games += 1;
                        Ok(())
                    },
                )
                .unwrap();
            assert_eq!(games, 1000, "{game}");
            assert!(made.into_inner() < 1010, "most games read in one pass: {game}");
        }
    }

    #[test]
    fn a_long_text_is_read_a_window_at_a_time_without_reading_a_game_twice() {
        // One pass checks a long text as UTF-8 and reads it a window at a time. A window ends before a line that
        // starts a game's tags after a blank line, so that no game crosses its end to be read again: one visitor
        // is made per game, and one more where the text ends.
        let game = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
        let text = game.repeat(20_000); // 1.4 MB: windows from the smallest to the largest
        let made = std::sync::atomic::AtomicUsize::new(0);
        let mut games = Vec::new();
        forsyth::pgn::Reader::from_bytes(text.as_bytes())
            .visit(
                || {
                    made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    Validate
                },
                |_, report| (report.error.is_none(), report.moves),
                |game, (ok, moves)| {
                    games.push((game.number, game.line, game.offset, ok, moves));
                    Ok(())
                },
            )
            .unwrap();
        let expected: Vec<_> = (0..20_000u64).map(|i| (i + 1, 1 + 5 * i, i * game.len() as u64, true, 6)).collect();
        assert_eq!(games, expected);
        assert_eq!(made.into_inner(), 20_001, "each game read once");
    }

    #[test]
    fn text_in_memory_is_read_where_it_lies_whatever_its_games_length() {
        // Bytes in memory are read with no buffer in between: one pass sees all of them at once, in windows of
        // at most 512 KiB. A game longer than that (a comment of 5 MB) goes to the splitter, as from a file.
        let long = format!("1. e4 {{{}}} e5 *\n", "x".repeat(5 << 20));
        let text = format!("1. d4 d5 *\n{long}1. c4 *\n");
        let mut games = Vec::new();
        forsyth::pgn::Reader::from_bytes(text.as_bytes())
            .visit(
                || Validate,
                |_, report| (report.error.is_none(), report.moves),
                |game, (ok, moves)| {
                    games.push((game.number, game.line, ok, moves, game.bytes.len()));
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(games, [(1, 1, true, 2, 11), (2, 2, true, 2, long.len()), (3, 3, true, 1, 8)]);
    }
}

mod threads {
    use super::*;
    use forsyth::pgn::for_each_game;
    use std::io::{BufReader, Read};

    /// A reader that fails once it has given `limit` bytes.
    struct FailingAfter<'a> {
        bytes: &'a [u8],
        limit: usize,
    }

    impl Read for FailingAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.limit == 0 {
                return Err(std::io::Error::other("the disk is on fire"));
            }
            let n = buf.len().min(self.limit).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            self.limit -= n;
            Ok(n)
        }
    }

    fn numbers_and_moves(reader: impl std::io::BufRead + Send, jobs: usize) -> (Vec<(u64, u64)>, std::io::Result<()>) {
        let mut seen = Vec::new();
        let result = for_each_game(
            reader,
            jobs,
            |game| read_game(game, &PgnReadOptions::default(), &mut Validate).moves,
            |game, moves| {
                seen.push((game.number, moves));
                Ok(())
            },
        );
        (seen, result)
    }

    /// The same with `pgn::Reader` (blocks read ahead on several threads).
    fn numbers_and_moves_in_blocks(
        reader: impl std::io::BufRead + Send,
        jobs: usize,
    ) -> (Vec<(u64, u64)>, std::io::Result<()>) {
        let mut seen = Vec::new();
        let result = forsyth::pgn::Reader::new(reader).jobs(jobs).visit(
            || Validate,
            |_, report| report.moves,
            |game, moves| {
                seen.push((game.number, moves));
                Ok(())
            },
        );
        (seen, result)
    }

    #[test]
    fn every_number_of_threads_hands_back_the_same_games_in_order() {
        let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n1. d4 { c } d5 (1... Nf6) *\n".repeat(3000);
        let (one, result) = numbers_and_moves(text.as_bytes(), 1);
        result.unwrap();
        assert_eq!(one.len(), 6000);
        for jobs in 2..5 {
            let (many, result) = numbers_and_moves(BufReader::with_capacity(4096, text.as_bytes()), jobs);
            result.unwrap();
            assert_eq!(many, one, "{jobs} threads");
            let (many, result) = numbers_and_moves_in_blocks(BufReader::with_capacity(4096, text.as_bytes()), jobs);
            result.unwrap();
            assert_eq!(many, one, "{jobs} threads, in blocks");
        }
    }

    #[test]
    fn a_failing_reader_ends_with_its_error_after_the_games_before_it() {
        let text = "1. e4 e5 *\n".repeat(5000);
        for jobs in 1..4 {
            for blocks in [false, true] {
                let reader = BufReader::with_capacity(512, FailingAfter { bytes: text.as_bytes(), limit: 20_000 });
                let (seen, result) =
                    if blocks { numbers_and_moves_in_blocks(reader, jobs) } else { numbers_and_moves(reader, jobs) };
                let error = result.expect_err("the reader fails");
                assert_eq!(error.to_string(), "the disk is on fire");
                // The games wholly before the failure came out, in order (the one cut short by it did not).
                assert!(seen.len() >= 20_000 / 11 - 1 && seen.len() <= 20_000 / 11, "{jobs} threads: {}", seen.len());
                assert!(seen.iter().enumerate().all(|(i, &(n, _))| n == i as u64 + 1));
            }
        }
    }
}

/// chess.js's tests of its PGN reader (`loadPgn`, permissive as it is by default), kept as data in
/// `data/chessjs-load-pgn.txt` (the format is in its header): every case reads as chess.js reads it — the same
/// position after the main line, the same main-line comments after the same positions, the same tags, moves and
/// result — or is refused where chess.js refuses it, except where a rule decides otherwise (TESTING.md, "Other
/// projects' test data": the disagreements, each with its rule).
#[test]
fn chess_js_load_pgn_cases() {
    use forsyth::notation::write_san;

    // chess.js refuses `1. e4!+`: a check sign on a move that gives no check, after a `!`. forsyth reads a move's
    // sign as python-chess and pgn-reader do, without requiring it to be right, and writes the right one.
    const DISAGREEMENTS: [&str; 1] = ["loadPgn - throws Error (illegal check annotation)"];
    let data = include_str!("data/chessjs-load-pgn.txt");
    let mut checked = 0;
    for case in data.split("\n== ").skip(1) {
        let (name, rest) = case.split_once('\n').unwrap();
        let (expected, pgn) = rest.split_once("\npgn\n").unwrap_or_else(|| panic!("{name}: no `pgn` line"));
        let expected: Vec<&str> = expected.split('\n').collect();
        let mut games = read_all(pgn);
        if DISAGREEMENTS.contains(&name) {
            assert_eq!(expected, ["error"], "{name}");
            assert!(matches!(&games[..], [Ok(_)]), "{name}: forsyth reads it ({games:?})");
            checked += 1;
            continue;
        }
        if expected == ["error"] {
            assert!(games.iter().any(Result::is_err), "{name}: chess.js refuses it, forsyth read {games:?}");
            checked += 1;
            continue;
        }
        assert_eq!(games.len(), 1, "{name}: {games:?}");
        let game = games.remove(0).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The main line's positions, its moves in SAN, and each position's comments and the NAG of the move to it.
        let mut pos = game.start;
        let mut history = Vec::new();
        let mut comments = Vec::new();
        let mut after_move = |pos: &Position, annotations: &[Annotation], nag: Option<u8>| {
            let fen = fen_legal_ep(pos);
            for annotation in annotations {
                if let Annotation::Comment(text) = annotation {
                    comments.push((fen.clone(), collapsed(text), nag));
                }
            }
        };
        after_move(&pos, &game.moves.intro, None);
        for node in &game.moves.nodes {
            history.push(write_san(&pos, node.mv));
            pos.play_unchecked(node.mv);
            let nag = node.annotations.iter().find_map(|a| match a {
                Annotation::Nag(nag @ 1..=6) => Some(*nag),
                _ => None,
            });
            after_move(&pos, &node.annotations, nag);
        }
        let mut expected_comments = Vec::new();
        for line in expected {
            let (what, value) = line.split_once(' ').unwrap_or((line, ""));
            match what {
                "fen" => assert_eq!(fen_legal_ep(&pos), value, "{name}"),
                "comment" => {
                    let mut parts = value.split('|');
                    let (fen, text) = (parts.next().unwrap(), parts.next().unwrap());
                    // chess.js's suffix annotations are NAGs 1 to 6 in the PGN standard's order.
                    let nag = parts.next().map(|suffix| {
                        ["!", "?", "!!", "??", "!?", "?!"].iter().position(|s| *s == suffix).unwrap() as u8 + 1
                    });
                    let text = collapsed(text);
                    expected_comments.push((fen.to_string(), text, nag));
                }
                "history" => assert_eq!(history.join(" "), value, "{name}"),
                "tag" => {
                    let (tag, value) = value.split_once('|').unwrap();
                    // A game without a termination marker is unfinished: `*`, as the PGN standard's export writes it.
                    let found = if tag == "Result" {
                        game.result.map_or("*", |r| r.as_str())
                    } else {
                        game.tag(tag).unwrap_or_else(|| panic!("{name}: no {tag} tag in {:?}", game.tags))
                    };
                    assert_eq!(found, value, "{name}: {tag}");
                }
                "fullmove" => assert_eq!(pos.fullmoves().to_string(), value, "{name}"),
                "accepted" => {}
                _ => panic!("{name}: unknown expectation {line:?}"),
            }
        }
        if !expected_comments.is_empty() {
            // chess.js keeps only the comments it was asked about in these tests: all of the main line's.
            assert_eq!(comments, expected_comments, "{name}");
        }
        checked += 1;
    }
    assert_eq!(checked, 42);
}

/// scalachess's replay snapshot (lichess's chess library), kept as data in `data/scalachess-replay.txt`: the
/// real-world PGN fixtures its replay test reads (chess.com, ChessBase, TCEC, lichess, Chess960, forum wrappers,
/// invisible characters, hand-written games) and every main-line position it reaches in each. forsyth reaches the
/// same positions, stops at the same illegal move, and refuses what it does not play (TESTING.md, "Other projects'
/// test data": the disagreements, each with its rule).
#[test]
fn scalachess_replay_snapshot() {
    // The board, side to move, castling, en passant (written only where a capture is legal) and halfmove clock:
    // scalachess's snapshot writes 1 as every position's move number.
    let fields = |fen: &str| fen.split(' ').take(5).collect::<Vec<_>>().join(" ");
    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let data = include_str!("data/scalachess-replay.txt");
    let (mut replayed, mut refused) = (0, 0);
    for case in data.split("\n== ").skip(1) {
        let (name, rest) = case.split_once('\n').unwrap();
        let (expected, pgn) = rest.split_once("\npgn\n").unwrap_or_else(|| panic!("{name}: no `pgn` line"));
        let raw = GameSplitter::new(pgn.as_bytes()).next().unwrap().unwrap();
        let mut builder = GameBuilder::default();
        let report = read_game(&raw, &options, &mut builder);
        let error = report.error.map(|e| (e.kind.code(), e.ply));
        if let Some(code) = expected.strip_prefix("refused ") {
            assert_eq!(error.map(|(code, _)| code), Some(code), "{name}");
            refused += 1;
            continue;
        }
        let mut theirs = Vec::new();
        let mut stops = None;
        for line in expected.split('\n') {
            match line.split_once(' ') {
                Some(("fen", fen)) => theirs.push(fields(fen)),
                Some(("error", what)) => {
                    let (code, ply) = what.split_once(' ').unwrap();
                    stops = Some((code, Some(ply.parse::<u32>().unwrap())));
                }
                _ => panic!("{name}: unknown expectation {line:?}"),
            }
        }
        assert_eq!(error, stops, "{name}");
        let game = builder.finish();
        let mut pos = game.start;
        let mut ours = vec![fields(&fen_legal_ep(&pos))];
        for node in &game.moves.nodes {
            pos.play_unchecked(node.mv);
            ours.push(fields(&fen_legal_ep(&pos)));
        }
        ours.push(ours.last().unwrap().clone());
        assert_eq!(ours, theirs, "{name}");
        replayed += 1;
    }
    assert_eq!((replayed, refused), (28, 7));
}

/// chess-library's tests of its PGN reader (Disservin's C++ chess library, which fastchess and Stockfish's testing
/// tools read their games with), kept as data in `data/chess-library-pgn.txt` (the format is in its header): every
/// file reads as its tests expect — the same games, moves as written, comments, tag pairs, and a threefold
/// repetition after the last move — and without an error, except where a rule decides otherwise (TESTING.md, "Other
/// projects' test data": the disagreements, each with its rule).
#[test]
fn chess_library_pgn_cases() {
    use forsyth::History;
    use forsyth::notation::write_san;
    use forsyth::pgn::{GameReport, escape_tag_value};

    // chess-library's reader counts move tokens without playing them: forsyth stops at the first move that is
    // illegal (`1... 0-0-0` with the queen on d8, the first of three) or no move at all (`Kx`, the last of 125).
    const NOT_MOVES: [(&str, &str); 2] = [("black2move.pgn", "illegal-move"), ("corrupted.pgn", "unreadable-move")];
    // chess-library stops at a tag whose quotes are not escaped; forsyth reads it with a warning, as python-chess
    // reads it.
    const TAGS_REPAIRED: [&str; 2] = ["backslash_header.pgn", "unescaped_quote_header.pgn"];
    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let data = include_str!("data/chess-library-pgn.txt");
    let cases: Vec<&str> = data.split("\n== ").skip(1).collect();
    let mut checked = 0;
    for (i, case) in cases.iter().enumerate() {
        // The file's last line break separates nothing.
        let case = if i + 1 == cases.len() { case.strip_suffix('\n').unwrap() } else { case };
        let (name, rest) = case.split_once('\n').unwrap();
        let (expected, pgn) = rest.split_once("\npgn\n").unwrap_or_else(|| panic!("{name}: no `pgn` line"));
        let expected: Vec<(&str, &str)> =
            expected.split('\n').map(|line| line.split_once(' ').unwrap_or((line, ""))).collect();
        let games: Vec<(Game, GameReport)> = GameSplitter::new(pgn.as_bytes())
            .map(|raw| {
                let mut builder = GameBuilder::default();
                let report = read_game(&raw.unwrap(), &options, &mut builder);
                (builder.finish(), report)
            })
            .collect();
        let (last, last_report) = games.last().unwrap_or_else(|| panic!("{name}: no game"));
        checked += 1;
        if let Some((_, code)) = NOT_MOVES.iter().find(|(file, _)| *file == name) {
            let counted = expected.iter().find(|(what, _)| *what == "moves").unwrap().1.parse::<u32>().unwrap();
            let error = last_report.error.as_ref().unwrap_or_else(|| panic!("{name}: read without an error"));
            assert_eq!(error.kind.code(), *code, "{name}");
            assert!(error.ply.is_some_and(|ply| ply <= counted), "{name}: stops at ply {:?}", error.ply);
            continue;
        }
        if TAGS_REPAIRED.contains(&name) {
            assert!(expected.contains(&("error", "")), "{name}");
            assert_eq!(last_report.error, None, "{name}");
            assert!(last_report.warnings.iter().any(|w| w.kind.code() == "tag-quote"), "{name}");
            continue;
        }
        for (game, report) in &games {
            assert_eq!(report.error, None, "{name}: {:?}", game.tags);
        }
        // The last game as chess-library's visitor sees it: (move, comment) pairs, a comment before the first move
        // as the move "".
        let mut pairs: Vec<(String, String)> = Vec::new();
        let comments = |annotations: &[Annotation]| {
            let texts: Vec<&str> = annotations
                .iter()
                .filter_map(|a| match a {
                    Annotation::Comment(text) => Some(text.as_str()),
                    _ => None,
                })
                .collect();
            collapsed(&texts.join(" "))
        };
        if !comments(&last.moves.intro).is_empty() {
            pairs.push((String::new(), comments(&last.moves.intro)));
        }
        let mut pos = last.start;
        let mut history = History::new(&pos);
        for node in &last.moves.nodes {
            pairs.push((write_san(&pos, node.mv), comments(&node.annotations)));
            pos.play_unchecked(node.mv);
            history.push(&pos);
        }
        let said: Vec<&str> = pairs.iter().map(|(_, comment)| comment.as_str()).filter(|c| !c.is_empty()).collect();
        let headers: Vec<String> = games
            .iter()
            .flat_map(|(game, _)| game.tags.iter().map(|(name, value)| format!("{name} {}", escape_tag_value(value))))
            .collect();
        for (what, value) in expected {
            let index = |text: &str, len: usize| {
                let i: isize = text.parse().unwrap();
                if i < 0 { len - i.unsigned_abs() } else { i as usize }
            };
            match what {
                "games" => assert_eq!(games.len().to_string(), value, "{name}"),
                "moves" => assert_eq!(pairs.len().to_string(), value, "{name}"),
                "move" => {
                    let (i, san) = value.split_once(' ').unwrap_or((value, ""));
                    assert_eq!(pairs[index(i, pairs.len())].0, san, "{name}: move {i}");
                }
                "comment" => {
                    let (i, text) = value.split_once(' ').unwrap();
                    assert_eq!(said[index(i, said.len())], collapsed(text), "{name}: comment {i}");
                }
                "header" => {
                    let (i, header) = value.split_once(' ').unwrap();
                    assert_eq!(headers[index(i, headers.len())], header, "{name}: header {i}");
                }
                "headers" => assert_eq!(headers.len().to_string(), value, "{name}"),
                "game-over" => {
                    assert_eq!(value, "threefold-repetition draw", "{name}");
                    assert!(history.is_threefold(), "{name}");
                }
                "ends" => {}
                _ => panic!("{name}: unknown expectation {what:?} {value:?}"),
            }
        }
    }
    assert_eq!(checked, 25);
}

/// chesslib (Ben-Hur Carlos Vieira Langoni Junior's Java chess library) reads the PGN files of its own tests, kept
/// in `data/chesslib/` with what its tests check of them in `data/chesslib-pgn.tsv` (the format is in its header):
/// game counts, tags, main lines in UCI, comments after moves, the position after a game from a FEN, an illegal move,
/// files that must play through (ANSI and UTF-8 with a byte-order mark, CR LF, `Z0` null moves, `gxf6ep`, a result
/// after a blank line), and repetitions.
#[test]
fn chesslib_pgn_cases() {
    use forsyth::History;
    use forsyth::notation::write_san;
    use std::collections::HashMap;
    use std::io::Read;

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chesslib");
    // Each file's games, read once: the expectations of a file follow one another. (The larger files are stored
    // compressed, as `NAME.pgn.zst`; `open_path` decompresses them.)
    let mut read: HashMap<&str, Vec<Result<Game, PgnError>>> = HashMap::new();
    let data = include_str!("data/chesslib-pgn.tsv");
    let mut checked = 0;
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, number, what, values @ ..] = fields.as_slice() else { panic!("malformed line {line:?}") };
        let games = read.entry(name).or_insert_with(|| {
            let plain = std::path::Path::new(dir).join(name);
            let path = if plain.exists() { plain } else { plain.with_extension("pgn.zst") };
            let mut bytes = Vec::new();
            forsyth::pgn::open_path(&path).unwrap().read_to_end(&mut bytes).unwrap();
            // Morphy_ANSI.pgn is Latin-1.
            let text = String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
            Game::read_all(&text, &PgnReadOptions::default())
        });
        let number: usize = number.parse().unwrap();
        let game = || -> &Game {
            games[number - 1].as_ref().unwrap_or_else(|e| panic!("{name}: game {number}: {}", e.reason))
        };
        // The positions along the main line, the start included, each with the move that led to it in SAN.
        let walk = || {
            let game = game();
            let mut pos = game.start;
            let mut history = History::new(&pos);
            let mut steps = Vec::new();
            for node in &game.moves.nodes {
                let san = write_san(&pos, node.mv);
                pos.play_unchecked(node.mv);
                history.push(&pos);
                steps.push((san, pos, history.repetitions(), node));
            }
            steps
        };
        match (*what, values) {
            ("games", [count]) => assert_eq!(games.len().to_string(), *count, "{name}"),
            ("tag", [tag, value]) => assert_eq!(game().tag(tag), Some(*value), "{name}: game {number}: {tag}"),
            ("no-value", [tag]) => {
                let value = game().tag(tag);
                assert!(value.is_none_or(|v| v.parse::<u32>().is_err()), "{name}: game {number}: {tag} {value:?}");
            }
            ("plies", [count]) => assert_eq!(game().moves.nodes.len().to_string(), *count, "{name}: game {number}"),
            ("round", [round]) => {
                let tag = game().tag("Round").unwrap_or_default();
                assert_eq!(tag.split('.').next(), Some(*round), "{name}: game {number}: Round {tag}");
            }
            ("ply-count", [count]) => {
                assert!(game().tag("PlyCount").is_none_or(|tag| tag == *count), "{name}: game {number}");
                assert_eq!(game().moves.nodes.len().to_string(), *count, "{name}: game {number}");
            }
            ("uci", [moves]) => assert_eq!(main_line_uci(game()).join(" "), *moves, "{name}: game {number}"),
            ("comment-after", [mv, text]) => {
                // `38 Nd2` is White's 38th move, `38..Nd2` Black's.
                let (number, san, black) = match mv.split_once("..") {
                    Some((number, san)) => (number, san, true),
                    None => {
                        let (number, san) = mv.split_once(' ').unwrap();
                        (number, san, false)
                    }
                };
                let ply = number.parse::<usize>().unwrap() * 2 - usize::from(!black);
                let steps = walk();
                let (written, _, _, node) = &steps[ply - 1];
                assert_eq!(written, san, "{name}: ply {ply}");
                let comments: Vec<&str> = node
                    .annotations
                    .iter()
                    .filter_map(|a| match a {
                        Annotation::Comment(text) => Some(text.as_str()),
                        _ => None,
                    })
                    .collect();
                assert_eq!(collapsed(&comments.join(" ")), collapsed(text), "{name}: after {mv}");
            }
            ("fen", [fen]) => {
                let steps = walk();
                assert_eq!(fen_legal_ep(&steps.last().unwrap().1), *fen, "{name}");
            }
            ("error", []) => {
                let error = games[number - 1].as_ref().map(|_| ()).unwrap_err();
                assert_eq!(error.kind, ErrorKind::IllegalMove, "{name}: {}", error.reason);
            }
            ("plays", []) => {
                assert!(!games.is_empty(), "{name}");
                for (i, game) in games.iter().enumerate() {
                    assert!(game.is_ok(), "{name}: game {}: {:?}", i + 1, game.as_ref().err().map(|e| &e.reason));
                }
            }
            ("repeated-at-end", ["no"]) => assert!(walk().last().unwrap().2 < 3, "{name}"),
            ("repeated-on-the-way", ["yes"]) => assert!(walk().iter().any(|step| step.2 >= 3), "{name}"),
            ("every-position-new", []) => assert!(walk().iter().all(|step| step.2 == 1), "{name}"),
            _ => panic!("{name}: unknown expectation {line:?}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 106);
}

/// A game may begin on the line where the game before it ended (`1. e4 e5 1-0 1. d4 ...`, as some programs write
/// collections, one game per line or all on one). An error on that line is placed by its column in the file's
/// line, not in the game's text — on one thread in one pass, through the splitter (a buffer of a few bytes, which
/// leaves most games to it), and in blocks on two threads.
#[test]
fn an_error_on_a_line_shared_with_the_game_before_is_placed_in_the_files_line() {
    let cases = [
        ("1. e4 e5 1-0 2. Nf3 Nc6 3. Qxx4 *\n", "Qxx4"),
        ("1. e4 e5 2. Qh5 Nc6 1-0 junk after\n", "junk"),
        // Characters of two bytes before the game count as one column each.
        ("1. e4 {\u{fc}ber \u{e9}t\u{e9}} e5 1-0 1. d4 d5 0-1 1. Kxx9 *\n", "Kxx9"),
        ("[Event \"a\"]\n\n1. e4 e5 1-0 1. Nf3 *  1. e4 1/2-1/2 1. Bxh9 *\n", "Bxh9"),
        ("1. e4 1-0\r\n1. d4 0-1 1. Qxx4 *\r\n", "Qxx4"),
        // Several games on a line further down the file.
        ("[Event \"a\"]\n1. e4 *\n\n1. c4 c5 * 1. d4 d5 * 1. f4 f5 2. Kf9 *\n", "Kf9"),
    ];
    for (text, word) in cases {
        let at = text.find(word).unwrap();
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        let expected = (text[..at].matches('\n').count() as u64 + 1, text[line_start..at].chars().count() as u64 + 1);
        let in_one_pass = errors(forsyth::pgn::Reader::from_bytes(text.as_bytes()));
        let through_the_splitter =
            errors(forsyth::pgn::Reader::from_read(std::io::BufReader::with_capacity(3, text.as_bytes())));
        let in_blocks = errors(forsyth::pgn::Reader::from_bytes(text.as_bytes()).jobs(2).block_bytes(5));
        for (how, found) in [("one pass", in_one_pass), ("splitter", through_the_splitter), ("blocks", in_blocks)] {
            assert_eq!(found, [expected], "{how}: {text:?}");
        }
        // The game's text itself says where it starts on its line.
        let games: Vec<_> = GameSplitter::new(text.as_bytes()).map(|game| game.unwrap()).collect();
        let last = games.last().unwrap();
        let report = read_game(last, &PgnReadOptions::default(), &mut Validate);
        assert_eq!(report.error.map(|e| (e.line, e.column)), Some(expected), "read_game: {text:?}");
    }
}

/// The line and column of every error of the games `reader` reads.
fn errors<R: std::io::BufRead + Send + 'static>(reader: forsyth::pgn::Reader<R>) -> Vec<(u64, u64)> {
    let games = reader.games().map(|game| game.unwrap());
    games.filter_map(|game| game.error.map(|e| (e.line, e.column))).collect()
}

/// PGN standard §9.7.1: a game from a set-up position has `SetUp "1"` with its FEN tag. Readers take a FEN tag
/// alone (chess.js and python-chess do) or after `SetUp "0"`; what forsyth writes has the pair, and reads back
/// to the same game.
#[test]
fn a_fen_tag_is_written_with_set_up_1() {
    let fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    for tags in [
        format!("[FEN \"{fen}\"]"),
        format!("[SetUp \"0\"]\n[FEN \"{fen}\"]"),
        format!("[SetUp \"1\"]\n[FEN \"{fen}\"]"),
    ] {
        let game = Game::read_all(&format!("{tags}\n\n1. Ka2 *\n"), &PgnReadOptions::default()).remove(0).unwrap();
        let mut text = String::new();
        write_game(&game, &PgnWriteOptions::default(), &mut text);
        assert!(text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{tags}:\n{text}");
        assert_eq!(text.matches("SetUp").count(), 1, "{tags}:\n{text}");
        let again = Game::read_all(&text, &PgnReadOptions::default()).remove(0).unwrap();
        assert_eq!((again.start, again.moves), (game.start, game.moves), "{tags}");
    }
    // A game from the start position gets no SetUp tag.
    let game = Game::read_all("1. e4 *\n", &PgnReadOptions::default()).remove(0).unwrap();
    let mut text = String::new();
    write_game(&game, &PgnWriteOptions::default(), &mut text);
    assert!(!text.contains("SetUp") && !text.contains("FEN"), "{text}");
}

/// Every move of `line` played from `pos` after the moves `before` (variations too): the moves to it in SAN (`--`
/// for a null move), the position after it and its annotations, in `nodes`; and in `ends`, every line of play to
/// its last move.
fn lines_of_play<'a>(
    line: &'a Line,
    mut pos: Position,
    before: &[String],
    nodes: &mut Vec<(String, Position, &'a [Annotation])>,
    ends: &mut Vec<String>,
) {
    use forsyth::notation::write_san;
    let mut path = before.to_vec();
    for node in &line.nodes {
        for annotation in &node.annotations {
            if let Annotation::Variation(variation) = annotation {
                lines_of_play(variation, pos, &path, nodes, ends);
            }
        }
        path.push(if node.mv.is_null() { "--".to_string() } else { write_san(&pos, node.mv) });
        pos.play_unchecked(node.mv);
        nodes.push((path.join(" "), pos, &node.annotations));
    }
    if !line.nodes.is_empty() {
        ends.push(path.join(" "));
    }
}

/// A tag's value as forsyth writes the game: the seven tag roster is always written, with the PGN standard's `?`
/// (§8.1.1) where the game has no such tag, and the result as the termination marker's (`*` for none).
fn tag_as_written<'a>(game: &'a Game, name: &str) -> Option<&'a str> {
    if name == "Result" {
        return Some(game.result.map_or("*", |r| r.as_str()));
    }
    game.tag(name).or_else(|| SEVEN_TAG_ROSTER.iter().find(|(n, _)| *n == name).map(|(_, value)| *value))
}

/// The movetext of a game as written, its white space collapsed and none inside braces and parentheses: chessops and
/// forsyth write the same tokens, but forsyth lays out lines of under 80 characters (a comment's own line breaks
/// too) and puts no space inside braces and parentheses (TESTING.md, "Other projects' test data").
fn movetext_tokens(written: &str) -> String {
    let movetext = written.lines().filter(|line| !line.starts_with('[')).collect::<Vec<_>>().join("\n");
    collapsed(&movetext).replace("{ ", "{").replace(" }", "}").replace("( ", "(").replace(" )", ")")
}

/// Hands out a text in the pieces given, one piece a read (a read of nothing would mean the end, so empty pieces
/// are left out).
struct Pieces(std::collections::VecDeque<Vec<u8>>);

impl std::io::Read for Pieces {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(piece) = self.0.front_mut() else { return Ok(0) };
        let n = piece.len().min(buf.len());
        buf[..n].copy_from_slice(&piece[..n]);
        piece.drain(..n);
        if piece.is_empty() {
            self.0.pop_front();
        }
        Ok(n)
    }
}

/// `data/chessops-pgn.txt` (the format is in its header): chessops's PGN tests (the TypeScript chess library by
/// Niklas Fiekas that lichess uses), with the four PGN files they read. Every case reads as chessops's test
/// expects — the same number of games, tags (the seven tag roster's defaults as forsyth writes them), main lines,
/// lines of play of a game built in code, positions along variations, NAGs and comments — and forsyth reads the
/// text chessops writes for the game back to the same game, laid out alike but for spacing; except where a rule
/// decides otherwise (TESTING.md, "Other projects' test data": the disagreements, each with its rule).
#[test]
fn chessops_pgn_cases() {
    use forsyth::notation::write_san;

    // chessops's game tree holds moves as written, without playing them, and its reader passes over a tag pair it
    // cannot read; forsyth plays every move and names what it cannot read. Each of these is refused, every game
    // with this code.
    const DISAGREEMENTS: [(&str, &str); 5] = [
        // A game built of SAN that is never played: `3. Bg5` with White's pawn still on d2.
        ("extend mainline", "illegal-move"),
        // `[Incomplete` ends the text: a tag pair without its value and `]`.
        ("parse headers", "bad-tag"),
        // Three games of antichess, which forsyth does not play.
        ("pgn file - headers-and-moves-on-the-same-line", "unknown-variant"),
        // Castling from the start position (the tests are of how the tokens are cut).
        ("tricky tokens", "illegal-move"),
        ("en/em dash", "illegal-move"),
    ];
    let data = include_str!("data/chessops-pgn.txt");
    let (mut agreed, mut refused, mut games_checked) = (0, 0, 0);
    for case in data.split("\n== ").skip(1) {
        let (name, rest) = case.split_once('\n').unwrap();
        let (expected, pgn) = rest.split_once("\npgn\n").unwrap_or_else(|| panic!("{name}: no `pgn` line"));
        let expected: Vec<(&str, &str)> =
            expected.split('\n').map(|line| line.split_once(' ').unwrap_or((line, ""))).collect();
        let value = |key: &str| expected.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        let text = if value("crlf").is_some() { pgn.replace('\n', "\r\n") } else { pgn.to_string() };
        let count: usize = value("games").map_or(1, |n| n.parse().unwrap());
        let games: Vec<Result<Game, PgnError>> = match value("chunks") {
            Some(lengths) => {
                let mut rest = text.as_bytes();
                let mut pieces = std::collections::VecDeque::new();
                for length in lengths.split(',') {
                    let (piece, after) = rest.split_at(length.parse().unwrap());
                    if !piece.is_empty() {
                        pieces.push_back(piece.to_vec());
                    }
                    rest = after;
                }
                assert!(rest.is_empty(), "{name}: the pieces are not the whole text");
                let reader = forsyth::pgn::Reader::from_read(std::io::BufReader::new(Pieces(pieces)));
                reader.games().map(|read| read.unwrap()).map(|read| read.error.map_or(Ok(read.game), Err)).collect()
            }
            None => read_all(&text),
        };
        assert_eq!(games.len(), count, "{name}");
        if let Some((_, code)) = DISAGREEMENTS.iter().find(|(n, _)| *n == name) {
            for game in &games {
                assert_eq!(game.as_ref().map_err(|e| e.kind.code()).err(), Some(*code), "{name}: {game:?}");
            }
            // The tags before the error are read as chessops reads them (the result is read with the movetext).
            let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
            for game in Game::read_all(&text, &options) {
                let game = game.unwrap();
                for (_, pair) in expected.iter().filter(|(k, v)| *k == "tag" && !v.starts_with("Result|")) {
                    let (tag, value) = pair.split_once('|').unwrap();
                    assert_eq!(tag_as_written(&game, tag), Some(value), "{name}: {tag}");
                }
                games_checked += 1;
            }
            refused += 1;
            continue;
        }
        for game in games {
            let mut trees = Vec::new();
            let game = game.unwrap_or_else(|e| panic!("{name}: {e}"));
            let (mut nodes, mut ends) = (Vec::new(), Vec::new());
            lines_of_play(&game.moves, game.start, &[], &mut nodes, &mut ends);
            let node = |path: &str| {
                nodes.iter().find(|(p, _, _)| p == path).unwrap_or_else(|| panic!("{name}: no line {path}"))
            };
            for &(key, value) in &expected {
                match key {
                    "tag" => {
                        let (tag, value) = value.split_once('|').unwrap();
                        assert_eq!(tag_as_written(&game, tag), Some(value), "{name}: {tag}");
                    }
                    "moves" => {
                        let mut pos = game.start;
                        let moves: Vec<String> = game
                            .moves
                            .nodes
                            .iter()
                            .map(|n| {
                                let san = write_san(&pos, n.mv);
                                pos.play_unchecked(n.mv);
                                san
                            })
                            .collect();
                        assert_eq!(moves.join(" "), value, "{name}");
                    }
                    "tree" => trees.push(value),
                    "fen" => {
                        let (path, fen) = value.split_once('|').unwrap();
                        assert_eq!(fen_legal_ep(&node(path).1), fen, "{name}: after {path}");
                    }
                    "nag" => {
                        let (path, nag) = value.split_once('|').unwrap();
                        let nags: Vec<u8> = node(path)
                            .2
                            .iter()
                            .filter_map(|a| if let Annotation::Nag(n) = a { Some(*n) } else { None })
                            .collect();
                        assert_eq!(nags, [nag.parse::<u8>().unwrap()], "{name}: after {path}");
                    }
                    "comment" => {
                        let (path, comment) = value.split_once('|').unwrap();
                        let comments: Vec<&str> = node(path)
                            .2
                            .iter()
                            .filter_map(|a| match a {
                                Annotation::Comment(text) => Some(text.as_str()),
                                _ => None,
                            })
                            .collect();
                        assert_eq!(comments, [comment], "{name}: after {path}");
                    }
                    "written" => {
                        let theirs = value.replace("\\n", "\n");
                        // The text chessops writes reads back to the game, with the tags chessops writes.
                        let again = one(&theirs);
                        assert_eq!(
                            (&again.start, &again.moves, again.result),
                            (&game.start, &game.moves, game.result),
                            "{name}"
                        );
                        for line in theirs.lines().filter(|line| line.starts_with('[')) {
                            let (tag, value) = line[1..line.len() - 1].split_once(' ').unwrap();
                            assert_eq!(tag_as_written(&game, tag), Some(&value[1..value.len() - 1]), "{name}: {tag}");
                        }
                        let ours = write(&game, &PgnWriteOptions::default());
                        assert_eq!(movetext_tokens(&ours), movetext_tokens(&theirs), "{name}");
                    }
                    "games" | "crlf" | "chunks" => {}
                    _ => panic!("{name}: unknown expectation {key:?}"),
                }
            }
            if !trees.is_empty() {
                ends.sort_unstable();
                trees.sort_unstable();
                assert_eq!(ends, trees, "{name}");
            }
            games_checked += 1;
        }
        agreed += 1;
    }
    assert_eq!((agreed, refused, games_checked), (6, 5, 21));
}

/// `data/chessops-comments.tsv` (the format is in its header): the comment commands chessops reads out of a comment
/// — elapsed time, clock, evaluation, marked squares and arrows — forsyth reads out of it too, with the same values,
/// and the text chessops leaves is in the comment forsyth keeps whole. The evaluation's depth is read past
/// (TESTING.md, "Other projects' test data": the disagreements).
#[test]
fn chessops_comment_commands() {
    use forsyth::pgn::{Eval, comment_commands, parse_clock, parse_eval, parse_markings};
    // chessops's `%eval` has at most five digits before the point: it reads no evaluation from `[%eval 450752]`,
    // which forsyth reads as 450752 pawns (TESTING.md).
    const LONG_EVAL: &str = "[%eval 450752]";
    let text = include_str!("data/chessops-comments.tsv");
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (comment, fields) = line.split_once('\t').unwrap();
        let fields: Vec<(&str, &str)> = fields.split('\t').map(|f| f.split_once('=').unwrap()).collect();
        let whole = fields.iter().any(|(name, _)| *name == "shapes");
        let commands: Vec<_> = comment_commands(comment).collect();
        let args = |name: &str| {
            let found: Vec<&str> = commands.iter().filter(|c| c.name == name).map(|c| c.args).collect();
            assert!(found.len() <= 1, "{comment}: {found:?}");
            found.first().copied()
        };
        for (name, command) in [("emt", "emt"), ("clock", "clk"), ("eval", "eval")] {
            if whole && !fields.iter().any(|(n, _)| *n == name) {
                if name == "eval" && comment.contains(LONG_EVAL) {
                    assert_eq!(args(command), Some("450752"), "{comment}");
                    continue;
                }
                assert_eq!(args(command), None, "{comment}: chessops reads no {name}");
            }
        }
        for (name, value) in fields {
            match name {
                "text" => assert!(comment.contains(value), "{comment}: {value}"),
                "emt" | "clock" => {
                    let command = if name == "emt" { "emt" } else { "clk" };
                    let seconds = args(command).and_then(parse_clock);
                    assert_eq!(seconds, Some(value.parse().unwrap()), "{comment}");
                }
                "eval" => {
                    let expected = match value.strip_prefix('#') {
                        Some(mate) => Eval::Mate(mate.parse().unwrap()),
                        None => Eval::Pawns(value.parse().unwrap()),
                    };
                    assert_eq!(args("eval").and_then(parse_eval), Some(expected), "{comment}");
                }
                // forsyth's evaluation holds pawns or a mate, and reads past the depth after the comma.
                "depth" => assert!(args("eval").unwrap().ends_with(&format!(",{value}")), "{comment}"),
                "shapes" => {
                    let mut shapes = Vec::new();
                    for command in commands.iter().filter(|c| c.name == "csl" || c.name == "cal") {
                        let markings = parse_markings(command.args).unwrap_or_else(|| panic!("{comment}"));
                        for m in markings {
                            shapes.push(format!("{}{}{}", m.color, m.from, m.to.unwrap_or(m.from)));
                        }
                    }
                    assert_eq!(shapes.join(","), value, "{comment}");
                }
                _ => panic!("{comment}: unknown field {name}"),
            }
        }
        cases += 1;
    }
    assert_eq!(cases, 10);
}

/// A comment's text without its comment commands (`[%clk 0:01:00]`), as pgn-parser gives it.
fn without_commands(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("[%") {
        let Some(end) = rest[start..].find(']') else { break };
        out.push_str(&rest[..start]);
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    out
}

/// The position before a move and the move, found by a path of pgn-parser's test (`1/0/2`: the third move of the
/// first variation after the main line's second move).
fn node_at<'a>(game: &'a Game, path: &str) -> (Position, &'a forsyth::pgn::Node) {
    let mut indices = path.split('/').map(|i| i.parse::<usize>().unwrap());
    let (mut line, mut pos) = (&game.moves, game.start);
    loop {
        let at = indices.next().unwrap();
        for node in &line.nodes[..at] {
            pos.play_unchecked(node.mv);
        }
        let node = line.nodes.get(at).unwrap_or_else(|| panic!("no move at {path}"));
        let Some(variation) = indices.next() else { return (pos, node) };
        line = variations(node).nth(variation).unwrap_or_else(|| panic!("no variation at {path}"));
    }
}

fn variations(node: &forsyth::pgn::Node) -> impl Iterator<Item = &Line> {
    node.annotations.iter().filter_map(|a| if let Annotation::Variation(line) = a { Some(line) } else { None })
}

/// `data/pgn-parser-cases.txt` (the format is in its header): pgn-parser's tests (Markus Liebelt's TypeScript PEG
/// parser for PGN, which parses without playing the moves), with the PGN files of its `test/pgn/` they count games
/// in. Every case reads as pgn-parser's test expects — the same number of games, moves, sides to move, SAN, NAGs,
/// comments and comment commands, marked squares and arrows, variations, draw offers, tags and results — or is
/// refused where pgn-parser refuses it, at the same place where both give one; except where a rule decides otherwise
/// (TESTING.md, "Other projects' test data": the disagreements, each with its rule).
#[test]
fn pgn_parser_cases() {
    // pgn-parser's grammar reads moves without playing them; forsyth plays every move and refuses a game at the
    // first it cannot play, with this code (the comment commands in the text are still read alike).
    const REFUSED: [(&str, &str); 30] = [
        // Moves that cannot be played where they stand: `27. Ng2` from the start position, Black's `e5` played by
        // White, `e4=Q`, `O-O` with the bishop on f1, `exd6 e.p.` with nothing to take, `Bc5` through a pawn.
        ("test-pgn: should ignore 1 space before or after", "illegal-move"),
        ("test-pgn: should read action comments, and avoid text comment on only whitespace", "illegal-move"),
        ("test-pgn: should understand evals mixed with normal comments", "illegal-move"),
        ("test-pgn: should emmit messages for mct with 1 hour digit", "illegal-move"),
        ("test-pgn: should emmit messages for egt, emt, clk with 2 hour digit (1)", "illegal-move"),
        ("test-pgn: should emmit messages for egt, emt, clk with 2 hour digit (2)", "illegal-move"),
        ("test-pgn: should emmit messages for egt, emt, clk with 2 hour digit (3)", "illegal-move"),
        ("test-pgn: should emmit a message for incomplete 1 hour digit commands: only seconds", "illegal-move"),
        ("test-pgn: should emmit a message for incomplete 1 hour digit commands: hours missing", "illegal-move"),
        ("test-pgn: should emmit a message for incomplete 1 hour digit commands: 1 digit minutes", "illegal-move"),
        ("test-pgn: should emmit a message for use of millis", "illegal-move"),
        ("test-pgn: should read SAN (short algebraic notation)", "illegal-move"),
        ("test-pgn: should read variants of LAN (long algebraic notation)", "illegal-move"),
        ("test-pgn: should read short and long castling", "illegal-move"),
        ("test-pgn: should understand all sorts of additional notation (without NAGs and promotion)", "illegal-move"),
        ("test-pgn: should understand all promotions for white and black", "illegal-move"),
        ("test-pgn: should allow promotion with and without '=' sign", "illegal-move"),
        ("test-pgn: should detect discriminators", "illegal-move"),
        ("test-pgn: should allow 'e.p.' in the notation", "illegal-move"),
        ("test-pgn: should handle BOM on the beginning of games", "illegal-move"),
        ("test-game: when reading game ending (1)", "illegal-move"),
        ("test-game: when reading game ending (2)", "illegal-move"),
        ("test-game: when reading game ending (3)", "illegal-move"),
        ("test-game: should read result including whitespace", "illegal-move"),
        ("test-game: should understand a draw offer after a move", "illegal-move"),
        ("test-game: should understand a draw offer after move with comments after it", "illegal-move"),
        ("test-games: should handle turn correct", "illegal-move"),
        ("test-uci: should handle the plain UCI format", "illegal-move"),
        // A crazyhouse drop, `B@e7`, and a crazyhouse game.
        ("test-pgn: should understand drop notation", "unreadable-move"),
        ("test-tags: should understand the variant tag", "unknown-variant"),
    ];
    // pgn-parser refuses a move number followed by two periods, each alone; forsyth reads a move number
    // indication of three periods, with no move after it.
    const READ: [&str; 2] = [
        "test-pgn: should check error #36 first example: mix of spaces and dots (1)",
        "test-pgn: should allow alternative syntax for catching exceptions",
    ];
    // Tags that forsyth reads otherwise: their names as written (`WhiteELO`, `white`, `Setup`), the first of two
    // pairs with one name, a Result tag as written, and the Result tag over the termination marker that disagrees
    // with it (with a warning): (case, tag, pgn-parser's value, forsyth's).
    const TAGS: [(&str, &str, &str, Option<&str>); 11] = [
        ("test-tags: should read all optional player related", "WhiteElo", "2899", None),
        ("test-tags: should read all optional player related", "BlackElo", "700", None),
        ("test-tags: should allow duplicate entries, last one winning", "White", "Me", Some("You")),
        ("test-tags: should allow duplicate entries, last one winning", "ECO", "ECO1", Some("ECO0815")),
        ("test-tags: should allow some variations in upper- and lowercase", "White", "Me", None),
        ("test-tags: should allow some variations in upper- and lowercase", "WhiteElo", "2400", None),
        ("test-tags: should allow some variations in upper- and lowercase", "EventDate", "2020.12.24", None),
        ("test-tags: should allow some variations in upper- and lowercase", "PlyCount", "23", None),
        ("test-tags: should allow variations of SetUp and WhiteELO", "SetUp", "1", None),
        ("test-tags: should read all kind of results: 1/2-1/2 (2)", "Result", "1/2-1/2", Some("1/2")),
        ("test-game: should handle different result from SAN as tag", "Result", "1-0", Some("0-1")),
    ];
    // Where forsyth places an error that pgn-parser places elsewhere: at the start of the word it cannot read, where
    // pgn-parser's grammar names the first character it cannot take: (case, pgn-parser's place, forsyth's).
    const PLACES: [(&str, &str, &str); 3] = [
        ("test-pgn-error: Has additional errorHint when getting a parse error", "1:2", "1:1"),
        ("test-pgn-error: Tags and pgn parsing", "4:5", "4:4"),
        ("test-pgn-error: More than 1 game parsing", "1:7", "1:4"),
    ];
    let otherwise = Otherwise { refused: &REFUSED, read: &READ, tags: &TAGS, places: &PLACES };
    let (agreed, disagreed) = other_project_cases(include_str!("data/pgn-parser-cases.txt"), "pgn-parser", &otherwise);
    // The cases read otherwise are those of REFUSED and READ; TAGS and PLACES differ inside cases otherwise alike.
    assert_eq!((agreed, disagreed), (181, 32));
}

/// What another project's test expects and forsyth reads otherwise, case by case (TESTING.md, "Other projects' test
/// data": the disagreements, each with the rule that decides it).
#[derive(Default)]
struct Otherwise<'a> {
    /// Cases forsyth refuses, with the error's code (the comment commands in the text are still checked).
    refused: &'a [(&'a str, &'a str)],
    /// Cases the other project refuses and forsyth reads.
    read: &'a [&'a str],
    /// Tags read otherwise: (case, tag, the other project's value, forsyth's).
    tags: &'a [(&'a str, &'a str, &'a str, Option<&'a str>)],
    /// Errors placed otherwise: (case, the other project's `LINE:COLUMN`, forsyth's).
    places: &'a [(&'a str, &'a str, &'a str)],
}

/// Reads every case of `data`, in the format of `data/pgn-parser-cases.txt` (its header gives the keys;
/// `data/cm-pgn-cases.txt` adds some), with the files it names in `data/{dir}/`, and checks what each expects:
/// (cases agreed, cases read otherwise as `otherwise` says or refused by the rules where the other project reads
/// them as they stand, the `allow` key).
fn other_project_cases(data: &str, dir: &str, otherwise: &Otherwise) -> (usize, usize) {
    use forsyth::notation::write_san;
    use forsyth::pgn::{comment_commands, parse_markings};
    use forsyth::{Allowed, Color};

    let options = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
    let cases: Vec<&str> = data.split("\n== ").skip(1).collect();
    let (mut agreed, mut disagreed) = (0, 0);
    for (i, case) in cases.iter().enumerate() {
        // The file's last line break separates nothing.
        let case = if i + 1 == cases.len() { case.strip_suffix('\n').unwrap() } else { case };
        let (name, rest) = case.split_once('\n').unwrap();
        let (expected, pgn) = match rest.split_once("\npgn\n") {
            Some((expected, pgn)) => (expected, pgn.to_string()),
            None => (rest, String::new()),
        };
        let expected: Vec<(&str, &str)> =
            expected.split('\n').map(|line| line.split_once(' ').unwrap_or((line, ""))).collect();
        let value = |key: &str| expected.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        let mut text = match value("file") {
            Some(file) => {
                let path = format!("{}/tests/data/{dir}/{file}", env!("CARGO_MANIFEST_DIR"));
                let mut text = String::new();
                forsyth::pgn::open_path(&path).unwrap().read_to_string(&mut text).unwrap();
                text
            }
            None => pgn,
        };
        if value("escapes").is_some() {
            text = text.replace("\\t", "\t").replace("\\r", "\r").replace("\\uFEFF", "\u{feff}");
        }
        if let Some(fen) = value("start") {
            text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{text}");
        }
        if value("trim-end").is_some() {
            text.truncate(text.trim_end().len());
        }
        // A position the other project reads as it stands and the rules refuse: refused as a bad FEN tag, then read
        // with its problems allowed.
        let allow = value("allow").map(|codes| codes.parse::<Allowed>().unwrap());
        let read = match allow {
            Some(allow) => {
                let strict = read_all(&text);
                let refused = strict.iter().find_map(|g| g.as_ref().err()).map(|e| e.kind.code());
                assert_eq!(refused, Some("bad-fen"), "{name}: by the rules");
                Game::read_all(&text, &PgnReadOptions { allow, ..PgnReadOptions::default() })
            }
            None => read_all(&text),
        };
        let allowed = PgnReadOptions { allow: allow.unwrap_or_default(), ..PgnReadOptions::default() };
        if let Some((_, code)) = otherwise.refused.iter().find(|(n, _)| *n == name) {
            let error = read.iter().find_map(|g| g.as_ref().err()).unwrap_or_else(|| panic!("{name}: read"));
            assert_eq!(error.kind.code(), *code, "{name}: {error}");
            // The comment commands are read from the text kept after the error.
            let kept = Game::read_all(&text, &options);
            let mut comments = Vec::new();
            for game in &kept {
                let game = game.as_ref().unwrap();
                let (mut nodes, mut ends) = (Vec::new(), Vec::new());
                lines_of_play(&game.moves, game.start, &[], &mut nodes, &mut ends);
                comments.extend(
                    game.moves
                        .intro
                        .iter()
                        .chain(nodes.iter().flat_map(|(_, _, a)| a.iter()))
                        .filter_map(|a| if let Annotation::Comment(text) = a { Some(text.clone()) } else { None }),
                );
            }
            for (_, command) in expected.iter().filter(|(k, _)| *k == "command") {
                let (_, command) = command.split_once('|').unwrap();
                let (name_, args) = command.split_once('|').unwrap();
                let found =
                    comments.iter().flat_map(|c| comment_commands(c)).any(|c| c.name == name_ && c.args == args);
                assert!(found, "{name}: no [%{name_} {args}] in {comments:?}");
            }
            disagreed += 1;
            continue;
        }
        if let Some(place) = value("error") {
            if otherwise.read.contains(&name) {
                assert!(matches!(&read[..], [Ok(_)]), "{name}: {read:?}");
                disagreed += 1;
                continue;
            }
            let error = read.iter().find_map(|g| g.as_ref().err()).unwrap_or_else(|| panic!("{name}: read"));
            if !place.is_empty() {
                let place = match otherwise.places.iter().find(|(n, _, _)| *n == name) {
                    Some((_, theirs, ours)) => {
                        assert_eq!(place, *theirs, "{name}");
                        ours
                    }
                    None => place,
                };
                assert_eq!(format!("{}:{}", error.line, error.column), place, "{name}: {error}");
            }
            if allow.is_some() {
                disagreed += 1
            } else {
                agreed += 1
            }
            continue;
        }
        let games: Vec<Game> = read.into_iter().map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
        match value("games") {
            Some(count) => assert_eq!(games.len(), count.parse::<usize>().unwrap(), "{name}"),
            // A file's games are counted where the test counts them.
            None if value("accepted").is_some() || value("file").is_some() => assert!(!games.is_empty(), "{name}"),
            None => assert_eq!(games.len(), 1, "{name}"),
        }
        let mut current = games.first();
        for &(key, value) in &expected {
            let (path, what) = value.split_once('|').unwrap_or((value, ""));
            let game = match key {
                "games" | "accepted" | "escapes" | "start" | "file" | "allow" | "trim-end" => continue,
                "in-game" => {
                    current = games.get(value.parse::<usize>().unwrap() - 1);
                    continue;
                }
                "results" => {
                    let count = games.iter().filter(|g| g.tag("Result") == Some(path)).count();
                    assert_eq!(count.to_string(), what, "{name}");
                    continue;
                }
                "players" => {
                    let mut names: Vec<&str> =
                        games.iter().flat_map(|g| [g.tag("White").unwrap(), g.tag("Black").unwrap()]).collect();
                    names.sort_unstable();
                    names.dedup();
                    assert_eq!(names.len().to_string(), value, "{name}");
                    continue;
                }
                _ => current.unwrap_or_else(|| panic!("{name}: no such game")),
            };
            // The annotations after a move, or before the first move for `game`.
            let annotations = |path: &str| -> &[Annotation] {
                if path == "game" { &game.moves.intro } else { &node_at(game, path).1.annotations }
            };
            let comments = |path: &str| -> Vec<&str> {
                annotations(path)
                    .iter()
                    .filter_map(|a| if let Annotation::Comment(text) = a { Some(text.as_str()) } else { None })
                    .collect()
            };
            let comment_text = |path: &str| collapsed(&without_commands(&comments(path).join(" ")));
            let markings = |path: &str, command: &str| -> Option<Vec<String>> {
                let found: Vec<_> =
                    comments(path).into_iter().flat_map(comment_commands).filter(|c| c.name == command).collect();
                (!found.is_empty()).then(|| {
                    found
                        .iter()
                        .flat_map(|c| parse_markings(c.args).unwrap_or_else(|| panic!("{name}: {}", c.args)))
                        .map(|m| format!("{}{}{}", m.color, m.from, m.to.map_or(String::new(), |to| to.to_string())))
                        .collect()
                })
            };
            match key {
                "length" => assert_eq!(game.moves.nodes.len().to_string(), value, "{name}"),
                "notation" => {
                    let (pos, node) = node_at(game, path);
                    // pgn-parser writes a null move as `Z0`.
                    let san = if node.mv.is_null() { "Z0".to_string() } else { write_san(&pos, node.mv) };
                    assert_eq!(san, what, "{name}: {path}");
                }
                "turn" => {
                    let turn = if node_at(game, path).0.turn() == Color::White { "w" } else { "b" };
                    assert_eq!(turn, what, "{name}: {path}");
                }
                "variations" => assert_eq!(variations(node_at(game, path).1).count().to_string(), what, "{name}"),
                "vlength" => {
                    let (node, variation) = path.rsplit_once('/').unwrap();
                    let line = variations(node_at(game, node).1).nth(variation.parse().unwrap()).unwrap();
                    assert_eq!(line.nodes.len().to_string(), what, "{name}: {path}");
                }
                "nags" => {
                    let nags: Vec<String> = annotations(path)
                        .iter()
                        .filter_map(|a| if let Annotation::Nag(n) = a { Some(format!("${n}")) } else { None })
                        .collect();
                    assert_eq!(nags.join(" "), what, "{name}: {path}");
                }
                "comment" => assert_eq!(comment_text(path), collapsed(&what.replace("\\n", "\n")), "{name}: {path}"),
                "comment-before" => {
                    // The comment before the first move of a line: the line's own.
                    let (parent, at) = path.rsplit_once('/').unwrap_or(("", path));
                    assert_eq!(at, "0", "{name}: only the comment before a line's first move is asked for");
                    let line = match parent.rsplit_once('/') {
                        None => &game.moves,
                        Some((node, variation)) => {
                            variations(node_at(game, node).1).nth(variation.parse().unwrap()).unwrap()
                        }
                    };
                    let intro: Vec<&str> = line
                        .intro
                        .iter()
                        .filter_map(|a| if let Annotation::Comment(text) = a { Some(text.as_str()) } else { None })
                        .collect();
                    assert_eq!(collapsed(&without_commands(&intro.join(" "))), what, "{name}: {path}");
                }
                "comment-exact" => assert_eq!(comments(path).join(" "), what.replace("\\n", "\n"), "{name}: {path}"),
                "fen" => {
                    let (mut pos, node) = node_at(game, path);
                    pos.play_unchecked(node.mv);
                    assert_eq!(Fen::from_position(&pos).to_string(), what, "{name}: {path}");
                }
                "uci" => {
                    let (pos, node) = node_at(game, path);
                    assert_eq!(write_uci(&pos, node.mv, false), what, "{name}: {path}");
                }
                "movetext" => {
                    let written = write(game, &PgnWriteOptions::default());
                    assert_eq!(movetext_tokens(&written), collapsed(value), "{name}");
                }
                "round-trip" => {
                    let written = write(game, &PgnWriteOptions::default());
                    let again = Game::read_all(&written, &allowed).remove(0).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let same = |g: &Game| {
                        let g = game_with_normalised_comments(g);
                        (g.start, g.moves, g.result)
                    };
                    assert_eq!(same(&again), same(game), "{name}: {written}");
                    assert_eq!(write(&again, &PgnWriteOptions::default()), written, "{name}");
                }
                "tags-written" => {
                    let written = write(game, &PgnWriteOptions::default());
                    let ours: Vec<&str> = written.lines().filter(|l| l.starts_with('[')).collect();
                    let theirs: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
                    assert_eq!(ours, theirs, "{name}");
                }
                "tag-count" => assert_eq!(game.tags.len().to_string(), value, "{name}"),
                "no-comment" => assert_eq!(comment_text(path), "", "{name}: {path}"),
                "command" => {
                    let (command, args) = what.split_once('|').unwrap();
                    let found: Vec<&str> = comments(path)
                        .into_iter()
                        .flat_map(comment_commands)
                        .filter(|c| c.name == command)
                        .map(|c| c.args)
                        .collect();
                    assert_eq!(found, [args], "{name}: {path}");
                }
                "fields" | "arrows" => {
                    let command = if key == "fields" { "csl" } else { "cal" };
                    let found = markings(path, command).unwrap_or_else(|| panic!("{name}: no %{command}"));
                    let theirs: Vec<&str> = what.split(',').filter(|m| !m.is_empty()).collect();
                    assert_eq!(&found[..theirs.len().min(found.len())], theirs, "{name}: {path}");
                }
                "fields-count" | "arrows-count" => {
                    let command = if key == "fields-count" { "csl" } else { "cal" };
                    assert_eq!(markings(path, command).unwrap_or_default().len().to_string(), what, "{name}");
                }
                "tag" => {
                    let found = if path == "Result" {
                        game.result.map(|r| r.as_str()).or_else(|| game.tag("Result"))
                    } else {
                        game.tag(path)
                    };
                    let what = match otherwise.tags.iter().find(|(n, tag, _, _)| *n == name && *tag == path) {
                        Some((_, _, theirs, ours)) => {
                            assert_eq!(what, *theirs, "{name}: {path}");
                            *ours
                        }
                        None => Some(what),
                    };
                    assert_eq!(found, what, "{name}: {path} in {:?}", game.tags);
                }
                _ => panic!("{name}: unknown expectation {key:?}"),
            }
        }
        if allow.is_some() { disagreed += 1 } else { agreed += 1 }
    }
    (agreed, disagreed)
}

/// `data/cm-pgn-cases.txt` (the format is in its header): cm-pgn's tests (Stefan Haack's JavaScript PGN library,
/// which plays the moves with chess.js), with the file of its `test/assets/`. Every case reads as cm-pgn's test
/// expects — moves, SAN and UCI, positions after moves, NAGs, comments before and after moves, variations, tags, the
/// movetext as rendered, games in a file — or is refused where the test expects a move to be refused; except where a
/// rule decides otherwise (TESTING.md, "Other projects' test data": the disagreements).
#[test]
fn cm_pgn_cases() {
    // cm-pgn keeps the last of two tag pairs with one name, forsyth the first (as for pgn-parser above).
    const TAGS: [(&str, &str, &str, Option<&str>); 1] =
        [("TestPgn: should parse stappenmethode weekly.pgn", "Annotator", "app 037-1", Some("S3"))];
    let otherwise = Otherwise { tags: &TAGS, ..Otherwise::default() };
    let (agreed, disagreed) = other_project_cases(include_str!("data/cm-pgn-cases.txt"), "cm-pgn", &otherwise);
    // The four cases of a FEN with thirty-one black pawns are read only with those problems allowed.
    assert_eq!((agreed, disagreed), (39, 4));
}

/// A file of pgn-extract's test suite (`data/pgn-extract/`, unchanged: see its README).
fn pgn_extract_text(path: &str) -> String {
    let full = format!("{}/tests/data/pgn-extract/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// Every game of a file of pgn-extract's test suite, read without error.
fn pgn_extract_games(path: &str, options: &PgnReadOptions) -> Vec<Game> {
    let games = Game::read_all(&pgn_extract_text(path), options);
    games.into_iter().map(|game| game.unwrap_or_else(|e| panic!("{path}: {e}"))).collect()
}

/// A game as pgn-extract writes it, for comparing meaning, not layout: the Seven Tag Roster first (with `?` for a
/// missing tag), then the other tags in file order, and comments with their white space collapsed.
fn as_pgn_extract_writes(game: &Game) -> Game {
    let mut tags: Vec<(String, String)> = SEVEN_TAG_ROSTER
        .iter()
        .map(|(name, missing)| (name.to_string(), game.tag(name).unwrap_or(missing).to_string()))
        .collect();
    let rest = game.tags.iter().filter(|(name, _)| SEVEN_TAG_ROSTER.iter().all(|(roster, _)| roster != name));
    tags.extend(rest.cloned());
    Game { tags, ..game_with_normalised_comments(game) }
}

/// Records every move read, in file order (variations too), with the position before it and the word it was
/// read from.
#[derive(Default)]
struct Words {
    moves: Vec<(Position, Move, String)>,
}

impl Visitor for Words {
    fn play_written(&mut self, before: &Position, mv: Move, written: &str) {
        self.moves.push((*before, mv, written.to_string()));
    }
}

/// pgn-extract's `test-WW` writes one game in each of its notations: forsyth reads every one back to the same
/// game, and writes the same moves in the notations it shares — UCI (`-Wuci`), long algebraic with pieces and
/// capture signs (`-Wxlalg`, forsyth's `lan`) and SAN with German letters (`-WsanBSLTDK`). Its `-Wepd` positions
/// and the `--fencomments` and `-F` FENs are forsyth's FENs. Differences are in TESTING.md ("Other projects' test
/// data").
#[test]
fn pgn_extract_notations() {
    use forsyth::notation::styles::write_move;

    let game = &pgn_extract_games("infiles/test-ucW.pgn", &PgnReadOptions::default())[0];
    let german_letters = Letters::language(Language::De);
    let german = PgnReadOptions { moves: MoveReadOptions::with_letters(german_letters), ..PgnReadOptions::default() };
    let german_san = MoveWriteOptions { letters: german_letters, ..MoveWriteOptions::new(MoveStyle::San) };
    // (the Makefile's flag, pgn-extract's expected output, how forsyth reads it, the same notation in forsyth)
    let notations = [
        ("-Whalg", "test-WWhalg-out.pgn", PgnReadOptions::default(), None),
        ("-Wlalg", "test-WWlalg-out.pgn", PgnReadOptions::default(), None),
        ("-Welalg", "test-WWelalg-out.pgn", PgnReadOptions::default(), None),
        ("-Wxlalg", "test-WWxlalg-out.pgn", PgnReadOptions::default(), Some(MoveWriteOptions::new(MoveStyle::Lan))),
        ("-Wuci", "test-WWuci-out.pgn", PgnReadOptions::default(), Some(MoveWriteOptions::new(MoveStyle::Uci))),
        ("-WsanBSLTDK", "test-WWdeutsch-out.pgn", german, Some(german_san)),
    ];
    let mut words = 0;
    for (flag, output, read_options, write_options) in notations {
        let path = format!("outfiles/{output}");
        let read = pgn_extract_games(&path, &read_options);
        assert_eq!(read.len(), 1, "{flag}");
        if flag == "-Wuci" {
            // pgn-extract's UCI output is the main line alone, without comments, NAGs or variations.
            assert_eq!(main_line_uci(&read[0]), main_line_uci(game), "{flag}");
            assert_eq!((&read[0].tags, read[0].result), (&game.tags, game.result), "{flag}");
        } else {
            assert_eq!(as_pgn_extract_writes(&read[0]), as_pgn_extract_writes(game), "{flag}");
        }
        let Some(write_options) = write_options else { continue };
        let mut written = Words::default();
        let raw = GameSplitter::new(pgn_extract_text(&path).as_bytes()).next().unwrap().unwrap();
        assert_eq!(read_game(&raw, &read_options, &mut written).error, None, "{flag}");
        for (before, mv, word) in &written.moves {
            let ours = write_move(before, *mv, &write_options);
            words += 1;
            // Castling in long algebraic: pgn-extract writes the king's move, forsyth `O-O` (FIDE Laws, Appendix C,
            // writes castling `0-0` in the long notation as in the short one).
            if flag == "-Wxlalg" && ours.starts_with("O-O") {
                let king = write_move(before, *mv, &MoveWriteOptions::new(MoveStyle::Uci));
                assert_eq!(word.replace('-', ""), king, "{flag}: castling");
                continue;
            }
            assert_eq!(&ours, word, "{flag}: the move after {}", Fen::from_position(before));
        }
    }
    // Every move of the main line in the three files, and of the variation in two.
    assert_eq!(words, 3 * game.moves.nodes.len() + 2);

    // -Wepd: the EPD of the start and of the position after each main-line move, with pgn-extract's `c0` and `c1`
    // opcodes after it; an en passant square after every double step, as forsyth's FEN writes it.
    let mut positions = vec![game.start];
    for node in &game.moves.nodes {
        let mut next = *positions.last().unwrap();
        next.play_unchecked(node.mv);
        positions.push(next);
    }
    let epd: Vec<String> = pgn_extract_text("outfiles/test-WWepd-out.pgn")
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| line.split(' ').take(4).collect::<Vec<_>>().join(" "))
        .collect();
    let ours: Vec<String> = positions
        .iter()
        .map(|pos| Fen::from_position(pos).to_string().split(' ').take(4).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(epd, ours, "-Wepd");

    // --fencomments: the FEN after every move, main line and variations, as a comment after the move; forsyth's
    // writer puts the same FENs after the same moves (right after the move, where pgn-extract puts it after the
    // move's NAGs and comments).
    fn fen_comments_first(line: &Line) -> Line {
        let nodes = line.nodes.iter().map(|node| {
            let is_fen = |a: &&Annotation| matches!(a, Annotation::Comment(text) if text.parse::<Fen>().is_ok());
            let fens = node.annotations.iter().filter(is_fen);
            let rest = node.annotations.iter().filter(|a| !is_fen(a)).map(|a| match a {
                Annotation::Variation(v) => Annotation::Variation(fen_comments_first(v)),
                other => other.clone(),
            });
            forsyth::pgn::Node { mv: node.mv, annotations: fens.cloned().chain(rest).collect() }
        });
        Line { intro: line.intro.clone(), nodes: nodes.collect() }
    }
    let input = &pgn_extract_games("infiles/test-fencomments.pgn", &PgnReadOptions::default())[0];
    let expected = &pgn_extract_games("outfiles/test-fencomments-out.pgn", &PgnReadOptions::default())[0];
    let expected = Game { moves: fen_comments_first(&expected.moves), ..expected.clone() };
    let ours = &read_all(&write(input, &PgnWriteOptions { fen_comments: true, ..PgnWriteOptions::default() }));
    let ours = ours[0].as_ref().unwrap();
    assert_eq!(as_pgn_extract_writes(ours), as_pgn_extract_writes(&expected), "--fencomments");

    // -F: the final position's FEN, quoted, in a comment after the last move.
    let input = &pgn_extract_games("infiles/test-F.pgn", &PgnReadOptions::default())[0];
    let expected = &pgn_extract_games("outfiles/test-FF-out.pgn", &PgnReadOptions::default())[0];
    let mut end = input.start;
    for node in &input.moves.nodes {
        end.play_unchecked(node.mv);
    }
    let last = expected.moves.nodes.last().unwrap().annotations.last().unwrap();
    assert_eq!(last, &Annotation::Comment(format!("\"{}\"", Fen::from_position(&end))), "-F");
}

/// pgn-extract's tests that read games and write them again, whole or without comments, NAGs or variations:
/// forsyth reads each input to the games of pgn-extract's expected output (the same tags, moves, comments, NAGs,
/// variations and result), and writes them without what the flag leaves out to the same games. Its tests of
/// refused and repaired games follow: an illegal move, results that contradict the Result tag, a nested comment. Differences are in TESTING.md ("Other projects' test data").
#[test]
fn pgn_extract_reading() {
    let whole = PgnWriteOptions::default();
    let no_comments = PgnWriteOptions { comments: false, ..whole.clone() };
    let no_nags = PgnWriteOptions { nags: false, ..whole.clone() };
    let no_variations = PgnWriteOptions { variations: false, ..whole.clone() };
    // (the Makefile's target and flags, input, pgn-extract's expected output, what forsyth writes: every game of
    // the input once for each, where the target appends a second run to the output)
    let cases: [(&str, &str, &str, &[&PgnWriteOptions]); 13] = [
        ("no-flags-2: (moves without tags)", "infiles/fools-mate.txt", "infiles/fools-mate.pgn", &[&whole]),
        ("test-output: -o (long algebraic)", "infiles/test-o.txt", "outfiles/test-o-out.pgn", &[&whole]),
        ("test-s: -s", "infiles/test-s.pgn", "outfiles/test-s-out.pgn", &[&whole]),
        ("test-TT: -TwFischer (every game)", "infiles/fischer.pgn", "outfiles/test-TTw-out.pgn", &[&whole]),
        ("test-allownullmoves", "infiles/test-allownullmoves.pgn", "outfiles/test-allownullmoves-out.pgn", &[&whole]),
        (
            "test-long-line: (a long comment)",
            "infiles/test-long-line.pgn",
            "outfiles/test-long-line-out.pgn",
            &[&whole],
        ),
        ("test-nocomments: -C", "infiles/test-C.pgn", "outfiles/test-CC-out.pgn", &[&no_comments]),
        ("test-NN: -N", "infiles/test-N.pgn", "outfiles/test-NN-out.pgn", &[&no_nags]),
        (
            "test-NN: (none), then -N",
            "infiles/test-nagcomments.pgn",
            "outfiles/test-nagcomments-out.pgn",
            &[&whole, &no_nags],
        ),
        ("test-VV: -V", "infiles/test-V.pgn", "outfiles/test-VV-out.pgn", &[&no_variations]),
        // What pgn-extract writes without check signs, move numbers or the termination marker reads back to the
        // same game (forsyth has no such options: it writes the PGN standard's export format).
        ("test-nochecks: --nochecks", "infiles/test-nochecks.pgn", "outfiles/test-nochecks-out.pgn", &[&whole]),
        (
            "test-nomovenumbers: --nomovenumbers",
            "infiles/test-nomovenumbers.pgn",
            "outfiles/test-nomovenumbers-out.pgn",
            &[&whole],
        ),
        ("test-noresults: --noresults", "infiles/test-noresults.pgn", "outfiles/test-noresults-out.pgn", &[&whole]),
    ];
    for (test, input, output, runs) in cases {
        let games = pgn_extract_games(input, &PgnReadOptions::default());
        let ours: Vec<Game> = runs
            .iter()
            .flat_map(|options| games.iter().map(move |game| write(game, options)))
            .map(|text| read_all(&text).remove(0).unwrap_or_else(|e| panic!("{test}: {e}")))
            .collect();
        let expected = pgn_extract_games(output, &PgnReadOptions::default());
        assert_eq!(ours.len(), expected.len(), "{test}");
        for (ours, expected) in ours.iter().zip(&expected) {
            // `--noresults` leaves out the termination marker alone: the Result tag keeps the result.
            let marker = if output.ends_with("noresults-out.pgn") { None } else { ours.result };
            let ours = Game { result: marker, ..ours.clone() };
            assert_eq!(as_pgn_extract_writes(&ours), as_pgn_extract_writes(expected), "{test}");
        }
    }

    // test-nobadresults: pgn-extract leaves out the games whose termination marker contradicts their Result tag,
    // and keeps those that end with `*` after a Result tag of a result; forsyth warns of both (`result-mismatch`).
    let text = pgn_extract_text("infiles/test-nobadresults.pgn");
    let kept: Vec<Game> = GameSplitter::new(text.as_bytes())
        .filter_map(|raw| {
            let mut builder = GameBuilder::default();
            let report = read_game(&raw.unwrap(), &PgnReadOptions::default(), &mut builder);
            assert_eq!(report.error, None);
            let mismatch = report.warnings.iter().any(|w| w.kind.code() == "result-mismatch");
            let unfinished = report.warnings.iter().any(|w| w.kind.code() == "result-mismatch" && w.token == "*");
            (!mismatch || unfinished).then(|| builder.finish())
        })
        .collect();
    let expected = pgn_extract_games("outfiles/test-nobadresults-out.pgn", &PgnReadOptions::default());
    assert_eq!(kept.len(), expected.len(), "test-nobadresults");
    for (ours, expected) in kept.iter().zip(&expected) {
        assert_eq!(main_line_uci(ours), main_line_uci(expected), "test-nobadresults");
        assert_eq!(ours.tag("Result"), expected.tag("Result"), "test-nobadresults");
    }

    // test-fixresulttags: each input game ends in a mate or stalemate its result contradicts, and pgn-extract's
    // output sets the result the position gives; forsyth warns at each marker, naming that result, and reads the
    // output without a warning.
    let input = pgn_extract_text("infiles/test-fixresulttags-in.pgn");
    let fixed = pgn_extract_games("outfiles/test-fixresulttags-out.pgn", &PgnReadOptions::default());
    let raws: Vec<_> = GameSplitter::new(input.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(raws.len(), fixed.len(), "test-fixresulttags");
    for (raw, fixed) in raws.iter().zip(&fixed) {
        let report = read_game(raw, &PgnReadOptions::default(), &mut Validate);
        let [warning] = &report.warnings[..] else { panic!("test-fixresulttags: {:?}", report.warnings) };
        assert_eq!(warning.kind.code(), "result-contradicts-position", "test-fixresulttags");
        let by_the_rules = fixed.tag("Result").unwrap();
        assert!(warning.reason.contains(&format!("which makes it {by_the_rules} ")), "{}", warning.reason);
    }
    let output = pgn_extract_text("outfiles/test-fixresulttags-out.pgn");
    for raw in GameSplitter::new(output.as_bytes()) {
        let report = read_game(&raw.unwrap(), &PgnReadOptions::default(), &mut Validate);
        assert!(report.warnings.is_empty(), "test-fixresulttags: {:?}", report.warnings);
    }

    // test-r: the move pgn-extract's log says it failed to make (`Failed to make move 3. Kf2 in the game:`) is the
    // move forsyth refuses, on the same line.
    let log = pgn_extract_text("outfiles/test-r-log.txt");
    let failed = log.lines().find_map(|line| line.strip_prefix("Failed to make move ")).unwrap();
    let failed = failed.trim_end_matches(" in the game:");
    // White's move (`3.`, not `3...`): ply 2n - 1.
    let (number, _) = failed.split_once(". ").unwrap();
    let ply = 2 * number.parse::<u32>().unwrap() - 1;
    let line: u64 = log.lines().find_map(|line| line.split("Line number: ").nth(1)).unwrap().parse().unwrap();
    let error = &read_all(&pgn_extract_text("infiles/test-r.txt"))[0];
    let error = error.as_ref().expect_err("test-r: an illegal move");
    let found = (error.kind.code(), error.ply, error.token.as_str(), error.line);
    assert_eq!(found, ("illegal-move", Some(ply), failed, line), "test-r");

    // test-nestedcomments: pgn-extract's --nestedcomments reads `{ ... { ... } ... }` as one comment; forsyth ends
    // the comment at the first `}`, so the words after it are read as moves.
    let error = &read_all(&pgn_extract_text("infiles/nested-comment.pgn"))[0];
    let error = error.as_ref().expect_err("a nested comment reads as one");
    assert_eq!((error.kind.code(), error.ply), ("unreadable-move", Some(2)), "test-nestedcomments");
    assert!(pgn_extract_text("outfiles/test-nestedcomments-out.pgn").contains("{ a nested comment }"));
}

/// One game as kokopu's test dumps it (`data/kokopu/pgns/DIR/N.txt`): some tags, every move by kokopu's label
/// (`3w`, `3w-v1-4w-v0-4b`: the variation's index after the move it is an alternative to) with its SAN, half-move
/// clock and NAGs, the final board with side to move and castling rights, the result and the main line's length.
struct KokopuGame {
    tags: Vec<(String, String)>,
    moves: Vec<(String, String, u32, Vec<u8>)>,
    /// The comment and comment commands of each move and of each line's start that has any, by label.
    comments: Vec<KokopuComment>,
    board: String,
    turn_and_castling: String,
    result: String,
    plies: usize,
}

fn kokopu_game(dump: &str) -> KokopuGame {
    let mut game = KokopuGame {
        tags: vec![],
        moves: vec![],
        comments: vec![],
        board: String::new(),
        turn_and_castling: String::new(),
        result: String::new(),
        plies: 0,
    };
    let mut rows = Vec::new();
    for line in dump.lines() {
        if let Some(rest) = line.strip_prefix('[') {
            let (label, rest) = rest.split_once(']').unwrap();
            let rest = rest.trim_start_matches([' ', '|']);
            let Some(rest) = rest.strip_prefix('(') else {
                // A line's start: `-+` for the main line, `+---+` for a variation, then what comes before its first move.
                let (comment, commands) = kokopu_annotation(rest.trim_start_matches(['-', '+']));
                if !comment.is_empty() || !commands.is_empty() {
                    game.comments.push((label.to_string(), comment, commands));
                }
                continue;
            };
            let (_, rest) = rest.split_once(") ").unwrap();
            let (san, rest) = rest.split_once(" (#hm=").unwrap();
            let (clock, rest) = rest.split_once(')').unwrap();
            let nags = rest.split_whitespace().map_while(|t| t.strip_prefix('$')).map(|n| n.parse().unwrap()).collect();
            game.moves.push((label.to_string(), san.to_string(), clock.parse().unwrap(), nags));
            let (comment, commands) = kokopu_annotation(rest);
            if !comment.is_empty() || !commands.is_empty() {
                game.comments.push((label.to_string(), comment, commands));
            }
        } else if let Some((name, value)) = line.split_once(" = {") {
            if ["Event", "Site", "White", "Black"].contains(&name) {
                game.tags.push((name.to_string(), value.trim_end_matches('}').to_string()));
            }
        } else if let Some(row) = line.strip_prefix("| ") {
            let mut fen_row = String::new();
            for square in row.split(" | ").map(|s| s.trim_end_matches(" |").trim()) {
                match (square, fen_row.chars().last()) {
                    ("", Some(c)) if c.is_ascii_digit() => {
                        fen_row.pop();
                        fen_row.push(char::from_digit(c.to_digit(10).unwrap() + 1, 10).unwrap());
                    }
                    ("", _) => fen_row.push('1'),
                    (piece, _) => fen_row.push_str(piece),
                }
            }
            rows.push(fen_row);
        } else if line.starts_with("w ") || line.starts_with("b ") {
            let fields: Vec<&str> = line.split(' ').collect();
            game.turn_and_castling = format!("{} {}", fields[0], fields[1]);
        } else if let Some(rest) = line.strip_prefix('{') {
            let (result, plies) = rest.split_once("}{").unwrap();
            game.result = result.to_string();
            game.plies = plies.trim_end_matches(" plies}").parse().unwrap();
        }
    }
    // The last board is the final one (a game from a set-up position shows its start first).
    game.board = rows[rows.len().saturating_sub(8)..].join("/");
    game
}

/// A comment as kokopu's dump shows it, by the label of its move or line start: its text, and its comment commands
/// (`[%name args]`, taken out of the text) by name.
type KokopuComment = (String, String, Vec<(String, String)>);

/// The comment and commands in what kokopu's dump shows after a move's NAGs or a line's start mark:
/// `[name = {args}]` for each command, `{text}` for the comment, `<LONG` where a blank line set it apart.
fn kokopu_annotation(mut rest: &str) -> (String, Vec<(String, String)>) {
    let (mut comment, mut commands) = (String::new(), Vec::new());
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("<LONG") {
            rest = after;
        } else if rest.starts_with('$') {
            rest = rest.split_once(' ').map_or("", |(_, after)| after);
        } else if let Some(after) = rest.strip_prefix('[') {
            let (name, after) = after.split_once(" = {").unwrap();
            let (args, after) = after.split_once("}]").unwrap();
            commands.push((name.to_string(), args.to_string()));
            rest = after;
        } else if let Some(after) = rest.strip_prefix('{') {
            let end = after.rfind('}').unwrap();
            comment = after[..end].to_string();
            rest = &after[end + 1..];
        } else {
            return (comment, commands);
        }
    }
}

/// The comments of a game by kokopu's labels, as kokopu keeps them: the comments after a move (or before a line's
/// first move) joined into one, commands taken out of the text (the last of a name kept, one without arguments
/// dropped), white space collapsed.
fn kokopu_comments(game: &Game, less: u32) -> Vec<KokopuComment> {
    fn joined(label: String, annotations: &[Annotation], out: &mut Vec<KokopuComment>) {
        let (mut texts, mut commands) = (Vec::new(), std::collections::BTreeMap::new());
        for annotation in annotations {
            let Annotation::Comment(comment) = annotation else { continue };
            for command in forsyth::pgn::comment_commands(comment) {
                if !command.args.trim().is_empty() {
                    commands.insert(command.name.to_string(), collapsed(command.args));
                }
            }
            // The text without its commands: each `[%` to the next `]` left out.
            let mut text = String::new();
            let mut rest = comment.as_str();
            while let Some(start) = rest.find("[%") {
                let Some(end) = rest[start..].find(']') else { break };
                text.push_str(&rest[..start]);
                text.push(' ');
                rest = &rest[start + end + 1..];
            }
            text.push_str(rest);
            texts.push(collapsed(&text));
        }
        texts.retain(|t| !t.is_empty());
        if !texts.is_empty() || !commands.is_empty() {
            out.push((label, texts.join(" "), commands.into_iter().collect()));
        }
    }
    let mut out = Vec::new();
    for (label, place) in kokopu_places(game, less) {
        match place {
            KokopuPlace::LineStart(intro) => joined(label, intro, &mut out),
            KokopuPlace::Move(_, node) => joined(label, &node.annotations, &mut out),
        }
    }
    out.sort();
    out
}

/// A place in a game that kokopu's dump labels: a line's start, with what comes before its first move, or a move,
/// with the position before it.
enum KokopuPlace<'g> {
    LineStart(&'g [Annotation]),
    Move(Position, &'g forsyth::pgn::Node),
}

/// Every place of a game by kokopu's labels (`start`, `1w`, `1b-v0-start`, `1b-v0-1b`), in file order.
/// `less` is taken off every move number (kokopu keeps a FEN tag's move number 0, which forsyth reads as 1).
fn kokopu_places(game: &Game, less: u32) -> Vec<(String, KokopuPlace<'_>)> {
    fn walk<'g>(line: &'g Line, start: Position, prefix: &str, less: u32, out: &mut Vec<(String, KokopuPlace<'g>)>) {
        out.push((format!("{prefix}start"), KokopuPlace::LineStart(&line.intro)));
        let mut pos = start;
        for node in &line.nodes {
            let side = if pos.turn() == forsyth::Color::White { 'w' } else { 'b' };
            let label = format!("{prefix}{}{side}", pos.fullmoves() - less);
            out.push((label.clone(), KokopuPlace::Move(pos, node)));
            let before = pos;
            pos.play_unchecked(node.mv);
            for (i, variation) in variations(node).enumerate() {
                walk(variation, before, &format!("{label}-v{i}-"), less, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&game.moves, game.start, "", less, &mut out);
    out
}

/// Every move of a game by kokopu's labels, with its SAN, half-move clock after it and NAGs.
/// `less` is taken off every move number (kokopu keeps a FEN tag's move number 0, which forsyth reads as 1).
fn kokopu_labels(game: &Game, less: u32) -> Vec<(String, String, u32, Vec<u8>)> {
    let mut out: Vec<_> = kokopu_places(game, less)
        .into_iter()
        .filter_map(|(label, place)| {
            let KokopuPlace::Move(before, node) = place else { return None };
            let san = if node.mv.is_null() { "--".to_string() } else { forsyth::notation::write_san(&before, node.mv) };
            let mut after = before;
            after.play_unchecked(node.mv);
            let nags = node.annotations.iter().filter_map(|a| if let Annotation::Nag(n) = a { Some(*n) } else { None });
            Some((label, san, after.halfmoves(), nags.collect()))
        })
        .collect();
    out.sort();
    out
}

/// kokopu's PGN reading tests (Yoann Le Montagner's JavaScript chess library: `test/resources/pgns/` with
/// `pgns.csv`, the games each file holds, and for each game either the dump of what kokopu read or the line of the
/// error it reports; `data/kokopu/`, unchanged). Every game kokopu reads, forsyth reads to the same moves in every
/// variation, with the same SAN, half-move clocks and NAGs, the same comments and comment commands after each move
/// and before each line's first move (25), the same final board, side to move and castling rights,
/// result, main-line length and tags; every error kokopu reports, forsyth reports on the same line — but for the
/// disagreements below (TESTING.md, "Other projects' test data").
#[test]
fn kokopu_pgn_reading() {
    let root = format!("{}/tests/data/kokopu", env!("CARGO_MANIFEST_DIR"));
    // kokopu's variants that forsyth does not play: their games are refused (`unknown-variant`).
    const OTHER_VARIANTS: [&str; 3] = ["antichess", "horde", "optional-kings"];
    // Errors kokopu reports on a line where forsyth reads on or reports elsewhere: (file, kokopu's line, forsyth's).
    // Games kokopu reads and forsyth refuses: (file, game, forsyth's error). `{ab{cd\}ef}`: kokopu takes `\}` as an
    // escaped brace; by the PGN standard (§5) the comment ends there, and `ef\\ghij` is no move.
    const REFUSED: [(&str, usize, ErrorKind); 1] = [("misc", 1, ErrorKind::UnreadableMove)];
    const ERRORS: [(&str, u64, Option<u64>); 9] = [
        // `1. Pe4`, `Pe5`: a pawn move with its letter, which forsyth reads leniently.
        ("syntactic-error-1", 8, None),
        ("syntactic-error-1", 44, None),
        ("syntactic-error-1", 58, None),
        ("syntactic-error-1", 64, None),
        // `[Site "Somewhere " else"]`: read up to the last quote, with a `tag-quote` warning (as python-chess).
        ("syntactic-error-1", 31, None),
        // A tag pair after movetext with no result, after a blank line: the next game, as the splitter reads it.
        ("syntactic-error-1", 93, None),
        // `[Event "..."` with its `]` missing: forsyth at the end of its line, kokopu on the next.
        ("syntactic-error-1", 105, Some(103)),
        // `[Variant "Chess960"]` without a FEN tag: forsyth starts from the standard array (518).
        ("semantic-error", 27, None),
        // `{I miss my closing brace...` then a tag pair line: forsyth reports the comment and reads the next game.
        ("syntactic-error-4", 3, Some(3)),
    ];
    // The files forsyth cuts into more games (the errors above say why): (file, games).
    const COUNTS: [(&str, usize); 2] = [("syntactic-error-1", 23), ("syntactic-error-4", 2)];
    let csv = std::fs::read_to_string(format!("{root}/pgns.csv")).unwrap();
    let (mut games_compared, mut moves_compared, mut errors_compared, mut otherwise) = (0, 0, 0, 0);
    let mut comments_compared = 0;
    for line in csv.lines().skip(1) {
        let (dir, count) = line.split_once('\t').unwrap();
        let count: usize = count.parse().unwrap();
        let bytes = std::fs::read(format!("{root}/pgns/{dir}/database.pgn")).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let ours = read_all(&text);
        let expected_count = COUNTS.iter().find(|(d, _)| *d == dir).map_or(count, |(_, n)| *n);
        assert_eq!(ours.len(), expected_count, "{dir}");
        let (mut theirs_err, mut ours_err) = (Vec::new(), Vec::new());
        for game in &ours {
            if let Err(e) = game {
                ours_err.push(e.line);
            }
        }
        for i in 0..count {
            let path = format!("{root}/pgns/{dir}/{i}");
            if let Ok(err) = std::fs::read_to_string(format!("{path}.err")) {
                theirs_err.push(err.lines().nth(1).unwrap().parse::<u64>().unwrap());
                continue;
            }
            let dump = std::fs::read_to_string(format!("{path}.txt")).unwrap();
            let theirs = kokopu_game(&dump);
            // Games are matched by index where both read as many, else by the Event tag.
            let ours = if ours.len() == count {
                &ours[i]
            } else {
                let event = &theirs.tags.iter().find(|(n, _)| n == "Event").unwrap().1;
                ours.iter().find(|g| g.as_ref().is_ok_and(|g| g.tag("Event") == Some(event))).unwrap()
            };
            let refused = REFUSED.iter().find(|(d, n, _)| *d == dir && *n == i).map(|(_, _, kind)| *kind);
            if let Some(kind) = refused.or(OTHER_VARIANTS.contains(&dir).then_some(ErrorKind::UnknownVariant)) {
                assert_eq!(ours.as_ref().unwrap_err().kind, kind, "{dir} {i}");
                ours_err.retain(|&l| l != ours.as_ref().unwrap_err().line);
                otherwise += 1;
                continue;
            }
            let game = ours.as_ref().unwrap_or_else(|e| panic!("{dir} {i}: {e}"));
            let zero = game.tag("FEN").is_some_and(|fen| fen.ends_with(" 0"));
            let (mut moves, mut labels) = (theirs.moves.clone(), kokopu_labels(game, u32::from(zero)));
            otherwise += usize::from(zero);
            if game.start.halfmoves() != 0 || moves.iter().any(|(_, san, _, _)| san == "--") {
                // kokopu counts the half-move clock from 0 whatever the FEN tag says, and sets it to 0 at a null
                // move; forsyth counts from the FEN's, and a null move as a move (as python-chess does).
                for (_, _, clock, _) in moves.iter_mut().chain(labels.iter_mut()) {
                    *clock = 0;
                }
                otherwise += 1;
            }
            moves.sort();
            assert_eq!(labels, moves, "{dir} {i}");
            let mut comments = theirs.comments.clone();
            comments.sort();
            assert_eq!(kokopu_comments(game, u32::from(zero)), comments, "{dir} {i}: comments");
            comments_compared += comments.len();
            // kokopu trims a tag value and collapses its white space; forsyth keeps it as written.
            for (name, value) in &theirs.tags {
                assert_eq!(game.tag(name).map(collapsed), Some(collapsed(value)), "{dir} {i}: {name}");
            }
            let mut end = game.start;
            for node in &game.moves.nodes {
                end.play_unchecked(node.mv);
            }
            // kokopu writes Chess960 castling rights with the rooks' files (Shredder-FEN), in its own order.
            let shredder = !theirs.turn_and_castling[2..].chars().all(|c| "KQkq-".contains(c));
            let fen = Fen::from_position(&end);
            let fen = if shredder { fen.to_string_with(CastlingStyle::Shredder).unwrap() } else { fen.to_string() };
            let fields: Vec<&str> = fen.split(' ').collect();
            assert_eq!(fields[0], theirs.board, "{dir} {i}");
            let sorted = |text: &str| {
                let mut chars: Vec<char> = text.chars().collect();
                chars.sort_unstable();
                chars
            };
            let ours_turn = format!("{} {}", fields[1], fields[2]);
            assert_eq!(sorted(&ours_turn), sorted(&theirs.turn_and_castling), "{dir} {i}: {ours_turn}");
            let result = match game.result {
                Some(GameResult::WhiteWins) => "White wins",
                Some(GameResult::BlackWins) => "Black wins",
                Some(GameResult::Draw) => "Draw",
                _ => "Line",
            };
            assert_eq!((result, game.moves.nodes.len()), (theirs.result.as_str(), theirs.plies), "{dir} {i}");
            games_compared += 1;
            moves_compared += moves.len();
        }
        for &(_, kokopu_line, forsyth_line) in ERRORS.iter().filter(|(d, _, _)| *d == dir) {
            let at =
                theirs_err.iter().position(|&l| l == kokopu_line).unwrap_or_else(|| panic!("{dir}: {kokopu_line}"));
            theirs_err.remove(at);
            if let Some(line) = forsyth_line {
                let at = ours_err.iter().position(|&l| l == line).unwrap_or_else(|| panic!("{dir}: {line}"));
                ours_err.remove(at);
            }
            otherwise += 1;
        }
        errors_compared += theirs_err.len();
        assert_eq!(ours_err, theirs_err, "{dir}: the lines of the errors");
    }
    assert_eq!((games_compared, moves_compared, errors_compared, otherwise), (48, 377, 27, 20));
    assert_eq!(comments_compared, 25);
}
