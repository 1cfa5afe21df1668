//! SGF (Smart Game Format, `FF[4]`) reading and writing for Go game records.
//!
//! This module owns the conversion between SGF text and [`SgfGame`], a flat
//! main-line view of one game: board size, komi, handicap, rules and result,
//! plus one [`SgfNode`] per node with its setup stones, move and player to
//! move. Variations are parsed for syntax and then skipped. Coordinates are
//! given in GTP orientation (row 0 at the bottom), so callers never see SGF
//! letters. The only thing used from the rest of the crate is [`Color`].

use std::fmt;

use crate::board::Color;

/// A coordinate on the board: column x from 0 (left), row y from 0 at the BOTTOM
/// (GTP orientation, so SGF "aa" on a 19x19 board is (0, 18)).
pub type Coord = (usize, usize);

/// One node of the main line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SgfNode {
    /// `AB`: black stones placed by setup, in file order.
    pub add_black: Vec<Coord>,
    /// `AW`: white stones placed by setup, in file order.
    pub add_white: Vec<Coord>,
    /// `AE`: points cleared by setup, in file order.
    pub add_empty: Vec<Coord>,
    /// `B[..]` / `W[..]`: the move of this node; a `None` coordinate is a pass.
    pub mv: Option<(Color, Option<Coord>)>,
    /// `PL`: the player to move next.
    pub player: Option<Color>,
}

/// The main line of one game.
///
/// A game that [`write()`] followed by [`parse`] reproduces exactly ("valid")
/// has at least one node, a size in `2..=25`, every coordinate on the board,
/// a finite komi and a handicap that is `None` or at least 1 (`Some(0)` is
/// written as "no handicap").
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// `SZ`: board side, 19 when absent.
    pub size: usize,
    /// `KM`: komi.
    pub komi: Option<f64>,
    /// `HA`: number of handicap stones.
    pub handicap: Option<u32>,
    /// `RU`: rule set name, verbatim.
    pub rules: Option<String>,
    /// `RE`: result, verbatim (e.g. `W+3.5`, `B+R`).
    pub result: Option<String>,
    /// The main line, root node first. [`parse`] always returns at least one.
    pub nodes: Vec<SgfNode>,
}

/// Why a text could not be read as an SGF game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError(pub String);

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad SGF: {}", self.0)
    }
}

impl std::error::Error for SgfError {}

/// Board side when the root has no `SZ`.
const DEFAULT_SIZE: usize = 19;
/// Smallest accepted board side.
const MIN_SIZE: usize = 2;
/// Largest accepted board side (keeps every coordinate a lowercase letter).
const MAX_SIZE: usize = 25;
/// Deepest accepted nesting of game trees.
const MAX_DEPTH: usize = 10_000;
/// Cap on setup points over the whole main line, so a small file of
/// compressed rectangles cannot expand into an enormous allocation.
const MAX_SETUP_POINTS: usize = 1_000_000;
/// Longest stored identifier: every identifier this module reads has at most
/// two letters, so a third one is enough to tell that it is something else.
const MAX_IDENT: usize = 3;
/// The writer starts a new line before a token that would pass this column.
const LINE_WIDTH: usize = 78;
/// Longest piece of a user value quoted in an error message.
const MAX_QUOTE: usize = 24;

fn fail<T>(message: String) -> Result<T, SgfError> {
    Err(SgfError(message))
}

/// `s` for an error message, shortened if long.
fn quote(s: &str) -> String {
    if s.chars().count() <= MAX_QUOTE {
        s.to_string()
    } else {
        let mut short: String = s.chars().take(MAX_QUOTE).collect();
        short.push_str("...");
        short
    }
}

// ---------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------

/// The properties this module interprets; everything else is skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prop {
    Black,
    White,
    AddBlack,
    AddWhite,
    AddEmpty,
    Player,
    Size,
    GameType,
    Komi,
    Handicap,
    Rules,
    Result,
}

