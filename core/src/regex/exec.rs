//! The backtracking matcher: runs a program over a text, every instruction and every backtrack a
//! step charged to the budget it is given. When the program allows it (no back-references,
//! look-arounds, atomic groups, counters or calls), failed (instruction, position) pairs are
//! remembered once a search gets costly, so such patterns run in time linear in the text (as a
//! non-backtracking engine would); the others stop at the budget, never hang.

use alloc::vec::Vec;

use super::ast::UNBOUNDED;
use super::fold;
use super::grapheme;
use super::program::{Inst, One, Program, Test, NO_MEMO};

/// Why a search stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The step budget is spent.
    Steps,
    /// The backtrack stack would exceed its limit.
    Memory,
}

/// An unset capture slot.
pub(crate) const UNSET: u32 = u32::MAX;

/// A repetition's remembered run and failures before any (empty ranges).
const EMPTY_RUN: [u32; 4] = [1, 0, 1, 0];

/// Backtrack entries at most (about 40 MB).
const MAX_FRAMES: usize = 1 << 21;

/// Remembered (instruction, position) pairs at most, in bits (4 MiB).
const MAX_MEMO_BITS: u64 = 1 << 25;

#[derive(Debug, Clone, Copy)]
enum Frame {
    /// Try `pc` at `pos`.
    Alt { pc: u32, pos: u32 },
    /// Restore a capture slot.
    Slot { slot: u32, old: u32 },
    /// Restore a register.
    Reg { reg: u32, old: u32 },
    /// The start of an atomic group or positive look-around.
    Barrier,
    /// The start of a negative look-around: reaching it again means the look-around failed to
    /// match, so matching goes on at `next`, at the position in register `reg`.
    NegBarrier { next: u32, reg: u32 },
    /// A greedy repetition of one character (the instruction before `pc`) that could reach `top`
    /// was last followed from `pos`: try `pc` a character earlier, down to `min_pos`.
    Greedy {
        pc: u32,
        min_pos: u32,
        pos: u32,
        top: u32,
    },
    /// A lazy repetition (`Repeat` at `pc`) took `count` characters up to `pos`: try one more.
    Lazy { pc: u32, count: u32, pos: u32 },
    /// An absence operator matched up to `pos`: try `pc` a character earlier, down to `start`.
    Shorter { pc: u32, start: u32, pos: u32 },
    /// Undo a call (pop its return address).
    CallUndo,
    /// Undo a return (push its return address and start back).
    ReturnUndo { back: u32, start: u32 },
}

impl Frame {
    /// Entries that restore state: kept when a barrier drops the alternatives above it.
    fn is_undo(&self) -> bool {
        matches!(
            self,
            Frame::Slot { .. } | Frame::Reg { .. } | Frame::CallUndo | Frame::ReturnUndo { .. }
        )
    }
}

/// The first match at or after `from`: its capture slots (two per group, `UNSET` when a group did
/// not take part). Every step is taken from `budget`.
pub(crate) fn search(
    program: &Program,
    text: &str,
    from: usize,
    budget: &mut u64,
) -> Result<Option<Vec<u32>>, Stop> {
    let bytes = text.as_bytes();
    if bytes.len() >= (u32::MAX - 1) as usize || from > bytes.len() {
        return Ok(None);
    }
    let mut vm = Vm::new(program, bytes, from as u32, *budget);
    let result = vm.search_from(from);
    *budget = budget.saturating_sub(vm.steps);
    result
}

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

struct Vm<'a> {
    program: &'a Program,
    text: &'a [u8],
    slots: Vec<u32>,
    regs: Vec<u32>,
    stack: Vec<Frame>,
    /// Active calls: where each returns to and where it began.
    calls: Vec<(u32, u32)>,
    memo: Vec<u64>,
    memo_on: bool,
    /// Per greedy repetition (by its memo slot), once remembering: the last run of characters it
    /// matched (from, to), and the positions after it from which the rest is known to fail (lo,
    /// hi). Entering it again inside the run costs nothing, and known failures are skipped.
    runs: Vec<[u32; 4]>,
    /// Steps after which remembering starts (none when it is not sound or too large).
    memo_after: u64,
    steps: u64,
    limit: u64,
    search_start: u32,
}

impl<'a> Vm<'a> {
    fn new(program: &'a Program, text: &'a [u8], search_start: u32, limit: u64) -> Self {
        let width = text.len() as u64 + 1;
        let bits = u64::from(program.memo_slots).saturating_mul(width);
        let memo_after = if program.memo_safe && program.memo_slots > 0 && bits <= MAX_MEMO_BITS {
            8 * width + 256
        } else {
            u64::MAX
        };
        Vm {
            program,
            text,
            slots: alloc::vec![UNSET; program.slots as usize],
            regs: alloc::vec![0; program.registers as usize],
            stack: Vec::new(),
            calls: Vec::new(),
            memo: Vec::new(),
            memo_on: false,
            runs: Vec::new(),
            memo_after,
            steps: 0,
            limit,
            search_start,
        }
    }

