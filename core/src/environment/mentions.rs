//! The modules a manifest names, found by a word scan: what a thread reading or parsing an
//! environment ahead of its compile uses to guess which module the compile reads next.

/// Each module name `text` (a manifest) names, as `f` is called with them, in order (a name
/// may come again): the first segment of a qualified name (`apache` of `apache::vhost` and of
/// `$apache::params::port`), and a name that follows `include`, `contain` or `require`. A
/// word scan, not a parse: what it finds only orders the reading.
pub fn mentioned_modules(text: &str, mut f: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    let word_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut previous: &str = "";
    let mut previous_end = 0;
    let mut at = 0;
    while at < bytes.len() {
        if !word_byte(bytes[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && word_byte(bytes[at]) {
            at += 1;
        }
        let word = &text[start..at];
        // A later segment of a qualified name (`vhost` of `apache::vhost`) names no module.
        let later_segment = start >= 2 && &bytes[start - 2..start] == b"::";
        let qualified = bytes.get(at..at + 2) == Some(b"::".as_slice());
        // `include apache`, `include 'apache'`: only spaces and quotes between.
        let included = crate::functions::class_declaring_functions().any(|name| name == previous)
            && bytes[previous_end..start]
                .iter()
                .all(|&b| b.is_ascii_whitespace() || b == b'\'' || b == b'"');
        if bytes[start].is_ascii_lowercase() && !later_segment && (qualified || included) {
            f(word);
        }
        previous = word;
        previous_end = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    #[test]
    fn the_modules_a_manifest_names_are_found_in_order() {
        let mut found: Vec<String> = Vec::new();
        mentioned_modules(
            "node default {\n  include role::web\n  include 'ntp'\n  contain  apache\n}\n\
             class x { $p = $apache::params::port\n  mysql::db { 'a': }\n  require Class['b'] }\n\
             $include = nginx\n Include::X",
            |name| found.push(name.to_string()),
        );
        assert_eq!(found, ["role", "ntp", "apache", "apache", "mysql"]);
    }
}
