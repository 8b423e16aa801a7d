//! The .wasm's allocator (`src/small_blocks.rs`, free lists of small blocks over Talc) in a real
//! browser: freed small blocks are reused by their size class, growing and shrinking keeps the
//! contents across classes and into Talc's large blocks, and the engine still answers after a
//! workload that frees many small blocks.

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn freed_small_blocks_are_reused_by_their_size_class_last_freed_first() {
    let a = Box::new([1u8; 20]);
    let b = Box::new([2u8; 24]);
    let (a_at, b_at) = (a.as_ptr() as usize, b.as_ptr() as usize);
    drop(a);
    drop(b);
    // Another class does not take them (Talc alone would merge the two neighbours into one gap).
    let other = Box::new([3u8; 40]);
    assert!(![a_at, b_at].contains(&(other.as_ptr() as usize)));
    // 17..=24 bytes share a class, whose list gives back the last block freed first.
    let c = Box::new([4u8; 17]);
    let d = Box::new([5u8; 24]);
    assert_eq!((c.as_ptr() as usize, d.as_ptr() as usize), (b_at, a_at));
    assert_eq!(c.iter().map(|&x| x as usize).sum::<usize>(), 4 * 17);
    assert_eq!(d.iter().map(|&x| x as usize).sum::<usize>(), 5 * 24);
}

#[wasm_bindgen_test]
fn growing_and_shrinking_keeps_the_contents() {
    let mut bytes: Vec<u8> = Vec::with_capacity(3);
    for i in 0..5000u32 {
        bytes.push((i % 251) as u8);
        if i % 97 == 0 {
            // Within a class, across classes, and from a small block into a large one.
            bytes.reserve_exact(1 + (i as usize % 300));
        }
    }
    assert!(bytes.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8));
    bytes.truncate(10);
    bytes.shrink_to_fit();
    assert_eq!(bytes, (0..10).collect::<Vec<u8>>());
    let words: Vec<u64> = (0..3).collect();
    let mut words = words;
    words.extend(3..100);
    assert_eq!(words.iter().sum::<u64>(), 4950);
}

#[wasm_bindgen_test]
fn the_engine_answers_after_freeing_many_small_blocks() {
    for _ in 0..3 {
        let outcome = puppet_wasm::evaluate_only(
            "$h = Integer[1, 20000].reduce({}) |$m, $x| { $m + { \"k${x}\" => [$x] } } $h.length",
        );
        assert!(outcome);
    }
    let mut small: Vec<Box<[u8; 16]>> = (0..10_000).map(|i| Box::new([i as u8; 16])).collect();
    small.retain(|b| b[0] % 2 == 0);
    let large = vec![3u8; 1 << 20];
    assert_eq!(large.len(), 1 << 20);
    assert!(small.iter().all(|b| b[0] % 2 == 0 && b[15] == b[0]));
}