    fn reset(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = UNSET);
        self.stack.clear();
        self.calls.clear();
    }

    fn search_from(&mut self, from: usize) -> Result<Option<Vec<u32>>, Stop> {
        let len = self.text.len();
        let mut start = from;
        loop {
            if let Some(first) = &self.program.first_bytes {
                let skipped = start;
                while start < len
                    && first[(self.text[start] >> 6) as usize] & (1u64 << (self.text[start] & 63))
                        == 0
                {
                    start += 1;
                }
                self.steps += ((start - skipped) / 16) as u64;
                if start >= len {
                    return Ok(None);
                }
            }
            self.reset();
            self.slots[0] = start as u32;
            if self.run(start as u32)? {
                return Ok(Some(core::mem::take(&mut self.slots)));
            }
            if self.program.anchored || start >= len {
                return Ok(None);
            }
            start = next_boundary(self.text, start);
        }
    }

    #[inline]
    fn push(&mut self, frame: Frame) -> Result<(), Stop> {
        if self.stack.len() >= MAX_FRAMES {
            return Err(Stop::Memory);
        }
        self.stack.push(frame);
        Ok(())
    }

    fn set_slot(&mut self, slot: u32, value: u32) -> Result<(), Stop> {
        let Some(old) = self.slots.get(slot as usize).copied() else {
            return Ok(());
        };
        self.push(Frame::Slot { slot, old })?;
        self.slots[slot as usize] = value;
        Ok(())
    }

    fn set_reg(&mut self, reg: u32, value: u32) -> Result<(), Stop> {
        let Some(old) = self.regs.get(reg as usize).copied() else {
            return Ok(());
        };
        self.push(Frame::Reg { reg, old })?;
        self.regs[reg as usize] = value;
        Ok(())
    }

    fn reg(&self, reg: u32) -> u32 {
        self.regs.get(reg as usize).copied().unwrap_or(0)
    }

    /// Whether (slot, pos) was reached before (then it failed); marks it reached.
    #[inline]
    fn visited(&mut self, slot: u32, pos: u32) -> bool {
        if !self.memo_on || slot == NO_MEMO {
            return false;
        }
        let bit = slot as usize * (self.text.len() + 1) + pos as usize;
        let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
        match self.memo.get_mut(word) {
            Some(w) if *w & mask != 0 => true,
            Some(w) => {
                *w |= mask;
                false
            }
            None => false,
        }
    }

    /// Starts remembering once the search has taken more steps than a linear one would.
    #[cold]
    fn start_memo(&mut self) {
        let bits = self.program.memo_slots as usize * (self.text.len() + 1);
        self.memo = alloc::vec![0; bits / 64 + 1];
        self.runs = alloc::vec![EMPTY_RUN; self.program.memo_slots as usize];
        self.memo_on = true;
        self.memo_after = u64::MAX;
    }

    /// Runs from `pos` at the first instruction: whether it reached `Match`.
    fn run(&mut self, start: u32) -> Result<bool, Stop> {
        let mut pc = 0u32;
        let mut pos = start;
        loop {
            self.steps += 1;
            if self.steps > self.limit {
                return Err(Stop::Steps);
            }
            let Some(&inst) = self.program.insts.get(pc as usize) else {
                return Ok(false);
            };
            let advanced = match inst {
                Inst::One(one) => self.one_at(one, pos),
                Inst::Repeat {
                    one,
                    min,
                    max,
                    greedy,
                    memo,
                } => {
                    if self.visited(memo, pos) {
                        None
                    } else {
                        self.repeat(pc, one, min, max, greedy, memo, pos)?
                    }
                }
                Inst::Split {
                    first,
                    second,
                    memo,
                } => {
                    if self.visited(memo, pos) {
                        None
                    } else {
                        self.push(Frame::Alt { pc: second, pos })?;
                        pc = first;
                        continue;
                    }
                }
                Inst::Jump(target) => {
                    pc = target;
                    continue;
                }
                Inst::Save(slot) => {
                    self.set_slot(slot, pos)?;
                    Some(pos)
                }
                Inst::Test(test) => self.test(test, pos).then_some(pos),
                Inst::BackRef { refs, fold } => self.backref(refs, fold, pos),
                Inst::AtomicStart => {
                    self.push(Frame::Barrier)?;
                    Some(pos)
                }
                Inst::AtomicEnd => {
                    self.cut();
                    Some(pos)
                }
                Inst::LookStart { reg } => {
                    self.set_reg(reg, pos)?;
                    self.push(Frame::Barrier)?;
                    Some(pos)
                }
                Inst::LookEnd { reg } => {
                    self.cut();
                    Some(self.reg(reg))
                }
                Inst::NegLookStart { reg, next } => {
                    self.set_reg(reg, pos)?;
                    self.push(Frame::NegBarrier { next, reg })?;
                    Some(pos)
                }
                Inst::NegLookEnd => {
                    self.cut();
                    None
                }
                Inst::StepBack(count) => {
                    let mut at = Some(pos);
                    for _ in 0..count {
                        at = at
                            .filter(|&p| p > 0)
                            .map(|p| prev_boundary(self.text, p as usize) as u32);
                    }
                    at
                }
                Inst::AtReg(reg) => (pos == self.reg(reg)).then_some(pos),
                Inst::Mark(reg) => {
                    self.set_reg(reg, pos)?;
                    Some(pos)
                }
                Inst::EmptyCheck { reg, exit } => {
                    pc = if pos == self.reg(reg) { exit } else { pc + 1 };
                    continue;
                }
                Inst::CountInit(reg) => {
                    self.set_reg(reg, 0)?;
                    Some(pos)
                }
                Inst::Count {
                    reg,
                    min,
                    max,
                    greedy,
                    exit,
                } => {
                    let n = self.reg(reg);
                    if n < min {
                        pc += 1;
                    } else if n >= max {
                        pc = exit;
                    } else if greedy {
                        self.push(Frame::Alt { pc: exit, pos })?;
                        pc += 1;
                    } else {
                        self.push(Frame::Alt { pc: pc + 1, pos })?;
                        pc = exit;
                    }
                    continue;
                }
                Inst::CountInc(reg) => {
                    let n = self.reg(reg);
                    self.set_reg(reg, n.saturating_add(1))?;
                    Some(pos)
                }
                Inst::Cond { group, no } => {
                    let start = self.slots.get(2 * group as usize).copied().unwrap_or(UNSET);
                    let end = self
                        .slots
                        .get(2 * group as usize + 1)
                        .copied()
                        .unwrap_or(UNSET);
                    pc = if start != UNSET && end != UNSET {
                        pc + 1
                    } else {
                        no
                    };
                    continue;
                }
                Inst::Call(target) => {
                    self.calls.push((pc + 1, pos));
                    self.push(Frame::CallUndo)?;
                    pc = target;
                    continue;
                }
                Inst::SaveGroup { group, reg } => {
                    let start = self.reg(reg);
                    self.set_slot(2 * group, start)?;
                    self.set_slot(2 * group + 1, pos)?;
                    Some(pos)
                }
                Inst::SaveCall(group) => {
                    let start = self.calls.last().map_or(pos, |&(_, start)| start);
                    self.set_slot(2 * group, start)?;
                    self.set_slot(2 * group + 1, pos)?;
                    Some(pos)
                }
                Inst::Return => match self.calls.pop() {
                    Some((back, start)) => {
                        self.push(Frame::ReturnUndo { back, start })?;
                        pc = back;
                        continue;
                    }
                    None => None,
                },
                Inst::Grapheme => grapheme::cluster_end(self.program, self.text, pos as usize)
                    .map(|end| end as u32),
                Inst::Absent { sub } => self.absent(pc, sub, pos)?,
                Inst::Match => {
                    if let Some(end) = self.slots.get_mut(1) {
                        *end = pos;
                    }
                    return Ok(true);
                }
            };
            match advanced {
                Some(next) => {
                    pos = next;
                    pc += 1;
                }
                None => match self.backtrack()? {
                    Some((next_pc, next_pos)) => {
                        pc = next_pc;
                        pos = next_pos;
                    }
                    None => return Ok(false),
                },
            }
        }
    }

    /// Pops the stack to the next alternative: (instruction, position), or `None` when none is left.
    fn backtrack(&mut self) -> Result<Option<(u32, u32)>, Stop> {
        if self.steps > self.memo_after {
            self.start_memo();
        }
        while let Some(frame) = self.stack.pop() {
            self.steps += 1;
            if self.steps > self.limit {
                return Err(Stop::Steps);
            }
            match frame {
                Frame::Alt { pc, pos } => return Ok(Some((pc, pos))),
                Frame::Slot { slot, old } => {
                    if let Some(s) = self.slots.get_mut(slot as usize) {
                        *s = old;
                    }
                }
                Frame::Reg { reg, old } => {
                    if let Some(r) = self.regs.get_mut(reg as usize) {
                        *r = old;
                    }
                }
                Frame::Barrier => {}
                Frame::NegBarrier { next, reg } => return Ok(Some((next, self.reg(reg)))),
                Frame::Greedy {
                    pc,
                    min_pos,
                    pos,
                    top,
                } => {
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
                                continue;
                            }
                            back = prev_boundary(self.text, lo as usize) as u32;
                        }
                    }
                    if back < min_pos {
                        continue;
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
                        return Ok(Some((pc, back)));
                    }
                }
                Frame::Lazy { pc, count, pos } => {
                    if let Some(Inst::Repeat { one, max, memo, .. }) =
                        self.program.insts.get(pc as usize).copied()
                    {
                        if count < max {
                            if let Some(next) = self.one_at(one, pos) {
                                self.stack.push(Frame::Lazy {
                                    pc,
                                    count: count + 1,
                                    pos: next,
                                });
                                if !self.visited(after(memo), next) {
                                    return Ok(Some((pc + 1, next)));
                                }
                            }
                        }
                    }
                }
                Frame::Shorter { pc, start, pos } => {
                    let back = prev_boundary(self.text, pos as usize) as u32;
                    if back > start {
                        self.stack.push(Frame::Shorter {
                            pc,
                            start,
                            pos: back,
                        });
                    }
                    return Ok(Some((pc, back)));
                }
                Frame::CallUndo => {
                    self.calls.pop();
                }
                Frame::ReturnUndo { back, start } => self.calls.push((back, start)),
            }
        }
        Ok(None)
    }

    /// Drops the alternatives above the innermost barrier (and the barrier), keeping what
    /// restores captures, registers and calls when matching backtracks past the group.
    fn cut(&mut self) {
        let Some(at) = self
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Barrier | Frame::NegBarrier { .. }))
        else {
            return;
        };
        let len = self.stack.len();
        let mut write = at;
        for read in at + 1..len {
            let frame = self.stack[read];
            if frame.is_undo() {
                self.stack[write] = frame;
                write += 1;
            }
        }
        self.stack.truncate(write);
        self.steps += (len - at) as u64;
    }

    /// The position after one character at `pos` that `one` accepts.
    #[inline]
    fn one_at(&self, one: One, pos: u32) -> Option<u32> {
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

    /// The remembered run and failures of a greedy repetition, once remembering.
    fn run_memo(&mut self, memo: u32) -> Option<&mut [u32; 4]> {
        if !self.memo_on {
            return None;
        }
        self.runs.get_mut(memo as usize)
    }

    /// A repetition of one character: the position after it, with its backtrack entry pushed.
    #[allow(clippy::too_many_arguments)]
    fn repeat(
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

    fn test(&self, test: Test, pos: u32) -> bool {
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
    fn backref(&mut self, refs: u32, fold: bool, pos: u32) -> Option<u32> {
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
    fn absent(&mut self, pc: u32, sub: u32, pos: u32) -> Result<Option<u32>, Stop> {
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

/// The memo slot of what follows a repetition (its entry's slot plus one).
#[inline]
fn after(memo: u32) -> u32 {
    if memo == NO_MEMO {
        NO_MEMO
    } else {
        memo + 1
    }
}

/// The character at byte `at` of UTF-8 text, and the byte after it.
#[inline]
pub(crate) fn decode(text: &[u8], at: usize) -> Option<(u32, usize)> {
    let first = u32::from(*text.get(at)?);
    if first < 0x80 {
        return Some((first, at + 1));
    }
    let byte = |i: usize| u32::from(text.get(at + i).copied().unwrap_or(0x80) & 0x3F);
    Some(if first < 0xE0 {
        (((first & 0x1F) << 6) | byte(1), at + 2)
    } else if first < 0xF0 {
        (((first & 0x0F) << 12) | (byte(1) << 6) | byte(2), at + 3)
    } else {
        (
            ((first & 0x07) << 18) | (byte(1) << 12) | (byte(2) << 6) | byte(3),
            at + 4,
        )
    })
}

/// The start of the character before byte `at` (a character boundary above 0).
#[inline]
pub(crate) fn prev_boundary(text: &[u8], at: usize) -> usize {
    let mut i = at.saturating_sub(1);
    while i > 0 && text.get(i).is_some_and(|b| b & 0xC0 == 0x80) {
        i -= 1;
    }
    i
}

/// The start of the character after the one at `at`.
#[inline]
pub(crate) fn next_boundary(text: &[u8], at: usize) -> usize {
    decode(text, at).map_or(at + 1, |(_, next)| next)
}
