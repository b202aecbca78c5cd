//! Fairy conditions against Popeye (tests/popeye/conditions/README.md): each `NN.inp` is a problem of Popeye's own
//! inputs, or one written by hand (`made/`), cut down to its pieces and conditions with `Stipulation ~1`; `NN.out`
//! is what Popeye 4.104 printed, every legal move of White. forsyth reads the input as a general position under
//! its conditions and must list exactly Popeye's moves. A problem whose conditions or pieces forsyth does not play
//! is counted, not compared; the count of those it plays may only grow.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use forsyth::general::{Condition, GeneralMove, GeneralPosition};
use forsyth::problem::popeye::{self, PopeyeLanguage};

/// Popeye's moves as `from-to`, `from*to`, `from*capture-to` with `=CODE` for a promotion (the piece code
/// before the squares and check signs left out), then what the conditions did: `=` when the moving piece changed
/// colour (Popeye's `=b`, `=s`), `+SQ` where a captured piece was reborn (`[+bRa8]`), `->SQ` where the capturing
/// piece went (`[wBc7->c2]`).
fn popeye_moves(out: &str) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    for line in out.lines() {
        let Some(text) = line.trim().strip_prefix("1.") else { continue };
        let word = text.split_whitespace().next().unwrap_or_default();
        if word.starts_with("0-0") {
            moves.insert(if word.starts_with("0-0-0") { "0-0-0" } else { "0-0" }.to_string());
            continue;
        }
        let body = word.trim_start_matches(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit());
        let squares_end = body.find(['=', '[']).unwrap_or(body.len());
        let mut text = body[..squares_end].to_string();
        let mut rest = &body[squares_end..];
        let mut recoloured = false;
        // `=Q` promotes, `=b` recolours (lower case: a colour); `=D=s` does both.
        while let Some(after) = rest.strip_prefix('=') {
            let end = after.find(['=', '[']).unwrap_or(after.len());
            let (code, tail) = after.split_at(end);
            if code.starts_with(|c: char| c.is_ascii_lowercase()) {
                recoloured = true;
            } else {
                text.push('=');
                text.push_str(code);
            }
            rest = tail;
        }
        if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.split(']').next()) {
            match inner.split_once("->") {
                // `[wSc2->b1=b]`: Andernach's recolouring inside Anticirce's rebirth.
                Some((_, square)) => {
                    recoloured |= square.contains('=');
                    text.push_str(&format!(";->{}", &square[..square.len().min(2)]));
                }
                None => text.push_str(&format!(";+{}", &inner[inner.len().saturating_sub(2)..])),
            }
        }
        if recoloured {
            text.push_str(";=");
        }
        moves.insert(text);
    }
    moves
}

/// forsyth's move in the form of [`popeye_moves`], with what its conditions did to the board.
fn forsyth_move(pos: &GeneralPosition, m: GeneralMove, language: PopeyeLanguage) -> String {
    let mut text = common::popeye_form(pos, m, language);
    if m.castle_rook.is_some() {
        return text;
    }
    let grid = pos.grid();
    let after = pos.played(m).unwrap();
    let mover = pos.at(m.from).unwrap();
    let anticirce = pos.conditions().iter().any(|c| matches!(c, Condition::Anticirce { .. }));
    // The squares a piece arrived on besides the target: the capturing piece's (Anticirce, where it left the
    // target; its own square too) or the captured piece's (Circe).
    let arrived = (0..grid.size() as u16)
        .find(|&c| c != m.to && after.at(c).is_some() && (pos.at(c).is_none() || (c == m.from && anticirce)));
    let landed = match arrived {
        Some(cell) if after.at(m.to).is_none() => cell,
        _ => m.to,
    };
    let reborn = arrived.filter(|_| landed == m.to);
    if anticirce && m.capture.is_some() {
        text.push_str(&format!(";->{}", grid.name(landed)));
    }
    if let Some(cell) = reborn {
        text.push_str(&format!(";+{}", grid.name(cell)));
    }
    if after.at(landed).is_some_and(|u| u.color != mover.color) {
        text.push_str(";=");
    }
    text
}

