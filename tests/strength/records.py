"""What the scripts of tests/strength share: SGF points as GTP vertices,
and a 19x19 game record read as the GTP commands of its final position."""
import re

LETTERS = "ABCDEFGHJKLMNOPQRST"


def gtp(s):
    """The GTP vertex of the 19x19 SGF point `s` ("" or "tt": pass)."""
    if s in ("", "tt"):
        return "pass"
    return LETTERS[ord(s[0]) - 97] + str(19 - (ord(s[1]) - 97))


def moves(t):
    """The moves of the SGF text `t`: (colour, SGF point) pairs."""
    return re.findall(r";([BW])\[([a-t]{0,2})\]", t)


def tianyuan_black(t):
    """Whether the record's PB names tianyuan."""
    return re.search(r"PB\[([^\]]*)\]", t).group(1).startswith("tianyuan")


def final_position(t, mv):
    """The GTP commands that set up the final position of the record `t`
    with moves `mv`, and the side to move there."""
    komi = re.search(r"KM\[([^\]]*)\]", t).group(1)
    cmds = ["boardsize 19", "clear_board", f"komi {komi}"]
    cmds += [f"play {c} {gtp(v)}" for c, v in mv]
    to_move = "W" if mv and mv[-1][0] == "B" else "B"
    return cmds, to_move
