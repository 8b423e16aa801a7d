//! Searches known to find nothing: once the global layer is Puppet's default configuration
//! without its data file, the environment has no hiera.yaml, and the key's module has none
//! either (its `lookup_options` already read: none), every layer of a search of that module's
//! keys answers "not found" without reading, counting or reporting anything, so the search stops
//! after the global layer's recursion check (the automatic parameter lookups of a compile
//! without Hiera data, a thousand of them, each walked three layers and the module's default
//! hierarchy).

use super::search::{SearchState, NONE};
use super::{Hiera, HieraHost};

impl<H: HieraHost> Hiera<'_, H> {
    /// Whether a search of a key of `module` is known to find nothing and to leave no trace
    /// (no explanation is being made).
    pub(super) fn known_without_data(&mut self, module: Option<&str>) -> bool {
        let hiera = self.host.hiera();
        let search = &mut hiera.search;
        hiera.explainer.is_none()
            && outer_layers_empty(search)
            && module.is_none_or(|module| search.module_config_index.get(module) == Some(&NONE))
            // The module's `lookup_options` read (explained the first time only), and none.
            && search
                .options_index
                .get(module.unwrap_or_default())
                .is_some_and(|&at| matches!(search.options.get(at), Some(None)))
    }
}

/// Whether the global and environment layers are known to hold nothing: the global layer's
/// configuration is Puppet's default one (no levels read from a file) whose every level was
/// resolved to no data file (a search skips such levels and takes no step for them), and the
/// environment has no data provider. Unknown (false, not kept) until both were read.
fn outer_layers_empty(search: &mut SearchState) -> bool {
    if let Some(known) = search.outer_layers_empty {
        return known;
    }
    let [Some(global), Some(environment)] = search.layer_config_at else {
        return false;
    };
    let mut known = search.configs.get(environment).is_none();
    if let Some(config) = search.configs.get(global) {
        known &= config.path.is_none();
        for level in &config.hierarchy {
            let at = level as *const super::config::Level as usize;
            match search.level_files.iter().find(|(known, _)| *known == at) {
                Some((_, files)) => known &= files.as_ref().is_some_and(|f| f.is_empty()),
                // A level not resolved yet leaves the answer unknown.
                None => return false,
            }
        }
    }
    search.outer_layers_empty = Some(known);
    known
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use crate::compile::test_env::compile_in_memory;
    use crate::EvalOptions;

    fn compile(files: &[(&str, &str)], main: &str) -> crate::Outcome {
        compile_in_memory(files, "site.pp", main, &EvalOptions::default())
    }

    /// The lookups recorded: each key, and its value as Puppet would print it.
    fn lookups(outcome: &crate::Outcome) -> Vec<(String, Option<String>)> {
        let calls = &outcome.lookups.calls;
        calls
            .iter()
            .map(|c| {
                (
                    c.key.clone(),
                    c.value.as_ref().map(crate::value::programmatic),
                )
            })
            .collect()
    }

    #[test]
    fn keys_of_modules_without_data_find_nothing_and_a_module_with_data_still_finds_its_own() {
        let files = [
            (
                "modules/a/manifests/init.pp",
                "class a($x = 1, $y = 2) { include b }",
            ),
            (
                "modules/b/manifests/init.pp",
                "class b($z = 3, $w = 4) { include c }",
            ),
            ("modules/c/manifests/init.pp", "class c($v = 5) { }"),
            (
                "modules/c/hiera.yaml",
                "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
            ),
            ("modules/c/data/common.yaml", "c::v: 50\n"),
        ];
        let main = "include a\n$p = lookup('a::x', undef, undef, 'dflt')\n$q = lookup('plain', undef, undef, 0)\n$r = lookup('b::w', undef, undef, 0)\nnotice(\"${p} ${q} ${r} ${c::v}\")";
        let outcome = compile(&files, main);
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        let found = |key: &str, value: Option<&str>| (key.into(), value.map(String::from));
        assert_eq!(
            lookups(&outcome),
            [
                found("a::x", None),
                found("a::y", None),
                found("b::z", None),
                found("b::w", None),
                found("c::v", Some("50")),
                found("a::x", None),
                found("plain", None),
                found("b::w", None),
            ]
        );
        let notices: Vec<&str> = outcome.logs.iter().map(|l| l.message.as_str()).collect();
        assert!(notices.contains(&"dflt 0 0 50"), "{notices:?}");
    }

    #[test]
    fn environment_data_is_searched_for_every_key() {
        let files = [
            ("modules/a/manifests/init.pp", "class a($x = 1, $y = 2) { }"),
            (
                "hiera.yaml",
                "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
            ),
            ("data/common.yaml", "a::y: 20\n"),
        ];
        let outcome = compile(&files, "include a\nnotice($a::y)");
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        let y = (String::from("a::y"), Some(String::from("20")));
        assert_eq!(lookups(&outcome)[1], y);
    }
}
