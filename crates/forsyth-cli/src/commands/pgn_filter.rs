//! `forsyth pgn filter`: select games by tags, players, openings, length, positions, material and endings, and
//! drop duplicates. The conditions are `forsyth::pgn::Selection`s; this module turns options into them.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use forsyth::Variant;
use forsyth::openings::is_eco_code;
use forsyth::pgn::{Selection, escape_tag_value};

use super::pgn_read::{ReadArgs, Report, output, read_games};
use crate::{Failure, input, stream};

/// Copy the games that match every condition, unchanged.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth pgn filter --where 'WhiteElo >= 2500 and Date >= 2020.01.01' games.pgn\n  \
    forsyth pgn filter --player Carlsen --eco B90-B99 --plies 20-80 games.pgn.zst\n  \
    forsyth pgn filter --where 'Player ~ carlsen or Event =~ \"^Tata\"' --not games.pgn\n  \
    forsyth pgn filter --position 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R' games.pgn\n  \
    forsyth pgn filter --material KQ:KR --ends mate games.pgn\n  \
    forsyth pgn filter --repetition --where 'Result = 1/2-1/2 and (fifty() or underpromotion())' games.pgn\n  \
    forsyth pgn filter --dedupe --duplicates dups.pgn --jobs 2 big.pgn.zst -o unique.pgn\n  \
    forsyth pgn filter --split 1000 --output-dir parts games.pgn        # parts/1.pgn, parts/2.pgn, ...\n  \
    forsyth pgn filter --by Event --output-dir events games.pgn        # events/<Event>.pgn\n  \
    forsyth pgn filter --variant chess960 games.pgn\n  \
    forsyth pgn filter --player Carlsen --stop-after 10 big.pgn.zst        # the first 10 games kept\n  \
    forsyth pgn filter --player Fischer --select-only 1:3,10 games.pgn        # the 1st-3rd and 10th kept\n  \
    forsyth pgn filter --tag FEN= games.pgn        # standard games: no FEN tag (PGN standard)\n\n\
    Every option is a condition; a game is kept when all hold (--not keeps the others). --where takes the condition\n\
    language: TAG OP VALUE with OP = != < <= > >= (numbers, dates, text), ~ !~ (contains, any case), =~ (regular\n\
    expression); fields Player (White or Black), Plies (mainline), Ends (mate, stalemate, none); tests\n\
    position(FEN, ...), material(KQ:KR), final_material(KQ:KR), underpromotion(), fifty(), repetition() (main\n\
    line); joined by and, or, not and parentheses. A date with ?? parts matches only when every date it may stand\n\
    for does. A test on a tag the game lacks is false.\n\
    --variant may repeat (a game matches any); --tag NAME= matches games without that tag. docs/pgn-extract.md\n\
    compares every option with pgn-extract's.\n\
    Games with errors are reported on standard error and left out; exit status 1 if any. A game rejected by its tags\n\
    alone (--result, --player, --where 'WhiteElo >= 2500', ...) is not replayed, and replaying stops once a game\n\
    can no longer reach a --position or --material, so an illegal move there is not reported, as with pgn-extract;\n\
    --check-all replays and checks every move of every game."
)]
pub struct FilterArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// A condition in the condition language (see below); may repeat, all must hold.
    #[arg(long = "where", value_name = "CONDITION")]
    conditions: Vec<String>,
    /// Keep games in which White or Black contains TEXT (any case).
    #[arg(long, value_name = "TEXT")]
    player: Vec<String>,
    /// Keep games in which White or Black matches this regular expression (Rust regex syntax, linear time).
    #[arg(long, value_name = "REGEX")]
    player_regex: Vec<String>,
    /// Keep games whose Event contains TEXT (any case).
    #[arg(long, value_name = "TEXT")]
    event: Vec<String>,
    /// Keep games with this Result tag: 1-0, 0-1, 1/2-1/2 or *.
    #[arg(long, value_name = "RESULT")]
    result: Option<String>,
    /// Keep games whose ECO tag is in this range (B90-B99) or is this code (C42).
    #[arg(long, value_name = "FROM-TO")]
    eco: Option<String>,
    /// Keep games with this many mainline plies: 20-80, 40-, -30 or 60.
    #[arg(long, value_name = "MIN-MAX", allow_hyphen_values = true)]
    plies: Option<String>,
    /// Keep games whose mainline reaches this position: a FEN (its side to move counts) or its board alone. May
    /// repeat: any of them.
    #[arg(long, value_name = "FEN")]
    position: Vec<String>,
    /// Keep games with this material (WHITE:BLACK, e.g. KQ:KR) at some point of the mainline.
    #[arg(long, value_name = "SIGNATURE")]
    material: Option<String>,
    /// With --material: only at the end of the game.
    #[arg(long, requires = "material")]
    material_at_end: bool,
    /// Keep games whose mainline ends in mate or stalemate.
    #[arg(long, value_name = "mate|stalemate")]
    ends: Option<String>,
    /// Keep games whose main line has an underpromotion (to a rook, bishop or knight).
    #[arg(long)]
    underpromotion: bool,
    /// Keep games whose main line has fifty moves by each side without a capture or pawn move.
    #[arg(long)]
    fifty: bool,
    /// Keep games whose main line has a position for the third time (threefold repetition).
    #[arg(long)]
    repetition: bool,
    /// Keep games whose Termination tag is this (any case): normal, time forfeit, ...
    #[arg(long, value_name = "TEXT")]
    termination: Option<String>,
    /// Keep games of this variant (from the Variant tag, or a FEN that needs Chess960).
    #[arg(long, value_parser = input::variant)]
    variant: Vec<Variant>,
    /// Keep games whose tag NAME has exactly VALUE (NAME= : games without the tag).
    #[arg(long, value_name = "NAME=VALUE", value_parser = tag_condition)]
    tag: Vec<(String, String)>,
    /// Keep the games that do not match instead.
    #[arg(long)]
    not: bool,
    /// Read and check every move of every game, also of games the conditions reject by their tags alone or once a
    /// position is out of reach (which are otherwise not replayed further): an illegal move anywhere is reported.
    #[arg(long)]
    check_all: bool,
    /// Keep only the first of games with the same start position and mainline moves (however written).
    #[arg(long)]
    dedupe: bool,
    /// Write the duplicates --dedupe drops to this file (implies --dedupe).
    #[arg(long, value_name = "FILE")]
    duplicates: Option<String>,
    /// Stop reading once N games are kept (after --dedupe); the games after them are not read, nor checked.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    stop_after: Option<u64>,
    /// Write only these of the games kept, counted from 1 after --dedupe: 1:10,15,89:94 (1-10 too; ascending, no
    /// overlaps). Reading stops after the last one.
    #[arg(long, alias = "selectonly", value_name = "RANGES", value_parser = match_numbers, conflicts_with = "skip_matching")]
    select_only: Option<MatchNumbers>,
    /// Write the games kept except these, counted from 1 after --dedupe: 1:3,5 (ascending, no overlaps).
    #[arg(long, alias = "skipmatching", value_name = "RANGES", value_parser = match_numbers)]
    skip_matching: Option<MatchNumbers>,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE", conflicts_with_all = ["split", "by"])]
    output: Option<String>,
    /// Write the games kept into numbered files of N games each: 1.pgn, 2.pgn, ... (in --output-dir).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "by")]
    split: Option<u64>,
    /// Write the games kept into one file per value of this tag, VALUE.pgn (in --output-dir): Event, White, ECO...
    #[arg(long, value_name = "TAG")]
    by: Option<String>,
    /// The directory for --split and --by (created if missing; default: the current directory).
    #[arg(long, value_name = "DIR")]
    output_dir: Option<String>,
}

