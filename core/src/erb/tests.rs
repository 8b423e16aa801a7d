//! Unit tests of the ERB pieces that need no Puppet scope.

use super::scanner::{scan, Segment};

#[test]
fn scanner_keeps_text_verbatim() {
    assert_eq!(scan("plain"), alloc::vec![Segment::Text("plain".into())]);
}
