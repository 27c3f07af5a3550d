"""The table at each kind of decision, reached by seeded play, for tests that need a
given moment of a game on screen (the pointer sweep, layout checks at several sizes).

A position is found once by playing random legal moves at the rules level (fast, no
drawing) until the wanted moment comes up; a client session plays the same seed and
moves once, and every call builds a fresh table on a copy of it, so each table starts at
the same moment. `table_at` asserts that the moment was really reached, so a test over
`KINDS` cannot silently miss one. `screen_at` builds the other screens the same way.
"""

from __future__ import annotations

from contextlib import contextmanager
from itertools import islice

import copy
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame
from client_events import click, key
from table_driver import spot_centre

from game.rules import Frame, GameConfig, IllegalAction, Match
from game.rules.tiles import CARPENTERS_WORKSHOP, CHURCH, MARKET
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.table.interaction import Narrowing
from game.scenes.table.glossary import GlossaryScene
from game.scenes.table.overlays import ConfirmOverlay, HandoffScene, PauseMenu
from game.scenes.table.buttons_panel import UNPAGED
from game.scenes.table.seam import TABLE_MODULES, listed_decisions
from game.scenes.table.modules.inns import buy_inn

# Every moment the table is tested at: each decision the engine asks a person, the
# half-made choices of a turn, other seats moving, and the scenes laid over the table.
KINDS = (
    "board", "start_castle", "turn", "die_chosen", "worker_stepper", "buy", "discard",
    "ship", "keep_goods", "pick_market", "pick_carpenter", "pick_church", "warehouse",
    "city_hall", "castle", "long_list", "payment", "other_estate", "four_players",
    "chateauma_extra", "chateauma_estate", "chateauma_turn", "dice_rolling", "ai_thinking",
    "pause_menu", "confirm", "handoff", "glossary", "glossary_filtered",
    "module_turn", "crane", "geese", "crane_count", "module_glossary",
    "tutorial_take", "tutorial_ship", "tutorial_hint",
    "white_castle", "white_castle_glossary",
    "border_posts",
    "inns", "inn_payment", "black_depot_monastery",
    "shield_turn", "shield_castle", "shield_use", "shield_tribute",
    "trade_routes", "route_pick",

    "monastery_connections",

    "vineyard_turn", "vineyard_actions", "vineyard_bonus",
    "team_turn", "team_storage",

    "solo", "solo_trade",

    "hint",

    "route_arrange",

    "vineyard_other_seat",
)
# The modules' moments: castle connection's pool and retrieval, tiles2's bought workers
# and its decisions. Their rules are written apart from the client, so these positions
# are made by hand on a game with the modules (`_hand_made`): the decision pushed as a
# frame and the actions the agreed names give it as its legal list.
MODULES_IN_PLAY = ("boards_11_18", "castle_connection", "tiles2")
HAND_MADE = ("module_turn", "crane", "geese", "crane_count")
# The tutorial at two of its lessons: pointing at tiles and dice, and at a listed choice;
# and a hint asked for at the first, shown in the tutorial's box.
TUTORIAL = {"tutorial_take": "take", "tutorial_ship": "ship", "tutorial_hint": "take"}

PEOPLE = (SeatSpec("human", "Anna", 0), SeatSpec("human", "Bernhard", 1))
ALONE = (SeatSpec("human", "Anna", 0),)
WITH_AI = (SeatSpec("human", "Anna", 0), SeatSpec("ai", "KI Clara", 1, "random"))
WITH_CHATEAUMA = (SeatSpec("human", "Anna", 3), SeatSpec("chateauma", "Châteauma", 0))
FOUR = (SeatSpec("human", "Anna", 0), SeatSpec("ai", "KI Bernhard", 1, "random"),
        SeatSpec("human", "Clara-Sophie", 2), SeatSpec("ai", "KI Dieter", 3, "random"))
THREE_WITH_CHATEAUMA = (SeatSpec("human", "Anna", 3),
                        SeatSpec("ai", "KI Bernhard", 1, "random"),
                        SeatSpec("chateauma", "Châteauma", 0))
CHATEAUMA_SEAT = 1
# Positions caught in the middle of an animation, played at the normal speed.
ANIMATED = ("chateauma_turn", "dice_rolling")


def _decision(name: str) -> Callable:
    return lambda s: s.decision == name


def _pick(building: int) -> Callable:
    return lambda s: s.decision == "pick" and s.frames[-1].arg == building


def _fresh_turn(s) -> bool:
    return s.decision == "turn" and s.players[s.current_player].used == [False, False]


def _stepper(s) -> bool:
    """A fresh turn where stepping the first die's number costs workers, and the player
    has some."""
    if not _fresh_turn(s) or s.players[s.current_player].workers < 2:
        return False
    n = Narrowing(s)
    n.select_die(0)
    n.step_value(1)
    cost = n.cost_range()
    return n.value is not None and cost is not None and cost[1] > 0


def _buy(s) -> bool:
    return _fresh_turn(s) and any(a[0] == "buy" for a in s.legal_actions())


def _long_list(s) -> bool:
    return s.decision in listed_decisions() and len(s.legal_actions()) > UNPAGED


def _payments(s) -> list[tuple]:
    """The black depot's tiles that can be paid for in more than one way."""
    buys = [a[1:3] for a in s.legal_actions() if a[0] == "buy"]
    return sorted({b for b in buys if buys.count(b) > 1})


def _end_next(s) -> bool:
    return s.decision == "turn" and ("end",) in s.legal_actions()


@dataclass(frozen=True)
class _Spec:
    seats: tuple
    wanted: Callable
    board_mode: str = "basic"
    rules: str = "special"
    chateauma: str | None = None
    handoff: bool = False
    modules: tuple[str, ...] = ()


