"""The expansion modules in the client: every tile kind drawn and named, the setup's
module choice with the rulebooks' combinations, the castle pool, the modules' actions and
decisions at the table, and their log lines.

The modules' rules are written apart from the client under agreed names; the table's
positions here are made by hand (positions.hand_made) with those names, so the client is
tested before and after their rules land.
"""

from __future__ import annotations

from collections import namedtuple

import pygame
import pytest
from client_events import click, key
from positions import module_button, table_at

from game.rules import KINDS, GameConfig
from game.rules.events import TilePlaced
from game.rules.modules.castle_connection import CastleRetrieved as CastleRetrievedEvent
from game.rules.modules.inns import InnBought as InnBoughtEvent
from game.rules.modules.inns import InnPlacedDirectly as InnPlacedDirectlyEvent
from game.scenes import i18n
from game.scenes.art import icons, pieces
from game.scenes.modules_text import module_name
from game.scenes.session import GameSetup, SeatSpec
from game.scenes.setup import SeatDraft, SetupDraft, SetupScene, load_last_setup, save_last_setup
from game.scenes.setup_modules import ModulesDialog
from game.scenes.stack import SceneStack
from game.scenes.table import geometry as g
from game.scenes.table.glossary import entries
from game.scenes.table.log import describe_action, describe_event
from game.scenes.table.motion import Flight, Handlers
from game.scenes.table.tips import tile_tip
from game.scenes.table.view import TableView, face_of

LANGUAGES = ("en", "de")


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


# --- tiles -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_every_tile_kind_has_a_face_an_icon_and_a_name_and_tooltip_in_both_languages(kind):
    face = face_of(kind.id)
    assert face is not None
    assert pieces.hex_tile(face, 30).get_width() > 0
    if face.category != "monastery":
        assert face.icon in icons.ICONS
    for lang in LANGUAGES:
        i18n.set_language(lang)
        try:
            name = face.label(lang)
            tip = tile_tip(kind.name, "special")
        finally:
            i18n.set_language("en")
        assert name and tip and tip.startswith(name[:1].upper() + name[1:] + ": ")
        assert len(tip) > len(name) + 10, tip


def test_module_tiles_show_their_own_fronts():
    names = {k.name: face_of(k.id) for k in KINDS if k.module == "tiles2"}
    assert names["crane"].building == "crane" and names["park"].building == "park"
    assert names["geese"].species == "geese" and names["goats"].species == "goats"
    assert names["monastery27"].knowledge == 27 and names["monastery28"].effect


def test_monastery_tiles_27_and_28_speak_the_rule_sets_words():
    i18n.set_language("de")
    try:
        assert "Brücke" in tile_tip("monastery27", "alea2019")
        assert "Reihenfolgeleiste" in tile_tip("monastery27", "special")
        assert "Silbermünze" in tile_tip("monastery28", "special")
    finally:
        i18n.set_language("en")
    assert "bridge" in tile_tip("monastery27", "alea2019")


def test_the_glossary_has_the_modules_and_their_tiles_only_when_in_play():
    plain = [e.title for e in entries(GameConfig())]
    assert "Crane" not in plain and "Monastery 27" not in plain
    config = GameConfig(board_mode="random", modules=("boards_11_18", "castle_connection",
                                                      "tiles2"))
    titles = [e.title for e in entries(config)]
    for title in ("Duchies 11-18", "Castle connection", "Four more tiles", "Crane",
                  "2 geese", "Monastery 27", "Monastery 28"):
        assert title in titles
    assert "Park" not in titles
    rule_set = next(e for e in entries(config) if e.title.startswith("Rule set"))
    assert "Duchies 11-18, Castle connection, Four more tiles" in rule_set.blocks[-1].text
    original = [e.title for e in entries(GameConfig(rules="original", modules=("tiles2",)))]
    assert "Park" in original and "2 goats" in original and "Crane" not in original


# --- the setup ---------------------------------------------------------------------------

def test_the_setup_offers_each_rule_sets_modules():
    assert SetupDraft().offered_modules() == ["boards_11_18", "castle_connection",
                                              "identical_board", "tiles2", "white_castles",
                                              "border_posts", "inns", "shields",
                                              "trade_routes", "vineyards", "team", "solo"]
    assert SetupDraft(rules="alea2019").offered_modules() == ["tiles2", "white_castles",
                                                              "border_posts", "inns", "shields",
                                                              "trade_routes", "team", "solo"]
    assert SetupDraft(rules="original").offered_modules() == [
        "castle_connection", "identical_board", "tiles2", "white_castles",
        "black_depot_monasteries", "trade_routes", "monastery_connections", "team", "solo"]
    assert SetupDraft(rules="yucata").offered_modules() == []
    assert SetupDraft(rules="original").module_params("identical_board") == ("19", "20")


