//! The environment compile with its allocation made free, for a bound on what any allocator change
//! can gain (bench/README.md, "What allocation and code layout cost the one-thread compile,
//! session 62"):
//! `cargo run --release -p puppet-cli --example alloc_floor -- DIR [--runs N]`.
//!
//! Compiles DIR as `env_bench` does (one thread, no parse cache), alternating blocks of two kinds
//! of compile: with puppet-eval's allocator (cli/src/allocator.rs), and with every block the
//! compile asks for bumped from one buffer touched in advance and never freed, the buffer rewound
//! after the compile's outcome is dropped. Prints one JSON line with both medians in seconds and
//! how many compiles of each kind they are of (at least N, 41 by default). The first compile, with
//! the real allocator, makes what a process makes once; a rewind is sound only while a compile
//! leaves nothing of its own behind (the engine keeps no cache between compiles without a
//! `ParseCache`), and each compile's catalog is checked against the first one's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

#[path = "../src/allocator.rs"]
mod allocator;

#[path = "support/environment.rs"]
mod environment;

use environment::{environment, memory_files, playground, read_files};
use puppet_core::evaluate_environment;

/// The buffer's size, and how much of it is touched before the first compile.
const BUFFER: usize = 1 << 30;
const TOUCHED: usize = 256 << 20;

/// Compiles of one kind in a row, and how many of them settle the caches (not counted).
const BLOCK: usize = 8;
const SETTLING: usize = 2;

static BUMPING: AtomicBool = AtomicBool::new(false);
static START: AtomicUsize = AtomicUsize::new(0);
static TOP: AtomicUsize = AtomicUsize::new(0);

/// puppet-eval's allocator, or the bump while `BUMPING` (its frees do nothing).
struct Floor;

/// Whether the bump buffer gave `ptr`.
fn bumped(ptr: *mut u8) -> bool {
    let start = START.load(Ordering::Relaxed);
    start != 0 && (ptr as usize).wrapping_sub(start) < BUFFER
}

// SAFETY: the bump hands out disjoint, aligned parts of a buffer nobody else uses, and only while
// the compile whose blocks they are runs; every other block is puppet-eval's allocator's own.
unsafe impl GlobalAlloc for Floor {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let start = START.load(Ordering::Relaxed);
        if start != 0 && BUMPING.load(Ordering::Relaxed) {
            let top = TOP.load(Ordering::Relaxed);
            let at = (start + top).next_multiple_of(layout.align()) - start;
            if at + layout.size() <= BUFFER {
                TOP.store(at + layout.size(), Ordering::Relaxed);
                return (start + at) as *mut u8;
            }
        }
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` asks.
        unsafe { allocator::Mimalloc.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if !bumped(ptr) {
            // SAFETY: a block of puppet-eval's allocator.
            unsafe { allocator::Mimalloc.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !bumped(ptr) {
            // A block made before the compile stays with puppet-eval's allocator, so that nothing
            // that outlives the compile moves into the buffer.
            // SAFETY: a block of puppet-eval's allocator, resized as the caller asks.
            return unsafe { allocator::Mimalloc.realloc(ptr, layout, new_size) };
        }
        // SAFETY: a new block of the new size, then the old one's bytes it has room for.
        unsafe {
            let block = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
            if !block.is_null() {
                std::ptr::copy_nonoverlapping(ptr, block, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            block
        }
    }
}

#[global_allocator]
static ALLOCATOR: Floor = Floor;

/// Sets up the buffer and touches its first part; false when the system refused it.
fn make_buffer() -> bool {
    let Ok(layout) = Layout::from_size_align(BUFFER, 4096) else {
        return false;
    };
    // SAFETY: a large block of the system allocator, kept for the whole process.
    let buffer = unsafe { System.alloc(layout) };
    if buffer.is_null() {
        return false;
    }
    for page in (0..TOUCHED).step_by(4096) {
        // SAFETY: inside the block just allocated.
        unsafe { buffer.add(page).write(0) };
    }
    START.store(buffer as usize, Ordering::Relaxed);
    true
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = None;
    let mut runs = 41usize;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            _ => dir = Some(PathBuf::from(arg)),
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: alloc_floor DIR [--runs N]");
        std::process::exit(2);
    };
    if !make_buffer() {
        eprintln!("alloc_floor: no buffer of {BUFFER} bytes");
        std::process::exit(1);
    }
    let files = memory_files(&read_files(&dir));
    let options = playground();
    let env = environment(&files);
    let first = evaluate_environment(&env, &options);
    let resources = first.catalog.len();
    let error = first.error().map(|d| d.message.clone());
    drop(first);
    let (mut real, mut bump) = (Vec::new(), Vec::new());
    let mut most_bumped = 0;
    // Blocks of compiles of one kind, the first two of each left out: a compile right after one of
    // the other kind finds its memory out of the caches (alternating compile by compile cost the
    // allocation-free kind most of its gain).
    for run in 0..runs.max(1).div_ceil(BLOCK - SETTLING) * 2 * BLOCK {
        let bumping = (run / BLOCK) % 2 == 1;
        BUMPING.store(bumping, Ordering::Relaxed);
        let started = Instant::now();
        let outcome = evaluate_environment(&env, &options);
        let seconds = started.elapsed().as_secs_f64();
        let same = outcome.catalog.len() == resources;
        drop(outcome);
        BUMPING.store(false, Ordering::Relaxed);
        most_bumped = most_bumped.max(TOP.swap(0, Ordering::Relaxed));
        if !same {
            eprintln!("alloc_floor: a compile's catalog differs from the first one's");
            std::process::exit(1);
        }
        if run % BLOCK >= SETTLING {
            if bumping { &mut bump } else { &mut real }.push(seconds);
        }
    }
    let counted = real.len();
    println!(
        "{{\"seconds\": {}, \"seconds_allocation_free\": {}, \"runs\": {counted}, \"resources\": {resources}, \"bytes_allocated_per_compile\": {most_bumped}, \"error\": {}}}",
        median(real),
        median(bump),
        error.map_or("null".into(), |e| format!("{e:?}")),
    );
}
