//! Stable sorts through one shared, non-generic merge sort of positions: each `sort_by` of the
//! standard library on a new element type or closure adds 3–7 KB of code to the .wasm, these add a
//! few hundred bytes, and no copy of the standard unstable sort is left in the module.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// The positions of `len` items in sorted order by `cmp`, ties in their original order. A top-down
/// merge sort: the first `len / 2` positions, then the rest, then merged (an item of the right half
/// goes first only when `cmp` says its left neighbour is greater), so the comparisons come in the
/// same order as in the classic recursive merge sort of the items themselves.
pub(crate) fn order(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..len).collect();
    let mut scratch = Vec::with_capacity(len);
    merge_sort(&mut positions, &mut scratch, cmp);
    positions
}

fn merge_sort(
    positions: &mut [usize],
    scratch: &mut Vec<usize>,
    cmp: &mut dyn FnMut(usize, usize) -> Ordering,
) {
    let len = positions.len();
    if len < 2 {
        return;
    }
    let middle = len / 2;
    let (left, right) = positions.split_at_mut(middle);
    merge_sort(left, scratch, cmp);
    merge_sort(right, scratch, cmp);
    scratch.clear();
    let (mut i, mut j) = (0, middle);
    while i < middle && j < len {
        if cmp(positions[i], positions[j]) == Ordering::Greater {
            scratch.push(positions[j]);
            j += 1;
        } else {
            scratch.push(positions[i]);
            i += 1;
        }
    }
    scratch.extend_from_slice(&positions[i..middle]);
    scratch.extend_from_slice(&positions[j..]);
    positions.copy_from_slice(scratch);
}

/// Puts `items` in `order` (position `i` takes the item at `order[i]`): follows each cycle of the
/// permutation with swaps (linear; only `swap` is generic), marking the positions done.
pub(crate) fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
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

/// Sorts `items` by `cmp`, stably (what `slice::sort_by` does).
pub(crate) fn sort_by<T>(items: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = order(items.len(), &mut |a, b| cmp(&items[a], &items[b]));
    permute(items, order);
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
        // Many lengths and many ties: the same result as the standard stable sort.
        let mut seed = 12345u64;
        for len in 0..300 {
            let mut items: Vec<(u64, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 33) % 7, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|a| a.0);
            sort_by(&mut items, &|a, b| a.0.cmp(&b.0));
            assert_eq!(items, expected);
        }
        let mut empty: Vec<u8> = vec![];
        sort_by(&mut empty, &|a, b| a.cmp(b));
        assert!(empty.is_empty());
    }
}
