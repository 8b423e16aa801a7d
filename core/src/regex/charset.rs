//! Sets of characters as sorted, disjoint, non-adjacent ranges of code points: what a bracket class,
//! an escape like `\w` or a property like `\p{Greek}` matches.

use alloc::vec::Vec;

/// The largest code point.
pub(crate) const MAX_CHAR: u32 = 0x10_FFFF;

/// A set of code points, kept canonical: ranges sorted, disjoint and never touching.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CharSet {
    ranges: Vec<(u32, u32)>,
}

impl CharSet {
    pub fn new() -> Self {
        CharSet::default()
    }

    /// From ranges already sorted and disjoint (adjacent ones are merged).
    pub fn from_sorted(ranges: impl IntoIterator<Item = (u32, u32)>) -> Self {
        let mut set = CharSet::new();
        for (lo, hi) in ranges {
            set.push_sorted(lo, hi);
        }
        set
    }

    /// Appends a range that starts after every range so far (merging when it touches the last).
    fn push_sorted(&mut self, lo: u32, hi: u32) {
        if let Some(last) = self.ranges.last_mut() {
            if lo <= last.1.saturating_add(1) {
                last.1 = last.1.max(hi);
                return;
            }
        }
        self.ranges.push((lo, hi));
    }

    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    /// The one code point of a set of one.
    pub fn single_char(&self) -> Option<u32> {
        match self.ranges.as_slice() {
            [(lo, hi)] if lo == hi => Some(*lo),
            _ => None,
        }
    }

    pub fn contains(&self, c: u32) -> bool {
        let at = self.ranges.partition_point(|&(_, hi)| hi < c);
        self.ranges.get(at).is_some_and(|&(lo, _)| lo <= c)
    }

    /// Adds the code points `lo..=hi`.
    pub fn add_range(&mut self, lo: u32, hi: u32) {
        if lo > hi {
            return;
        }
        if self
            .ranges
            .last()
            .is_none_or(|last| last.1.saturating_add(1) <= lo)
        {
            self.push_sorted(lo, hi);
            return;
        }
        let other = CharSet {
            ranges: alloc::vec![(lo, hi)],
        };
        *self = self.union(&other);
    }

    pub fn add(&mut self, c: u32) {
        self.add_range(c, c);
    }

    pub fn union(&self, other: &CharSet) -> CharSet {
        let mut out = CharSet {
            ranges: Vec::with_capacity(self.ranges.len() + other.ranges.len()),
        };
        let (mut a, mut b) = (
            self.ranges.iter().peekable(),
            other.ranges.iter().peekable(),
        );
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) if x.0 <= y.0 => a.next(),
                (Some(_), Some(_)) => b.next(),
                (Some(_), None) => a.next(),
                (None, Some(_)) => b.next(),
                (None, None) => break,
            };
            if let Some(&(lo, hi)) = next {
                out.push_sorted(lo, hi);
            }
        }
        out
    }

    /// Every code point not in the set.
    pub fn negate(&self) -> CharSet {
        let mut out = CharSet::new();
        let mut next = 0u32;
        for &(lo, hi) in &self.ranges {
            if lo > next {
                out.ranges.push((next, lo - 1));
            }
            next = hi.saturating_add(1);
        }
        if next <= MAX_CHAR && self.ranges.last().is_none_or(|last| last.1 < MAX_CHAR) {
            out.ranges.push((next, MAX_CHAR));
        }
        out
    }

    pub fn intersect(&self, other: &CharSet) -> CharSet {
        let mut out = CharSet::new();
        let (mut i, mut j) = (0, 0);
        while let (Some(&(a_lo, a_hi)), Some(&(b_lo, b_hi))) =
            (self.ranges.get(i), other.ranges.get(j))
        {
            let lo = a_lo.max(b_lo);
            let hi = a_hi.min(b_hi);
            if lo <= hi {
                out.push_sorted(lo, hi);
            }
            if a_hi < b_hi {
                i += 1;
            } else {
                j += 1;
            }
        }
        out
    }

    /// The code points in exactly one of the two sets.
    pub fn xor(&self, other: &CharSet) -> CharSet {
        self.union(other).intersect(&self.intersect(other).negate())
    }

    /// Only the code points below 128.
    pub fn ascii_only(&self) -> CharSet {
        self.intersect(&CharSet::from_sorted([(0, 0x7F)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ranges: &[(u32, u32)]) -> CharSet {
        let mut s = CharSet::new();
        for &(lo, hi) in ranges {
            s.add_range(lo, hi);
        }
        s
    }

    #[test]
    fn ranges_stay_canonical() {
        let s = set(&[(10, 20), (0, 5), (6, 9), (30, 40), (15, 35)]);
        assert_eq!(s.ranges(), &[(0, 40)]);
        let s = set(&[(5, 5), (1, 2), (8, 9)]);
        assert_eq!(s.ranges(), &[(1, 2), (5, 5), (8, 9)]);
        assert!(s.contains(5) && s.contains(9) && !s.contains(3) && !s.contains(10));
    }

    #[test]
    fn set_operations() {
        let a = set(&[(0, 10), (20, 30)]);
        let b = set(&[(5, 25)]);
        assert_eq!(a.intersect(&b).ranges(), &[(5, 10), (20, 25)]);
        assert_eq!(a.union(&b).ranges(), &[(0, 30)]);
        assert_eq!(a.xor(&b).ranges(), &[(0, 4), (11, 19), (26, 30)]);
        assert_eq!(a.negate().ranges(), &[(11, 19), (31, MAX_CHAR)]);
        assert_eq!(CharSet::new().negate().ranges(), &[(0, MAX_CHAR)]);
        assert!(set(&[(0, MAX_CHAR)]).negate().ranges().is_empty());
        assert_eq!(a.negate().negate(), a);
    }
}