SPECS = {
    "board": _Spec(PEOPLE, _decision("board"), "advanced"),
    "start_castle": _Spec(PEOPLE, _decision("start_castle"), "free"),
    "turn": _Spec(PEOPLE, _fresh_turn),
    "die_chosen": _Spec(PEOPLE, _fresh_turn),
    "worker_stepper": _Spec(PEOPLE, _stepper),
    "buy": _Spec(PEOPLE, _buy),
    "discard": _Spec(PEOPLE, _decision("discard")),
    "ship": _Spec(PEOPLE, _decision("ship")),
    "keep_goods": _Spec(PEOPLE, _decision("keep_goods")),
    "pick_market": _Spec(PEOPLE, _pick(MARKET)),
    "pick_carpenter": _Spec(PEOPLE, _pick(CARPENTERS_WORKSHOP)),
    "pick_church": _Spec(PEOPLE, _pick(CHURCH)),
    "warehouse": _Spec(PEOPLE, _decision("warehouse")),
    "city_hall": _Spec(PEOPLE, _decision("city_hall")),
    "castle": _Spec(PEOPLE, _decision("castle")),
    "long_list": _Spec(PEOPLE, _long_list),
    # alea 2019's knowledge tile 6 buys with silver or with workers.
    "payment": _Spec(PEOPLE, lambda s: s.decision == "turn" and bool(_payments(s)),
                     rules="alea2019"),
    "four_players": _Spec(FOUR, lambda s: _fresh_turn(s) and s.current_player == 2),
    "chateauma_extra": _Spec(THREE_WITH_CHATEAUMA,
                             lambda s: _fresh_turn(s) and s.current_player == 0,
                             chateauma="hard+A+B+C+D"),
    "other_estate": _Spec(PEOPLE, _fresh_turn),
    "chateauma_estate": _Spec(WITH_CHATEAUMA, _fresh_turn, chateauma="medium+A+B+D"),
    # The last turn of a round: ending it rolls the dice for the next.
    "dice_rolling": _Spec(PEOPLE, lambda s: _end_next(s) and s.turn_index == s.n - 1
                          and s.round < 5),
    "chateauma_turn": _Spec(WITH_CHATEAUMA, _end_next, chateauma="medium+A+B+D"),
    "ai_thinking": _Spec(WITH_AI, lambda s: s.current_player == 1 and s.decision == "turn"),
    "pause_menu": _Spec(PEOPLE, _fresh_turn),
    "confirm": _Spec(PEOPLE, _fresh_turn),
    "glossary": _Spec(PEOPLE, _fresh_turn),
    "glossary_filtered": _Spec(PEOPLE, _fresh_turn, rules="alea2019"),
    "handoff": _Spec(PEOPLE, lambda s: _fresh_turn(s) and s.current_player == 1,
                     handoff=True),
    **{kind: _Spec(PEOPLE, _fresh_turn, "random", modules=MODULES_IN_PLAY)
       for kind in HAND_MADE + ("module_glossary",)},
    # A white castle's action with the white die, reached by play.
    "white_castle": _Spec(PEOPLE, _decision("white_castle"),
                          modules=("tiles2", "white_castles")),
    "white_castle_glossary": _Spec(PEOPLE, _fresh_turn, rules="original",
                                   modules=("white_castles",)),
    # The border posts: a turn on duchies 23-30 after the seat to move took the large tile.
    "border_posts": _Spec(PEOPLE, _fresh_turn, "random", modules=("border_posts",)),
    # Inns: the purchase choosing between the black depot and the inn stack; alea 2019's
    # monastery tile 6 pays an inn with silver or workers; the 2011 monastery in the black
    # depot.
    "inns": _Spec(PEOPLE, lambda s: _fresh_turn(s) and ("buy_inn", "silver")
                  in s.legal_actions(), modules=("inns",)),
    "inn_payment": _Spec(PEOPLE, lambda s: _fresh_turn(s) and ("buy_inn", "silver")
                         in s.legal_actions(), rules="alea2019", modules=("inns",)),
    "black_depot_monastery": _Spec(PEOPLE, _fresh_turn, rules="original",
                                   modules=("black_depot_monasteries",)),
    # The shields module: a pair that takes a shield, the castle for it, a held shield's
    # own choices (16), and the tribute at a phase end.
    **{kind: _Spec(PEOPLE, _fresh_turn, modules=("shields",))
       for kind in ("shield_turn", "shield_castle", "shield_use")},
    "shield_tribute": _Spec(PEOPLE, _decision("tribute"), modules=("shields",)),
    # The trade routes: a turn with goods on the route of the seat to move, and a
    # route bonus that takes a tile.
    "trade_routes": _Spec(PEOPLE, lambda s: _fresh_turn(s) and len(
        s.ext["trade_routes"].laid[s.current_player]) >= 4, modules=("trade_routes",)),
    "route_pick": _Spec(PEOPLE, _decision("route_pick"), modules=("trade_routes",)),

    # The monastery connections: a turn on a tableau 13a-13h, its lines partly laid.
    "monastery_connections": _Spec(PEOPLE, _fresh_turn, "random", rules="original",
                                   modules=("monastery_connections",)),

    # The vineyards: a turn with the depot, display and vineyard beside the board, the
    # vineyard actions listed by their button, and the icons after a placement.
    **{kind: _Spec(PEOPLE, lambda s: _fresh_turn(s) and any(
        a[0] == "vineyard_take" for a in s.legal_actions()), modules=("vineyards",))
       for kind in ("vineyard_turn", "vineyard_actions")},
    "vineyard_bonus": _Spec(PEOPLE, _decision("vineyard_bonus"), modules=("vineyards",)),
    # The team game: Anna (seat 1) and Clara-Sophie (seat 3) against two AI players, on
    # the double duchy; a fresh turn, and where a taken tile goes (own or shared space).
    "team_turn": _Spec(FOUR, lambda s: _fresh_turn(s) and s.current_player == 0, "random",
                       modules=("team",)),
    "team_storage": _Spec(FOUR, lambda s: s.decision == "team_storage"
                          and s.current_player in (0, 2), "random", modules=("team",)),

    # The solo game: one person on the solo board, the target marker beside the track;
    # the five goods' trade right after a ship.
    "solo": _Spec(ALONE, _fresh_turn, "random", modules=("solo",)),
    "solo_trade": _Spec(ALONE, _decision("solo_trade"), "random", modules=("solo",)),

    # A hint on show: the move picked out, why in the log's place.
    "hint": _Spec(PEOPLE, lambda s: _fresh_turn(s) and s.round >= 2),

    # The arranged trade routes: a player lays their route cards at the setup, one card
    # already laid (the others veiled on the route strip, each listed with its spaces).
    "route_arrange": _Spec(PEOPLE, lambda s: s.decision == "route_arrange"
                           and s.frames[-1].arg == 1, modules=("trade_routes:arranged",)),

    # The vineyards with the other seat's estate shown large: its vineyard board beside
    # the central board.
    "vineyard_other_seat": _Spec(PEOPLE, lambda s: _fresh_turn(s) and any(
        a[0] == "vineyard_take" for a in s.legal_actions()), modules=("vineyards",)),
}


