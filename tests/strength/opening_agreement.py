#!/usr/bin/env python3
"""Opening agreement: how often an engine's `reg_genmove` is the move a
strong player chose, at positions from the first moves of their games.

    opening_agreement.py "ENGINE COMMAND" GAMES NGAMES MOVES

GAMES is a file of games one a line with the moves in SGF notation
(`;B[pd];W[dd]...`, as the kifu files of yenw/computer-go-dataset hold
them), NGAMES how many of its 19x19 games to use (the first that are
long enough), MOVES the comma-separated move numbers of the positions
(4,8,...: the position after that many moves, the next move to guess).
Prints a line per position (move number, colour, the played move, the
engine's) and the agreement at the end. Used for docs/STRENGTH-HISTORY.md, "The
learned prior in the 19x19 opening".
"""
import re
import sys

from records import ask, gtp, start


def main():
    engine, games_file, ngames = sys.argv[1], sys.argv[2], int(sys.argv[3])
    moves = [int(x) for x in sys.argv[4].split(",")]
    games = []
    for line in open(games_file):
        mv = re.findall(r";([BW])\[([a-s]{2})\]", line)
        if len(mv) >= max(moves) + 1:
            games.append(mv)
    games = games[:ngames]
    p = start(engine)

    def cmd(c):
        answer = ask(p, c)
        if not answer.startswith("="):
            raise SystemExit(f"{c!r}: {answer}")
        return answer

    hit = n = 0
    for g in games:
        for m in moves:
            cmd("boardsize 19")
            cmd("clear_board")
            cmd("komi 7.5")
            for c, v in g[:m]:
                cmd(f"play {c} {gtp(v)}")
            c, v = g[m]
            r = cmd(f"reg_genmove {c}")[1:].strip().upper()
            n += 1
            hit += r == gtp(v)
            print(m, c, gtp(v), r, flush=True)
    print(f"agree {hit}/{n} = {hit / n:.3f}")


if __name__ == "__main__":
    main()
