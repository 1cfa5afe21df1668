#!/usr/bin/env python3
"""Build tests/problems/ggg.txt from a checkout of gogameguru/go-problems.

    python3 tests/problems/build.py PATH-TO-go-problems COMMIT > /tmp/raw.txt
    tianyuan problem-set /tmp/raw.txt --calibrate > tests/problems/ggg.txt

Reads weekly-go-problems/{easy,intermediate,hard}/*.sgf (the folder `other`
is left out) and writes one problem a line (README.md beside this script
describes the format and every rule used here). Diagnostics go to stderr.
Written for this project; it shares no code with the collection or with
any tsumego tool.
"""

import glob
import os
import re
import sys

SIZE = 19
LEVELS = [("easy", 1), ("intermediate", 2), ("hard", 3)]
# A correct line ends in a node whose comment begins with one of these.
CORRECT = re.compile(r"^\s*(correct|also correct|this is also correct)\b", re.I)
KO = re.compile(r"\bko\b", re.I)
NOT_KO = re.compile(r"\b(without|no|avoid\w*)\s+(a\s+|the\s+)?ko\b", re.I)
# The frame's rules (src/arena/problem_set.rs, frame.rs keeps the same):
# a bounding-box side within EDGE lines of the board's edge reaches it.
EDGE = 2
# Problems whose goal the comments gave.
said = 0


def parse_sgf(text):
    """The first game tree as (nodes, children); a node is {key: [values]}."""
    i = 0
    n = len(text)

    def skip():
        nonlocal i
        while i < n and text[i].isspace():
            i += 1

    def tree():
        nonlocal i
        assert text[i] == "("
        i += 1
        nodes, children = [], []
        skip()
        while i < n and text[i] == ";":
            i += 1
            props = {}
            skip()
            while i < n and text[i].isalpha():
                j = i
                while text[i].isalpha():
                    i += 1
                key = "".join(c for c in text[j:i] if c.isupper())
                values = []
                skip()
                while i < n and text[i] == "[":
                    i += 1
                    v = []
                    while text[i] != "]":
                        if text[i] == "\\":
                            i += 1
                        v.append(text[i])
                        i += 1
                    i += 1
                    values.append("".join(v))
                    skip()
                props.setdefault(key, []).extend(values)
            nodes.append(props)
            skip()
        while i < n and text[i] == "(":
            children.append(tree())
            skip()
        assert text[i] == ")"
        i += 1
        skip()
        return nodes, children

    skip()
    return tree()


def xy(sgf):
    """SGF point to (column, row from the top)."""
    return ord(sgf[0]) - 97, ord(sgf[1]) - 97


def gtp(p):
    x, y = p
    return "ABCDEFGHJKLMNOPQRST"[x] + str(SIZE - y)


def first_moves(tree):
    """[(colour, point, subtree)] for each first move of the problem."""
    nodes, children = tree
    if len(nodes) > 1:
        return [(nodes[1], (nodes[1:], children))]
    return [(sub[0][0], sub) for sub in children]


def comments(tree):
    nodes, children = tree
    out = [c for nd in nodes for c in nd.get("C", [])]
    for ch in children:
        out += comments(ch)
    return out


def correct_leaves(tree):
    """Comments of the nodes that close a correct line in this subtree."""
    return [c for c in comments(tree) if CORRECT.match(c)]


def main_line(first_node, subtree):
    """The moves of the first correct line below a first move, as points
    (None for a pass): at each node the first variation that holds a
    correct line."""
    line = []
    nodes, children = subtree
    while True:
        for nd in nodes:
            for c in ("B", "W"):
                if c in nd:
                    v = nd[c][0]
                    line.append(None if v in ("", "tt") else xy(v))
            if any(CORRECT.match(c) for c in nd.get("C", [])):
                return line
        good = [ch for ch in children if correct_leaves(ch)]
        if not good:
            return line
        nodes, children = good[0]


def bbox(stones):
    xs = [x for x, _ in stones]
    ys = [y for _, y in stones]
    return min(xs), max(xs), min(ys), max(ys)


def reaches(b):
    """Which sides of the bounding box reach the edge: left, right, top, bottom."""
    x0, x1, y0, y1 = b
    return x0 <= EDGE, x1 >= SIZE - 1 - EDGE, y0 <= EDGE, y1 >= SIZE - 1 - EDGE


def area(b):
    left, right, top, bottom = reaches(b)
    if (left or right) and (top or bottom):
        return "corner"
    if left or right or top or bottom:
        return "side"
    return "centre"