fn tag_condition(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
    Ok((name.to_string(), value.to_string()))
}

/// The numbers of kept games that `--select-only` writes or `--skip-matching` leaves out: ranges in ascending
/// order, as pgn-extract's `--selectonly 1:10,15,89:94`.
#[derive(Clone, Debug, PartialEq)]
struct MatchNumbers(Vec<(u64, u64)>);

impl MatchNumbers {
    fn contains(&self, n: u64) -> bool {
        self.0.iter().any(|&(low, high)| (low..=high).contains(&n))
    }

    /// The number of the last game the ranges name.
    fn last(&self) -> u64 {
        self.0.last().map_or(0, |&(_, high)| high)
    }
}

fn match_numbers(text: &str) -> Result<MatchNumbers, String> {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let number = |n: &str| {
            n.trim().parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!("'{part}' in '{text}' is not a game number or a range: write N or FROM:TO, from 1 (1:10,15)")
            })
        };
        let (low, high) = match part.split_once([':', '-']) {
            Some((low, high)) => (number(low)?, number(high)?),
            None => (number(part)?, number(part)?),
        };
        if low > high {
            return Err(format!("'{part}' in '{text}' runs backwards: write {high}:{low}"));
        }
        if let Some(&(_, before)) = ranges.last()
            && low <= before
        {
            return Err(format!(
                "'{part}' in '{text}' overlaps or comes before {before}: ranges go up, without overlaps"
            ));
        }
        ranges.push((low, high));
    }
    Ok(MatchNumbers(ranges))
}

