//! Hash's own methods as a table (each Ruby name and the method that runs it), with the ones that
//! answer differently for a hash (`each`, `select` yield key and value); a hash has those of
//! Enumerable that `common.rs` marks besides.

use crate::erb::RubyHost;
use alloc::format;
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, BlockArg, Flow, Interp, RResult};
use super::super::methods::no_conversion;
use super::super::value::{self, RVal};
use super::need_block;

type Entries = alloc::rc::Rc<core::cell::RefCell<Vec<(RVal, RVal)>>>;

/// What runs a Hash method (aliases share one).
#[derive(Clone, Copy)]
pub(super) enum HashOp {
    Get,
    Clear,
    Store,
    Fetch,
    Dig,
    HasKey,
    HasValue,
    Key,
    Keys,
    Values,
    ValuesAt,
    Empty,
    Size,
    ToHash,
    Each,
    EachKey,
    Select,
    Merge,
    Delete,
    Invert,
    Transform,
    Compact,
    Default,
    Dup,
}

/// Hash's own methods: each Ruby name (aliases together) and what runs it.
pub(super) fn hash_entry(name: &str) -> Option<HashOp> {
    Some(match name {
        "[]" => HashOp::Get,
        "[]=" | "store" => HashOp::Store,
        "clear" => HashOp::Clear,
        "clone" | "dup" => HashOp::Dup,
        "compact" => HashOp::Compact,
        "default" => HashOp::Default,
        "delete" => HashOp::Delete,
        "dig" => HashOp::Dig,
        "each" | "each_pair" => HashOp::Each,
        "each_key" | "each_value" => HashOp::EachKey,
        "empty?" => HashOp::Empty,
        "fetch" => HashOp::Fetch,
        "filter" | "reject" | "select" | "filter!" | "reject!" | "select!" | "delete_if"
        | "keep_if" => HashOp::Select,
        "has_key?" | "include?" | "key?" | "member?" => HashOp::HasKey,
        "has_value?" | "value?" => HashOp::HasValue,
        "invert" => HashOp::Invert,
        "key" => HashOp::Key,
        "keys" => HashOp::Keys,
        "length" | "size" => HashOp::Size,
        "merge" | "merge!" | "update" => HashOp::Merge,
        "to_h" | "to_hash" => HashOp::ToHash,
        "transform_keys" | "transform_values" => HashOp::Transform,
        "values" => HashOp::Values,
        "values_at" => HashOp::ValuesAt,
        _ => return None,
    })
}

/// The hash method `name` is, if it is one of Hash's own (`to_h` with a block is Enumerable's;
/// a hash has no `to_hash` with one).
pub(super) fn own_method(name: &str, block: Option<&BlockArg>) -> Option<HashOp> {
    hash_entry(name).filter(|op| !(matches!(op, HashOp::ToHash) && block.is_some()))
}

/// A method only hashes have: `op`, named `name`.
pub(super) fn hash_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    entries: &Entries,
    op: HashOp,
) -> RResult<RVal> {
    let (recv, name, args, block) = (call.recv, call.name, call.args, call.block);
    let snapshot = || entries.borrow().clone();
    let get = |key: &RVal| value::hash_get(&entries.borrow(), key);
    Ok(match op {
        HashOp::Get => {
            arity(interp, args, 1, 1)?;
            get(&args[0]).unwrap_or(RVal::Nil)
        }
        HashOp::Clear => {
            arity(interp, args, 0, 0)?;
            entries.borrow_mut().clear();
            recv.clone()
        }
        HashOp::Store => return store(interp, entries, args),
        HashOp::Fetch => {
            arity(interp, args, 1, 2)?;
            match get(&args[0]) {
                Some(v) => v,
                None => match (args.get(1), block) {
                    (_, Some(b)) => interp.yield_block(b, alloc::vec![args[0].clone()])?,
                    (Some(default), None) => default.clone(),
                    (None, None) => {
                        return interp.raise_as(
                            "KeyError",
                            format!("key not found: {}", value::inspect(&args[0])),
                        )
                    }
                },
            }
        }
        HashOp::Dig => return super::dig(interp, recv.clone(), args),
        HashOp::HasKey => {
            arity(interp, args, 1, 1)?;
            RVal::Bool(get(&args[0]).is_some())
        }
        HashOp::HasValue | HashOp::Key => {
            arity(interp, args, 1, 1)?;
            let list = entries.borrow();
            let found = list.iter().find(|(_, v)| value::equal(v, &args[0], 0));
            match op {
                HashOp::Key => found.map(|(k, _)| k.clone()).unwrap_or(RVal::Nil),
                _ => RVal::Bool(found.is_some()),
            }
        }
        HashOp::Keys => RVal::array(entries.borrow().iter().map(|(k, _)| k.clone()).collect()),
        HashOp::Values => RVal::array(entries.borrow().iter().map(|(_, v)| v.clone()).collect()),
        HashOp::ValuesAt => RVal::array(args.iter().map(|k| get(k).unwrap_or(RVal::Nil)).collect()),
        HashOp::Empty => RVal::Bool(entries.borrow().is_empty()),
        HashOp::Size => RVal::Int(entries.borrow().len() as i64),
        HashOp::ToHash => recv.clone(),
        HashOp::Each | HashOp::EachKey => {
            let block = need_block(interp, block)?;
            for (k, v) in snapshot() {
                let args = match name {
                    "each_key" => k,
                    "each_value" => v,
                    _ => RVal::array(alloc::vec![k, v]),
                };
                interp.yield_block(block, alloc::vec![args])?;
            }
            recv.clone()
        }
        HashOp::Select => {
            let block = need_block(interp, block)?;
            let rejects = matches!(name, "reject" | "reject!" | "delete_if");
            let before = snapshot();
            let mut out = Vec::new();
            for (k, v) in before.iter().cloned() {
                let hit = interp
                    .yield_block(block, alloc::vec![k.clone(), v.clone()])?
                    .truthy();
                if hit != rejects {
                    out.push((k, v));
                }
            }
            if !name.ends_with('!') && !name.ends_with("_if") {
                return Ok(RVal::hash(out));
            }
            // In place: `select!`/`reject!` answer nil when nothing went, the others the hash.
            let changed = out.len() != before.len();
            *entries.borrow_mut() = out;
            match (name.ends_with('!'), changed) {
                (true, false) => RVal::Nil,
                _ => recv.clone(),
            }
        }
        HashOp::Merge => return merge(interp, call, entries),
        HashOp::Delete => {
            arity(interp, args, 1, 1)?;
            let mut list = entries.borrow_mut();
            match list.iter().position(|(k, _)| value::eql(k, &args[0])) {
                Some(i) => list.remove(i).1,
                None => RVal::Nil,
            }
        }
        HashOp::Invert => {
            // A repeated value keeps its last key, as a key set twice does.
            let mut inverted = Vec::new();
            for (k, v) in entries.borrow().iter() {
                value::hash_set(&mut inverted, v.clone(), k.clone());
            }
            RVal::hash(inverted)
        }
        HashOp::Transform => return transform(interp, call, snapshot()),
        HashOp::Compact => RVal::hash(
            snapshot()
                .into_iter()
                .filter(|(_, v)| !matches!(v, RVal::Nil))
                .collect(),
        ),
        HashOp::Default => RVal::Nil,
        HashOp::Dup => RVal::hash(snapshot()),
    })
}

