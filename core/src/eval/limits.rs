//! The limits as the evaluator's files name them: the step budget (`crate::run::budget`), and the
//! charges for walks and type matches (`crate::host`).

pub(crate) use crate::host::{
    charge_compare, charge_walk, check_len, checked_instance_of, checked_mismatch, size_steps,
    Walk, BYTES_PER_STEP, ELEMENTS_PER_STEP, ELEMENT_BYTES,
};
pub(crate) use crate::run::budget::Budget;
