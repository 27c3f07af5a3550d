"""`python -m game` and the `castles-of-burgundy` command: the game window, or a headless
tool named by its subcommand (`simulate`, `bench`, `tournament`, ...; `--help` lists them).

    castles-of-burgundy                  the game window (also: castles-of-burgundy play)
    castles-of-burgundy --windowed       the window, ignoring the full-screen setting
    castles-of-burgundy simulate ...     random complete games with their scores
"""

from __future__ import annotations

import os
import sys

# Before anything imports pygame: the console stays free of its greeting.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    """Run the command line `argv` (sys.argv's arguments by default): no subcommand, or
    only options, opens the window."""
    from game import cli
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main())
