//! The floor under the hash_build benchmark: the same 20,000 insertions of `"k${x}" => x` into the
//! engine's own `Hash`, written directly in Rust (no parsing, no evaluation), timed as a median.

use std::time::Instant;

/// The allocator puppet-eval uses (cli/src/allocator.rs), so the figures are the CLI's.
#[path = "../../cli/src/allocator.rs"]
mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

use puppet_core::value::{Hash, Value};

fn main() {
    let mut times = Vec::new();
    for _ in 0..101 {
        let started = Instant::now();
        let mut h = Hash::new();
        for x in 1..=20_000i64 {
            let key = Value::String(std::rc::Rc::from(format!("k{x}").as_str()));
            h.insert(key, Value::Integer(x));
        }
        std::hint::black_box(&h);
        drop(h);
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!("format! keys into Hash: median {:.3} ms", times[50] * 1e3);
    let mut times = Vec::new();
    for _ in 0..101 {
        let started = Instant::now();
        let mut keys = Vec::with_capacity(20_000);
        for x in 1..=20_000i64 {
            let mut buf = itoa::Buffer::new();
            let mut text = String::with_capacity(8);
            text.push('k');
            text.push_str(buf.format(x));
            keys.push(Value::String(std::rc::Rc::from(text.as_str())));
        }
        std::hint::black_box(&keys);
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!("keys only (itoa): median {:.3} ms", times[50] * 1e3);
    let keys: Vec<Value> = (1..=20_000i64)
        .map(|x| Value::String(std::rc::Rc::from(format!("k{x}").as_str())))
        .collect();
    let mut times = Vec::new();
    for _ in 0..101 {
        let started = Instant::now();
        let mut h = Hash::new();
        for (x, key) in keys.iter().enumerate() {
            h.insert(key.clone(), Value::Integer(x as i64));
        }
        std::hint::black_box(&h);
        drop(h);
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!("inserts of ready keys: median {:.3} ms", times[50] * 1e3);
}
