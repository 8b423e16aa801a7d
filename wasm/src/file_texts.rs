//! The environment's file texts as the page hands them over, each kept with the JavaScript string
//! it was read from: on the next call, a file whose string is that one (`===`: the same string, as
//! a keystroke hands over every file but the edited one unchanged) takes the text read then
//! instead of crossing into the .wasm again.

use std::cell::RefCell;

use wasm_bindgen::JsValue;

thread_local! {
    /// The last call's texts by their place among the files, with the strings they came from.
    static LAST: RefCell<Vec<(JsValue, String)>> = const { RefCell::new(Vec::new()) };
}

/// The text of `value`, the `at`th file handed over (`None`: not a string); kept for the next call.
pub fn text_at(at: usize, value: &JsValue) -> Option<String> {
    LAST.with(|last| {
        let Ok(mut last) = last.try_borrow_mut() else {
            return value.as_string();
        };
        if let Some((was, text)) = last.get(at) {
            if was == value {
                return Some(text.clone());
            }
        }
        let text = value.as_string()?;
        let kept = (value.clone(), text.clone());
        if at < last.len() {
            last[at] = kept;
        } else if at == last.len() {
            last.push(kept);
        }
        Some(text)
    })
}

/// Forget every text after the first `count` (the files of the last call).
pub fn keep_first(count: usize) {
    LAST.with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            last.truncate(count);
        }
    });
}
