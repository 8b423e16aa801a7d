//! Variable scopes: the top scope, local scopes of lambdas (which see their defining scope) and of
//! functions (which see only the top scope), and the numeric match variables `$0..$n`.

use alloc::rc::Rc;
use alloc::vec::Vec;

use foldhash::fast::FixedState;
use indexmap::IndexSet;

use crate::value::Value;

/// The captures of the last successful match: `$0` (the whole match), `$1`, ...
pub(crate) type Captures = Rc<[Option<Rc<str>>]>;

struct Frame {
    vars: Vec<(Rc<str>, Value)>,
    /// The names in binding order, built once a scope holds many variables (a program of
    /// 100,000 top-level assignments would otherwise search linearly on each): a name's place in
    /// the set is its place in `vars`, as long as no name is bound twice in the scope.
    /// Boxed: a frame is moved on every call, most never get an index.
    index: Option<alloc::boxed::Box<IndexSet<Rc<str>, FixedState>>>,
    /// A name was bound twice here (built-in variables): positions would not match, search.
    unindexed: bool,
    parent: Option<usize>,
}

/// Whether two variable names are equal: short names byte by byte (cheaper than a call to
/// `memcmp` for the one- or two-letter names of most lambdas).
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Scopes with more bindings than this get an index.
const INDEX_FROM: usize = 24;

impl Frame {
    fn new(vars: Vec<(Rc<str>, Value)>, parent: Option<usize>) -> Frame {
        Frame {
            vars,
            index: None,
            unindexed: false,
            parent,
        }
    }

    /// Where `name`'s newest binding is.
    #[inline(always)]
    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => indexed_position(index, name),
            // Newest first: scopes are small, and the latest bindings are read most.
            None => self.vars.iter().rposition(|(n, _)| same_name(n, name)),
        }
    }

    fn find(&self, name: &str) -> Option<&Value> {
        self.position(name)
            .and_then(|i| self.vars.get(i))
            .map(|(_, v)| v)
    }

    #[inline]
    fn push(&mut self, name: Rc<str>, value: Value) {
        if !self.unindexed && (self.index.is_some() || self.vars.len() >= INDEX_FROM) {
            self.add_to_index(&name);
        }
        self.vars.push((name, value));
    }

    /// Index `name` at the next position, building the index when it is not there yet.
    #[inline(never)]
    fn add_to_index(&mut self, name: &Rc<str>) {
        let index = self.index.get_or_insert_with(|| {
            let mut index = IndexSet::with_capacity_and_hasher(64, FixedState::default());
            index.extend(self.vars.iter().map(|(n, _)| n.clone()));
            alloc::boxed::Box::new(index)
        });
        let position = self.vars.len();
        if index.len() != position || !index.insert(name.clone()) {
            self.index = None;
            self.unindexed = true;
        }
    }
}

/// [`Frame::position`] in a scope with an index (kept out of the unindexed scopes' inlined path).
#[inline(never)]
fn indexed_position(index: &IndexSet<Rc<str>, FixedState>, name: &str) -> Option<usize> {
    index.get_index_of(name)
}

/// The stack of scopes of one evaluation; frame 0 is the top scope.
pub(crate) struct Scopes {
    frames: Vec<Frame>,
    current: usize,
    /// The match data `$0..$n` read; saved and restored around `if`, `case`, selectors and calls.
    pub current_match: Option<Captures>,
    /// Emptied variable lists of ended scopes, reused by the next ones (a lambda called 200,000
    /// times then allocates its scope once).
    spare: Vec<Vec<(Rc<str>, Value)>>,
    /// The scope of the node definition being evaluated (classes declared from it see it).
    pub node_frame: Option<usize>,
    /// Where the running functions were called (what stdlib's `deprecation` names).
    pub calls: crate::host::PuppetStack,
}

/// Where to go back to when a local scope ends.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScopeMark {
    previous: usize,
    len: usize,
}

pub(crate) enum Assign {
    Done,
    /// The name is already bound in this scope.
    AlreadyAssigned,
}

impl Scopes {
    pub fn new() -> Scopes {
        Scopes {
            frames: alloc::vec![Frame::new(Vec::new(), None)],
            current: 0,
            current_match: None,
            spare: Vec::new(),
            node_frame: None,
            calls: Default::default(),
        }
    }

    /// The index of the scope code runs in now (a lambda remembers it as its defining scope).
    pub fn current(&self) -> usize {
        self.current
    }

    pub fn is_top(&self) -> bool {
        self.current == 0
    }