/// `h[k] = v` and `store`, within the limit on a collection's length.
fn store<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    entries: &Entries,
    args: &[RVal],
) -> RResult<RVal> {
    arity(interp, args, 2, 2)?;
    let key = args[0].clone();
    if entries.borrow().len() >= interp.rt.limits().max_collection_len {
        return Err(Flow::Stop(crate::host::error(
            "SIZE_LIMIT",
            "a hash in a template is too large",
            interp.span,
        )));
    }
    interp.step(1 + entries.borrow().len() as u64 / 16)?;
    value::hash_set(&mut entries.borrow_mut(), key, args[1].clone());
    Ok(args[1].clone())
}

/// `merge` (a new hash), `merge!`/`update` (in place), the block choosing between two values.
fn merge<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, entries: &Entries) -> RResult<RVal> {
    let mut out = entries.borrow().clone();
    for other in call.args.iter() {
        let RVal::Hash(other) = other else {
            return Err(no_conversion(interp, other.class_name(), "Hash"));
        };
        for (k, v) in other.borrow().clone() {
            interp.step(1 + out.len() as u64 / 16)?;
            let v = match (call.block, value::hash_get(&out, &k)) {
                (Some(b), Some(old)) => interp.yield_block(b, alloc::vec![k.clone(), old, v])?,
                _ => v,
            };
            value::hash_set(&mut out, k, v);
        }
    }
    if call.name == "merge" {
        return Ok(RVal::hash(out));
    }
    *entries.borrow_mut() = out;
    Ok(call.recv.clone())
}

/// `transform_values` and `transform_keys`.
fn transform<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    pairs: Vec<(RVal, RVal)>,
) -> RResult<RVal> {
    let block = need_block(interp, call.block)?;
    let mut out = Vec::new();
    for (k, v) in pairs {
        if call.name == "transform_values" {
            let v = interp.yield_block(block, alloc::vec![v])?;
            out.push((k, v));
        } else {
            let k = interp.yield_block(block, alloc::vec![k])?;
            value::hash_set(&mut out, k, v);
        }
    }
    Ok(RVal::hash(out))
}

/// `Hash[...]`: a hash's copy, the hash of an array of `[key, value]` pairs, or of keys and
/// values given in turn, with Ruby's errors for anything else.
pub(crate) fn hash_from_pairs<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
) -> RResult<RVal> {
    let mut out = Vec::new();
    match args {
        [RVal::Hash(entries)] => return Ok(RVal::hash(entries.borrow().clone())),
        [RVal::Array(items)] => {
            for (index, item) in items.borrow().iter().enumerate() {
                let RVal::Array(pair) = item else {
                    return interp.raise_as(
                        "ArgumentError",
                        format!(
                            "wrong element type {} at {index} (expected array)",
                            item.class_name()
                        ),
                    );
                };
                match pair.borrow().as_slice() {
                    [key] => value::hash_set(&mut out, key.clone(), RVal::Nil),
                    [key, v] => value::hash_set(&mut out, key.clone(), v.clone()),
                    other => {
                        return interp.raise_as(
                            "ArgumentError",
                            format!("invalid number of elements ({} for 1..2)", other.len()),
                        )
                    }
                }
            }
        }
        _ if args.len() % 2 == 1 => {
            return interp.raise_as("ArgumentError", "odd number of arguments for Hash")
        }
        _ => {
            for pair in args.chunks(2) {
                value::hash_set(&mut out, pair[0].clone(), pair[1].clone());
            }
        }
    }
    Ok(RVal::hash(out))
}
