//! Type aliases (`type Tree = Array[Variant[Integer, Tree]]`) and the registry the evaluator
//! fills before evaluation: names resolve lazily, so aliases may refer to each other and to
//! themselves.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use core::cell::RefCell;
use core::fmt;

use super::{Type, TypeError};

struct AliasData {
    name: Rc<str>,
    target: RefCell<Option<Type>>,
}

/// A handle on a named alias; cheap to clone, compared by identity.
#[derive(Clone)]
pub struct TypeAlias(Rc<AliasData>);

impl TypeAlias {
    /// A new alias without a target yet (see [`AliasRegistry`]).
    pub fn new(name: &str) -> TypeAlias {
        TypeAlias(Rc::new(AliasData {
            name: Rc::from(name),
            target: RefCell::new(None),
        }))
    }

    pub fn name(&self) -> &str {
        &self.0.name
    }

    pub(crate) fn name_rc(&self) -> Rc<str> {
        self.0.name.clone()
    }

    /// What the alias stands for, once defined.
    pub fn target(&self) -> Option<Type> {
        self.0.target.borrow().clone()
    }

    pub fn set_target(&self, target: Type) {
        *self.0.target.borrow_mut() = Some(target);
    }

    /// An identity for recursion guards.
    pub(crate) fn id(&self) -> usize {
        Rc::as_ptr(&self.0) as usize
    }

    /// Whether the alias reaches a real type (not only aliases and variants of aliases).
    fn reaches_real_type(&self, depth: usize, seen: &mut alloc::vec::Vec<usize>) -> bool {
        if depth > super::MAX_DEPTH || seen.contains(&self.id()) {
            return false;
        }
        seen.push(self.id());
        let result = match self.target() {
            None => false,
            Some(target) => type_reaches_real(&target, depth + 1, seen),
        };
        seen.pop();
        result
    }
}

fn type_reaches_real(ty: &Type, depth: usize, seen: &mut alloc::vec::Vec<usize>) -> bool {
    match ty {
        Type::Alias(alias) => alias.reaches_real_type(depth, seen),
        Type::Variant(members) => members
            .iter()
            .any(|member| type_reaches_real(member, depth + 1, seen)),
        _ => true,
    }
}

impl PartialEq for TypeAlias {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for TypeAlias {}

impl core::hash::Hash for TypeAlias {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state)
    }
}

impl fmt::Debug for TypeAlias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeAlias({})", self.0.name)
    }
}

/// All aliases of one evaluation, by case-insensitive name (`MYTYPE` finds `MyType`).
///
/// Use: `declare` every `type X = ...` first (so bodies can refer to later aliases), then
/// evaluate each body to a `Type` (names found with `lookup` become `Type::Alias`) and `define`
/// it, then `check` each alias. Dropping the registry breaks the reference cycles of recursive
/// aliases.
#[derive(Default)]
pub struct AliasRegistry {
    aliases: crate::name_table::NameTable<TypeAlias>,
    /// Aliases Puppet cannot resolve, each with the alias it names in its error.
    unresolved: alloc::vec::Vec<(TypeAlias, String)>,
}

impl AliasRegistry {
    pub fn new() -> AliasRegistry {
        AliasRegistry::default()
    }

    /// The names of the aliases defined so far, as written (for "did you mean").
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.aliases.values().map(TypeAlias::name)
    }

    /// Registers a name; errors as Puppet does for a built-in type name or a second definition.
    /// For a second definition Puppet adds where the first was made
    /// (` Originally set at string:?line=1&pos=6.`): the caller appends that.
    pub fn declare(&mut self, name: &str) -> Result<TypeAlias, TypeError> {
        let key = name.to_ascii_lowercase();
        let entity = format!("http://puppet.com/2016.1/runtime/type/{key}");
        match Type::from_name(name) {
            Some(Type::Resource(..)) => {
                return Err(TypeError::plain(format!(
                    "Attempt to redefine entity '{entity}'. Set at unknown location"
                )))
            }
            Some(_) => {
                return Err(TypeError::plain(format!(
                    "Attempt to redefine entity '{entity}'. Originally set by Puppet-Type-System/Static-Loader."
                )))
            }
            None => {}
        }
        if self.aliases.contains_key(&key) {
            return Err(TypeError::plain(format!(
                "Attempt to redefine entity '{entity}'."
            )));
        }
        let alias = TypeAlias::new(name);
        self.aliases.insert(key, alias.clone());
        Ok(alias)
    }

    /// Sets what an alias stands for.
    pub fn define(&mut self, alias: &TypeAlias, target: Type) {
        alias.set_target(target);
    }

    /// Record that resolving `alias` fails on the alias named `culprit`.
    pub fn mark_unresolved(&mut self, alias: &TypeAlias, culprit: String) {
        self.unresolved.push((alias.clone(), culprit));
    }

    /// The alias named in the error of using `alias`, when Puppet cannot resolve it.
    pub fn unresolved(&self, alias: &TypeAlias) -> Option<&str> {
        let found = self.unresolved.iter().find(|(a, _)| a == alias);
        found.map(|(_, culprit)| culprit.as_str())
    }

    /// The alias of that name (case-insensitive), if declared.
    pub fn lookup(&self, name: &str) -> Option<TypeAlias> {
        if self.aliases.is_empty() {
            return None;
        }
        let mut buffer: crate::value::case::NameBuffer = [0; 64];
        let lower = crate::value::case::ascii_lowercase_in(name, &mut buffer);
        self.aliases.get(&lower).cloned()
    }

    /// Puppet's check that an alias is more than aliases of itself (`type A = B`, `type B = A`).
    /// Puppet reports it where such an alias is used: see [`AliasRegistry::unresolved`].
    pub fn check(&self, alias: &TypeAlias) -> Result<(), TypeError> {
        if alias.reaches_real_type(0, &mut alloc::vec::Vec::new()) {
            Ok(())
        } else {
            Err(TypeError::new(format!(
                "Type alias '{}' cannot be resolved to a real type",
                alias.name()
            )))
        }
    }
}

impl Drop for AliasRegistry {
    fn drop(&mut self) {
        for alias in self.aliases.values() {
            alias.0.target.borrow_mut().take();
        }
    }
}