    /// Enter a new local scope whose enclosing scope is `parent` (a lambda's defining scope, or the
    /// top scope for functions).
    pub fn push(&mut self, parent: usize) -> ScopeMark {
        let mark = ScopeMark {
            previous: self.current,
            len: self.frames.len(),
        };
        let vars = self.spare.pop().unwrap_or_default();
        self.frames.push(Frame::new(vars, Some(parent)));
        self.current = self.frames.len() - 1;
        mark
    }

    pub fn pop(&mut self, mark: ScopeMark) {
        while self.frames.len() > mark.len {
            if let Some(frame) = self.frames.pop() {
                let Frame {
                    mut vars, index, ..
                } = frame;
                match index {
                    Some(index) => drop(index),
                    // Nothing to free: no call of the drop glue.
                    None => core::mem::forget(index),
                }
                vars.clear();
                if self.spare.len() < 64 {
                    self.spare.push(vars);
                }
            }
        }
        self.current = mark.previous;
    }

    /// [`Self::lookup`], first among the current scope's own bindings when it has no index (a
    /// lambda's parameters, read most), without a call.
    #[inline]
    pub fn lookup_near(&self, name: &str) -> Option<&Value> {
        if let Some(frame) = self.frames.get(self.current) {
            // `::x` names the top scope's `x`: the whole way below.
            if frame.index.is_none() && name.as_bytes().first() != Some(&b':') {
                if let Some((_, value)) = frame.vars.iter().rev().find(|(n, _)| same_name(n, name))
                {
                    return Some(value);
                }
            }
        }
        self.lookup(name)
    }

    /// Look a variable up: `::x` in the top scope, others from the current scope outwards.
    pub fn lookup(&self, name: &str) -> Option<&Value> {
        if let Some(top_name) = name.strip_prefix("::") {
            return self.frames[0].find(top_name);
        }
        let mut index = Some(self.current);
        while let Some(i) = index {
            let frame = self.frames.get(i)?;
            if let Some(value) = frame.find(name) {
                return Some(value);
            }
            index = frame.parent;
        }
        None
    }

    /// The variable names the current scope sees (its own, then its parents'), or only the top
    /// scope's: the candidates of "did you mean".
    pub fn visible_names(&self, top_only: bool) -> Vec<Rc<str>> {
        let mut names = Vec::new();
        let mut index = Some(if top_only { 0 } else { self.current });
        while let Some(i) = index {
            let Some(frame) = self.frames.get(i) else {
                break;
            };
            names.extend(frame.vars.iter().map(|(n, _)| n.clone()));
            index = frame.parent;
        }
        names
    }

    /// Rebind the variable `name` where the current scope sees it bound (a template's Ruby
    /// changed its array or hash in place, which Puppet's variable then holds); false when it
    /// is not bound.
    #[cfg(feature = "erb")]
    pub fn replace_visible(&mut self, name: &str, value: Value) -> bool {
        let mut index = Some(self.current);
        while let Some(i) = index {
            let Some(frame) = self.frames.get_mut(i) else {
                return false;
            };
            if let Some(at) = frame.position(name) {
                if let Some(slot) = frame.vars.get_mut(at) {
                    slot.1 = value;
                    return true;
                }
            }
            index = frame.parent;
        }
        false
    }

    /// Look `name` up from scope `frame` outwards, short of the top scope (a class's variables
    /// and those it inherited, for `$class::var` while the class runs).
    pub fn lookup_from(&self, frame: usize, name: &str) -> Option<Value> {
        let mut index = Some(frame);
        while let Some(i) = index.filter(|&i| i != 0) {
            let frame = self.frames.get(i)?;
            if let Some(value) = frame.find(name) {
                return Some(value.clone());
            }
            index = frame.parent;
        }
        None
    }

    /// Whether `name` is bound in the current scope itself.
    pub fn is_local(&self, name: &str) -> bool {
        self.frames
            .get(self.current)
            .is_some_and(|frame| frame.position(name).is_some())
    }

    /// Bind `name` in the current scope; Puppet variables are assigned once per scope.
    pub fn assign(&mut self, name: Rc<str>, value: Value) -> Assign {
        if self.is_local(&name) {
            return Assign::AlreadyAssigned;
        }
        if let Some(frame) = self.frames.get_mut(self.current) {
            frame.push(name, value);
        }
        Assign::Done
    }

    /// Bind `name` in a new scope that has no binding of that name yet (distinct parameters).
    #[inline]
    pub fn bind_new(&mut self, name: Rc<str>, value: Value) {
        if let Some(frame) = self.frames.get_mut(self.current) {
            frame.push(name, value);
        }
    }

