"""The rules of The Castles of Burgundy: pure, deterministic, with explicit chance.

    from game.rules import GameConfig, Match, new_game
    state = new_game(GameConfig(players=2, rules="special"))
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            events = state.apply(choose(state.legal_actions()))
"""

from .actions import action_text, parse_action
from .boards import SPACES, Board, get_board
from .chateauma import EMPTY as CHATEAUMA_EMPTY, JOKERS as CHATEAUMA_JOKERS, \
    kind_of as chateauma_kind_of
from .chateauma_data import AREA_CARDS as CHATEAUMA_CARDS, ESTATES as CHATEAUMA_ESTATES, \
    END_SCORING as CHATEAUMA_END_SCORING, \
    LEFT_CARD_WHITE_DIE as CHATEAUMA_LEFT_CARD_WHITE_DIE, LEVELS as CHATEAUMA_LEVELS, \
    MODIFIERS as CHATEAUMA_MODIFIERS, parse_difficulty as parse_chateauma_difficulty
from .config import (BOARD_MODES, MODULES, RULE_SETS, GameConfig, check_modules,
                     modules_offered, rule_set, split_module)
from .data import load_json as load_rules_data
from .dice import USE_SELL, die_use, distance as die_distance, workers_needed
from .engine import placeable_mask
from .events import EVENT_TYPES, TurnEnded
from .extension import board_deal
from .game import GameState, new_game, recompute_breakdown
from .modules.border_posts import (POST_SPACES as BORDER_POST_SPACES,
                                   PROVISIONAL as BORDER_POSTS_PROVISIONAL,
                                   post_distances as border_post_distances,
                                   post_groups as border_post_groups,
                                   stage_of as border_post_stage,
                                   stages as border_post_stages,
                                   tile_holders as border_post_holders,
                                   tiles_left as border_post_tiles_left)
from .invariants import check_state
from .modules.shields import (END_VP as SHIELD_END_POINTS, castle_shields, depot_shields,
                              face_down_shields, shield_workers, shields_held)
from .modules.trade_routes import (ARRANGE_FRAME as ROUTE_ARRANGE,
                                   BONUSES as ROUTE_BONUSES, CARDS as ROUTE_CARDS,
                                   PROVISIONAL as TRADE_ROUTES_PROVISIONAL,
                                   laid as route_laid, route_cards, route_spaces)

from .modules.monastery_connections import (BOARD_LINES as MONASTERY_LINES,
                                            PROVISIONAL as MONASTERY_LINES_PROVISIONAL,
                                            POINTS as MONASTERY_LINE_POINTS,
                                            finishers as monastery_finishers,
                                            rank_points as monastery_rank_points,
                                            tiles_missing as monastery_tiles_missing)

from .modules import decisions as module_decisions, vineyards
from .modules.vineyards import vineyard_outlook
from .modules.white_castles import WHITE_FRAME as WHITE_CASTLE_DECISION
from .modules.team import (OWN_STORAGE as TEAM_OWN_STORAGE, PROVISIONAL as TEAM_PROVISIONAL,
                           SHARED as TEAM_SHARED, STORE_FRAME as TEAM_STORE_DECISION,
                           partner as team_partner, team_of, team_results, teams)
from .modules.castle_connection import castle_pool
from .modules.inns import inn_stack
from .modules.solo import (BLACK_TILE, TRADE_GOODS, SoloResult, counter as solo_counter,
                           solo_result, solo_state)
from .play import play_game
from .record import GameRecord, Match, replay, replay_step
from .scoring import (AREA_POINTS, CATEGORIES, END_KNOWLEDGE, KNOWLEDGE_BUILDING_INDEX,
                      PHASE_BONUS,
                      areas_can_grow, bonus_tile_count, colour_bonus_points, end_knowledge,
                      goods_points_per_tile, knowledge_end_points, scored_area_size)
from .serialize import outcome_from_json, outcome_to_json
from .state import Action, Frame, IllegalAction, PlayerState, StateError
from .visibility import (module_state, position_seed, public_key, resample_hidden,
                         storage_spaces)
from .tiles import (ANY_COLOUR, BANK, BOARDING_HOUSE, BUILDING, BUILDINGS, CARPENTERS_WORKSHOP,
                    CASTLE, CHURCH, CITY_HALL, COLOURS, GOODS_TYPES, KIND_ANIMALS, KIND_BUILDING,
                    KIND_COLOUR, KIND_COUNT, KIND_EFFECT, KIND_KNOWLEDGE, KIND_NAMES,
                    KIND_SPECIES,
                    KINDS, KNOWLEDGE_COUNT, MARKET, MINE, MONASTERY, PASTURE, SHIP, SPECIES,
                    WAREHOUSE, WATCHTOWER, kind_from_name)

