//! Ruby's `MatchData`, what `match` gives and `$~` holds: the text of each group and the names
//! the regexp gave its groups (`names`, `captures`, `named_captures`, `m[:name]`); what it
//! shares with an array of its groups (`m[1]`, `to_a`, `size`, `values_at`) is the array's.

use super::RubyHost;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::call::Call;
use super::interp::{arity, Interp, RResult};
use super::value::{self, RVal};

/// A successful match: each group's text (nil for one that took no part), and the regexp's
/// group names with the groups each names.
#[derive(Debug)]
pub(crate) struct MatchData {
    pub groups: Vec<RVal>,
    pub names: Vec<(String, Vec<u32>)>,
}

impl MatchData {
    /// The text of the last group named `name` that took part (nil when none did), `None` when
    /// the regexp has no group of that name.
    fn named(&self, name: &str) -> Option<RVal> {
        let (_, numbers) = self.names.iter().find(|(n, _)| n == name)?;
        Some(
            numbers
                .iter()
                .rev()
                .filter_map(|&g| self.groups.get(g as usize))
                .find(|text| !matches!(text, RVal::Nil))
                .cloned()
                .unwrap_or(RVal::Nil),
        )
    }

    /// `#<MatchData "10-20" a:"10" b:"20">`: each group after the whole match, by its name (or
    /// its number when the regexp names none).
    pub fn inspect(&self) -> String {
        let mut out = String::from("#<MatchData");
        for (number, text) in self.groups.iter().enumerate() {
            out.push(' ');
            if number > 0 {
                match self
                    .names
                    .iter()
                    .find(|(_, g)| g.contains(&(number as u32)))
                {
                    Some((name, _)) => out.push_str(name),
                    None => out.push_str(&format!("{number}")),
                }
                out.push(':');
            }
            out.push_str(&value::inspect(text));
        }
        out.push('>');
        out
    }
}

/// The methods of a MatchData.
pub(crate) fn match_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    data: &MatchData,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    let list = |from: usize| RVal::array(data.groups.get(from..).unwrap_or_default().to_vec());
    match name {
        "[]" => {
            if let [RVal::Str(group) | RVal::Sym(group)] = args {
                return match data.named(group) {
                    Some(text) => Ok(text),
                    None => interp.raise_as(
                        "IndexError",
                        format!("undefined group name reference: {group}"),
                    ),
                };
            }
        }
        "names" => {
            arity(interp, args, 0, 0)?;
            let names = data.names.iter().map(|(n, _)| RVal::str(n)).collect();
            return Ok(RVal::array(names));
        }
        "named_captures" => {
            arity(interp, args, 0, 0)?;
            let pairs = data.names.iter().map(|(n, _)| {
                let text = data.named(n).unwrap_or(RVal::Nil);
                (RVal::str(n), text)
            });
            return Ok(RVal::hash(pairs.collect()));
        }
        "captures" => return arity(interp, args, 0, 0).map(|()| list(1)),
        "to_a" | "size" | "length" | "values_at" => {}
        _ => return interp.no_method(name, call.recv),
    }
    let groups = list(0);
    super::enumerable::collection_method(
        interp,
        Call {
            recv: &groups,
            ..call
        },
    )
}
