//! Problem descriptions: Popeye's input language (keywords as Popeye 4.104's source spells them; its own move
//! lists are checked in popeye_reference.rs) and YACPDB-style entries (read with the yaml-rust2 YAML reader),
//! each read, written and read back; bad input is an error with line and column.

use forsyth::problem::popeye::{self, Attribute, PopeyeLanguage, ProblemDescription};
use forsyth::problem::yacpdb;
use forsyth::{Color, Square};

const ENGLISH: &str = "BeginProblem
Author Loyd, Samuel
Origin Example
Title The cage
Remark A remark
Pieces White Kd2 Sc3 Pa2b2c2 Black Ke8 Pd6 TotalInvisible 2
Stipulation #2
Condition Circe
Option SetPlay
EndProblem
";

#[test]
fn popeye_input_round_trips_in_english_and_german() {
    let problems = popeye::parse(ENGLISH).unwrap();
    let p = &problems[0];
    assert_eq!(p.authors, ["Loyd, Samuel"]);
    assert_eq!((p.origin.as_deref(), p.title.as_deref()), (Some("Example"), Some("The cage")));
    assert_eq!(p.pieces.len(), 7);
    assert_eq!(p.invisible, 2);
    assert_eq!(p.stipulation.as_deref(), Some("#2"));
    assert_eq!((p.conditions.clone(), p.options.clone()), (vec!["Circe".to_string()], vec!["SetPlay".to_string()]));
    assert_eq!(p.count().to_string(), "5+2+0+2");
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        let written = p.write(language);
        assert_eq!(popeye::parse(&written).unwrap(), problems, "{written}");
    }
    let german = p.write(PopeyeLanguage::German);
    for keyword in [
        "AnfangProblem",
        "Autor",
        "Quelle",
        "Titel",
        "Bemerkung",
        "Steine",
        "Weiss",
        "Schwarz",
        "TotalUnsichtbar",
        "Forderung",
        "Bedingung",
        "EndeProblem",
    ] {
        assert!(german.contains(keyword), "{keyword} missing in {german}");
    }
}

