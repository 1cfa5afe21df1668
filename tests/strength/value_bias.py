#!/usr/bin/env python3
"""How far tianyuan's own judgement of the positions of its games is from
Pachi's: a measure of what tianyuan's playouts miss.

    value_bias.py PACHI_EVAL_OUTPUT TIANYUAN PLAYOUTS DIR [ENGINE ARGS...]

PACHI_EVAL_OUTPUT is what `pachi_eval.py PACHI N DIR` printed for the cut
records of DIR (games cut off with `tianyuan match --max-moves N`, or
records cut by hand). For each record, TIANYUAN (with ENGINE ARGS, for
example `--param playout.nakade=on`) searches the final position for
PLAYOUTS simulations on one thread, with a fixed seed; its best move's
win rate, turned into the value for tianyuan's colour, is compared with
Pachi's. Prints a line per record, then the mean difference (tianyuan
minus Pachi: above 0, tianyuan thinks its position better than Pachi
does) and the mean absolute difference. Used for docs/STRENGTH-HISTORY.md, "What
tianyuan's playouts miss".
"""
import os
import re
import subprocess
import sys

from records import final_position, moves, tianyuan_black


def main():
    pachi_out, engine, playouts, directory = sys.argv[1:5]
    extra = sys.argv[5:]
    pachi = {}
    for line in open(pachi_out):
        m = re.match(r"(\S+\.sgf) .* pachi-winrate-for-tianyuan ([0-9.]+)", line)
        if m:
            pachi[os.path.basename(m.group(1))] = float(m.group(2))
    diffs = []
    for name in sorted(pachi):
        t = open(os.path.join(directory, name)).read()
        ty_black = tianyuan_black(t)
        mv = moves(t)
        cmds, to_move = final_position(t, mv)
        cmds.append(f"genmove {to_move}")
        r = subprocess.run(
            [engine, "--threads", "1", "--playouts", playouts, "--seed", "3"] + extra,
            input="\n".join(cmds) + "\n", capture_output=True, text=True,
            env=dict(os.environ, RUST_LOG="debug"))
        m = re.findall(r"win rate ([0-9.]+)", r.stderr)
        if not m:
            print(name, "no value", flush=True)
            continue
        p = float(m[-1])
        black = p if to_move == "B" else 1 - p
        ty = black if ty_black else 1 - black
        diffs.append(ty - pachi[name])
        print(f"{name} moves {len(mv)} tianyuan {ty:.3f} pachi {pachi[name]:.3f}", flush=True)
    n = len(diffs)
    if n:
        print(f"n {n} mean difference {sum(diffs) / n:+.3f} "
              f"mean absolute difference {sum(abs(d) for d in diffs) / n:.3f}")


if __name__ == "__main__":
    main()