def encloser(black, white):
    """The colour that surrounds the problem: the one with more stones on
    the open sides of the bounding box (those that do not reach the edge),
    looking one line further in while they tie; White if they always tie."""
    x0, x1, y0, y1 = bbox(black | white)
    left, right, top, bottom = reaches((x0, x1, y0, y1))
    for d in range(SIZE):
        def on_ring(p):
            x, y = p
            inside = x0 + d <= x <= x1 - d and y0 + d <= y <= y1 - d
            return inside and (
                (not left and x == x0 + d)
                or (not right and x == x1 - d)
                or (not top and y == y0 + d)
                or (not bottom and y == y1 - d)
            )
        b = sum(1 for p in black if on_ring(p))
        w = sum(1 for p in white if on_ring(p))
        if b != w:
            return "B" if b > w else "W"
    return "W"


def neighbours(p):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < SIZE and 0 <= q[1] < SIZE:
            yield q


def has_liberty(p, own, other):
    seen, todo = {p}, [p]
    while todo:
        q = todo.pop()
        for r in neighbours(q):
            if r not in own and r not in other:
                return True
            if r in own and r not in seen:
                seen.add(r)
                todo.append(r)
    return False


def said_goal(to_move, texts):
    """"live" or "kill" when the comments say whose group lives or dies
    one way only (the mover's group dying, or living, in some line: live;
    the other's: kill), else None."""
    names = {"B": "Black", "W": "White"}
    other = "W" if to_move == "B" else "B"
    fate = r"(?:'s|\s+is)\s+(?:dead|captured|alive)|\s+lives\b"
    text = " ".join(texts)
    mine = re.search(names[to_move] + fate, text)
    theirs = re.search(names[other] + fate, text)
    if mine and not theirs:
        return "live"
    if theirs and not mine:
        return "kill"
    return None


def build(root):
    global said
    out = []
    for folder, level in LEVELS:
        files = glob.glob(os.path.join(root, "weekly-go-problems", folder, "*.sgf"))
        files.sort(key=lambda f: int(re.search(r"(\d+)\.sgf$", f).group(1)))
        for f in files:
            name = os.path.basename(f)[:-4]
            with open(f, encoding="utf-8") as fh:
                tree = parse_sgf(fh.read())
            root_node = tree[0][0]
            black = {xy(p) for p in root_node.get("AB", [])}
            white = {xy(p) for p in root_node.get("AW", [])}
            firsts = first_moves(tree)
            colours = {c for nd, _ in firsts for c in ("B", "W") if c in nd}
            if len(colours) != 1:
                print(f"{name}: first moves of both colours, left out", file=sys.stderr)
                continue
            (to_move,) = colours
            accepted, leaves, line = [], [], None
            for nd, sub in firsts:
                good = correct_leaves(sub)
                if good:
                    p = xy(nd[to_move][0])
                    if p not in accepted:
                        accepted.append(p)
                    leaves += good
                    if line is None:
                        line = main_line(nd, sub)
            bad = [p for p in accepted if p in black or p in white]
            broken = [p for p in black if not has_liberty(p, black, white)]
            broken += [p for p in white if not has_liberty(p, white, black)]
            if not accepted or bad or broken or black & white:
                print(f"{name}: no correct line or a broken position, left out", file=sys.stderr)
                continue
            ko = any(KO.search(c) and not NOT_KO.search(c) for c in leaves)
            goal = said_goal(to_move, comments(tree)[1:])
            if goal is None:
                goal = "kill" if to_move == encloser(black, white) else "live"
            else:
                said += 1
            kind = "ko" if ko else goal
            out.append((name, level, to_move, kind, area(bbox(black | white)), accepted, black, white, line))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    root, commit = sys.argv[1], sys.argv[2]
    problems = build(root)
    print("# Life-and-death problems from Go Game Guru's Weekly Go Problems (An Younggil 8p and")
    print("# David Ormerod), github.com/gogameguru/go-problems at commit " + commit + ",")
    print("# CC BY-NC-SA 4.0: this file is an adaptation under the same licence (README.md).")
    print("# Built by build.py; one problem a line:")
    print("# ID level=1-3 play=B|W kind=live|kill|ko area=corner|side|centre part=dev|held-out")
    print("#    accept=VERTICES line=VERTICES black=VERTICES white=VERTICES (the unframed position)")
    print("#    komi=K (the framed problem's, added by `tianyuan problem-set --calibrate`)")
    for i, (name, level, to_move, kind, where, accepted, black, white, line) in enumerate(problems):
        part = "held-out" if i % 4 == 3 else "dev"
        order = lambda ps: sorted(ps, key=lambda p: (SIZE - p[1], p[0]))
        print(
            f"{name} level={level} play={to_move} kind={kind} area={where} part={part} "
            f"accept={','.join(gtp(p) for p in accepted)} "
            f"line={','.join('pass' if p is None else gtp(p) for p in line)} "
            f"black={','.join(gtp(p) for p in order(black))} "
            f"white={','.join(gtp(p) for p in order(white))}"
        )
    print(f"{len(problems)} problems, the goal of {said} from the comments", file=sys.stderr)


if __name__ == "__main__":
    main()
