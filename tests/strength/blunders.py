#!/usr/bin/env python3
"""Where a game was lost: KataGo's analysis engine reads every position of
a record and this prints the moves of one player that cost the most, by
KataGo's win rate and score lead for that player before and after each of
its moves.

usage: blunders.py RECORD.sgf [RECORD.sgf ...] --player NAME
           --katago "KATAGO analysis -config CFG -model NET" [--visits N] [--top K]

KataGo is a peer run beside the project, never in its tests (issue 47's
loss analysis; ../shared/tools sets it up on a CPU). NAME is matched
against the start of PB and PW. One line a costly move: the game, the move
number, the vertex, KataGo's best move there, the player's win rate before
and after, and the score it lost."""
import argparse
import json
import re
import subprocess
import sys

from records import gtp, moves, tianyuan_black


def analyse(katago, record, visits):
    """KataGo's (winrate, scoreLead) for Black before each move and after the
    last, and its best move before each move."""
    t = open(record).read()
    mv = moves(t)
    komi = float(re.search(r"KM\[([^\]]*)\]", t).group(1))
    query = {
        "id": record,
        "moves": [[c, gtp(p)] for c, p in mv],
        "rules": "chinese",
        "komi": komi,
        "boardXSize": 19,
        "boardYSize": 19,
        "maxVisits": visits,
        "analyzeTurns": list(range(len(mv) + 1)),
    }
    katago.stdin.write(json.dumps(query) + "\n")
    katago.stdin.flush()
    found = {}
    while len(found) < len(mv) + 1:
        r = json.loads(katago.stdout.readline())
        if "error" in r:
            raise SystemExit(f"KataGo: {r['error']}")
        ri = r["rootInfo"]
        best = r["moveInfos"][0]["move"] if r.get("moveInfos") else "?"
        found[r["turnNumber"]] = (ri["winrate"], ri["scoreLead"], best)
        print(f"\r{record}: {len(found)} of {len(mv) + 1}", end="", file=sys.stderr, flush=True)
    return t, mv, [found[i] for i in range(len(mv) + 1)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="+")
    ap.add_argument("--player", required=True)
    ap.add_argument("--katago", required=True)
    ap.add_argument("--visits", type=int, default=100)
    ap.add_argument("--top", type=int, default=5)
    a = ap.parse_args()
    katago = subprocess.Popen(
        a.katago.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True)
    for record in a.records:
        t, mv, found = analyse(katago, record, a.visits)
        colour = "B" if tianyuan_black(t, a.player) else "W"
        costs = []
        for i, (c, p) in enumerate(mv):
            if c != colour:
                continue
            sign = 1 if colour == "B" else -1
            w0, s0, best = found[i]
            w1, s1, _ = found[i + 1]
            if colour == "W":
                w0, w1 = 1 - w0, 1 - w1
            costs.append((w0 - w1, sign * (s0 - s1), i + 1, gtp(p), best, w0, w1))
        costs.sort(reverse=True)
        for dw, ds, n, v, best, w0, w1 in costs[: a.top]:
            print(f"{record.split('/')[-1]} move {n:3} {colour} {v:4} (KataGo {best:4}) "
                  f"win {w0:.2f} -> {w1:.2f}, score -{ds:.1f}")
    katago.stdin.close()
    katago.wait()


if __name__ == "__main__":
    main()
