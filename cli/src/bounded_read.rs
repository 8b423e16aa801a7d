//! Reading a file the user named (or the environment holds) without trusting it: only regular
//! files, their size checked before reading, and the read itself capped, so a huge, growing or
//! endless file (a sparse 1 GiB file, `/dev/zero`, a FIFO) never fills memory or blocks.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use puppet_core::Limits;

/// The most bytes one file may have: the environment's byte limit, which no single file of it
/// could exceed either (64 MiB).
pub fn file_limit() -> u64 {
    Limits::default().max_env_bytes as u64
}

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadProblem {
    /// Opening or reading failed (missing, no permission, ...).
    Io(io::Error),
    /// Not a regular file (a folder, a FIFO, a device, a socket): reading it could block or
    /// never end.
    NotRegular,
    /// Larger than the limit: `size` when its metadata told (else it grew while read).
    TooLarge { size: Option<u64>, limit: u64 },
}

impl fmt::Display for ReadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadProblem::Io(error) => write!(f, "{error}"),
            ReadProblem::NotRegular => f.write_str("it is not a regular file"),
            ReadProblem::TooLarge {
                size: Some(size),
                limit,
            } => write!(
                f,
                "it is {size} bytes, more than the limit of {limit} bytes for one file"
            ),
            ReadProblem::TooLarge { size: None, limit } => {
                write!(
                    f,
                    "it holds more than the limit of {limit} bytes for one file"
                )
            }
        }
    }
}

/// The bytes of the regular file at `path` (links followed), at most `limit` of them.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadProblem> {
    // Checked before opening: opening a FIFO would wait for a writer.
    let metadata = fs::metadata(path).map_err(ReadProblem::Io)?;
    read_seen(path, limit, &metadata)
}

/// [`read_file`] for a path whose metadata was just looked at (`seen`: what `stat` says of it,
/// or `lstat` of what is not a link): the same checks, before opening and after, one `stat`
/// fewer.
pub fn read_seen(path: &Path, limit: u64, seen: &fs::Metadata) -> Result<Vec<u8>, ReadProblem> {
    check(seen, limit)?;
    let file = open_without_blocking(path).map_err(ReadProblem::Io)?;
    // Checked again on what was opened, in case the path changed in between.
    let metadata = file.metadata().map_err(ReadProblem::Io)?;
    read_opened(file, limit, &metadata)
}

/// The bytes of a file already opened, whose `metadata` was taken from the open file: the same
/// checks as [`read_file`]'s, then at most `limit` bytes. A regular file that gives fewer bytes
/// than were asked for has ended (a file read as it grows keeps what was there): the read that
/// would return nothing is not made.
pub fn read_opened(
    file: File,
    limit: u64,
    metadata: &fs::Metadata,
) -> Result<Vec<u8>, ReadProblem> {
    check(metadata, limit)?;
    let expected = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
    read_regular(file, limit, expected)
}

/// [`read_capped`] for a regular file: a short read is its end.
fn read_regular(mut file: File, limit: u64, expected: usize) -> Result<Vec<u8>, ReadProblem> {
    let cap = usize::try_from(limit.saturating_add(1)).unwrap_or(usize::MAX);
    let mut bytes: Vec<u8> = Vec::with_capacity(expected.min(cap).saturating_add(1));
    loop {
        if bytes.len() == bytes.capacity() {
            bytes.reserve(bytes.len().max(4096));
        }
        let room = (bytes.capacity() - bytes.len()).min(cap - bytes.len());
        let start = bytes.len();
        bytes.resize(start + room, 0);
        let read = file.read(&mut bytes[start..]);
        bytes.truncate(start + *read.as_ref().unwrap_or(&0));
        let read = match read {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(ReadProblem::Io(error)),
        };
        if bytes.len() as u64 > limit {
            return Err(ReadProblem::TooLarge { size: None, limit });
        }
        if read < room {
            return Ok(bytes);
        }
    }
}

/// The text of the regular file at `path`, at most `limit` bytes of UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, TextProblem> {
    let bytes = read_file(path, limit).map_err(TextProblem::Read)?;
    String::from_utf8(bytes).map_err(|e| TextProblem::NotUtf8 {
        valid_up_to: e.utf8_error().valid_up_to(),
    })
}

/// Standard input, at most `limit` bytes (a file redirected to it is refused from its size
/// before it is read).
pub fn read_stdin(limit: u64) -> Result<Vec<u8>, ReadProblem> {
    let mut expected = 0;
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let metadata = io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|file| file.metadata())
            .ok()
            .filter(fs::Metadata::is_file);
        if let Some(metadata) = &metadata {
            check(metadata, limit)?;
            expected = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
        }
    }
    read_capped(io::stdin().lock(), limit, expected)
}

