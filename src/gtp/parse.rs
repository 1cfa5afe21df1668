//! GTP framing (GTP version 2, section 2): turns one raw input line into a
//! request, nothing, or a framing error. Never panics.

/// A command line, split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// What one input line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Empty or comment-only: no response at all.
    Nothing,
    /// A command to run.
    Command(Request),
    /// A line that cannot be a command: answer `?[id] message`.
    Error { id: Option<u64>, message: String },
}

/// Longest line accepted, in bytes; longer lines get an error answer.
pub const MAX_LINE: usize = 1 << 20;

/// Parse one line (without its LF; a CR before it is allowed).
pub fn parse_line(raw: &[u8]) -> Line {
    // Control characters other than HT and LF are dropped, HT is a space,
    // everything from '#' on is a comment.
    let mut bytes: Vec<u8> = Vec::with_capacity(raw.len().min(4096));
    for &b in raw {
        match b {
            b'#' => break,
            b'\t' => bytes.push(b' '),
            0..=31 | 127 => {}
            _ => bytes.push(b),
        }
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            return Line::Error {
                id: leading_id(&lossy),
                message: "syntax error: input is not UTF-8".into(),
            };
        }
    };
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Line::Nothing;
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let Ok(id) = first.parse::<u64>() else {
            return Line::Error {
                id: None,
                message: "syntax error: id too large".into(),
            };
        };
        match words.next() {
            Some(name) => (Some(id), name),
            None => {
                return Line::Error {
                    id: Some(id),
                    message: "syntax error: no command".into(),
                }
            }
        }
    } else {
        (None, first)
    };
    Line::Command(Request {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

fn leading_id(text: &str) -> Option<u64> {
    text.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(id: Option<u64>, name: &str, args: &[&str]) -> Line {
        Line::Command(Request {
            id,
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn framing() {
        assert_eq!(parse_line(b""), Line::Nothing);
        assert_eq!(parse_line(b"   \r"), Line::Nothing);
        assert_eq!(parse_line(b"# just a comment"), Line::Nothing);
        assert_eq!(parse_line(b"name"), cmd(None, "name", &[]));
        assert_eq!(
            parse_line(b"12 play b D4\r"),
            cmd(Some(12), "play", &["b", "D4"])
        );
        assert_eq!(
            parse_line(b"play\tb\t\tD4 # comment"),
            cmd(None, "play", &["b", "D4"])
        );
        assert_eq!(
            parse_line(b"pl\x01ay b\x7f d4"),
            cmd(None, "play", &["b", "d4"])
        );
        assert_eq!(
            parse_line(b"7"),
            Line::Error {
                id: Some(7),
                message: "syntax error: no command".into()
            }
        );
        assert!(matches!(
            parse_line(b"3 name \xff\xfe"),
            Line::Error { id: Some(3), .. }
        ));
        assert!(matches!(
            parse_line(b"99999999999999999999999 name"),
            Line::Error { id: None, .. }
        ));
    }
}
