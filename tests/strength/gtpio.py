"""The GTP conversation the strength scripts share: start an engine, ask it
one command and read its answer."""
import subprocess


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
