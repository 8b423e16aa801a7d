//! The sign of life the page's watchdog hears during a long run: `setPulse(fn)` makes `fn` the
//! function called every 65,536 evaluation steps and every 524,288 regex matcher steps
//! (`puppet_core::pulse`), so a run that is still working is told apart from one that hangs.

use core::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::js::Callback;

std::thread_local! {
    /// The function the page gave, if any (the module runs on one thread).
    static PULSE: RefCell<Option<Callback>> = const { RefCell::new(None) };
}

/// Calls `callback` (a function of no arguments) during long runs from now on; `null` or no
/// argument calls nothing.
#[wasm_bindgen(js_name = setPulse)]
pub fn set_pulse(callback: Option<Callback>) {
    PULSE.with(|pulse| *pulse.borrow_mut() = callback);
    puppet_core::pulse::install(forward);
}

/// The core's hook: calls the page's function, taken out of the cell first so that the function
/// may call `setPulse` itself; what it throws is dropped (a sign of life is never worth stopping a
/// run for).
fn forward() {
    let callback = PULSE.with(|pulse| pulse.try_borrow().ok().and_then(|p| p.clone()));
    if let Some(callback) = callback {
        let _ = callback.call(&JsValue::UNDEFINED);
    }
}
