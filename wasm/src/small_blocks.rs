//! The .wasm's global allocator: Talc, with free lists of small blocks in front of it.
//!
//! The engine makes tens of thousands of small allocations per parse or evaluation (names, boxed
//! syntax nodes, short strings, scope frames), and in wasm each call into a general allocator costs
//! far more than natively (the native CLI uses mimalloc, whose per-size free lists make most
//! allocations a pointer pop). This layer does the same for blocks of up to `LARGEST_SMALL` bytes:
//! a freed block goes onto the free list of its size class, and the next request of that class
//! takes it back without calling Talc. Larger or more aligned blocks go straight to Talc.
//!
//! Blocks on a free list are never returned to Talc: the memory kept is bounded by the most small
//! blocks of each class that were alive at once (a wasm instance's memory never shrinks anyway).
//! wasm32 without the atomics feature is single-threaded, so the lists need no locking.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr;

/// Size classes are multiples of this (also the blocks' alignment).
const GRANULE: usize = 8;
/// The largest size served from the free lists.
const LARGEST_SMALL: usize = 128;
const CLASSES: usize = LARGEST_SMALL / GRANULE;

pub struct SmallBlocks<A> {
    backing: A,
    /// The head of each class's free list; a free block's first word points to the next one.
    free: UnsafeCell<[*mut u8; CLASSES]>,
}

// SAFETY: only used on single-threaded wasm32 (see the cfg where the allocator is declared).
unsafe impl<A: Sync> Sync for SmallBlocks<A> {}

impl<A> SmallBlocks<A> {
    pub const fn new(backing: A) -> Self {
        SmallBlocks {
            backing,
            free: UnsafeCell::new([ptr::null_mut(); CLASSES]),
        }
    }
}

/// The size class of a layout served from the free lists, if it is small enough.
#[inline]
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size();
    if size == 0 || size > LARGEST_SMALL || layout.align() > GRANULE {
        return None;
    }
    Some((size - 1) / GRANULE)
}

/// The layout Talc is asked for when a class's list is empty: the whole class size.
#[inline]
fn class_layout(class: usize) -> Layout {
    // SAFETY: GRANULE is a power of two and the size is a small non-zero multiple of it.
    unsafe { Layout::from_size_align_unchecked((class + 1) * GRANULE, GRANULE) }
}

unsafe impl<A: GlobalAlloc> GlobalAlloc for SmallBlocks<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(class) => {
                let free = &mut *self.free.get();
                let head = free[class];
                if head.is_null() {
                    self.backing.alloc(class_layout(class))
                } else {
                    free[class] = *(head as *mut *mut u8);
                    head
                }
            }
            None => self.backing.alloc(layout),
        }
    }

    #[inline]
    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        match class_of(layout) {
            Some(class) => {
                let free = &mut *self.free.get();
                *(block as *mut *mut u8) = free[class];
                free[class] = block;
            }
            None => self.backing.dealloc(block, layout),
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        match (class_of(layout), class_of(new_layout)) {
            (None, None) => self.backing.realloc(block, layout, new_size),
            (Some(old), Some(new)) if old == new => block,
            _ => {
                let moved = self.alloc(new_layout);
                if !moved.is_null() {
                    ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                    self.dealloc(block, layout);
                }
                moved
            }
        }
    }
}