def _config(spec: _Spec) -> GameConfig:
    return GameConfig(players=len(spec.seats), rules=spec.rules, board_mode=spec.board_mode,
                      chateauma=spec.chateauma, modules=spec.modules)


_found: dict[str, tuple[int, list[tuple]]] = {}


def _find(kind: str) -> tuple[int, list[tuple]]:
    """The seed and moves of the first seeded random game that reaches ``kind``."""
    if kind not in _found:
        spec = SPECS[kind]
        for seed in range(100):
            match = Match(_config(spec), seed)
            match.resolve_chance()
            rng = random.Random(seed)
            moves: list[tuple] = []
            while not match.state.is_terminal() and len(moves) < 900:
                if spec.wanted(match.state):
                    _found[kind] = (seed, moves)
                    return _found[kind]
                move = rng.choice(match.state.legal_actions())
                match.play(move)
                moves.append(move)
        raise AssertionError(f"no seeded game reached {kind}")
    return _found[kind]


class StalledSession(GameSession):
    """An AI seat that is still thinking however long the test looks at the table: its
    move is never collected, so the table stays in the "thinking" state."""

    def ai_action(self):
        return None


@dataclass
class Table:
    kind: str
    ctx: ClientContext
    stack: SceneStack
    scene: TableScene


_sessions: dict[str, GameSession] = {}


def _session(kind: str) -> GameSession:
    """A new session at ``kind`` (a copy of one played there once: replaying the moves
    for every table would cost more than the tests that use it)."""
    if kind not in _sessions:
        spec = SPECS[kind]
        seed, moves = _find(kind)
        setup = GameSetup(_config(spec), spec.seats, seed, spec.handoff)
        session_class = StalledSession if kind == "ai_thinking" else GameSession
        session = session_class(setup, ai_time_budget=0.05)
        session.start()
        for move in moves:
            session.play(move)
        if "castle_connection" in spec.modules:
            session.state.ext["castle_connection"] = 2  # castles left from earlier phases
        if "border_posts" in spec.modules:
            _border_posts_taken(session.state)
        if "inns" in spec.modules:  # three inns beside the black depot, from the box
            inns = session.state.ext["inns"]
            session.state.ext["inns"] = inns._replace(stack=3, box=inns.stack + inns.box - 3)
        if "monastery_connections" in spec.modules:
            _monastery_lines_laid(session.state)
        if kind == "inn_payment":  # monastery tile 6: the purchase may be paid with workers
            p = session.state.players[session.state.current_player]
            p.knowledge |= 1 << 6
            p.workers = max(p.workers, 2)
            p.silver = max(p.silver, 2)
            session.state._legal = None
        _sessions[kind] = session
    return copy.deepcopy(_sessions[kind])


def _border_posts_taken(state) -> None:
    """The seat to move has connected all three posts and holds the large tile."""
    from game.rules.modules.border_posts import ALL, FIRST, Award, Posts
    seat = state.current_player
    stages = [ALL if s == seat else 0 for s in range(state.n)]
    state.ext["border_posts"] = Posts(tuple(stages), (Award(seat, FIRST, 0, 0),
                                                      Award(seat, ALL, 0, 1)))


def _monastery_lines_laid(state) -> None:
    """The seat to move has one line full and one tile on another: buildings from the box
    would not fit every space, so each space takes a tile of its colour; the tiles come
    from the box or a bag and the supply stays balanced."""
    from game.rules import KINDS, MONASTERY_LINES
    seat = state.current_player
    p = state.players[seat]
    lines = MONASTERY_LINES[p.board.id].lines
    wanted = [s for s in lines[0].spaces] + [lines[1].spaces[0]]
    for space in wanted:
        if p.estate[space] >= 0:
            continue
        colour = p.board.colour[space]
        for pile in (state.box, state.bags[colour], state.black_bag):
            kind = next((k for k in pile if KINDS[k].colour == colour), None)
            if kind is not None:
                pile.remove(kind)
                p.lay_tile(space, kind, 0)
                break
    p.frontier = 0
    from game.rules.boards import NEIGHBOUR_MASK
    for space in range(37):
        if p.estate[space] >= 0:
            p.frontier |= NEIGHBOUR_MASK[space]
    p.frontier &= ~p.occupied
    state._legal = None


