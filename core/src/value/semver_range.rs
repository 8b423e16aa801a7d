//! Version ranges (`SemVerRange` values) as Puppet's semantic_puppet parses them: npm-style
//! `>=1.0.0 <2.0.0`, `1.x`, `~1.2`, `^1.2.3`, `1.0.0 - 2.0.0`, unions with `||`.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::semver::{parse_number, SemVer, SemVerError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Operator {
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Comparator {
    operator: Operator,
    version: SemVer,
}

impl Comparator {
    fn accepts(&self, version: &SemVer) -> bool {
        match self.operator {
            Operator::Greater => version > &self.version,
            Operator::GreaterOrEqual => version >= &self.version,
            Operator::Less => version < &self.version,
            Operator::LessOrEqual => version <= &self.version,
        }
    }
}

/// A range of versions: a union (`||`) of intersections of comparators. Prints as the text it
/// was parsed from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SemVerRange {
    text: Rc<str>,
    alternatives: Vec<Vec<Comparator>>,
}

impl SemVerRange {
    /// Parses a range; the error reads `Unparsable version range: "junk"` as Puppet's does.
    pub fn parse(text: &str) -> Result<SemVerRange, SemVerError> {
        let unparsable = || SemVerError {
            message: format!("Unparsable version range: \"{text}\""),
        };
        let mut alternatives = Vec::new();
        for alternative in text.split("||") {
            let alternative = alternative.trim();
            let comparators = parse_alternative(alternative).ok_or_else(unparsable)?;
            alternatives.push(comparators);
        }
        Ok(SemVerRange {
            text: Rc::from(text),
            alternatives,
        })
    }

    /// The range holding exactly one version, printed `1.0.0 - 1.0.0` like Puppet's inference.
    pub fn exact(version: &SemVer) -> SemVerRange {
        SemVerRange {
            text: Rc::from(format!("{version} - {version}").as_str()),
            alternatives: alloc::vec![alloc::vec![
                Comparator {
                    operator: Operator::GreaterOrEqual,
                    version: version.clone()
                },
                Comparator {
                    operator: Operator::LessOrEqual,
                    version: version.clone()
                },
            ]],
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether `version` is in the range. A pre-release only matches when one comparator of the
    /// same alternative names a pre-release of the same `major.minor.patch` (npm's rule).
    pub fn includes(&self, version: &SemVer) -> bool {
        self.alternatives.iter().any(|comparators| {
            comparators
                .iter()
                .all(|comparator| comparator.accepts(version))
                && (!version.is_prerelease()
                    || comparators.iter().any(|comparator| {
                        comparator.version.is_prerelease()
                            && comparator.version.release() == version.release()
                    }))
        })
    }

    /// Whether every version of `other` is in this range (checked on the bounds of each
    /// alternative of `other`).
    pub fn covers(&self, other: &SemVerRange) -> bool {
        other.alternatives.iter().all(|comparators| {
            let (low, high) = bounds(comparators);
            self.alternatives.iter().any(|mine| {
                let (my_low, my_high) = bounds(mine);
                lower_within(&my_low, &low) && upper_within(&my_high, &high)
            })
        })
    }
}

type Bound = Option<(SemVer, bool)>;

impl SemVerRange {
    /// The normalized form `%p` shows (`>=1.0.0 <2.0.0` for `1.x`, `*` for `x`, `1.2.3` for an
    /// exact version), alternatives joined by ` || `.
    pub fn normalized(&self) -> String {
        let mut out = String::new();
        for (index, comparators) in self.alternatives.iter().enumerate() {
            if index > 0 {
                out.push_str(" || ");
            }
            match bounds(comparators) {
                (None, None) => out.push('*'),
                (Some((low, true)), Some((high, true))) if low == high => {
                    out.push_str(&format!("{low}"))
                }
                (low, high) => {
                    if let Some((version, inclusive)) = &low {
                        out.push_str(if *inclusive { ">=" } else { ">" });
                        out.push_str(&format!("{version}"));
                    }
                    if let Some((version, inclusive)) = &high {
                        if low.is_some() {
                            out.push(' ');
                        }
                        out.push_str(if *inclusive { "<=" } else { "<" });
                        out.push_str(&format!("{version}"));
                    }
                }
            }
        }
        out
    }
}

/// The tightest lower and upper bound of an intersection: (version, inclusive).
fn bounds(comparators: &[Comparator]) -> (Bound, Bound) {
    let mut low: Bound = None;
    let mut high: Bound = None;
    for comparator in comparators {
        let version = comparator.version.clone();
        match comparator.operator {
            Operator::Greater | Operator::GreaterOrEqual => {
                let inclusive = comparator.operator == Operator::GreaterOrEqual;
                let tighter = match &low {
                    None => true,
                    Some((current, current_inclusive)) => {
                        version > *current
                            || (version == *current && !inclusive && *current_inclusive)
                    }
                };
                if tighter {
                    low = Some((version, inclusive));
                }
            }
            Operator::Less | Operator::LessOrEqual => {
                let inclusive = comparator.operator == Operator::LessOrEqual;
                let tighter = match &high {
                    None => true,
                    Some((current, current_inclusive)) => {
                        version < *current
                            || (version == *current && !inclusive && *current_inclusive)
                    }
                };
                if tighter {
                    high = Some((version, inclusive));
                }
            }
        }
    }
    (low, high)
}

fn lower_within(outer: &Bound, inner: &Bound) -> bool {
    match (outer, inner) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some((outer, outer_inclusive)), Some((inner, inner_inclusive))) => {
            inner > outer || (inner == outer && (*outer_inclusive || !*inner_inclusive))
        }
    }
}

