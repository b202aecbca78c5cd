//! The words every sentence of the words layer shares: colours, pieces, variants, lists, and what makes a position
//! illegal.

use super::Words;
use crate::notation::letters::Language;
use crate::{CastlingRightProblem, Color, EnPassantProblem, Problem, Role, Variant};

/// Picks the English or the German wording.
macro_rules! tr {
    ($lang:expr, $en:expr, $de:expr) => {
        match $lang {
            Words::English => $en,
            Words::German => $de,
        }
    };
}
pub(crate) use tr;

/// `White`/`Black` or `Weiß`/`Schwarz`.
///
/// ```
/// use forsyth::Color;
/// use forsyth::diagram::explain::color_name;
/// use forsyth::notation::Language;
/// assert_eq!(color_name(Color::White, Language::De), "Weiß");
/// assert_eq!(color_name(Color::Black, Language::En), "Black");
/// ```
pub fn color_name(color: Color, language: Language) -> &'static str {
    let lang = Words::of(language);
    match (color, lang) {
        (Color::White, Words::English) => "White",
        (Color::Black, Words::English) => "Black",
        (Color::White, Words::German) => "Weiß",
        (Color::Black, Words::German) => "Schwarz",
    }
}

/// `a, b and c` / `a, b und c`.
pub(crate) fn join(items: &[String], lang: Words) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let and = match lang {
                Words::English => "and",
                Words::German => "und",
            };
            format!("{} {and} {last}", init.join(", "))
        }
    }
}

/// The German name of a piece kind (the German problem-chess conventions' vocabulary).
pub(crate) const fn german_role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "Bauer",
        Role::Knight => "Springer",
        Role::Bishop => "Läufer",
        Role::Rook => "Turm",
        Role::Queen => "Dame",
        Role::King => "König",
        Role::Archbishop => "Erzbischof",
        Role::Chancellor => "Kanzler",
    }
}

/// The variant's name in running text.
///
/// ```
/// use forsyth::Variant;
/// use forsyth::diagram::explain::variant_name;
/// use forsyth::notation::Language;
/// assert_eq!(variant_name(Variant::Standard, Language::De), "Standardschach");
/// assert_eq!(variant_name(Variant::Gothic, Language::En), "Gothic chess");
/// assert_eq!(variant_name(Variant::Chess960, Language::De), "Chess960");
/// ```
pub fn variant_name(variant: Variant, language: Language) -> &'static str {
    let lang = Words::of(language);
    match (variant, lang) {
        (Variant::Standard, Words::English) => "standard chess",
        (Variant::Standard, Words::German) => "Standardschach",
        (Variant::Chess960, _) => "Chess960",
        (Variant::Capablanca, Words::English) => "Capablanca chess",
        (Variant::Capablanca, Words::German) => "Capablanca-Schach",
        (Variant::Crc, _) => "Capablanca Random Chess",
        (Variant::Gothic, Words::English) => "Gothic chess",
        (Variant::Gothic, Words::German) => "Gothic-Schach",
        (Variant::Janus, Words::English) => "Janus chess",
        (Variant::Janus, Words::German) => "Janus-Schach",
        (Variant::Embassy, Words::English) => "Embassy chess",
        (Variant::Embassy, Words::German) => "Embassy-Schach",
    }
}

/// The role's name in a variant, in the singular or the plural (Janus chess calls its archbishop the Janus).
///
/// ```
/// use forsyth::diagram::explain::role_name;
/// use forsyth::notation::Language;
/// use forsyth::{Role, Variant};
/// assert_eq!(role_name(Role::Rook, true, Language::De, Variant::Standard), "Türme");
/// assert_eq!(role_name(Role::Knight, false, Language::En, Variant::Standard), "knight");
/// assert_eq!(role_name(Role::Archbishop, false, Language::En, Variant::Capablanca), "archbishop");
/// assert_eq!(role_name(Role::Archbishop, false, Language::En, Variant::Janus), "Janus");
/// ```
pub fn role_name(role: Role, plural: bool, language: Language, variant: Variant) -> String {
    let lang = Words::of(language);
    if variant == Variant::Janus && role == Role::Archbishop {
        return tr!(lang, if plural { "januses" } else { "Janus" }, if plural { "Janusse" } else { "Janus" })
            .to_string();
    }
    match (lang, plural) {
        (Words::English, false) => role.name().to_string(),
        (Words::English, true) => format!("{}s", role.name()),
        (Words::German, false) => german_role_name(role).to_string(),
        (Words::German, true) => match role {
            Role::Pawn => "Bauern",
            Role::Rook => "Türme",
            Role::Queen => "Damen",
            Role::King => "Könige",
            Role::Archbishop => "Erzbischöfe",
            Role::Knight | Role::Bishop | Role::Chancellor => german_role_name(role),
        }
        .to_string(),
    }
}

