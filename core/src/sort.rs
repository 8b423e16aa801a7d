//! Stable sorts through one shared instantiation of the slice sort: each `sort_by` on a new element
//! type or closure adds 3–7 KB of code to the .wasm, these add a few hundred bytes.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// The positions of `len` items in sorted order by `cmp`, ties in their original order.
fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
    order
}

/// Sorts `items` by `cmp`, stably (what `slice::sort_by` does).
pub(crate) fn sort_by<T>(items: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order = order(items.len(), &|a, b| cmp(&items[a], &items[b]));
    // Position `i` takes the item at `order[i]`: follow each cycle of the permutation with
    // swaps (linear; only `swap` is generic), marking the positions done.
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != usize::MAX {
            let from = core::mem::replace(&mut order[at], usize::MAX);
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e'), (3, 'f')];
        let mut expected = items.clone();
        expected.sort_by_key(|p| p.0);
        sort_by(&mut items, &|a, b| a.0.cmp(&b.0));
        assert_eq!(items, expected);
        let mut reversed: Vec<u32> = (0..100).rev().chain(50..60).collect();
        let mut expected = reversed.clone();
        expected.sort();
        sort_by(&mut reversed, &|a, b| a.cmp(b));
        assert_eq!(reversed, expected);
        let mut empty: Vec<u8> = vec![];
        sort_by(&mut empty, &|a, b| a.cmp(b));
        assert!(empty.is_empty());
    }
}