impl Prop {
    /// Maps an identifier with the lowercase letters already dropped
    /// (`FF[3]` `AddBlack` is read as `AB`, as `FF[4]` prescribes).
    fn from_ident(ident: &str) -> Option<Prop> {
        Some(match ident {
            "B" => Prop::Black,
            "W" => Prop::White,
            "AB" => Prop::AddBlack,
            "AW" => Prop::AddWhite,
            "AE" => Prop::AddEmpty,
            "PL" => Prop::Player,
            "SZ" => Prop::Size,
            "GM" => Prop::GameType,
            "KM" => Prop::Komi,
            "HA" => Prop::Handicap,
            "RU" => Prop::Rules,
            "RE" => Prop::Result,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Prop::Black => "B",
            Prop::White => "W",
            Prop::AddBlack => "AB",
            Prop::AddWhite => "AW",
            Prop::AddEmpty => "AE",
            Prop::Player => "PL",
            Prop::Size => "SZ",
            Prop::GameType => "GM",
            Prop::Komi => "KM",
            Prop::Handicap => "HA",
            Prop::Rules => "RU",
            Prop::Result => "RE",
        }
    }

    /// Point lists may repeat and take any number of values; every other
    /// property appears at most once per node with exactly one value.
    fn is_list(self) -> bool {
        matches!(self, Prop::AddBlack | Prop::AddWhite | Prop::AddEmpty)
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// SGF white space: space and the control characters tab to carriage return.
fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// Byte offset of the `;` that opens the first game tree: the first `(`
/// followed (after optional white space) by `;`. Anything before is ignored.
fn find_tree_start(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(offset) = bytes[from..].iter().position(|&b| b == b'(') {
        let mut at = from + offset + 1;
        while bytes.get(at).is_some_and(|&b| is_space(b)) {
            at += 1;
        }
        if bytes.get(at) == Some(&b';') {
            return Some(at);
        }
        from = at;
    }
    None
}

/// A cursor over the input. It only ever stops on ASCII bytes or at the end,
/// so `pos` is always a character boundary of `text`.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }

    /// What is at the cursor, for error messages.
    fn describe(&self) -> String {
        match self
            .text
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
        {
            Some(c) => format!("{:?}", c),
            None => "end of input".to_string(),
        }
    }

    /// Reads a property identifier (ASCII letters), keeping only uppercase
    /// letters and at most `MAX_IDENT` of them.
    fn read_ident(&mut self) -> String {
        let mut ident = String::new();
        while let Some(b) = self.peek() {
            if b.is_ascii_uppercase() {
                if ident.len() < MAX_IDENT {
                    ident.push(b as char);
                }
            } else if !b.is_ascii_lowercase() {
                break;
            }
            self.pos += 1;
        }
        ident
    }

    /// Reads one `[...]` value with the cursor on `[`. Escapes are resolved
    /// (`\x` is `x`; a backslash before a line break removes both). When
    /// `keep` is false the value is only skipped and "" is returned.
    fn read_value(&mut self, keep: bool) -> Result<String, SgfError> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        self.pos += 1;
        let mut value = Vec::new();
        loop {
            let Some(&b) = bytes.get(self.pos) else {
                return fail(format!(
                    "unterminated property value: the '[' at byte {start} has no closing ']'"
                ));
            };
            self.pos += 1;
            match b {
                b']' => break,
                b'\\' => {
                    let Some(&next) = bytes.get(self.pos) else {
                        return fail(format!(
                            "unterminated property value: the '[' at byte {start} has no closing ']'"
                        ));
                    };
                    self.pos += 1;
                    if next == b'\n' || next == b'\r' {
                        // Soft line break; "\r\n" and "\n\r" count as one.
                        let other = if next == b'\n' { b'\r' } else { b'\n' };
                        if bytes.get(self.pos) == Some(&other) {
                            self.pos += 1;
                        }
                    } else if keep {
                        value.push(next);
                    }
                }
                _ if keep => value.push(b),
                _ => {}
            }
        }
        // The value was cut from valid UTF-8 at ASCII bytes, so it is valid.
        Ok(String::from_utf8(value)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}

/// Parses the first game tree of an SGF collection and returns its main line
/// (the first variation at every branch). Other variations must be well
/// formed but are otherwise ignored, as is anything after the first tree.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let Some(start) = find_tree_start(text.as_bytes()) else {
        return fail("no game tree: the text contains no '(;'".to_string());
    };
    let mut cur = Cursor { text, pos: start };
    let mut game = Builder::new();
    let mut depth = 1usize;
    // Still on the main line? It ends at the first ')' of the file: before
    // that every '(' opens the first child of its parent.
    let mut main_line = true;
    // True once the current tree has had a child tree: only '(' or ')' may follow.
    let mut after_children = false;
    loop {
        cur.skip_space();
        let at = cur.pos;
        let Some(c) = cur.peek() else {
            return fail(format!(
                "unterminated game tree: input ends with {depth} tree(s) still open"
            ));
        };
        match c {
            b'(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return fail(format!(
                        "variations nested deeper than {MAX_DEPTH} levels at byte {at}"
                    ));
                }
                cur.pos += 1;
                cur.skip_space();
                if cur.peek() != Some(b';') {
                    return fail(format!(
                        "the game tree opened at byte {at} must start with ';', found {}",
                        cur.describe()
                    ));
                }
                after_children = false;
            }
            b')' => {
                cur.pos += 1;
                depth -= 1;
                main_line = false;
                if depth == 0 {
                    break;
                }
                after_children = true;
            }
            b';' if after_children => {
                return fail(format!(
                    "node at byte {at} comes after a variation; nodes must precede variations"
                ));
            }
            b';' => {
                cur.pos += 1;
                if main_line {
                    game.start_node()?;
                }
            }
            c if c.is_ascii_alphabetic() && !after_children => {
                let ident = cur.read_ident();
                let written = &text[at..cur.pos];
                cur.skip_space();
                if cur.peek() != Some(b'[') {
                    return fail(format!(
                        "property {} at byte {at} has no value (found {})",
                        quote(written),
                        cur.describe()
                    ));
                }
                let prop = if main_line {
                    Prop::from_ident(&ident)
                } else {
                    None
                };
                let mut values = Vec::new();
                while cur.peek() == Some(b'[') {
                    let value = cur.read_value(prop.is_some())?;
                    if prop.is_some() {
                        values.push(value);
                    }
                    cur.skip_space();
                }
                if let Some(prop) = prop {
                    game.add(prop, values)?;
                }
            }
            _ => {
                return fail(format!(
                    "unexpected {} at byte {at} inside the game tree",
                    cur.describe()
                ));
            }
        }
    }
    game.finish()
}

