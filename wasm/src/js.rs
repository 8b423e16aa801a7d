//! The few JavaScript built-ins the facade calls, declared here instead of taken from js-sys: with
//! js-sys in the build, wasm-bindgen keeps an invoke shim in the .wasm's function table for each of
//! its functions that take a closure, used or not.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse` (the results' hand-over, `handover.rs`).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    pub fn json_parse(text: &str) -> JsValue;

    /// `Array.isArray`.
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    pub fn is_array(value: &JsValue) -> bool;

    /// `Array.from`: the items of a list.
    #[wasm_bindgen(js_namespace = Array, js_name = from)]
    pub fn items(list: &JsValue) -> Vec<JsValue>;

    /// `Object.entries`: an object's own `[name, value]` pairs, in its order.
    #[wasm_bindgen(js_namespace = Object, js_name = entries)]
    pub fn entries(object: &JsValue) -> Vec<JsValue>;

    /// `Reflect.get`: a field of an object (the error of a getter that throws).
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    pub fn get(object: &JsValue, name: &str) -> Result<JsValue, JsValue>;

    /// A JavaScript function of no arguments (`setPulse`'s, `pulse.rs`).
    #[wasm_bindgen(typescript_type = "(() => void)")]
    #[derive(Clone)]
    pub type Callback;

    /// `callback.call(this_arg)`; what it throws comes back as the error.
    #[wasm_bindgen(method, catch, js_name = call)]
    pub fn call(this: &Callback, this_arg: &JsValue) -> Result<JsValue, JsValue>;

    /// `Date.now()`: the browser's clock, in milliseconds since the epoch.
    #[cfg(target_arch = "wasm32")]
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    pub fn now() -> f64;
}
