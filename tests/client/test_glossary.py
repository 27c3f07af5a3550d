"""The rules glossary at the table: opened by F1 and from the pause menu, every tile of
the game's rule set worded by that rule set, filtered by typing, scrolled, closed."""

import pygame
import pytest
from client_events import key, wheel
from table_driver import make_table

from game.rules import GameConfig
from game.scenes import i18n
from game.scenes.art import faces
from game.scenes.layout import Canvas
from game.scenes.rules_reference import Block
from game.scenes.table.glossary import GlossaryScene, entries
from game.scenes.table.overlays import PauseMenu


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def letter(ch):
    return pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch, scancode=0)


def draw(stack, size=(1280, 720)):
    surface = pygame.Surface(size)
    stack.draw(surface)
    return surface


@pytest.fixture
def table(data_root):
    stack, scene, _ = make_table(data_root)
    for _ in range(200):
        stack.update(1 / 60)
        if scene.can_act():
            break
    return stack, scene


def test_f1_at_the_table_opens_the_glossary_of_this_games_rules(table):
    stack, scene = table
    stack.handle_event(key(pygame.K_F1))
    assert isinstance(stack.top, GlossaryScene)
    assert stack.top.config == scene.session.config
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is scene


def test_the_pause_menu_has_rules(table):
    stack, scene = table
    stack.handle_event(key(pygame.K_ESCAPE))
    menu = stack.top
    assert isinstance(menu, PauseMenu)
    menu.buttons["pause.rules"].activate()
    assert isinstance(stack.top, GlossaryScene)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_tile_and_building_has_an_entry(lang):
    i18n.set_language(lang)
    titles = [e.title for e in entries(GameConfig(players=2))]
    for number in range(1, 27):
        name = i18n.tr("tile.monastery", number=number)
        assert name[:1].upper() + name[1:] in titles
    for building in ("warehouse", "watchtower", "carpenters_workshop", "church", "market",
                     "boarding_house", "bank", "city_hall"):
        assert i18n.tr(f"building.{building}") in titles
    for term in ("castle", "mine", "ship", "animal"):
        assert i18n.tr(f"term.{term}") in titles
    assert titles[0] == ("Goal" if lang == "en" else "Ziel")  # the rules come first


def test_monastery_effects_follow_the_rule_set():
    i18n.set_language("en")

    def text(rules, number):
        entry = next(e for e in entries(GameConfig(players=2, rules=rules))
                     if e.title == f"Monastery {number}")
        return entry.blocks[0].text
    assert "2 points for each goods type" in text("special", 15)
    assert "3 points for each goods type" in text("original", 15)
    assert "building tile" in text("special", 6) and "2 silver" in text("original", 6)


def test_the_rule_sets_own_rules_and_chateauma_when_it_plays():
    i18n.set_language("en")
    special = {e.title: e for e in entries(GameConfig(players=2))}
    original = {e.title: e for e in entries(GameConfig(players=2, rules="original"))}
    assert "while one is being carried out" in special["Rule set: Special Edition"].blocks[1].text
    assert "while" not in original["Rule set: Original 2011"].blocks[1].text
    assert "Châteauma" not in special
    with_cm = {e.title: e for e in entries(GameConfig(players=2, chateauma="medium+B+D"))}
    texts = [b.text for b in with_cm["Châteauma"].blocks]
    assert any(t.startswith("Modifier B") for t in texts)
    assert any(t.startswith("Modifier D") for t in texts)
    assert not any(t.startswith("Modifier A") for t in texts)


def test_typing_filters_and_escape_clears_then_closes(data_root):
    stack, scene = make_table(data_root)[:2]
    i18n.set_language("de")
    glossary = stack.push(GlossaryScene(scene.ctx, GameConfig(players=2)))
    everything = glossary.blocks()
    stack.handle_event(letter("k"))   # the key press alone types nothing and presses nothing
    stack.handle_event(typed("kirch"))
    assert glossary.query == "kirch"
    headings = [b.text for b in glossary.blocks() if b.kind == "heading"]
    assert "Kirche" in headings and "Kloster 19" in headings
    assert "Kloster 18" not in headings and len(glossary.blocks()) < len(everything)
    stack.handle_event(typed("e drache"))  # every word must match
    assert [b.kind for b in glossary.blocks()] == ["paragraph"]
    assert "drache" in glossary.blocks()[0].text
    draw(stack)
    for _ in range(len("e drache")):
        stack.handle_event(key(pygame.K_BACKSPACE))
    assert glossary.query == "kirch"
    stack.handle_event(key(pygame.K_ESCAPE))
    assert glossary.query == "" and stack.top is glossary
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is scene


def test_a_search_ignores_case_and_accents(data_root):
    stack, scene = make_table(data_root)[:2]
    i18n.set_language("de")
    glossary = stack.push(GlossaryScene(scene.ctx, GameConfig(players=2, chateauma="easy")))
    stack.handle_event(typed("CHATEAUMA"))
    assert glossary.blocks()[0] == Block("heading", "Châteauma")
    glossary.set_query("schlussel")
    assert any("Schlüsselfeld" in b.text for b in glossary.blocks())


def test_the_clear_button_empties_the_search(data_root):
    stack, scene = make_table(data_root)[:2]
    glossary = stack.push(GlossaryScene(scene.ctx, GameConfig(players=2)))
    stack.handle_event(typed("bank"))
    glossary.clear.activate()
    assert glossary.query == ""


def test_the_whole_glossary_scrolls_and_a_search_starts_at_the_top(data_root):
    stack, scene = make_table(data_root)[:2]
    glossary = stack.push(GlossaryScene(scene.ctx, GameConfig(players=2)))
    draw(stack)
    assert glossary.max_scroll > 0
    stack.handle_event(wheel(-3))
    stack.handle_event(key(pygame.K_PAGEDOWN))
    assert glossary.scroll > 0
    stack.handle_event(key(pygame.K_END))
    assert glossary.scroll == glossary.max_scroll
    stack.handle_event(typed("mine"))
    assert glossary.scroll == 0


def test_a_tiles_entry_shows_the_tile_as_the_rule_set_prints_it(data_root):
    i18n.set_language("en")
    config = GameConfig(players=2, rules="original")
    entry = next(e for e in entries(config) if e.title == "Monastery 15")
    assert entry.tile == faces.monastery(15, "original") != faces.monastery(15, "special")
    stack, scene = make_table(data_root)[:2]
    glossary = stack.push(GlossaryScene(scene.ctx, config))
    stack.handle_event(typed("monastery 15"))
    lines = glossary.layout(Canvas(pygame.Surface((1280, 720))))
    assert [line.tile for line in lines if line.tile] == [entry.tile]