def test_castle_connection_cannot_be_chosen_without_duchies_11_18_and_says_why(german):
    d = SetupDraft()
    reason = d.module_block("castle_connection")
    assert reason is not None and "Burgverbindung" in reason.message()
    assert "Fürstentümern 11-18" in reason.message()
    assert "needs" in reason.message("en")
    d.toggle_module("castle_connection")
    assert d.modules == ()
    d.toggle_module("boards_11_18")
    d.toggle_module("castle_connection")
    assert d.modules == ("boards_11_18", "castle_connection")
    # Duchies 11-18 cannot be switched off under it, nor the identical duchy added.
    assert "Burgverbindung" in d.module_block("boards_11_18").message()
    assert "kombinieren" in d.module_block("identical_board").message()


def test_the_basic_boards_rule_out_modules_that_change_the_duchies():
    d = SetupDraft(board_mode="basic")
    assert "Advanced" in d.module_block("boards_11_18").message()  # the board modes to choose
    assert d.module_block("tiles2") is None
    d.board_mode = "advanced"
    d.toggle_module("identical_board")
    d.board_mode = "basic"
    problem = d.problem()
    assert problem is not None and "Identical duchy" in problem.message()


def test_chosen_modules_start_the_game_and_are_kept_for_the_next(tmp_path):
    d = SetupDraft(seats=[SeatDraft("human", 0), SeatDraft("ai", 1, "easy")])
    d.toggle_module("identical_board")
    d.set_module_param("identical_board", "21")
    d.toggle_module("tiles2")
    setup = d.build(seed=5)
    assert setup.config.modules == ("identical_board:21", "tiles2")
    save_last_setup(tmp_path, setup)
    again = SetupDraft.from_setup(load_last_setup(tmp_path))
    assert again.modules == ("identical_board:21", "tiles2")
    assert again.module_param("identical_board") == "21"


def test_another_rule_set_keeps_only_the_modules_it_offers():
    d = SetupDraft(modules=("identical_board:22", "tiles2"), board_mode="free")
    d.set_rules("original")
    assert d.modules == ("identical_board:19", "tiles2")
    d.set_rules("alea2019")
    assert d.modules == ("tiles2",)
    d.set_rules("yucata")
    assert d.modules == ()


def open_modules_dialog(ctx, draft: SetupDraft) -> tuple[SceneStack, SetupScene, ModulesDialog]:
    """The setup with its modules dialog opened by a click on its modules row."""
    stack = SceneStack()
    setup = stack.push(SetupScene(ctx, draft))
    click(stack, setup.modules_row.rect.center)
    dialog = stack.top
    assert isinstance(dialog, ModulesDialog)
    return stack, setup, dialog


def test_the_modules_dialog_switches_modules_by_clicks(ctx):
    draft = SetupDraft()
    stack, setup, dialog = open_modules_dialog(ctx, draft)
    stack.update(0)
    assert not dialog.toggles["castle_connection"].enabled
    assert "needs" in dialog.toggles["castle_connection"].tooltip_text()
    click(stack, dialog.toggles["boards_11_18"].rect.center)
    stack.update(0)
    assert dialog.toggles["castle_connection"].enabled
    assert not dialog.toggles["identical_board"].enabled
    assert not dialog.param_choices["identical_board"].enabled
    click(stack, dialog.toggles["castle_connection"].rect.center)
    assert draft.modules == ("boards_11_18", "castle_connection")
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is setup
    assert "Castle connection" in setup.modules_row.tooltip_text()
    # The setup below answers the next click itself (the row does not keep the pointer).
    click(stack, setup.rules_choice.rect.move(20, 0).midleft)
    assert stack.top is setup and draft.rules == "alea2019"
    assert draft.modules == ()


def test_the_modules_row_is_off_for_a_rule_set_without_modules(ctx):
    stack = SceneStack()
    setup = stack.push(SetupScene(ctx, SetupDraft(rules="yucata")))
    stack.update(0)
    assert not setup.modules_row.enabled
    assert "no expansion modules" in setup.modules_row.tooltip_text()


