//! GTP regression tests in the gogui-regress format, run against the real
//! `tianyuan` binary: every `gtp-scripts/*.tst` file is one engine session.
//!
//! The format, as gogui-regress reads it (GoGui's
//! `net/sf/gogui/tools/regress/Regress.java`):
//!
//! * Each line is trimmed. Empty lines and lines starting with `#` are
//!   comments, except `#?` lines. Every other line is a GTP command, sent
//!   as it is; a leading number followed by a space is its id, and a
//!   numbered command is a test.
//! * `#? [pattern]` checks the response of the command just before it. The
//!   response is the full answer after its first space (`=12 D4 Q16` gives
//!   `D4 Q16`), trimmed. The pattern is a Java regular expression compiled
//!   with MULTILINE and DOTALL and must match the whole response. A `!`
//!   after the `[` negates it; a `*` after the `]` marks an expected
//!   failure; `#?` with nothing after it only records the test.
//! * A command answered with an error (`?id message`) fails its test
//!   whatever the pattern: gogui-regress never matches a pattern against an
//!   error message. So a command that must be refused is written as an
//!   expected failure carrying the error text, `#? [illegal move]*`, which
//!   gogui-regress counts as an expected fail.
//!
//! This runner is gogui-regress made strict for CI:
//!
//! * an expected failure passes only when the command really is refused
//!   and the error message matches the pattern (gogui-regress would accept
//!   any failure there);
//! * an unexpected pass fails the run (gogui-regress only reports it);
//! * an unnumbered command that fails fails the run (gogui-regress counts
//!   it in its "Error" column);
//! * every response must be well framed and echo the command's id.
//!
//! A file that passes here therefore gives no unexpected fail and no
//! unexpected pass under gogui-regress either. The engine is started with
//! the directory of the test files as working directory, as gogui-regress
//! does, and gets `quit` at the end.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long one command may take before the engine is taken to hang.
const TIMEOUT: Duration = Duration::from_secs(60);

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts")
}

fn tst_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scripts_dir())
        .expect("gtp-scripts/ is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .tst files in gtp-scripts/");
    files
}

// ---------------------------------------------------------------------
// Regular expressions: the subset of java.util.regex the scripts use,
// whole-string match, MULTILINE and DOTALL always on.

#[derive(Debug)]
enum Node {
    Char(char),
    /// `.`: any character, newline included (DOTALL).
    Any,
    Class {
        negated: bool,
        items: Vec<ClassItem>,
    },
    /// `^`: start of the text or of a line (MULTILINE).
    LineStart,
    /// `$`: end of the text or of a line (MULTILINE).
    LineEnd,
    Group(Vec<Vec<Node>>),
    Repeat {
        node: Box<Node>,
        min: usize,
        max: Option<usize>,
    },
}

#[derive(Debug)]
enum ClassItem {
    Range(char, char),
    Digit(bool),
    Space(bool),
    Word(bool),
}

impl ClassItem {
    fn matches(&self, c: char) -> bool {
        match *self {
            ClassItem::Range(lo, hi) => (lo..=hi).contains(&c),
            ClassItem::Digit(yes) => c.is_ascii_digit() == yes,
            ClassItem::Space(yes) => matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r') == yes,
            ClassItem::Word(yes) => (c.is_ascii_alphanumeric() || c == '_') == yes,
        }
    }
}