#[test]
fn popeye_keywords_read_as_popeye_reads_them() {
    // Any case, abbreviated to a unique prefix; several problems after NextProblem.
    let text = "beginproblem pieces white ke1 black ke8 stip ~1 nextproblem piec whit Kd1 blac Kd8 endp";
    let problems = popeye::parse(text).unwrap();
    assert_eq!(problems.len(), 2);
    assert_eq!(problems[1].position().unwrap().to_string(), "3k4/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(problems[0].position().unwrap().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn bad_popeye_input_says_where() {
    for (text, code, line, column) in [
        ("", "popeye.no-begin", 1, 1),
        ("Pieces White Ke1", "popeye.no-begin", 1, 1),
        ("BeginProblem\nPieces White Ke1 Black Ke8", "popeye.no-end", 2, 1),
        ("BeginProblem\nPieces White Ke1 Black Ke8 ORd4\nEndProblem", "popeye.unknown-piece", 2, 28),
        ("AnfangProblem\nSteine Weiss Ke1 Schwarz Ke8 EMd4\nEndeProblem", "popeye.unknown-piece", 2, 30),
        ("BeginProblem\nPieces White Ke1 Q/Rd4\nEndProblem", "popeye.unsupported", 2, 18),
        ("BeginProblem\nPieces Ke1\nEndProblem", "popeye.no-colour", 2, 8),
        ("BeginProblem\nPieces White Ke1 Royal Sd4\nEndProblem", "popeye.attribute-place", 2, 18),
        ("BeginProblem\nPieces White Ke1\nSStipulation 3a[#]d\nEndProblem", "popeye.no-colour", 3, 14),
        ("BeginProblem\nForsyth 4k3/8/8/8/8/8/8/4Y3\nEndProblem", "popeye.unknown-piece", 2, 26),
        ("BeginProblem\nPieces White Ke9\nEndProblem", "popeye.bad-square", 2, 14),
        ("BeginProblem\nPieces White Ke1 Black Ke1\nEndProblem", "popeye.occupied", 2, 24),
        ("BeginProblem\nPieces White Ke1 TotalInvisible x\nEndProblem", "popeye.bad-number", 2, 33),
        ("BeginProblem\nFoo\nEndProblem", "popeye.unknown-word", 2, 1),
    ] {
        let e = popeye::parse(text).unwrap_err();
        assert_eq!((e.code(), e.line, e.column), (code, line, column), "{text}: {e}");
        assert!(e.to_string().starts_with(&format!("line {line}, column {column}: ")));
    }
}

#[test]
fn yacpdb_entries_round_trip_and_name_what_they_do_not_read() {
    let text = "---
authors:
  - \"Loyd, Samuel\"
  - Abdurahmanović, Fadil
source:
  name: feenschach
  issue: 01-02
award:
  distinction: 1st Prize
stipulation: \"#2\"
options:
  - SetPlay
algebraic:
  white: [Kh1, Re4, Pg2]
  black: [Kd1, Bc3, Ph2]
twins:
  b: Remove a7
solution: |
  1.Re4-e1+ !
comments:
  - \"a \\\"quoted\\\" remark\"
";
    let entry = yacpdb::parse(text).unwrap();
    assert_eq!(entry.ignored, ["source.issue", "twins", "solution"]);
    let p = &entry.problem;
    assert_eq!(p.authors, ["Loyd, Samuel", "Abdurahmanović, Fadil"]);
    assert_eq!((p.origin.as_deref(), p.award.as_deref()), (Some("feenschach"), Some("1st Prize")));
    assert_eq!(p.remarks, ["a \"quoted\" remark"]);
    assert_eq!(p.position().unwrap().to_string(), "8/8/8/8/4R3/2b5/6Pp/3k3K w - - 0 1");
    let written = yacpdb::write(p);
    assert_eq!(yacpdb::parse(&written).unwrap(), yacpdb::Entry { problem: p.clone(), ignored: Vec::new() });
    // Popeye input and YACPDB entry describe the same problem.
    let via_popeye = popeye::parse(&p.write(PopeyeLanguage::German)).unwrap();
    assert_eq!(&via_popeye[0], p);
}

#[test]
fn bad_yacpdb_entries_are_refused_where_the_fault_stands() {
    // (text, code, line and column; 0 where the fault is the whole document's)
    for (text, code, at) in [
        ("algebraic: [", "yacpdb.yaml", (2, 1)), // (the end of the text)
        ("a: b\n  c: d\n", "yacpdb.yaml", (2, 4)),
        ("a: &x [1, 2]\nb: *x\nalgebraic:\n  white: [Ke1]", "yacpdb.alias", (2, 4)),
        (&format!("algebraic: {}{}", "[".repeat(40), "]".repeat(40)), "yacpdb.depth", (1, 27)),
        ("stipulation: \"#2\"", "yacpdb.shape", (0, 0)),
        ("algebraic:\n  white: [Ke1, ORd4]", "yacpdb.piece", (2, 16)),
        // The second piece on the square, whichever side it is of.
        ("algebraic:\n  white: [Ke1, Sd2]\n  black: [Ke8, Pd2]", "yacpdb.occupied", (3, 16)),
        ("algebraic:\n  white: [Ke1]\n  black: [Ke1]", "yacpdb.occupied", (3, 11)),
        ("- a list", "yacpdb.shape", (0, 0)),
        // Popeye's stipulation is one word; found by the problem fuzz target as "#2, ". The fault is the key's.
        ("authors: [A]\nstipulation: \"#2, h#3\"\nalgebraic:\n  white: [Ke1]\n  black: [Ke8]", "yacpdb.shape", (2, 1)),
        ("algebraic:\n  red: [Ke1]", "yacpdb.shape", (1, 1)),
        ("algebraic:\n  white: [Grand Ke1]", "yacpdb.piece", (2, 11)),
        // At the key, not at an earlier value that reads like it.
        ("stipulation: authors\nauthors: {a: b}\nalgebraic:\n  white: [Ke1]", "yacpdb.shape", (2, 1)),
        ("keywords: [algebraic]\nalgebraic:\n  white: [Ke1, ORd4]", "yacpdb.piece", (3, 16)),
    ] {
        let e = yacpdb::parse(text).unwrap_err();
        assert_eq!((e.code(), (e.line, e.column)), (code, at), "{text}: {e}");
    }
}

/// A stipulation with spaces around it reads without them, so that it writes as Popeye input and reads back the
/// same (the problem fuzz target found `"#2, "`).
#[test]
fn a_yacpdb_stipulation_reads_as_one_word() {
    let text = "stipulation: \"#2, \"\nalgebraic:\n  white: [Kh1, Re1]\n  black: [Kd1]";
    let problem = yacpdb::parse(text).unwrap().problem;
    assert_eq!(problem.stipulation.as_deref(), Some("#2,"));
    let again = popeye::parse(&problem.write(PopeyeLanguage::English)).unwrap().remove(0);
    assert_eq!(again.stipulation, problem.stipulation);
}

#[test]
fn the_count_carries_marked_squares_and_invisible_pieces() {
    let mut p = popeye::parse("BeginProblem Pieces White Ke1 Black Ke8 Pd6 EndProblem").unwrap().remove(0);
    assert_eq!(p.count().to_string(), "1+2");
    p.marked = vec![Square::E4, Square::D5];
    assert_eq!(p.count().to_string(), "1+2+2+0");
}

/// Hostile input: a megabyte line of pieces, a megabyte of one word, a deep YAML document are answered at once.
#[test]
fn hostile_descriptions_are_answered() {
    let many = format!("BeginProblem\nPieces White {} \nEndProblem", "Ka1 ".repeat(250_000));
    assert_eq!(popeye::parse(&many).unwrap_err().code(), "popeye.occupied");
    let long_word = format!("BeginProblem\n{}\nEndProblem", "x".repeat(1_000_000));
    assert_eq!(popeye::parse(&long_word).unwrap_err().code(), "popeye.unknown-word");
    let remarks = format!("BeginProblem\n{}EndProblem", "Remark a b c\n".repeat(100_000));
    assert_eq!(popeye::parse(&remarks).unwrap()[0].remarks.len(), 100_000);
    let deep = format!("algebraic: {}", "[".repeat(1_000_000));
    assert!(yacpdb::parse(&deep).is_err());
}

/// Popeye's piece codes per language, from its `PieNamString` table (4.104): the same letter names different pieces
/// in English and German input, and forsyth reads each as Popeye does.
#[test]
fn fairy_piece_codes_read_in_the_language_of_the_input() {
    let english = &popeye::parse("BeginProblem Pieces White Kc1 La3 EMb1 Black Ke8 ga1h1 EndProblem").unwrap()[0];
    let german = &popeye::parse("AnfangProblem Steine Weiss Kc1 La3 KNb1 Schwarz Ke8 ha1h1 EndeProblem").unwrap()[0];
    let names = |p: &ProblemDescription| p.pieces.iter().map(|p| p.kind.name).collect::<Vec<_>>();
    assert_eq!(names(english), ["king", "locust", "empress", "king", "grasshopper", "grasshopper"]);
    assert_eq!(names(german), ["king", "bishop", "empress", "king", "locust", "locust"]);
    assert_eq!(
        english.write(PopeyeLanguage::German),
        "AnfangProblem\nSteine\nWeiss Kc1 Ha3 KNb1\nSchwarz Ke8 Ga1 Gh1\nEndeProblem\n"
    );
    assert!(!english.is_orthodox());
    assert_eq!(english.position().unwrap_err().code(), "problem.fairy-piece");
    let pos = english.general_position().unwrap();
    assert_eq!(forsyth::notation::general::write_fen(&pos), "4k3/8/8/8/8/L7/8/gCK4g w - - 0 1");
}

/// A condition forsyth does not play is never played as orthodox chess: the position is refused with the
/// condition named; the problem still converts with the condition kept.
#[test]
fn a_fairy_condition_is_named_not_played() {
    let text = "BeginProblem\nPieces\nWhite Kc1 Ga3\nBlack Ke8\nStipulation #2\nCondition Isardam\nEndProblem\n";
    let p = &popeye::parse(text).unwrap()[0];
    for e in [p.general_position().unwrap_err(), p.position().unwrap_err()] {
        assert_eq!(e.code(), "problem.condition");
        assert!(e.to_string().contains("'Isardam'"), "{e}");
    }
    assert_eq!(p.write(PopeyeLanguage::English), text);
}

/// YACPDB lists fairy conditions among its options: a condition is named, never played as orthodox chess, and an
/// entry without one keeps Popeye's options, which decide castling and en passant.
#[test]
fn yacpdb_conditions_among_the_options_are_named_and_options_decide_the_position() {
    let entry = |options: &str| {
        let text = format!(
            "stipulation: \"#2\"\noptions:\n{options}\nalgebraic:\n  white: [Ke1, Rh1, Pe5]\n  black: [Ke8, Pd5]\n"
        );
        yacpdb::parse(&text).unwrap().problem
    };
    let circe = entry("  - Circe\n  - SetPlay");
    assert_eq!((circe.conditions.clone(), circe.options.clone()), (vec!["Circe".into()], vec!["SetPlay".into()]));
    assert_eq!(circe.position().unwrap_err().code(), "problem.condition");
    let castling = entry("  - SetPlay");
    assert_eq!(castling.position().unwrap().to_string(), "4k3/8/8/3pP3/8/8/8/4K2R w K - 0 1");
    let options = entry("  - NoCastling h1\n  - EnPassant d7d6d5");
    assert_eq!(options.position().unwrap().to_string(), "4k3/8/8/3pP3/8/8/8/4K2R w - d6 0 1");
    // Written back (YACPDB and Popeye, either language), the same problem.
    assert_eq!(yacpdb::parse(&yacpdb::write(&options)).unwrap().problem, options);
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        assert_eq!(popeye::parse(&options.write(language)).unwrap()[0], options);
    }
}

