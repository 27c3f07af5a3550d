"""The table scene: the central board, the estates, the log, and play by clicks.

Modules: `scene` (TableScene: input, AI polling, saving, drawing), `view` (what has
finished animating), `interaction` (clicks narrowing the legal actions), `geometry`
(where things sit), `board_view` / `estate_view` / `paint` (drawing, cached layers),
`motion` (presenter handlers: events to animations), `log` (events in words), `tips`
(tooltip texts), `overlays` (pause menu, confirmations, hand-off), `glossary` (the searchable rules
reference), `tutorial_panel` (the tutorial laid over the table), `strings` (texts),
`bench` (frame-time benchmark).
"""

from .scene import TableScene

__all__ = ["TableScene"]
