//! `JSON.generate`, `JSON.pretty_generate` and `to_json` as Ruby's json library writes them.

use super::RubyHost;
use alloc::format;
use alloc::string::String;

use super::interp::{Interp, RResult};
use super::value::{float_to_s, RVal};

/// The JSON text of `value`; `indent`: pretty (two spaces a level) from that level.
pub(crate) fn generate<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    value: &RVal,
    indent: Option<usize>,
) -> RResult<String> {
    let mut out = String::new();
    write(interp, &mut out, value, indent, 0)?;
    interp.check_string(&out)?;
    Ok(out)
}

fn newline(out: &mut String, indent: Option<usize>, level: usize) {
    if indent.is_some() {
        out.push('\n');
        for _ in 0..level {
            out.push_str("  ");
        }
    }
}

fn write<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    out: &mut String,
    value: &RVal,
    indent: Option<usize>,
    level: usize,
) -> RResult<()> {
    interp.step(1)?;
    if level > 100 {
        return interp.raise("nesting of 101 is too deep");
    }
    match value {
        RVal::Nil => out.push_str("null"),
        RVal::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RVal::Int(n) => out.push_str(&format!("{n}")),
        RVal::Big(n) => out.push_str(&n.to_radix(10)),
        RVal::Float(f) if f.is_finite() => out.push_str(&float_to_s(*f)),
        RVal::Float(f) => return interp.raise(format!("{} not allowed in JSON", float_to_s(*f))),
        RVal::Str(s) | RVal::Sym(s) => crate::value::ruby_json_string(out, s),
        RVal::Array(items) => {
            let items = items.borrow().clone();
            if items.is_empty() {
                // Ruby's json 2.6 writes an empty array across lines when pretty.
                out.push('[');
                if indent.is_some() {
                    out.push('\n');
                    newline(out, indent, level);
                }
                out.push(']');
                return Ok(());
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write(interp, out, item, indent, level + 1)?;
            }
            newline(out, indent, level);
            out.push(']');
        }
        RVal::Hash(entries) => {
            let entries = entries.borrow().clone();
            if entries.is_empty() {
                out.push('{');
                newline(out, indent, level);
                out.push('}');
                return Ok(());
            }
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                let key = interp.ruby_to_s(k)?;
                crate::value::ruby_json_string(out, &key);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write(interp, out, v, indent, level + 1)?;
            }
            newline(out, indent, level);
            out.push('}');
        }
        other => {
            let text = interp.ruby_to_s(other)?;
            crate::value::ruby_json_string(out, &text);
        }
    }
    Ok(())
}
