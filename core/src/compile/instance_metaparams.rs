//! The metaparameters a defined type's instance hands down when the compile finishes: each
//! resource of its body that does not set one gets the instance's (Puppet's
//! `add_resource_metaparams`), nested instances passing on what they got.

use crate::catalog::graph::ScopeOwner;
use crate::catalog::named::RELATIONSHIP_PARAMETERS;
use crate::eval::evaluator::Evaluator;
use crate::types::is_metaparameter;
use crate::types::resource_types::METAPARAMETERS;
use crate::value::Value;

/// Whether metaparameter `name` is handed down: all but the relationship ones (`before`,
/// `require`, `notify`, `subscribe`).
fn handed_down(name: &str) -> bool {
    !RELATIONSHIP_PARAMETERS.contains(&name)
}

impl Evaluator<'_> {
    /// Gives every resource declared in a defined-type instance's body the instance's
    /// metaparameters it does not set itself (or sets to `undef`), after its own attributes, in
    /// catalog order: an instance comes before the resources of its body, so it has what it was
    /// handed by then. A class's body gets none, nor what a class it includes declares.
    pub(crate) fn hand_down_instance_metaparameters(&mut self) {
        let resources = &mut self.catalog.resources;
        for at in 0..resources.len() {
            let instance = match resources
                .get(at)
                .and_then(|r| self.catalog.scopes.get(r.scope))
            {
                Some(scope) => match scope.owner {
                    ScopeOwner::Instance(instance) if instance < at => instance,
                    _ => continue,
                },
                None => continue,
            };
            let (before, rest) = resources.split_at_mut(at);
            let (Some(instance), Some(resource)) = (before.get(instance), rest.first_mut()) else {
                continue;
            };
            // Most instances set none: found without looking for each in turn.
            if !instance
                .attributes
                .iter()
                .any(|(n, _)| is_metaparameter(n) && handed_down(n))
            {
                continue;
            }
            // In Puppet's order of metaparameters.
            for name in METAPARAMETERS.split(' ').filter(|name| handed_down(name)) {
                let Some((_, value)) = instance
                    .attributes
                    .iter()
                    .find(|(n, v)| n == name && !matches!(v, Value::Undef))
                else {
                    continue;
                };
                let attributes = &mut resource.attributes;
                match attributes.iter_mut().find(|(n, _)| n == name) {
                    Some(slot) if matches!(slot.1, Value::Undef) => slot.1 = value.clone(),
                    Some(_) => {}
                    None => attributes.push((name.into(), value.clone())),
                }
            }
        }
    }
}
