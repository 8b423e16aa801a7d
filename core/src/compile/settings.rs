//! The node a compile is for, as Puppet's compiler names it, and the built-in class `settings`:
//! `$settings::environment`, `$settings::certname`, ... for the settings whose values do not
//! depend on the machine Puppet runs on (Puppet 7.23's defaults; golden data in
//! tests/conformance/cases/node.txt). Settings that name paths on a host are left out: reading one
//! is an unknown variable here.

use crate::eval::evaluator::Evaluator;
use crate::host::Strictness;
use crate::value::Value;

/// The node's name when a program compiles without one (as `pp_oracle.rb`'s node is named).
const NO_NODE: &str = "playground";

/// Settings with one value wherever Puppet runs, as `name=value`: `true`/`false` are booleans,
/// digits integers, `[]` an empty list, anything else a string.
const FIXED: &str = "ca_port=8140 ca_server=puppet catalog_terminus=compiler color=ansi \
data_binding_terminus=hiera default_manifest=./manifests default_schedules=true digest_algorithm=sha256 \
disable_per_environment_manifest=false disable_warnings=[] environment_timeout=0 facts_terminus=facter \
freeze_main=false include_legacy_facts=true log_level=notice masterport=8140 max_deprecations=10 \
max_errors=10 max_warnings=10 node_terminus=plain noop=false pluginsync=true \
preferred_serialization_format=json preprocess_deferred=true report=true reports=store rich_data=true \
runinterval=1800 runtimeout=3600 server=puppet serverport=8140 show_diff=false splay=false \
storeconfigs=false storeconfigs_backend=puppetdb strict_environment_mode=false strict_variables=true \
tasks=false use_cached_catalog=false usecacheonfailure=true";

/// A value of `FIXED`.
fn fixed_value(text: &str) -> Value {
    match text {
        "true" => Value::Boolean(true),
        "false" => Value::Boolean(false),
        "[]" => Value::Array(alloc::vec::Vec::new().into()),
        _ => match text.parse::<i64>() {
            Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Value::Integer(n),
            _ => Value::string(text),
        },
    }
}

impl Evaluator<'_> {
    /// The node compiled for: its certname, or `playground` for a program compiled without one.
    pub(crate) fn node_name(&self) -> &str {
        self.options.certname.as_deref().unwrap_or(NO_NODE)
    }

    /// The variables of the built-in class `settings`, readable as `$settings::name`.
    #[inline(never)]
    pub(crate) fn bind_settings(&mut self) {
        let strict = match self.options.strict {
            Strictness::Error => "error",
            Strictness::Warning => "warning",
            Strictness::Off => "off",
        };
        let certname = Value::string(self.node_name());
        let mut set = |name: &str, value: Value| {
            self.catalog.set_class_variable("settings", name, value);
        };
        set("environment", Value::string("production"));
        set("certname", certname.clone());
        set("node_name_value", certname);
        set("strict", Value::string(strict));
        for setting in FIXED.split_whitespace() {
            if let Some((name, value)) = setting.split_once('=') {
                set(name, fixed_value(value));
            }
        }
    }
}