/// A value quoted for the condition language.
fn quoted(value: &str) -> String {
    format!("\"{}\"", escape_tag_value(value))
}

/// `A-B`, `A-`, `-B` or `A`: the bounds given.
fn range(text: &str) -> (Option<&str>, Option<&str>) {
    let text = text.trim();
    match text.split_once('-') {
        Some((low, high)) => {
            ((!low.trim().is_empty()).then_some(low.trim()), (!high.trim().is_empty()).then_some(high.trim()))
        }
        None => (Some(text), Some(text)),
    }
}

impl FilterArgs {
    /// Every option as a condition of the language, with the option it came from for messages.
    fn conditions(&self) -> Result<Vec<(String, String)>, Failure> {
        let mut out: Vec<(String, String)> = Vec::new();
        let mut add = |option: &str, condition: String| out.push((option.to_string(), condition));
        for condition in &self.conditions {
            add("--where", condition.clone());
        }
        for player in &self.player {
            add("--player", format!("Player ~ {}", quoted(player)));
        }
        for regex in &self.player_regex {
            add("--player-regex", format!("Player =~ {}", quoted(regex)));
        }
        for event in &self.event {
            add("--event", format!("Event ~ {}", quoted(event)));
        }
        if let Some(result) = &self.result {
            if !["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()) {
                return Err(Failure(format!("--result '{result}': a result is 1-0, 0-1, 1/2-1/2 or *")));
            }
            add("--result", format!("Result = {}", quoted(result)));
        }
        if let Some(eco) = &self.eco {
            let (Some(low), Some(high)) = range(eco) else {
                return Err(Failure(format!("--eco '{eco}': give a code (C42) or a range (B90-B99)")));
            };
            let (low, high) = (low.to_ascii_uppercase(), high.to_ascii_uppercase());
            if !is_eco_code(&low) || !is_eco_code(&high) {
                return Err(Failure(format!("--eco '{eco}': an ECO code is a letter A-E and two digits, such as B90")));
            }
            // `< B99~` keeps extended codes such as B99a too: letters and digits sort before `~`.
            add("--eco", format!("ECO >= {low} and ECO < {high}~"));
        }
        if let Some(plies) = &self.plies {
            let (low, high) = range(plies);
            let number = |n: &str| {
                n.parse::<u32>()
                    .map_err(|_| Failure(format!("--plies '{plies}': give MIN-MAX, MIN-, -MAX or N in plies (20-80)")))
            };
            let mut parts = Vec::new();
            if let Some(low) = low {
                parts.push(format!("Plies >= {}", number(low)?));
            }
            if let Some(high) = high {
                parts.push(format!("Plies <= {}", number(high)?));
            }
            if parts.is_empty() {
                return Err(Failure(format!("--plies '{plies}': give MIN-MAX, MIN-, -MAX or N (20-80)")));
            }
            add("--plies", parts.join(" and "));
        }
        if !self.position.is_empty() {
            let fens: Vec<String> = self.position.iter().map(|f| quoted(f)).collect();
            add("--position", format!("position({})", fens.join(", ")));
        }
        if let Some(material) = &self.material {
            let test = if self.material_at_end { "final_material" } else { "material" };
            add("--material", format!("{test}({})", quoted(material)));
        }
        if let Some(ends) = &self.ends {
            if !["mate", "stalemate"].contains(&ends.as_str()) {
                return Err(Failure(format!("--ends '{ends}': give mate or stalemate")));
            }
            add("--ends", format!("Ends = {ends}"));
        }
        for (wanted, option, test) in [
            (self.underpromotion, "--underpromotion", "underpromotion()"),
            (self.fifty, "--fifty", "fifty()"),
            (self.repetition, "--repetition", "repetition()"),
        ] {
            if wanted {
                add(option, test.to_string());
            }
        }
        if let Some(termination) = &self.termination {
            add("--termination", format!("Termination =~ {}", quoted(&format!("(?i)^{}$", regex_escape(termination)))));
        }
        Ok(out)
    }