def table_at(kind: str, data_root: Path, speed: str = "instant",
             language: str | None = None) -> Table:
    """A new table, on its own scene stack with the client's launcher, at ``kind``."""
    if kind in TUTORIAL:
        return tutorial_table(kind, data_root, speed, language)
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="normal" if kind in ANIMATED else speed,
                        language=language or ctx.settings.language)
    stack = SceneStack()
    Launcher(ctx, stack)
    scene = TableScene(ctx, _session(kind))
    stack.push(scene)
    for _ in range(600):
        if isinstance(stack.top, HandoffScene) or scene.can_act() or (
                kind == "ai_thinking" and not scene.busy):
            break
        stack.update(1 / 60)
    table = Table(kind, ctx, stack, scene)
    if kind in _arrange:
        _arrange[kind](table)
        stack.update(0)  # the buttons follow the choice made
    _check(table)
    return table


def _choose_die(t: Table) -> None:
    t.stack.handle_event(key(pygame.K_1))


def _step_value(t: Table) -> None:
    _choose_die(t)
    t.stack.handle_event(key(pygame.K_PLUS))


def _buy_mode(t: Table) -> None:
    t.stack.handle_event(key(pygame.K_b))


def _chateauma_moves(t: Table) -> None:
    """End the person's turn and stop in the middle of Châteauma's, as it plays out."""
    t.scene.submit(("end",))
    for _ in range(600):
        t.stack.update(1 / 60)
        if t.scene.view.current == CHATEAUMA_SEAT:
            t.stack.update(0.3)
            return


def _ask_payment(t: Table) -> None:
    depot, slot = _payments(t.scene.state)[0]
    click(t.stack, spot_centre(t.scene, "depot", (depot, slot)))


def _next_seat(t: Table) -> None:
    t.stack.handle_event(key(pygame.K_TAB))


def _roll(t: Table) -> None:
    """End the round and stop while the new round's dice tumble in the tray."""
    t.scene.submit(("end",))
    for _ in range(600):
        t.stack.update(1 / 60)
        if t.scene.dice_roll is not None:
            t.stack.update(0.2)
            return


def _pause(t: Table) -> None:
    t.stack.handle_event(key(pygame.K_ESCAPE))


def _glossary(t: Table) -> None:
    t.stack.handle_event(key(pygame.K_F1))


def _glossary_filtered(t: Table) -> None:
    """From the pause menu's Rules, with a search typed in that matches in both
    languages ("Silver", "Silber")."""
    _pause(t)
    t.stack.top.buttons["pause.rules"].activate()
    t.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="sil"))


def hand_made(t: Table, decision: str | None, actions: list[tuple]) -> None:
    """The current seat facing ``decision`` (None: the turn as it is) with ``actions``
    added to what it may do, as the modules' agreed names give them."""
    state = t.scene.state
    if decision is not None:
        state.frames.append(Frame(decision, state.current_player))
        legal = []
    else:
        legal = list(state.legal_actions())
    state._legal = legal + [a for a in actions if a not in legal]
    # An action offered here that the engine does not offer itself is refused as an
    # illegal one, as a game refuses any: the position is the client's test, not a game.
    offered = _engine_legal(state)
    session = t.scene.session
    play = session.play

    def guarded(action, *args, **kwargs):
        if action in actions and action not in offered:
            raise IllegalAction(f"{action!r} is offered by hand here")
        return play(action, *args, **kwargs)
    session.play = guarded
    t.scene.narrowing = None  # the table asks the state again
    t.stack.update(0)


def _engine_legal(state) -> list[tuple]:
    """What the engine itself offers at a hand-made position (nothing, where it has no
    rules for the decision yet)."""
    saved, state._legal = state._legal, None
    try:
        return list(state.legal_actions())
    except Exception:  # noqa: BLE001 - a decision whose rules have not landed
        return []
    finally:
        state._legal = saved


def _module_turn(t: Table) -> None:
    hand_made(t, None, [("retrieve",), ("buy_workers",)])


def _crane(t: Table) -> None:
    hand_made(t, "crane", [("crane", b) for b in range(8)] + [("decline",), ("buy_workers",)])


def _geese(t: Table) -> None:
    hand_made(t, "geese", [("geese", 0), ("geese", 2)])


def _crane_count(t: Table) -> None:
    hand_made(t, "crane_count", [("crane_count", b) for b in range(8)])


def _shield_pair(t: Table) -> None:
    """Both dice show the number of a depot that holds a shield."""
    state = t.scene.state
    depot = next(d for d in range(1, 7) if state.ext["shields"].depots[d - 1])
    state.players[state.current_player].dice = [depot, depot]
    state._legal = None
    t.scene._resync()
    t.scene.narrowing = None
    t.stack.update(0)


def _shield_castle(t: Table) -> None:
    """A second castle and a shield already held: the new shield's castle is a choice."""
    from game.rules.modules import shields
    state = t.scene.state
    seat = state.current_player
    p = state.players[seat]
    space = next(s for s in p.board.castle_spaces if p.estate[s] < 0)
    from game.rules.tiles import CASTLE, KIND_CASTLE
    p.lay_tile(space, state.bags[CASTLE].pop(state.bags[CASTLE].index(KIND_CASTLE)), 0)
    h = state.ext["shields"]
    held = next(n for n in (18, 17, 16, 15, 14, 13) if all(n not in d for d in h.depots))
    start = next(s for s in range(37) if p.estate[s] == KIND_CASTLE and s != space)
    state.ext["shields"] = h._replace(castles=shields._per_seat(h.castles, seat,
                                                                ((start, held),)))
    _shield_pair(t)
    depot = next(d for d in range(1, 7) if state.ext["shields"].depots[d - 1])
    click(t.stack, spot_centre(t.scene, "shield", (depot, 0)))
    t.stack.update(0)


