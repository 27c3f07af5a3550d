"""The Castles of Burgundy: `python main.py` starts the game; subcommands run headless tools.

    python main.py                      the game window (also: python main.py play)
    python main.py simulate ...         random complete games with their scores
    python main.py bench                rules-engine speed figures
    python main.py bench-client ...     the game window's drawing speed figures
    python main.py tournament ...       AI tiers against each other, with their results

Every command goes through game.cli; `python main.py --help` lists them.
"""

from __future__ import annotations

import os
import sys

# Before anything imports pygame: the console stays free of its greeting.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str]) -> int:
    from game import cli
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main(list(sys.argv[1:])))