/// Turns the main line's properties into an [`SgfGame`] node by node.
///
/// The root node's properties are held back until the root is complete, so
/// that its `SZ` is known before any coordinate is converted, wherever `SZ`
/// stands in the node. Later nodes are converted as they are read.
struct Builder {
    size: usize,
    root_done: bool,
    root_props: Vec<(Prop, Vec<String>)>,
    komi: Option<f64>,
    handicap: Option<u32>,
    rules: Option<String>,
    result: Option<String>,
    nodes: Vec<SgfNode>,
    /// Single-valued properties already seen in the current node.
    seen: u16,
    setup_points: usize,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            size: DEFAULT_SIZE,
            root_done: false,
            root_props: Vec::new(),
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            nodes: Vec::new(),
            seen: 0,
            setup_points: 0,
        }
    }

    fn start_node(&mut self) -> Result<(), SgfError> {
        if !self.nodes.is_empty() && !self.root_done {
            self.finish_root()?;
        }
        self.nodes.push(SgfNode::default());
        self.seen = 0;
        Ok(())
    }

    fn add(&mut self, prop: Prop, values: Vec<String>) -> Result<(), SgfError> {
        if self.root_done {
            self.apply(prop, values)
        } else {
            self.root_props.push((prop, values));
            Ok(())
        }
    }

    fn finish_root(&mut self) -> Result<(), SgfError> {
        self.root_done = true;
        let props = std::mem::take(&mut self.root_props);
        // Size first (repeats and extra values are reported by `apply`).
        for (prop, values) in &props {
            if let (Prop::Size, Some(value)) = (prop, values.first()) {
                self.size = parse_size(value)?;
            }
        }
        for (prop, values) in props {
            self.apply(prop, values)?;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<SgfGame, SgfError> {
        if !self.root_done {
            self.finish_root()?;
        }
        Ok(SgfGame {
            size: self.size,
            komi: self.komi,
            handicap: self.handicap,
            rules: self.rules,
            result: self.result,
            nodes: self.nodes,
        })
    }

    fn apply(&mut self, prop: Prop, values: Vec<String>) -> Result<(), SgfError> {
        let index = self.nodes.len().saturating_sub(1);
        let place = if index == 0 {
            "the root node".to_string()
        } else {
            format!("node {index}")
        };
        if !prop.is_list() {
            if self.seen & prop.bit() != 0 {
                return fail(format!("{} appears twice in {place}", prop.name()));
            }
            self.seen |= prop.bit();
            if values.len() != 1 {
                return fail(format!(
                    "{} in {place} takes one value, found {}",
                    prop.name(),
                    values.len()
                ));
            }
        }
        let size = self.size;
        let Some(node) = self.nodes.last_mut() else {
            return fail("property outside any node".to_string());
        };
        let value = values.first().map(String::as_str).unwrap_or("");
        match prop {
            Prop::Black | Prop::White => {
                if node.mv.is_some() {
                    return fail(format!("{place} has more than one move"));
                }
                let color = if prop == Prop::Black {
                    Color::Black
                } else {
                    Color::White
                };
                node.mv = Some((color, parse_move(value, size, prop)?));
            }
            Prop::AddBlack | Prop::AddWhite | Prop::AddEmpty => {
                let list = match prop {
                    Prop::AddBlack => &mut node.add_black,
                    Prop::AddWhite => &mut node.add_white,
                    _ => &mut node.add_empty,
                };
                let before = list.len();
                for value in &values {
                    add_points(value, size, prop, list)?;
                }
                self.setup_points += list.len() - before;
                if self.setup_points > MAX_SETUP_POINTS {
                    return fail(format!(
                        "more than {MAX_SETUP_POINTS} setup points in the main line"
                    ));
                }
            }
            Prop::Player => node.player = Some(parse_color(value)?),
            // Root-only properties: SZ was applied by `finish_root`.
            Prop::Size => {}
            Prop::GameType => {
                if index == 0 {
                    let game = parse_number::<u32>(value, prop)?;
                    if game != 1 {
                        return fail(format!(
                            "GM[{game}] is not a game of Go (only GM[1] is supported)"
                        ));
                    }
                }
            }
            // Game information: the first occurrence on the main line wins.
            Prop::Komi => {
                let komi = parse_komi(value)?;
                self.komi.get_or_insert(komi);
            }
            Prop::Handicap => {
                let handicap = parse_number::<u32>(value, prop)?;
                self.handicap.get_or_insert(handicap);
            }
            Prop::Rules => {
                self.rules.get_or_insert_with(|| value.to_string());
            }
            Prop::Result => {
                self.result.get_or_insert_with(|| value.to_string());
            }
        }
        Ok(())
    }
}

fn parse_number<T: std::str::FromStr>(value: &str, prop: Prop) -> Result<T, SgfError> {
    value
        .trim()
        .parse()
        .or_else(|_| fail(format!("bad number in {}[{}]", prop.name(), quote(value))))
}

/// `SZ[n]` or `SZ[n:n]`.
fn parse_size(value: &str) -> Result<usize, SgfError> {
    let (cols, rows) = match value.split_once(':') {
        Some((cols, rows)) => (cols, Some(rows)),
        None => (value, None),
    };
    let size = parse_number::<usize>(cols, Prop::Size)?;
    if let Some(rows) = rows {
        if parse_number::<usize>(rows, Prop::Size)? != size {
            return fail(format!(
                "SZ[{}]: non-square boards are not supported",
                quote(value)
            ));
        }
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return fail(format!(
            "SZ[{}]: board size must be between {MIN_SIZE} and {MAX_SIZE}",
            quote(value)
        ));
    }
    Ok(size)
}

fn parse_komi(value: &str) -> Result<f64, SgfError> {
    match value.trim().parse::<f64>() {
        Ok(komi) if komi.is_finite() => Ok(komi),
        _ => fail(format!("bad number in KM[{}]", quote(value))),
    }
}

fn parse_color(value: &str) -> Result<Color, SgfError> {
    match value.trim().to_ascii_uppercase().as_str() {
        "B" | "BLACK" => Ok(Color::Black),
        "W" | "WHITE" => Ok(Color::White),
        _ => fail(format!(
            "bad colour in PL[{}]: expected B or W",
            quote(value)
        )),
    }
}

/// SGF coordinate letter: a..z are 0..25, A..Z are 26..51.
fn letter_index(c: char) -> Option<usize> {
    match c {
        'a'..='z' => Some(c as usize - 'a' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 26),
        _ => None,
    }
}

/// One SGF point, converted to GTP orientation.
fn parse_point(value: &str, size: usize, prop: Prop) -> Result<Coord, SgfError> {
    let mut chars = value.chars();
    let (Some(cx), Some(cy), None) = (chars.next(), chars.next(), chars.next()) else {
        return fail(format!(
            "bad point {}[{}]: expected two letters",
            prop.name(),
            quote(value)
        ));
    };
    let (Some(x), Some(y)) = (letter_index(cx), letter_index(cy)) else {
        let bad = if letter_index(cx).is_none() { cx } else { cy };
        return fail(format!(
            "bad coordinate letter {bad:?} in {}[{}]: must be a-z or A-Z",
            prop.name(),
            quote(value)
        ));
    };
    if x >= size || y >= size {
        return fail(format!(
            "point {}[{value}] is outside the {size}x{size} board",
            prop.name()
        ));
    }
    Ok((x, size - 1 - y))
}

/// A `B`/`W` value: `[]`, or `[tt]` on boards up to 19x19, is a pass.
fn parse_move(value: &str, size: usize, prop: Prop) -> Result<Option<Coord>, SgfError> {
    let value = value.trim();
    if value.is_empty() || (size <= 19 && value == "tt") {
        Ok(None)
    } else {
        parse_point(value, size, prop).map(Some)
    }
}

/// Appends one value of a point list: a point, or a compressed rectangle
/// `xy:xy` (both corners included, in either order). An empty value adds nothing.
fn add_points(value: &str, size: usize, prop: Prop, out: &mut Vec<Coord>) -> Result<(), SgfError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(());
    }
    match value.split_once(':') {
        None => out.push(parse_point(value, size, prop)?),
        Some((a, b)) => {
            let (x1, y1) = parse_point(a.trim(), size, prop)?;
            let (x2, y2) = parse_point(b.trim(), size, prop)?;
            // Top row first, as the rectangle reads in SGF order.
            for y in (y1.min(y2)..=y1.max(y2)).rev() {
                for x in x1.min(x2)..=x1.max(x2) {
                    out.push((x, y));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------

/// Builds the output, breaking lines between tokens at `LINE_WIDTH`.
struct Writer {
    out: String,
    column: usize,
}

impl Writer {
    /// Appends `token`, first starting a new line if it would not fit. Only
    /// call this where SGF allows white space before the token.
    fn token(&mut self, token: &str) {
        if self.column > 0 && self.column + token.len() > LINE_WIDTH {
            self.newline();
        }
        self.out.push_str(token);
        self.column = match token.rfind('\n') {
            Some(at) => token.len() - at - 1,
            None => self.column + token.len(),
        };
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// A property with one value, escaped as text.
    fn text(&mut self, ident: &str, value: &str) {
        let mut token = String::with_capacity(ident.len() + value.len() + 2);
        token.push_str(ident);
        token.push('[');
        for c in value.chars() {
            if c == ']' || c == '\\' {
                token.push('\\');
            }
            token.push(c);
        }
        token.push(']');
        self.token(&token);
    }

    /// A point list property, one value per point (nothing if empty).
    fn points(&mut self, ident: &str, points: &[Coord], size: usize) {
        for (i, &point) in points.iter().enumerate() {
            let value = format!("[{}]", point_text(point, size));
            if i == 0 {
                self.token(&format!("{ident}{value}"));
            } else {
                self.token(&value);
            }
        }
    }

    /// The setup, player and move of one node.
    fn node(&mut self, node: &SgfNode, size: usize) {
        self.points("AB", &node.add_black, size);
        self.points("AW", &node.add_white, size);
        self.points("AE", &node.add_empty, size);
        if let Some(player) = node.player {
            self.text("PL", color_letter(player));
        }
        if let Some((color, point)) = node.mv {
            let value = point.map(|p| point_text(p, size)).unwrap_or_default();
            self.text(color_letter(color), &value);
        }
    }
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// SGF letters of an on-board point. Off-board points come out as letters
/// the reader rejects (or "??"), never as a panic.
fn point_text((x, y): Coord, size: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let row = size.checked_sub(1).and_then(|top| top.checked_sub(y));
    match (LETTERS.get(x), row.and_then(|r| LETTERS.get(r))) {
        (Some(&cx), Some(&cy)) => [cx as char, cy as char].iter().collect(),
        _ => "??".to_string(),
    }
}

/// Writes `game` as an `FF[4]` SGF file: the root node with the game
/// information followed by one node per further main-line node. Passes are
/// written as `B[]`/`W[]`. `parse(&write(&g)) == g` for every valid game
/// (see [`SgfGame`]).
pub fn write(game: &SgfGame) -> String {
    let size = game.size;
    let mut w = Writer {
        out: String::new(),
        column: 0,
    };
    w.token("(;");
    w.token("FF[4]");
    w.token("GM[1]");
    w.token("CA[UTF-8]");
    w.token("AP[tianyuan]");
    w.token(&format!("SZ[{size}]"));
    if let Some(komi) = game.komi {
        w.token(&format!("KM[{komi}]"));
    }
    if let Some(rules) = &game.rules {
        w.text("RU", rules);
    }
    if let Some(handicap) = game.handicap.filter(|&h| h > 0) {
        w.token(&format!("HA[{handicap}]"));
    }
    if let Some(result) = &game.result {
        w.text("RE", result);
    }
    if let Some(root) = game.nodes.first() {
        w.node(root, size);
    }
    if game.nodes.len() > 1 {
        w.newline();
    }
    for node in game.nodes.iter().skip(1) {
        w.token(";");
        w.node(node, size);
    }
    w.token(")");
    w.newline();
    w.out
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn ok(text: &str) -> SgfGame {
        match parse(text) {
            Ok(game) => game,
            Err(e) => panic!("failed to parse {text:?}: {e}"),
        }
    }

    /// Parsing fails and the message contains `needle`.
    fn bad(text: &str, needle: &str) {
        match parse(text) {
            Ok(game) => panic!("{text:?} should not parse, got {game:?}"),
            Err(SgfError(message)) => assert!(
                message.contains(needle),
                "error for {text:?} is {message:?}, expected it to mention {needle:?}"
            ),
        }
    }

    fn moves(game: &SgfGame) -> Vec<(Color, Option<Coord>)> {
        game.nodes.iter().filter_map(|n| n.mv).collect()
    }

    fn mv(color: Color, x: usize, y: usize) -> SgfNode {
        SgfNode {
            mv: Some((color, Some((x, y)))),
            ..SgfNode::default()
        }
    }

    fn pass(color: Color) -> SgfNode {
        SgfNode {
            mv: Some((color, None)),
            ..SgfNode::default()
        }
    }

    fn sample_game() -> SgfGame {
        SgfGame {
            size: 9,
            komi: Some(7.5),
            handicap: Some(2),
            rules: Some("Chinese".to_string()),
            result: Some("W+3.5".to_string()),
            nodes: vec![
                SgfNode {
                    add_black: vec![(2, 6), (6, 2)],
                    player: Some(White),
                    ..SgfNode::default()
                },
                mv(White, 4, 4),
                mv(Black, 0, 0),
                pass(White),
                mv(Black, 8, 8),
                SgfNode {
                    add_white: vec![(1, 1)],
                    add_empty: vec![(0, 0)],
                    ..SgfNode::default()
                },
                SgfNode::default(),
                pass(Black),
            ],
        }
    }

    /// Small deterministic generator (xorshift64*), so the tests need no crates.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    fn random_game(rng: &mut Rng) -> SgfGame {
        let size = MIN_SIZE + rng.below(MAX_SIZE - MIN_SIZE + 1);
        let point = |rng: &mut Rng| (rng.below(size), rng.below(size));
        let mut nodes = Vec::new();
        for i in 0..1 + rng.below(60) {
            let mut node = SgfNode::default();
            if i == 0 || rng.below(8) == 0 {
                for _ in 0..rng.below(4) {
                    node.add_black.push(point(rng));
                }
                for _ in 0..rng.below(3) {
                    node.add_white.push(point(rng));
                }
                for _ in 0..rng.below(2) {
                    node.add_empty.push(point(rng));
                }
                if rng.below(3) == 0 {
                    node.player = Some(if rng.below(2) == 0 { Black } else { White });
                }
            }
            if i > 0 || rng.below(4) == 0 {
                let color = if i % 2 == 1 { Black } else { White };
                let at = if rng.below(10) == 0 {
                    None
                } else {
                    Some(point(rng))
                };
                node.mv = Some((color, at));
            }
            nodes.push(node);
        }
        let texts = ["", "Japanese", "a]b\\c", "x\\\ny", "日本 ]]\\", "W+R"];
        SgfGame {
            size,
            komi: [None, Some(7.5), Some(-3.5), Some(0.0), Some(6.0), Some(0.1)][rng.below(6)],
            handicap: [None, Some(2), Some(9), Some(1)][rng.below(4)],
            rules: if rng.below(2) == 0 {
                None
            } else {
                Some(texts[rng.below(texts.len())].to_string())
            },
            result: if rng.below(2) == 0 {
                None
            } else {
                Some(texts[rng.below(texts.len())].to_string())
            },
            nodes,
        }
    }

    #[test]
    fn round_trip_sample() {
        let game = sample_game();
        let text = write(&game);
        assert_eq!(ok(&text), game, "written as {text}");
    }

    #[test]
    fn round_trip_random_games() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for _ in 0..300 {
            let game = random_game(&mut rng);
            let text = write(&game);
            assert_eq!(ok(&text), game, "written as {text}");
        }
    }

    #[test]
    fn round_trip_every_size_and_corner() {
        for size in MIN_SIZE..=MAX_SIZE {
            let last = size - 1;
            let game = SgfGame {
                size,
                komi: None,
                handicap: None,
                rules: None,
                result: None,
                nodes: vec![
                    SgfNode {
                        add_black: vec![(0, 0), (last, last)],
                        add_white: vec![(0, last), (last, 0)],
                        ..SgfNode::default()
                    },
                    mv(Black, last, last),
                    mv(White, 0, 0),
                    pass(Black),
                ],
            };
            assert_eq!(ok(&write(&game)), game, "size {size}");
        }
    }

    #[test]
    fn round_trip_minimal_game() {
        let game = SgfGame {
            size: 19,
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            nodes: vec![SgfNode::default()],
        };
        let text = write(&game);
        assert_eq!(text, "(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[19])\n");
        assert_eq!(ok(&text), game);
    }

    #[test]
    fn writer_format() {
        // Line breaks fall between tokens; compare without them.
        let text = write(&sample_game()).replace('\n', "");
        assert!(
            text.starts_with(
                "(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[9]KM[7.5]RU[Chinese]HA[2]RE[W+3.5]AB[cc][gg]PL[W];W[ee];B[ai];W[];B[ia]"
            ),
            "{text}"
        );
        assert!(text.ends_with(";AW[bh]AE[ai];;B[])"), "{text}");

        // Optional properties are left out; komi keeps its exact value.
        let mut game = sample_game();
        game.rules = None;
        game.result = None;
        game.handicap = Some(0);
        game.komi = Some(6.0);
        let text = write(&game).replace('\n', "");
        assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[tianyuan]SZ[9]KM[6]AB[cc]"));
        assert!(!text.contains("RU[") && !text.contains("RE[") && !text.contains("HA["));
        game.komi = None;
        assert!(!write(&game).contains("KM["));
    }

    #[test]
    fn writer_escapes_text() {
        let mut game = sample_game();
        game.result = Some("B+]\\".to_string());
        let text = write(&game);
        assert!(text.contains("RE[B+\\]\\\\]"), "{text}");
        assert_eq!(ok(&text), game);
    }

    #[test]
    fn writer_wraps_long_games() {
        let mut game = sample_game();
        game.size = 19;
        game.nodes[0].add_black = (0..19).flat_map(|x| (0..19).map(move |y| (x, y))).collect();
        for i in 0..500 {
            let color = if i % 2 == 0 { Black } else { White };
            game.nodes.push(mv(color, i % 19, (i / 19) % 19));
        }
        let text = write(&game);
        assert!(text.lines().count() > 50);
        for line in text.lines() {
            assert!(line.len() <= LINE_WIDTH, "line too long: {line}");
        }
        assert_eq!(ok(&text), game);
    }

    const REAL_GAME: &str = "\
(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
RU[Japanese]SZ[19]KM[6.50]
PW[White Player]PB[Black Player]WR[3d]BR[2d]DT[2019-05-04]
C[A comment with \\] bracket, (parentheses), ;semicolons; and \\\\ backslash.]
RE[W+R]
;B[pd]C[first move]
;W[dp]
;B[pq]
(;W[dd]
  (;B[fc]LB[fc:A]
   ;W[cf];B[jd]TR[jd])
  (;B[cc];W[dc]
     (;B[cd];W[ce])
     (;B[db]))
  (;B[tt]))
(;W[qo];B[qn]
  ;W[pn])
(;W[tt]C[variation with a pass])
)";

    #[test]
    fn real_game_main_line() {
        let game = ok(REAL_GAME);
        assert_eq!(game.size, 19);
        assert_eq!(game.komi, Some(6.5));
        assert_eq!(game.rules.as_deref(), Some("Japanese"));
        assert_eq!(game.result.as_deref(), Some("W+R"));
        assert_eq!(game.handicap, None);
        assert_eq!(
            moves(&game),
            vec![
                (Black, Some((15, 15))),
                (White, Some((3, 3))),
                (Black, Some((15, 2))),
                (White, Some((3, 15))),
                (Black, Some((5, 16))),
                (White, Some((2, 13))),
                (Black, Some((9, 15))),
            ]
        );
        assert_eq!(game.nodes.len(), 8);
        assert_eq!(game.nodes[0], SgfNode::default());
    }

    #[test]
    fn nested_variations_are_skipped() {
        let game = ok("(;SZ[9](;B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))(;B[gg](;W[hh])))");
        assert_eq!(
            moves(&game),
            vec![
                (Black, Some((0, 8))),
                (White, Some((1, 7))),
                (Black, Some((2, 6))),
                (White, Some((3, 5))),
            ]
        );
        // Variations are checked for syntax even though they are skipped.
        bad("(;SZ[9](;B[aa])(;W[bb)", "unterminated property value");
        bad("(;SZ[9](;B[aa])(W[bb]))", "must start with ';'");
        bad("(;SZ[9](;B[aa])(;W[bb]", "unterminated game tree");
        // ...but their values are not interpreted.
        let game = ok("(;SZ[9](;B[aa])(;B[zz]KM[x]SZ[99]))");
        assert_eq!(game.size, 9);
        assert_eq!(game.komi, None);
    }

    #[test]
    fn only_first_game_of_collection() {
        let game = ok("(;SZ[9];B[aa])\n(;SZ[13];B[bb])");
        assert_eq!(game.size, 9);
        assert_eq!(moves(&game), vec![(Black, Some((0, 8)))]);
        // Anything after the first tree is ignored.
        assert_eq!(ok("(;B[aa])garbage (((;[").nodes.len(), 1);
        // Junk before the first tree too.
        assert_eq!(ok("header text\n(;B[aa])").nodes.len(), 1);
    }

    #[test]
    fn coordinates_are_gtp_oriented() {
        assert_eq!(moves(&ok("(;B[aa])")), vec![(Black, Some((0, 18)))]);
        assert_eq!(moves(&ok("(;B[as])")), vec![(Black, Some((0, 0)))]);
        assert_eq!(moves(&ok("(;SZ[9]W[ai])")), vec![(White, Some((0, 0)))]);
        assert_eq!(moves(&ok("(;SZ[9]W[ia])")), vec![(White, Some((8, 8)))]);
        assert_eq!(moves(&ok("(;SZ[25]B[yy])")), vec![(Black, Some((24, 0)))]);
    }

    #[test]
    fn size_forms_and_order() {
        assert_eq!(ok("(;B[aa])").size, 19);
        assert_eq!(ok("(;SZ[13])").size, 13);
        assert_eq!(ok("(;SZ[19:19])").size, 19);
        assert_eq!(ok("(;SZ[ 9 ])").size, 9);
        assert_eq!(ok("(;SZ[2])").size, 2);
        assert_eq!(ok("(;SZ[25])").size, 25);
        // SZ after the coordinates in the root still governs them.
        let game = ok("(;AB[ai]B[ia]SZ[9];W[ii])");
        assert_eq!(game.size, 9);
        assert_eq!(game.nodes[0].add_black, vec![(0, 0)]);
        assert_eq!(game.nodes[0].mv, Some((Black, Some((8, 8)))));
        assert_eq!(game.nodes[1].mv, Some((White, Some((8, 0)))));
    }

    #[test]
    fn compressed_point_lists() {
        let game = ok("(;SZ[9]AB[aa:cc]AW[ii][hi:ih]AE[cc:aa][ee:ee])");
        let root = &game.nodes[0];
        let mut black = root.add_black.clone();
        black.sort_unstable();
        let mut expected: Vec<Coord> = (0..3).flat_map(|x| (6..9).map(move |y| (x, y))).collect();
        expected.sort_unstable();
        assert_eq!(black, expected);
        assert_eq!(root.add_white.len(), 5);
        assert!(root.add_white.contains(&(8, 0)) && root.add_white.contains(&(7, 1)));
        assert_eq!(root.add_empty.len(), 10);
        assert!(root.add_empty.contains(&(4, 4)));
        // A line, and one rectangle over the whole board.
        assert_eq!(ok("(;SZ[9]AB[aa:ia])").nodes[0].add_black.len(), 9);
        assert_eq!(ok("(;SZ[9]AB[aa:ii])").nodes[0].add_black.len(), 81);
        bad("(;SZ[9]AB[aa:jj])", "outside the 9x9 board");
        bad("(;SZ[9]AB[aa:bb:cc])", "expected two letters");
    }

    #[test]
    fn multi_values_and_whitespace() {
        let text =
            "  (\n ;  SZ [9]\tAB [aa]\n [bb] \r\n  [cc]  AW[dd]AB[ee]\n ; B [ff] \n ( ; W[gg] ) )";
        let game = ok(text);
        assert_eq!(
            game.nodes[0].add_black,
            vec![(0, 8), (1, 7), (2, 6), (4, 4)]
        );
        assert_eq!(game.nodes[0].add_white, vec![(3, 5)]);
        assert_eq!(
            moves(&game),
            vec![(Black, Some((5, 3))), (White, Some((6, 2)))]
        );
        // Empty list values are tolerated.
        assert!(ok("(;AB[])").nodes[0].add_black.is_empty());
    }

    #[test]
    fn escapes_in_values() {
        let game = ok("(;RE[W+\\]R\\\\]RU[a\\b]C[x\\]y];B[aa]C[\\]\\\\\\]])");
        assert_eq!(game.result.as_deref(), Some("W+]R\\"));
        assert_eq!(game.rules.as_deref(), Some("ab"));
        assert_eq!(moves(&game), vec![(Black, Some((0, 18)))]);
        // Soft line breaks vanish; plain line breaks stay.
        let game = ok("(;RE[B+\\\nR]RU[two\nlines])");
        assert_eq!(game.result.as_deref(), Some("B+R"));
        assert_eq!(game.rules.as_deref(), Some("two\nlines"));
        assert_eq!(ok("(;RE[B+\\\r\nR])").result.as_deref(), Some("B+R"));
        // Non-ASCII text survives.
        assert_eq!(ok("(;RU[日本])").rules.as_deref(), Some("日本"));
    }

    #[test]
    fn passes() {
        let game = ok("(;B[];W[tt];B[ ];W[aa])");
        assert_eq!(
            moves(&game),
            vec![
                (Black, None),
                (White, None),
                (Black, None),
                (White, Some((0, 18)))
            ]
        );
        assert_eq!(moves(&ok("(;SZ[9]B[tt])")), vec![(Black, None)]);
        // Above 19x19 "tt" is an ordinary point.
        assert_eq!(moves(&ok("(;SZ[21]B[tt])")), vec![(Black, Some((19, 1)))]);
        // "tt" is a pass only as a move.
        bad("(;AB[tt])", "outside the 19x19 board");
    }

    #[test]
    fn game_info() {
        for (text, komi) in [
            ("7.5", 7.5),
            ("6", 6.0),
            ("0.5", 0.5),
            ("-3.5", -3.5),
            (" 6.50 ", 6.5),
            ("0", 0.0),
        ] {
            assert_eq!(ok(&format!("(;KM[{text}])")).komi, Some(komi), "KM[{text}]");
        }
        let game = ok("(;HA[3]AB[dd][pd][dp]PL[W]GM[1]FF[4])");
        assert_eq!(game.handicap, Some(3));
        assert_eq!(game.nodes[0].player, Some(White));
        assert_eq!(ok("(;PL[b])").nodes[0].player, Some(Black));
        // Game information in a later main-line node is still found.
        let game = ok("(;SZ[9];KM[5.5]RE[B+1];B[aa])");
        assert_eq!(game.komi, Some(5.5));
        assert_eq!(game.result.as_deref(), Some("B+1"));
    }

    #[test]
    fn old_and_unknown_properties() {
        let game = ok(
            "(;FF[3]GaMe[1]SiZe[9]AddBlack[aa]AddWhite[bb]Comment[hi]XY[1][2]foo[x]\
                       ;Black[cc]TimeLeft[30];White[dd])",
        );
        assert_eq!(game.size, 9);
        assert_eq!(game.nodes[0].add_black, vec![(0, 8)]);
        assert_eq!(game.nodes[0].add_white, vec![(1, 7)]);
        assert_eq!(
            moves(&game),
            vec![(Black, Some((2, 6))), (White, Some((3, 5)))]
        );
        // Longer identifiers are not mistaken for short ones.
        assert_eq!(ok("(;ABC[zz]BR[zz]WR[9d])").nodes[0], SgfNode::default());
    }

    #[test]
    fn line_endings_do_not_matter() {
        let crlf = REAL_GAME.replace('\n', "\r\n");
        assert_eq!(ok(&crlf), ok(REAL_GAME));
    }

    #[test]
    fn errors_coordinates() {
        bad("(;SZ[9]B[jj])", "outside the 9x9 board");
        bad("(;SZ[9]W[ja])", "outside");
        bad("(;SZ[9]AW[ss])", "outside");
        bad("(;SZ[9];B[aa];W[zz])", "outside");
        bad("(;B[Aa])", "outside");
        bad("(;B[a1])", "bad coordinate letter '1'");
        bad("(;B[1a])", "bad coordinate letter '1'");
        bad("(;B[aé])", "bad coordinate letter 'é'");
        bad("(;B[a])", "expected two letters");
        bad("(;B[abc])", "expected two letters");
        bad("(;AE[a-])", "bad coordinate letter");
    }

    #[test]
    fn errors_numbers() {
        bad("(;SZ[abc])", "bad number in SZ");
        bad("(;SZ[])", "bad number in SZ");
        bad("(;SZ[-9])", "bad number in SZ");
        bad("(;SZ[1])", "between 2 and 25");
        bad("(;SZ[26])", "between 2 and 25");
        bad("(;SZ[0])", "between 2 and 25");
        bad("(;SZ[19:13])", "non-square");
        bad("(;SZ[19:x])", "bad number in SZ");
        bad("(;KM[abc])", "bad number in KM");
        bad("(;KM[])", "bad number in KM");
        bad("(;KM[inf])", "bad number in KM");
        bad("(;KM[NaN])", "bad number in KM");
        bad("(;KM[7,5])", "bad number in KM");
        bad("(;HA[x])", "bad number in HA");
        bad("(;HA[-1])", "bad number in HA");
        bad("(;HA[2.5])", "bad number in HA");
        bad("(;GM[2])", "GM[2]");
        bad("(;GM[go])", "bad number in GM");
        bad("(;PL[X])", "bad colour in PL");
    }

    #[test]
    fn errors_structure() {
        bad("", "no game tree");
        bad("hello world", "no game tree");
        bad("(B[aa])", "no game tree");
        bad(";B[aa]", "no game tree");
        bad("(;B[aa", "unterminated property value");
        bad("(;C[escaped \\]", "unterminated property value");
        bad("(;C[ends in escape\\", "unterminated property value");
        bad("(;B[aa]", "unterminated game tree");
        bad("(;B[aa];W[bb]", "unterminated game tree");
        bad("(;B[aa](;W[bb])", "unterminated game tree");
        bad("(;B[aa] 123)", "unexpected '1'");
        bad("(;B[aa]]", "unexpected ']'");
        bad("(;B[aa]junk)", "has no value");
        bad("(;B)", "has no value");
        bad("(;B[aa](;W[bb]);B[cc])", "after a variation");
        bad("(;B[aa](;W[bb])x[1])", "unexpected 'x'");
        bad("(;B[aa]())", "must start with ';'");
        bad("(;B[aa](x))", "must start with ';'");
    }

    #[test]
    fn errors_node_contents() {
        bad("(;B[aa]W[bb])", "more than one move");
        bad("(;B[aa];B[bb]B[cc])", "B appears twice in node 1");
        bad("(;B[aa];W[bb]B[cc])", "node 1 has more than one move");
        bad("(;KM[6]KM[7])", "KM appears twice");
        bad("(;SZ[9]SZ[9])", "SZ appears twice");
        bad("(;SZ[9][13])", "takes one value");
        bad("(;B[aa][bb])", "takes one value");
    }

    #[test]
    fn error_is_displayable() {
        let error = parse("(;SZ[40])").unwrap_err();
        let shown = error.to_string();
        assert!(
            shown.starts_with("bad SGF: ") && shown.contains("SZ[40]"),
            "{shown}"
        );
        let boxed: Box<dyn std::error::Error> = Box::new(error);
        assert!(!boxed.to_string().is_empty());
        // Huge values are quoted briefly.
        let long = format!("(;B[{}])", "x".repeat(100_000));
        assert!(parse(&long).unwrap_err().0.len() < 200);
    }

    #[test]
    fn deep_nesting() {
        let depth = MAX_DEPTH - 1;
        let text = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(depth), ")".repeat(depth));
        assert_eq!(ok(&text).nodes.len(), depth + 1);
        let depth = MAX_DEPTH;
        let text = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(depth), ")".repeat(depth));
        bad(&text, "nested deeper");
        // Deep nesting in a skipped variation.
        let text = format!("(;(;B[aa])(;{}))", "(;".repeat(200_000));
        bad(&text, "nested deeper");
        // Far too deep and unterminated.
        bad(&"(;".repeat(1_000_000), "nested deeper");
    }

    #[test]
    fn huge_inputs() {
        let mut text = String::from("(;SZ[19]");
        for i in 0..200_000 {
            let c = (b'a' + (i % 19) as u8) as char;
            let r = (b'a' + (i / 19 % 19) as u8) as char;
            text.push_str(if i % 2 == 0 { ";B[" } else { ";W[" });
            text.push(c);
            text.push(r);
            text.push(']');
        }
        text.push(')');
        let game = ok(&text);
        assert_eq!(game.nodes.len(), 200_001);
        assert_eq!(ok(&write(&game)), game);
        // Many whole-board rectangles hit the setup cap instead of memory limits.
        let text = format!("(;{})", ";AB[aa:ss]".repeat(5_000));
        bad(&text, "setup points");
        // Long comments and long unknown identifiers are fine.
        let text = format!(
            "(;C[{}]{}[x];B[aa])",
            "z".repeat(1_000_000),
            "Q".repeat(100_000)
        );
        assert_eq!(moves(&ok(&text)), vec![(Black, Some((0, 18)))]);
    }

    #[test]
    fn fuzz_random_bytes_do_not_panic() {
        const ALPHABET: &[u8] = b"();[]\\:ABWEPLSZKMHGRUtaisz019 \n.-";
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut parsed = 0;
        for round in 0..2000 {
            let len = rng.below(80);
            let bytes: Vec<u8> = if round % 2 == 0 {
                (0..len).map(|_| rng.next() as u8).collect()
            } else {
                let mut bytes: Vec<u8> = b"(;".to_vec();
                bytes.extend((0..len).map(|_| ALPHABET[rng.below(ALPHABET.len())]));
                bytes
            };
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(game) = parse(&text) {
                parsed += 1;
                // Whatever is accepted must survive a write/parse round trip.
                let mut expected = game.clone();
                if expected.handicap == Some(0) {
                    expected.handicap = None;
                }
                assert_eq!(parse(&write(&game)), Ok(expected), "from {text:?}");
            }
        }
        assert!(parsed > 0, "the fuzz corpus never produced a valid game");
    }

    #[test]
    fn fuzz_truncations_and_mutations_do_not_panic() {
        let full = REAL_GAME.as_bytes();
        let end = REAL_GAME.rfind(')').unwrap() + 1;
        // Every proper prefix that cuts the tree is an error.
        for cut in 0..end {
            let text = String::from_utf8_lossy(&full[..cut]);
            assert!(parse(&text).is_err(), "prefix of {cut} bytes parsed");
        }
        assert!(parse(REAL_GAME).is_ok());
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        for _ in 0..2000 {
            let mut bytes = full.to_vec();
            match rng.below(3) {
                0 => bytes.truncate(rng.below(bytes.len())),
                1 => {
                    for _ in 0..1 + rng.below(4) {
                        let at = rng.below(bytes.len());
                        bytes[at] = rng.next() as u8;
                    }
                }
                _ => {
                    let at = rng.below(bytes.len());
                    let from = rng.below(bytes.len());
                    let piece = bytes[from..(from + rng.below(20)).min(bytes.len())].to_vec();
                    bytes.splice(at..at, piece);
                }
            }
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn writer_never_panics_on_invalid_games() {
        let mut game = sample_game();
        game.nodes.push(mv(Black, 100, 100));
        game.nodes.push(mv(Black, 3, 9));
        game.size = 0;
        game.komi = Some(f64::NAN);
        let text = write(&game);
        assert!(parse(&text).is_err());
        game.nodes.clear();
        game.size = 9;
        game.komi = None;
        assert_eq!(ok(&write(&game)).nodes, vec![SgfNode::default()]);
    }
}