fn upper_within(outer: &Bound, inner: &Bound) -> bool {
    match (outer, inner) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some((outer, outer_inclusive)), Some((inner, inner_inclusive))) => {
            inner < outer || (inner == outer && (*outer_inclusive || !*inner_inclusive))
        }
    }
}

/// A version with possibly missing or wildcard parts: `1`, `1.2`, `1.x`, `*`.
struct Partial {
    numbers: Vec<u64>,
    prerelease: Option<SemVer>,
}

fn parse_partial(text: &str) -> Option<Partial> {
    let text = text.strip_prefix('v').unwrap_or(text);
    if text.is_empty() {
        return None;
    }
    if let Ok(full) = SemVer::parse(text) {
        let numbers = alloc::vec![full.major, full.minor, full.patch];
        return Some(Partial {
            numbers,
            prerelease: Some(full),
        });
    }
    let mut numbers = Vec::new();
    for part in text.split('.') {
        if matches!(part, "x" | "X" | "*") {
            break;
        }
        numbers.push(parse_number(part)?);
    }
    if numbers.len() > 3 || text.split('.').count() > 3 {
        return None;
    }
    Some(Partial {
        numbers,
        prerelease: None,
    })
}

impl Partial {
    fn floor(&self) -> SemVer {
        if let Some(full) = &self.prerelease {
            return full.clone();
        }
        let part = |index: usize| self.numbers.get(index).copied().unwrap_or(0);
        SemVer::new(part(0), part(1), part(2))
    }

    /// The first version above everything this partial names (`1.2` -> `1.3.0`).
    fn ceiling(&self) -> Option<SemVer> {
        match self.numbers.len() {
            0 => None,
            1 => Some(SemVer::new(self.numbers[0].saturating_add(1), 0, 0)),
            2 => Some(SemVer::new(
                self.numbers[0],
                self.numbers[1].saturating_add(1),
                0,
            )),
            _ => None,
        }
    }

    fn is_complete(&self) -> bool {
        self.numbers.len() == 3
    }
}

fn comparator(operator: Operator, version: SemVer) -> Comparator {
    Comparator { operator, version }
}

