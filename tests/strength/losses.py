#!/usr/bin/env python3
"""A first look at the games an engine lost: for each record of a match
directory that the engine named by NAME lost, the result, the moves, and
GNU Go's dead stones of each side in the final position (what a
resignation left on the board: a group that died shows as many of the
loser's stones dead).

    losses.py DIR NAME [GNUGO]

NAME is matched against PB and PW (for example `tianyuan`); GNUGO is the
GNU Go command (default `gnugo --mode gtp --chinese-rules`). One line a
lost game, then the totals. docs/STRENGTH.md uses it for the losses of
the matches against Pachi.
"""
import glob
import os
import re
import sys

from records import ask, start


def prop(text, name):
    m = re.search(r"\b" + name + r"\[((?:[^\]\\]|\\.)*)\]", text)
    return m.group(1) if m else ""


def dead_by_colour(engine, path):
    answer = ask(engine, f"loadsgf {path}")
    if not answer.startswith("="):
        return None
    dead = ask(engine, "final_status_list dead")[1:].split()
    counts = {"B": 0, "W": 0}
    for vertex in dead:
        colour = ask(engine, f"color {vertex}")[1:].strip()
        if colour == "black":
            counts["B"] += 1
        elif colour == "white":
            counts["W"] += 1
    return counts


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    directory, name = sys.argv[1], sys.argv[2].lower()
    gnugo = sys.argv[3] if len(sys.argv) == 4 else "gnugo --mode gtp --chinese-rules"
    engine = start(gnugo)
    games = lost = 0
    dead_own = dead_theirs = 0
    for path in sorted(glob.glob(os.path.join(directory, "*.sgf"))):
        text = open(path).read()
        black, white, result = prop(text, "PB"), prop(text, "PW"), prop(text, "RE")
        if name in black.lower():
            own = "B"
        elif name in white.lower():
            own = "W"
        else:
            continue
        games += 1
        if not result or result[0] == own or result[0] not in "BW":
            continue
        lost += 1
        moves = len(re.findall(r";[BW]\[", text))
        counts = dead_by_colour(engine, path)
        theirs = "W" if own == "B" else "B"
        if counts is None:
            print(f"{os.path.basename(path)} {own} {result} {moves} moves: GNU Go could not load it")
            continue
        dead_own += counts[own]
        dead_theirs += counts[theirs]
        print(f"{os.path.basename(path)} {name} as {own}, {result} after {moves} moves: "
              f"dead by GNU Go: {counts[own]} of {name}'s stones, {counts[theirs]} of the other's")
    ask(engine, "quit")
    print(f"{lost} lost of {games}; dead stones at the end of the lost games: "
          f"{dead_own} of {name}'s, {dead_theirs} of the other side's")


if __name__ == "__main__":
    main()