/// Popeye's options, abbreviated and in German, as Popeye reads them; a word that names no option, and an
/// `EnPassant` that is no double step, are refused with their codes.
#[test]
fn popeye_options_are_read_abbreviated_in_either_language_and_bad_ones_refused() {
    let problem = |text: &str| popeye::parse(&format!("{text}\nEndProblem\n")).unwrap().remove(0);
    let text = "AnfangProblem\nSteine Weiss Ke1 Ta1 Th1 Schwarz Ke8\nForderung h#2\nOption vari keiner a1\nEndeProblem";
    let german = popeye::parse(text).unwrap().remove(0);
    assert_eq!(german.options, ["Variations NoCastling a1"]);
    assert_eq!(german.position().unwrap().to_string(), "4k3/8/8/8/8/8/8/R3K2R b K - 0 1");
    assert!(german.write(PopeyeLanguage::German).contains("\nOption Varianten KeineRochade a1\n"));
    let white_first = problem("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation h#2\nOption WhiteToPlay");
    assert_eq!(white_first.position().unwrap().turn(), forsyth::Color::White);
    for (option, code) in [("NoKastling a1", "problem.option"), ("EnPassant d7d5", "problem.option-en-passant")] {
        let p = problem(&format!("BeginProblem\nPieces White Ke1 Pe5 Black Ke8 Pd5\nStipulation ~1\nOption {option}"));
        assert_eq!(p.options, [option], "kept as written");
        let error = p.position().unwrap_err();
        assert_eq!(error.code(), code, "{option}: {error}");
        assert_eq!(p.general_position().unwrap_err().code(), code);
    }
}