/// A compiled pattern.
#[derive(Debug)]
struct Regex(Vec<Vec<Node>>);

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next(&mut self) -> Result<char, String> {
        let c = self.peek().ok_or("pattern ends too early")?;
        self.pos += 1;
        Ok(c)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += 1;
        }
        found
    }

    fn alternation(&mut self) -> Result<Vec<Vec<Node>>, String> {
        let mut branches = vec![self.sequence()?];
        while self.eat('|') {
            branches.push(self.sequence()?);
        }
        Ok(branches)
    }

    fn sequence(&mut self) -> Result<Vec<Node>, String> {
        let mut seq = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            seq.push(self.quantified(atom)?);
        }
        Ok(seq)
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.chars[start..self.pos]
            .iter()
            .collect::<String>()
            .parse()
            .ok()
    }

    fn quantified(&mut self, atom: Node) -> Result<Node, String> {
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.pos += 1;
                let min = self.number().ok_or("bad {n,m}")?;
                let max = if self.eat(',') {
                    self.number()
                } else {
                    Some(min)
                };
                if self.peek() != Some('}') || max.is_some_and(|m| m < min) {
                    return Err("bad {n,m}".into());
                }
                (min, max)
            }
            _ => return Ok(atom),
        };
        self.pos += 1;
        if matches!(atom, Node::LineStart | Node::LineEnd) {
            return Err("quantifier after an anchor".into());
        }
        // A lazy quantifier finds the same whole matches as a greedy one.
        self.eat('?');
        if self.peek() == Some('+') {
            return Err("possessive quantifiers are not supported".into());
        }
        let node = Box::new(atom);
        let repeat = Node::Repeat { node, min, max };
        if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
            return Err("two quantifiers in a row".into());
        }
        Ok(repeat)
    }

    fn atom(&mut self) -> Result<Node, String> {
        Ok(match self.next()? {
            '(' => {
                // `(?:...)` groups without capturing; nothing here captures.
                if self.eat('?') && !self.eat(':') {
                    return Err("only (?:...) groups are supported".into());
                }
                let inner = self.alternation()?;
                if !self.eat(')') {
                    return Err("missing )".into());
                }
                Node::Group(inner)
            }
            '[' => self.class()?,
            '.' => Node::Any,
            '^' => Node::LineStart,
            '$' => Node::LineEnd,
            '\\' => match self.escape()? {
                ClassItem::Range(c, _) => Node::Char(c),
                item => Node::Class {
                    negated: false,
                    items: vec![item],
                },
            },
            c @ ('*' | '+' | '?' | '{') => return Err(format!("nothing to repeat before {c}")),
            c => Node::Char(c),
        })
    }

    /// After a backslash: a class shorthand or an escaped literal.
    fn escape(&mut self) -> Result<ClassItem, String> {
        let c = self.next()?;
        Ok(match c {
            'd' | 'D' => ClassItem::Digit(c == 'd'),
            's' | 'S' => ClassItem::Space(c == 's'),
            'w' | 'W' => ClassItem::Word(c == 'w'),
            'n' => ClassItem::Range('\n', '\n'),
            't' => ClassItem::Range('\t', '\t'),
            'r' => ClassItem::Range('\r', '\r'),
            c if c.is_ascii_alphanumeric() => return Err(format!("unsupported escape \\{c}")),
            c => ClassItem::Range(c, c),
        })
    }

    fn class(&mut self) -> Result<Node, String> {
        let negated = self.eat('^');
        let mut items = Vec::new();
        loop {
            let item = match self.next()? {
                ']' if !items.is_empty() => break,
                '[' => return Err("nested classes are not supported".into()),
                '\\' => self.escape()?,
                c => ClassItem::Range(c, c),
            };
            // A range `a-z`; a `-` before the closing `]` is a literal.
            if let ClassItem::Range(lo, _) = item {
                if self.peek() == Some('-') && self.chars.get(self.pos + 1) != Some(&']') {
                    self.pos += 1;
                    let hi = match self.next()? {
                        '\\' => match self.escape()? {
                            ClassItem::Range(hi, _) => hi,
                            _ => return Err("bad range in class".into()),
                        },
                        hi => hi,
                    };
                    if hi < lo {
                        return Err("bad range in class".into());
                    }
                    items.push(ClassItem::Range(lo, hi));
                    continue;
                }
            }
            items.push(item);
        }
        Ok(Node::Class { negated, items })
    }
}

impl Regex {
    fn new(pattern: &str) -> Result<Regex, String> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut p = Parser {
            chars: &chars,
            pos: 0,
        };
        let re = p.alternation()?;
        if p.pos != chars.len() {
            return Err(format!("unexpected {:?}", chars[p.pos]));
        }
        Ok(Regex(re))
    }

    /// Whether the pattern matches the whole of `text`.
    fn matches(&self, text: &str) -> bool {
        let s: Vec<char> = text.chars().collect();
        alt(&self.0, &s, 0, &|end| end == s.len())
    }
}

