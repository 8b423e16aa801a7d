//! A stable sort compiled once for all element types: a merge sort of indices through a `dyn`
//! comparison. The standard library's stable sort is instantiated per element type and
//! comparison, about 3 KB of the wasm build each time.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// Sort `items` stably by `cmp`.
pub(crate) fn stable_sort_by<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    let order = {
        let view: &[T] = items;
        sorted_indices(view.len(), &|a, b| cmp(&view[a], &view[b]))
    };
    let mut slots: Vec<Option<T>> = core::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|i| slots.get_mut(i).and_then(Option::take)),
    );
}

/// The indices `0..len` in stable sorted order (bottom-up merge sort).
fn sorted_indices(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut from: Vec<usize> = (0..len).collect();
    let mut to: Vec<usize> = alloc::vec![0; len];
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let mid = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut left, mut right) = (start, mid);
            for slot in &mut to[start..end] {
                let take_right =
                    left >= mid || (right < end && cmp(from[right], from[left]) == Ordering::Less);
                if take_right {
                    *slot = from[right];
                    right += 1;
                } else {
                    *slot = from[left];
                    left += 1;
                }
            }
            start = end;
        }
        core::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

#[cfg(test)]
mod tests {
    use super::stable_sort_by;
    use alloc::vec;

    #[test]
    fn sorts_stably() {
        let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        stable_sort_by(&mut items, &|a, b| a.0.cmp(&b.0));
        assert_eq!(
            items,
            vec![(1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]
        );
        let mut many: alloc::vec::Vec<i32> = (0..1000).map(|i| (i * 7919) % 1000).collect();
        stable_sort_by(&mut many, &|a, b| a.cmp(b));
        assert!(many.windows(2).all(|w| w[0] <= w[1]) && many.len() == 1000);
    }
}
