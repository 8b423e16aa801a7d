//! Equality of nested values without recursion, for Puppet's `==` and for the strict equality
//! hash keys use: the containers being compared are kept on a list of their own, so values
//! nested any number of levels deep compare without overflowing the stack (a browser worker's
//! stack holds a few thousand native calls; `reduce` builds a value 20,000 levels deep in a
//! moment).

use alloc::vec::Vec;

use super::{Hash, Value};
use crate::types;

/// Which equality.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Puppet's `==`: strings case-insensitively (ASCII), `1 == 1.0`, types by assignability.
    Puppet,
    /// Ruby's `eql?`, what hash keys use: `1` and `1.0` differ, so do `'a'` and `'A'`.
    Strict,
}

/// Hash keys that are themselves hashes with keys that are hashes, this many times over, are
/// matched by position rather than looked up: each lookup compares the key inside the comparison
/// that looks it up, and this bounds how many such comparisons run inside each other.
const MAX_KEY_NESTING: usize = 32;

/// What remains to compare of two containers found equal so far.
enum Frame<'a> {
    /// Elements of two arrays of the same length, pairwise.
    Items(
        core::slice::Iter<'a, Value>,
        core::slice::Iter<'a, Value>,
        Mode,
    ),
    /// The entries of a hash, each looked up (strictly) in the other hash of the same size.
    Entries(indexmap::map::Iter<'a, Value, Value>, &'a Hash, Mode),
    /// The entries of two hashes of the same size, pairwise by position (keys nested too deeply
    /// to look up: see [`MAX_KEY_NESTING`]); the value of the last key pair is compared next.
    Positions(
        indexmap::map::Iter<'a, Value, Value>,
        indexmap::map::Iter<'a, Value, Value>,
        Option<(&'a Value, &'a Value)>,
        Mode,
    ),
    /// One pair (the contents of two Sensitive values).
    Pair(Option<(&'a Value, &'a Value)>, Mode),
}

/// Whether `left` equals `right` in `mode`. `nesting`: how many comparisons of hash keys this one
/// runs inside (0 from outside).
pub(super) fn equal(left: &Value, right: &Value, mode: Mode, nesting: usize) -> bool {
    let mut frames: Vec<Frame<'_>> = Vec::new();
    let (mut a, mut b, mut pair_mode) = (left, right, mode);
    loop {
        if !compare_one(a, b, pair_mode, nesting, &mut frames) {
            return false;
        }
        // The next pair: from the innermost containers with pairs left.
        loop {
            let Some(frame) = frames.last_mut() else {
                return true;
            };
            let next = match frame {
                Frame::Items(xs, ys, mode) => xs.next().zip(ys.next()).map(|(x, y)| (x, y, *mode)),
                Frame::Entries(entries, other, mode) => match entries.next() {
                    // Puppet's `==` compares the other hash's value with this one's.
                    Some((key, value)) => match other.get_nested(key, nesting) {
                        Some(found) => Some((found, value, *mode)),
                        None => return false,
                    },
                    None => None,
                },
                Frame::Positions(xs, ys, values, mode) => match values.take() {
                    Some((x, y)) => Some((y, x, *mode)),
                    None => match xs.next().zip(ys.next()) {
                        Some(((kx, vx), (ky, vy))) => {
                            *values = Some((vx, vy));
                            Some((kx, ky, Mode::Strict))
                        }
                        None => None,
                    },
                },
                Frame::Pair(pair, mode) => pair.take().map(|(x, y)| (x, y, *mode)),
            };
            match next {
                Some((x, y, mode)) => {
                    (a, b, pair_mode) = (x, y, mode);
                    break;
                }
                None => {
                    frames.pop();
                }
            }
        }
    }
}

/// Compare one pair: `false` when they differ; when both are containers of the same kind and
/// size, their contents are left on `frames` to compare.
fn compare_one<'a>(
    a: &'a Value,
    b: &'a Value,
    mode: Mode,
    nesting: usize,
    frames: &mut Vec<Frame<'a>>,
) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            if x.same_object(y) && mode == Mode::Strict {
                return true;
            }
            if x.len() != y.len() {
                return false;
            }
            frames.push(Frame::Items(x.iter(), y.iter(), mode));
            true
        }
        (Value::Hash(x), Value::Hash(y)) => push_hashes(x, y, mode, nesting, frames),
        (Value::Sensitive(x), Value::Sensitive(y)) => {
            frames.push(Frame::Pair(Some((x, y)), mode));
            true
        }
        (Value::Error(x), Value::Error(y)) => {
            if !(x.msg == y.msg && x.kind == y.kind && x.issue_code == y.issue_code) {
                return false;
            }
            match (&x.details, &y.details) {
                (Some(p), Some(q)) => push_hashes(p, q, mode, nesting, frames),
                (p, q) => p.is_none() && q.is_none(),
            }
        }
        (Value::Deferred(x), Value::Deferred(y)) => {
            if alloc::rc::Rc::ptr_eq(x, y) {
                return true;
            }
            if x.name != y.name {
                return false;
            }
            match (&x.arguments, &y.arguments) {
                (Some(p), Some(q)) => {
                    if p.len() != q.len() {
                        return false;
                    }
                    frames.push(Frame::Items(p.iter(), q.iter(), mode));
                    true
                }
                (p, q) => p.is_none() && q.is_none(),
            }
        }
        _ => match mode {
            Mode::Puppet => puppet_scalars_equal(a, b),
            Mode::Strict => strict_scalars_equal(a, b),
        },
    }
}

