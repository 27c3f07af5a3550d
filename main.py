"""The Castles of Burgundy: `python main.py` starts the game; subcommands run headless tools.

    python main.py                      the game window
    python main.py simulate ...         random complete games with their scores
    python main.py bench                rules-engine speed figures
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("simulate", "bench"):
        from game import cli
        return cli.main(argv)
    from game import cli
    return cli.main(["play", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