/// A validation problem in the explanation's language.
///
/// The German is chosen by the problem's kind (its variant, whose [`Problem::code`] is stable) and, for an invalid
/// castling right or en-passant square, by the reason's kind ([`CastlingRightProblem`], [`EnPassantProblem`]),
/// never by the English wording.
///
/// ```
/// use forsyth::diagram::explain::problem_text;
/// use forsyth::notation::Language;
/// use forsyth::{CastlingRightProblem, Color, Problem, Square};
/// assert_eq!(problem_text(&Problem::MissingKing(Color::Black), Language::En), "Black has no king");
/// assert_eq!(problem_text(&Problem::MissingKing(Color::Black), Language::De), "Schwarz hat keinen König");
/// let no_rook = Problem::InvalidCastlingRight { square: Square::H1, reason: CastlingRightProblem::NoRook };
/// let german = problem_text(&no_rook, Language::De);
/// assert_eq!(german, "Rochaderecht mit dem Turm auf h1: dort steht kein Turm dieser Farbe");
/// ```
pub fn problem_text(problem: &Problem, language: Language) -> String {
    let lang = Words::of(language);
    match lang {
        Words::English => problem.to_string(),
        Words::German => german_problem_text(problem),
    }
}

fn german_problem_text(problem: &Problem) -> String {
    let lang = Words::German;
    match problem {
        Problem::WrongBoardShape { variant, files } => format!(
            "{} wird auf einem Brett mit {} Linien gespielt, dieses Brett hat {files}",
            variant_name(*variant, lang.language()),
            variant.shape().files()
        ),
        Problem::RoleNotInVariant { square, role } => {
            format!("in dieser Variante gibt es keinen {} (auf {square})", german_role_name(*role))
        }
        Problem::MissingKing(c) => format!("{} hat keinen König", color_name(*c, lang.language())),
        Problem::TooManyKings(c, n) => {
            format!("{} hat {n} Könige (genau einer ist nötig)", color_name(*c, lang.language()))
        }
        Problem::PawnOnBackRank(sq) => {
            format!("Bauer auf {sq}: Bauern können nicht auf der ersten oder letzten Reihe stehen")
        }
        Problem::TooManyPawns(c, n) => {
            format!("{} hat {n} Bauern, mehr als eine Seite zu Beginn hat", color_name(*c, lang.language()))
        }
        Problem::TooManyPieces { color, excess, missing_pawns } => {
            let pieces: Vec<String> = excess
                .iter()
                .map(|&(role, n)| format!("{n} {}", role_name(role, n != 1, lang.language(), Variant::Standard)))
                .collect();
            let missing = match missing_pawns {
                0 => "es fehlt kein Bauer".to_string(),
                1 => "es fehlt nur 1 Bauer".to_string(),
                n => format!("es fehlen nur {n} Bauern"),
            };
            format!(
                "{} hat {} mehr als die Grundstellung, aber {missing}: jede zusätzliche Figur muss ein umgewandelter \
                 Bauer sein",
                color_name(*color, lang.language()),
                join(&pieces, lang)
            )
        }
        Problem::OppositeCheck => "die Seite, die nicht am Zug ist, steht im Schach".to_string(),
        Problem::AdjacentKings => "die Könige stehen auf benachbarten Feldern".to_string(),
        Problem::ImpossibleCheck { checkers } => {
            let list: Vec<String> = checkers.iter().map(|s| s.to_string()).collect();
            format!("kein einzelner Zug kann dieses Schach geben (Schach von {})", join(&list, lang))
        }
        Problem::InvalidCastlingRight { square, reason } => {
            format!("Rochaderecht mit dem Turm auf {square}: {}", german_castling_reason(*reason))
        }
        Problem::InvalidEnPassant { square, reason } => {
            format!("En-passant-Feld {square}: {}", german_en_passant_reason(*reason))
        }
        Problem::CastlingPrefixMismatch { prefix, variant } => format!(
            "das Rochade-Präfix '{}' gehört zu {}, nicht zu {}",
            prefix.char(),
            variant_name(prefix.variant(), lang.language()),
            variant_name(*variant, lang.language())
        ),
    }
}

/// The German of why a square cannot hold a castling right.
fn german_castling_reason(reason: CastlingRightProblem) -> &'static str {
    match reason {
        CastlingRightProblem::RookNotOnBackRank => "ein Rochadeturm muss auf der Grundreihe seiner Seite stehen",
        CastlingRightProblem::NoRook => "dort steht kein Turm dieser Farbe",
        CastlingRightProblem::MissingKing => "der König fehlt",
        CastlingRightProblem::KingNotOnBackRank => "der König steht nicht auf der Grundreihe",
        CastlingRightProblem::KingNotOnStartSquare => "der König steht nicht auf seinem Ausgangsfeld",
        CastlingRightProblem::RookNotOnStartSquare => "der Turm steht nicht auf seinem Ausgangsfeld",
        CastlingRightProblem::SideAlreadyHeld => "ein anderer Turm hat auf dieser Seite schon das Rochaderecht",
    }
}

/// The German of why an en-passant square is impossible.
fn german_en_passant_reason(reason: EnPassantProblem) -> &'static str {
    match reason {
        EnPassantProblem::OffBoard => "es liegt nicht auf dem Brett",
        EnPassantProblem::WrongRank { to_move: Color::White } => {
            "wenn Weiß am Zug ist, muss es auf der 6. Reihe liegen"
        }
        EnPassantProblem::WrongRank { to_move: Color::Black } => {
            "wenn Schwarz am Zug ist, muss es auf der 3. Reihe liegen"
        }
        EnPassantProblem::NoPawn => "auf dem Zielfeld des Doppelschritts steht kein Bauer",
        EnPassantProblem::PathNotEmpty => "die Felder, die der Bauer überquert hat, sind nicht leer",
        EnPassantProblem::CheckNotFromDoubleStep => {
            "der Doppelschritt, der es erzeugt hat, kann das Schach auf dem Brett nicht gegeben haben"
        }
    }
}
