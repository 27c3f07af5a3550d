"""The scene stack: title, table, menus and overlays stacked on one another.

Contract of the hooks, each called exactly once per transition:
- enter(): the scene was added to the stack.
- exit(): the scene was removed from the stack (it will not be used again).
- pause(): another scene was pushed on top of it.
- resume(): the scene on top of it was removed, so it is the top again.

A scene that is an overlay (``is_overlay = True``) lets the scenes below it draw and see
input it does not consume; a full scene hides and shields everything below it.

The frame loop draws only when something changed: after input, after the stack changed,
and while a running scene says it is ``animating()`` (animations, timers that will change
the picture, polling whose answer will). A scene whose picture can change on its own must
say so there, or the change waits for the next input.

Layers (``SceneStack.layers``) draw over whatever scenes are visible, after them: notices
that belong to no one scene, such as a read-only window's at the table. They take no input.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, TypeVar

import pygame


class Scene:
    """Base class: override the hooks and the three per-frame methods you need."""

    #: True when the scenes below stay visible and receive the input this one declines.
    is_overlay: bool = False
    #: For overlays: False lets the scenes below keep updating (animations, AI polling).
    pauses_below: bool = True
    #: True when the scene's drawing covers the whole design area with opaque pixels: the
    #: frame then clears only the letterbox around it, not the window twice over.
    covers_design_area: bool = False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def enter(self) -> None:
        """Called once, right after the scene is added to a stack."""

    def exit(self) -> None:
        """Called once, right after the scene is removed from its stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when this scene becomes the top again."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed; False passes it down the chain."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def animating(self) -> bool:
        """True while the picture changes without input (an animation runs, a timer or a
        poll will change what is drawn): the frame loop keeps drawing meanwhile."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface (see layout.Canvas for design coordinates)."""

    def close(self) -> None:
        """Remove this scene from its stack, wherever it is."""
        if self.stack is not None:
            self.stack.remove(self)


# push gives back the scene it was given, as its own type.
PushedScene = TypeVar("PushedScene", bound=Scene)


class Layer(Protocol):
    def draw(self, surface: pygame.Surface, visible: list[Scene]) -> None:
        """Draw over the visible scenes (bottom to top)."""


class SceneStackError(RuntimeError):
    """An operation that needs a scene found the stack empty, or the scene absent."""


class SceneStack:
    """Scenes bottom to top; the top scene gets input first."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.layers: list[Layer] = []
        #: Counts changes of the stack (push, pop, replace, remove, clear): a new picture.
        self.version = 0

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """All scenes, bottom to top."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self._scenes)

    def push(self, scene: PushedScene) -> PushedScene:
        if scene in self:
            raise SceneStackError(f"{type(scene).__name__} is already on the stack")
        self.version += 1
        below = self.top
        self._scenes.append(scene)
        scene.stack = self
        if below is not None:
            below.pause()
        scene.enter()
        return scene

    def pop(self) -> Scene:
        if not self._scenes:
            raise SceneStackError("cannot pop: the scene stack is empty")
        self.version += 1
        scene = self._scenes.pop()
        scene.exit()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``; the scene below is neither paused nor resumed."""
        if not self._scenes:
            raise SceneStackError("cannot replace: the scene stack is empty")
        if scene in self:
            raise SceneStackError(f"{type(scene).__name__} is already on the stack")
        self.version += 1
        old = self._scenes.pop()
        old.exit()
        old.stack = None
        self._scenes.append(scene)
        scene.stack = self
        scene.enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` from anywhere in the stack."""
        index = self._index(scene)
        if index == len(self._scenes) - 1:
            self.pop()
            return
        self.version += 1
        del self._scenes[index]
        scene.exit()
        scene.stack = None

    def clear(self) -> None:
        """Remove every scene, top first (each one exits; none is resumed)."""
        self.version += 1
        while self._scenes:
            scene = self._scenes.pop()
            scene.exit()
            scene.stack = None

    def _index(self, scene: Scene) -> int:
        for i, s in enumerate(self._scenes):
            if s is scene:
                return i
        raise SceneStackError(f"{type(scene).__name__} is not on the stack")

    def visible(self) -> list[Scene]:
        """The scenes that draw this frame, bottom to top: the top scene and, through
        overlays, those below it down to the first full scene."""
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].is_overlay:
            start -= 1
        return self._scenes[max(start, 0):]

    def covers_design_area(self) -> bool:
        """Whether this frame's drawing covers the whole design area (its bottom scene's
        does)."""
        visible = self.visible()
        return bool(visible) and visible[0].covers_design_area

    def _updating(self) -> Iterator[Scene]:
        for i in range(len(self._scenes) - 1, -1, -1):
            yield self._scenes[i]
            above = self._scenes[i]
            if not above.is_overlay or above.pauses_below:
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer the event to the visible scenes, top first, until one consumes it."""
        for scene in reversed(self.visible()):
            if scene.stack is not self:
                continue  # removed by a handler higher up in this same chain
            if scene.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        """Update the top scene and the scenes that overlays above them leave running."""
        for scene in list(self._updating()):
            if scene.stack is self:
                scene.update(dt)

    def animating(self) -> bool:
        """Whether a scene that updates this frame changes its picture on its own."""
        return any(scene.animating() for scene in self._updating())

    def draw(self, surface: pygame.Surface) -> None:
        visible = self.visible()
        for scene in visible:
            scene.draw(surface)
        for layer in self.layers:
            layer.draw(surface, visible)
