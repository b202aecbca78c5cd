//! Popeye's words in English and German, as Popeye 4.104 spells them (its `output/plaintext/language_dependant.c`),
//! and how a token names one: in any case, abbreviated to a prefix that names one word of its table.

use crate::piece_kind::PopeyeLanguage;

/// A keyword of a problem description.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    Begin,
    End,
    Next,
    Author,
    Origin,
    Title,
    Remark,
    Award,
    Pieces,
    Stipulation,
    StructuredStipulation,
    Condition,
    Option,
    Protocol,
    LaTeX,
    LaTeXPieces,
    GameArray,
    Forsyth,
    Twin,
    ZeroPosition,
}

/// Popeye's tables of keywords, in the order it looks them up: the words of a problem's first part
/// (`InitialTwinTokenString`), then the words that end a problem (`ProblemTokenString`), then the words that start
/// a twin (`EndTwinTokenString`). A prefix must name one word of its table; the first table it names wins, as in
/// Popeye (`t` is `Title`, not `Twin`).
const TABLES: [&[(Keyword, &str, &str)]; 3] = [
    &[
        (Keyword::Remark, "Remark", "Bemerkung"),
        (Keyword::StructuredStipulation, "SStipulation", "SForderung"),
        (Keyword::Author, "Author", "Autor"),
        (Keyword::Origin, "Origin", "Quelle"),
        (Keyword::Pieces, "Pieces", "Steine"),
        (Keyword::Condition, "Condition", "Bedingung"),
        (Keyword::Option, "Option", "Option"),
        (Keyword::Stipulation, "Stipulation", "Forderung"),
        (Keyword::Protocol, "Protocol", "Protokoll"),
        (Keyword::Title, "Title", "Titel"),
        (Keyword::LaTeX, "LaTeX", "LaTeX"),
        (Keyword::LaTeXPieces, "LaTeXPieces", "LaTeXSteine"),
        (Keyword::Award, "Award", "Auszeichnung"),
        (Keyword::GameArray, "InitialGameArray", "PartieAnfangsStellung"),
        (Keyword::Forsyth, "Forsyth", "Forsyth"),
    ],
    &[(Keyword::End, "EndProblem", "EndeProblem"), (Keyword::Next, "NextProblem", "WeiteresProblem")],
    &[(Keyword::Twin, "Twin", "Zwilling"), (Keyword::ZeroPosition, "ZeroPosition", "NullStellung")],
];

/// The word that starts a problem, per language.
const BEGIN: (&str, &str) = ("BeginProblem", "AnfangProblem");

/// Colours per language: White, Black, neutral pieces and the total invisible pieces (`TotalInvisible N`).
pub(super) const COLOURS: [(&str, &str); 4] =
    [("White", "Weiss"), ("Black", "Schwarz"), ("Neutral", "Neutral"), ("TotalInvisible", "TotalUnsichtbar")];

/// The index of the neutral colour in [`COLOURS`].
pub(super) const NEUTRAL: usize = 2;
/// The index of the total invisible pieces in [`COLOURS`].
pub(super) const INVISIBLE: usize = 3;

/// The word of a language.
pub(super) fn in_language(words: (&'static str, &'static str), language: PopeyeLanguage) -> &'static str {
    match language {
        PopeyeLanguage::English => words.0,
        PopeyeLanguage::German => words.1,
    }
}

impl PopeyeLanguage {
    /// How the language spells a keyword.
    pub(super) fn keyword(self, k: Keyword) -> &'static str {
        if k == Keyword::Begin {
            return in_language(BEGIN, self);
        }
        let entry = TABLES.iter().flat_map(|table| table.iter()).find(|(kw, ..)| *kw == k);
        entry.map_or("", |&(_, en, de)| in_language((en, de), self))
    }

    /// How the language spells a colour of [`COLOURS`].
    pub(super) fn colour(self, index: usize) -> &'static str {
        in_language(COLOURS[index], self)
    }
}

/// Whether `token` names `word` as Popeye reads names: in any case, abbreviated to a prefix.
pub(super) fn names(token: &str, word: &str) -> bool {
    !token.is_empty()
        && word.len() >= token.len()
        && word.as_bytes()[..token.len()].eq_ignore_ascii_case(token.as_bytes())
}

/// The index of the one word of `words` that `token` names as Popeye's `GetUniqIndex` decides: a word spelt out in
/// full, else the only word it is a prefix of. `Err(())` when it is a prefix of several.
pub(super) fn unique<'w>(token: &str, words: impl Iterator<Item = &'w str> + Clone) -> Result<Option<usize>, ()> {
    if let Some(i) = words.clone().position(|w| w.eq_ignore_ascii_case(token)) {
        return Ok(Some(i));
    }
    let mut matching = words.enumerate().filter(|(_, w)| names(token, w)).map(|(i, _)| i);
    match (matching.next(), matching.next()) {
        (Some(i), None) => Ok(Some(i)),
        (None, _) => Ok(None),
        (Some(_), Some(_)) => Err(()),
    }
}

/// The keyword a token names in a language, looked up table by table as Popeye does; `None` when it names none
/// (or several of one table).
pub(super) fn keyword_of(token: &str, language: PopeyeLanguage) -> Option<Keyword> {
    if in_language(BEGIN, language).eq_ignore_ascii_case(token) {
        return Some(Keyword::Begin);
    }
    for table in TABLES {
        match unique(token, table.iter().map(|&(_, en, de)| in_language((en, de), language))) {
            Ok(Some(i)) => return Some(table[i].0),
            Ok(None) => continue,
            Err(()) => return None,
        }
    }
    None
}

/// Every keyword of a language, for messages that list what was expected.
pub(super) fn all_keywords(language: PopeyeLanguage) -> Vec<&'static str> {
    TABLES.iter().flat_map(|table| table.iter()).map(|&(_, en, de)| in_language((en, de), language)).collect()
}

/// The language of a problem's first word (`BeginProblem`, `AnfangProblem`), abbreviated as Popeye allows.
pub(super) fn begin_language(token: &str) -> Option<PopeyeLanguage> {
    [PopeyeLanguage::English, PopeyeLanguage::German]
        .into_iter()
        .find(|&l| names(token, in_language(BEGIN, l)) && token.len() >= 5)
}
