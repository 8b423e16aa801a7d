//! The compiled pattern: instructions for the backtracking matcher (`exec.rs`), the character sets
//! they test, and what the search loop may skip.

use alloc::vec::Vec;

use super::charset::CharSet;

/// A matcher of one character, repeated by `Inst::Repeat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum One {
    Char(u32),
    Set(u32),
    /// Any character but `\n`.
    Any,
    /// Any character.
    AnyNewline,
}

/// Zero-width tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Test {
    LineStart,
    LineEnd,
    TextStart,
    TextEnd,
    TextEndNewline,
    /// `\b` (`negate`: `\B`) with the word characters of set `set`.
    WordBoundary {
        set: u32,
        negate: bool,
    },
    SearchStart,
}

/// "No memo slot": the instruction's outcomes are not remembered.
pub(crate) const NO_MEMO: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inst {
    One(One),
    /// `one` between `min` and `max` times, greedy or lazy, backtracking a character at a time.
    /// Memo slots `memo` (entry) and `memo + 1` (what follows) when remembered.
    Repeat {
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
        memo: u32,
    },
    /// Go on at `first`; on failure, at `second`.
    Split {
        first: u32,
        second: u32,
        memo: u32,
    },
    Jump(u32),
    /// Capture slot `slot` takes the current position.
    Save(u32),
    /// Group `group` completes: it captures from the position in register `reg` to here.
    SaveGroup {
        group: u32,
        reg: u32,
    },
    Test(Test),
    /// The text of the first group of refs list `refs` (tried from the last) that took part.
    BackRef {
        refs: u32,
        fold: bool,
    },
    /// An atomic group begins (a barrier on the backtrack stack).
    AtomicStart,
    /// The atomic group matched: drop its alternatives.
    AtomicEnd,
    /// A positive look-around begins at the position kept in register `reg`.
    LookStart {
        reg: u32,
    },
    /// A positive look-around matched: drop its alternatives, return to its start.
    LookEnd {
        reg: u32,
    },
    /// A negative look-around begins; if it fails, matching goes on at `next`.
    NegLookStart {
        reg: u32,
        next: u32,
    },
    /// A negative look-around matched: the whole test fails.
    NegLookEnd,
    /// Move back `chars` characters (a look-behind's alternative starts there).
    StepBack(u32),
    /// The position must be the one in register `reg` (a look-behind ends where it began).
    AtReg(u32),
    /// Register `reg` takes the position (for the empty-iteration check).
    Mark(u32),
    /// If the iteration matched nothing (position == register), leave the loop for `exit`.
    EmptyCheck {
        reg: u32,
        exit: u32,
    },
    /// A counted repetition begins: its counter (register) is 0.
    CountInit(u32),
    /// Another iteration of a counted repetition (at the next instruction, `CountInc`) or `exit`.
    Count {
        reg: u32,
        min: u32,
        max: u32,
        greedy: bool,
        exit: u32,
    },
    /// The counter in register `reg` counts one more iteration (the body follows).
    CountInc(u32),
    /// `(?(n)...)`: on at the next instruction if the group took part, else at `no`.
    Cond {
        group: u32,
        no: u32,
    },
    /// Call the group's code at `target`; its `Return` comes back here.
    Call(u32),
    /// A called group matched: its capture runs from where this call began to here.
    SaveCall(u32),
    Return,
    /// `\X`: one extended grapheme cluster.
    Grapheme,
    /// `(?~...)` with its subpattern's program `sub` (longest text without a match, then shorter).
    Absent {
        sub: u32,
    },
    Match,
}

/// A character set with a bitmap of its ASCII members (the common case tested first).
#[derive(Debug, Clone)]
pub(crate) struct Class {
    pub ascii: [u64; 2],
    pub set: CharSet,
}

impl Class {
    pub fn new(set: CharSet) -> Self {
        let mut ascii = [0u64; 2];
        for &(lo, hi) in set.ranges() {
            for c in lo..=hi.min(0x7F) {
                ascii[(c >> 6) as usize] |= 1 << (c & 63);
            }
        }
        Class { ascii, set }
    }

    #[inline]
    pub fn contains(&self, c: u32) -> bool {
        if c < 0x80 {
            self.ascii[(c >> 6) as usize] & (1 << (c & 63)) != 0
        } else {
            self.set.contains(c)
        }
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Program {
    pub insts: Vec<Inst>,
    pub classes: Vec<Class>,
    /// Groups a back-reference may mean (several for a name given to several groups).
    pub refs: Vec<Vec<u32>>,
    /// The programs of absence operators' subpatterns (each ends with `\z`, then `Match`).
    pub subs: Vec<Program>,
    /// Capture slots: two per group, group 0 (the match) included.
    pub slots: u32,
    pub registers: u32,
    pub memo_slots: u32,
    /// Whether remembering failed (instruction, position) pairs is sound: no back-references,
    /// look-arounds, atomic groups, conditionals, calls, absence operators or `\G` (inside loops
    /// that can match nothing and counted ones, instructions have no memo slot).
    pub memo_safe: bool,
    /// The bytes a match can start with (bit per byte), when known and a match is never empty.
    pub first_bytes: Option<[u64; 4]>,
    /// A match can only start where the search starts (`\A` or `\G` first).
    pub anchored: bool,
    /// The grapheme cluster classes, for `\X`.
    pub grapheme: Option<alloc::boxed::Box<super::grapheme::GraphemeSets>>,
}