def test_module_names_carry_their_board():
    assert module_name("identical_board:20") == "Identical duchy 20"
    assert module_name("boards_11_18") == "Duchies 11-18"


@pytest.mark.parametrize("lang, all_grapes, fewer", [
    ("en", "Vineyards", "Vineyards, fewer grapes"),
    ("de", "Weinberge", "Weinberge, weniger Trauben")])
def test_the_vineyards_grapes_are_named_in_words_of_the_language(lang, all_grapes, fewer):
    assert module_name("vineyards:all", lang) == all_grapes
    assert module_name("vineyards:reduced", lang) == fewer


# --- the table ---------------------------------------------------------------------------

def test_the_castle_pool_shows_on_the_board_and_a_click_retrieves(data_root):
    t = table_at("module_turn", data_root)
    scene = t.scene
    assert scene.view.parts["castle_connection"].count == 2
    spot = next(s for s in scene.spots.all() if s.kind == "castle_pool")
    assert "2 castles" in spot.tooltip_text() and "Click" in spot.tooltip_text()
    played = []
    scene._play = lambda action, by_ai=False: played.append(action) or True
    click(t.stack, g.CASTLE_POOL)
    t.stack.handle_event(key(pygame.K_k))
    click(t.stack, module_button(scene, "table.retrieve").rect.center)
    assert played == [("retrieve",), ("buy_workers",), ("retrieve",)]


def _flight(animation) -> Flight:
    """The one piece in flight of an animation (a flight, or a flight and its sound)."""
    found = animation if isinstance(animation, Flight) else animation.children[0]
    assert isinstance(found, Flight)
    return found


@pytest.mark.parametrize("kind, module, event, at, tile", [
    ("module_turn", "castle_connection", CastleRetrievedEvent, g.CASTLE_POOL, "castle"),
    ("inns", "inns", InnBoughtEvent, g.INN_STACK, "inn")])
def test_a_tile_taken_from_a_modules_stack_flies_from_the_stack_into_storage(
        data_root, kind, module, event, at, tile):
    scene = table_at(kind, data_root).scene
    flight = _flight(Handlers(scene).table()[event.__name__](event(0, 2)))
    assert (flight.flyer.what, flight.flyer.pos) == (tile, at)
    flight.finish()
    assert flight.flyer.pos == pytest.approx(scene.places.storage_pos(0, 2))


def test_an_inn_placed_straight_from_the_inn_stack_flies_from_there(data_root):
    """Shield 15 with the inns: the inn comes from the inn stack, not from storage; the
    placement after it comes from storage again."""
    scene = table_at("inns", data_root).scene
    animate = Handlers(scene).table()
    assert animate["InnPlacedDirectly"](InnPlacedDirectlyEvent(0, 24)) is None
    inn = _flight(animate["TilePlaced"](TilePlaced(0, "inn", -1, 24)))
    assert inn.flyer.pos == g.INN_STACK and inn.lift is None
    inn.finish()
    assert inn.flyer.pos == pytest.approx(scene.places.space_pos(0, 24))
    plain = _flight(animate["TilePlaced"](TilePlaced(0, "castle", 1, 25)))
    assert plain.flyer.pos == scene.places.storage_pos(0, 1)


def test_the_modules_buttons_show_only_with_their_module(data_root):
    t = table_at("turn", data_root)
    assert module_button(t.scene, "table.retrieve") is None
    assert module_button(t.scene, "table.buy_workers") is None
    assert t.scene.view.parts.get("castle_connection") is None
    assert not any(s.kind == "castle_pool" for s in t.scene.spots.all())


@pytest.mark.parametrize("decision, count, icon", [("crane", 8, "warehouse"),
                                                   ("geese", 2, "cow"),
                                                   ("crane_count", 8, "warehouse")])
def test_the_modules_decisions_are_chosen_by_clicks(data_root, decision, count, icon):
    t = table_at(decision, data_root)
    scene = t.scene
    icons_shown = [b for b in scene.choices.buttons if b.icon_name]
    assert len(icons_shown) == count and icons_shown[0].icon_name == icon
    assert icons_shown[0].tooltip_text()
    # Buying workers stays a button of its own, never a listed option.
    assert all(b.action[0] != "buy_workers" for b in scene.choices.buttons)
    played = []
    scene._play = lambda action, by_ai=False: played.append(action) or True
    click(t.stack, scene.choices.buttons[-1].rect.center)
    assert played == [scene.choices.buttons[-1].action]
    assert i18n.tr(f"table.prompt.{decision}", name="A")


