//! Unicode properties by name (`\p{Greek}`, `\p{Lu}`, `[[:alpha:]]`), read from the compact tables
//! of `unicode_tables.rs` into character sets when a pattern names them.

use super::charset::CharSet;
use super::unicode_tables as tables;

/// What a property name stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lookup {
    Found(usize),
    /// A name Ruby knows (a block, an age, a rarer binary property) that the engine does not carry.
    Unsupported,
    Unknown,
}

/// Ruby's loose matching of property names: case-insensitive, spaces, underscores and hyphens ignored.
fn normalize(name: &str) -> alloc::string::String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The line of `PROPERTY_NAMES` naming the property, if the engine carries it.
pub(crate) fn lookup(name: &str) -> Lookup {
    let wanted = normalize(name);
    // The first place the name stands as a whole word (between line breaks and spaces), and
    // the line it is on: found with a substring search rather than splitting the text.
    let names = tables::PROPERTY_NAMES.as_bytes();
    let gap = |at: Option<&u8>| matches!(at, None | Some(b' ' | b'\n'));
    if !wanted.contains('\n') {
        for (at, _) in tables::PROPERTY_NAMES.match_indices(wanted.as_str()) {
            let before = at.checked_sub(1).and_then(|i| names.get(i));
            if gap(before) && gap(names.get(at + wanted.len())) {
                let line = names
                    .get(..at)
                    .map_or(0, |head| head.iter().filter(|&&b| b == b'\n').count());
                return Lookup::Found(line);
            }
        }
    }
    if tables::UNSUPPORTED
        .binary_search(&name_hash(&wanted))
        .is_ok()
    {
        Lookup::Unsupported
    } else {
        Lookup::Unknown
    }
}

/// FNV-1a of a normalized name folded to 16 bits (as `scripts/gen-regex-unicode.rb` computes it).
fn name_hash(name: &str) -> u16 {
    let hash = name.bytes().fold(0x811C_9DC5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    ((hash >> 16) ^ (hash & 0xFFFF)) as u16
}

/// The characters of the property on line `line` of `PROPERTY_NAMES`.
pub(crate) fn property_set(line: usize) -> CharSet {
    if line < tables::SCRIPT_LINE {
        categories(tables::CATEGORY_MASKS.get(line).copied().unwrap_or(0))
    } else if line < tables::SET_LINE {
        script((line - tables::SCRIPT_LINE) as u8)
    } else {
        derived(line - tables::SET_LINE)
    }
}

/// The characters of one of the `SETS` (its index there).
pub(crate) fn derived(index: usize) -> CharSet {
    let (Some(&start), Some(&end)) = (
        tables::SET_OFFSETS.get(index),
        tables::SET_OFFSETS.get(index + 1),
    ) else {
        return CharSet::new();
    };
    let bytes = tables::SETS
        .get(start as usize..end as usize)
        .unwrap_or_default();
    let mut reader = Varints(bytes.get(4..).unwrap_or_default());
    let mask = bytes
        .get(..4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let count = reader.next().unwrap_or(0);
    let mut diff = CharSet::new();
    let mut at = 0u32;
    for _ in 0..count / 2 {
        let lo = at + reader.next().unwrap_or(0);
        let end = lo + reader.next().unwrap_or(0);
        diff.add_range(lo, end.saturating_sub(1));
        at = end;
    }
    categories(mask).xor(&diff)
}

/// The characters whose general category is in `mask` (bit `i`: `CATEGORIES[i]`).
pub(crate) fn categories(mask: u32) -> CharSet {
    // No category (the derived sets given by their ranges alone, `[[:xdigit:]]`).
    if mask == 0 {
        return CharSet::new();
    }
    runs(
        &tables::CATEGORY_STARTS,
        &tables::CATEGORY_VALUES,
        |category| category < 32 && mask & (1 << category) != 0,
    )
}

fn script(index: u8) -> CharSet {
    runs(&tables::SCRIPT_STARTS, &tables::SCRIPT_VALUES, |script| {
        script == index
    })
}

/// The ranges of a run table (start deltas, a value per run) whose value `keep` accepts.
fn runs(starts: &[u8], values: &[u8], keep: impl Fn(u8) -> bool) -> CharSet {
    let mut ranges = alloc::vec::Vec::new();
    let mut reader = Varints(starts);
    let mut start = 0u32;
    let mut open: Option<u32> = None;
    for &value in values {
        let Some(delta) = reader.next() else { break };
        start += delta;
        match (open, keep(value)) {
            (None, true) => open = Some(start),
            (Some(lo), false) => {
                ranges.push((lo, start - 1));
                open = None;
            }
            _ => {}
        }
    }
    if let Some(lo) = open {
        ranges.push((lo, super::charset::MAX_CHAR));
    }
    CharSet::from_sorted(ranges)
}

/// LEB128 varints from a byte slice.
struct Varints<'a>(&'a [u8]);

impl Varints<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    fn next(&mut self) -> Option<u32> {
        let mut value = 0u32;
        let mut shift = 0;
        loop {
            let byte = self.byte()?;
            value |= u32::from(byte & 0x7F) << shift;
            if byte & 0x80 == 0 {
                return Some(value);
            }
            shift += 7;
            if shift > 28 {
                return Some(value);
            }
        }
    }
}

/// The Unicode version of the tables (Ruby 3.1's).
pub(crate) const UNICODE_VERSION: &str = tables::UNICODE_VERSION;

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str) -> CharSet {
        match lookup(name) {
            Lookup::Found(line) => property_set(line),
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn properties_by_name() {
        assert!(set("L").contains('é' as u32));
        assert!(!set("L").contains('1' as u32));
        assert!(set("Lu").contains('A' as u32) && !set("Lu").contains('a' as u32));
        assert!(set("Han").contains('日' as u32));
        assert!(set("Greek").contains('α' as u32) && !set("greek").contains('a' as u32));
        assert!(set("G r-e_ek").contains('α' as u32));
        assert!(set("Alpha").contains('é' as u32) && !set("Alpha").contains(0x301));
        assert!(set("Word").contains('_' as u32) && set("Word").contains(0x301));
        assert!(set("Upper").contains(0x2160));
        assert!(set("Lower").contains('ª' as u32) && !set("Ll").contains('ª' as u32));
        assert!(set("Space").contains(0x85) && set("Space").contains(' ' as u32));
        assert!(set("XPosixPunct").contains('+' as u32) && !set("Punct").contains('+' as u32));
        assert!(set("Any").contains(0x10FFFF));
        assert!(set("Unknown").contains(0x378) && !set("Unknown").contains('a' as u32));
        assert!(set("Cn").contains(0x378));
        assert!(set("Emoji").contains(0x1F600));
        assert_eq!(lookup("In_Basic_Latin"), Lookup::Unsupported);
        assert_eq!(lookup("Age=6.0"), Lookup::Unsupported);
        assert_eq!(lookup("Soft_Dotted"), Lookup::Unsupported);
        assert_eq!(lookup("Foo"), Lookup::Unknown);
        assert_eq!(UNICODE_VERSION, "13.0.0");
    }
}
