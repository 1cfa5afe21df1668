#!/usr/bin/env python3
"""Pachi's win rate for tianyuan at the end of each game record of a
directory (games cut off with `tianyuan match --max-moves N`).

    pachi_eval.py PACHI PLAYOUTS DIR [A]

PACHI is the Pachi binary (built by hand, docs/STRENGTH.md), PLAYOUTS the
simulations of its search of each final position (one thread). Pachi's
value of the side to move is turned into tianyuan's (the player whose PB
or PW names tianyuan), or with a last argument `A` into the value of the
match's engine A (the record's GC says which colour it played): the form
for an A/B match of two tianyuans cut off in the middle game. Prints a
line per record, then the mean, its standard deviation and standard
error. Used for docs/STRENGTH-HISTORY.md, "The learned prior in the 19x19
opening" and, for `value_bias.py`, "What tianyuan's playouts miss on
19x19" (the `A` form is not used there yet).
"""
import glob
import re
import subprocess
import sys

from records import final_position, moves, tianyuan_black


def main():
    pachi, playouts, directory = sys.argv[1], sys.argv[2], sys.argv[3]
    for_a = len(sys.argv) > 4 and sys.argv[4] == "A"
    vals = []
    for f in sorted(glob.glob(directory + "/game-*.sgf")):
        t = open(f).read()
        if for_a:
            ty_black = "Black: engine A" in t
        else:
            ty_black = tianyuan_black(t)
        size = int(re.search(r"SZ\[(\d+)\]", t).group(1))
        if size != 19:
            raise SystemExit(f"{f}: only 19x19 records")
        mv = moves(t)
        # A game that ended by resignation before the cut (the runner's
        # GC names the result and the moves; a record cut by hand keeps
        # the whole game's result, and has fewer moves): the winner's
        # value is 1.
        resigned = re.search(r"Result: ([BW])\+R \([a-z]+ resigned\) (\d+) moves", t)
        if resigned and int(resigned.group(2)) != len(mv):
            resigned = None
        if resigned:
            black = 1.0 if resigned.group(1) == "B" else 0.0
            ty = black if ty_black else 1 - black
            vals.append(ty)
            print(f"{f} moves {len(mv)} {'A' if for_a else 'tianyuan'} {'B' if ty_black else 'W'} "
                  f"resigned-winrate-for-{'A' if for_a else 'tianyuan'} {ty:.3f}", flush=True)
            continue
        cmds, to_move = final_position(t, mv)
        cmds.append(f"genmove {to_move}")
        r = subprocess.run([pachi, "--nodcnn", "threads=1", "-t", "=" + playouts],
                           input="\n".join(cmds) + "\n", capture_output=True, text=True)
        m = re.findall(r"\*\*\* WINNER is \S+ with score ([0-9.]+)%", r.stderr)
        if not m:
            print(f, "no value", flush=True)
            continue
        p = float(m[-1]) / 100
        black = p if to_move == "B" else 1 - p
        ty = black if ty_black else 1 - black
        vals.append(ty)
        print(f"{f} moves {len(mv)} {'A' if for_a else 'tianyuan'} {'B' if ty_black else 'W'} "
              f"pachi-winrate-for-{'A' if for_a else 'tianyuan'} {ty:.3f}", flush=True)
    n = len(vals)
    if n:
        mean = sum(vals) / n
        sd = (sum((v - mean) ** 2 for v in vals) / max(1, n - 1)) ** 0.5
        print(f"n {n} mean {mean:.3f} sd {sd:.3f} se {sd / n ** 0.5:.3f}")


if __name__ == "__main__":
    main()
