"""Scene stack: hooks, overlays, input chain and updates."""

import pygame
import pytest

from client_events import key
from game.scenes.stack import Scene, SceneStack, SceneStackError


class Recorder(Scene):
    """Records every hook and per-frame call as (name, method)."""

    def __init__(self, name, log, consumes=False, overlay=False, pauses_below=True):
        super().__init__()
        self.name = name
        self.log = log
        self.consumes = consumes
        self.is_overlay = overlay
        self.pauses_below = pauses_below

    def enter(self):
        self.log.append((self.name, "enter"))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle_event(self, event):
        self.log.append((self.name, "event"))
        return self.consumes

    def update(self, dt):
        self.log.append((self.name, "update"))

    def draw(self, surface):
        self.log.append((self.name, "draw"))


def calls(log, name):
    return [m for n, m in log if n == name]


@pytest.fixture
def log():
    return []


@pytest.fixture
def stack():
    return SceneStack()


class TestPushWhenEmpty:
    def test_pushed_scene_is_top_and_entered(self, stack, log):
        a = stack.push(Recorder("a", log))
        assert stack.top is a
        assert stack.scenes == (a,)
        assert a.stack is stack
        assert calls(log, "a") == ["enter"]


class TestPushWhenNotEmpty:
    def test_old_top_paused_then_new_entered(self, stack, log):
        a = stack.push(Recorder("a", log))
        b = stack.push(Recorder("b", log))
        assert stack.top is b
        assert stack.scenes == (a, b)
        assert log == [("a", "enter"), ("a", "pause"), ("b", "enter")]

    def test_pushing_a_scene_twice_is_refused(self, stack, log):
        a = stack.push(Recorder("a", log))
        with pytest.raises(SceneStackError):
            stack.push(a)


class TestPop:
    def test_popped_exits_and_below_resumes(self, stack, log):
        a = stack.push(Recorder("a", log))
        b = stack.push(Recorder("b", log))
        log.clear()
        assert stack.pop() is b
        assert stack.top is a
        assert b.stack is None
        assert log == [("b", "exit"), ("a", "resume")]

    def test_after_last_pop_stack_is_empty(self, stack, log):
        a = stack.push(Recorder("a", log))
        stack.pop()
        assert stack.top is None
        assert not stack
        assert calls(log, "a") == ["enter", "exit"]
        assert a.stack is None


class TestReplace:
    def test_replaced_exits_new_enters_below_untouched(self, stack, log):
        a = stack.push(Recorder("a", log))
        stack.push(Recorder("b", log))
        log.clear()
        c = stack.replace(Recorder("c", log))
        assert stack.scenes == (a, c)
        assert log == [("b", "exit"), ("c", "enter")]


class TestRemove:
    def test_remove_current_resumes_below(self, stack, log):
        a = stack.push(Recorder("a", log))
        b = stack.push(Recorder("b", log))
        log.clear()
        stack.remove(b)
        assert stack.scenes == (a,)
        assert log == [("b", "exit"), ("a", "resume")]

    def test_remove_not_current_leaves_top_alone(self, stack, log):
        a = stack.push(Recorder("a", log))
        b = stack.push(Recorder("b", log))
        log.clear()
        stack.remove(a)
        assert stack.scenes == (b,)
        assert log == [("a", "exit")]

    def test_close_removes_the_scene_itself(self, stack, log):
        a = stack.push(Recorder("a", log))
        b = stack.push(Recorder("b", log))
        b.close()
        assert stack.scenes == (a,)
        b.close()  # already gone: nothing happens
        assert stack.scenes == (a,)

    def test_remove_absent_scene_raises(self, stack, log):
        with pytest.raises(SceneStackError):
            stack.remove(Recorder("x", log))


class TestClear:
    def test_all_exit_top_first_and_nothing_resumes(self, stack, log):
        stack.push(Recorder("a", log))
        stack.push(Recorder("b", log))
        log.clear()
        stack.clear()
        assert not stack
        assert log == [("b", "exit"), ("a", "exit")]


