//! Semantic versions (`SemVer` values): parsing `1.2.3-rc.1+build`, ordering, printing.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

/// A version that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SemVerError {
    pub message: String,
}

/// One dot-separated identifier of a pre-release part: numeric ones order numerically and
/// before alphanumeric ones.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PreReleasePart {
    Number(u64),
    Text(Rc<str>),
}

impl PartialOrd for PreReleasePart {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PreReleasePart {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (PreReleasePart::Number(a), PreReleasePart::Number(b)) => a.cmp(b),
            (PreReleasePart::Number(_), PreReleasePart::Text(_)) => Ordering::Less,
            (PreReleasePart::Text(_), PreReleasePart::Number(_)) => Ordering::Greater,
            (PreReleasePart::Text(a), PreReleasePart::Text(b)) => a.cmp(b),
        }
    }
}

/// A semantic version `major.minor.patch[-prerelease][+build]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SemVer {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub prerelease: Vec<PreReleasePart>,
    pub build: Option<Rc<str>>,
}

impl SemVer {
    pub fn new(major: u64, minor: u64, patch: u64) -> SemVer {
        SemVer {
            major,
            minor,
            patch,
            prerelease: Vec::new(),
            build: None,
        }
    }

    /// Parses `1.2.3`, `1.2.3-rc.1`, `1.2.3+build.5`.
    pub fn parse(text: &str) -> Result<SemVer, SemVerError> {
        let invalid = || SemVerError {
            message: format!("Unable to parse '{text}' as a semantic version identifier"),
        };
        let (rest, build) = match text.split_once('+') {
            Some((rest, build)) if is_identifier_list(build) => (rest, Some(Rc::from(build))),
            Some(_) => return Err(invalid()),
            None => (text, None),
        };
        let (core, prerelease) = match rest.split_once('-') {
            Some((core, pre)) if is_identifier_list(pre) => (core, parse_prerelease(pre)),
            Some(_) => return Err(invalid()),
            None => (rest, Vec::new()),
        };
        let mut numbers = core.split('.').map(parse_number);
        let (Some(Some(major)), Some(Some(minor)), Some(Some(patch)), None) = (
            numbers.next(),
            numbers.next(),
            numbers.next(),
            numbers.next(),
        ) else {
            return Err(invalid());
        };
        Ok(SemVer {
            major,
            minor,
            patch,
            prerelease,
            build,
        })
    }

    pub fn is_prerelease(&self) -> bool {
        !self.prerelease.is_empty()
    }

    /// The same version without pre-release and build parts.
    pub fn release(&self) -> SemVer {
        SemVer::new(self.major, self.minor, self.patch)
    }
}

/// A number without leading zeros (`0`, `12`, not `01`).
pub(crate) fn parse_number(text: &str) -> Option<u64> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    super::parse_digits(text).and_then(|n| u64::try_from(n).ok())
}

fn is_identifier_list(text: &str) -> bool {
    !text.is_empty()
        && text.split('.').all(|part| {
            !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

fn parse_prerelease(text: &str) -> Vec<PreReleasePart> {
    text.split('.')
        .map(|part| match parse_number(part) {
            Some(number) => PreReleasePart::Number(number),
            None => PreReleasePart::Text(Rc::from(part)),
        })
        .collect()
}

impl PartialOrd for SemVer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SemVer {
    /// Precedence: numbers, then a release after its pre-releases; build is ignored except as
    /// a final tie-breaker so that `Ord` agrees with `Eq`.
    fn cmp(&self, other: &Self) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(
                || match (self.prerelease.is_empty(), other.prerelease.is_empty()) {
                    (true, true) => Ordering::Equal,
                    (true, false) => Ordering::Greater,
                    (false, true) => Ordering::Less,
                    (false, false) => self.prerelease.cmp(&other.prerelease),
                },
            )
            .then_with(|| self.build.cmp(&other.build))
    }
}

impl fmt::Display for SemVer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (index, part) in self.prerelease.iter().enumerate() {
            f.write_str(if index == 0 { "-" } else { "." })?;
            match part {
                PreReleasePart::Number(number) => write!(f, "{number}")?,
                PreReleasePart::Text(text) => f.write_str(text)?,
            }
        }
        if let Some(build) = &self.build {
            write!(f, "+{build}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::SemVer;
    use alloc::string::ToString;

    fn version(text: &str) -> SemVer {
        match SemVer::parse(text) {
            Ok(version) => version,
            Err(error) => panic!("{}", error.message),
        }
    }

    #[test]
    fn parses_and_orders() {
        assert_eq!(version("1.2.3").to_string(), "1.2.3");
        assert_eq!(version("1.0.0-rc.1+b5").to_string(), "1.0.0-rc.1+b5");
        assert!(version("1.0.0-rc1") < version("1.0.0"));
        assert!(version("1.10.0") > version("1.9.0"));
        assert!(version("1.0.0-alpha.1") < version("1.0.0-alpha.beta"));
        assert!(version("1.0.0-2") < version("1.0.0-10"));
        assert!(SemVer::parse("1.0").is_err());
        assert!(SemVer::parse("01.0.0").is_err());
        assert!(SemVer::parse("x").is_err());
    }
}
