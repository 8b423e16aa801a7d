//! Repetitions of one character (`a*`, `[^/]+`, `.*?`): read in one step, backtracked a character
//! at a time; once failures are remembered, the run a greedy one last read and the positions after it
//! known to fail are kept, so nested repetitions (`(a+)+$`) stay linear in the text.

use super::ast::UNBOUNDED;
use super::exec::{Frame, Stop, Vm};
use super::program::{Inst, One, NO_MEMO};
use super::utf8::{next_boundary, prev_boundary};

/// A repetition's remembered run and failures before any (empty ranges).
pub(super) const EMPTY_RUN: [u32; 4] = [1, 0, 1, 0];

/// The memo slot of what follows a repetition (its entry's slot plus one).
#[inline]
pub(super) fn after(memo: u32) -> u32 {
    if memo == NO_MEMO {
        NO_MEMO
    } else {
        memo + 1
    }
}

impl Vm<'_> {
    /// The remembered run and failures of a greedy repetition, once remembering.
    pub(super) fn run_memo(&mut self, memo: u32) -> Option<&mut [u32; 4]> {
        if !self.memo_on {
            return None;
        }
        self.runs.get_mut(memo as usize)
    }

    /// A repetition of one character: the position after it, with its backtrack entry pushed.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn repeat(
        &mut self,
        pc: u32,
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
        memo: u32,
        start: u32,
    ) -> Result<Option<u32>, Stop> {
        if greedy && max == UNBOUNDED && self.run_memo(memo).is_some() {
            return self.remembered_repeat(pc, one, min, memo, start);
        }
        let mut pos = start;
        let mut count = 0u32;
        let mut min_pos = start;
        let goal = if greedy { max } else { min };
        while count < goal {
            match self.one_at(one, pos) {
                Some(next) => {
                    pos = next;
                    count += 1;
                    if count == min {
                        min_pos = pos;
                    }
                }
                None => break,
            }
        }
        self.steps += u64::from(count);
        if count < min {
            return Ok(None);
        }
        if greedy {
            if pos > min_pos {
                self.push(Frame::Greedy {
                    pc: pc + 1,
                    min_pos,
                    pos,
                    top: pos,
                })?;
            }
        } else if count < max {
            self.push(Frame::Lazy { pc, count, pos })?;
        }
        if self.visited(after(memo), pos) {
            return Ok(None);
        }
        Ok(Some(pos))
    }

    /// A greedy unbounded repetition once failures are remembered: inside the run of characters
    /// it last matched it reaches the same end without reading them again, and it starts below
    /// the positions known to fail (so `(a+)+$` on a long text stays linear).
    fn remembered_repeat(
        &mut self,
        pc: u32,
        one: One,
        min: u32,
        memo: u32,
        start: u32,
    ) -> Result<Option<u32>, Stop> {
        let run = self.run_memo(memo).map_or(EMPTY_RUN, |run| *run);
        let end = if run[0] <= start && start <= run[1] {
            run[1]
        } else {
            // Read up to the end of the text's run, or into the run remembered (which it joins).
            let mut pos = start;
            let mut count = 0u64;
            while let Some(next) = self.one_at(one, pos) {
                pos = next;
                count += 1;
                if run[0] <= pos && pos <= run[1] {
                    pos = run[1];
                    break;
                }
            }
            self.steps += count;
            if let Some(run) = self.run_memo(memo) {
                run[0] = start;
                run[1] = pos;
            }
            pos
        };
        let mut min_pos = start;
        for _ in 0..min {
            if min_pos >= end {
                return Ok(None);
            }
            min_pos = next_boundary(self.text, min_pos as usize) as u32;
            self.steps += 1;
        }
        let mut from = end;
        if run[2] <= from && from <= run[3] {
            if run[2] <= min_pos {
                return Ok(None);
            }
            from = prev_boundary(self.text, run[2] as usize) as u32;
        }
        if from < min_pos {
            return Ok(None);
        }
        if from > min_pos {
            self.push(Frame::Greedy {
                pc: pc + 1,
                min_pos,
                pos: from,
                top: end,
            })?;
        }
        if self.visited(after(memo), from) {
            return Ok(None);
        }
        Ok(Some(from))
    }

    /// Backtracking into a greedy repetition (the instruction before `pc`) last followed from
    /// `pos`: the next position to follow it from, skipping those known to fail.
    pub(super) fn greedy_back(
        &mut self,
        pc: u32,
        min_pos: u32,
        pos: u32,
        top: u32,
    ) -> Option<(u32, u32)> {
        let memo = match self.program.insts.get(pc.wrapping_sub(1) as usize) {
            Some(Inst::Repeat { memo, .. }) => *memo,
            _ => NO_MEMO,
        };
        // Everything from `pos` to `top` has failed; skip what is known to.
        let mut back = prev_boundary(self.text, pos as usize) as u32;
        if let Some(run) = self.run_memo(memo) {
            let (lo, hi) = if run[2] <= top && pos <= run[3] {
                (run[2].min(pos), run[3].max(top))
            } else {
                (pos, top)
            };
            run[2] = lo;
            run[3] = hi;
            if back >= lo && back <= hi {
                if lo <= min_pos {
                    return None;
                }
                back = prev_boundary(self.text, lo as usize) as u32;
            }
        }
        if back < min_pos {
            return None;
        }
        if back > min_pos {
            self.stack.push(Frame::Greedy {
                pc,
                min_pos,
                pos: back,
                top,
            });
        }
        if !self.visited(after(memo), back) {
            return Some((pc, back));
        }

        None
    }
}
