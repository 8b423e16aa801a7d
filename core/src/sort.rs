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
pub(crate) fn sort_by<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = order(items.len(), &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
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
        let mut empty: Vec<u8> = vec![];
        sort_by(&mut empty, &|a, b| a.cmp(b));
        assert!(empty.is_empty());
    }
}
