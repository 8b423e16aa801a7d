//! The attribute names of a resource type declared with puppet-resource_api
//! (`Puppet::ResourceApi.register_type(name: ..., attributes: { ensure: {...}, name: {...} })`),
//! read from its type file's text: Puppet refuses any other attribute ("no parameter named").
//! Ruby does not run here; a file whose `attributes:` hash is not written one key a line, at one
//! indentation, gives nothing and its resources' attributes stay unchecked.

use alloc::string::String;
use alloc::vec::Vec;

/// The keys of the `attributes:` hash of a `register_type` call, when the text declares one.
pub(crate) fn resource_api_attributes(text: &str) -> Option<Vec<String>> {
    if !text.contains("Puppet::ResourceApi.register_type(") {
        return None;
    }
    let mut lines = text.lines();
    let indent = lines.by_ref().find_map(|line| {
        let trimmed = line.trim_start();
        let rest = trimmed.strip_prefix("attributes:")?;
        (rest.trim() == "{").then(|| line.len() - trimmed.len())
    })?;
    let mut names = Vec::new();
    for line in lines {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let at = line.len() - trimmed.len();
        if at <= indent {
            // The hash's closing brace ends it; anything else is a form not read here.
            return trimmed.starts_with('}').then_some(names);
        }
        if at != indent + 2 {
            continue;
        }
        let name = trimmed.split_once(':').map(|(key, _)| key).filter(|key| {
            !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        match name {
            Some(name) => names.push(String::from(name)),
            // A key a line deeper than the hash's own is one of its keys: another form gives up.
            None if !trimmed.starts_with('}') => return None,
            None => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::resource_api_attributes;

    #[test]
    fn the_keys_of_the_attributes_hash() {
        let text = "require 'puppet/resource_api'\n\nPuppet::ResourceApi.register_type(\n  name: 'firewall',\n  docs: <<-DESC,\n  attributes: none here\n  DESC\n  attributes: {\n    ensure: {\n      type: 'Enum[present, absent]',\n      desc: 'x: y',\n    },\n    # a comment\n    name: {\n      type: 'String',\n      behaviour: :namevar,\n    },\n    hop_limit: {\n      type: 'Optional[String]',\n    },\n  },\n)\n";
        assert_eq!(
            resource_api_attributes(text),
            Some(alloc::vec![
                "ensure".into(),
                "name".into(),
                "hop_limit".into()
            ])
        );
        assert_eq!(
            resource_api_attributes("newparam(:name)\n  attributes: {\n"),
            None
        );
        let odd = "Puppet::ResourceApi.register_type(\n  attributes: {\n    'name' => {},\n  },\n)";
        assert_eq!(resource_api_attributes(odd), None);
    }
}