/// Why a text file was not read.
#[derive(Debug)]
pub enum TextProblem {
    Read(ReadProblem),
    /// Not UTF-8: the first invalid byte's offset.
    NotUtf8 {
        valid_up_to: usize,
    },
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextProblem::Read(problem) => problem.fmt(f),
            TextProblem::NotUtf8 { valid_up_to } => write!(
                f,
                "it is not valid UTF-8 (invalid byte at offset {valid_up_to})"
            ),
        }
    }
}

fn check(metadata: &fs::Metadata, limit: u64) -> Result<(), ReadProblem> {
    if !metadata.is_file() {
        return Err(ReadProblem::NotRegular);
    }
    if metadata.len() > limit {
        return Err(ReadProblem::TooLarge {
            size: Some(metadata.len()),
            limit,
        });
    }
    Ok(())
}

/// Reads at most `limit` bytes (one more tells that there were more), into a buffer sized for
/// the `expected` length when that is within the limit.
fn read_capped(reader: impl Read, limit: u64, expected: usize) -> Result<Vec<u8>, ReadProblem> {
    let capacity = expected.min(usize::try_from(limit).unwrap_or(usize::MAX));
    let mut bytes = Vec::with_capacity(capacity.saturating_add(1));
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadProblem::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadProblem::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

/// Opens for reading; on Unix without waiting for a writer should the path have become a FIFO
/// after it was checked (the flag changes nothing for regular files).
fn open_without_blocking(path: &Path) -> io::Result<File> {
    open_read(path, false)
}

/// [`open_without_blocking`], refusing a path that is itself a symbolic link (`ELOOP`); where
/// that cannot be asked of the open (not on Unix), an error: the caller looks the long way.
pub fn open_no_follow(path: &Path) -> io::Result<File> {
    if cfg!(unix) {
        open_read(path, true)
    } else {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

fn open_read(path: &Path, no_follow: bool) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let follow = if no_follow { libc::O_NOFOLLOW } else { 0 };
        options.custom_flags(libc::O_NONBLOCK | follow);
    }
    #[cfg(not(unix))]
    let _ = no_follow;
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puppet-eval-bounded-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[test]
    fn a_file_within_the_limit_is_read_whole() {
        let dir = scratch("small");
        let path = dir.join("a.pp");
        fs::write(&path, "notice(1)\n").expect("write");
        assert_eq!(read_file(&path, 10).expect("read"), b"notice(1)\n");
        assert!(matches!(
            read_file(&path, 9),
            Err(ReadProblem::TooLarge {
                size: Some(10),
                limit: 9
            })
        ));
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn folders_and_devices_are_not_regular_files() {
        let dir = scratch("kinds");
        assert!(matches!(read_file(&dir, 10), Err(ReadProblem::NotRegular)));
        #[cfg(unix)]
        assert!(matches!(
            read_file(Path::new("/dev/zero"), 10),
            Err(ReadProblem::NotRegular)
        ));
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn a_reader_that_never_ends_is_cut_at_the_limit() {
        let endless = io::repeat(b'x');
        assert!(matches!(
            read_capped(endless, 1000, 0),
            Err(ReadProblem::TooLarge {
                size: None,
                limit: 1000
            })
        ));
        let text = read_capped(&b"abc"[..], 3, 3).expect("within");
        assert_eq!(text, b"abc");
    }

    #[test]
    fn an_open_file_is_read_whole_even_when_it_grew_after_its_size_was_taken() {
        let dir = scratch("opened");
        let path = dir.join("a.pp");
        for (first, added) in [(0, 0), (10, 0), (10, 5000), (0, 70_000)] {
            fs::write(&path, "x".repeat(first)).expect("write");
            let file = File::open(&path).expect("open");
            let metadata = file.metadata().expect("metadata");
            let mut more = fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .expect("append");
            io::Write::write_all(&mut more, "y".repeat(added).as_bytes()).expect("grow");
            let bytes = read_opened(file, 100_000, &metadata).expect("read");
            assert_eq!(bytes.len(), first + added, "{first} then {added} more");
        }
        // Grown past the limit: cut there.
        fs::write(&path, "x").expect("write");
        let file = File::open(&path).expect("open");
        let metadata = file.metadata().expect("metadata");
        fs::write(&path, "x".repeat(300)).expect("grow");
        assert!(matches!(
            read_opened(file, 100, &metadata),
            Err(ReadProblem::TooLarge {
                size: None,
                limit: 100
            })
        ));
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn text_that_is_not_utf8_says_where() {
        let dir = scratch("utf8");
        let path = dir.join("x.pp");
        fs::write(&path, [b'a', 0xff]).expect("write");
        assert_eq!(
            read_text(&path, 10).expect_err("not text").to_string(),
            "it is not valid UTF-8 (invalid byte at offset 1)"
        );
        let _ = fs::remove_dir_all(dir);
    }
}
