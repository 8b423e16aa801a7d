//! Puppet's stack of callers, as its functions see it (`Puppet::Pops::PuppetStack`): every
//! function call pushes where it was called, and the main manifest's evaluation pushes its file
//! at line 0; defined types, node definitions and collections are evaluated after that, with
//! only their own calls on the stack. stdlib's `deprecation` names the top two entries.

use alloc::rc::Rc;
use alloc::vec::Vec;

use crate::sources::Sources;
use crate::span::Span;

/// One entry of the stack.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Frame {
    /// A function called at this place.
    Call(Span),
    /// The top-level code of the file this span is in, which Puppet names at line 0.
    Program(Span),
}

impl Frame {
    /// The entry's file and line, as Puppet keeps them.
    pub(crate) fn file_line(self, sources: &Sources) -> (Rc<str>, u32) {
        let (span, top) = match self {
            Frame::Call(span) => (span, false),
            Frame::Program(span) => (span, true),
        };
        let at = sources.locate(span.start);
        (at.file, if top { 0 } else { at.line })
    }
}

/// The stack, innermost last.
#[derive(Default)]
pub(crate) struct PuppetStack {
    frames: Vec<Frame>,
}

impl PuppetStack {
    #[inline]
    pub(crate) fn push(&mut self, frame: Frame) {
        self.frames.push(frame);
    }

    #[inline]
    pub(crate) fn pop(&mut self) {
        self.frames.pop();
    }

    /// The entry below the innermost (the caller of the running function), if any.
    pub(crate) fn caller(&self) -> Option<Frame> {
        self.frames.iter().rev().nth(1).copied()
    }
}
