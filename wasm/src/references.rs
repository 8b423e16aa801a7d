//! Find references through the facade: the places that name what is at an offset, in UTF-16
//! offsets (the editor's) of each file.

use puppet_core::ide;

use crate::complete::{byte_offset, environment_files, utf16, JsTarget};
use crate::data::Options;

/// Every reference to what is at UTF-16 offset `offset` of file `path` (`snippet.pp` is `source`;
/// the other files are the options' `files`), sorted by path then offset.
pub fn references_to_data(
    source: &str,
    path: &str,
    offset: u32,
    options: &Options,
) -> Vec<JsTarget> {
    let files = environment_files(source, options);
    let Some(text) = files.iter().find(|(p, _)| *p == path).map(|(_, t)| *t) else {
        return Vec::new();
    };
    ide::references(&files, path, byte_offset(text, offset))
        .into_iter()
        .filter_map(|target| {
            let target_text = files.iter().find(|(p, _)| *p == target.path)?.1;
            Some(JsTarget {
                start: utf16(target_text, target.start),
                end: utf16(target_text, target.end),
                path: target.path,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_used_in_the_snippet_and_defined_in_a_module_in_utf16() {
        let options = Options {
            files: Some(vec![(
                "modules/app/manifests/init.pp".into(),
                "# é😀\nclass app { }\n".into(),
            )]),
            ..Options::default()
        };
        // `😀` is two UTF-16 units: the first `include app` starts at 10, the second at 22.
        let source = "$x = '😀'\ninclude app\ninclude app";
        let found = references_to_data(source, "snippet.pp", 18, &options);
        let places: Vec<(&str, u32, u32)> = found
            .iter()
            .map(|t| (t.path.as_str(), t.start, t.end))
            .collect();
        // `# é😀\n` is 6 UTF-16 units, `class ` 6 more.
        assert_eq!(
            places,
            [
                ("modules/app/manifests/init.pp", 12, 15),
                ("snippet.pp", 18, 21),
                ("snippet.pp", 30, 33),
            ]
        );
        assert_eq!(references_to_data(source, "nope.pp", 0, &options), []);
        // The `=`: nothing named; past the end: the last `app`.
        assert_eq!(references_to_data(source, "snippet.pp", 3, &options), []);
        assert_eq!(
            references_to_data(source, "snippet.pp", 99, &options),
            found
        );
    }
}