def test_the_modules_actions_in_words_in_both_languages(data_root):
    state = table_at("crane", data_root).scene.state
    for lang in LANGUAGES:
        for action in [("retrieve",), ("buy_workers",), ("crane", 0), ("geese", 0),
                       ("crane_count", 6)]:
            text = describe_action(action, state, lang)
            assert text and text != action[0], (lang, action)


CastlesPooled = namedtuple("CastlesPooled", "count")
CastleRetrieved = namedtuple("CastleRetrieved", "player storage")
WorkersBought = namedtuple("WorkersBought", "player silver workers")
CraneCopied = namedtuple("CraneCopied", "player building")
GeeseScored = namedtuple("GeeseScored", "player species points")
CraneCounted = namedtuple("CraneCounted", "player building points")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_module_event_has_a_log_line(lang):
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (
        CastlesPooled(2), CastleRetrieved(0, 1), WorkersBought(1, 1, 2), CraneCopied(0, 6),
        GeeseScored(1, 0, 7), CraneCounted(0, 1, 4))]
    assert all(lines), lines
    assert all("{" not in line for line in lines)
    assert "Anna" in lines[1] and "Bernhard" in lines[2]


def test_the_view_follows_the_castle_pool_and_bought_workers(data_root):
    view = table_at("module_turn", data_root).scene.view
    seat = view.current
    silver, workers = view.players[seat].silver, view.players[seat].workers
    view.apply(CastlesPooled(3))
    assert view.parts["castle_connection"].count == 5
    view.apply(CastleRetrieved(seat, 1))
    assert view.parts["castle_connection"].count == 4 and view.players[seat].storage[1] == "castle"
    view.apply(WorkersBought(seat, 1, 2))
    assert (view.players[seat].silver, view.players[seat].workers) == (silver - 1, workers + 2)


def test_a_game_with_modules_saves_and_lists_them(ctx):
    from game.scenes.session import GameSession
    from game.scenes.save_summary import summarise
    from game.scenes.persistence import read_save
    setup = GameSetup(GameConfig(board_mode="random", modules=("boards_11_18", "tiles2")),
                      (SeatSpec("human", "Anna", 0), SeatSpec("human", "Ben", 1)), seed=4)
    session = GameSession(setup)
    session.start()
    path = ctx.saves_dir / "modules.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.save(path)
    assert summarise(read_save(path)).modules == ("boards_11_18", "tiles2")
    assert TableView.from_state(session.state).parts.get("castle_connection") is None


def test_a_game_with_castle_connection_has_a_pool_the_table_shows():
    from game.rules import new_game
    state = new_game(GameConfig(board_mode="random",
                                modules=("boards_11_18", "castle_connection")))
    assert "castle_connection" in state.ext
    assert TableView.from_state(state).parts["castle_connection"].count == 0



# --- white castles -----------------------------------------------------------------------

def test_the_white_castles_show_their_own_fronts_and_monastery_29():
    names = {k.name: face_of(k.id) for k in KINDS if k.module == "white_castles"}
    assert names["white_castle"].building == "white_castle"
    assert names["pleasure_garden"].building == "pleasure_garden"
    assert names["monastery29"].knowledge == 29 and names["monastery29"].effect


def test_the_white_castle_speaks_the_rulebooks_words(german):
    assert face_of("white_castle").label() == "weiße Burg"
    assert face_of("pleasure_garden").label() == "Lustgarten"
    assert "weißen Würfels" in tile_tip("white_castle", "special")
    assert "vorläufig" in tile_tip("monastery29", "original")
    assert "weiße Burg" in tile_tip("monastery29", "special")


def test_the_setup_marks_the_pleasure_garden_provisional():
    from game.scenes.modules_text import module_about, module_summary
    assert "Provisional" in module_about("white_castles", "original")
    assert "provisional" in module_summary("white_castles", "original")
    assert "Provisional" not in module_about("white_castles", "special")
    assert "vorläufig" in module_summary("white_castles", "original", "de")


def test_the_glossary_shows_the_white_castle_in_the_rule_sets_form():
    special = [e.title for e in entries(GameConfig(modules=("white_castles",)))]
    assert "White castle" in special and "Monastery 29" in special
    assert "Pleasure garden" not in special
    original = [e.title for e in entries(GameConfig(rules="original",
                                                    modules=("white_castles",)))]
    assert "Pleasure garden" in original and "White castle" not in original