# The public API: everything outside game/rules imports from here only (a test checks).
# Tile kinds are small ints indexing the KIND_* tables; colours and buildings index
# COLOURS and BUILDINGS.
__all__ = [
    # the game and its driver
    "Action", "BOARD_MODES", "Board", "Frame", "GameConfig", "GameRecord", "GameState",
    "IllegalAction", "Match", "PlayerState", "RULE_SETS", "StateError", "action_text",
    "check_state", "new_game", "outcome_from_json", "outcome_to_json", "parse_action",
    "play_game", "replay", "replay_step", "rule_set", "load_rules_data",
    # expansion modules
    "MODULES", "modules_offered", "check_modules", "split_module", "module_decisions",
    "WHITE_CASTLE_DECISION",
    # what a seat may see
    "position_seed", "public_key", "resample_hidden", "module_state", "storage_spaces",
    # events
    "EVENT_TYPES", "TurnEnded",
    # boards and tiles
    "SPACES", "get_board", "placeable_mask", "COLOURS", "ANY_COLOUR", "CASTLE", "MINE", "MONASTERY",
    "SHIP",
    "PASTURE", "BUILDING", "BUILDINGS", "BANK", "BOARDING_HOUSE", "CARPENTERS_WORKSHOP",
    "CHURCH", "CITY_HALL", "MARKET", "WAREHOUSE", "WATCHTOWER", "SPECIES", "KIND_COUNT",
    "KIND_NAMES", "KIND_EFFECT", "END_KNOWLEDGE", "KIND_COLOUR", "KIND_BUILDING",
    "KIND_SPECIES", "KIND_ANIMALS",
    "KIND_KNOWLEDGE", "KINDS", "kind_from_name", "GOODS_TYPES", "KNOWLEDGE_COUNT",
    # dice
    "USE_SELL", "die_use", "die_distance", "workers_needed",
    # points
    "CATEGORIES", "AREA_POINTS", "PHASE_BONUS", "KNOWLEDGE_BUILDING_INDEX",
    "colour_bonus_points", "end_knowledge", "goods_points_per_tile", "knowledge_end_points",
    "areas_can_grow", "scored_area_size",
    "bonus_tile_count",
    "recompute_breakdown",
    # the expansion modules
    "MODULES", "modules_offered", "split_module", "board_deal",
    "BORDER_POST_SPACES", "BORDER_POSTS_PROVISIONAL", "border_post_groups",
    "border_post_distances", "border_post_stage", "border_post_tiles_left",
    "border_post_stages", "border_post_holders",
    # the shields module: what a seat holds and what each shield scores at the end
    "shields_held", "shield_workers", "SHIELD_END_POINTS", "depot_shields",
    "face_down_shields", "castle_shields", "vineyard_outlook",
    "vineyards",
    # castle connection's pool and the inn stack, as every seat sees them
    "castle_pool", "inn_stack",
    # the trade routes: the cards' spaces (goods type, bonus) and what each bonus does
    "ROUTE_CARDS", "ROUTE_BONUSES", "ROUTE_ARRANGE",
    "TRADE_ROUTES_PROVISIONAL", "route_spaces", "route_laid", "route_cards",
    # the team game: partners, the teams, their shared holdings, the teams' sums at the
    # end, the storage decision
    "team_partner", "team_results", "TEAM_PROVISIONAL", "TEAM_STORE_DECISION",
    "TEAM_OWN_STORAGE", "TEAM_SHARED", "team_of", "teams",
    # the solo game: the target marker, the counter and the outcome
    "BLACK_TILE", "TRADE_GOODS", "SoloResult", "solo_counter", "solo_result", "solo_state",
    # Châteauma
    "CHATEAUMA_CARDS", "CHATEAUMA_ESTATES", "CHATEAUMA_LEFT_CARD_WHITE_DIE",
    "CHATEAUMA_LEVELS", "CHATEAUMA_MODIFIERS", "CHATEAUMA_EMPTY", "CHATEAUMA_JOKERS",
    "CHATEAUMA_END_SCORING", "chateauma_kind_of", "parse_chateauma_difficulty",
    # the monastery connections: each tableau's monasteries and lines, who joined all three
    "MONASTERY_LINES", "MONASTERY_LINES_PROVISIONAL", "MONASTERY_LINE_POINTS",
    "monastery_finishers", "monastery_rank_points", "monastery_tiles_missing",
]
