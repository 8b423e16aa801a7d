//! What the playground shows at the end of each top-level statement (its inline result): the
//! statement's value, nothing for a definition, and for a collector the resources it collected.

use alloc::string::String;
use alloc::vec::Vec;

use crate::eval::evaluator::Evaluator;
use crate::value::Value;

impl Evaluator<'_> {
    /// Each collector expression's value with the references of the resources it collected
    /// (`User[alice]`), in catalog order, once the compile is finished.
    #[inline(never)]
    pub(crate) fn collected(&self) -> Vec<(Value, Vec<String>)> {
        self.catalog
            .collected_by_value()
            .into_iter()
            .zip(&self.catalog.collector_values)
            .map(|(named, collector)| {
                let references = named.iter().map(|n| n.display()).collect();
                (Value::Runtime(collector.value.clone()), references)
            })
            .collect()
    }
}