def _shield_use(t: Table) -> None:
    """Shield 16 held: a click on it lists the die changes."""
    from game.rules.modules import shields
    from game.rules.tiles import KIND_CASTLE
    state = t.scene.state
    seat = state.current_player
    p = state.players[seat]
    h = state.ext["shields"]
    state.ext["shields"] = h._replace(
        depots=tuple(tuple(n for n in d if n != 16) for d in h.depots),
        castles=shields._per_seat(h.castles, seat, ((p.estate.index(KIND_CASTLE), 16),)))
    state._legal = None
    t.scene._resync()
    t.scene.narrowing = None
    t.stack.update(0)
    click(t.stack, spot_centre(t.scene, "castle_shield", 16))
    t.stack.update(0)


def _module_glossary(t: Table) -> None:
    """The glossary on the modules' entries (the search matches in both languages)."""
    _glossary(t)
    t.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="27"))


def _white_castle_glossary(t: Table) -> None:
    """The glossary on the 2011 pleasure garden and its provisional yellow tile."""
    _glossary(t)
    t.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="29"))


def _inn_buy(t: Table) -> None:
    t.scene.steps.toggle_buy()  # the black depot's tiles and the inn stack ringed


def module_button(scene: TableScene, label: str):
    """A module's own button in the row under the estate, by its text key (None when no
    module in play has it)."""
    found = scene.action_buttons.module_buttons.get(label)
    return found[1] if found is not None else None


def _inn_payment(t: Table) -> None:
    buy_inn(t.scene)  # silver or workers: the payment is asked


def _confirm(t: Table) -> None:
    t.scene.steps.end_turn()  # both dice unused: asks before taking workers for them


def _vineyard_actions(t: Table) -> None:
    module_button(t.scene, "table.vineyard").on_click()


def _vineyard_other_seat(t: Table) -> None:
    t.scene.swap_into_view(1 - t.scene.state.current_player)


_arrange = {"die_chosen": _choose_die, "worker_stepper": _step_value, "buy": _buy_mode,
            "payment": _ask_payment, "other_estate": _next_seat,
            "chateauma_estate": _next_seat, "dice_rolling": _roll,
            "chateauma_turn": _chateauma_moves, "pause_menu": _pause, "confirm": _confirm,
            "glossary": _glossary, "glossary_filtered": _glossary_filtered,
            "module_turn": _module_turn, "crane": _crane, "geese": _geese,
            "crane_count": _crane_count, "module_glossary": _module_glossary,
            "white_castle_glossary": _white_castle_glossary,
            "inns": _inn_buy, "inn_payment": _inn_payment,
            "shield_turn": _shield_pair, "shield_castle": _shield_castle,
            "shield_use": _shield_use, "vineyard_actions": _vineyard_actions,
            "vineyard_other_seat": _vineyard_other_seat}


def _hint(t: Table) -> None:
    """Ask for a hint (a short search) and let the table show it."""
    scene = t.scene
    scene.hint_move = scene.session.hint(time_budget=0.05)
    assert scene.hint_move.wait(30)
    t.stack.update(1 / 60)


_arrange["hint"] = _arrange["tutorial_hint"] = _hint


