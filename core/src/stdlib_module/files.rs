//! The files of the built-in stdlib module, by path inside the module (sorted), embedded in the
//! engine: written for this engine from stdlib 8.5.0's documented behaviour.

/// Each file: its path inside the module and its text.
pub(super) const FILES: &[(&str, &str)] = &[
    (
        "functions/deferrable_epp.pp",
        include_str!("functions/deferrable_epp.pp"),
    ),
    ("functions/ensure.pp", include_str!("functions/ensure.pp")),
    ("manifests/init.pp", include_str!("manifests/init.pp")),
    ("manifests/manage.pp", include_str!("manifests/manage.pp")),
    ("manifests/stages.pp", include_str!("manifests/stages.pp")),
    (
        "types/absolutepath.pp",
        include_str!("types/absolutepath.pp"),
    ),
    ("types/base32.pp", include_str!("types/base32.pp")),
    ("types/base64.pp", include_str!("types/base64.pp")),
    (
        "types/compat/absolute_path.pp",
        include_str!("types/compat/absolute_path.pp"),
    ),
    (
        "types/compat/array.pp",
        include_str!("types/compat/array.pp"),
    ),
    ("types/compat/bool.pp", include_str!("types/compat/bool.pp")),
    (
        "types/compat/float.pp",
        include_str!("types/compat/float.pp"),
    ),
    ("types/compat/hash.pp", include_str!("types/compat/hash.pp")),
    (
        "types/compat/integer.pp",
        include_str!("types/compat/integer.pp"),
    ),
    (
        "types/compat/ip_address.pp",
        include_str!("types/compat/ip_address.pp"),
    ),
    ("types/compat/ipv4.pp", include_str!("types/compat/ipv4.pp")),
    ("types/compat/ipv6.pp", include_str!("types/compat/ipv6.pp")),
    (
        "types/compat/numeric.pp",
        include_str!("types/compat/numeric.pp"),
    ),
    ("types/compat/re.pp", include_str!("types/compat/re.pp")),
    (
        "types/compat/string.pp",
        include_str!("types/compat/string.pp"),
    ),
    (
        "types/createresources.pp",
        include_str!("types/createresources.pp"),
    ),
    ("types/datasize.pp", include_str!("types/datasize.pp")),
    ("types/email.pp", include_str!("types/email.pp")),
    ("types/ensure/file.pp", include_str!("types/ensure/file.pp")),
    (
        "types/ensure/file/directory.pp",
        include_str!("types/ensure/file/directory.pp"),
    ),
    (
        "types/ensure/file/file.pp",
        include_str!("types/ensure/file/file.pp"),
    ),
    (
        "types/ensure/file/link.pp",
        include_str!("types/ensure/file/link.pp"),
    ),
    (
        "types/ensure/service.pp",
        include_str!("types/ensure/service.pp"),
    ),
    ("types/filemode.pp", include_str!("types/filemode.pp")),
    ("types/filesource.pp", include_str!("types/filesource.pp")),
    ("types/fqdn.pp", include_str!("types/fqdn.pp")),
    ("types/host.pp", include_str!("types/host.pp")),
    ("types/httpstatus.pp", include_str!("types/httpstatus.pp")),
    ("types/httpsurl.pp", include_str!("types/httpsurl.pp")),
    ("types/httpurl.pp", include_str!("types/httpurl.pp")),
    ("types/ip/address.pp", include_str!("types/ip/address.pp")),
    (
        "types/ip/address/nosubnet.pp",
        include_str!("types/ip/address/nosubnet.pp"),
    ),
    (
        "types/ip/address/v4.pp",
        include_str!("types/ip/address/v4.pp"),
    ),
    (
        "types/ip/address/v4/cidr.pp",
        include_str!("types/ip/address/v4/cidr.pp"),
    ),
    (
        "types/ip/address/v4/nosubnet.pp",
        include_str!("types/ip/address/v4/nosubnet.pp"),
    ),
    (
        "types/ip/address/v6.pp",
        include_str!("types/ip/address/v6.pp"),
    ),
    (
        "types/ip/address/v6/alternative.pp",
        include_str!("types/ip/address/v6/alternative.pp"),
    ),
    (
        "types/ip/address/v6/cidr.pp",
        include_str!("types/ip/address/v6/cidr.pp"),
    ),
    (
        "types/ip/address/v6/compressed.pp",
        include_str!("types/ip/address/v6/compressed.pp"),
    ),
    (
        "types/ip/address/v6/full.pp",
        include_str!("types/ip/address/v6/full.pp"),
    ),
    (
        "types/ip/address/v6/nosubnet.pp",
        include_str!("types/ip/address/v6/nosubnet.pp"),
    ),
    (
        "types/ip/address/v6/nosubnet/alternative.pp",
        include_str!("types/ip/address/v6/nosubnet/alternative.pp"),
    ),
    (
        "types/ip/address/v6/nosubnet/compressed.pp",
        include_str!("types/ip/address/v6/nosubnet/compressed.pp"),
    ),
    (
        "types/ip/address/v6/nosubnet/full.pp",
        include_str!("types/ip/address/v6/nosubnet/full.pp"),
    ),
    ("types/mac.pp", include_str!("types/mac.pp")),
    ("types/objectstore.pp", include_str!("types/objectstore.pp")),
    (
        "types/objectstore/gsuri.pp",
        include_str!("types/objectstore/gsuri.pp"),
    ),
    (
        "types/objectstore/s3uri.pp",
        include_str!("types/objectstore/s3uri.pp"),
    ),
    ("types/port.pp", include_str!("types/port.pp")),
    (
        "types/port/dynamic.pp",
        include_str!("types/port/dynamic.pp"),
    ),
    (
        "types/port/ephemeral.pp",
        include_str!("types/port/ephemeral.pp"),
    ),
    (
        "types/port/privileged.pp",
        include_str!("types/port/privileged.pp"),
    ),
    (
        "types/port/registered.pp",
        include_str!("types/port/registered.pp"),
    ),
    (
        "types/port/unprivileged.pp",
        include_str!("types/port/unprivileged.pp"),
    ),
    ("types/port/user.pp", include_str!("types/port/user.pp")),
    (
        "types/syslogfacility.pp",
        include_str!("types/syslogfacility.pp"),
    ),
    ("types/unixpath.pp", include_str!("types/unixpath.pp")),
    ("types/windowspath.pp", include_str!("types/windowspath.pp")),
    ("types/yes_no.pp", include_str!("types/yes_no.pp")),
];