class TestWhenEmpty:
    def test_pop_raises(self, stack):
        with pytest.raises(SceneStackError):
            stack.pop()

    def test_replace_raises(self, stack, log):
        with pytest.raises(SceneStackError):
            stack.replace(Recorder("a", log))

    def test_top_is_none_and_frame_calls_are_harmless(self, stack):
        assert stack.top is None
        assert stack.handle_event(key(pygame.K_a)) is False
        stack.update(0.1)
        stack.draw(pygame.Surface((10, 10)))


class TestDrawing:
    def test_full_scene_hides_what_is_below(self, stack, log):
        stack.push(Recorder("a", log))
        stack.push(Recorder("b", log))
        log.clear()
        stack.draw(pygame.Surface((10, 10)))
        assert log == [("b", "draw")]

    def test_overlays_draw_over_the_scenes_below_bottom_first(self, stack, log):
        stack.push(Recorder("a", log))
        stack.push(Recorder("b", log))
        stack.push(Recorder("c", log, overlay=True))
        stack.push(Recorder("d", log, overlay=True))
        log.clear()
        stack.draw(pygame.Surface((10, 10)))
        assert log == [("b", "draw"), ("c", "draw"), ("d", "draw")]

    def test_overlay_on_its_own_draws(self, stack, log):
        stack.push(Recorder("o", log, overlay=True))
        log.clear()
        stack.draw(pygame.Surface((10, 10)))
        assert log == [("o", "draw")]


class TestInputChain:
    def test_top_consumes_first(self, stack, log):
        stack.push(Recorder("a", log, consumes=True))
        stack.push(Recorder("b", log, consumes=True, overlay=True))
        log.clear()
        assert stack.handle_event(key(pygame.K_a)) is True
        assert log == [("b", "event")]

    def test_overlay_passes_unconsumed_input_down(self, stack, log):
        stack.push(Recorder("a", log, consumes=True))
        stack.push(Recorder("b", log, overlay=True))
        log.clear()
        assert stack.handle_event(key(pygame.K_a)) is True
        assert log == [("b", "event"), ("a", "event")]

    def test_full_scene_shields_the_scenes_below(self, stack, log):
        stack.push(Recorder("a", log, consumes=True))
        stack.push(Recorder("b", log))
        log.clear()
        assert stack.handle_event(key(pygame.K_a)) is False
        assert log == [("b", "event")]

    def test_scene_removed_during_the_chain_gets_no_event(self, stack, log):
        a = stack.push(Recorder("a", log, consumes=True))

        class Closer(Recorder):
            def handle_event(self, event):
                super().handle_event(event)
                a.close()
                return False

        stack.push(Closer("b", log, overlay=True))
        log.clear()
        assert stack.handle_event(key(pygame.K_a)) is False
        assert calls(log, "a") == ["exit"]

    def test_push_from_a_handler_takes_effect_next_event(self, stack, log):
        class Opener(Recorder):
            def handle_event(self, event):
                super().handle_event(event)
                self.stack.push(Recorder("menu", log, consumes=True, overlay=True))
                return True

        stack.push(Opener("a", log))
        stack.handle_event(key(pygame.K_a))
        log.clear()
        stack.handle_event(key(pygame.K_a))
        assert log == [("menu", "event")]


class TestUpdate:
    def test_only_the_top_updates(self, stack, log):
        stack.push(Recorder("a", log))
        stack.push(Recorder("b", log, overlay=True))
        log.clear()
        stack.update(0.1)
        assert log == [("b", "update")]

    def test_overlay_that_does_not_pause_lets_below_update(self, stack, log):
        stack.push(Recorder("a", log))
        stack.push(Recorder("b", log, overlay=True, pauses_below=False))
        log.clear()
        stack.update(0.1)
        assert log == [("b", "update"), ("a", "update")]

    def test_update_gets_the_explicit_dt(self, stack):
        seen = []

        class Clock(Scene):
            def update(self, dt):
                seen.append(dt)

        stack.push(Clock())
        stack.update(0.25)
        assert seen == [0.25]