def test_the_white_castle_action_is_made_by_clicks_with_the_white_die(data_root):
    t = table_at("white_castle", data_root)
    scene = t.scene
    n = scene.narrowing
    white = scene.state.white
    assert n.die == 3 and n.value == white
    prompt = scene.prompt()
    assert f"white die's {white}" in prompt
    played = []
    scene._play = lambda action, by_ai=False: played.append(action) or True
    t.stack.handle_event(key(pygame.K_w))
    assert played == [("workers", 3)]


def test_the_white_castle_action_in_words_in_both_languages(data_root):
    state = table_at("white_castle", data_root).scene.state
    for lang in LANGUAGES:
        text = describe_action(("workers", 3), state, lang)
        assert text and ("white die" in text or "weiße Würfel" in text), text


WhiteDieAction = namedtuple("WhiteDieAction", "player value")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_white_castle_events_have_log_lines(lang):
    line = describe_event(WhiteDieAction(0, 4), ("Anna", "Bernhard"), lang)
    assert line and "Anna" in line and "4" in line


def test_clicks_narrow_the_white_castles_action_to_the_white_die():
    from game.scenes.table.interaction import Narrowing
    from tests.rules.test_module_white_castles import place, wc_game
    from tests.rules.builders import give, set_depot
    s = wc_game(white=4)
    give(s, workers=1)
    set_depot(s, 4, ["mine"])
    set_depot(s, 5, ["ship"])
    place(s, "white_castle", 25)
    n = Narrowing(s)
    assert (n.die, n.value) == (3, 4) and n.dice_available() == []
    assert n.click_depot(4, 0).action == ("take", 3, 4, 0)
    outcome = n.click_depot(5, 0)   # another number: the cost is shown first
    assert outcome.action is None and outcome.params == {"count": 1}
    assert n.value == 5 and n.cost_range() == (1, 1)
    assert n.click_depot(5, 0).action == ("take", 3, 5, 0)
    n.cancel()
    assert (n.die, n.value) == (3, 4)


ChateaumaReserveTile = namedtuple("ChateaumaReserveTile",
                                  "player tile face_down reason depot depot_slot")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chateaumas_white_castle_has_a_log_line(lang):
    line = describe_event(ChateaumaReserveTile(1, "ship", False, "white_castle", 3, 1),
                          ("Anna", "Châteauma"), lang)
    assert line and "Châteauma" in line
    assert ("white castle" in line) if lang == "en" else ("weiße Burg" in line)


@pytest.mark.parametrize("rows", range(1, 19))
def test_the_modules_dialogs_rows_stay_apart_and_above_the_close_button(rows):
    from game.scenes.setup_modules import CLOSE_TOP, DIALOG, row_rects
    rects = row_rects(rows)
    assert len(rects) == rows
    cells = [r for pair in rects for r in pair]
    for toggle, note in rects:
        assert toggle.height >= 60, "a row too thin to read"
        assert toggle.width >= 300 and note.width >= 300
        assert toggle.bottom <= CLOSE_TOP - 10
        assert DIALOG.contains(toggle) and DIALOG.contains(note)
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            assert not a.inflate(8, 8).colliderect(b), "rows touching"


# --- inns and the 2011 black-depot monasteries --------------------------------------------

def test_the_inn_stack_shows_its_count_and_a_click_buys_an_inn(data_root):
    t = table_at("inns", data_root)
    scene = t.scene
    assert scene.view.parts["inns"].count == 3
    spot = next(s for s in scene.spots.all() if s.kind == "inn_stack")
    assert "3 inns" in spot.tooltip_text() and "Click" in spot.tooltip_text()
    played = []
    scene._play = lambda action, by_ai=False: played.append(action) or True
    click(t.stack, g.INN_STACK)
    assert played == [("buy_inn", "silver")]


def test_the_inn_stack_in_german(data_root, german):
    t = table_at("inns", data_root, language="de")
    spot = next(s for s in t.scene.spots.all() if s.kind == "inn_stack")
    assert "3 Gasthöfe" in spot.tooltip_text() and "schwarzen Depot" in spot.tooltip_text()


def test_an_inn_paid_two_ways_asks_how(data_root):
    t = table_at("inn_payment", data_root)
    scene = t.scene
    assert sorted(b.action for b in scene.choices.buttons) == [("buy_inn", "silver"),
                                                             ("buy_inn", "workers")]
    played = []
    scene._play = lambda action, by_ai=False: played.append(action) or True
    click(t.stack, scene.choices.buttons[0].rect.center)
    assert played == [scene.choices.buttons[0].action]
    assert played[0][0] == "buy_inn"