/// Backtracking matcher in continuation style: each function matches its
/// node at `i` and calls `k` with every position where the match may end,
/// longest first, until `k` accepts.
type Cont<'a> = &'a dyn Fn(usize) -> bool;

fn alt(branches: &[Vec<Node>], s: &[char], i: usize, k: Cont) -> bool {
    branches.iter().any(|seq| sequence(seq, s, i, k))
}

fn sequence(seq: &[Node], s: &[char], i: usize, k: Cont) -> bool {
    match seq.split_first() {
        None => k(i),
        Some((first, rest)) => node(first, s, i, &|j| sequence(rest, s, j, k)),
    }
}

fn node(n: &Node, s: &[char], i: usize, k: Cont) -> bool {
    match n {
        Node::Char(c) => s.get(i) == Some(c) && k(i + 1),
        Node::Any => i < s.len() && k(i + 1),
        Node::Class { negated, items } => {
            s.get(i)
                .is_some_and(|&c| items.iter().any(|it| it.matches(c)) != *negated)
                && k(i + 1)
        }
        Node::LineStart => (i == 0 || s[i - 1] == '\n') && k(i),
        Node::LineEnd => (i == s.len() || s[i] == '\n') && k(i),
        Node::Group(branches) => alt(branches, s, i, k),
        Node::Repeat {
            node: inner,
            min,
            max,
        } => repeat(inner, *min, *max, 0, s, i, k),
    }
}

fn repeat(
    n: &Node,
    min: usize,
    max: Option<usize>,
    done: usize,
    s: &[char],
    i: usize,
    k: Cont,
) -> bool {
    // Greedy: one more first. An empty match only counts towards `min`,
    // so `(a*)*` cannot loop forever.
    let more = max.is_none_or(|m| done < m)
        && node(n, s, i, &|j| {
            (j != i || done < min) && repeat(n, min, max, done + 1, s, j, k)
        });
    more || (done >= min && k(i))
}

// ---------------------------------------------------------------------
// .tst files.

/// A `#?` line.
#[derive(Debug)]
struct Check {
    line: usize,
    /// The text between the brackets, `!` included, as written.
    shown: String,
    regex: Regex,
    negated: bool,
    expected_fail: bool,
}

/// A command line and the check after it, if any.
#[derive(Debug)]
struct Step {
    line: usize,
    text: String,
    id: Option<u64>,
    name: String,
    check: Option<Check>,
    /// `#?` with nothing after it.
    bare_check: bool,
}

/// Parse a `.tst` file the way gogui-regress reads it; malformed lines
/// are errors rather than being skipped.
fn parse_tst(source: &str) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    // Whether the last command already has its `#?` line.
    let mut checked = true;
    for (n, raw) in source.lines().enumerate() {
        let line = n + 1;
        let text = raw.trim();
        if let Some(rest) = text.strip_prefix("#?") {
            let step = match steps.last_mut() {
                Some(s) if !checked => s,
                _ => return Err(format!("line {line}: #? without a command before it")),
            };
            checked = true;
            let mut pattern = rest.trim();
            if pattern.is_empty() {
                step.bare_check = true;
                continue;
            }
            let expected_fail = pattern.ends_with('*');
            if expected_fail {
                pattern = &pattern[..pattern.len() - 1];
            }
            let inner = pattern
                .strip_prefix('[')
                .and_then(|p| p.strip_suffix(']'))
                .ok_or_else(|| format!("line {line}: pattern must be written [..] or [..]*"))?
                .trim();
            let (negated, body) = match inner.strip_prefix('!') {
                Some(b) => (true, b),
                None => (false, inner),
            };
            let regex = Regex::new(body).map_err(|e| format!("line {line}: bad pattern: {e}"))?;
            step.check = Some(Check {
                line,
                shown: inner.to_string(),
                regex,
                negated,
                expected_fail,
            });
        } else if text.is_empty() || text.starts_with('#') {
            // As in gogui-regress, any other line ends the command: a `#?`
            // after a comment or an empty line has no command before it.
            checked = true;
        } else {
            let text = text.replace('\t', " ");
            let mut words = text.split(' ').filter(|w| !w.is_empty());
            let first = words.next().unwrap_or_default();
            let id = first.parse::<u64>().ok().filter(|_| text.contains(' '));
            let name = if id.is_some() {
                words.next()
            } else {
                Some(first)
            };
            let name = name.unwrap_or_default().to_string();
            steps.push(Step {
                line,
                text,
                id,
                name,
                check: None,
                bare_check: false,
            });
            checked = false;
        }
    }
    Ok(steps)
}