    /// The whole selection: every condition, and `--not`.
    fn selection(&self) -> Result<Selection, Failure> {
        let mut parts = Vec::new();
        for (option, text) in self.conditions()? {
            let part = Selection::parse(&text).map_err(|e| {
                if option == "--where" {
                    Failure(format!("--where '{text}': {e}"))
                } else {
                    Failure(format!("{option}: {} [{}]", e.message, e.code()))
                }
            })?;
            parts.push(part);
        }
        for (name, value) in &self.tag {
            parts.push(Selection::tag_is(name, value));
        }
        if !self.variant.is_empty() {
            parts.push(Selection::variant_in(self.variant.clone()));
        }
        let selection = Selection::all(parts);
        Ok(if self.not { selection.negated() } else { selection })
    }
}

/// `text` with the characters a regular expression treats specially escaped.
fn regex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// What filtering decides for one game, on the worker thread that read it.
struct Verdict {
    selected: bool,
    moves_hash: u128,
    /// The value of the `--by` tag.
    by: Option<String>,
}

/// Where the games kept go.
enum Destination {
    One(Box<dyn Write>),
    /// `--split N`: files of N games.
    Split {
        dir: PathBuf,
        size: u64,
        written: u64,
        file: Option<BufWriter<File>>,
    },
    /// `--by TAG`: a file per value. Files are closed when too many are open, and opened again to append.
    ByTag {
        dir: PathBuf,
        open: HashMap<String, BufWriter<File>>,
        created: HashSet<String>,
    },
}

/// Files `--by` keeps open at a time, well below the usual limit of 1024 open files.
const MAX_OPEN_FILES: usize = 200;

/// A tag value as a file name: characters other than letters, digits, `-`, `_`, `.` and spaces become `_`;
/// a missing or empty value is `unknown`. Values that differ only in such characters share a file.
fn file_name(value: Option<&str>) -> String {
    let value = value.map(str::trim).unwrap_or_default();
    let name: String = value.chars().map(|c| if c.is_alphanumeric() || "-_. ".contains(c) { c } else { '_' }).collect();
    let name = name.trim_matches(['.', ' ']).to_string();
    if name.is_empty() { "unknown".to_string() } else { name }
}

