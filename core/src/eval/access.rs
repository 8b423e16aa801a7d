//! The access operator `x[...]` on arrays, hashes and strings, and on types (delegated to the
//! type system: `Integer[1, 10]`, `File['x']`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::arithmetic::not_applicable_to;
use super::evaluator::Evaluator;
use super::numeric::Number;
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind, UnaryOp};
use crate::types::{self, Type};
use crate::value::{value_label, Array, Value};

impl Evaluator<'_> {
    pub(crate) fn eval_access(
        &mut self,
        target: &Expr,
        keys: &[Expr],
        span: Span,
    ) -> EvalResult<Value> {
        let value = self.eval(target)?;
        match value {
            Value::Type(ty) => {
                // Puppet's evaluator resolves a type's parameters as it resolves any name (an
                // unknown one is an error), but for `Class[Name]` and inside a type parser's
                // text, where an unknown name is a reference resolved later.
                let lenient = self.known.type_text || matches!(*ty, crate::types::Type::Class(_));
                let saved = core::mem::replace(&mut self.known.lenient_type_refs, lenient);
                let args = self.eval_unfolding(keys);
                self.known.lenient_type_refs = saved;
                self.access_type(&ty, &args?, keys, span)
            }
            Value::Hash(hash) => {
                let mut args = Vec::with_capacity(keys.len());
                for key in keys {
                    // A splat is not unfolded here: `{..}[*['a', 'b']]` looks up the array key.
                    let key = match &key.kind {
                        ExprKind::Unary {
                            op: UnaryOp::Splat,
                            operand,
                        } => operand,
                        _ => key,
                    };
                    let value = self.eval(key)?;
                    // Hashing a key walks all of it.
                    crate::host::charge_walk(self, &value, crate::host::Walk::Reads, key.span)?;
                    args.push(value);
                }
                if args.len() == 1 {
                    return Ok(hash.get(&args[0]).cloned().unwrap_or(Value::Undef));
                }
                let found: Array = args
                    .iter()
                    .filter_map(|key| hash.get(key))
                    .filter(|v| !v.is_undef())
                    .cloned()
                    .collect();
                Ok(Value::Array(found))
            }
            Value::Array(items) => {
                let args = self.flat_keys(keys)?;
                let (start, count) = self.slice_args(&args, keys, span, "Array")?;
                match count {
                    None => Ok(index(items.len(), start)
                        .and_then(|i| items.get(i).cloned())
                        .unwrap_or(Value::Undef)),
                    Some(count) => Ok(Value::Array(
                        slice(items.len(), start, count)
                            .map(|(from, len)| {
                                items.as_slice()[from..from + len].iter().cloned().collect()
                            })
                            .unwrap_or_default(),
                    )),
                }
            }
            Value::String(text) => {
                let args = self.flat_keys(keys)?;
                let (start, count) = self.slice_args(&args, keys, span, "String")?;
                // ASCII text is indexed by bytes, in constant time, as Ruby does: a loop over
                // the characters of a long string stays linear.
                if text.is_ascii() {
                    let picked = match count {
                        None => index(text.len(), start).map(|i| &text[i..i + 1]),
                        Some(count) => slice(text.len(), start, count)
                            .map(|(from, len)| &text[from..from + len]),
                    };
                    return Ok(Value::string(picked.unwrap_or_default()));
                }
                let chars: Vec<char> = text.chars().collect();
                self.step((chars.len() / crate::host::ELEMENTS_PER_STEP) as u64, span)?;
                let picked: String = match count {
                    None => index(chars.len(), start)
                        .and_then(|i| chars.get(i).copied())
                        .map(String::from)
                        .unwrap_or_default(),
                    Some(count) => slice(chars.len(), start, count)
                        .map(|(from, len)| chars[from..from + len].iter().collect())
                        .unwrap_or_default(),
                };
                Ok(Value::string(&picked))
            }
            // A Binary slices its bytes as a String slices its characters (with String's errors);
            // what is out of range is the empty Binary.
            Value::Binary(binary) => {
                let args = self.flat_keys(keys)?;
                let (start, count) = self.slice_args(&args, keys, span, "String")?;
                let bytes = binary.bytes();
                let picked = match count {
                    None => index(bytes.len(), start).map(|i| &bytes[i..i + 1]),
                    Some(count) => {
                        slice(bytes.len(), start, count).map(|(from, len)| &bytes[from..from + len])
                    }
                };
                Ok(Value::Binary(crate::value::Binary::from_bytes(
                    picked.unwrap_or_default(),
                )))
            }
            // Puppet places a call on the left at its anchor (the `.` of a method call).
            other => {
                let at = match &target.kind {
                    ExprKind::Call(call) => call.anchor,
                    _ => span,
                };
                Err(not_applicable_to("[]", &value_label(&other), at))
            }
        }
    }

    /// Keys of an array or string access: evaluated, splats unfolded and nested arrays flattened.
    fn flat_keys(&mut self, keys: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut flat = Vec::new();
        for value in self.eval_unfolding(keys)? {
            flatten_into(value, &mut flat);
        }
        Ok(flat)
    }

    /// `[index]` or `[start, count]` as integers, with Puppet's errors for other keys.
    fn slice_args(
        &mut self,
        args: &[Value],
        keys: &[Expr],
        span: Span,
        what: &str,
    ) -> EvalResult<(i64, Option<i64>)> {
        if args.is_empty() || args.len() > 2 {
            return Err(error(
                "BAD_SLICE_ARITY",
                format!(
                    "{what} supports [] with one or two arguments. Got {}",
                    args.len()
                ),
                span,
            ));
        }
        let mut ints = [0i64; 2];
        for (i, arg) in args.iter().enumerate() {
            let key_span = keys.get(i).or(keys.last()).map_or(span, |k| k.span);
            ints[i] = if what == "String" {
                match arg {
                    Value::Integer(n) => *n,
                    other => {
                        return Err(error(
                            "BAD_SUBSTRING_INDEX",
                            format!(
                                "A substring operation does not accept {} as a character index. Expected an Integer",
                                types::a_an(&substring_label(other))
                            ),
                            key_span,
                        ))
                    }
                }
            } else {
                match self.number_of(arg, key_span)? {
                    Number::Int(n) => n,
                    Number::Float(_) => {
                        return Err(error(
                            "BAD_INDEX_TYPE",
                            "An Array[] cannot use Float where Integer is expected",
                            key_span,
                        ))
                    }
                }
            };
        }
        Ok((ints[0], (args.len() == 2).then_some(ints[1])))
    }

    fn access_type(
        &mut self,
        ty: &Type,
        args: &[Value],
        keys: &[Expr],
        span: Span,
    ) -> EvalResult<Value> {
        // `Class[foo][x]`, `Notify['a'][message]`: a parameter of something declared.
        if !args.is_empty()
            && args.iter().all(|a| matches!(a, Value::String(_)))
            && self.catalog.is_declared(ty)
        {
            let mut values = Vec::new();
            for arg in args {
                let Value::String(attribute) = arg else {
                    continue;
                };
                match self.catalog.attribute(ty, attribute) {
                    Some(Ok(value)) => values.push(value),
                    Some(Err(())) => {
                        return Err(error(
                            "UNKNOWN_PARAMETER",
                            format!(
                                "The resource {} does not have a parameter called '{attribute}'",
                                crate::catalog::reference_label(ty)
                            ),
                            span,
                        ))
                    }
                    None => break,
                }
            }
            if values.len() == args.len() {
                return Ok(match values.len() {
                    1 => values.pop().unwrap_or(Value::Undef),
                    _ => Value::array(values),
                });
            }
        }
        match types::parameterize_many(ty, args) {
            Ok(types::Parameterized::One(result)) => Ok(Value::from_type(result)),
            Ok(types::Parameterized::Many(many)) => Ok(Value::array(
                many.into_iter().map(Value::from_type).collect(),
            )),
            Ok(types::Parameterized::Empty { as_array }) => {
                self.log(
                    crate::eval::LogLevel::Warning,
                    "Arguments to Resource[] are all empty/undefined".into(),
                    span,
                );
                Ok(if as_array {
                    Value::array(Vec::new())
                } else {
                    Value::Undef
                })
            }
            Err(e) => {
                let at = e
                    .argument
                    .and_then(|i| keys.get(i))
                    .map_or(span, |key| key.span);
                let code = if e.invalid_regex {
                    "INVALID_REGEX"
                } else {
                    "TYPE_ACCESS"
                };
                Err(error(code, e.full_message(), at))
            }
        }
    }
}