// ---------------------------------------------------------------------
// Talking to the engine.

struct Engine {
    child: Child,
    responses: Receiver<Vec<String>>,
}

impl Engine {
    fn start(dir: &Path) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tianyuan binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, responses) = mpsc::channel();
        // One response is the lines up to an empty line; empty lines
        // before a response are skipped, as GTP allows.
        std::thread::spawn(move || {
            let mut lines = Vec::new();
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                let l = l.trim_end_matches('\r').to_string();
                if !l.is_empty() {
                    lines.push(l);
                } else if !lines.is_empty() && tx.send(std::mem::take(&mut lines)).is_err() {
                    return;
                }
            }
        });
        Engine { child, responses }
    }

    /// Send one command line and wait for its whole response.
    fn send(&mut self, line: &str) -> Result<Vec<String>, String> {
        let stdin = self.child.stdin.as_mut().expect("stdin is piped");
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))?;
        self.responses
            .recv_timeout(TIMEOUT)
            .map_err(|e| format!("no response from the engine: {e}"))
    }

    fn finish(mut self, quit_sent: bool) -> Result<(), String> {
        if !quit_sent {
            self.send("quit")?;
        }
        drop(self.child.stdin.take());
        let status = self.child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the engine exited with {status}"))
        }
    }
}

/// The outcome of one script.
#[derive(Default)]
struct Report {
    /// Commands sent.
    commands: usize,
    /// `#?` patterns checked, expected errors among them.
    patterns: usize,
    expected_errors: usize,
    failures: Vec<String>,
}

/// Run the script `source` (called `name`) on a new engine working in `dir`.
fn run_script(name: &str, source: &str, dir: &Path) -> Report {
    let mut report = Report::default();
    let steps = match parse_tst(source) {
        Ok(s) => s,
        Err(e) => {
            report.failures.push(format!("{name}: {e}"));
            return report;
        }
    };
    let mut engine = Engine::start(dir);
    let mut quit_sent = false;
    for step in &steps {
        let mut fail = |what: &str, expected: &str, got: &str| {
            report.failures.push(format!(
                "{name}:{}: {what}\n    command:  {}\n    expected: {expected}\n    actual:   {got}",
                step.check.as_ref().map_or(step.line, |c| c.line),
                step.text
            ))
        };
        let lines = match engine.send(&step.text) {
            Ok(l) => l,
            Err(e) => {
                fail("engine stopped answering", "a response", &e);
                return report;
            }
        };
        report.commands += 1;
        quit_sent |= step.name == "quit";
        let full = lines.join("\n");
        // Framing: `=id` or `?id`, the id echoed exactly (none if none).
        let status = full.chars().next().unwrap_or(' ');
        let head = full.split([' ', '\n']).next().unwrap_or_default();
        let echoed = head.get(1..).unwrap_or_default();
        let want = step.id.map(|i| i.to_string()).unwrap_or_default();
        if !matches!(status, '=' | '?') || echoed != want {
            fail(
                "badly framed response",
                &format!("={want} or ?{want} ..."),
                &full,
            );
            continue;
        }
        let error = status == '?';
        // The response text as gogui-regress takes it: after the first
        // space of the full response, trimmed.
        let response = full.find(' ').map_or("", |i| full[i..].trim());
        let Some(check) = &step.check else {
            // Without a pattern a command passes unless it fails.
            if error {
                fail("command failed", "success", &full);
            }
            continue;
        };
        report.patterns += 1;
        if check.expected_fail {
            report.expected_errors += 1;
        }
        let matched = check.regex.matches(response) != check.negated;
        let expected = format!(
            "[{}]{}",
            check.shown,
            if check.expected_fail { "*" } else { "" }
        );
        match (check.expected_fail, error, matched) {
            (false, false, true) | (true, true, true) => {}
            (false, true, _) => fail("unexpected FAIL: command failed", &expected, &full),
            (false, false, false) => fail("unexpected FAIL: wrong response", &expected, &full),
            (true, false, _) => fail(
                "unexpected PASS: the command should have been refused",
                &expected,
                &full,
            ),
            (true, true, false) => fail("refused with the wrong error", &expected, &full),
        }
    }
    if let Err(e) = engine.finish(quit_sent) {
        report.failures.push(format!("{name}: {e}"));
    }
    report
}