/// A letter table holds 19 letters for fairy pieces: a problem with more kinds is refused by name, not played with
/// unknown pieces.
#[test]
fn more_fairy_kinds_than_letters_are_named() {
    let fairy: Vec<_> = forsyth::piece_kind::FAIRY_PIECES.iter().filter(|p| p.orthodox_role().is_none()).collect();
    let squares = (0..8u8).flat_map(|rank| (0..8u8).map(move |file| (file, rank + 2)));
    let place = |n: usize| {
        let pieces: Vec<String> = fairy
            .iter()
            .take(n)
            .zip(squares.clone())
            .map(|(p, (file, rank))| {
                format!("{}{}{}", p.popeye_code(PopeyeLanguage::English), (b'a' + file) as char, rank)
            })
            .collect();
        let text =
            format!("BeginProblem\nPieces White Ka1 {} Black Kh1\nStipulation ~1\nEndProblem\n", pieces.join(" "));
        popeye::parse(&text).unwrap().remove(0)
    };
    assert!(fairy.len() >= 20);
    let error = place(20).general_position().unwrap_err();
    assert_eq!(error.code(), "problem.too-many-kinds", "{error}");
    assert!(error.to_string().contains("20 kinds") && error.to_string().contains(&fairy[19].name.replace('-', " ")));
    assert_ne!(place(19).general_position().map_err(|e| e.code()), Err("problem.too-many-kinds"));
}

