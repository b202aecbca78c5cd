//! The retro analysis in words, English or German: moves taken back in problem notation, the reasons a position
//! cannot happen, and the original pieces a piece can be (`[Sb1]`), as the German problem-chess conventions
//! write them.
//!
//! ```
//! use forsyth::diagram::retro_words::{piece_on, retraction_text};
//! use forsyth::notation::Language;
//! use forsyth::{Color, Piece, Role, Square, retro};
//! let knight = Piece { color: Color::White, role: Role::Knight };
//! assert_eq!(piece_on(knight, Square::F3, Language::De), "Sf3");
//! let pos = retro::position_from_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 1 1").unwrap();
//! let english: Vec<String> = retro::retractions(&pos).unwrap().iter().map(|r| retraction_text(r, Language::En)).collect();
//! assert!(english.contains(&"Ng1-f3".to_string()));
//! ```

use super::Words;
use super::words::{color_name, german_role_name, join};
use crate::notation::letters::{Language, Letters};
use crate::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use crate::retro::{Clue, Identity, Origin, Reason, Retraction};
use crate::{File, Piece, Role, Square, Variant};

/// The letters of a language: German `K D T L S B`, English `K Q R B N P`.
fn letters(lang: Words) -> Letters {
    Letters::language(lang.language())
}

/// The move a retraction takes back, in problem notation as played forward from its predecessor: `Sg1-f3`,
/// `Be7:d8=D`, `Bd5:e6 e.p.`, `0-0`.
///
/// ```
/// use forsyth::diagram::retro_words::retraction_text;
/// use forsyth::notation::Language;
/// use forsyth::retro;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 1 1").unwrap();
/// let all = retro::retractions(&pos).unwrap();
/// let texts: Vec<String> = all.iter().map(|r| retraction_text(r, Language::De)).collect();
/// assert!(texts.contains(&"Sg1-f3".to_string()));
/// assert!(texts.contains(&"Sg1:f3".to_string()));
/// ```
pub fn retraction_text(r: &Retraction, language: Language) -> String {
    let lang = Words::of(language);
    write_move(&r.predecessor, r.mv, &MoveWriteOptions::new(MoveStyle::Problem).with_letters(letters(lang)))
}

/// A piece with its square in problem notation: `Sb1` (German), `Nb1` (English); pawns with their letter too.
///
/// ```
/// use forsyth::diagram::retro_words::piece_on;
/// use forsyth::notation::Language;
/// use forsyth::{Color, Piece, Role, Square};
/// let queen = Piece { color: Color::Black, role: Role::Queen };
/// assert_eq!(piece_on(queen, Square::D8, Language::De), "Dd8");
/// let pawn = Piece { color: Color::White, role: Role::Pawn };
/// assert_eq!(piece_on(pawn, Square::E2, Language::En), "Pe2");
/// ```
pub fn piece_on(piece: Piece, square: Square, language: Language) -> String {
    let lang = Words::of(language);
    format!("{}{square}", letters(lang).letter(piece.role, Variant::Standard))
}

fn squares(list: &[Square], lang: Words) -> String {
    join(&list.iter().map(Square::to_string).collect::<Vec<_>>(), lang)
}