#[test]
fn regression_files() {
    let mut failures = Vec::new();
    for path in tst_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).expect("test file is readable");
        let r = run_script(&name, &source, path.parent().unwrap());
        println!(
            "{name}: {} commands, {} #? checks ({} expected errors), {} failed",
            r.commands,
            r.patterns,
            r.expected_errors,
            r.failures.len()
        );
        for f in &r.failures {
            println!("  FAIL {f}");
        }
        failures.extend(r.failures);
    }
    assert!(
        failures.is_empty(),
        "{} regression check(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The runner itself: every kind of wrong answer is reported, right
/// answers are not.
#[test]
fn runner_reports_each_kind_of_failure() {
    let script = "\
1 name
#? [tianyuan]
2 name
#? [!tian]
3 play b z99
#? [syntax error]*
4 protocol_version
#? [3]
5 play b z99
#? [2]
6 name
#? [.*]*
7 play b z99
#? [illegal move]*
8 boardsize 1
boardsize 1
9 name
#? [!tianyuan]
10 name
";
    let r = run_script("self-test", script, &scripts_dir());
    assert_eq!((r.commands, r.patterns, r.expected_errors), (11, 8, 3));
    let lines: Vec<&str> = r
        .failures
        .iter()
        .map(|f| f.split(':').nth(1).unwrap())
        .collect();
    assert_eq!(
        lines,
        ["8", "10", "12", "14", "15", "16", "18"],
        "{:#?}",
        r.failures
    );
    assert!(r.failures[0].contains("expected: [3]") && r.failures[0].contains("actual:   =4 2"));
    assert!(r.failures[2].contains("unexpected PASS"));
    assert!(r.failures[3].contains("wrong error"));
}

#[test]
fn every_file_is_well_formed_and_has_checks() {
    for path in tst_files() {
        let name = path.display();
        let source = std::fs::read_to_string(&path).unwrap();
        let steps = parse_tst(&source).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            source.lines().any(|l| l.trim().starts_with("#?")),
            "{name} has no #? line"
        );
        let mut ids = std::collections::HashSet::new();
        for s in &steps {
            if let Some(id) = s.id {
                assert!(ids.insert(id), "{name}:{}: id {id} used twice", s.line);
            }
        }
    }
}

#[cfg(test)]
mod regex_tests {
    use super::*;

    fn is(pattern: &str, text: &str) -> bool {
        Regex::new(pattern)
            .unwrap_or_else(|e| panic!("{pattern}: {e}"))
            .matches(text)
    }

    #[test]
    fn literals_and_whole_match() {
        assert!(is("illegal move", "illegal move"));
        assert!(!is("illegal", "illegal move"), "the whole text must match");
        assert!(!is("move", "illegal move"));
        assert!(is("", ""));
        assert!(!is("", "x"));
        assert!(is(r"B\+3\.5", "B+3.5"));
        assert!(!is(r"B\+3\.5", "B+3x5"));
        assert!(is(r"HA\[2\]", "HA[2]"));
    }