def _check(t: Table) -> None:
    """Fail loudly when the table is not at the moment asked for."""
    scene, top, kind = t.scene, t.stack.top, t.kind
    n = scene.narrowing
    decision = kind.split("_")[0] if kind.startswith("pick_") else kind
    if kind in ("board", "start_castle", "discard", "ship", "keep_goods", "pick_market",
                "pick_carpenter", "pick_church", "warehouse", "city_hall", "castle"):
        assert scene.can_act() and n.decision == decision, (kind, n and n.decision)
    elif kind == "border_posts":
        assert scene.can_act() and "border_posts" in scene.view.parts
        assert scene.view.parts["border_posts"].left() == [2]
    elif kind in ("turn", "four_players", "chateauma_extra"):
        assert scene.can_act() and n.decision == "turn" and n.die is None
        assert len(scene.names) == {"turn": 2, "four_players": 4, "chateauma_extra": 3}[kind]
    elif kind == "die_chosen":
        assert scene.can_act() and n.die == 0
    elif kind == "worker_stepper":
        cost = n.cost_range()
        assert scene.can_act() and n.die == 0 and cost is not None and cost[1] > 0
        assert scene.dice.plus.visible and scene.dice.plus.enabled
    elif kind == "buy":
        assert scene.can_act() and n.buying
    elif kind in ("other_estate", "chateauma_estate"):
        assert scene.can_act() and scene.shown_seat != scene.state.current_player
        assert (scene.view.players[scene.shown_seat].cm is not None) == (
            kind == "chateauma_estate")
    elif kind == "dice_rolling":
        assert scene.busy and scene.dice_roll is not None
    elif kind == "payment":
        assert scene.can_act() and len(scene.options) > 1 and scene.choices.buttons
    elif kind == "long_list":
        assert scene.can_act() and scene.choices.pages() > 1
    elif kind == "chateauma_turn":
        assert scene.busy and scene.view.current == CHATEAUMA_SEAT
    elif kind == "ai_thinking":
        assert scene.session.is_ai_turn() and not scene.busy
    elif kind == "pause_menu":
        assert isinstance(top, PauseMenu)
    elif kind == "confirm":
        assert isinstance(top, ConfirmOverlay)
    elif kind == "glossary":
        assert isinstance(top, GlossaryScene) and top.query == ""
    elif kind == "glossary_filtered":
        assert isinstance(top, GlossaryScene) and top.query == "sil"
    elif kind == "handoff":
        assert isinstance(top, HandoffScene)
    elif kind == "module_turn":
        assert scene.can_act() and n.decision == "turn" and n.has("retrieve")
        assert module_button(scene, "table.retrieve").enabled
        assert module_button(scene, "table.buy_workers").enabled
        assert scene.view.parts["castle_connection"].count == 2
    elif kind in ("crane", "geese", "crane_count"):
        assert scene.can_act() and n.decision == kind and scene.choices.buttons
    elif kind == "shield_turn":
        assert scene.can_act() and n.has("shield")
        assert any(s.kind == "shield" for s in scene.spots.all())
    elif kind in ("shield_castle", "shield_tribute"):
        decision = {"shield_castle": "shield_castle", "shield_tribute": "tribute"}[kind]
        assert scene.can_act() and n.decision == decision and scene.choices.buttons
    elif kind == "shield_use":
        assert scene.can_act() and scene.options and scene.choices.buttons
        assert all(a[0] == "set_die" for a in scene.options)
    elif kind == "team_turn":
        assert scene.can_act() and n.decision == "turn" and "team" in scene.view.parts
        assert len(scene.view.players[0].colours) == 74
    elif kind == "team_storage":
        assert scene.can_act() and n.decision == "team_storage" and scene.choices.buttons
    elif kind == "module_glossary":
        assert isinstance(top, GlossaryScene) and top.query == "27"
    elif kind == "route_arrange":
        assert scene.can_act() and n.decision == "route_arrange" and scene.choices.buttons
        assert scene.shown_seat == scene.state.current_player
    elif kind == "vineyard_turn":
        assert scene.can_act() and "vineyards" in scene.view.parts
        vineyard = module_button(scene, "table.vineyard")
        assert vineyard.visible and vineyard.enabled
    elif kind == "vineyard_actions":
        assert scene.can_act() and scene.options and scene.choices.buttons
        assert all(a[0].startswith("vineyard_") for a in scene.options)
    elif kind == "vineyard_bonus":
        assert scene.can_act() and n.decision == "vineyard_bonus" and scene.choices.buttons
    elif kind == "vineyard_other_seat":
        assert scene.shown_seat != scene.state.current_player
        assert any(s.key == ("board", scene.shown_seat) for s in scene.spots.all())
    elif kind == "white_castle":
        assert scene.can_act() and n.decision == "white_castle" and n.die == 3
        assert n.value == scene.state.white and scene.dice.plus.visible
    elif kind == "white_castle_glossary":
        assert isinstance(top, GlossaryScene) and top.query == "29"
    elif kind == "inns":
        inns = scene.view.parts["inns"]
        assert scene.can_act() and n.buying and TABLE_MODULES["inns"].ringed(inns, n)
        assert inns.count == 3 and scene.action_buttons.buy.enabled
    elif kind == "inn_payment":
        assert scene.can_act() and sorted(scene.options) == [("buy_inn", "silver"),
                                                             ("buy_inn", "workers")]
        assert scene.choices.buttons
    elif kind == "monastery_connections":
        assert scene.can_act() and scene.view.parts["monastery_connections"] == []
        pv = scene.view.players[scene.shown_seat]
        assert pv.board in ("13a", "13b", "13c", "13d", "13e", "13f", "13g", "13h")
    elif kind == "black_depot_monastery":
        assert scene.can_act() and "black_monastery" in scene.view.black
    elif kind == "trade_routes":
        tv = scene.view.parts.get("trade_routes")
        assert scene.can_act() and tv is not None and len(tv.laid_on(scene.shown_seat)) >= 4
        assert any(s.kind == "trade_route" for s in scene.spots.all())
    elif kind == "route_pick":
        assert scene.can_act() and n.decision == "route_pick" and scene.choices.buttons

    elif kind == "solo":
        assert scene.can_act() and n.decision == "turn" and scene.state.n == 1
    elif kind == "solo_trade":
        assert scene.can_act() and n.decision == "solo_trade" and scene.choices.buttons
    elif kind == "hint":
        assert scene.can_act() and scene.hint_shown is not None
        assert scene.hint_action in scene.state.legal_actions()
    elif kind in TUTORIAL:
        assert scene.can_act() and scene.tutorial is not None
        assert scene.tutorial.tutorial.lesson.id == TUTORIAL[kind]
        assert scene.tutorial.shapes(), "the lesson points at nothing"
        assert (scene.hint_shown is not None) == (kind == "tutorial_hint")
    else:
        raise AssertionError(f"unknown position {kind}")


def tutorial_table(kind: str, data_root: Path, speed: str = "instant",
                   language: str | None = None) -> Table:
    """The tutorial as the title's button starts it, played on to a lesson."""
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed=speed, language=language or ctx.settings.language)
    stack = SceneStack()
    Launcher(ctx, stack).start_tutorial()
    table = Table(kind, ctx, stack, stack.top)
    advance_tutorial(stack, table.scene, TUTORIAL[kind])
    if kind in _arrange:
        _arrange[kind](table)
    _check(table)
    return table


def _ready(stack: SceneStack, scene: TableScene) -> None:
    for _ in range(600):
        if scene.can_act():
            return
        stack.update(1 / 60)
    raise AssertionError("the table never became ready")


