//! The backtracking matcher: runs a program over a text, every instruction and every backtrack a
//! step charged to the budget it is given. When the program allows it (no back-references,
//! look-arounds, atomic groups, counters or calls), failed (instruction, position) pairs are
//! remembered once a search gets costly, so such patterns run in time linear in the text (as a
//! non-backtracking engine would); the others stop at the budget, never hang. `Vm::run` is one
//! long loop on purpose: it is the matcher's hot path, one `match` on the instruction per step
//! with the program counter and position in locals, which helpers per instruction would spill.

use alloc::vec::Vec;

use super::grapheme;
use super::program::{Inst, Program, NO_MEMO};
use super::repeat::after;
use super::utf8::{next_boundary, prev_boundary};

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

/// Backtrack entries at most (about 40 MB).
const MAX_FRAMES: usize = 1 << 21;

/// Remembered (instruction, position) pairs at most, in bits (4 MiB).
const MAX_MEMO_BITS: u64 = 1 << 25;

#[derive(Debug, Clone, Copy)]
pub(super) enum Frame {
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

pub(super) struct Vm<'a> {
    pub(super) program: &'a Program,
    pub(super) text: &'a [u8],
    pub(super) slots: Vec<u32>,
    pub(super) regs: Vec<u32>,
    pub(super) stack: Vec<Frame>,
    /// Active calls: where each returns to and where it began.
    pub(super) calls: Vec<(u32, u32)>,
    pub(super) memo: Vec<u64>,
    pub(super) memo_on: bool,
    /// Per greedy repetition (by its memo slot), once remembering: the last run of characters it
    /// matched (from, to), and the positions after it from which the rest is known to fail (lo,
    /// hi). Entering it again inside the run costs nothing, and known failures are skipped.
    pub(super) runs: Vec<[u32; 4]>,
    /// Steps after which remembering starts (none when it is not sound or too large).
    pub(super) memo_after: u64,
    pub(super) steps: u64,
    pub(super) limit: u64,
    /// The step count the hot loops check: the limit, or before it the next sign of life owed to
    /// a client's watchdog (`crate::pulse`), whichever comes first.
    watch: u64,
    pub(super) search_start: u32,
}

impl<'a> Vm<'a> {
    pub(super) fn new(program: &'a Program, text: &'a [u8], search_start: u32, limit: u64) -> Self {
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
            watch: limit.min(crate::pulse::MATCHER_STEPS),
            search_start,
        }
    }

    pub(super) fn reset(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = UNSET);
        self.stack.clear();
        self.calls.clear();
    }

    pub(super) fn search_from(&mut self, from: usize) -> Result<Option<Vec<u32>>, Stop> {
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
    pub(super) fn push(&mut self, frame: Frame) -> Result<(), Stop> {
        if self.stack.len() >= MAX_FRAMES {
            return Err(Stop::Memory);
        }
        self.stack.push(frame);
        Ok(())
    }

    pub(super) fn set_slot(&mut self, slot: u32, value: u32) -> Result<(), Stop> {
        let Some(old) = self.slots.get(slot as usize).copied() else {
            return Ok(());
        };
        self.push(Frame::Slot { slot, old })?;
        self.slots[slot as usize] = value;
        Ok(())
    }

    pub(super) fn set_reg(&mut self, reg: u32, value: u32) -> Result<(), Stop> {
        let Some(old) = self.regs.get(reg as usize).copied() else {
            return Ok(());
        };
        self.push(Frame::Reg { reg, old })?;
        self.regs[reg as usize] = value;
        Ok(())
    }

    pub(super) fn reg(&self, reg: u32) -> u32 {
        self.regs.get(reg as usize).copied().unwrap_or(0)
    }

    /// Whether (slot, pos) was reached before (then it failed); marks it reached.
    #[inline]
    pub(super) fn visited(&mut self, slot: u32, pos: u32) -> bool {
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
        self.runs = alloc::vec![super::repeat::EMPTY_RUN; self.program.memo_slots as usize];
        let bits = self.program.memo_slots as usize * (self.text.len() + 1);
        self.memo = alloc::vec![0; bits / 64 + 1];
        self.memo_on = true;
        self.memo_after = u64::MAX;
    }

    /// The step count passed `watch`: the search stops at its limit; before it, the client's
    /// watchdog hears a sign of life and the next one is due in `MATCHER_STEPS`.
    #[cold]
    #[inline(never)]
    fn watched(&mut self) -> Result<(), Stop> {
        if self.steps > self.limit {
            return Err(Stop::Steps);
        }
        crate::pulse::beat();
        self.watch = self
            .limit
            .min(self.steps.saturating_add(crate::pulse::MATCHER_STEPS));
        Ok(())
    }

    /// Runs from `pos` at the first instruction: whether it reached `Match`.
    pub(super) fn run(&mut self, start: u32) -> Result<bool, Stop> {
        let mut pc = 0u32;
        let mut pos = start;
        loop {
            self.steps += 1;
            if self.steps > self.watch {
                self.watched()?;
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
            if self.steps > self.watch {
                self.watched()?;
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
                    if let Some(next) = self.greedy_back(pc, min_pos, pos, top) {
                        return Ok(Some(next));
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
}
