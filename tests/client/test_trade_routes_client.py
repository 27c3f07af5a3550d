"""The trade routes at the table: the shown seat's route drawn from the state above the
log with a tooltip on every space in both languages, the route bonus's tile chosen by a
click on the board or from the list, the view following the routes' events, their log
lines, and the setup's words (provisional components)."""

from __future__ import annotations

import pytest
from client_events import click
from positions import table_at

from game.rules.modules import trade_routes as rules_routes
from game.scenes import i18n
from game.scenes.table import geometry as g
from game.scenes.table.log import describe_event, goods_label
from game.scenes.table.modules.trade_routes import TradeRoutesView
from game.scenes.table.view import PlayerView, TableView

LANGUAGES = ("en", "de")


def test_the_route_is_drawn_from_the_state_with_a_tooltip_per_space(data_root):
    t = table_at("trade_routes", data_root)
    scene = t.scene
    seat = scene.shown_seat
    tv = scene.view.parts["trade_routes"]
    h = scene.state.ext["trade_routes"]
    assert tv.routes[seat] == list(h.routes[seat]) and tv.laid_on(seat) == list(h.laid[seat])
    spots = {s.key: s for s in scene.spots.all() if s.kind == "trade_route"}
    assert sorted(spots) == list(range(len(h.routes[seat]) * 3))
    tip = spots[0].tooltip_text()
    goods, bonus = rules_routes.route_spaces(scene.state, seat)[0]
    # Goods are named by colour and die number, as the log names them.
    assert tip.startswith("Trade route, space 1") and f"goods {goods_label(goods)}." in tip
    assert f"Covered with {goods_label(h.laid[seat][0])} goods" in tip and "Provisional" in tip
    assert g.ROUTE.colliderect(spots[0].rect) and not g.LOG_BELOW_ROUTE.colliderect(
        spots[0].rect)
    assert scene.log_panel.rect == g.LOG_BELOW_ROUTE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bonus_in_words_in_both_languages(lang):
    from game.scenes.table.modules.trade_routes import bonus_words, space_tip
    for bonus in rules_routes.BONUSES:
        words = bonus_words(bonus, lang)
        assert words and "{" not in words and "route.bonus" not in words
    i18n.set_language(lang)
    try:
        tip = space_tip(0, 4, "points", None)
        assert ("Handelsstraße" if lang == "de" else "Trade route") in tip
        assert "4" in tip
    finally:
        i18n.set_language("en")


def test_the_route_bonus_is_taken_by_a_click_on_the_board(data_root):
    t = table_at("route_pick", data_root)
    scene = t.scene
    seat = scene.state.current_player
    take = next(a for a in scene.narrowing.legal if a[0] == "pick")
    assert "Trade-route bonus" in i18n.tr("table.choose.route_pick")
    row = scene.view.depots[take[1] - 1]
    kind = scene.state.depots[take[1] - 1][take[2]]
    before = scene.state.players[seat].storage.count(kind)
    click(t.stack, g.depot_slot_centre(take[1], take[2], len(row)))
    t.stack.update(1 / 60)
    state = scene.state
    assert state.depots[take[1] - 1][take[2]] == -1 or state.decision == "discard"
    assert state.players[seat].storage.count(kind) == before + 1 or state.decision == "discard"


