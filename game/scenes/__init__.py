"""The pygame client: scenes, layout, drawing, animation, dice, persistence and UI text.

Nothing here decides a rule. Scenes turn clicks into choices among the legal actions the
rules offer, and turn the events the rules return into animations.
"""

import os

# Set before any module of the client imports pygame (`python -m game.scenes...` included),
# so the console stays free of pygame's greeting.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