    /// Bind `names` to `values` (drained) in a new scope that has no binding of them yet
    /// (distinct parameters, one argument each), at once while the scope stays unindexed; `false`
    /// (nothing bound) when it would not: the caller then binds them one by one.
    pub fn bind_all_new(&mut self, names: &[Rc<str>], values: &mut Vec<Value>) -> bool {
        match self.frames.get_mut(self.current) {
            Some(frame) if frame.index.is_none() && frame.vars.len() + names.len() < INDEX_FROM => {
                // Taken from the end and put in order after (a drain's guard costs more than
                // the moves; there is no drop glue to call on what is left).
                if let [name] = names {
                    if let Some(value) = values.pop() {
                        frame.vars.push((name.clone(), value));
                    }
                    return true;
                }
                frame.vars.reserve(names.len());
                let first = frame.vars.len();
                for name in names.iter().rev() {
                    if let Some(value) = values.pop() {
                        frame.vars.push((name.clone(), value));
                    }
                }
                if let Some(bound) = frame.vars.get_mut(first..) {
                    bound.reverse();
                }
                values.clear();
                true
            }
            _ => false,
        }
    }

    /// Bind `name` in the current scope, replacing an earlier binding there (parameters).
    pub fn bind_local(&mut self, name: Rc<str>, value: Value) {
        if let Some(frame) = self.frames.get_mut(self.current) {
            match frame.position(&name).and_then(|i| frame.vars.get_mut(i)) {
                Some(slot) => slot.1 = value,
                None => frame.push(name, value),
            }
        }
    }

    /// Move a variable's value out of the current scope, leaving `undef` (its last read; see
    /// `ownership.rs`). `None` when the name is not bound in the current scope itself.
    pub fn take_local(&mut self, name: &str) -> Option<Value> {
        let frame = self.frames.get_mut(self.current)?;
        let i = frame.position(name)?;
        let slot = frame.vars.get_mut(i)?;
        Some(core::mem::replace(&mut slot.1, Value::Undef))
    }

    /// Move the current scope's first binding out (a lambda's first parameter), or `undef`.
    pub fn take_first_local(&mut self) -> Value {
        self.frames
            .get_mut(self.current)
            .and_then(|frame| frame.vars.first_mut())
            .map_or(Value::Undef, |slot| {
                core::mem::replace(&mut slot.1, Value::Undef)
            })
    }

    /// Bind a name in the top scope (built-in variables like `$facts`).
    pub fn assign_top(&mut self, name: &str, value: Value) {
        if let Some(frame) = self.frames.first_mut() {
            frame.push(Rc::from(name), value);
        }
    }

    /// Bind a name in the top scope, over its value when it is bound there already (`$facts`
    /// given by the caller, before the program runs).
    pub fn replace_top(&mut self, name: &str, value: Value) {
        let bound = self
            .frames
            .first_mut()
            .and_then(|frame| frame.vars.iter_mut().find(|(n, _)| &**n == name));
        match bound {
            Some(slot) => slot.1 = value,
            None => self.assign_top(name, value),
        }
    }

    /// The bindings of the current scope, oldest first, moved out (the scope is about to end).
    pub fn take_current_vars(&mut self) -> Vec<(Rc<str>, Value)> {
        self.frames
            .get_mut(self.current)
            .map(|frame| {
                frame.index = None;
                core::mem::take(&mut frame.vars)
            })
            .unwrap_or_default()
    }

    /// The bindings of a class's scope `frame` while its body runs: those of its enclosing scope
    /// (what it inherited) then its own, oldest first.
    pub fn class_frame_vars(&self, frame: usize) -> Vec<(Rc<str>, Value)> {
        let Some(own) = self.frames.get(frame) else {
            return Vec::new();
        };
        let inherited = own
            .parent
            .filter(|&parent| parent != 0)
            .and_then(|parent| self.frames.get(parent));
        let mut vars: Vec<(Rc<str>, Value)> = inherited.map(|f| f.vars.clone()).unwrap_or_default();
        vars.extend(own.vars.iter().cloned());
        vars
    }

    /// `$n` from the current match data (`undef` when there is none).
    pub fn match_variable(&self, index: usize) -> Value {
        match &self.current_match {
            Some(captures) => match captures.get(index) {
                Some(Some(text)) => Value::String(text.clone()),
                _ => Value::Undef,
            },
            None => Value::Undef,
        }
    }
}
