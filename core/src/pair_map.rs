//! One map type for the tables keyed by two numbers (addresses, offsets): each `BTreeMap` with key
//! and value types of its own is another copy of the B-tree's code in the browser engines (about
//! 4 KB raw each), so ERB's equality of shared collections, the YAML writer's anchors and the
//! recording of values for hover all keep their entries in this one.

use alloc::collections::BTreeMap;

/// A pair of numbers to a number and a flag, in the pairs' order.
pub(crate) type PairMap = BTreeMap<(usize, usize), (usize, bool)>;
