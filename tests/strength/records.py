"""What the scripts of tests/strength share: SGF points as GTP vertices,
a 19x19 game record read as the GTP commands of its final position, and
the GTP conversation with an engine."""
import re
import subprocess

LETTERS = "ABCDEFGHJKLMNOPQRST"


def gtp(s, size=19):
    """The GTP vertex of the SGF point `s` on a board of `size` ("" or "tt":
    pass)."""
    if s in ("", "tt"):
        return "pass"
    return LETTERS[ord(s[0]) - 97] + str(size - (ord(s[1]) - 97))


def moves(t):
    """The moves of the SGF text `t`: (colour, SGF point) pairs."""
    return re.findall(r";([BW])\[([a-t]{0,2})\]", t)


def tianyuan_black(t, name="tianyuan"):
    """Whether the record's PB names tianyuan (or the player `name`)."""
    return re.search(r"PB\[([^\]]*)\]", t).group(1).startswith(name)


def final_position(t, mv):
    """The GTP commands that set up the final position of the record `t`
    with moves `mv`, and the side to move there."""
    komi = re.search(r"KM\[([^\]]*)\]", t).group(1)
    cmds = ["boardsize 19", "clear_board", f"komi {komi}"]
    cmds += [f"play {c} {gtp(v)}" for c, v in mv]
    to_move = "W" if mv and mv[-1][0] == "B" else "B"
    return cmds, to_move


def start(command):
    """An engine from its command line, its standard error discarded."""
    return subprocess.Popen(command, shell=True, text=True, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def ask(engine, command):
    """Send `command`; the answer's lines joined by spaces (`= ...` or `? ...`)."""
    engine.stdin.write(command + "\n")
    engine.stdin.flush()
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            raise SystemExit(f"the engine closed its output after {command!r}")
        if line.strip() == "" and lines:
            return " ".join(lines)
        if line.strip():
            lines.append(line.strip())
