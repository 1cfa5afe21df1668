//! An SGF game tree kept as written: every node, every property and
//! every variation, the values as they stand in the file (escapes
//! included), so that a program can add to a record and write it back
//! without losing anything it does not understand (`tianyuan review`).
//!
//! [`super::parse`] reads what the engine replays; this reads what a
//! person wrote. Only the first game tree of a collection is a tree here;
//! the text after it is kept as it is.

use super::SgfError;

/// One node: its properties in file order, as `(identifier, raw values)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    pub props: Vec<(String, Vec<String>)>,
    /// Indices of the children in [`Tree::nodes`], the main line first.
    pub children: Vec<usize>,
}

impl Node {
    /// The raw values of `ident`, if the node has it.
    pub fn get(&self, ident: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(id, _)| id == ident)
            .map(|(_, v)| v.as_slice())
    }

    /// Set `ident` to one value (`text` is escaped), replacing what it had.
    pub fn set(&mut self, ident: &str, text: &str) {
        let value = escape(text);
        match self.props.iter_mut().find(|(id, _)| id == ident) {
            Some((_, values)) => *values = vec![value],
            None => self.props.push((ident.to_string(), vec![value])),
        }
    }

    /// Add `text` to the node's comment (`C`), after what it says already.
    pub fn append_comment(&mut self, text: &str) {
        let add = escape(text);
        match self.props.iter_mut().find(|(id, _)| id == "C") {
            Some((_, values)) if !values.is_empty() => {
                let old = &mut values[0];
                if !old.is_empty() {
                    old.push_str("\n\n");
                }
                old.push_str(&add);
            }
            _ => {
                self.props.retain(|(id, _)| id != "C");
                self.props.push(("C".into(), vec![add]));
            }
        }
    }
}

/// A game tree: nodes in an arena, the root at index 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// The text before the tree (kept, as readers ignore it).
    pub before: String,
    /// The text after the first tree (other games of a collection).
    pub after: String,
}

/// Escape a value: `]` and `\` get a backslash (and `:` does not need one
/// in the text properties written here).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Deepest nesting of variations read, as [`super::parse`] allows.
const MAX_DEPTH: usize = super::MAX_DEPTH;