fn create(path: &Path, append: bool) -> io::Result<BufWriter<File>> {
    let file = if append { OpenOptions::new().append(true).open(path) } else { File::create(path) };
    file.map(BufWriter::new).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

impl Destination {
    fn write(&mut self, game: &[u8], by: Option<&str>) -> io::Result<()> {
        let out: &mut dyn Write = match self {
            Destination::One(out) => out,
            Destination::Split { dir, size, written, file } => {
                if *written % *size == 0 {
                    if let Some(mut done) = file.take() {
                        done.flush()?;
                    }
                    *file = Some(create(&dir.join(format!("{}.pgn", *written / *size + 1)), false)?);
                }
                *written += 1;
                file.as_mut().expect("opened above")
            }
            Destination::ByTag { dir, open, created } => {
                let name = file_name(by);
                if !open.contains_key(&name) {
                    if open.len() >= MAX_OPEN_FILES {
                        for (_, mut file) in open.drain() {
                            file.flush()?;
                        }
                    }
                    let append = !created.insert(name.clone());
                    let file = create(&dir.join(format!("{name}.pgn")), append)?;
                    open.insert(name.clone(), file);
                }
                open.get_mut(&name).expect("opened above")
            }
        };
        out.write_all(game.trim_ascii_end())?;
        out.write_all(b"\n\n")
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Destination::One(out) => out.flush(),
            Destination::Split { file, .. } => file.as_mut().map_or(Ok(()), |f| f.flush()),
            Destination::ByTag { open, .. } => open.values_mut().try_for_each(|f| f.flush()),
        }
    }
}

pub fn filter(args: FilterArgs) -> Result<(), Failure> {
    let selection = args.selection()?;
    let options = args.read.options(false);
    let dedupe = args.dedupe || args.duplicates.is_some();
    if args.output_dir.is_some() && args.split.is_none() && args.by.is_none() {
        return Err(Failure("--output-dir is where --split or --by write: give one of them (or -o FILE)".to_string()));
    }
    let dir = PathBuf::from(args.output_dir.as_deref().unwrap_or("."));
    if args.split.is_some() || args.by.is_some() {
        std::fs::create_dir_all(&dir).map_err(|e| Failure(format!("{}: {e}", dir.display())))?;
    }
    let mut out = match (args.split, &args.by) {
        (Some(size), _) => Destination::Split { dir, size, written: 0, file: None },
        (None, Some(_)) => Destination::ByTag { dir, open: HashMap::new(), created: HashSet::new() },
        (None, None) => Destination::One(output(args.output.as_deref())?),
    };
    let mut duplicates = match &args.duplicates {
        Some(path) => Some(output(Some(path))?),
        None => None,
    };
    let mut errors = io::stderr().lock();
    // Only the hashes of the games kept so far: 16 bytes a game, whatever the games' length.
    let mut seen: HashSet<u128> = HashSet::new();
    let mut kept = 0u64;
    let tally = read_games(
        &args.read,
        &options,
        Report::Text,
        &mut errors,
        || {
            let facts = if args.check_all { selection.facts().reading_every_move() } else { selection.facts() };
            match args.by.as_deref() {
                Some(tag) => facts.keeping_tag(tag),
                None => facts,
            }
        },
        |facts, report| {
            let selected = report.error.is_none() && selection.matches(&facts);
            let by = args.by.as_deref().and_then(|tag| facts.tag(tag)).map(str::to_string);
            // The hash costs a key of the start position: only the games kept need one.
            let moves_hash = if selected && dedupe { facts.moves_hash() } else { 0 };
            Verdict { selected, moves_hash, by }
        },
        |raw, verdict| {
            if !verdict.selected {
                return Ok(());
            }
            if dedupe && !seen.insert(verdict.moves_hash) {
                return match duplicates.as_mut() {
                    Some(file) => {
                        file.write_all(raw.bytes.trim_ascii_end())?;
                        file.write_all(b"\n\n")
                    }
                    None => Ok(()),
                };
            }
            kept += 1;
            let written = match (&args.select_only, &args.skip_matching) {
                (Some(numbers), _) => numbers.contains(kept),
                (None, Some(numbers)) => !numbers.contains(kept),
                (None, None) => true,
            };
            if written {
                out.write(raw.bytes, verdict.by.as_deref())?;
            }
            // The way a closed output stops reading (stream::closed_pipe): no error, the rest is not read.
            if args.stop_after == Some(kept) {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "--stop-after: enough games kept"));
            }
            if args.select_only.as_ref().is_some_and(|numbers| numbers.last() == kept) {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "--select-only: the last game named is written"));
            }
            Ok(())
        },
    )?;
    out.flush().or_else(stream::closed_pipe)?;
    if let Some(file) = duplicates.as_mut() {
        file.flush()?;
    }
    tally.finish()
}
