"""A ship's goods chosen where they are seen: the option's button shows the goods, resting
on it rings the depot on the board, and a click on a depot's goods on the board takes
them. Rulebook (SE l.395): "Du nimmst dir von dem Warenfeld eines *beliebigen* Depots des
Spielplans *alle* dort liegenden Warenkärtchen" - any one depot's goods, all of them."""

from __future__ import annotations

import pygame
from client_events import click, motion
from positions import table_at
from table_driver import spot_centre

from game.scenes.layout import Canvas
from game.scenes.table import geometry as g
from game.scenes.table import ship_choice


def _ship(data_root):
    t = table_at("ship", data_root, language="en")
    assert t.scene.narrowing.decision == "ship"
    return t


def test_each_option_shows_the_goods_of_its_depot(data_root, monkeypatch):
    t = _ship(data_root)
    scene = t.scene
    drawn: list[int] = []
    real = ship_choice.pieces.goods_tile
    monkeypatch.setattr(ship_choice.pieces, "goods_tile",
                        lambda value, size: (drawn.append(value), real(value, size))[1])
    buttons = [b for b in scene.choices.buttons if getattr(b, "action", None)]
    assert buttons and all(isinstance(b, ship_choice.ShipGoodsButton) for b in buttons)
    for button in buttons:
        drawn.clear()
        depot = button.action[1]
        goods = scene.state.depot_goods[depot - 1]
        button.draw(Canvas(pygame.Surface(button.rect.size)))
        assert sorted(set(drawn)) == [v for v in range(1, 7) if goods[v]]
        # A count beside a goods number lying there more than once.
        assert button.groups() == [(v, goods[v]) for v in range(1, 7) if goods[v]]


def test_resting_on_an_option_rings_its_depot(data_root, monkeypatch):
    t = _ship(data_root)
    scene = t.scene
    button = scene.choices.buttons[0]
    depot = button.action[1]
    ringed: list[tuple[float, float]] = []
    real = ship_choice.circle
    monkeypatch.setattr(ship_choice, "circle", lambda canvas, centre, *a: (
        ringed.append(tuple(centre)), real(canvas, centre, *a))[1])
    t.stack.draw(pygame.Surface((1280, 720)))
    assert ringed == []
    t.stack.handle_event(motion(button.rect.center))
    t.stack.draw(pygame.Surface((1280, 720)))
    assert set(ringed) == {tuple(g.depot_centre(depot))}


def test_a_click_on_a_depots_goods_on_the_board_takes_them(data_root):
    t = _ship(data_root)
    scene = t.scene
    options = [a for a in scene.narrowing.legal if a[0] == "ship"]
    action = options[-1]
    before = len(scene.session.match.record.steps)
    click(t.stack, spot_centre(scene, "depot_goods", action[1]))
    steps = scene.session.match.record.steps[before:]
    assert [s["action"] for s in steps if "action" in s][:1] == [f"ship {action[1]}"]