impl Tree {
    /// A tree with a single empty root.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            before: String::new(),
            after: String::new(),
        }
    }

    /// Read the first game tree of `text`.
    pub fn parse(text: &str) -> Result<Tree, SgfError> {
        let bytes = text.as_bytes();
        let Some(start) = super::find_tree_start(bytes) else {
            return Err(SgfError(
                "no game tree: the text contains no '(;'".to_string(),
            ));
        };
        // The '(' before the ';'.
        let open = text[..start].rfind('(').unwrap_or(0);
        let mut tree = Tree {
            nodes: Vec::new(),
            before: text[..open].to_string(),
            after: String::new(),
        };
        // For each open '(': the node the next ';' hangs under (None: the root).
        let mut stack: Vec<Option<usize>> = vec![None];
        // The node being filled, and the last node of the current sequence.
        let mut current: Option<usize> = None;
        let mut pos = start;
        loop {
            while bytes.get(pos).is_some_and(|&b| super::is_space(b)) {
                pos += 1;
            }
            let Some(&b) = bytes.get(pos) else {
                return Err(SgfError(format!(
                    "unterminated game tree: input ends with {} tree(s) still open",
                    stack.len()
                )));
            };
            match b {
                b';' => {
                    pos += 1;
                    let parent = current.or(*stack.last().unwrap());
                    let index = tree.nodes.len();
                    tree.nodes.push(Node::default());
                    match parent {
                        Some(p) => tree.nodes[p].children.push(index),
                        None if index != 0 => {
                            return Err(SgfError(format!("a second root node at byte {}", pos - 1)))
                        }
                        None => {}
                    }
                    current = Some(index);
                }
                b'(' => {
                    if current.is_none() {
                        return Err(SgfError(format!(
                            "a variation at byte {pos} before any node"
                        )));
                    }
                    if stack.len() >= MAX_DEPTH {
                        return Err(SgfError(format!(
                            "variations nested deeper than {MAX_DEPTH} levels at byte {pos}"
                        )));
                    }
                    stack.push(current);
                    pos += 1;
                }
                b')' => {
                    pos += 1;
                    current = stack.pop().unwrap();
                    if stack.is_empty() {
                        tree.after = text[pos..].to_string();
                        break;
                    }
                }
                b if b.is_ascii_alphabetic() => {
                    let Some(node) = current else {
                        return Err(SgfError(format!(
                            "a property at byte {pos} outside any node"
                        )));
                    };
                    let (property, next) = read_property(text, pos)?;
                    pos = next;
                    tree.nodes[node].props.push(property);
                }
                _ => {
                    return Err(SgfError(format!(
                        "unexpected {:?} at byte {pos} inside the game tree",
                        text[pos..].chars().next().unwrap_or(' ')
                    )))
                }
            }
        }
        Ok(tree)
    }

    /// The main line: the root, then each node's first child.
    pub fn main_line(&self) -> Vec<usize> {
        let mut line = vec![0];
        let mut at = 0;
        while let Some(&next) = self.nodes[at].children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// Add a line of new nodes under `parent`, after its children; each
    /// node is a list of `(identifier, text)` (the text is escaped).
    pub fn add_variation(&mut self, parent: usize, line: Vec<Vec<(&str, String)>>) {
        let mut at = parent;
        for props in line {
            let index = self.nodes.len();
            self.nodes.push(Node {
                props: props
                    .into_iter()
                    .map(|(id, text)| (id.to_string(), vec![escape(&text)]))
                    .collect(),
                children: Vec::new(),
            });
            self.nodes[at].children.push(index);
            at = index;
        }
    }

    /// The tree as SGF text: a node a line on the main line, variations
    /// in parentheses, the text before and after the tree kept.
    pub fn write(&self) -> String {
        let mut out = self.before.clone();
        out.push('(');
        // What is left to write: a node to write, or a ')' to close.
        enum Step {
            Node(usize),
            Open,
            Close,
        }
        let mut todo = vec![Step::Node(0)];
        while let Some(step) = todo.pop() {
            match step {
                Step::Close => out.push_str(")\n"),
                Step::Node(i) => {
                    let node = &self.nodes[i];
                    out.push(';');
                    for (ident, values) in &node.props {
                        out.push_str(ident);
                        for v in values {
                            out.push('[');
                            out.push_str(v);
                            out.push(']');
                        }
                    }
                    match node.children.as_slice() {
                        [] => {}
                        [only] => {
                            out.push('\n');
                            todo.push(Step::Node(*only));
                        }
                        many => {
                            out.push('\n');
                            for &c in many.iter().rev() {
                                todo.push(Step::Close);
                                todo.push(Step::Node(c));
                                todo.push(Step::Open);
                            }
                        }
                    }
                }
                Step::Open => out.push('('),
            }
        }
        out.push_str(")\n");
        if !self.after.trim().is_empty() {
            out.push_str(self.after.trim_start_matches(['\n', '\r']));
        }
        out
    }
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

/// The property (identifier and values) that starts at byte `pos` of
/// `text`, and the byte after it.
fn read_property(text: &str, mut pos: usize) -> Result<((String, Vec<String>), usize), SgfError> {
    let bytes = text.as_bytes();
    let at = pos;
    while bytes.get(pos).is_some_and(|b| b.is_ascii_alphabetic()) {
        pos += 1;
    }
    let ident = text[at..pos].to_string();
    let mut values = Vec::new();
    loop {
        while bytes.get(pos).is_some_and(|&b| super::is_space(b)) {
            pos += 1;
        }
        if bytes.get(pos) != Some(&b'[') {
            break;
        }
        let value_start = pos + 1;
        pos = value_start;
        loop {
            match bytes.get(pos) {
                None => {
                    return Err(SgfError(format!(
                        "unterminated property value: the '[' at byte {} has no closing ']'",
                        value_start - 1
                    )))
                }
                Some(b'\\') => pos += 2,
                Some(b']') => break,
                Some(_) => pos += 1,
            }
        }
        // `pos` stops on ASCII bytes only (or past a
        // backslash's byte, which is checked here).
        let Some(value) = text.get(value_start..pos) else {
            return Err(SgfError(format!(
                "a broken character in the value at byte {value_start}"
            )));
        };
        values.push(value.to_string());
        pos += 1;
    }
    if values.is_empty() {
        return Err(SgfError(format!(
            "property {} at byte {at} has no value",
            super::quote(&ident)
        )));
    }
    Ok(((ident, values), pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_every_property_and_variation() {
        let text = "(;GM[1]FF[4]SZ[9]PB[A \\] b]XX[a][b]C[root];B[ee]TR[aa:bb]\
                    (;W[gc]C[main];B[cc])(;W[dc]LB[ee:1]))";
        let tree = Tree::parse(text).unwrap();
        assert_eq!(tree.nodes.len(), 5);
        assert_eq!(tree.nodes[0].get("PB").unwrap(), ["A \\] b"]);
        assert_eq!(tree.nodes[0].get("XX").unwrap(), ["a", "b"]);
        assert_eq!(tree.main_line(), vec![0, 1, 2, 3]);
        let again = Tree::parse(&tree.write()).unwrap();
        assert_eq!(again.nodes, tree.nodes);
        // What the engine's reader makes of it is the same too.
        let a = crate::sgf::parse(text).unwrap();
        let b = crate::sgf::parse(&tree.write()).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn adds_comments_marks_and_variations() {
        let mut tree = Tree::parse("(;SZ[9];B[ee]C[mine];W[ff])").unwrap();
        tree.nodes[1].append_comment("engine: a ] b");
        tree.nodes[2].append_comment("first");
        tree.nodes[2].set("BM", "1");
        tree.add_variation(1, vec![vec![("W", "gg".into())], vec![("B", "hh".into())]]);
        let text = tree.write();
        assert!(text.contains("C[mine\n\nengine: a \\] b]"), "{text}");
        assert!(text.contains("W[ff]C[first]BM[1]"), "{text}");
        let again = Tree::parse(&text).unwrap();
        assert_eq!(again.main_line().len(), 3);
        assert_eq!(again.nodes[1].children.len(), 2);
        // The main line stays the main line.
        let game = crate::sgf::parse(&text).unwrap();
        assert_eq!(game.nodes.len(), 3);
    }

    #[test]
    fn refuses_broken_trees_and_reads_deep_ones() {
        for bad in ["", "(;B[aa]", "(;C[open", "(;X)", "(;B[aa]%)", "(;B[aa]["] {
            assert!(Tree::parse(bad).is_err(), "{bad:?}");
        }
        let deep = format!("(;SZ[19]{})", ";B[aa];W[bb]".repeat(20_000));
        let tree = Tree::parse(&deep).unwrap();
        assert_eq!(tree.main_line().len(), 40_001);
        assert_eq!(Tree::parse(&tree.write()).unwrap().nodes.len(), 40_001);
        let nested = format!("(;SZ[9]{}{})", "(;B[aa]".repeat(100), ")".repeat(100));
        assert_eq!(Tree::parse(&nested).unwrap().nodes.len(), 101);
    }

    #[test]
    fn keeps_the_text_around_the_tree() {
        let text = "header\n(;SZ[9];B[aa])\n(;SZ[13])";
        let tree = Tree::parse(text).unwrap();
        assert_eq!(tree.before, "header\n");
        let out = tree.write();
        assert!(out.starts_with("header\n(;SZ[9]"), "{out}");
        assert!(out.ends_with("(;SZ[13])"), "{out}");
    }
}
