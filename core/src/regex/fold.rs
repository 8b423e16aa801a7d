//! Case folding as `(?i)` applies it in Ruby: the characters Onigmo treats as equal ignoring case
//! (`k`, `K` and the Kelvin sign), the closure of a class under it, and the characters that fold to
//! several (`ß` and `ss`).

use alloc::vec::Vec;

use super::charset::CharSet;
use super::unicode_tables::{FOLD_RUNS, MULTI_FOLDS};

/// A fold run: start, count, stride and the delta to the key (see `scripts/gen-regex-unicode.rb`).
struct Run {
    start: u32,
    count: u32,
    stride: u32,
    delta: i64,
}

fn run(packed: u64) -> Run {
    Run {
        start: packed as u32 & 0x1F_FFFF,
        count: (packed >> 21) as u32 & 0x7FF,
        stride: 1 + ((packed >> 32) & 1) as u32,
        delta: (packed >> 33) as i64 - (1 << 30),
    }
}

impl Run {
    fn covers(&self, c: u32) -> bool {
        c >= self.start && {
            let offset = c - self.start;
            offset.is_multiple_of(self.stride) && offset / self.stride < self.count
        }
    }

    fn members(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.count).map(move |i| {
            let c = self.start + i * self.stride;
            (c, (c as i64 + self.delta) as u32)
        })
    }
}

/// The code point that stands for `c`'s case-fold class (`c` itself when it has no other case).
pub(crate) fn key(c: u32) -> u32 {
    if c < 0x80 {
        // The key is the smallest member of the class: an ASCII letter's uppercase.
        return if (0x61..=0x7A).contains(&c) {
            c - 32
        } else {
            c
        };
    }
    let at = FOLD_RUNS.partition_point(|&r| (r as u32 & 0x1F_FFFF) <= c);
    let Some(&packed) = at.checked_sub(1).and_then(|i| FOLD_RUNS.get(i)) else {
        return c;
    };
    let found = run(packed);
    if found.covers(c) {
        (c as i64 + found.delta) as u32
    } else {
        c
    }
}

/// Every character equal to `c` ignoring case, `c` included.
pub(crate) fn equivalents(c: u32) -> Vec<u32> {
    let k = key(c);
    let mut out = alloc::vec![k];
    for &packed in FOLD_RUNS.iter() {
        let found = run(packed);
        let member = (k as i64 - found.delta) as u32;
        if found.covers(member) && !out.contains(&member) {
            out.push(member);
        }
    }
    out
}

/// `set` with every character equal to one of its own ignoring case, as Onigmo builds a class under
/// `(?i)`: a character from U+0080 to U+00FF is never added this way (Onigmo puts those in a byte
/// table UTF-8 text never reaches: `/(?i)[àé]/` does not match `É`; a class of one character
/// matches as a literal does), and a fold between an ASCII and a non-ASCII character is only made
/// from `sources` (not from what `\w`, `\d`, `\s` and `\h` brought: `/(?i)[\w]/` does not match
/// the Kelvin sign, `/(?i)[k]/` does).
pub(crate) fn close(set: &CharSet, sources: &CharSet) -> CharSet {
    let mut touched = CharSet::new();
    for &packed in FOLD_RUNS.iter() {
        for (c, k) in run(packed).members() {
            if set.contains(c) || set.contains(k) {
                touched.add(k);
            }
        }
    }
    let mut added = CharSet::new();
    for &(lo, hi) in touched.ranges() {
        for k in lo..=hi {
            let members = equivalents(k);
            for &m in members.iter().filter(|&&m| set.contains(m)) {
                let from_source = sources.contains(m);
                for &x in members.iter().filter(|&&x| x != m) {
                    if ((m < 0x80) == (x < 0x80) || from_source) && !(0x80..=0xFF).contains(&x) {
                        added.add(x);
                    }
                }
            }
        }
    }
    set.union(&added)
}

/// The characters `c` folds to when it folds to several (`ß` to `ss`).
pub(crate) fn multi(c: u32) -> Option<Vec<u32>> {
    let at = MULTI_FOLDS
        .binary_search_by_key(&c, |&m| m as u32 & 0x1F_FFFF)
        .ok()?;
    let mut packed = MULTI_FOLDS.get(at)? >> 21;
    let mut out = Vec::new();
    while packed != 0 {
        out.push(packed as u32 & 0xFFFF);
        packed >>= 16;
    }
    Some(out)
}

/// Every character that folds to the sequence `folded` (which starts with `first`).
pub(crate) fn multi_sources(first: u32) -> impl Iterator<Item = (u32, Vec<u32>)> {
    MULTI_FOLDS.iter().filter_map(move |&packed| {
        let c = packed as u32 & 0x1F_FFFF;
        let folded = multi(c)?;
        (folded.first().copied().map(key) == Some(key(first))).then_some((c, folded))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(list: &[u32]) -> Vec<u32> {
        let mut v = list.to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn equivalence_classes() {
        assert_eq!(key('a' as u32), 'A' as u32);
        assert_eq!(chars(&equivalents('k' as u32)), [0x4B, 0x6B, 0x212A]);
        assert_eq!(chars(&equivalents('σ' as u32)), [0x3A3, 0x3C2, 0x3C3]);
        assert_eq!(chars(&equivalents('é' as u32)), [0xC9, 0xE9]);
        assert_eq!(equivalents('1' as u32), ['1' as u32]);
        assert_eq!(key('ǅ' as u32), key('Ǆ' as u32));
        assert_ne!(key('ı' as u32), key('i' as u32));
    }

    #[test]
    fn closure_leaves_out_latin_1() {
        let letters = CharSet::from_sorted([(0x61, 0x7A)]);
        let closed = close(&letters, &letters);
        assert!(closed.contains('K' as u32) && closed.contains(0x212A) && closed.contains(0x17F));
        let closed = close(&letters, &CharSet::new());
        assert!(closed.contains('K' as u32) && !closed.contains(0x212A));
        let latin = CharSet::from_sorted([(0xE0, 0xFF)]);
        let closed = close(&latin, &latin);
        assert!(!closed.contains(0xC9) && closed.contains(0x178));
    }

    #[test]
    fn multi_character_folds() {
        assert_eq!(multi('ß' as u32), Some(alloc::vec!['s' as u32, 's' as u32]));
        assert_eq!(multi('s' as u32), None);
        assert!(multi_sources('S' as u32).any(|(c, _)| c == 'ß' as u32));
    }
}
