#!/usr/bin/env python3
"""Check `tianyuan analysis` with a real client: KaTrain's own analysis engine class.

KaTrain (PyPI package `katrain`) starts tianyuan as a "custom" KataGo command,
loads an SGF with its own parser and Game class, and analyses every node the
way its GUI does after opening a file (one query per node). The check passes
when every node of the main line gets a complete analysis (root visits > 0,
winrate and scoreLead) and KaTrain logged no message at error level.

Usage (in a virtualenv with katrain installed):
    python tests/katrain/drive.py TIANYUAN_BINARY GAME.sgf [--visits N]
Exit status: 0 when all checks pass, 1 otherwise.
"""
import argparse
import os
import shlex
import sys
import threading
import time

# Kivy is imported by KaTrain: keep it from parsing our argv, from logging to the
# console, and from writing its settings into the home directory.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", "/tmp/kivyhome")

from katrain.core.base_katrain import KaTrainBase  # noqa: E402
from katrain.core.constants import OUTPUT_DEBUG, OUTPUT_ERROR, OUTPUT_INFO, VERSION  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game import Game, KaTrainSGF  # noqa: E402


class HeadlessKaTrain(KaTrainBase):
    """KaTrain's GUI-less app object, recording every log message instead of printing it."""

    def __init__(self):
        self.messages = []  # (level, message), in order
        self.messages_lock = threading.Lock()  # the engine logs from three threads
        super().__init__(force_package_config=True, debug_level=OUTPUT_DEBUG)

    def log(self, message, level=OUTPUT_INFO):
        with self.messages_lock:
            self.messages.append((level, str(message)))

    def errors(self):
        with self.messages_lock:
            return [m for level, m in self.messages if level == OUTPUT_ERROR]

    def __call__(self, message, *args, **kwargs):
        # The engine calls the app for GUI actions such as "engine_recovery_popup".
        self.log(f"app call {message} {args}", OUTPUT_DEBUG)

    def update_state(self, *args, **kwargs):
        pass  # the GUI would redraw here


def main_line(root):
    """The root and its first children down to the last move."""
    nodes = [root]
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    return nodes


def node_problem(node):
    """Why a node's analysis is not acceptable, or None when it is."""
    if not node.analysis_complete:
        return "analysis not complete" if node.analysis_exists else "no analysis"
    if node.root_visits <= 0:
        return f"root visits {node.root_visits}"
    if node.winrate is None or node.score is None:
        return f"winrate {node.winrate}, scoreLead {node.score}"
    if not node.analysis["moves"]:
        return "no candidate moves"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tianyuan", help="path of the tianyuan binary")
    parser.add_argument("sgf", help="game record to analyse")
    parser.add_argument("--visits", type=int, default=100, help="maxVisits per node (default 100)")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds to wait for the analysis (default 1200)")
    parser.add_argument("--verbose", action="store_true", help="print every message KaTrain logged")
    args = parser.parse_args()
    print(f"KaTrain version {VERSION}")

    katrain = HeadlessKaTrain()
    # KaTrain's default engine settings, with tianyuan as the custom engine command.
    config = {
        **katrain.config("engine"),
        "altcommand": f"{shlex.quote(os.path.abspath(args.tianyuan))} analysis --threads 2",
        "allow_recovery": False,  # no GUI popups: failures only go to the log
        "max_visits": args.visits,
    }
    start = time.time()
    engine = KataGoEngine(katrain, config)

    # Game() starts analysing every node of the tree in a background thread.
    root = KaTrainSGF.parse_file(args.sgf)
    game = Game(katrain, engine, move_tree=root, sgf_filename=args.sgf)
    nodes = main_line(game.root)
    all_nodes = game.root.nodes_in_tree

    # Wait until every node is analysed, or the engine has nothing left to do
    # (twice in a row, as a query is briefly in neither the queue nor the table
    # while it is being sent), or the engine process died, or time is up.
    idle_polls = 0
    timed_out = False
    while not all(n.analysis_complete for n in nodes):
        requested = all(n.analysis_visits_requested > 0 for n in all_nodes)
        idle_polls = idle_polls + 1 if requested and engine.is_idle() else 0
        if idle_polls >= 2 or not engine.check_alive():
            break
        if time.time() - start > args.timeout:
            timed_out = True
            break
        time.sleep(0.5)
    seconds = time.time() - start
    errors = katrain.errors()  # before the shutdown, whose messages are not tianyuan's fault

    # Stop the engine. KaTrain runs a custom command through /bin/sh, and its
    # shutdown() only signals the shell, which (dash) does not pass the signal
    # on. So detach the process as shutdown() does, then close tianyuan's
    # stdin: it must exit on end of input.
    with engine.thread_lock:
        process, engine.katago_process = engine.katago_process, None
    exit_code = None
    if process:
        try:
            process.stdin.close()
            exit_code = process.wait(timeout=10)
        except Exception as e:  # noqa: BLE001 -- report any failure to stop
            print(f"engine did not exit on end of input: {e!r}")
    # Join KaTrain's reader and writer threads, but never hang on them.
    stopper = threading.Thread(target=engine.shutdown, kwargs={"finish": False}, daemon=True)
    stopper.start()
    stopper.join(timeout=10)

    problems = [(i, p) for i, n in enumerate(nodes) if (p := node_problem(n))]
    if args.verbose:
        for level, message in katrain.messages:
            print(f"[{level}] {message}")
    for i, problem in problems[:10]:
        print(f"node {i}: {problem}")
    for message in errors[:10]:
        print(f"KaTrain error: {message}")
    if timed_out:
        print(f"timed out after {args.timeout:.0f} s, {engine.queries_remaining()} queries left")

    analysed = len(nodes) - len(problems)
    print(f"{os.path.basename(args.sgf)}: nodes {len(nodes)}, analysed {analysed}, errors {len(errors)}, seconds {seconds:.1f}")
    print(f"engine exit status {exit_code}")
    ok = not problems and not errors and not timed_out and exit_code == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
