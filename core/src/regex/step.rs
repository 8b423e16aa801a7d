//! What single instructions test at a position: one character, anchors, back-references, and the
//! absence operator (whose subpattern runs in a matcher of its own).

use super::exec::{Frame, Stop, Vm, UNSET};
use super::fold;
use super::program::{One, Program, Test};
use super::utf8::{decode, next_boundary, prev_boundary};

/// Whether `program` matches `text` exactly from `start` (the absence operator's test).
fn matches_at(
    program: &Program,
    text: &[u8],
    start: u32,
    budget: u64,
) -> (Result<bool, Stop>, u64) {
    let mut vm = Vm::new(program, text, start, budget);
    vm.reset();
    vm.slots[0] = start;
    let result = vm.run(start);
    (result, vm.steps)
}

impl Vm<'_> {
    /// The position after one character at `pos` that `one` accepts.
    #[inline]
    pub(super) fn one_at(&self, one: One, pos: u32) -> Option<u32> {
        let (c, next) = decode(self.text, pos as usize)?;
        let ok = match one {
            One::Char(expected) => c == expected,
            One::Set(class) => self
                .program
                .classes
                .get(class as usize)
                .is_some_and(|class| class.contains(c)),
            One::Any => c != u32::from(b'\n'),
            One::AnyNewline => true,
        };
        ok.then_some(next as u32)
    }

    pub(super) fn test(&self, test: Test, pos: u32) -> bool {
        let text = self.text;
        let at = pos as usize;
        let len = text.len();
        match test {
            Test::LineStart => at == 0 || (text.get(at - 1) == Some(&b'\n') && at < len),
            Test::LineEnd => at == len || text.get(at) == Some(&b'\n'),
            Test::TextStart => at == 0,
            Test::TextEnd => at == len,
            Test::TextEndNewline => at == len || (at + 1 == len && text[at] == b'\n'),
            Test::SearchStart => pos == self.search_start,
            Test::WordBoundary { set, negate } => {
                let Some(class) = self.program.classes.get(set as usize) else {
                    return false;
                };
                let before = at > 0
                    && decode(text, prev_boundary(text, at))
                        .is_some_and(|(c, _)| class.contains(c));
                let after = decode(text, at).is_some_and(|(c, _)| class.contains(c));
                (before != after) != negate
            }
        }
    }

    /// A back-reference at `pos`: the position after the text of the first group (from the last
    /// of `refs`) that took part and matches here.
    pub(super) fn backref(&mut self, refs: u32, fold: bool, pos: u32) -> Option<u32> {
        let groups = self.program.refs.get(refs as usize)?;
        for &group in groups.iter().rev() {
            let start = *self.slots.get(2 * group as usize)?;
            let end = *self.slots.get(2 * group as usize + 1)?;
            if start == UNSET || end == UNSET || start > end {
                continue;
            }
            let captured = self.text.get(start as usize..end as usize)?;
            self.steps += captured.len() as u64;
            if !fold {
                let here = pos as usize..pos as usize + captured.len();
                if self.text.get(here) == Some(captured) {
                    return Some(pos + captured.len() as u32);
                }
                continue;
            }
            let (mut i, mut j) = (0usize, pos as usize);
            let matched = loop {
                if i >= captured.len() {
                    break true;
                }
                match (decode(captured, i), decode(self.text, j)) {
                    (Some((a, ni)), Some((b, nj))) if fold::key(a) == fold::key(b) => {
                        i = ni;
                        j = nj;
                    }
                    _ => break false,
                }
            };
            if matched {
                return Some(j as u32);
            }
        }
        None
    }

    /// `(?~X)` at `pos`: the longest text from here that contains no match of X, with the shorter
    /// ones as alternatives.
    pub(super) fn absent(&mut self, pc: u32, sub: u32, pos: u32) -> Result<Option<u32>, Stop> {
        let Some(program) = self.program.subs.get(sub as usize) else {
            return Ok(None);
        };
        let len = self.text.len();
        let mut end = pos as usize;
        let mut longest: Option<usize> = None;
        loop {
            // Does some match of X end exactly at `end` (and start at or after `pos`)?
            let prefix = &self.text[..end];
            let mut start = pos as usize;
            let mut found = false;
            loop {
                let left = self.limit.saturating_sub(self.steps);
                let (result, used) = matches_at(program, prefix, start as u32, left);
                self.steps += used;
                if result? {
                    found = true;
                    break;
                }
                if start >= end {
                    break;
                }
                start = next_boundary(self.text, start);
            }
            if found {
                break;
            }
            longest = Some(end);
            if end >= len {
                break;
            }
            end = next_boundary(self.text, end);
        }
        let Some(longest) = longest else {
            return Ok(None);
        };
        if longest as u32 > pos {
            self.push(Frame::Shorter {
                pc: pc + 1,
                start: pos,
                pos: longest as u32,
            })?;
        }
        Ok(Some(longest as u32))
    }
}