fn flatten_into(value: Value, out: &mut Vec<Value>) {
    match value {
        Value::Array(items) => {
            for item in items.iter() {
                flatten_into(item.clone(), out);
            }
        }
        other => out.push(other),
    }
}

/// How a substring error names the key's type (`a String`, `an Undef`).
fn substring_label(value: &Value) -> String {
    match value {
        Value::Undef => "Undef".into(),
        other => value_label(other),
    }
}

/// Ruby's `a[i]`: a negative index counts from the end.
fn index(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

/// Puppet's `[start, count]` on a sequence of `len`: a negative start counts from the end, a
/// negative count leaves that many (minus one) off the end. `None` means the empty result.
fn slice(len: usize, start: i64, count: i64) -> Option<(usize, usize)> {
    let len = len as i128;
    let mut k1 = start as i128;
    let mut k2 = count as i128;
    if k1 < 0 {
        k1 += len;
    }
    if k1 < 0 {
        if k2 >= 0 {
            k2 += k1;
        }
        k1 = 0;
    }
    if k2 < 0 {
        k2 = len - k1 + k2 + 1;
    }
    if k2 < 0 || k1 > len {
        return None;
    }
    let take = k2.min(len - k1);
    Some((k1 as usize, take as usize))
}

#[cfg(test)]
mod tests {
    use super::slice;

    #[test]
    fn slices_follow_puppets_rules() {
        // Expectations from real Puppet (tests/conformance/golden/access_array.jsonl).
        assert_eq!(slice(4, 2, -1), Some((2, 2)));
        assert_eq!(slice(4, -5, -3), Some((0, 2)));
        assert_eq!(slice(3, -10, 2), None);
        assert_eq!(slice(3, -10, 10), Some((0, 3)));
        assert_eq!(slice(3, -4, -1), Some((0, 3)));
        assert_eq!(slice(3, -4, 1), Some((0, 0)));
        assert_eq!(slice(3, 3, 1), Some((3, 0)));
        assert_eq!(slice(3, 4, 1), None);
        assert_eq!(slice(3, 1, i64::MAX), Some((1, 2)));
    }
}
