//! Hiera 5: hiera.yaml, data in YAML and JSON, interpolation, merges, lookup over the global,
//! environment and module layers, and the explanation of every lookup as data.

mod backend;
mod budget;
pub mod config;
mod data;
pub mod explain;
mod interpolate;
pub mod json;
pub mod key;
mod layers;
pub(crate) mod lookup;
pub mod merge;
mod read_yaml;
#[cfg(feature = "yaml")]
pub mod yaml;
pub(crate) use backend::CONTEXT;
pub use read_yaml::NEEDS_YAML;
