"""The pygame client: scenes, layout, drawing, animation, dice, persistence and UI text.

Nothing here decides a rule. Scenes turn clicks into choices among the legal actions the
rules offer, and turn the events the rules return into animations.
"""
