//! SGF (Smart Game Format, `FF[4]`) reading and writing for Go game records.
//!
//! This module owns the conversion between SGF text and [`SgfGame`], a flat
//! main-line view of one game: board size, komi, handicap, rules and result,
//! plus one [`SgfNode`] per node with its setup stones, move and player to
//! move. Variations are parsed for syntax and then skipped. Coordinates are
//! given in GTP orientation (row 0 at the bottom), so callers never see SGF
//! letters. The only thing used from the rest of the crate is [`Color`].
//!
//! The game information written for people and archives, which nothing
//! here replays (the players, the date, the game comment), is a
//! [`GameInfo`] beside the game: [`parse_with_info`] and
//! [`write_with_info`] read and write it, [`parse`] and [`write`] leave it
//! out.

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

/// The game information of the root: free text, kept verbatim.
///
/// `parse_with_info(&write_with_info(&g, &i)) == Ok((g, i))` for every
/// valid game `g` and any `i`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// `PB`: Black's player (e.g. `Pachi 12.90`).
    pub black_player: Option<String>,
    /// `PW`: White's player.
    pub white_player: Option<String>,
    /// `DT`: when the game was played (e.g. `2026-11-30`).
    pub date: Option<String>,
    /// `GC`: the game comment, line breaks included.
    pub comment: Option<String>,
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
    BlackPlayer,
    WhitePlayer,
    Date,
    GameComment,
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
            "PB" => Prop::BlackPlayer,
            "PW" => Prop::WhitePlayer,
            "DT" => Prop::Date,
            "GC" => Prop::GameComment,
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
            Prop::BlackPlayer => "PB",
            Prop::WhitePlayer => "PW",
            Prop::Date => "DT",
            Prop::GameComment => "GC",
        }
    }

    /// Point lists may repeat and take any number of values; every other
    /// property appears at most once per node with exactly one value.
    fn is_list(self) -> bool {
        matches!(self, Prop::AddBlack | Prop::AddWhite | Prop::AddEmpty)
    }

    /// The [`GameInfo`] text, which nothing here depends on: read
    /// leniently, its first value kept and a repeat or extra values
    /// ignored, so a sloppy file is not refused for its comment.
    fn is_info_text(self) -> bool {
        matches!(
            self,
            Prop::BlackPlayer | Prop::WhitePlayer | Prop::Date | Prop::GameComment
        )
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
    parse_with_info(text).map(|(game, _)| game)
}

/// [`parse`], with the game information. Of each [`GameInfo`] property the
/// first value of its first occurrence on the main line is kept.
pub fn parse_with_info(text: &str) -> Result<(SgfGame, GameInfo), SgfError> {
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
    info: GameInfo,
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
            info: GameInfo::default(),
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

    fn finish(mut self) -> Result<(SgfGame, GameInfo), SgfError> {
        if !self.root_done {
            self.finish_root()?;
        }
        let game = SgfGame {
            size: self.size,
            komi: self.komi,
            handicap: self.handicap,
            rules: self.rules,
            result: self.result,
            nodes: self.nodes,
        };
        Ok((game, self.info))
    }

    fn apply(&mut self, prop: Prop, values: Vec<String>) -> Result<(), SgfError> {
        let index = self.nodes.len().saturating_sub(1);
        let place = if index == 0 {
            "the root node".to_string()
        } else {
            format!("node {index}")
        };
        if !prop.is_list() && !prop.is_info_text() {
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
            Prop::BlackPlayer | Prop::WhitePlayer | Prop::Date | Prop::GameComment => {
                let info = &mut self.info;
                let field = match prop {
                    Prop::BlackPlayer => &mut info.black_player,
                    Prop::WhitePlayer => &mut info.white_player,
                    Prop::Date => &mut info.date,
                    _ => &mut info.comment,
                };
                field.get_or_insert_with(|| value.to_string());
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

/// `B` or `W`, the property of a move by `color`.
pub fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// SGF letters of an on-board point. Off-board points come out as letters
/// the reader rejects (or "??"), never as a panic.
pub fn point_text((x, y): Coord, size: usize) -> String {
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
    write_with_info(game, &GameInfo::default())
}

/// [`write`], with the game information after the other root properties
/// (`PB`, `PW`, `DT`, `GC`; each escaped as text, line breaks kept).
pub fn write_with_info(game: &SgfGame, info: &GameInfo) -> String {
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
    for (ident, value) in [
        ("PB", &info.black_player),
        ("PW", &info.white_player),
        ("DT", &info.date),
        ("GC", &info.comment),
    ] {
        if let Some(value) = value {
            w.text(ident, value);
        }
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

pub mod tree;

#[cfg(test)]
mod tests;
