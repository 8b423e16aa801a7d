//! The template Ruby's compound nodes, one method each: literals built from parts, global
//! variables, method calls (with strings changed in place), `defined?`, compound and multiple
//! assignment, loops and `case`. `Interp::eval_kind` hands them their node's parts.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::ast::{Block, Kind, Node, Param};
use super::super::value::{self, RVal};
use super::super::RubyHost;
use super::{BlockArg, Flow, Interp, RResult};
use crate::value::Value;

/// `%w[...]` and `%i[...]`: the words as strings, or as symbols.
pub(super) fn words_literal(words: &[String], symbols: bool) -> RVal {
    RVal::array(
        words
            .iter()
            .map(|w| {
                if symbols {
                    RVal::Sym(Rc::from(w.as_str()))
                } else {
                    RVal::str(w)
                }
            })
            .collect(),
    )
}

/// What a loop's body did: go on, or leave the loop with a value (`break`).
enum Pass {
    Next,
    Leave(RVal),
}

impl<H: RubyHost> Interp<'_, H> {
    pub(super) fn hash_literal(&mut self, pairs: &[(Node, Node)]) -> RResult<RVal> {
        let mut entries = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            let key = self.eval(k)?;
            let value = self.eval(v)?;
            // Ruby copies (and freezes) a string key.
            value::hash_set(&mut entries, key, value);
        }
        Ok(RVal::hash(entries))
    }

    pub(super) fn range_literal(&mut self, a: &Node, b: &Node, exclusive: bool) -> RResult<RVal> {
        let a = self.eval(a)?;
        let b = self.eval(b)?;
        match (&a, &b) {
            (RVal::Int(x), RVal::Int(y)) => Ok(RVal::Range(*x, *y, exclusive)),
            _ => self.unsupported(format!(
                "ranges of {} are not supported by the playground's ERB (only of integers)",
                a.class_name()
            )),
        }
    }

    /// `$~`, `$&` and `$1`… of the last match, and the load path.
    pub(super) fn global_variable(&mut self, name: &str) -> RResult<RVal> {
        Ok(match name {
            "~" => match &self.last_match {
                Some(groups) => RVal::array(groups.clone()),
                None => RVal::Nil,
            },
            "&" => self
                .last_match
                .as_ref()
                .and_then(|g| g.first().cloned())
                .unwrap_or(RVal::Nil),
            digits if digits.bytes().all(|b| b.is_ascii_digit()) && digits != "0" => {
                let index: usize = digits.parse().unwrap_or(usize::MAX);
                self.last_match
                    .as_ref()
                    .and_then(|g| g.get(index).cloned())
                    .unwrap_or(RVal::Nil)
            }
            // The load path: what a function file adds to it changes nothing here (`require`
            // looks in every module's `lib/`).
            "LOAD_PATH" | ":" => RVal::array(Vec::new()),
            _ => {
                return self.unsupported(format!(
                    "the global variable ${name} is not supported by the playground's ERB"
                ))
            }
        })
    }

    /// A method call: on a receiver, or on the template itself (its own `def`s first, then
    /// Kernel's methods); `&.` on nil gives nil.
    pub(super) fn call(
        &mut self,
        node: &Node,
        recv: Option<&Node>,
        name: &str,
        args: &[Node],
        block: Option<&Rc<Block>>,
        safe: bool,
    ) -> RResult<RVal> {
        let receiver = match recv {
            Some(r) => Some(self.eval(r)?),
            None => None,
        };
        if safe && matches!(receiver, Some(RVal::Nil)) {
            return Ok(RVal::Nil);
        }
        let (mut values, mut block_arg) = self.args(args)?;
        if let Some(block) = block {
            block_arg = Some(BlockArg::Block(block.clone()));
        }
        self.line = node.line;
        if let (Some(recv_node), Some(old @ RVal::Str(_))) = (recv, &receiver) {
            if changes_string_in_place(name)
                && matches!(recv_node.kind, Kind::Local(_) | Kind::IVar(_))
            {
                let old = old.clone();
                return self.change_string(recv_node, old, name, values, block_arg);
            }
        }
        let result = match receiver {
            Some(recv) => self.call_method(recv, name, &mut values, block_arg.as_ref()),
            None => match super::super::defs::find_own(self, name) {
                Some((def, module)) => {
                    super::super::defs::invoke(self, &def, module, values, block_arg.clone())
                }
                None => {
                    super::super::kernel::call_self(self, name, &mut values, block_arg.as_ref())
                }
            },
        };
        match result {
            Err(Flow::Break(v)) if block_arg.is_some() => Ok(v),
            other => other,
        }
    }

    /// `s << x`, `s.upcase!`: Ruby changes the string in place; here the variable holding it
    /// gets the new string (a `!` method that changed nothing gives nil, as Ruby's do).
    fn change_string(
        &mut self,
        recv_node: &Node,
        old: RVal,
        name: &str,
        mut values: Vec<RVal>,
        block_arg: Option<BlockArg>,
    ) -> RResult<RVal> {
        let base = name.trim_end_matches('!');
        let new = if name == "replace" {
            values.first().cloned().unwrap_or(RVal::Nil)
        } else {
            self.call_method(old.clone(), base, &mut values, block_arg.as_ref())?
        };
        self.assign(recv_node, new.clone())?;
        if name.ends_with('!') && value::equal(&old, &new, 0) {
            return Ok(RVal::Nil);
        }
        Ok(new)
    }

    /// `defined?(x)` of an instance variable, a local or a method of the template.
    pub(super) fn defined(&mut self, inner: &Node) -> RResult<RVal> {
        Ok(match &inner.kind {
            Kind::IVar(name) => {
                // Puppet makes instance variables of the variables that have a value:
                // an undef one is not defined.
                let known = self.ivars.iter().any(|(n, _)| n == name)
                    || self
                        .rt
                        .scope_variable(name)
                        .is_some_and(|value| !matches!(value, Value::Undef));
                if known {
                    RVal::str("instance-variable")
                } else {
                    RVal::Nil
                }
            }
            Kind::Local(_) => RVal::str("local-variable"),
            Kind::Call {
                recv: None,
                args,
                name,
                ..
            } if args.is_empty() => {
                if super::super::kernel::is_self_method(name) {
                    RVal::str("method")
                } else {
                    RVal::Nil
                }
            }
            _ => {
                return self.unsupported(
                    "defined? of this expression is not supported by the playground's ERB",
                )
            }
        })
    }

    /// `a op= b`: `||=` and `&&=` evaluate `b` only when they assign.
    pub(super) fn op_assign(&mut self, target: &Node, op: &str, value: &Node) -> RResult<RVal> {
        let current = self.eval(target)?;
        let result = match op {
            "||" if current.truthy() => return Ok(current),
            "&&" if !current.truthy() => return Ok(current),
            "||" | "&&" => self.eval(value)?,
            // `<<` changes the receiver (a string is replaced here, see `append`).
            _ => {
                let v = self.eval(value)?;
                self.call_method(current, op, &mut alloc::vec![v], None)?
            }
        };
        self.assign(target, result.clone())?;
        Ok(result)
    }

    /// `a, b = value`: an array's elements in turn (nil past its end), or the value to the first.
    pub(super) fn multi_assign(&mut self, targets: &[Node], value: &Node) -> RResult<RVal> {
        let value = self.eval(value)?;
        let items = match &value {
            RVal::Array(items) => items.borrow().clone(),
            other => alloc::vec![other.clone()],
        };
        for (i, target) in targets.iter().enumerate() {
            self.assign(target, items.get(i).cloned().unwrap_or(RVal::Nil))?;
        }
        Ok(value)
    }

    /// `while cond` (or `until cond` when `until`).
    pub(super) fn while_loop(&mut self, cond: &Node, body: &[Node], until: bool) -> RResult<RVal> {
        while self.eval(cond)?.truthy() != until {
            if let Pass::Leave(v) = self.loop_body(body)? {
                return Ok(v);
            }
        }
        Ok(RVal::Nil)
    }

    /// `for x in iterable`: the iterable's elements bound in the current scope.
    pub(super) fn for_loop(
        &mut self,
        params: &[Param],
        iterable: &Node,
        body: &[Node],
    ) -> RResult<RVal> {
        let iterable = self.eval(iterable)?;
        let items = super::super::enumerable::elements(self, &iterable)?;
        for item in items {
            self.step(1)?;
            self.bind_params_here(params, alloc::vec![item]);
            if let Pass::Leave(v) = self.loop_body(body)? {
                return Ok(v);
            }
        }
        Ok(iterable)
    }

    /// One pass of a loop's body: `next` goes on, `break` leaves with its value.
    fn loop_body(&mut self, body: &[Node]) -> RResult<Pass> {
        match self.statements(body) {
            Ok(_) | Err(Flow::Next(_)) => Ok(Pass::Next),
            Err(Flow::Break(v)) => Ok(Pass::Leave(v)),
            Err(other) => Err(other),
        }
    }

    /// `case [subject] when … else … end`: each `when`'s values (a splat's elements) tested with
    /// `===` against the subject, or for truth without one.
    pub(super) fn case(
        &mut self,
        subject: Option<&Node>,
        whens: &[(Vec<Node>, Vec<Node>)],
        otherwise: Option<&Vec<Node>>,
    ) -> RResult<RVal> {
        let subject = match subject {
            Some(s) => Some(self.eval(s)?),
            None => None,
        };
        for (values, body) in whens {
            for candidate in values {
                let tests: Vec<RVal> = match &candidate.kind {
                    Kind::Splat(inner) => {
                        let v = self.eval(inner)?;
                        super::super::enumerable::elements(self, &v)?
                    }
                    _ => alloc::vec![self.eval(candidate)?],
                };
                for test in tests {
                    let hit = match &subject {
                        Some(subject) => self.case_equal(&test, subject)?,
                        None => test.truthy(),
                    };
                    if hit {
                        return self.statements(body);
                    }
                }
            }
        }
        match otherwise {
            Some(body) => self.statements(body),
            None => Ok(RVal::Nil),
        }
    }
}

/// The string methods that change their receiver in place.
fn changes_string_in_place(name: &str) -> bool {
    matches!(name, "<<" | "concat" | "replace") || name.ends_with('!')
}
