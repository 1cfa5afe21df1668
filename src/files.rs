//! Writing files so that a reader never sees half of one: the text goes
//! to a temporary file beside the target, which then replaces the target
//! in one rename. A process killed while writing (SIGTERM, SIGKILL, a
//! full disk) leaves the old file or none, never a truncated record.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Write `bytes` to `path` whole or not at all. A target that exists and
/// is not a regular file (`/dev/null`, a pipe) is written in place, since
/// renaming over it would replace the device.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Ok(meta) = fs::metadata(path) {
        if meta.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        if !meta.is_file() {
            return fs::write(path, bytes);
        }
    }
    let tmp = temporary_beside(path)?;
    let written = fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    match written.and_then(|()| fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Largest game record read, in bytes: far beyond any real record or
/// collection, small enough to hold in memory.
pub const MAX_RECORD: u64 = 64 << 20;

/// Read the regular file at `path`, refusing anything else (a directory,
/// a pipe that would block, a device such as `/dev/zero` that never ends)
/// and files over `max` bytes.
pub fn read_limited(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    if meta.len() > max {
        return Err(io::Error::other(format!("larger than {max} bytes")));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(max + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::other(format!("larger than {max} bytes")));
    }
    Ok(bytes)
}

/// A name for a temporary file in `path`'s directory: `.NAME.PID.tmp`.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    Ok(path.with_file_name(tmp_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tianyuan-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("game.sgf");
        fs::write(&path, "old").unwrap();
        write_atomic(&path, b"(;GM[1])").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "(;GM[1])");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("game.sgf")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_directories_and_missing_folders() {
        let dir = scratch("refuse");
        assert!(write_atomic(&dir, b"x").is_err());
        assert!(write_atomic(&dir.join("no/such/file"), b"x").is_err());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_regular_files_only_and_within_the_limit() {
        let dir = scratch("read");
        let path = dir.join("game.sgf");
        fs::write(&path, "(;SZ[9])").unwrap();
        assert_eq!(read_limited(&path, 100).unwrap(), b"(;SZ[9])");
        assert!(read_limited(&path, 4).is_err());
        assert!(read_limited(&dir, 100).is_err());
        assert!(read_limited(Path::new("/dev/null"), 100).is_err());
        assert!(read_limited(Path::new("/dev/zero"), 100).is_err());
        assert!(read_limited(&dir.join("missing"), 100).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_devices_in_place() {
        write_atomic(Path::new("/dev/null"), b"nothing").unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
    }
}