/// Found by the `problem` fuzz target: a YAML text over several lines (a blank line inside a plain scalar is a line
/// break) was written into Popeye input as it was, and its second line read as an unknown keyword. Popeye reads a
/// text to the end of its line and appends each `Origin` (and `Title`) line to the ones before: one line each.
#[test]
fn a_yacpdb_text_of_several_lines_is_written_to_popeye_on_one_line() {
    let entry = "authors:\n  - \"Loyd, Samuel\"\nsource:\n  Deutsche\n\n  Schachzeitung\nstipulation: \"#2\"\n\
                 algebraic:\n  white: [Kh1, Re8, Pg2]\n  black: [Kd1, Bc3, Ph2]\n";
    let problem = yacpdb::parse(entry).unwrap().problem;
    assert!(problem.origin.as_deref().is_some_and(|origin| origin.contains('\n')), "{:?}", problem.origin);
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        let written = problem.write(language);
        assert_eq!(written.matches(if language == PopeyeLanguage::English { "Origin " } else { "Quelle " }).count(), 2);
        let again = popeye::parse(&written).unwrap();
        assert_eq!(again[0].origin, problem.origin);
        assert_eq!(again[0].pieces, problem.pieces);
    }
}

#[test]
fn an_empty_yacpdb_stipulation_states_none_and_the_problem_writes_as_popeye_input() {
    // Found by the `problem` fuzz target: `stipulation: ""` wrote `Stipulation` with nothing after it, and Popeye
    // input then took `EndProblem` for the stipulation.
    let text = "---\nauthors:\n  - \"Loyd, Samuel\"\nstipulation: \"\"\nalgebraic:\n  white: [Kh1, Re4, Pg2]\n  black: [Kd1, Bc3, Ph2]\n";
    let problem = yacpdb::parse(text).unwrap().problem;
    assert_eq!(problem.stipulation, None);
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        let again = popeye::parse(&problem.write(language)).unwrap();
        assert_eq!((again[0].pieces.clone(), again[0].stipulation.clone()), (problem.pieces.clone(), None));
    }
}

