//! The files of the built-in stdlib module, by path inside the module (sorted), embedded in the
//! engine: written for this engine from stdlib 8.5.0's documented behaviour. The engine keeps
//! their code without their comment lines (which no run reads), made at compile time.

use super::code_only::code_only;

/// A file's text with its comment lines emptied, as a `&'static str` made at compile time: the
/// comments stay in the repository's files, and only the code goes into the engine.
macro_rules! code_of {
    ($text:expr) => {{
        const TEXT: &str = $text;
        const CODE: [u8; code_only::<0>(TEXT).1] = code_only(TEXT).0;
        const BYTES: &[u8] = &CODE;
        match core::str::from_utf8(BYTES) {
            Ok(code) => code,
            Err(_) => panic!("a comment line's removal split a character"),
        }
    }};
}

/// A file of the module: its path inside the module, and its code, read from that path here.
macro_rules! file_at {
    ($path:literal) => {
        ($path, code_of!(include_str!($path)))
    };
}

/// What 9.7.0 did to a file: a text of its own (in `v9/`), or the file removed.
macro_rules! v9 {
    (changed $path:literal) => {
        ($path, Some(code_of!(include_str!(concat!("v9/", $path)))))
    };
    (removed $path:literal) => {
        ($path, None)
    };
}

/// Each file: its path inside the module and its text.
pub(super) const FILES: &[(&str, &str)] = &[
    file_at!("functions/deferrable_epp.pp"),
    file_at!("functions/ensure.pp"),
    file_at!("manifests/init.pp"),
    file_at!("manifests/manage.pp"),
    file_at!("manifests/stages.pp"),
    file_at!("types/absolutepath.pp"),
    file_at!("types/base32.pp"),
    file_at!("types/base64.pp"),
    file_at!("types/compat/absolute_path.pp"),
    file_at!("types/compat/array.pp"),
    file_at!("types/compat/bool.pp"),
    file_at!("types/compat/float.pp"),
    file_at!("types/compat/hash.pp"),
    file_at!("types/compat/integer.pp"),
    file_at!("types/compat/ip_address.pp"),
    file_at!("types/compat/ipv4.pp"),
    file_at!("types/compat/ipv6.pp"),
    file_at!("types/compat/numeric.pp"),
    file_at!("types/compat/re.pp"),
    file_at!("types/compat/string.pp"),
    file_at!("types/createresources.pp"),
    file_at!("types/datasize.pp"),
    file_at!("types/email.pp"),
    file_at!("types/ensure/file.pp"),
    file_at!("types/ensure/file/directory.pp"),
    file_at!("types/ensure/file/file.pp"),
    file_at!("types/ensure/file/link.pp"),
    file_at!("types/ensure/service.pp"),
    file_at!("types/filemode.pp"),
    file_at!("types/filesource.pp"),
    file_at!("types/fqdn.pp"),
    file_at!("types/host.pp"),
    file_at!("types/httpstatus.pp"),
    file_at!("types/httpsurl.pp"),
    file_at!("types/httpurl.pp"),
    file_at!("types/ip/address.pp"),
    file_at!("types/ip/address/nosubnet.pp"),
    file_at!("types/ip/address/v4.pp"),
    file_at!("types/ip/address/v4/cidr.pp"),
    file_at!("types/ip/address/v4/nosubnet.pp"),
    file_at!("types/ip/address/v6.pp"),
    file_at!("types/ip/address/v6/alternative.pp"),
    file_at!("types/ip/address/v6/cidr.pp"),
    file_at!("types/ip/address/v6/compressed.pp"),
    file_at!("types/ip/address/v6/full.pp"),
    file_at!("types/ip/address/v6/nosubnet.pp"),
    file_at!("types/ip/address/v6/nosubnet/alternative.pp"),
    file_at!("types/ip/address/v6/nosubnet/compressed.pp"),
    file_at!("types/ip/address/v6/nosubnet/full.pp"),
    file_at!("types/mac.pp"),
    file_at!("types/objectstore.pp"),
    file_at!("types/objectstore/gsuri.pp"),
    file_at!("types/objectstore/s3uri.pp"),
    file_at!("types/port.pp"),
    file_at!("types/port/dynamic.pp"),
    file_at!("types/port/ephemeral.pp"),
    file_at!("types/port/privileged.pp"),
    file_at!("types/port/registered.pp"),
    file_at!("types/port/unprivileged.pp"),
    file_at!("types/port/user.pp"),
    file_at!("types/syslogfacility.pp"),
    file_at!("types/unixpath.pp"),
    file_at!("types/windowspath.pp"),
    file_at!("types/yes_no.pp"),
];

/// What stdlib 9.7.0 changed, by path inside the module (sorted): a file of its own, or `None` for
/// one of 8.5.0's it removed (the `Stdlib::Compat` aliases).
pub(super) const FILES_9: &[(&str, Option<&str>)] = &[
    v9!(changed "functions/ensure.pp"),
    v9!(changed "functions/time.pp"),
    v9!(changed "manifests/manage.pp"),
    v9!(removed "types/compat/absolute_path.pp"),
    v9!(removed "types/compat/array.pp"),
    v9!(removed "types/compat/bool.pp"),
    v9!(removed "types/compat/float.pp"),
    v9!(removed "types/compat/hash.pp"),
    v9!(removed "types/compat/integer.pp"),
    v9!(removed "types/compat/ip_address.pp"),
    v9!(removed "types/compat/ipv4.pp"),
    v9!(removed "types/compat/ipv6.pp"),
    v9!(removed "types/compat/numeric.pp"),
    v9!(removed "types/compat/re.pp"),
    v9!(removed "types/compat/string.pp"),
    v9!(changed "types/dns/zone.pp"),
    v9!(changed "types/ensure/package.pp"),
    v9!(changed "types/host.pp"),
    v9!(changed "types/http/method.pp"),
    v9!(changed "types/http/status.pp"),
    v9!(changed "types/httpstatus.pp"),
    v9!(changed "types/ip/address/cidr.pp"),
];
