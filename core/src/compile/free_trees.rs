//! The parsed trees of a finished compile, taken out of the evaluator to be handed to the
//! environment's files ([`EnvFiles::free_trees`]): the main manifests', the files autoloading
//! read and the templates', and the class, defined type and node definitions the catalog held.
//! When another thread parsed the files ahead ([`ParsedAheadFiles`]), that thread, idle by then,
//! frees the trees it made, freeing in its own heap (see `environment/parse_ahead.rs`). Trees a
//! `ParseCache` shares are left to it.
//!
//! [`EnvFiles::free_trees`]: crate::EnvFiles::free_trees
//! [`ParsedAheadFiles`]: crate::ParsedAheadFiles

use alloc::rc::Rc;
use alloc::vec::Vec;

use crate::environment::FinishedTrees;
use crate::eval::evaluator::Evaluator;
use crate::syntax::ast::Program;

/// The trees `main` and `evaluator` hold (those of the files it read, unless a cache shares
/// them), taken out of it.
pub(super) fn take(evaluator: &mut Evaluator<'_>, main: Program) -> FinishedTrees {
    let kept = evaluator.known.loader.take_programs();
    let mut programs = Vec::with_capacity(1 + kept.len());
    programs.push(main);
    programs.extend(
        kept.into_iter()
            .filter_map(|program| Rc::try_unwrap(program).ok()),
    );
    let catalog = &mut evaluator.catalog;
    FinishedTrees {
        _programs: programs,
        _classes: core::mem::take(&mut catalog.classes),
        _defines: core::mem::take(&mut catalog.defines),
        _nodes: core::mem::take(&mut catalog.node_defs),
    }
}
