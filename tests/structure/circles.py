#!/usr/bin/env python3
"""Import circles between the files of src/ (issue 46: no two files that use
each other).

Each file is a module (src/a/mod.rs and src/a.rs are `crate::a`,
src/a/b.rs is `crate::a::b`, child folders like src/mcts/search/ included).
A file depends on another when its code names an item of it: `use`
statements (groups, `self`, renames) with `crate::`, `super::`, `self::`,
a child module's name or, in main.rs, `tianyuan::`; and paths in the code
itself that start with `crate::`, `super::` or `self::`, or with a module
brought in by name (`playout::run` after `use crate::playout`). A name is
followed through `pub use` re-exports to the file that defines it, so a
parent's re-export of a child is an edge parent -> child only. Comments
and string literals are left out.

Test code (files named tests.rs and `#[cfg(test)]` items) is reported apart.

    python3 tests/structure/circles.py [--tests] [-v]

Prints every pair of files that depend on each other (with the names
that make each edge), flags the pairs where one is the other's parent
module, lists any larger strongly connected groups, and exits 1 when
there is a two-file circle.
"""
import argparse
import os
import re
import sys
from collections import defaultdict

IDENT = r'[A-Za-z_][A-Za-z0-9_]*'


def strip_comments_and_strings(text):
    """The text with comments and string/char literals blanked (line
    breaks kept, so line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            i = j
        elif text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append('\n' * text.count('\n', i, j))
            i = j
        elif c == 'r' and re.match(r'r#*"', text[i:i + 10]) and not re.match(r'\w', text[i - 1] if i else ' '):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""' + '\n' * text.count('\n', i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append('""' + '\n' * text.count('\n', i, j))
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def matching_brace(text, i):
    """Index just past the brace that closes the one at `i`."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == '{':
            depth += 1
        elif text[j] == '}':
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def split_use_tree(s):
    """`a::{b, c::{d, e as f}, self}` -> ['a::b', 'a::c::d', 'a::c::e as f', 'a::self']."""
    s = s.strip()
    if not s:
        return []
    depth = 0
    for k, ch in enumerate(s):
        if ch == '{':
            if depth == 0:
                prefix = s[:k]
                body = s[k + 1:s.rindex('}')]
                parts, d, start = [], 0, 0
                for m, ch2 in enumerate(body):
                    if ch2 == '{':
                        d += 1
                    elif ch2 == '}':
                        d -= 1
                    elif ch2 == ',' and d == 0:
                        parts.append(body[start:m])
                        start = m + 1
                parts.append(body[start:])
                out = []
                for p in parts:
                    for leaf in split_use_tree(p):
                        out.append(prefix + leaf)
                return out
            depth += 1
    return [re.sub(r'\s+', ' ', s)]


class Module:
    def __init__(self, path, file):
        self.path = path          # ('crate', 'mcts', 'search')
        self.file = file
        self.children = {}        # file child modules by name
        self.reexports = {}       # name -> absolute path (tuple) of `pub use`
        self.globs = []           # absolute module paths of `pub use x::*`


def module_path(rel):
    parts = rel[:-3].split(os.sep)
    if parts[-1] in ('mod', 'lib'):
        parts = parts[:-1]
    return ('crate',) + tuple(parts)