#[test]
fn legal_moves_under_conditions_are_popeyes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/popeye/conditions");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "inp"))
        .collect();
    paths.sort();
    let (mut agreed, mut refused, mut differ) = (0, Vec::new(), Vec::new());
    for path in &paths {
        let input = std::fs::read_to_string(path).unwrap();
        let out = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let language = popeye::language_of(&input).unwrap();
        let language =
            if language == PopeyeLanguage::German { PopeyeLanguage::German } else { PopeyeLanguage::English };
        let problems = match popeye::parse(&input) {
            Ok(problems) => problems,
            Err(e) => {
                refused.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let pos = match problems[0].general_position() {
            Ok(pos) => pos,
            Err(e) => {
                refused.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        assert!(!pos.conditions().is_empty(), "{}", path.display());
        let ours: BTreeSet<String> =
            pos.legal_moves().unwrap().into_iter().map(|m| forsyth_move(&pos, m, language)).collect();
        let theirs = popeye_moves(&out);
        if ours == theirs {
            agreed += 1;
        } else {
            differ.push(format!(
                "{}: forsyth only {:?}, Popeye only {:?}",
                path.display(),
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>()
            ));
        }
    }
    eprintln!("{agreed} of {} positions agree with Popeye; refused:\n{}", paths.len(), refused.join("\n"));
    assert!(differ.is_empty(), "{} positions differ from Popeye:\n{}", differ.len(), differ.join("\n"));
    assert!(agreed >= 150, "{agreed} agreed");
}

/// The positions of the reference inputs that forsyth plays, and those a few seeded random moves after them.
fn positions_under_conditions() -> Vec<GeneralPosition> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/popeye/conditions");
    let mut out = Vec::new();
    let mut rng = fastrand::Rng::with_seed(58);
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths.iter().filter(|p| p.extension().is_some_and(|e| e == "inp")) {
        let input = std::fs::read_to_string(path).unwrap();
        let Ok(problems) = popeye::parse(&input) else { continue };
        let Ok(mut pos) = problems[0].general_position() else { continue };
        for _ in 0..4 {
            out.push(pos.clone());
            let moves = pos.legal_moves().unwrap();
            if moves.is_empty() {
                break;
            }
            pos = pos.played(moves[rng.usize(0..moves.len())]).unwrap();
        }
    }
    out
}

/// The Circe rebirth square of a piece by the rule as problemists state it (the Codex's game array), written out
/// here apart from forsyth's: `None` for a king.
fn game_array_square(pos: &GeneralPosition, unit: forsyth::general::Unit, capture: u16) -> Option<String> {
    let grid = pos.grid();
    let (file, rank) = (grid.file_of(capture), grid.rank_of(capture));
    let light = (file + rank) % 2 == 1;
    let white = unit.color == forsyth::Color::White;
    let (home, pawns, promotion) = if white { ('1', '2', '8') } else { ('8', '7', '1') };
    let capture_file = (b'a' + file) as char;
    let kind = pos.table().kind(unit.kind as usize);
    // Each pair of squares (dark, light) for White; Black's are the same files, their colours swapped.
    let pair = |dark: char, light_file: char| if light == white { light_file } else { dark };
    Some(match kind.name() {
        "king" => return None,
        "pawn" | "berolina-pawn" => format!("{capture_file}{pawns}"),
        "queen" => format!("d{home}"),
        "rook" => format!("{}{home}", pair('a', 'h')),
        "bishop" => format!("{}{home}", pair('c', 'f')),
        "knight" => format!("{}{home}", pair('g', 'b')),
        _ => format!("{capture_file}{promotion}"),
    })
}

#[test]
fn each_condition_does_what_its_rule_says() {
    let positions = positions_under_conditions();
    assert!(positions.len() >= 400, "{} positions", positions.len());
    let mut checked = [0; 4];
    for pos in &positions {
        let grid = pos.grid();
        let has = |f: fn(&Condition) -> bool| pos.conditions().iter().any(f);
        let circe = has(|c| *c == Condition::Circe);
        let anticirce = has(|c| matches!(c, Condition::Anticirce { .. }));
        let andernach = has(|c| *c == Condition::Andernach);
        let ohneschach = has(|c| *c == Condition::Ohneschach);
        for m in pos.legal_moves().unwrap() {
            let after = pos.played(m).unwrap();
            let mover = pos.at(m.from).unwrap();
            let Some(capture) = m.capture else {
                // Without a capture no condition here changes a piece but the moving one.
                let changed = (0..grid.size() as u16).filter(|&c| pos.at(c) != after.at(c)).count();
                assert!(changed <= 4, "{m:?}");
                continue;
            };
            let captured = pos.at(capture).unwrap();
            // Circe: the captured piece on its square of the game array, or gone when that square was taken.
            if circe && let Some(square) = game_array_square(pos, captured, capture) {
                let cell = grid.parse(&square).unwrap();
                let taken = cell != m.from && cell != capture && pos.at(cell).is_some() || cell == m.to;
                if !taken {
                    assert_eq!(after.at(cell).map(|u| (u.kind, u.color)), Some((captured.kind, captured.color)));
                }
                checked[0] += 1;
            }
            // Anticirce: the capturing piece, as it landed, on its own square of the game array.
            if anticirce {
                let landed = forsyth::general::Unit { kind: m.promotion.unwrap_or(mover.kind), ..mover };
                let square = game_array_square(pos, landed, capture)
                    .unwrap_or_else(|| (if mover.color == forsyth::Color::White { "e1" } else { "e8" }).to_string());
                let cell = grid.parse(&square).unwrap();
                assert_eq!(after.at(cell).map(|u| u.kind), Some(landed.kind), "{m:?}");
                if cell != m.to {
                    assert_eq!(after.at(m.to), None);
                }
                checked[1] += 1;
            }
            // Andernach: exactly the capturing piece, unless a king, changed colour.
            if andernach && !anticirce {
                let kingly = pos.table().kind(mover.kind as usize).name() == "king";
                assert_eq!(after.at(m.to).unwrap().color == mover.color, kingly, "{m:?}");
                for c in (0..grid.size() as u16).filter(|&c| c != m.to) {
                    if let (Some(before), Some(now)) = (pos.at(c), after.at(c)) {
                        assert_eq!(before.color, now.color, "{m:?}");
                    }
                }
                checked[2] += 1;
            }
            // Ohneschach: a move that checks leaves no legal reply.
            if ohneschach && after.is_check() {
                assert!(after.legal_moves().unwrap().is_empty(), "{m:?}");
                checked[3] += 1;
            }
        }
    }
    assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
}
