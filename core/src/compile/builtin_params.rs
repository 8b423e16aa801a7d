//! What Puppet's compiler checks of a resource's attributes beyond a defined type's parameters: the
//! aliases a resource gets when it is declared (its `alias` metaparameter and, for isomorphic types,
//! its namevar) and `stage` only on classes. (That a built-in type's attributes are ones it has,
//! from `types/resource_types.rs`, is checked when the compile finishes: `finish.rs`.)

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::catalog::capitalize;
use crate::catalog::named::namevar_from_title;
use crate::catalog::resource_index::ResourceKey;
use crate::eval::evaluator::{is_truthy, Evaluator};
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::value::ruby_inspect;
use crate::value::Value;

/// A resource about to be declared, as the alias checks see it.
pub(crate) struct NewResource<'a> {
    pub type_name: &'a str,
    pub title: &'a str,
    pub attributes: &'a [(String, Value)],
    pub span: Span,
}

impl NewResource<'_> {
    fn attribute(&self, name: &str) -> Option<&Value> {
        self.attributes
            .iter()
            .rev()
            .find(|(a, _)| a == name)
            .map(|(_, v)| v)
    }

    /// `Notify[a]`, as Puppet names a resource in these messages.
    fn reference(&self) -> String {
        crate::catalog::resource_reference(self.type_name, self.title)
    }

    /// Puppet's `uniqueness_key`: the key attributes' values sorted by name, the namevar and `name`
    /// taken from each other or else from the title (a module Ruby type's namevar as its file shows
    /// it). `None` for a type whose resources may share a key (`exec`, `tidy`).
    fn uniqueness_key(&self, ruby_namevar: Option<&str>) -> Option<Value> {
        let (keys, isomorphic, _) = crate::types::builtin_resource_type(self.type_name)
            .unwrap_or((ruby_namevar.unwrap_or("name"), true, ""));
        if !isomorphic {
            return None;
        }
        let namevar = if keys.contains(' ') { "name" } else { keys };
        let set = |name: &str| self.attribute(name).filter(|v| is_truthy(v));
        let given = set(namevar).or_else(|| set("name"));
        let from_title = || namevar_from_title(self.type_name, self.title);
        // A key of one value that is the title is the resource's own (most are): none to check.
        if namevar == keys && given.map_or(Some(from_title()), only_string) == Some(self.title) {
            return None;
        }
        let name = given
            .cloned()
            .unwrap_or_else(|| Value::string(from_title()));
        let key = keys.split(' ').map(|k| match self.attribute(k) {
            _ if k == namevar || k == "name" => name.clone(),
            value => value.cloned().unwrap_or(Value::Undef),
        });
        Some(Value::array(key.collect()))
    }
}

impl Evaluator<'_> {
    /// The catalog index keys `resource` is also known by (its explicit aliases, then its
    /// uniqueness key), once checked that no other resource has them: Puppet's "Cannot alias".
    pub(crate) fn resource_aliases(&self, resource: &NewResource) -> EvalResult<Vec<ResourceKey>> {
        let mut candidates = Vec::new();
        if let Some(aliases) = resource.attribute("alias") {
            flatten(aliases, &mut candidates);
        }
        candidates
            .extend(resource.uniqueness_key(self.known.ruby_type_namevar(resource.type_name)));
        let mut keys: Vec<ResourceKey> = Vec::new();
        for candidate in candidates {
            // Most keys are the title itself (the resource's own key): nothing to build or check.
            if only_string(&candidate) == Some(resource.title) {
                continue;
            }
            let mut items = alloc::vec![Value::string(&capitalize(resource.type_name))];
            flatten(&candidate, &mut items);
            let key = match &items[1..] {
                [Value::Undef] => continue,
                [Value::String(name)] => ResourceKey::named(resource.type_name, name),
                // Never a title's key: those are strings.
                _ => ResourceKey::Composite(Value::array(items.clone())),
            };
            if key.names(resource.type_name, resource.title) || keys.contains(&key) {
                continue;
            }
            if let Some(at) = self.catalog.resource_index.find(&key) {
                let existing = self.catalog.resources.get(at);
                return Err(error(
                    "ALIAS_CONFLICT",
                    format!(
                        "Error while evaluating a Resource Statement, Cannot alias {} to {} at ({}); resource {} already declared ({})",
                        resource.reference(),
                        ruby_inspect(&candidate),
                        self.sources.file_line(resource.span.start),
                        ruby_inspect(&Value::array(items)),
                        self.sources.file_line(existing.map_or(0, |r| r.span.start)),
                    ),
                    resource.span,
                ));
            }
            keys.push(key);
        }
        Ok(keys)
    }

    /// Puppet refuses `stage` on anything but a class, once the resource is in the catalog.
    pub(crate) fn check_stage(&self, resource: &NewResource) -> EvalResult<()> {
        match resource.attribute("stage") {
            Some(stage) if is_truthy(stage) => Err(error(
                "STAGE_NOT_CLASS",
                format!(
                    "Error while evaluating a Resource Statement, Only classes can set 'stage'; normal resources like {} cannot change run stage",
                    resource.reference()
                ),
                resource.span,
            )),
            _ => Ok(()),
        }
    }
}
/// The one string `value` flattens to, when it flattens to one string.
fn only_string(value: &Value) -> Option<&str> {
    let mut value = value;
    loop {
        match value {
            Value::String(text) => return Some(text),
            Value::Array(items) if items.len() == 1 => value = items.get(0)?,
            _ => return None,
        }
    }
}

/// Arrays flattened, as Ruby's `flatten`.
fn flatten(value: &Value, out: &mut Vec<Value>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| flatten(item, out)),
        other => out.push(other.clone()),
    }
}