class Crate:
    def __init__(self, src):
        self.src = src
        self.modules = {}
        for d, _, names in os.walk(src):
            for n in names:
                if n.endswith('.rs') and n != 'main.rs':
                    rel = os.path.relpath(os.path.join(d, n), src)
                    m = Module(module_path(rel), rel)
                    self.modules[m.path] = m
        for path, m in self.modules.items():
            if len(path) > 1:
                parent = self.modules.get(path[:-1])
                if parent:
                    parent.children[path[-1]] = m
        self.texts = {}
        for m in self.modules.values():
            self.texts[m.file] = self.read(m.file)
        self.texts['main.rs'] = self.read('main.rs')
        # `pub use` re-exports, for following names to their definitions.
        for m in self.modules.values():
            for vis, tree, start, inline in self.uses(m.file):
                if not vis:
                    continue
                for leaf in split_use_tree(tree):
                    name_path, alias = self.leaf(leaf)
                    absolute = self.absolute(name_path, m.path + inline, m)
                    if absolute is None:
                        continue
                    if name_path[-1] == '*':
                        m.globs.append(absolute[:-1])
                    elif name_path[-1] == 'self':
                        m.reexports[alias or absolute[-2]] = absolute[:-1]
                    else:
                        m.reexports[alias or absolute[-1]] = absolute

    def read(self, rel):
        with open(os.path.join(self.src, rel), encoding='utf-8') as f:
            return strip_comments_and_strings(f.read())

    def test_spans(self, rel):
        """Character spans of `#[cfg(test)]` items of a file."""
        text = self.texts[rel]
        spans = []
        for m in re.finditer(r'#\[cfg\(test\)\]', text):
            j = m.end()
            semi, brace = text.find(';', j), text.find('{', j)
            if brace >= 0 and (semi < 0 or brace < semi):
                spans.append((m.start(), matching_brace(text, brace)))
            else:
                spans.append((m.start(), semi + 1))
        return spans

    def inline_modules(self, rel):
        """(start, end, name) of inline `mod name { ... }` blocks."""
        text = self.texts[rel]
        out = []
        for m in re.finditer(r'\bmod\s+(' + IDENT + r')\s*\{', text):
            out.append((m.start(), matching_brace(text, m.end() - 1), m.group(1)))
        return out

    def inline_at(self, rel, pos):
        return tuple(name for a, b, name in self.inline_modules(rel) if a <= pos < b)

    def uses(self, rel):
        """(is pub, use tree, position, inline module path) of each use statement."""
        text = self.texts[rel]
        for m in re.finditer(r'(?:^|(?<=[;{}\s]))(pub(?:\([^)]*\))?\s+)?use\s+([^;]*);', text):
            yield bool(m.group(1)), m.group(2), m.start(), self.inline_at(rel, m.start())

    @staticmethod
    def leaf(leaf):
        alias = None
        if ' as ' in leaf:
            leaf, alias = [x.strip() for x in leaf.split(' as ')]
        parts = tuple(p for p in leaf.replace(' ', '').split('::') if p)
        return parts, alias

    def absolute(self, parts, here, module):
        """An absolute path for `parts` seen in module path `here` (the
        file's module plus any inline modules), or None for other crates."""
        if not parts:
            return None
        first = parts[0]
        if first == 'crate' or first == 'tianyuan':
            return ('crate',) + parts[1:]
        if first in ('super', 'self'):
            cur = list(here)
            while parts and parts[0] in ('super', 'self'):
                if parts[0] == 'super':
                    cur.pop()
                parts = parts[1:]
            return tuple(cur) + parts
        if module is not None and first in module.children and len(here) == len(module.path):
            return module.path + parts
        return None

    def resolve(self, path, depth=0):
        """The module (file) that defines the item named by the absolute
        `path`, following `pub use` re-exports."""
        if depth > 20:
            return None
        mod = self.modules.get(('crate',))
        i = 1
        while i < len(path) and path[i] in mod.children:
            mod = mod.children[path[i]]
            i += 1
        if i >= len(path) or path[i] in ('self', '*'):
            return mod
        name = path[i]
        if name in mod.reexports and mod.reexports[name] != path[:i + 1]:
            target = mod.reexports[name] + path[i + 1:]
            return self.resolve(target, depth + 1) or mod
        return mod