def advance_tutorial(stack: SceneStack, scene: TableScene, lesson: str) -> None:
    """Follow the tutorial to ``lesson``: Next on its notes, its advice for its actions."""
    panel = scene.tutorial
    for _ in range(60):
        _ready(stack, scene)
        t = panel.tutorial
        if t.lesson.id == lesson:
            return
        status = t.status(scene.state)
        if status == "read":
            panel.next_button.activate()
        elif status == "do":
            assert scene.submit(t.lesson.advice(scene.state, t.wanted(scene.state))[0])
        else:
            raise AssertionError(f"the tutorial's {t.lesson.id} lesson is at {status}")
        stack.update(1 / 60)
    raise AssertionError(f"the tutorial never reached its {lesson} lesson")


# --- the screens around the table ---------------------------------------------------------

SCREENS = (
    "title", "title_continue", "title_broken_autosave", "title_read_only", "settings",
    "rules", "load_empty", "load_saves", "load_delete", "stats_empty", "stats_filled",
    "stats_damaged", "open_failed", "setup_default", "setup_four_seats", "setup_chateauma_solo",
    "setup_chateauma_extra", "setup_special_basic", "setup_alea2019_advanced",
    "setup_original_random", "setup_yucata_free", "setup_problem", "setup_modules",
    "setup_modules_dialog", "setup_modules_original", "setup_modules_basic", "results",
    "results_chateauma", "results_estates", "results_chateauma_estates", "results_review",
    "replay_paused", "replay_playing", "replay_end", "replay_chateauma", "replay_saved",
)

# Enough saves that the load list scrolls, and one that cannot be read.
SAVES = 9


_finished: dict[str | None, GameSession] = {}
_reviews: dict[tuple, list] = {}


@contextmanager
def quick_reviews():
    """Reviews started inside look at a few turns only (quick_review_turns); wait for
    them before leaving."""
    import game.scenes.review_screen as review_screen
    real = review_screen.review_turns
    review_screen.review_turns = quick_review_turns
    try:
        yield
    finally:
        review_screen.review_turns = real


def quick_review_turns(record, seats, **options):
    """A review's first turns only, worked out once per game and process with the
    quickest search: what the review page and the results' Review button need to be
    drawn and clicked, at a fraction of a whole game's review."""
    from game.ai import review_turns
    key = (record.to_json(), tuple(sorted(seats)))  # the same game, however often rebuilt
    if key not in _reviews:
        turns = list(islice(review_turns(record, seats, iterations=1, samples=1), 4))
        _reviews[key] = [(i + 1, len(turns), t) for i, (_, _, t) in enumerate(turns)]
    yield from _reviews[key]


def finished_session(chateauma: str | None = None) -> GameSession:
    """A complete game of random moves, through the client's session (a new copy each
    time)."""
    if chateauma not in _finished:
        _finished[chateauma] = _finish(chateauma)
    return copy.deepcopy(_finished[chateauma])


def _finish(chateauma: str | None) -> GameSession:
    if chateauma is None:
        seats = (SeatSpec("human", "Anna", 0), SeatSpec("ai", "KI Bernhard", 1, "random"),
                 SeatSpec("human", "Clara", 2))
    else:
        seats = (SeatSpec("human", "Anna", 3), SeatSpec("human", "Bernhard", 1),
                 SeatSpec("chateauma", "Châteauma", 0))
    setup = GameSetup(GameConfig(players=3, chateauma=chateauma), seats, seed=21)
    session = GameSession(setup, ai_time_budget=0.05)
    session.start()
    rng = random.Random(21)
    while not session.over:
        session.play(rng.choice(session.legal_actions()))
    return session


def _saved_game(path: Path) -> None:
    session = GameSession(GameSetup(GameConfig(players=2), PEOPLE, seed=3))
    session.start()
    path.parent.mkdir(parents=True, exist_ok=True)
    session.save(path)


def saved_games(folder: Path) -> None:
    """A folder of saves as the Load menu meets it: games at their start, a game in
    progress and a finished game in their own files, a finished game saved by the player,
    four seats with Châteauma and its longest difficulty (the longest row), one damaged
    file, a folder and a link to nothing, each saved at its own time."""
    from game.scenes.persistence import new_game_path
    for i in range(SAVES - 5):
        _saved_game(folder / f"game {i + 1}.json")
    _saved_game(folder / new_game_path(folder).name)
    folder.mkdir(parents=True, exist_ok=True)
    finished_session().save(folder / new_game_path(folder).name)
    finished_session().save(folder / "finished.json")
    (folder / "folder.json").mkdir()
    if hasattr(os, "symlink"):
        (folder / "link to nothing.json").symlink_to(folder / "gone.json")
    four = GameSession(GameSetup(GameConfig(players=4, chateauma="medium+A+B+C+D"),
                                 FOUR[:3] + (SeatSpec("chateauma", "Châteauma", 3),), seed=8))
    four.start()
    four.save(folder / "Clara-Sophie, Anna, KI Bernhard and Châteauma.json")
    (folder / "damaged.json").write_bytes(b"\x00\xffnot a save")


def recorded_games(root: Path) -> None:
    """A record of finished games against every kind of opponent, under every rule set and
    with modules: more rows than the Statistics page shows at once."""
    from game.scenes.statistics import GameResult, SeatResult, database_path, record
    opponents = [("ai", t) for t in ("random", "easy", "medium", "hard")] + [
        ("chateauma", d) for d in ("easy", "medium+B", "hard+A+B+C+D")] + [("human", None)]
    rules = ("special", "alea2019", "original", "yucata")
    for i, (kind, level) in enumerate(opponents * 2):
        seats = (SeatResult("human", None, 40 + 7 * i, 1 + i % 2),
                 SeatResult(kind, level, 45 + 3 * i, 2 - i % 2))
        modules = ("tiles2", "inns") if i % 5 == 4 else ()
        record(database_path(root), GameResult(f"g{i}", "2026-11-23T16:00:00+00:00",
                                               rules[i % 4], modules, seats))


