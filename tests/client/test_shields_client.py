"""The shields module at the table: the shields drawn on the depots and the castles with
their numbers and tooltips in both languages, a click on a depot's shield taking it, a
click on one's own shield 16 listing its choices, the castle and tribute decisions as
listed choices, the view following the shields' events, and their log lines."""

from __future__ import annotations

import pygame
import pytest
from client_events import click
from positions import table_at

from game.rules.modules import shields as rules_shields
from game.scenes import i18n
from game.scenes.table.glossary import entries
from game.scenes.table.motion import Flight, Handlers
from game.scenes.table.log import choice_label, describe_action, describe_event
from game.scenes.table.modules.shields import (SHIELD_ICONS, depot_shield_centre,
                                              shield_image, shield_tip)
from game.rules.events import TilePlaced
from game.scenes.table.view import TableView

LANGUAGES = ("en", "de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shield_has_an_icon_and_a_tooltip_in_both_languages(lang):
    i18n.set_language(lang)
    try:
        for n in range(1, 19):
            tip = shield_tip(n)
            assert tip.startswith(("Shield", "Schild")) and str(n) in tip
            assert str(rules_shields.END_VP[n]) in tip
            assert "shield.effect" not in tip
            assert shield_image(n, 40).get_height() > 30 and SHIELD_ICONS[n]
    finally:
        i18n.set_language("en")


def test_the_depot_shields_are_drawn_from_the_state_and_a_click_takes_one(data_root):
    t = table_at("shield_turn", data_root)
    scene = t.scene
    shields = scene.state.ext["shields"]
    assert scene.view.parts["shields"].depots == [list(d) for d in shields.depots]
    take = next(a for a in scene.narrowing.legal if a[0] == "shield")
    spot = next(s for s in scene.spots.all() if s.kind == "shield" and s.key == take[1:])
    assert "Click" in spot.tooltip_text()
    row = scene.view.parts["shields"].depots[take[1] - 1]
    click(t.stack, depot_shield_centre(take[1], take[2], len(row)))
    t.stack.update(1 / 60)
    state = scene.state
    assert any(state.ext["shields"].castles)
    assert TableView.from_state(state).parts["shields"].on_castles(state.current_player) == \
        scene.view.parts["shields"].on_castles(state.current_player)


def test_the_castle_choice_and_a_shield_replaced(data_root):
    t = table_at("shield_castle", data_root)
    scene = t.scene
    labels = [choice_label(b.action, scene.state) for b in scene.choices.buttons]
    assert labels[0].startswith("Onto the free castle")
    assert labels[-1].startswith("Replace shield")
    click(t.stack, scene.choices.buttons[-1].rect.center)  # replace the held shield
    t.stack.update(1 / 60)
    seat = scene.state.current_player
    castles = scene.state.ext["shields"].castles[seat]
    assert scene.view.parts["shields"].on_castles(seat) == dict(castles)


def test_shield_16_lists_its_die_changes_and_one_is_played(data_root):
    t = table_at("shield_use", data_root)
    scene = t.scene
    spot = next(s for s in scene.spots.all() if s.kind == "castle_shield" and s.key == 16)
    assert "Click to use" in spot.tooltip_text()
    scene.steps.cancel()
    assert not scene.options
    click(t.stack, spot.centre)  # the click lists them again
    t.stack.update(1 / 60)
    assert scene.options and scene.choices.buttons
    action = scene.choices.buttons[0].action
    assert action[0] == "set_die"
    click(t.stack, scene.choices.buttons[0].rect.center)
    t.stack.update(1 / 60)
    seat = scene.state.current_player
    assert scene.state.players[seat].dice[action[1]] == action[2]
    assert scene.view.players[seat].dice[action[1]] == action[2]


def test_the_tribute_is_a_listed_choice_with_a_prompt(data_root):
    t = table_at("shield_tribute", data_root)
    scene = t.scene
    assert scene.prompt().startswith(scene.names[scene.state.current_player])
    assert "tribute" in scene.prompt()
    asked = sum(f.kind == "tribute" for f in scene.state.frames)
    click(t.stack, scene.choices.buttons[0].rect.center)  # keep all that can be paid for
    t.stack.update(1 / 60)
    assert sum(f.kind == "tribute" for f in scene.state.frames) == asked - 1
    view = TableView.from_state(scene.state)
    for seat, pv in enumerate(view.players):
        assert view.parts["shields"].on_castles(seat) == \
            scene.view.parts["shields"].on_castles(seat)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shield_action_and_event_in_words(data_root, lang):
    state = table_at("shield_turn", data_root).scene.state
    seat = state.current_player
    take = next(a for a in state.legal_actions() if a[0] == "shield")
    for action in (take, ("shield_castle", 18), ("tribute", (3, 9), 1), ("tribute", (), 0),
                   ("tribute", (4,), 0), ("shield_goods", 2), ("prefer", "shield"),
                   ("prefer", "monastery"), ("name", 1), ("set_die", 0, 6)):
        text = describe_action(action, state, lang)
        assert text and not text.startswith(action[0]) and "{" not in text, (lang, action)
    names = ("Anna", "Bernhard")
    events = (rules_shields.ShieldsDealt(((1,), (2,), (3,), (4,), (5,), (6,))),
              rules_shields.ShieldTaken(seat, 4, 4, "dice"),
              rules_shields.ShieldTaken(1, 4, 4, "chateauma"),
              rules_shields.ShieldPlaced(seat, 4, 18, 0),
              rules_shields.ShieldPlaced(seat, 4, 18, 9),
              rules_shields.TributePaid(seat, (4,), 1, 0, (9,)),
              rules_shields.StorageShrunk(seat, ("mine", None, None)),
              rules_shields.DieSet(seat, 0, 6),
              rules_shields.ShieldEffect(seat, 6, "name", 1),
              rules_shields.ShieldTile(seat, 14, 3, 0),
              rules_shields.ShieldEffect(seat, 1, "animals", 3))
    lines = [describe_event(e, names, lang) for e in events]
    assert all(lines) and all("{" not in line and "log." not in line for line in lines), lines


def test_the_view_follows_the_shields_events(data_root):
    view = table_at("shield_turn", data_root).scene.view
    view.apply(rules_shields.ShieldsDealt(((1,), (2,), (3,), (4,), (5,), (6,))))
    view.apply(rules_shields.ShieldTaken(0, 4, 4, "dice"))
    view.apply(rules_shields.ShieldPlaced(0, 4, 18, 0))
    shields = view.parts["shields"]
    assert shields.depots[3] == [] and shields.on_castles(0) == {18: 4}
    view.apply(rules_shields.ShieldTaken(1, 5, 5, "chateauma"))
    assert view.parts["shields"].face_down == 1
    silver = view.players[0].silver
    view.apply(rules_shields.TributePaid(0, (), 0, 0, (4,)))
    assert view.parts["shields"].on_castles(0) == {} and view.players[0].silver == silver
    view.apply(rules_shields.StorageShrunk(0, ("mine", None, None)))
    assert view.players[0].storage == ["mine", None, None]
    tile = view.depots[0][0]
    view.apply(rules_shields.ShieldTile(0, 14, 1, 0))
    view.apply(TilePlaced(0, tile or "mine", -1, 24))
    assert view.depots[0][0] is None and view.players[0].storage == ["mine", None, None]
    assert view.players[0].estate[24] == (tile or "mine")


def test_the_glossary_lists_every_shield(data_root):
    config = table_at("shield_turn", data_root).scene.state.config
    titles = [e.title for e in entries(config)]
    assert all(f"Shield {n}" in titles for n in range(1, 19))


def test_no_shields_without_the_module(data_root):
    t = table_at("turn", data_root)
    assert "shields" not in t.scene.view.parts
    assert not any(s.kind in ("shield", "castle_shield") for s in t.scene.spots.all())
    surface = pygame.Surface((1280, 720))
    t.stack.draw(surface)


def test_a_tile_placed_by_shield_14_flies_from_its_depot(data_root):
    t = table_at("shield_turn", data_root)
    scene = t.scene
    animate = Handlers(scene).table()
    tile = next(k for row in scene.view.depots for k in row if k)
    d, slot = next((i + 1, j) for i, row in enumerate(scene.view.depots)
                   for j, k in enumerate(row) if k == tile)
    assert animate["ShieldTile"](rules_shields.ShieldTile(0, 14, d, slot)) is None
    flight = _flight(animate["TilePlaced"](TilePlaced(0, tile, -1, 24)))
    assert flight.flyer.pos == scene.places.depot_pos(d, slot)
    assert flight.lift == ("depot", d, slot)      # lifted off its depot space while it flies
    # The next placement is plain again: from storage.
    after = _flight(animate["TilePlaced"](TilePlaced(0, tile, 0, 25)))
    assert after.flyer.pos == scene.places.storage_pos(0, 0)
    assert after.lift == ("storage", 0, 0)


def _flight(animation) -> Flight:
    """The one tile in flight of an animation (a flight, or a flight and its sound)."""
    found = animation if isinstance(animation, Flight) else animation.children[0]
    assert isinstance(found, Flight)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_depot_shields_tooltip_names_the_workers_the_pair_costs(data_root, lang):
    t = table_at("shield_turn", data_root, language=lang)
    scene = t.scene
    state = scene.state
    for depot, _slot in {a[1:] for a in scene.narrowing.legal if a[0] == "shield"}:
        cost = rules_shields.shield_workers(state, depot)
        tip = next(s for s in scene.spots.all()
                   if s.kind == "shield" and s.key[0] == depot).tooltip_text()
        if cost:
            assert str(cost) in tip.splitlines()[-1]
            assert ("worker" if lang == "en" else "Arbeiterchip") in tip
        else:
            assert ("worker" not in tip.splitlines()[-1]) and \
                ("Arbeiterchip" not in tip.splitlines()[-1])