def edges(crate, include_tests):
    """{(from file, to file): set of names} of the crate's files, and the
    same without the names that are only re-exported (`pub use`)."""
    out = defaultdict(set)
    used = defaultdict(set)
    files = [(m.file, m) for m in crate.modules.values()] + [('main.rs', None)]
    for rel, module in files:
        is_test_file = os.path.basename(rel) == 'tests.rs'
        if is_test_file and not include_tests:
            continue
        here = module.path if module else ('crate',)
        text = crate.texts[rel]
        spans = crate.test_spans(rel)
        in_test = lambda pos: is_test_file or any(a <= pos < b for a, b in spans)
        aliases = {}  # names of modules brought in, for `name::item` in code

        def add(absolute, pos, shown, reexport=False):
            if absolute is None or in_test(pos) != include_tests:
                return None
            target = crate.resolve(absolute)
            if target is not None and target.file != rel:
                out[(rel, target.file)].add(shown)
                if not reexport:
                    used[(rel, target.file)].add(shown)
            return target

        for vis, tree, pos, inline in crate.uses(rel):
            for leaf in split_use_tree(tree):
                parts, alias = crate.leaf(leaf)
                absolute = crate.absolute(parts, here + inline, module)
                if rel == 'main.rs' and parts and parts[0] == 'tianyuan':
                    absolute = ('crate',) + parts[1:]
                if absolute is None:
                    continue
                if parts[-1] == 'self':
                    absolute = absolute[:-1]
                target = add(absolute, pos, '::'.join(parts), vis)
                # A module brought in by name: its items used as `name::item`.
                if target is not None and target.path == absolute:
                    aliases[alias or absolute[-1]] = absolute
        if module is not None:
            for name in module.children:
                aliases.setdefault(name, module.path + (name,))
        # Paths in the code (the use statements blanked: read above).
        code = re.sub(r'\buse\s+[^;]*;', lambda u: re.sub(r'[^\n]', ' ', u.group(0)), text)
        for m in re.finditer(r'(?<![\w:])((?:crate|super|self|tianyuan)(?:::' + IDENT + r')+)', code):
            parts = tuple(m.group(1).split('::'))
            inline = crate.inline_at(rel, m.start())
            absolute = crate.absolute(parts, here + inline, module)
            add(absolute, m.start(), m.group(1))
        for m in re.finditer(r'(?<![\w:])(' + IDENT + r')((?:::' + IDENT + r')+)', code):
            name = m.group(1)
            if name in aliases and name not in ('crate', 'super', 'self'):
                rest = tuple(m.group(2).split('::')[1:])
                add(aliases[name] + rest, m.start(), m.group(0))
    return out, used


def circles(out):
    pairs = []
    for (a, b) in out:
        if a < b and (b, a) in out:
            pairs.append((a, b))
    return sorted(pairs)


def parent_of(crate, a, b):
    ma = next((m for m in crate.modules.values() if m.file == a), None)
    mb = next((m for m in crate.modules.values() if m.file == b), None)
    if ma and mb:
        return ma.path == mb.path[:len(ma.path)] or mb.path == ma.path[:len(mb.path)]
    return False


def groups(out):
    """Strongly connected groups of more than two files (Tarjan)."""
    graph = defaultdict(set)
    for a, b in out:
        graph[a].add(b)
    index, low, stack, on, result = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 2:
                result.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..', '..', 'src'))
    ap.add_argument('--tests', action='store_true', help='also the edges of test code, apart')
    ap.add_argument('-v', action='store_true', help='every edge')
    args = ap.parse_args()
    crate = Crate(os.path.normpath(args.root))
    out, used = edges(crate, False)
    if args.v:
        for (a, b), names in sorted(out.items()):
            print(f'{a} -> {b}: {", ".join(sorted(names))}')
    pairs = circles(out)
    bad = 0
    for a, b in pairs:
        if not parent_of(crate, a, b):
            bad += 1
            kind = ''
        elif (a, b) in used and (b, a) in used:
            kind = ' (a parent and its child use each other\'s items: worth a look)'
        else:
            kind = ' (a parent re-exports its child, which uses the parent\'s items)'
        print(f'circle{kind}: {a} <-> {b}')
        print(f'    {a} -> {b}: {", ".join(sorted(out[(a, b)]))}')
        print(f'    {b} -> {a}: {", ".join(sorted(out[(b, a)]))}')
    for g in groups(out):
        print(f'strongly connected group of {len(g)} files: {" ".join(g)}')
    files = len({f for e in out for f in e})
    print(f'{len(out)} edges between {files} files; {len(pairs)} two-file circles, '
          f'{bad} of them not between a parent module and its child')
    if args.tests:
        test, _ = edges(crate, True)
        both = {k: set(v) for k, v in out.items()}
        for k, v in test.items():
            both.setdefault(k, set()).update(v)
        for a, b in circles(both):
            if (a, b) not in pairs:
                print(f'circle through test code: {a} <-> {b}')
                print(f'    {a} -> {b}: {", ".join(sorted(both[(a, b)]))}')
                print(f'    {b} -> {a}: {", ".join(sorted(both[(b, a)]))}')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