def test_no_inn_stack_without_the_module(data_root):
    t = table_at("turn", data_root)
    assert t.scene.view.parts.get("inns") is None
    assert not any(s.kind == "inn_stack" for s in t.scene.spots.all())


def test_the_black_depot_shows_its_monastery(data_root):
    t = table_at("black_depot_monastery", data_root)
    scene = t.scene
    slot = scene.view.black.index("black_monastery")
    spot = next(s for s in scene.spots.all() if s.kind == "depot" and s.key == (0, slot))
    assert spot.tooltip_text().startswith("Black-depot monastery: ")


InnPutOut = namedtuple("InnPutOut", "stack")
InnBought = namedtuple("InnBought", "player storage")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_inns_events_have_log_lines(lang):
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (InnPutOut(2), InnBought(1, 0))]
    assert all(lines) and all("{" not in line for line in lines), lines
    assert "Bernhard" in lines[1]
    assert ("Gasthof" in lines[1]) == (lang == "de")


def test_the_view_follows_the_inn_stack(data_root):
    view = table_at("inns", data_root).scene.view
    seat = view.current
    view.apply(InnPutOut(4))
    assert view.parts["inns"].count == 4
    view.apply(InnBought(seat, 1))
    assert view.parts["inns"].count == 3 and view.players[seat].storage[1] == "inn"


def test_buying_an_inn_in_words_in_both_languages(data_root):
    state = table_at("inns", data_root).scene.state
    assert describe_action(("buy_inn", "silver"), state, "en") == "Buy an inn for silver"
    assert describe_action(("buy_inn", "workers"), state, "de") == \
        "Gasthof kaufen für Arbeiterchips"


def test_the_inn_tiles_are_named_apart_from_the_knowledge_monasteries():
    i18n.set_language("de")
    try:
        assert face_of("inn").label() == "Gasthof"
        assert face_of("black_monastery").label() == "Kloster (schwarzes Depot)"
        assert "Kein Kloster-Plättchen" in tile_tip("black_monastery", "original")
    finally:
        i18n.set_language("en")
    assert face_of("inn").colour == face_of("black_monastery").colour == "any"


def test_the_modules_dialog_marks_the_monasteries_provisional():
    from game.scenes.modules_text import module_summary
    assert "provisional" in module_summary("black_depot_monasteries", "original", "en")
    assert "vorläufig" in module_summary("black_depot_monasteries", "original", "de")


def test_the_glossary_has_the_inn_only_with_the_module():
    with_inns = [e.title for e in entries(GameConfig(modules=("inns",)))]
    without = [e.title for e in entries(GameConfig())]
    assert any("Inn" in t for t in with_inns) and not any("Inn" in t for t in without)


def test_an_inn_with_no_space_next_to_the_estate_says_why(data_root):
    from game.rules import kind_from_name
    from game.scenes.table.interaction import Narrowing
    state = table_at("inns", data_root).scene.state.clone()
    p = state.players[state.current_player]
    p.storage = [kind_from_name("inn"), -1, -1]
    p.frontier = 0
    state._legal = None
    assert Narrowing(state)._why_nowhere(0) == "table.msg.no_space_colour"


def test_the_vineyard_depot_display_and_board_have_tooltips_and_list_the_actions(data_root):
    from game.scenes.table.modules.vineyards import spots
    t = table_at("vineyard_turn", data_root)
    scene = t.scene
    found = [s for s in spots(scene.view)]
    assert any(s.key[0] == "depot" for s in found) and any(s.key[0] == "space" for s in found)
    for lang in LANGUAGES:
        i18n.set_language(lang)
        try:
            assert all(s.tip() for s in found)
        finally:
            i18n.set_language("en")
    module_button(scene, "table.vineyard").on_click()
    assert scene.options and all(a[0].startswith("vineyard_") for a in scene.options)
    assert all(describe_action(a, scene.state, "de") != a[0] for a in scene.options)


def test_resting_on_a_module_s_note_shows_its_whole_text(ctx):
    stack, _, dialog = open_modules_dialog(ctx, SetupDraft())
    note = dialog.note_rects["castle_connection"]
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=note.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    stack.update(2.0)
    # The note beside the toggle is cut short; its tooltip is the toggle's, in full.
    assert dialog.tooltips.text == dialog.toggles["castle_connection"].tooltip_text()
    assert "Duchies 11-18" in dialog.tooltips.text
