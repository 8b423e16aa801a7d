//! The fields of a plain JavaScript object the page sends (texts, booleans, lists of texts, an
//! object of texts), read one by one; the first field of the wrong kind is the error, naming the
//! object and the field.

use core::cell::RefCell;

use wasm_bindgen::{JsError, JsValue};

use crate::{file_texts, js};

/// An object of the page's, with what to call it in errors ("the options"). Reading a field
/// gives `None` for one left out, `undefined` or `null`, and for one of the wrong kind, which
/// [`Fields::finish`] then reports: one error path for the whole object, not one per field.
pub struct Fields {
    object: JsValue,
    what: &'static str,
    refused: RefCell<Option<String>>,
}

impl Fields {
    /// The object `value` holds, or `None` for `undefined` and `null` (every field's default).
    pub fn of(value: &JsValue, what: &'static str) -> Result<Option<Fields>, JsError> {
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        if !value.is_object() || js::is_array(value) {
            return Err(JsError::new(&format!("{what}: an object is expected")));
        }
        Ok(Some(Fields {
            object: value.clone(),
            what,
            refused: RefCell::new(None),
        }))
    }

    /// `read`, or the first field of the wrong kind.
    pub fn finish<T>(self, read: T) -> Result<T, JsError> {
        match self.refused.into_inner() {
            Some(message) => Err(JsError::new(&message)),
            None => Ok(read),
        }
    }

    #[inline(never)]
    fn refuse<T>(&self, name: &str, expected: &str) -> Option<T> {
        let mut refused = self.refused.borrow_mut();
        if refused.is_none() {
            *refused = Some(format!("{}: `{name}` must be {expected}", self.what));
        }
        None
    }

    /// The field `name`, or `None` when it is left out, `undefined` or `null`.
    #[inline(never)]
    fn field(&self, name: &str) -> Option<JsValue> {
        match js::get(&self.object, name) {
            Ok(value) if value.is_undefined() || value.is_null() => None,
            Ok(value) => Some(value),
            Err(_) => self.refuse(name, "readable"),
        }
    }

    /// A text field.
    #[inline(never)]
    pub fn text(&self, name: &str) -> Option<String> {
        let value = self.field(name)?;
        value.as_string().or_else(|| self.refuse(name, "a string"))
    }

    /// A boolean field.
    #[inline(never)]
    pub fn flag(&self, name: &str) -> Option<bool> {
        let value = self.field(name)?;
        value.as_bool().or_else(|| self.refuse(name, "a boolean"))
    }

    /// A whole number field (a JavaScript number without a fraction, within 2^53).
    #[inline(never)]
    pub fn whole_number(&self, name: &str) -> Option<i64> {
        const EXACT: f64 = 9_007_199_254_740_992.0;
        let value = self.field(name)?;
        match value.as_f64() {
            Some(n) if n.fract() == 0.0 && n.abs() <= EXACT => Some(n as i64),
            _ => self.refuse(name, "a whole number"),
        }
    }

    /// A list of texts (the lint options' and the lookup query's).
    #[cfg(any(feature = "lint", feature = "yaml"))]
    #[inline(never)]
    pub fn texts(&self, name: &str) -> Option<Vec<String>> {
        let value = self.field(name)?;
        if !js::is_array(&value) {
            return self.refuse(name, "a list of strings");
        }
        let texts: Option<Vec<String>> = js::items(&value).iter().map(|v| v.as_string()).collect();
        texts.or_else(|| self.refuse(name, "a list of strings"))
    }

    /// An object of texts by name, in the object's own order (`Object.entries`): the
    /// environment's files, whose texts are kept across calls by the strings they came from
    /// (`file_texts.rs`).
    #[inline(never)]
    pub fn texts_by_name(&self, name: &str) -> Option<Vec<(String, String)>> {
        let value = self.field(name)?;
        if !value.is_object() || js::is_array(&value) {
            return self.refuse(name, "an object of strings");
        }
        let entries: Option<Vec<(String, String)>> = js::entries(&value)
            .iter()
            .enumerate()
            .map(|(at, entry)| match js::items(entry).as_slice() {
                [name, text] => Some((name.as_string()?, file_texts::text_at(at, text)?)),
                _ => None,
            })
            .collect();
        if let Some(entries) = &entries {
            file_texts::keep_first(entries.len());
        }
        entries.or_else(|| self.refuse(name, "an object of strings"))
    }
}