    #[test]
    fn dot_and_quantifiers() {
        assert!(is("a.c", "abc"));
        assert!(is(".*", "any\nthing"), "DOTALL: . matches a newline");
        assert!(is("ab*c", "ac") && is("ab*c", "abbbc"));
        assert!(is("ab+c", "abc") && !is("ab+c", "ac"));
        assert!(is("ab?c", "ac") && is("ab?c", "abc") && !is("ab?c", "abbc"));
        assert!(is("a{2}", "aa") && !is("a{2}", "aaa"));
        assert!(is("a{1,2}b", "aab") && !is("a{1,2}b", "aaab"));
        assert!(is("a{2,}", "aaaa") && !is("a{2,}", "a"));
        assert!(is(".*?x", "abx"), "lazy quantifiers are accepted");
        assert!(is("(a*)*b", "aaab") && !is("(a*)*b", "aaac"));
        assert!(!is("(a|aa)*c", &"a".repeat(20)), "backtracking ends");
    }

    #[test]
    fn classes_and_escapes() {
        assert!(is("[A-HJ-T][0-9]+", "Q16"));
        assert!(!is("[A-HJ-T][0-9]+", "I16"));
        assert!(is("[^I]", "J") && !is("[^I]", "I"));
        assert!(is("[-a]", "-") && is("[a-]", "-"));
        assert!(is(r"[\]x]", "]"));
        assert!(is(r"\d+", "2024") && !is(r"\d", "x"));
        assert!(is(r"\s*x\S", " \t\nxy") && !is(r"\S", " "));
        assert!(is(r"\w+", "a_1") && is(r"\W", "+"));
        assert!(is(r"[\d.]+", "7.5"));
        assert!(is(r"a\nb", "a\nb"));
    }

    #[test]
    fn alternation_groups_and_anchors() {
        assert!(is("0|1", "1") && !is("0|1", "01"));
        assert!(is("(B|W)\\+[0-9.]+", "W+0.5"));
        assert!(is("x(ab|cd)+y", "xabcdaby") && !is("x(ab|cd)+y", "xy"));
        assert!(is("(?:ab)?c", "c"));
        assert!(is("a|", "") && is("(|b)c", "c"));
        assert!(is(".*^play$.*", "name\nplay\nquit"), "MULTILINE anchors");
        assert!(!is(".*^lay$.*", "name\nplay\nquit"));
    }

    #[test]
    fn bad_patterns_are_errors() {
        for bad in [
            "(ab", "ab)", "[ab", "*a", "a**", r"\q", "[b-a]", "a{x}", "(?=a)",
        ] {
            assert!(Regex::new(bad).is_err(), "{bad} should not compile");
        }
    }

    #[test]
    fn tst_parsing() {
        let steps = parse_tst(
            "# comment\n\n10 play b c3\n#? []\nboardsize 5\n 11\tlist_stones b \n#? [!.*A3.*]*\n12 name\n#?\n",
        )
        .unwrap();
        assert_eq!(steps.len(), 4);
        assert_eq!((steps[0].id, steps[0].name.as_str()), (Some(10), "play"));
        assert!(steps[0].check.as_ref().is_some_and(|c| !c.expected_fail));
        assert_eq!((steps[1].id, steps[1].name.as_str()), (None, "boardsize"));
        assert!(steps[1].check.is_none());
        assert_eq!(steps[2].text, "11 list_stones b");
        let c = steps[2].check.as_ref().unwrap();
        assert!(c.negated && c.expected_fail && c.regex.matches("B1 A3 C4"));
        assert!(steps[3].bare_check && steps[3].check.is_none());
        assert!(parse_tst("#? [x]\n").is_err(), "#? needs a command");
        assert!(
            parse_tst("1 name\n#? [a]\n#? [b]\n").is_err(),
            "one #? per command"
        );
        assert!(
            parse_tst("1 name\n#? x\n").is_err(),
            "brackets are required"
        );
        assert!(
            parse_tst("1 name\n# why\n#? [x]\n").is_err(),
            "#? must follow its command directly"
        );
        assert!(parse_tst("1 name\n\n#? [x]\n").is_err());
    }
}
