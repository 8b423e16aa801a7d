//! A method call as each class's methods receive it (`Call`): the receiver, the name it was
//! called by, its arguments and its block, one value handed down from the interpreter's dispatch
//! to the method that answers, with the argument checks those methods share.

use super::interp::{arity, BlockArg, Interp, RResult};
use super::value::RVal;
use super::RubyHost;

/// A call of a method on a value.
#[derive(Clone, Copy)]
pub(crate) struct Call<'c> {
    pub recv: &'c RVal,
    /// The name as called: an alias, or a `!` form, which methods answering for several read.
    pub name: &'c str,
    pub args: &'c [RVal],
    pub block: Option<&'c BlockArg>,
}

impl<'c> Call<'c> {
    /// The same call under another name (`sort!` runs `sort`, `delete_if` runs `reject`).
    pub fn named(self, name: &'c str) -> Self {
        Call { name, ..self }
    }

    /// The one argument of a method that takes one, or Ruby's `ArgumentError`.
    #[inline(always)]
    pub fn one<H: RubyHost>(self, interp: &Interp<'_, H>) -> RResult<&'c RVal> {
        arity(interp, self.args, 1, 1)?;
        Ok(&self.args[0])
    }

    /// The one argument of a method that takes an Integer, which must be one (`at`, `drop`,
    /// `each_slice`).
    pub fn one_int<H: RubyHost>(self, interp: &Interp<'_, H>) -> RResult<i64> {
        match self.one(interp)? {
            RVal::Int(n) => Ok(*n),
            _ => interp.raise("no implicit conversion into Integer"),
        }
    }
}
