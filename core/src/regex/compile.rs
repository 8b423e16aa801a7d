//! From the resolved pattern to a program: literals folded for `(?i)`, repetitions of one character
//! as one instruction, small counted repetitions unrolled and large ones counted, look-arounds,
//! atomic groups and calls with their barriers and registers.

use alloc::vec::Vec;

use super::analyze::{
    anchored, collect_bodies, first_bytes, fixed_length, mark_called, multi_fold_at, nullable,
    reads_captures, single_set, size_of,
};
use super::ast::{Anchor, Greed, Node, UNBOUNDED};
use super::charset::CharSet;
use super::fold;
use super::program::{Class, Inst, One, Program, Test, NO_MEMO};

/// Unrolled repetitions stay within this many instructions; larger ones use a counter.
const UNROLL_LIMIT: usize = 2000;

/// Once the program has this many instructions, repetitions are no longer unrolled (a long pattern
/// of many `a{1000}` stays in proportion to its length).
const UNROLLED_PROGRAM_LIMIT: usize = 100_000;

pub(super) fn compile(node: &Node, groups: u32) -> Program {
    let mut bodies: Vec<Option<&Node>> = alloc::vec![None; groups as usize + 1];
    collect_bodies(node, &mut bodies);
    let mut called = alloc::vec![false; groups as usize + 1];
    mark_called(node, &mut called);
    let mut compiler = Compiler {
        program: Program {
            slots: 2 * (groups + 1),
            memo_safe: true,
            ..Program::default()
        },
        called: &called,
        calls: Vec::new(),
        word_class: None,
        no_memo: 0,
        reads_captures: reads_captures(node),
    };
    if called[0] {
        compiler.program.memo_safe = false;
        let at = compiler.emit(Inst::Call(0));
        compiler.calls.push((0, at));
        compiler.emit(Inst::Match);
    } else {
        compiler.node(node);
        compiler.emit(Inst::Match);
    }
    // Called groups become subroutines, after the main program.
    let mut targets: Vec<u32> = alloc::vec![0; groups as usize + 1];
    for group in 0..=groups as usize {
        if !called[group] {
            continue;
        }
        targets[group] = compiler.pc();
        match group {
            0 => compiler.node(node),
            _ => {
                if let Some(body) = bodies[group] {
                    compiler.node(body);
                }
                compiler.emit(Inst::SaveCall(group as u32));
            }
        }
        compiler.emit(Inst::Return);
    }
    for (group, at) in core::mem::take(&mut compiler.calls) {
        compiler.program.insts[at as usize] = Inst::Call(targets[group as usize]);
    }
    let mut program = compiler.program;
    let (nullable, first) = first_bytes(node);
    if !nullable && !first.iter().all(|w| *w == u64::MAX) {
        program.first_bytes = Some(first);
    }
    program.anchored = anchored(node);
    program
}

struct Compiler<'a> {
    program: Program,
    called: &'a [bool],
    /// Calls to patch once the subroutines are placed: (group, instruction).
    calls: Vec<(u32, u32)>,
    word_class: Option<u32>,
    /// Inside the body of a loop that can match nothing or of a counted repetition: what follows
    /// depends on a register, so nothing here is remembered.
    no_memo: u32,
    /// Back-references or conditionals read captures while matching: a group then keeps its last
    /// complete capture until it completes again (its start waits in a register).
    reads_captures: bool,
}