/// A reason in words, naming squares and pieces.
///
/// ```
/// use forsyth::diagram::retro_words::reason_text;
/// use forsyth::notation::Language;
/// use forsyth::retro;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1").unwrap();
/// let reason = &retro::analyse(&pos).unwrap().reasons[0];
/// assert_eq!(reason_text(reason, Language::En),
///            "the white bishop on a1 cannot have come there: the only way in, b2, has held an unmoved pawn all game, \
///             and it is neither an original piece on its start square nor a promoted pawn");
/// assert!(reason_text(reason, Language::De).starts_with("der weiße Läufer auf a1"));
/// ```
pub fn reason_text(reason: &Reason, language: Language) -> String {
    let lang = Words::of(language);
    let de = lang == Words::German;
    match reason {
        Reason::Invalid(problem) => super::words::problem_text(problem, lang.language()),
        Reason::PawnCaptures { color, needed, available, pawns } => {
            let side = color_name(*color, lang.language());
            let list = squares(pawns, lang);
            match (needed, de) {
                (Some(n), false) => format!(
                    "{side}'s pawns ({list}) need at least {n} capture{} to stand on their files, but the other side \
                     has lost only {available} unit{}",
                    if *n == 1 { "" } else { "s" },
                    if *available == 1 { "" } else { "s" }
                ),
                (Some(n), true) => format!(
                    "die Bauern von {side} ({list}) brauchen mindestens {n} Schlagfälle, um auf ihren Linien zu \
                     stehen, aber die Gegenseite hat nur {available} Steine verloren"
                ),
                (None, false) => format!("{side}'s pawns ({list}) cannot all have come from different files"),
                (None, true) => {
                    format!("die Bauern von {side} ({list}) können nicht alle von verschiedenen Linien stammen")
                }
            }
        }
        Reason::PromotedPieces { color, needed, missing_pawns, pieces } => {
            let side = color_name(*color, lang.language());
            let list = squares(pieces, lang);
            if de {
                format!(
                    "mindestens {needed} Figuren von {side} müssen Umwandlungsfiguren sein (Läufer nach Feldfarbe \
                     gezählt; {list}), aber {side} fehlen nur {missing_pawns} Bauern"
                )
            } else {
                format!(
                    "at least {needed} of {side}'s pieces must be promoted pawns (bishops counted by square colour; \
                     {list}), but {side} has only {missing_pawns} pawns missing"
                )
            }
        }
        Reason::PawnsCrossed { white, black } => {
            if de {
                format!(
                    "der weiße Bauer {white} und der schwarze Bauer {black} haben ihre Linie nie verlassen, stehen \
                     aber aneinander vorbei: Bauern einer Linie können sich nicht überholen"
                )
            } else {
                format!(
                    "the white pawn on {white} and the black pawn on {black} never left their file, yet stand past \
                     each other: pawns on one file cannot pass"
                )
            }
        }
        Reason::PromotedBishopColour { color, light, bishops } => {
            let side = color_name(*color, lang.language());
            let list = squares(bishops, lang);
            match (de, light) {
                (false, true) => format!(
                    "{side}'s bishops on light squares ({list}) include a promoted one, but with no capture to spare \
                     each missing pawn promotes on its own file, and none of those promotion squares is light"
                ),
                (false, false) => format!(
                    "{side}'s bishops on dark squares ({list}) include a promoted one, but with no capture to spare \
                     each missing pawn promotes on its own file, and none of those promotion squares is dark"
                ),
                (true, _) => format!(
                    "unter den Läufern von {side} auf {} Feldern ({list}) ist ein umgewandelter, aber ohne freien \
                     Schlagfall wandelt jeder fehlende Bauer auf seiner eigenen Linie um, und keines dieser \
                     Umwandlungsfelder ist {}",
                    if *light { "weißen" } else { "schwarzen" },
                    if *light { "weiß" } else { "schwarz" }
                ),
            }
        }
        Reason::ShutIn { square, piece, walls } => {
            let noun = piece_noun(*piece, lang);
            let list = squares(walls, lang);
            match (de, walls.len()) {
                (false, 1) => format!(
                    "the {noun} on {square} cannot have come there: the only way in, {list}, has held an unmoved \
                     pawn all game, and it is neither an original piece on its start square nor a promoted pawn"
                ),
                (false, _) => format!(
                    "the {noun} on {square} cannot have come there: every way in ({list}) has held an unmoved pawn \
                     all game, and it is neither an original piece on its start square nor a promoted pawn"
                ),
                (true, _) => format!(
                    "der {noun} auf {square} kann nicht dorthin gelangt sein: jeder Zugang ({list}) war die ganze \
                     Partie von einem unbewegten Bauern besetzt, und er ist weder eine Originalfigur auf ihrem \
                     Ausgangsfeld noch eine Umwandlungsfigur"
                ),
            }
        }
        Reason::NoLastMove { checkers } if !checkers.is_empty() => {
            let list = squares(checkers, lang);
            if de {
                format!("kein letzter Zug kann das Schach von {list} gegeben haben")
            } else {
                format!("no last move can have given the check from {list}")
            }
        }
        Reason::NoLastMove { .. } => {
            if de {
                "die Seite, die zuletzt gezogen hat, hat keinen möglichen letzten Zug".to_string()
            } else {
                "the side that moved last has no possible last move".to_string()
            }
        }
        Reason::CastlingRights { squares: list } => {
            let list = squares(list, lang);
            if de {
                format!(
                    "nur ein Zug von König oder Turm ({list}) kann der letzte gewesen sein, aber das Rochaderecht \
                     sagt, dass sie nie gezogen haben"
                )
            } else {
                format!(
                    "only a move of the king or rook ({list}) can have been the last, but the castling right says \
                     they never moved"
                )
            }
        }
        Reason::CastlingArray { squares: list } => {
            let list = squares(list, lang);
            if de {
                format!(
                    "die Rochaderechte ({list}) passen zu keiner Grundstellung (Chess960, Capablanca Random Chess): Könige und Türme mit \
                     Rochaderecht stehen auf ihren Ausgangsfeldern, Weiß und Schwarz spiegeln einander, und der König \
                     steht zwischen seinen Türmen"
                )
            } else {
                format!(
                    "the castling rights ({list}) fit no array (Chess960, Capablanca Random Chess): kings and rooks with castling rights stand \
                     on their start squares, White's and Black's arrays mirror each other, and the king starts \
                     between its rooks"
                )
            }
        }
    }
}