fn parse_alternative(text: &str) -> Option<Vec<Comparator>> {
    let mut comparators = Vec::new();
    if text.is_empty() {
        return Some(comparators);
    }
    // Hyphen range: `A - B`.
    if let Some((from, to)) = text.split_once(" - ") {
        let from = parse_partial(from.trim())?;
        let to = parse_partial(to.trim())?;
        comparators.push(comparator(Operator::GreaterOrEqual, from.floor()));
        // semantic_puppet fills a partial upper bound with zeros: `1.2 - 2` ends at `<=2.0.0`.
        if !to.numbers.is_empty() {
            comparators.push(comparator(Operator::LessOrEqual, to.floor()));
        }
        return Some(comparators);
    }
    let mut words: Vec<String> = Vec::new();
    // Join an operator separated from its version by spaces (`>= 1.0.0`).
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(last)
                if matches!(
                    last.as_str(),
                    ">" | ">=" | "<" | "<=" | "=" | "~" | "^" | "~>"
                ) =>
            {
                last.push_str(word)
            }
            _ => words.push(word.into()),
        }
    }
    for word in &words {
        let (operator, rest) = split_operator(word);
        let partial = if matches!(rest, "x" | "X" | "*") {
            Partial {
                numbers: Vec::new(),
                prerelease: None,
            }
        } else {
            parse_partial(rest)?
        };
        match operator {
            "" | "=" => {
                if partial.is_complete() {
                    comparators.push(comparator(Operator::GreaterOrEqual, partial.floor()));
                    comparators.push(comparator(Operator::LessOrEqual, partial.floor()));
                } else if let Some(ceiling) = partial.ceiling() {
                    comparators.push(comparator(Operator::GreaterOrEqual, partial.floor()));
                    comparators.push(comparator(Operator::Less, ceiling));
                }
            }
            ">=" => comparators.push(comparator(Operator::GreaterOrEqual, partial.floor())),
            ">" => match partial.ceiling() {
                Some(ceiling) if !partial.is_complete() => {
                    comparators.push(comparator(Operator::GreaterOrEqual, ceiling))
                }
                _ => comparators.push(comparator(Operator::Greater, partial.floor())),
            },
            "<" => comparators.push(comparator(Operator::Less, partial.floor())),
            "<=" => match partial.ceiling() {
                Some(ceiling) if !partial.is_complete() => {
                    comparators.push(comparator(Operator::Less, ceiling))
                }
                _ => comparators.push(comparator(Operator::LessOrEqual, partial.floor())),
            },
            "~" | "~>" => {
                let floor = partial.floor();
                let ceiling = match partial.numbers.len() {
                    1 => SemVer::new(floor.major.saturating_add(1), 0, 0),
                    _ => SemVer::new(floor.major, floor.minor.saturating_add(1), 0),
                };
                comparators.push(comparator(Operator::GreaterOrEqual, floor));
                comparators.push(comparator(Operator::Less, ceiling));
            }
            "^" => {
                let floor = partial.floor();
                // semantic_puppet: `^0.0.3` is `<0.1.0`, not npm's `<0.0.4`.
                let ceiling = if floor.major > 0 || partial.numbers.len() < 2 {
                    SemVer::new(floor.major.saturating_add(1), 0, 0)
                } else {
                    SemVer::new(0, floor.minor.saturating_add(1), 0)
                };
                comparators.push(comparator(Operator::GreaterOrEqual, floor));
                comparators.push(comparator(Operator::Less, ceiling));
            }
            _ => return None,
        }
    }
    Some(comparators)
}

fn split_operator(word: &str) -> (&str, &str) {
    for operator in [">=", "<=", "~>", ">", "<", "=", "~", "^"] {
        if let Some(rest) = word.strip_prefix(operator) {
            return (operator, rest);
        }
    }
    ("", word)
}

impl fmt::Display for SemVerRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::SemVerRange;
    use crate::value::SemVer;

    fn range(text: &str) -> SemVerRange {
        match SemVerRange::parse(text) {
            Ok(range) => range,
            Err(error) => panic!("{}", error.message),
        }
    }

    fn includes(text: &str, version: &str) -> bool {
        match SemVer::parse(version) {
            Ok(version) => range(text).includes(&version),
            Err(error) => panic!("{}", error.message),
        }
    }

    #[test]
    fn ranges() {
        assert!(includes(">=1.0.0 <2.0.0", "1.5.0"));
        assert!(!includes(">=1.0.0 <2.0.0", "2.5.0"));
        assert!(includes("1.x", "1.9.9"));
        assert!(!includes("1.x", "2.0.0"));
        assert!(includes("~1.2", "1.2.9"));
        assert!(!includes("~1.2", "1.3.0"));
        assert!(includes("^1.2.3", "1.9.0"));
        assert!(!includes("^0.2.3", "0.3.0"));
        // semantic_puppet, unlike npm: a partial upper bound is filled with zeros.
        assert!(!includes("1.0.0 - 2.0", "2.0.9"));
        assert!(includes("1.0.0 - 2.0", "2.0.0"));
        assert!(includes("^0.0.3", "0.0.9"));
        assert!(includes("<1.0.0 || >=3.0.0", "3.1.0"));
        assert!(!includes(">=1.0.0", "1.1.0-rc1"));
        assert!(includes(">=1.1.0-rc0", "1.1.0-rc1"));
        assert!(includes("x", "5.0.0"));
        assert!(includes("1.0.0", "1.0.0"));
        assert!(SemVerRange::parse("junk").is_err());
        assert_eq!(
            SemVerRange::parse("junk").err().map(|e| e.message),
            Some("Unparsable version range: \"junk\"".into())
        );
    }

    #[test]
    fn coverage() {
        assert!(range(">=0.5.0").covers(&range(">=1.0.0 <2.0.0")));
        assert!(!range(">=1.0.0 <2.0.0").covers(&range(">=1.0.0")));
    }
}