impl Compiler<'_> {
    fn pc(&self) -> u32 {
        self.program.insts.len() as u32
    }

    fn emit(&mut self, inst: Inst) -> u32 {
        self.program.insts.push(inst);
        self.pc() - 1
    }

    fn patch(&mut self, at: u32, inst: Inst) {
        self.program.insts[at as usize] = inst;
    }

    /// Makes the placeholder at `at` a choice between going on (`at + 1`) and jumping to `other`:
    /// going on first when `on_first`, else the jump.
    fn patch_split(&mut self, at: u32, other: u32, on_first: bool, memo: u32) {
        let (first, second) = if on_first {
            (at + 1, other)
        } else {
            (other, at + 1)
        };
        self.patch(
            at,
            Inst::Split {
                first,
                second,
                memo,
            },
        );
    }

    fn class(&mut self, set: CharSet) -> u32 {
        self.program.classes.push(Class::new(set));
        self.program.classes.len() as u32 - 1
    }

    fn register(&mut self) -> u32 {
        self.program.registers += 1;
        self.program.registers - 1
    }

    fn memo(&mut self, count: u32) -> u32 {
        if self.no_memo > 0 {
            return NO_MEMO;
        }
        self.program.memo_slots += count;
        self.program.memo_slots - count
    }

    fn unsafe_memo(&mut self) {
        self.program.memo_safe = false;
    }

    /// The one-character matcher a node is, if it is one.
    fn one(&mut self, node: &Node) -> Option<One> {
        match node {
            Node::Char { c, fold: false } => Some(One::Char(*c)),
            Node::Char { c, fold: true } if fold::multi(*c).is_none() => {
                let equivalents = fold::equivalents(*c);
                Some(match equivalents.as_slice() {
                    [only] => One::Char(*only),
                    _ => {
                        let mut set = CharSet::new();
                        equivalents.iter().for_each(|&e| set.add(e));
                        One::Set(self.class(set))
                    }
                })
            }
            Node::Set(set) => Some(match set.single_char() {
                Some(c) => One::Char(c),
                None => One::Set(self.class(set.clone())),
            }),
            Node::Any { newline: false } => Some(One::Any),
            Node::Any { newline: true } => Some(One::AnyNewline),
            // Alternatives of one character each match as their union (`a|b` as `[ab]`): the
            // first that matches takes the same character the others would.
            Node::Alt(items) => {
                let set = items.iter().try_fold(CharSet::new(), |set, item| {
                    Some(set.union(&single_set(item)?))
                })?;
                Some(One::Set(self.class(set)))
            }
            _ => None,
        }
    }

    fn node(&mut self, node: &Node) {
        if let Some(one) = self.one(node) {
            self.emit(Inst::One(one));
            return;
        }
        match node {
            Node::Empty => {}
            Node::Char { c, .. } => self.multi_fold_char(*c),
            Node::Set(_) | Node::Any { .. } => {}
            Node::Concat(items) => self.concat(items),
            Node::Alt(items) => self.alternation(items),
            Node::Capture { index, node } => {
                if self.called.get(*index as usize) == Some(&true) {
                    self.unsafe_memo();
                    let at = self.emit(Inst::Call(0));
                    self.calls.push((*index, at));
                } else if self.reads_captures {
                    let reg = self.register();
                    self.emit(Inst::Mark(reg));
                    self.node(node);
                    self.emit(Inst::SaveGroup { group: *index, reg });
                } else {
                    self.emit(Inst::Save(2 * index));
                    self.node(node);
                    self.emit(Inst::Save(2 * index + 1));
                }
            }
            Node::Repeat {
                node,
                min,
                max,
                greed,
            } => self.repeat(node, *min, *max, *greed),
            Node::Look {
                behind,
                negate,
                node,
            } => self.look(*behind, *negate, node),
            Node::Atomic(inner) => {
                self.unsafe_memo();
                self.emit(Inst::AtomicStart);
                self.node(inner);
                self.emit(Inst::AtomicEnd);
            }
            Node::Anchor(anchor) => {
                let test = self.test(*anchor);
                self.emit(Inst::Test(test));
            }
            Node::BackRef { groups, fold } => {
                self.unsafe_memo();
                self.program.refs.push(groups.clone());
                let refs = self.program.refs.len() as u32 - 1;
                self.emit(Inst::BackRef { refs, fold: *fold });
            }
            Node::Keep => {
                self.emit(Inst::Save(0));
            }
            Node::Cond { groups, yes, no } => {
                self.unsafe_memo();
                let group = groups.first().copied().unwrap_or(0);
                let at = self.emit(Inst::Cond { group, no: 0 });
                self.node(yes);
                let jump = self.emit(Inst::Jump(0));
                let no_at = self.pc();
                self.node(no);
                let end = self.pc();
                self.patch(at, Inst::Cond { group, no: no_at });
                self.patch(jump, Inst::Jump(end));
            }
            Node::Absent(inner) => {
                self.unsafe_memo();
                let sub = absent_program(inner, self.program.slots / 2 - 1);
                self.program.subs.push(sub);
                let sub = self.program.subs.len() as u32 - 1;
                self.emit(Inst::Absent { sub });
            }
            Node::Call(group) => {
                self.unsafe_memo();
                let at = self.emit(Inst::Call(0));
                self.calls.push((*group, at));
            }
            Node::Grapheme => {
                if self.program.grapheme.is_none() {
                    self.program.grapheme =
                        Some(alloc::boxed::Box::new(super::grapheme::GraphemeSets::new()));
                }
                self.emit(Inst::Grapheme);
            }
        }
    }

    fn test(&mut self, anchor: Anchor) -> Test {
        match anchor {
            Anchor::LineStart => Test::LineStart,
            Anchor::LineEnd => Test::LineEnd,
            Anchor::TextStart => Test::TextStart,
            Anchor::TextEnd => Test::TextEnd,
            Anchor::TextEndNewline => Test::TextEndNewline,
            Anchor::SearchStart => {
                self.unsafe_memo();
                Test::SearchStart
            }
            Anchor::WordBoundary { ascii } | Anchor::NotWordBoundary { ascii } => {
                let negate = matches!(anchor, Anchor::NotWordBoundary { .. });
                let set = if ascii {
                    self.class(super::escape::type_set('w', super::parser::CharMode::Ascii))
                } else {
                    match self.word_class {
                        Some(set) => set,
                        None => {
                            let set = self
                                .class(super::unicode::derived(super::unicode_tables::SET_WORD));
                            self.word_class = Some(set);
                            set
                        }
                    }
                };
                Test::WordBoundary { set, negate }
            }
        }
    }

    /// A character that folds to several under `(?i)` (`ß`): itself or what it folds to.
    fn multi_fold_char(&mut self, c: u32) {
        let mut set = CharSet::new();
        fold::equivalents(c).iter().for_each(|&e| set.add(e));
        let folded = fold::multi(c).unwrap_or_default();
        self.either(
            |this| {
                let class = this.class(set);
                this.emit(Inst::One(One::Set(class)));
            },
            |this| {
                for f in folded {
                    this.node(&Node::Char { c: f, fold: true });
                }
            },
        );
    }

    /// A sequence; under `(?i)`, characters that spell what one character folds to (`ss`) also
    /// match that character (`ß`).
    fn concat(&mut self, items: &[Node]) {
        let mut i = 0;
        while i < items.len() {
            if let Some((len, sources)) = multi_fold_at(&items[i..]) {
                let mut set = CharSet::new();
                sources.iter().for_each(|&s| set.add(s));
                let spelled = &items[i..i + len];
                self.either(
                    |this| spelled.iter().for_each(|item| this.node(item)),
                    |this| {
                        let class = this.class(set);
                        this.emit(Inst::One(One::Set(class)));
                    },
                );
                i += len;
                continue;
            }
            self.node(&items[i]);
            i += 1;
        }
    }

    /// Two alternatives, the first preferred.
    fn either(&mut self, first: impl FnOnce(&mut Self), second: impl FnOnce(&mut Self)) {
        let memo = self.memo(1);
        let split = self.emit(Inst::Jump(0));
        first(self);
        let jump = self.emit(Inst::Jump(0));
        let next = self.pc();
        second(self);
        let end = self.pc();
        self.patch_split(split, next, true, memo);
        self.patch(jump, Inst::Jump(end));
    }

    fn alternation(&mut self, items: &[Node]) {
        let items: Vec<&Node> = items.iter().collect();
        self.alternatives(&items, true, &mut |this, item| this.node(item));
    }

    /// Alternatives tried in order, each compiled by `body`: each but the last behind a choice
    /// (memoized when `memo`) to try the next one instead, each leaving for the common end.
    fn alternatives(
        &mut self,
        items: &[&Node],
        memo: bool,
        body: &mut dyn FnMut(&mut Self, &Node),
    ) {
        let mut jumps = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if i + 1 == items.len() {
                body(self, item);
                break;
            }
            let memo = if memo { self.memo(1) } else { NO_MEMO };
            let split = self.emit(Inst::Jump(0));
            body(self, item);
            jumps.push(self.emit(Inst::Jump(0)));
            let next = self.pc();
            self.patch_split(split, next, true, memo);
        }
        let end = self.pc();
        for jump in jumps {
            self.patch(jump, Inst::Jump(end));
        }
    }

    fn repeat(&mut self, node: &Node, min: u32, max: u32, greed: Greed) {
        if greed == Greed::Possessive {
            self.unsafe_memo();
            self.emit(Inst::AtomicStart);
            self.repeat(node, min, max, Greed::Greedy);
            self.emit(Inst::AtomicEnd);
            return;
        }
        let greedy = greed == Greed::Greedy;
        if max == 0 {
            return;
        }
        if let Some(one) = self.one(node) {
            let memo = self.memo(2);
            self.emit(Inst::Repeat {
                one,
                min,
                max,
                greedy,
                memo,
            });
            return;
        }
        let size = size_of(node);
        let copies = min as usize
            + if max == UNBOUNDED {
                1
            } else {
                (max - min) as usize
            };
        // A body that can match nothing ends the loop on an iteration that does (Onigmo's empty
        // check), even before the count: unrolled copies would go on, so those loops count.
        let empty_ends_it = nullable(node) && (min > 1 || (max != UNBOUNDED && max > 1));
        let unrolled = size.saturating_mul(copies);
        let too_large = unrolled > UNROLL_LIMIT
            || self.program.insts.len().saturating_add(unrolled) > UNROLLED_PROGRAM_LIMIT;
        if empty_ends_it || too_large {
            self.counted(node, min, max, greedy);
            return;
        }
        if max == UNBOUNDED {
            for _ in 1..min {
                self.node(node);
            }
            if min == 0 {
                self.star(node, greedy);
            } else {
                self.plus(node, greedy);
            }
            return;
        }
        for _ in 0..min {
            self.node(node);
        }
        // The optional copies, each leaving for the common end when not taken.
        let mut splits = Vec::new();
        for _ in min..max {
            let memo = self.memo(1);
            splits.push((self.emit(Inst::Jump(0)), memo));
            self.node(node);
        }
        let end = self.pc();
        for (at, memo) in splits {
            self.patch_split(at, end, greedy, memo);
        }
    }

    /// `x*`: a loop that leaves when an iteration matched nothing.
    fn star(&mut self, node: &Node, greedy: bool) {
        let memo = self.memo(1);
        let split = self.emit(Inst::Jump(0));
        let empty = self.iteration(node);
        self.emit(Inst::Jump(split));
        let exit = self.pc();
        self.patch_split(split, exit, greedy, memo);
        if let Some(check) = empty {
            self.patch(check.0, Inst::EmptyCheck { reg: check.1, exit });
        }
    }

    /// `x+`: the body, then a choice to go round again.
    fn plus(&mut self, node: &Node, greedy: bool) {
        let start = self.pc();
        let empty = self.iteration(node);
        let memo = self.memo(1);
        let split = self.pc();
        let exit = split + 1;
        let (first, second) = if greedy { (start, exit) } else { (exit, start) };
        self.emit(Inst::Split {
            first,
            second,
            memo,
        });
        if let Some(check) = empty {
            self.patch(check.0, Inst::EmptyCheck { reg: check.1, exit });
        }
    }

    /// One iteration of a loop; for a body that can match nothing, the check placed after it
    /// (its instruction and register, to patch with the loop's exit).
    fn iteration(&mut self, node: &Node) -> Option<(u32, u32)> {
        if !nullable(node) {
            self.node(node);
            return None;
        }
        let reg = self.register();
        self.emit(Inst::Mark(reg));
        self.no_memo += 1;
        self.node(node);
        self.no_memo -= 1;
        Some((self.emit(Inst::EmptyCheck { reg, exit: 0 }), reg))
    }

    /// A repetition too large to unroll: a counter in a register.
    fn counted(&mut self, node: &Node, min: u32, max: u32, greedy: bool) {
        let reg = self.register();
        self.emit(Inst::CountInit(reg));
        let count = self.emit(Inst::Jump(0));
        self.emit(Inst::CountInc(reg));
        self.no_memo += 1;
        let empty = self.iteration(node);
        self.no_memo -= 1;
        self.emit(Inst::Jump(count));
        let exit = self.pc();
        self.patch(
            count,
            Inst::Count {
                reg,
                min,
                max,
                greedy,
                exit,
            },
        );
        if let Some(check) = empty {
            self.patch(check.0, Inst::EmptyCheck { reg: check.1, exit });
        }
    }

    fn look(&mut self, behind: bool, negate: bool, node: &Node) {
        self.unsafe_memo();
        let reg = self.register();
        let start = self.emit(Inst::LookStart { reg });
        if behind {
            let alternatives: Vec<&Node> = match node {
                Node::Alt(items) => items.iter().collect(),
                other => alloc::vec![other],
            };
            self.alternatives(&alternatives, false, &mut |this, alternative| {
                this.emit(Inst::StepBack(fixed_length(alternative)));
                this.node(alternative);
                this.emit(Inst::AtReg(reg));
            });
        } else {
            self.node(node);
        }
        if negate {
            self.emit(Inst::NegLookEnd);
            let next = self.pc();
            self.patch(start, Inst::NegLookStart { reg, next });
        } else {
            self.emit(Inst::LookEnd { reg });
        }
    }
}

fn absent_program(node: &Node, groups: u32) -> Program {
    let body = Node::Concat(alloc::vec![node.clone(), Node::Anchor(Anchor::TextEnd)]);
    let mut program = compile(&body, groups);
    program.first_bytes = None;
    program.anchored = true;
    program
}
