#!/usr/bin/env python3
"""Function and file lengths in src/ (issue 46: no function over 120 lines
outside tests, no source file over 900 lines).

A function runs from its `fn` line to the closing brace at the same
indentation, both counted. Test code is left out: files named tests.rs,
and `#[cfg(test)]` modules and functions (to their closing brace).

    python3 tests/structure/lengths.py [--max-fn 120] [--max-file 900] [--top N]

Prints the functions over the limit (or the N longest) and the files over
the limit; exits 1 when anything is over.
"""
import argparse
import os
import re
import sys

FN = re.compile(r'^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe|extern\s+"[^"]*")\s+)*fn\s+(\w+)')


def closing(lines, i, indent):
    """Index of the line that closes the item opening at line `i`: the
    item's own line when it opens and closes there, else the next line that
    is `indent` and `}`; None for a declaration (`;` before any `{`)."""
    head = lines[i].rstrip()
    if '{' in head and head.endswith('}'):
        return i
    for j in range(i, len(lines)):
        s = lines[j].rstrip()
        if j > i and s == indent + '}':
            return j
        if '{' in s:
            break
        if s.endswith(';'):
            return None
    for j in range(i + 1, len(lines)):
        if lines[j].rstrip() == indent + '}':
            return j
    return None


def test_regions(lines):
    """Line ranges of `#[cfg(test)]` items (modules, functions, impls)."""
    regions = []
    i = 0
    while i < len(lines):
        if lines[i].strip().startswith('#[cfg(test)]'):
            j = i + 1
            while j < len(lines) and lines[j].strip().startswith('#['):
                j += 1
            if j < len(lines):
                indent = re.match(r'^(\s*)', lines[j]).group(1)
                end = closing(lines, j, indent)
                if end is None:
                    end = j  # `mod tests;`: the file is a tests.rs, left out
                regions.append((i, end))
                i = end
        i += 1
    return regions


def functions(path):
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    skip = test_regions(lines)
    out = []
    for i, line in enumerate(lines):
        if any(a <= i <= b for a, b in skip):
            continue
        m = FN.match(line)
        if not m:
            continue
        end = closing(lines, i, m.group(1))
        if end is not None:
            out.append((end - i + 1, path, i + 1, m.group(2)))
    return out, len(lines) - (lines[-1] == '')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..', '..', 'src'))
    ap.add_argument('--max-fn', type=int, default=120)
    ap.add_argument('--max-file', type=int, default=900)
    ap.add_argument('--top', type=int, default=0)
    args = ap.parse_args()
    fns, files = [], []
    for d, _, names in os.walk(args.root):
        for n in sorted(names):
            if not n.endswith('.rs') or n == 'tests.rs':
                continue
            p = os.path.join(d, n)
            f, total = functions(p)
            fns += f
            files.append((total, p))
    root = os.path.normpath(os.path.join(args.root, '..'))
    rel = lambda p: os.path.relpath(p, root)
    fns.sort(reverse=True)
    over = [f for f in fns if f[0] > args.max_fn]
    shown = fns[:args.top] if args.top else over
    for n, p, line, name in shown:
        print(f'{n:5} {rel(p)}:{line} {name}')
    big = sorted(f for f in files if f[0] > args.max_file)
    for n, p in big:
        print(f'{n:5} {rel(p)} (file)')
    print(f'{len(fns)} functions outside tests, {len(over)} over {args.max_fn} lines; '
          f'{len(files)} files, {len(big)} over {args.max_file} lines '
          f'(longest: {max(files)[0]} {rel(max(files)[1])})')
    sys.exit(1 if over or big else 0)


if __name__ == '__main__':
    main()
