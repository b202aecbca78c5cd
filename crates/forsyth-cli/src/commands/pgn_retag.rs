//! Tags `pgn convert` adds or fixes on request: `ECO`, `Opening` and `Variation` from the bundled opening table
//! (`--add-eco`), `PlyCount` and a `Result` that matches the final position (`--fix-tags`).

use forsyth::openings::Openings;
use forsyth::pgn::{Game, GameResult};

use crate::Failure;

/// Tags to add or fix.
#[derive(clap::Args)]
pub struct RetagArgs {
    /// Set ECO, Opening and Variation from the bundled opening table (lichess chess-openings, CC0): the last
    /// mainline position it names. 'Family: Variation' names split at the colon; standard chess only.
    #[arg(long)]
    add_eco: bool,
    /// Fix these tags (comma-separated): PlyCount (mainline plies), Result (from a mate or a draw by the rules
    /// on the board, else the termination marker).
    #[arg(long, value_name = "TAGS", value_delimiter = ',', value_parser = ["PlyCount", "Result"])]
    fix_tags: Vec<String>,
}

/// What [`RetagArgs`] asks for, ready to apply to games.
pub struct Retag {
    openings: Option<&'static Openings>,
    ply_count: bool,
    result: bool,
}

impl RetagArgs {
    /// Loads the opening table if needed: a table that fails to load is an error, never an empty classification.
    pub fn retag(&self) -> Result<Retag, Failure> {
        let openings = if self.add_eco { Some(Openings::bundled()?) } else { None };
        let fix = |name: &str| self.fix_tags.iter().any(|t| t == name);
        Ok(Retag { openings, ply_count: fix("PlyCount"), result: fix("Result") })
    }
}

/// Sets a tag's value where it stands, or adds it at the end.
fn set_tag(game: &mut Game, name: &str, value: &str) {
    match game.tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, old)) => *old = value.to_string(),
        None => game.tags.push((name.to_string(), value.to_string())),
    }
}

impl Retag {
    /// Whether nothing is to be done.
    fn is_empty(&self) -> bool {
        self.openings.is_none() && !self.ply_count && !self.result
    }

    /// Adds and fixes the tags of one game.
    pub fn apply(&self, game: &mut Game) {
        if self.is_empty() {
            return;
        }
        let mut positions = Vec::with_capacity(game.moves.nodes.len() + 1);
        positions.push(game.start);
        for node in &game.moves.nodes {
            let mut next = *positions.last().expect("the start is there");
            next.play_unchecked(node.mv);
            positions.push(next);
        }
        if let Some(opening) = self.openings.and_then(|table| table.classify_line(&positions)) {
            set_tag(game, "ECO", opening.eco());
            set_tag(game, "Opening", opening.family());
            match opening.variation() {
                Some(variation) => set_tag(game, "Variation", variation),
                None => game.tags.retain(|(n, _)| n != "Variation"),
            }
        }
        if self.ply_count {
            set_tag(game, "PlyCount", &game.moves.nodes.len().to_string());
        }
        if self.result {
            let by_rules = positions.last().and_then(|end| end.outcome()).map(GameResult::from);
            let result = by_rules.or(game.result).unwrap_or(GameResult::Unknown);
            game.result = Some(result);
            set_tag(game, "Result", result.as_str());
        }
    }
}
