#!/usr/bin/env python3
"""Side-by-side search speed of two GTP engines at a fixed number of
simulations: the wall time of `genmove` from the same positions, the
fastest of REPS tries of each, and the ratio of the two sums.

    speed_vs.py PLAYOUTS SIZE REPS "ENGINE A" "ENGINE B"

Each engine command must fix its simulations a move at PLAYOUTS itself
(tianyuan: `--playouts N --threads 1`; Pachi: `-t =N threads=1`). The
positions are the empty board and three middle-game positions of game
records in tests/judgement (moves 60, 120 and 150), replayed with `play`
so that any engine takes them. Engine A's simulations a second is
PLAYOUTS times the positions over its summed time; the ratio is B's
time over A's (above 1: A is faster). docs/PERFORMANCE.md has the runs.
"""
import os
import sys
import time

from records import ask, gtp, moves, start

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDS = os.path.join(HERE, "..", "judgement")
POSITIONS = {
    19: [
        (None, 0),
        ("19x19/pa-ty-19-a-001.sgf", 60),
        ("19x19/ty-gg-19-a-001.sgf", 120),
        ("19x19/pa-ty-19-a-002.sgf", 150),
    ],
    9: [
        (None, 0),
        ("9x9/pa-ty-9-a-002.sgf", 10),
        ("9x9/ty-gg-9-b-003.sgf", 20),
        ("9x9/pa-gg-9-a-004.sgf", 30),
    ],
}


def history(path, count, size):
    """The first `count` moves of a record as (colour, GTP vertex) pairs."""
    text = open(os.path.join(RECORDS, path)).read()
    return [(c, gtp(v, size)) for c, v in moves(text)[:count]]


def times(command, size, reps):
    engine = start(command)
    best = []
    for path, count in POSITIONS[size]:
        played = history(path, count, size) if path else []
        fastest = None
        for _ in range(reps):
            ask(engine, f"boardsize {size}")
            ask(engine, "clear_board")
            ask(engine, "komi 7.5")
            for colour, vertex in played:
                answer = ask(engine, f"play {colour} {vertex}")
                if not answer.startswith("="):
                    raise SystemExit(f"{command}: play {colour} {vertex}: {answer}")
            to_move = "w" if played and played[-1][0] == "B" else "b"
            began = time.time()
            ask(engine, f"genmove {to_move}")
            took = time.time() - began
            fastest = took if fastest is None else min(fastest, took)
        best.append(fastest)
    ask(engine, "quit")
    engine.wait()
    return best


def main():
    if len(sys.argv) != 6:
        raise SystemExit(__doc__)
    playouts, size, reps = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    a = times(sys.argv[4], size, reps)
    b = times(sys.argv[5], size, reps)
    for name, t in (("A", a), ("B", b)):
        rate = playouts * len(t) / sum(t)
        print(f"{name} seconds " + " ".join(f"{x:.2f}" for x in t)
              + f" sum {sum(t):.2f} simulations/s {rate:.0f}")
    print(f"ratio B/A {sum(b) / sum(a):.2f}")


if __name__ == "__main__":
    main()
