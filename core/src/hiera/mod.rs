//! Hiera 5: hiera.yaml, data in YAML and JSON, interpolation, merges, lookup over the global,
//! environment and module layers, and the explanation of every lookup as data.

#[cfg(feature = "yaml")]
mod backend;
mod budget;
pub mod calls;
pub mod config;
#[cfg(feature = "yaml")]
mod data;
pub mod explain;
mod host;
#[cfg(feature = "yaml")]
mod interpolate;
pub mod key;
#[cfg(feature = "yaml")]
mod layers;
#[cfg(not(feature = "yaml"))]
mod light;
pub(crate) mod lookup;
pub mod merge;
#[cfg(feature = "yaml")]
mod no_data;
pub(crate) mod psych;
mod read_yaml;
#[cfg(feature = "yaml")]
mod search;
mod stack;
#[cfg(feature = "yaml")]
pub mod yaml;

/// The class of the context a data function gets (its type `Puppet::LookupContext`).
pub(crate) const CONTEXT: &str = "Puppet::LookupContext";
#[cfg(feature = "yaml")]
pub(crate) use backend::context_method;
pub(crate) use host::{Hiera, HieraHost};
#[cfg(not(feature = "yaml"))]
pub(crate) use light::context_method;
pub use read_yaml::NEEDS_YAML;