def _draft(name: str):
    from game.scenes.setup import SeatDraft, SetupDraft
    if name == "default":
        return SetupDraft()
    if name == "four_seats":
        return SetupDraft(seats=[SeatDraft("human", 0), SeatDraft("ai", 1, "easy"),
                                 SeatDraft("ai", 2, "hard"), SeatDraft("human", 3, None,
                                                                       "Bärbel")])
    if name == "chateauma_solo":
        return SetupDraft(seats=[SeatDraft("human", 0)], chateauma="hard", modifiers="ABCD")
    if name == "chateauma_extra":
        return SetupDraft(seats=[SeatDraft("human", 0), SeatDraft("ai", 1, "random")],
                          chateauma="easy", modifiers="B")
    if name == "problem":
        return SetupDraft(seats=[SeatDraft("human", 0, None, "Anna"),
                                 SeatDraft("human", 1, None, "anna")])
    if name in ("modules", "modules_dialog"):
        return SetupDraft(modules=("boards_11_18", "castle_connection", "tiles2"))
    if name == "modules_original":
        return SetupDraft(rules="original", modules=("identical_board:20", "tiles2"))
    if name == "modules_basic":  # a board mode the modules rule out: the reason shows
        return SetupDraft(board_mode="basic", modules=("identical_board:22",))
    rules, boards = name.split("_")
    return SetupDraft(rules=rules, board_mode=boards, handoff=False,
                      seats=[SeatDraft("human", 0), SeatDraft("human", 2)])


def _watch(stack: SceneStack, name: str) -> None:
    """A replay over the results or the load list: at the start (over a save), paused
    mid-game, playing or at the end."""
    from game.scenes.table.replay import ReplayScene
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    if name in ("replay_paused", "replay_chateauma"):
        scene.playing = False
        scene.go_to(len(scene.replay) // 2)
    elif name == "replay_playing":
        scene.go_to(len(scene.replay) // 3)
        scene.playing = True
    elif name == "replay_end":
        scene.go_to(len(scene.replay))


def screen_at(name: str, data_root: Path,
              language: str | None = None) -> tuple[ClientContext, SceneStack]:
    """A screen other than the table, as the client's launcher shows it."""
    from game.scenes.load_menu import LoadOverlay
    from game.scenes.persistence import SaveError
    from game.scenes.rules_reference import RulesReferenceScene
    from game.scenes.settings_menu import SettingsOverlay
    from game.scenes.setup import SetupScene
    from game.scenes.statistics_screen import StatisticsScene

    ctx = ClientContext.load(data_root)
    if language is not None:
        ctx.change_settings(language=language)
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    if name == "title_continue":
        _saved_game(ctx.autosave_path)
    elif name == "title_broken_autosave":
        ctx.autosave_path.parent.mkdir(parents=True, exist_ok=True)
        ctx.autosave_path.write_text('{"format": "castles-of-burgundy-save", "vers')
    elif name == "title_read_only":
        _saved_game(ctx.autosave_path)
        ctx.read_only = True  # as when another instance holds the data directory
    elif name == "stats_filled":
        recorded_games(ctx.data_root)
    elif name == "stats_damaged":
        ctx.data_root.mkdir(parents=True, exist_ok=True)
        (ctx.data_root / "statistics.json").write_text('{"format": "castles-of-burgundy-st')
        (ctx.data_root / "statistics.json.broken").write_text("[]")
    elif name in ("load_saves", "load_delete"):
        saved_games(ctx.saves_dir)
    if name.startswith(("results", "replay")) and name != "replay_saved":
        launcher.show_results(finished_session("medium+C" if "chateauma" in name else None))
        if name.endswith("estates"):
            stack.top.show("estates")
        if name == "results_review":
            with quick_reviews():
                stack.top.review()
                assert stack.top.wait(120)
        if name.startswith("replay"):
            stack.top.watch()
            _watch(stack, name)
        return ctx, stack
    launcher.to_title()
    if name == "settings":
        stack.push(SettingsOverlay(ctx))
    elif name == "rules":
        stack.push(RulesReferenceScene(ctx))
    elif name == "replay_saved":
        saved_games(ctx.saves_dir)
        overlay = LoadOverlay(ctx)
        stack.push(overlay)
        assert overlay.wait_listed(10)
        overlay.watch(next(e for e in overlay.entries if e.name == "finished"))
        _watch(stack, name)
    elif name.startswith("load_"):
        overlay = LoadOverlay(ctx)
        stack.push(overlay)
        assert overlay.wait_listed(10)  # the saves are read on a worker thread
        if name == "load_delete":
            assert overlay.ask_delete(overlay.entries[0]) is stack.top
    elif name == "open_failed":
        launcher.show_error(SaveError("error.save.malformed", ctx.autosave_path,
                                      detail="the record ends in the middle of a turn"))
    elif name.startswith("setup_"):
        scene = stack.push(SetupScene(ctx, _draft(name[len("setup_"):])))
        if name.startswith("setup_modules") and name != "setup_modules":
            scene.open_modules()
    elif name.startswith("stats_"):
        scene = stack.push(StatisticsScene(ctx))
        assert scene.wait_read(10)  # the record is read on a worker thread
    return ctx, stack