def test_the_view_follows_the_routes_events():
    tv = TradeRoutesView([[], []], [[], []])
    table = TableView(players=[PlayerView(s) for s in range(2)], parts={"trade_routes": tv})
    table.apply(rules_routes.RoutesDealt(0, (2, 1, 6, 3, 4)))
    table.apply(rules_routes.GoodsOnRoute(0, 4, 0, 2))
    silver, workers = table.players[0].silver, table.players[0].workers
    table.apply(rules_routes.RouteBonus(0, 1, "silver", 2))
    table.apply(rules_routes.RouteBonus(0, 2, "workers", 4))
    assert tv.routes[0] == [2, 1, 6, 3, 4] and tv.laid_on(0) == [4, 4]
    assert table.players[0].silver == silver + 2 and table.players[0].workers == workers + 4
    assert tv.spaces(0)[:3] == list(rules_routes.CARDS[2])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_route_event_has_a_log_line(lang):
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (
        rules_routes.RoutesDealt(0, (2, 1, 6)), rules_routes.GoodsOnRoute(1, 4, 0, 2),
        rules_routes.GoodsOnRoute(1, 4, 3, 1), rules_routes.RouteBonus(0, 1, "building", 0),
        rules_routes.RouteBonus(0, 1, "points", 4),
        rules_routes.RouteBonusLapsed(1, 2, "ship_animal"))]
    assert all(lines) and all("{" not in line for line in lines)
    assert "Anna" in lines[0] and "Bernhard" in lines[1]
    if lang == "de":
        assert all("Handelsstraße" in line for line in lines[1:])


def test_the_setup_names_the_module_and_says_its_components_are_provisional():
    from game.scenes.modules_text import module_about, module_name, module_summary
    assert module_name("trade_routes", "de") == "Die Handelsstraßen"
    assert "Provisional components" in module_about("trade_routes", "special", "en")
    assert "Vorläufiges Material" in module_about("trade_routes", "alea2019", "de")
    assert "colour" in module_about("trade_routes", "original", "en")
    assert "provisional" in module_summary("trade_routes", "special", "en")
    assert i18n.tr("category.trade_routes", "de") == "Handelsstraßen"


# --- the Special Edition's option trade_routes:arranged ----------------------------------------

def test_the_route_is_arranged_by_clicks_naming_each_card(data_root):
    t = table_at("route_arrange", data_root)
    scene = t.scene
    seat = scene.state.current_player
    route = list(scene.state.ext["trade_routes"].routes[seat])
    assert "which card comes next" in i18n.tr("table.choose.route_arrange")
    assert "arrange your trade route" in scene.prompt()
    buttons = {b.action: b for b in scene.choices.buttons}
    card = route[-1]
    button = buttons[("route_card", card)]
    goods = ", ".join(str(gt) for gt, _ in rules_routes.CARDS[card])
    assert button.label() == f"Card {card}: goods {goods}"
    tip = button.tooltip_text()
    assert tip.startswith(f"Trade-route card {card}") and tip.count("\n") >= 3
    assert buttons[("route_keep",)].label() == "Keep the rest as dealt"
    # the strip marks the cards not laid yet and names them in the tooltips
    spots = {s.key: s for s in scene.spots.all() if s.kind == "trade_route"}
    assert "laid in its place" in spots[0].tooltip_text()
    assert "not laid yet" in spots[3].tooltip_text()
    click(t.stack, button.rect.center)
    t.stack.update(1 / 60)
    assert scene.state.ext["trade_routes"].routes[seat][1] == card
    assert scene.view.parts["trade_routes"].routes[seat][1] == card


def test_a_route_card_not_laid_yet_is_laid_next_by_a_click_on_the_strip(data_root):
    t = table_at("route_arrange", data_root)
    scene = t.scene
    seat = scene.state.current_player
    assert scene.shown_seat == seat
    route = list(scene.state.ext["trade_routes"].routes[seat])
    spots = {s.key: s for s in scene.spots.all() if s.kind == "trade_route"}
    assert "card place 1" in spots[0].tooltip_text()
    assert "A click lays it next" in spots[len(route) * 3 - 1].tooltip_text()
    # a card already laid is not moved by a click
    click(t.stack, spots[0].rect.center)
    t.stack.update(1 / 60)
    assert scene.state.decision == "route_arrange" and scene.state.frames[-1].arg == 1
    click(t.stack, spots[len(route) * 3 - 1].rect.center)
    t.stack.update(1 / 60)
    assert scene.state.ext["trade_routes"].routes[seat][1] == route[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_arrangement_has_words_in_both_languages(lang):
    from game.scenes.table.modules.trade_routes import card_label, card_tip
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (
        rules_routes.RouteCardLaid(0, 5, 1), rules_routes.RouteArranged(1, (5, 3, 1), 1))]
    assert all(lines) and all("{" not in line for line in lines)
    assert "5" in lines[0] and "2" in lines[0] and "5, 3, 1" in lines[1]
    for card in rules_routes.CARDS:
        assert str(card) in card_label(card, lang) and "{" not in card_tip(card, lang)
    for key in ("table.choose.route_arrange", "table.prompt.route_arrange",
                "act.route_keep", "setup.module.param.trade_routes",
                "setup.module.param.trade_routes.tip", "setup.module.param.trade_routes.off",
                "setup.module.param.trade_routes.dealt",
                "setup.module.param.trade_routes.arranged"):
        assert i18n.has(key) and i18n.tr(key, lang) != key
    if lang == "de":
        assert "Handelsstraße" in lines[1] and "gezielt" in i18n.tr(
            "setup.module.param.trade_routes.arranged", lang)


