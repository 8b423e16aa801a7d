//! Table tests of the type system against real Puppet answers (goldens in tests/conformance).
