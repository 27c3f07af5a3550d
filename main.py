"""The Castles of Burgundy from a checkout: `python main.py` starts the game; subcommands
run headless tools.

    python main.py                      the game window (also: python main.py play)
    python main.py simulate ...         random complete games with their scores
    python main.py bench                rules-engine speed figures
    python main.py bench-client ...     the game window's drawing speed figures
    python main.py tournament ...       AI tiers against each other, with their results

The same as `python -m game` and, once installed, the `castles-of-burgundy` command
(game/__main__.py); `python main.py --help` lists the commands.
"""

from __future__ import annotations

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