/// The parts of Popeye's input language that composers use beyond pieces and stipulations (each as in Popeye's own
/// example inputs) are read, and written so that they read back the same, in English and German.
#[test]
fn the_whole_popeye_input_language_reads_and_writes_back() {
    let text = "beginproblem\n\
                prot pieces.out\n\
                latex elephant.tex\n  g DU Grashuepfer\n  n SU Nachtreiter\n\
                fors 4k3/8/8/3=p4/8/.ca7/8/4K2R\n\
                pieces white royal Sd4 Sc4 neutral Pe4 black kamikaze ph7 totalinvisible 1\n\
                stip dia 8.5\n\
                option try\n  variation nothreat\n\
                condition madrasi\n\
                zeroposition move d4 d5\n\
                twin move c4 c5\n\
                endproblem\n";
    let p = &popeye::parse(text).unwrap()[0];
    assert_eq!(p.protocol.as_deref(), Some("pieces.out"));
    assert_eq!(p.latex.as_deref(), Some("elephant.tex"));
    let latex: Vec<(&str, &str)> = p.latex_pieces.iter().map(|(k, text)| (k.name, text.as_str())).collect();
    assert_eq!(latex, [("grasshopper", "DU Grashuepfer"), ("nightrider", "SU Nachtreiter")]);
    assert_eq!(p.stipulation.as_deref(), Some("dia 8.5"));
    assert_eq!(p.options, ["Try Variations NoThreat"]);
    assert_eq!(p.conditions, ["madrasi"]);
    assert!(p.zero_position);
    assert_eq!(p.twins, ["move d4 d5", "move c4 c5"]);
    assert_eq!(p.invisible, 1);
    let at = |sq: &str| p.pieces.iter().find(|x| x.square.to_string() == sq).unwrap();
    assert!(at("d5").is_neutral() && at("e4").is_neutral());
    assert_eq!((at("a3").kind.name, at("a3").color), ("camel", Color::Black));
    assert!(at("d4").attributes.contains(Attribute::Royal));
    assert!(!at("c4").attributes.contains(Attribute::Royal), "Royal names the next piece only");
    assert!(at("h7").attributes.contains(Attribute::Kamikaze) && at("h7").color == Color::Black);
    assert_eq!(p.position().unwrap_err().code(), "problem.condition");
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        let written = p.write(language);
        assert_eq!(&popeye::parse(&written).unwrap()[0], p, "{written}");
    }
    let yacpdb = yacpdb::write(p);
    assert!(
        yacpdb.contains("  white: [Ke1, Rh1, Royal Sd4, Sc4]\n") && yacpdb.contains("  neutral: [Pd5, Pe4]\n"),
        "{yacpdb}"
    );
}

/// `a=>b`: the pieces before the stipulation are the first position, those after it the second; a structured
/// stipulation keeps its colour; Latin-1 input reads as Popeye reads it; upper-case files are squares.
#[test]
fn two_positions_structured_stipulations_and_latin_1() {
    let text = "AnfangProblem\nAutor M\u{fc}ller\nSteine Weiss KH1 Schwarz Ka8\nForderung a=>b 1\n\
                Steine Weiss Kg1 Schwarz Ka8\nsForderung schwarz 4hh[2da[#]]\nEndeProblem\n";
    let latin1: Vec<u8> = text.chars().map(|c| c as u8).collect();
    let decoded = popeye::decode(&latin1);
    let p = &popeye::parse(&decoded).unwrap()[0];
    assert_eq!(p.authors, ["Müller"]);
    assert_eq!(p.stipulation.as_deref(), Some("a=>b 1"));
    assert_eq!(p.initial_pieces.iter().map(|x| x.square.to_string()).collect::<Vec<_>>(), ["h1", "a8"]);
    assert_eq!(p.pieces.iter().map(|x| x.square.to_string()).collect::<Vec<_>>(), ["g1", "a8"]);
    assert_eq!(p.structured_stipulation, Some((Color::Black, "4hh[2da[#]]".to_string())));
    for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
        assert_eq!(&popeye::parse(&p.write(language)).unwrap()[0], p);
    }
}

/// A misspelt keyword is named with the keyword it is nearest to.
#[test]
fn a_misspelt_keyword_is_named_with_its_nearest() {
    let e = popeye::parse("BeginProblem\nPeices White Ke1\nEndProblem").unwrap_err();
    assert_eq!((e.code(), e.line, e.column), ("popeye.unknown-word", 2, 1));
    assert!(e.to_string().contains("did you mean Pieces?"), "{e}");
}