/// What stdlib 9.7.0 changed, by path inside the module (sorted): a file of its own, or `None` for
/// one of 8.5.0's it removed (the `Stdlib::Compat` aliases).
pub(super) const FILES_9: &[(&str, Option<&str>)] = &[
    (
        "functions/ensure.pp",
        Some(include_str!("v9/functions/ensure.pp")),
    ),
    (
        "manifests/manage.pp",
        Some(include_str!("v9/manifests/manage.pp")),
    ),
    ("types/compat/absolute_path.pp", None),
    ("types/compat/array.pp", None),
    ("types/compat/bool.pp", None),
    ("types/compat/float.pp", None),
    ("types/compat/hash.pp", None),
    ("types/compat/integer.pp", None),
    ("types/compat/ip_address.pp", None),
    ("types/compat/ipv4.pp", None),
    ("types/compat/ipv6.pp", None),
    ("types/compat/numeric.pp", None),
    ("types/compat/re.pp", None),
    ("types/compat/string.pp", None),
    (
        "types/dns/zone.pp",
        Some(include_str!("v9/types/dns/zone.pp")),
    ),
    (
        "types/ensure/package.pp",
        Some(include_str!("v9/types/ensure/package.pp")),
    ),
    ("types/host.pp", Some(include_str!("v9/types/host.pp"))),
    (
        "types/http/method.pp",
        Some(include_str!("v9/types/http/method.pp")),
    ),
    (
        "types/http/status.pp",
        Some(include_str!("v9/types/http/status.pp")),
    ),
    (
        "types/httpstatus.pp",
        Some(include_str!("v9/types/httpstatus.pp")),
    ),
    (
        "types/ip/address/cidr.pp",
        Some(include_str!("v9/types/ip/address/cidr.pp")),
    ),
];