/// Two hashes of the same size have their entries compared: each key looked up strictly in the
/// other, or (keys nested too deeply) matched by position.
fn push_hashes<'a>(
    x: &'a Hash,
    y: &'a Hash,
    mode: Mode,
    nesting: usize,
    frames: &mut Vec<Frame<'a>>,
) -> bool {
    if x.len() != y.len() {
        return false;
    }
    if nesting < MAX_KEY_NESTING {
        frames.push(Frame::Entries(x.iter(), y, mode));
    } else {
        frames.push(Frame::Positions(x.iter(), y.iter(), None, mode));
    }
    true
}

/// Puppet's `==` on two values that are not both containers of one kind.
fn puppet_scalars_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::String(a), Value::String(b)) => a.eq_ignore_ascii_case(b),
        (Value::Integer(a), Value::Integer(b)) => a == b,
        (Value::Float(a), Value::Float(b)) => a == b,
        (Value::Integer(a), Value::Float(b)) | (Value::Float(b), Value::Integer(a)) => {
            super::equality::whole_float_as_integer(*b) == Some(*a)
        }
        (Value::Type(a), Value::Type(b)) => types::type_equals(a, b),
        // A Timespan/Timestamp on the left compares with a number of seconds (Ruby's
        // Timespan#==); a number on the left never equals one.
        (Value::Timespan(span), Value::Integer(seconds)) => span.equals_seconds(*seconds as f64),
        (Value::Timespan(span), Value::Float(seconds)) => span.equals_seconds(*seconds),
        (Value::Timestamp(stamp), Value::Integer(seconds)) => stamp.equals_seconds(*seconds as f64),
        (Value::Timestamp(stamp), Value::Float(seconds)) => stamp.equals_seconds(*seconds),
        _ => strict_scalars_equal(left, right),
    }
}

/// Strict equality of two values that are not both containers of one kind.
fn strict_scalars_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
        (Value::Boolean(a), Value::Boolean(b)) => a == b,
        (Value::Integer(a), Value::Integer(b)) => a == b,
        // Ruby's `eql?`: 0.0 and -0.0 are the same key; NaN equals itself so keys stay findable.
        (Value::Float(a), Value::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
        (Value::String(a), Value::String(b)) => a == b,
        (Value::Regexp(a), Value::Regexp(b)) => a.source() == b.source(),
        (Value::Type(a), Value::Type(b)) => a == b,
        (Value::SemVer(a), Value::SemVer(b)) => a == b,
        (Value::SemVerRange(a), Value::SemVerRange(b)) => a == b,
        (Value::Timespan(a), Value::Timespan(b)) => a == b,
        (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
        (Value::Binary(a), Value::Binary(b)) => a == b,
        (Value::Uri(a), Value::Uri(b)) => a == b,
        (Value::Runtime(a), Value::Runtime(b)) => alloc::rc::Rc::ptr_eq(a, b),
        (Value::Iterator(a), Value::Iterator(b)) => alloc::rc::Rc::ptr_eq(a, b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::puppet_equals;

    /// `[[[...1...]]]` `depth` levels deep, or `{k => {k => ...}}`, or `{{...} => 1}` (the
    /// nesting in the keys).
    fn nested(depth: usize, wrap: fn(Value) -> Value) -> Value {
        (0..depth).fold(Value::Integer(1), |inner, _| wrap(inner))
    }

    fn in_array(inner: Value) -> Value {
        Value::array(alloc::vec![inner])
    }

    fn in_hash(inner: Value) -> Value {
        Value::Hash([(Value::string("k"), inner)].into_iter().collect())
    }

    fn as_key(inner: Value) -> Value {
        Value::Hash([(inner, Value::Integer(1))].into_iter().collect())
    }

    fn as_sensitive(inner: Value) -> Value {
        Value::Sensitive(alloc::rc::Rc::new(inner))
    }

    /// On a small stack (as a browser worker's), values 100,000 levels deep compare in either
    /// equality, equal and not.
    #[test]
    fn values_nested_deeper_than_any_stack_compare() {
        let run = || {
            for wrap in [in_array, in_hash, as_key, as_sensitive] {
                let a = nested(100_000, wrap);
                let b = nested(100_000, wrap);
                let c = nested(99_999, wrap);
                assert!(puppet_equals(&a, &b));
                assert!(a == b);
                assert!(!puppet_equals(&a, &c));
                assert!(a != c);
                core::mem::forget([a, b, c]);
            }
        };
        let thread = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(run)
            .expect("a thread");
        assert!(thread.join().is_ok());
    }

    #[test]
    fn equality_keeps_its_meaning() {
        let upper = in_hash(Value::string("A"));
        let lower = in_hash(Value::string("a"));
        assert!(puppet_equals(&upper, &lower));
        assert!(upper != lower);
        let int = in_array(Value::Integer(1));
        let float = in_array(Value::Float(1.0));
        assert!(puppet_equals(&int, &float));
        assert!(int != float);
        // Keys are looked up strictly in Puppet's `==` too: `{'A' => 1} != {'a' => 1}`.
        assert!(!puppet_equals(
            &as_key(Value::string("A")),
            &as_key(Value::string("a"))
        ));
        // Entries in another order are the same hash.
        let ab = Hash::of_strings(&[("a", Value::Integer(1)), ("b", Value::Integer(2))]);
        let ba = Hash::of_strings(&[("b", Value::Integer(2)), ("a", Value::Integer(1))]);
        assert!(Value::Hash(ab.clone()) == Value::Hash(ba.clone()));
        assert!(puppet_equals(&Value::Hash(ab), &Value::Hash(ba)));
    }
}
