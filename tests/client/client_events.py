"""Real pygame events for driving scenes in tests."""

import pygame


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def press(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def release(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def wheel(dy):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                              precise_y=float(dy))


def click(target, pos):
    """Move to, press and release at ``pos`` through ``target.handle_event``."""
    return [target.handle_event(e) for e in (motion(pos), press(pos), release(pos))]
