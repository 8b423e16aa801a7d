//! octocatalog-diff's `--compare-file-text` (on by default): a file whose `source` is a module's
//! file (`puppet:///modules/<module>/<path>`) and that has no `content` is compared by that file's
//! text, so that editing the module's file is a change of the resource.

use alloc::string::String;
use alloc::vec::Vec;

use super::catalog::NodeCatalog;
use super::data::Data;

/// Put each module-sourced file's text in its `content` (an MD5 digest, `{md5}...`, for a file
/// that is not ASCII, as octocatalog-diff does) in place of its `source`. `read(module, path)`
/// gives the bytes of `<module>/files/<path>`, or `None`; a source none of whose places can be
/// read is left as it is.
pub fn inline_file_sources(
    catalog: &mut NodeCatalog,
    read: impl Fn(&str, &str) -> Option<Vec<u8>>,
) {
    for resource in &mut catalog.resources {
        if resource.type_name != "File" || resource.parameters.iter().any(|(n, _)| n == "content") {
            continue;
        }
        let Some(at) = resource.parameters.iter().position(|(n, _)| n == "source") else {
            continue;
        };
        let sources: Vec<&str> = match &resource.parameters[at].1 {
            Data::String(one) => alloc::vec![one.as_str()],
            Data::Array(many) => many.iter().filter_map(Data::as_str).collect(),
            _ => continue,
        };
        let found = sources.iter().find_map(|source| {
            let rest = source.strip_prefix("puppet:///modules/")?;
            let (module, path) = rest.split_once('/')?;
            (!path.is_empty()).then(|| read(module, path)).flatten()
        });
        let Some(bytes) = found else {
            continue;
        };
        let content = if bytes.is_ascii() {
            String::from_utf8(bytes).unwrap_or_default()
        } else {
            alloc::format!("{{md5}}{}", super::from_outcome::md5_hex(&bytes))
        };
        resource.parameters.remove(at);
        resource
            .parameters
            .push(("content".into(), Data::String(content)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::Resource;
    use alloc::string::ToString;
    use alloc::vec;

    fn file(parameters: Vec<(String, Data)>) -> NodeCatalog {
        NodeCatalog {
            resources: vec![Resource {
                type_name: "File".into(),
                title: "/etc/motd".into(),
                parameters,
                position: None,
            }],
            ..NodeCatalog::default()
        }
    }

    fn read(module: &str, path: &str) -> Option<Vec<u8>> {
        match (module, path) {
            ("motd", "motd.txt") => Some(b"hello\n".to_vec()),
            ("motd", "utf8.txt") => Some("h\u{e9}\n".as_bytes().to_vec()),
            _ => None,
        }
    }

    #[test]
    fn a_module_file_becomes_the_content() {
        let mut catalog = file(vec![
            ("ensure".into(), Data::String("file".into())),
            (
                "source".into(),
                Data::Array(vec![
                    Data::String("puppet:///modules/motd/missing".into()),
                    Data::String("puppet:///modules/motd/motd.txt".into()),
                ]),
            ),
        ]);
        inline_file_sources(&mut catalog, read);
        assert_eq!(
            catalog.resources[0].parameters,
            vec![
                ("ensure".into(), Data::String("file".into())),
                ("content".into(), Data::String("hello\n".into())),
            ]
        );
    }

    #[test]
    fn non_ascii_text_is_a_digest_and_other_sources_stay() {
        let mut catalog = file(vec![(
            "source".into(),
            Data::String("puppet:///modules/motd/utf8.txt".into()),
        )]);
        inline_file_sources(&mut catalog, read);
        let content = catalog.resources[0].parameters[0]
            .1
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(
            content.starts_with("{md5}") && content.len() == 37,
            "{content}"
        );
        for source in [
            "https://example.org/x",
            "puppet:///modules/motd/none",
            "/tmp/x",
        ] {
            let mut catalog = file(vec![("source".into(), Data::String(source.into()))]);
            let before = catalog.clone();
            inline_file_sources(&mut catalog, read);
            assert_eq!(catalog, before);
        }
    }
}
