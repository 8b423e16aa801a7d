//! Puppet's functions that need what the playground does not have (the compiling host, Hiera's
//! data provider context): declared, so that a call fails saying why.

use super::declare::{rep, req, Def};

/// Puppet's functions the playground cannot run, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("eyaml_lookup_key", super::hand_over::refuse)
        .takes(&[&[req("key", "String[1]"), req("options", "Hash"), req("context", "Any")]])
        .refused("it needs Hiera data").doc("Hiera's encrypted YAML lookup_key provider"),
    Def::puppet("generate", super::hand_over::refuse)
        .takes(&[&[req("command", "String"), rep("arguments", "String")]]).with_3x()
        .refused("it runs commands on the host").doc("The output of a command run on the compiler"),
    Def::puppet("hocon_data", super::hand_over::refuse)
        .takes(&[&[req("options", "Hash"), req("context", "Any")]]).refused("it needs Hiera data")
        .doc("Hiera's HOCON data provider"),
    Def::puppet("json_data", super::hand_over::refuse)
        .takes(&[&[req("options", "Hash"), req("context", "Any")]]).refused("it needs Hiera data")
        .doc("Hiera's JSON data provider"),
    Def::puppet("yaml_data", super::hand_over::refuse)
        .takes(&[&[req("options", "Hash"), req("context", "Any")]]).refused("it needs Hiera data")
        .doc("Hiera's YAML data provider"),
];