/// `white bishop` / `weiße Läufer` (German in the nominative after `der`).
fn piece_noun(piece: Piece, lang: Words) -> String {
    match lang {
        Words::English => format!("{} {}", if piece.color.is_white() { "white" } else { "black" }, piece.role.name()),
        Words::German => {
            format!("{} {}", if piece.color.is_white() { "weiße" } else { "schwarze" }, german_role_name(piece.role))
        }
    }
}

/// `a-, b- or c-file` / `a-, b- oder c-Linie`.
fn files_text(files: &[File], lang: Words) -> String {
    let names: Vec<String> = files.iter().map(|f| format!("{}-", f.char())).collect();
    let (or, noun) = if lang == Words::German { ("oder", "Linie") } else { ("or", "file") };
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("{}{noun}", one),
        [init @ .., last] => format!("{} {or} {last}{noun}", init.join(", ")),
    }
}

/// The origins of a piece: `[Dd1] or a promoted pawn from the a-, b- or c-file`.
///
/// ```
/// use forsyth::diagram::retro_words::identity_text;
/// use forsyth::notation::Language;
/// use forsyth::{retro, Square};
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/3PPPPP/3QK3 w - - 0 1").unwrap();
/// let id = retro::who(&pos, Square::D1).unwrap();
/// assert_eq!(identity_text(&id, Language::De), "[Dd1] oder ein umgewandelter Bauer von der a-, b- oder c-Linie");
/// assert_eq!(identity_text(&id, Language::En), "[Qd1] or a promoted pawn from the a-, b- or c-file");
/// ```
pub fn identity_text(id: &Identity, language: Language) -> String {
    let lang = Words::of(language);
    let mut parts: Vec<String> = Vec::new();
    for origin in &id.origins {
        parts.push(match origin {
            Origin::Original(sq) => {
                let role = if sq.rank().index() == 1 || sq.rank().index() == 6 { Role::Pawn } else { id.piece.role };
                format!("[{}]", piece_on(Piece::new(id.piece.color, role), *sq, lang.language()))
            }
            Origin::Promoted { files } => match lang {
                Words::English => format!("a promoted pawn from the {}", files_text(files, lang)),
                Words::German => format!("ein umgewandelter Bauer von der {}", files_text(files, lang)),
            },
        });
    }
    match parts.as_slice() {
        [] => tr(lang, "no original piece", "keine Originalfigur").to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), tr(lang, "or", "oder")),
    }
}

fn tr(lang: Words, en: &'static str, de: &'static str) -> &'static str {
    if lang == Words::German { de } else { en }
}

/// What decided an identity, in words.
///
/// ```
/// use forsyth::diagram::retro_words::clue_text;
/// use forsyth::notation::Language;
/// use forsyth::retro::Clue;
/// use forsyth::Square;
/// assert_eq!(clue_text(&Clue::King, Language::De), "ein König ist immer der Originalkönig");
/// let shut_in = Clue::ShutIn { walls: vec![Square::B2, Square::D2] };
/// assert_eq!(clue_text(&shut_in, Language::En), "the unmoved pawns on b2 and d2 close every way");
/// ```
pub fn clue_text(clue: &Clue, language: Language) -> String {
    let lang = Words::of(language);
    let de = lang == Words::German;
    match clue {
        Clue::King => tr(lang, "a king is always the original king", "ein König ist immer der Originalkönig").into(),
        Clue::UnmovedPawn => {
            tr(lang, "a pawn on its second rank has never moved", "ein Bauer auf seiner zweiten Reihe hat nie gezogen")
                .into()
        }
        Clue::SquareColour => tr(lang, "a bishop keeps its square colour", "ein Läufer behält seine Feldfarbe").into(),
        Clue::ShutIn { walls } => {
            let list = squares(walls, lang);
            if de {
                format!("die unbewegten Bauern auf {list} sperren jeden Weg")
            } else {
                format!("the unmoved pawns on {list} close every way")
            }
        }
        Clue::CastlingRight => {
            tr(lang, "a rook with its castling right has never moved", "ein Turm mit Rochaderecht hat nie gezogen")
                .into()
        }
        Clue::OriginalAccountedFor { original } => {
            if de {
                format!("das Original von {original} steht noch dort oder wurde dort geschlagen")
            } else {
                format!("the original piece of {original} is still there or was captured there")
            }
        }
        Clue::PawnFiles { captures } => {
            if de {
                format!("nur diese Linien lassen die Bauern auf dem Brett mit höchstens {captures} Schlagfällen zu")
            } else {
                format!("only these files fit the pawns on the board with at most {captures} captures")
            }
        }
        Clue::NoPromotion => {
            tr(lang, "no pawn of that side can have promoted", "kein Bauer dieser Seite kann umgewandelt haben").into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn pieces_are_named_with_the_language_letters() {
        let knight = Piece::new(Color::White, Role::Knight);
        assert_eq!(piece_on(knight, Square::B1, Language::De), "Sb1");
        assert_eq!(piece_on(knight, Square::B1, Language::En), "Nb1");
    }
}