def test_the_view_follows_the_arrangement():
    tv = TradeRoutesView([[2, 1, 6], []], [[], []])
    table = TableView(players=[PlayerView(s) for s in range(2)], parts={"trade_routes": tv})
    table.apply(rules_routes.RouteCardLaid(0, 6, 0))
    assert tv.routes[0] == [6, 2, 1]
    table.apply(rules_routes.RouteArranged(0, (6, 1, 2), 2))
    assert tv.routes[0] == [6, 1, 2]


def test_the_setup_offers_the_arranged_routes_with_a_tooltip(ctx):
    from client_events import click as press
    from test_modules_client import open_modules_dialog

    from game.scenes.modules_text import module_name
    from game.scenes.setup import SetupDraft
    draft = SetupDraft()
    assert draft.module_params("trade_routes") == ("dealt", "arranged")
    assert SetupDraft(rules="alea2019").module_params("trade_routes") == ()
    stack, _, dialog = open_modules_dialog(ctx, draft)
    stack.update(0)
    choice = dialog.param_choices["trade_routes"]
    assert not choice.enabled and "Switch the trade routes on" in choice.tooltip_text()
    press(stack, dialog.toggles["trade_routes"].rect.center)
    stack.update(0)
    assert choice.enabled and "arranges their own" in choice.tooltip_text()
    draft.set_module_param("trade_routes", "arranged")
    assert draft.modules == ("trade_routes:arranged",)
    assert draft.build(seed=1).config.modules == ("trade_routes:arranged",)
    assert module_name("trade_routes:arranged", "en") == "Trade routes, arranged"
    assert module_name("trade_routes:dealt", "de") == "Die Handelsstraßen"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_count_of_free_spaces_says_what_it_counts(data_root, lang):
    """SE l.793: sold goods go "*einzeln* und von links nach rechts auffüllend - auf die
    Felder deiner Handelsstraße"; the strip's "N free" counts the spaces still open for
    them, and its tooltip says so."""
    t = table_at("trade_routes", data_root, language=lang)
    scene = t.scene
    i18n.set_language(lang)
    seat = scene.shown_seat
    tv = scene.view.parts["trade_routes"]
    total, laid = len(tv.spaces(seat)), len(tv.laid_on(seat))
    free = next(s for s in scene.spots.all() if s.kind == "trade_route_free")
    label = g.ROUTE.inflate(-24, -16)
    assert free.contains((label.x + 20, label.y + 46))   # where "N free" is written
    assert g.ROUTE.contains(free.rect)
    assert not any(free.rect.colliderect(s.rect) for s in scene.spots.all()
                   if s.kind == "trade_route")
    tip = free.tooltip_text()
    assert tip.startswith({"en": f"{total - laid} of the {total} spaces",
                           "de": f"{total - laid} der {total} Felder"}[lang])
    assert ("from the left" if lang == "en" else "von links nach rechts") in tip
    assert scene.spots.at((label.x + 20, label.y + 46)) is free
