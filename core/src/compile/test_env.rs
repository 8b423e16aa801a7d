//! For unit tests: compile a main program in an environment of files held in memory.

use alloc::vec::Vec;

use crate::{evaluate_environment, Environment, EvalOptions, MainCode, MemoryFiles, Outcome};

/// Compile `main` (named `main_name`) with `files` as the environment's files.
pub(crate) fn compile_in_memory(
    files: &[(&str, &str)],
    main_name: &str,
    main: &str,
    options: &EvalOptions,
) -> Outcome {
    let limits = crate::Limits::default();
    let mut memory = MemoryFiles::new();
    for (path, text) in files {
        memory.insert(path, *text, &limits);
    }
    let env = Environment {
        files: &memory,
        main: Some(MainCode {
            name: main_name.into(),
            text: main.into(),
        }),
        base_modulepath: Vec::new(),
        global_hiera: None,
        parse_cache: None,
    };
    evaluate_environment(&env, options)
}
