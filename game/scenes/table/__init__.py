"""The table scene: the central board, the estates, the log, and play by clicks.

Modules: `scene` (TableScene, the conductor: the session, input, AI polling, saving, the
order of drawing), `places` (where pieces fly), `steps` (what a click or key does),
`spots` (hit areas and tooltips), `painter` (what is drawn outside the panels), `view`
(what has finished animating), `seam` (where the modules plug in, and the `Table` protocol
the panels receive), `modules/` (one file per rules module the table shows), `interaction`
(clicks narrowing the legal actions), `geometry` (where things sit), `board_view` /
`estate_view` / `paint` (drawing, cached layers), the panels (`board_panel`,
`buttons_panel`, `dice_panel`, `estates_panel`, `hint_panel`, `log_panel`), `motion`
(presenter handlers: events to animations), `log` (events in words), `tips` (tooltip
texts), `hint_marks` (the hinted move's pieces), `ship_choice` (a ship's goods chosen on
the board), `space_words` (a space in words), `overlays` (pause menu, confirmations,
hand-off), `glossary` (the searchable rules reference), `tutorial_panel` (the tutorial laid
over the table), `replay` (the table watching a record), `bench` (frame-time benchmark).
"""

from .scene import TableScene

__all__ = ["TableScene"]
