//! String literals' values shared between evaluations: `'x'` in a lambda called 50,000 times
//! gives one shared string each time instead of a new allocation and copy.
//!
//! The syntax tree holds a literal's text as a `String` (it is sent between threads, so it holds
//! no `Rc`); the evaluator keeps the `Rc<str>` made from it in a small table of slots chosen by
//! the text's address. A slot is used only when both its address and its text are the literal's,
//! so an address freed and reused by another literal (a tree of `inline_epp` freed during the
//! evaluation) gives a value of the same text, which is the value a new copy would have been:
//! strings are immutable and nothing tells one copy of a text from another. A new literal takes
//! the slot over. Short literals only (long ones would stay alive in the table for little gain).

use alloc::rc::Rc;
use alloc::vec::Vec;

use crate::value::Value;

/// How many literals are kept at once (a hot loop has a few).
const SLOTS: usize = 64;

/// Literals longer than this (in bytes) are copied on each evaluation, never kept.
const LONGEST: usize = 128;

/// The kept values, by slot (see the module's comment); empty until the first literal.
#[derive(Default)]
pub(crate) struct LiteralStrings {
    slots: Vec<Option<(usize, Rc<str>)>>,
}

impl LiteralStrings {
    /// The value of the string literal whose text is `text` (as the tree holds it).
    #[inline]
    pub fn value(&mut self, text: &str) -> Value {
        let address = text.as_ptr() as usize;
        let slot = (address >> 4 ^ address >> 10) % SLOTS;
        if let Some(Some((at, shared))) = self.slots.get(slot) {
            if *at == address && **shared == *text {
                return Value::String(shared.clone());
            }
        }
        self.fill(slot, address, text)
    }

    /// A new value for `text`, kept in `slot` when it is short.
    #[inline(never)]
    fn fill(&mut self, slot: usize, address: usize, text: &str) -> Value {
        let shared: Rc<str> = Rc::from(text);
        if text.len() <= LONGEST {
            if self.slots.is_empty() {
                self.slots.resize(SLOTS, None);
            }
            if let Some(place) = self.slots.get_mut(slot) {
                *place = Some((address, shared.clone()));
            }
        }
        Value::String(shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn shared(value: &Value) -> Rc<str> {
        match value {
            Value::String(text) => text.clone(),
            other => panic!("not a string: {other:?}"),
        }
    }

    #[test]
    fn the_same_literal_evaluated_twice_shares_one_value() {
        let mut literals = LiteralStrings::default();
        let text = String::from("x");
        let first = shared(&literals.value(&text));
        let second = shared(&literals.value(&text));
        assert_eq!(&*first, "x");
        assert!(Rc::ptr_eq(&first, &second));
    }

    #[test]
    fn a_reused_address_with_another_text_gives_that_text() {
        let mut literals = LiteralStrings::default();
        let mut text = String::from("first");
        assert_eq!(&*shared(&literals.value(&text)), "first");
        // The same buffer (the same address) now holding another literal's text, as a freed
        // tree's string reused by the next tree's would.
        text.clear();
        text.push_str("other");
        assert_eq!(&*shared(&literals.value(&text)), "other");
        text.truncate(3);
        assert_eq!(&*shared(&literals.value(&text)), "oth");
        assert_eq!(&*shared(&literals.value(&text)), "oth");
    }

    #[test]
    fn literals_sharing_a_slot_each_get_their_own_text() {
        let mut literals = LiteralStrings::default();
        let texts: Vec<String> = (0..500).map(|i| alloc::format!("literal {i}")).collect();
        for _ in 0..2 {
            for text in &texts {
                assert_eq!(&*shared(&literals.value(text)), text.as_str());
            }
        }
    }

    #[test]
    fn long_and_empty_literals_give_their_text() {
        let mut literals = LiteralStrings::default();
        let long = "y".repeat(LONGEST + 1);
        let first = shared(&literals.value(&long));
        let second = shared(&literals.value(&long));
        assert_eq!(&*second, long.as_str());
        assert!(!Rc::ptr_eq(&first, &second));
        let empty = String::new();
        assert_eq!(&*shared(&literals.value(&empty)), "");
        assert_eq!(&*shared(&literals.value("")), "");
    }

    fn evaluated(source: &str) -> String {
        let outcome = crate::evaluate(source, &crate::EvalOptions::default());
        assert!(outcome.error().is_none(), "{:?}", outcome.error());
        outcome
            .value
            .map(|value| crate::value::programmatic(&value))
            .unwrap_or_default()
    }

    #[test]
    fn literals_of_trees_freed_during_the_evaluation_give_their_own_texts() {
        // Each template is parsed, evaluated and freed in turn: the next one's literal is
        // likely to be allocated where the last one's was.
        assert_eq!(
            evaluated("['a', 'b', 'c', 'dd', 'e'].map |$t| { inline_epp(\"<%= '${t}' %>\") }"),
            "['a', 'b', 'c', 'dd', 'e']"
        );
        assert_eq!(
            evaluated("Integer[1, 300].map |$i| { inline_epp(\"<%= 'v${i}' %>\") }.join(',')"),
            evaluated("Integer[1, 300].map |$i| { \"v${i}\" }.join(',')")
        );
    }

    #[test]
    fn a_literal_evaluated_in_a_loop_keeps_its_text() {
        assert_eq!(
            evaluated("Integer[1, 3].map |$i| { [$i, 'x', ''] }"),
            "[[1, 'x', ''], [2, 'x', ''], [3, 'x', '']]"
        );
    }
}
