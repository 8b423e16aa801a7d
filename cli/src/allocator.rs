//! The process's allocator: mimalloc (its version 2, cli/Cargo.toml), entered by its plain calls
//! (`mi_malloc`, `mi_realloc`) for the alignments those already give, and by its aligned calls
//! only for larger ones.
//!
//! The `mimalloc` crate's own `MiMalloc` passes every allocation through `mi_malloc_aligned`,
//! which checks the alignment before it takes the same fast path. With mimalloc 2 and the plain
//! calls, a compile of the 701-file benchmark environment (about 85,000 allocations) takes 2 %
//! fewer instructions (162.2 M -> 158.8 M, a build without LTO). Also the allocator of the
//! benchmarks' runners (cli/examples/env_bench.rs and bench_workloads.rs include this file), so
//! their figures are the CLI's.

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::c_void;

use libmimalloc_sys as mi;

/// The alignment every `mi_malloc` block of at least this size has (mimalloc's
/// `MI_MAX_ALIGN_SIZE` on 64-bit targets; a smaller block is aligned to its size's word).
const PLAIN_ALIGN: usize = 16;

/// Whether the plain calls give `layout`'s alignment (the test Rust's own `System` makes).
fn plain(layout: &Layout) -> bool {
    layout.align() <= PLAIN_ALIGN && layout.align() <= layout.size()
}

/// mimalloc as the global allocator (see the file's comment).
pub struct Mimalloc;

// SAFETY: each call hands mimalloc a layout whose alignment the chosen call honours, and frees
// and reallocates only blocks mimalloc gave.
unsafe impl GlobalAlloc for Mimalloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain calls only when they give the alignment asked for.
        unsafe {
            if plain(&layout) {
                mi::mi_malloc(layout.size()) as *mut u8
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe {
            if plain(&layout) {
                mi::mi_zalloc(layout.size()) as *mut u8
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator (the trait's contract).
        unsafe { mi::mi_free(ptr as *mut c_void) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator; the new block keeps `layout`'s alignment.
        unsafe {
            if layout.align() <= PLAIN_ALIGN && layout.align() <= new_size {
                mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}
