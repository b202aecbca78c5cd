//! Problem descriptions written in Popeye's input language.

use super::keywords::{INVISIBLE, Keyword, NEUTRAL};
use super::read::is_a_to_b;
use super::{Attribute, PlacedPiece, PopeyeLanguage, ProblemDescription};
use crate::Color;
use crate::problem::start::normalised;

impl ProblemDescription {
    /// The description in Popeye's input language.
    ///
    /// ```
    /// use forsyth::problem::popeye::{self, PopeyeLanguage};
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Qd1 Black Ke8 Stipulation #2 EndProblem")?[0];
    /// let german = p.write(PopeyeLanguage::German);
    /// assert!(german.starts_with("AnfangProblem"), "{german}");
    /// assert!(german.contains("Dd1"), "{german}");
    /// // What is written reads back to the same problem.
    /// assert_eq!(&popeye::parse(&german)?[0], p);
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn write(&self, language: PopeyeLanguage) -> String {
        let mut out = String::new();
        let kw = |k| language.keyword(k);
        out.push_str(kw(Keyword::Begin));
        out.push('\n');
        // The files first, as Popeye's examples give them: its output goes there from the start.
        if let Some(p) = &self.protocol {
            keyword_line(&mut out, kw(Keyword::Protocol), p);
        }
        match &self.latex {
            Some(file) => keyword_line(&mut out, kw(Keyword::LaTeX), file),
            None if !self.latex_pieces.is_empty() => {
                out.push_str(kw(Keyword::LaTeXPieces));
                out.push('\n');
            }
            None => {}
        }
        for (kind, text) in &self.latex_pieces {
            out.push_str(&format!("  {} {text}\n", kind.popeye_code(language)));
        }
        for a in &self.authors {
            keyword_line(&mut out, kw(Keyword::Author), a);
        }
        // Popeye appends each `Origin` and `Title` line to the ones before: one line each.
        for (k, text) in [(Keyword::Origin, &self.origin), (Keyword::Title, &self.title)] {
            for line in text.iter().flat_map(|t| t.split('\n')) {
                keyword_line(&mut out, kw(k), line);
            }
        }
        if let Some(t) = &self.award {
            keyword_line(&mut out, kw(Keyword::Award), t);
        }
        for r in &self.remarks {
            keyword_line(&mut out, kw(Keyword::Remark), r);
        }
        // Decided by the stipulation, as the reader decides: an `a=>b` whose first position is empty still has its
        // stipulation before the second.
        let a_to_b = self.stipulation.as_deref().is_some_and(is_a_to_b) || !self.initial_pieces.is_empty();
        if a_to_b {
            pieces_block(&mut out, &self.initial_pieces, 0, language);
        }
        let stipulation = |out: &mut String| {
            if let Some(s) = &self.stipulation {
                keyword_line(out, kw(Keyword::Stipulation), s);
            }
            if let Some((color, s)) = &self.structured_stipulation {
                let colour = language.colour(if color.is_white() { 0 } else { 1 });
                keyword_line(out, kw(Keyword::StructuredStipulation), &format!("{colour} {s}"));
            }
        };
        // `a=>b`: the stipulation stands between the two positions.
        if a_to_b {
            stipulation(&mut out);
        }
        pieces_block(&mut out, &self.pieces, self.invisible, language);
        if !a_to_b {
            stipulation(&mut out);
        }
        for line in &self.conditions {
            keyword_line(&mut out, kw(Keyword::Condition), line);
        }
        for line in &self.options {
            let line = normalised(line, language).unwrap_or_else(|| line.clone());
            keyword_line(&mut out, kw(Keyword::Option), &line);
        }
        for (i, t) in self.twins.iter().enumerate() {
            let keyword = if i == 0 && self.zero_position { Keyword::ZeroPosition } else { Keyword::Twin };
            // A twin's commands may run over several lines (a `Remark` ends its line): continued, indented.
            let mut lines = t.lines();
            keyword_line(&mut out, kw(keyword), lines.next().unwrap_or(""));
            for line in lines {
                out.push_str("  ");
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push_str(kw(Keyword::End));
        out.push('\n');
        out
    }
}

/// Writes a `Pieces` block: a line per colour and set of attributes, in the pieces' order (`White Kd2 Sc3`,
/// `White Royal Sd4`, `Neutral Pe4`), and `TotalInvisible N`. Nothing when there are no pieces.
fn pieces_block(out: &mut String, pieces: &[PlacedPiece], invisible: usize, language: PopeyeLanguage) {
    if pieces.is_empty() && invisible == 0 {
        return;
    }
    out.push_str(language.keyword(Keyword::Pieces));
    out.push('\n');
    let colour = |p: &PlacedPiece| match (p.is_neutral(), p.color) {
        (true, _) => NEUTRAL,
        (false, Color::White) => 0,
        (false, Color::Black) => 1,
    };
    let mut i = 0;
    while i < pieces.len() {
        let first = &pieces[i];
        let flags = first.attributes.flags();
        out.push_str(language.colour(colour(first)));
        for attribute in flags.iter() {
            out.push(' ');
            out.push_str(attribute.name(language));
        }
        // Popeye gives `Royal` to the first piece after it only: a royal piece has a line of its own.
        let royal = flags.contains(Attribute::Royal);
        let same = |p: &PlacedPiece| colour(p) == colour(first) && p.attributes.flags() == flags && !royal;
        let group = 1 + pieces[i + 1..].iter().take_while(|p| same(p)).count();
        for p in &pieces[i..i + group] {
            out.push(' ');
            out.push_str(&p.code(language));
        }
        out.push('\n');
        i += group;
    }
    if invisible > 0 {
        out.push_str(&format!("{} {}\n", language.colour(INVISIBLE), invisible));
    }
}

/// Writes `keyword text` as one line of Popeye input. Popeye reads a text (an author, a title, a remark ...) to the
/// end of its line, so a text of several lines — a YACPDB entry's YAML may hold one — is written with its lines
/// joined by spaces.
fn keyword_line(out: &mut String, keyword: &str, text: &str) {
    out.push_str(keyword);
    out.push(' ');
    if text.contains(['\n', '\r']) {
        let lines: Vec<&str> = text.split(['\n', '\r']).map(str::trim).filter(|line| !line.is_empty()).collect();
        out.push_str(&lines.join(" "));
    } else {
        out.push_str(text);
    }
    out.push('\n');
}
