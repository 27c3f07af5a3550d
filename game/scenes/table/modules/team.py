"""The team game (module team) at the table: each seat's partner and team letter on its
card, its own and shared storage spaces labelled and explained, the team's shared holdings
shown alike on both partners' estates as events arrive, the tile moved onto a shared
storage space; its log lines.

The partners, the teams and what they share are the rules' (team_partner, teams,
TEAM_SHARED)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....rules import (TEAM_OWN_STORAGE, TEAM_SHARED, TEAM_STORE_DECISION, team_of,
                       team_partner, teams)
from ... import i18n
from ..seam import Handler, NamedWords, TableModule, Words, register


@dataclass
class TeamView:
    partners: list[int]      # per seat, its partner's seat
    letters: list[str]       # per seat, its team's letter: "A" (the start player's) or "B";
                             # empty before the start player is known


def _stored_shared(view: Any, team: TeamView, e: Any) -> None:
    storage = view.players[e.player].storage
    storage[e.storage], storage[e.own] = storage[e.own], None


def _start_player(view: Any, team: TeamView, e: Any) -> None:
    """The start player's team is team A."""
    team.letters = ["A" if team_of(s) == team_of(e.player) else "B"
                    for s in range(len(team.letters))]


def team_label(seats, names: tuple[str, ...], lang: str | None = None) -> str:
    """A team by its players' names."""
    return i18n.tr("table.team_names", lang, first=names[seats[0]] if seats[0] < len(names)
                   else "", second=names[seats[1]] if seats[1] < len(names) else "")


def _team_scored(e: Any, names: tuple[str, ...], lang: str) -> str:
    (first, points, _), (second, other_points, _) = e.teams
    return i18n.tr("log.team_scored", lang, team=team_label(first, names, lang),
                   points=points, other=team_label(second, names, lang),
                   other_points=other_points)


@register
class Team(TableModule):
    id = "team"
    events: ClassVar[dict[str, Handler]] = {"StoredShared": _stored_shared,
                                            "StartPlayerChosen": _start_player}
    quiet: ClassVar[tuple[str, ...]] = ("TeamScored",)   # the results screen shows the sums
    words: ClassVar[dict[str, Words]] = {
        "StoredShared": lambda e, who, lang: i18n.tr("log.stored_shared", lang, who=who)}
    named_words: ClassVar[dict[str, NamedWords]] = {"TeamScored": _team_scored}

    def part(self, state: Any) -> TeamView:
        seats = range(state.n)
        if not state.players:   # before the first chance step: no start player yet
            return TeamView([team_partner(s) for s in seats], [""] * state.n)
        a, _ = teams(state)
        return TeamView([team_partner(s) for s in seats],
                        ["A" if s in a else "B" for s in seats])

    def seat_note(self, part: TeamView, seat: int, names: list[str]) -> str | None:
        partner = part.partners[seat]
        return i18n.tr("table.team_with", name=names[partner] if partner < len(names) else "")

    def seat_badge(self, part: TeamView, seat: int) -> str | None:
        letter = part.letters[seat]
        return i18n.tr("table.team", team=letter) if letter else None

    def storage_groups(self, part: TeamView, seat: int,
                       spaces: int) -> tuple[tuple[str, int, int, bool], ...]:
        """The first two spaces are the player's own, the last two the team's (shared,
        marked)."""
        return (("table.own", 0, TEAM_OWN_STORAGE - 1, False),
                ("table.shared", TEAM_OWN_STORAGE, spaces - 1, True))

    def storage_tip(self, part: TeamView, seat: int, space: int, names: list[str]) -> str:
        if space < TEAM_OWN_STORAGE:
            return i18n.tr("tip.storage.own")
        partner = part.partners[seat]
        return i18n.tr("tip.storage.shared",
                       partner=names[partner] if partner < len(names) else "")

    def taken_in(self, view: Any, part: TeamView, seat: int) -> None:
        """The partner's view of the team's shared holdings made alike seat's (the rules'
        team.share, on the view's records)."""
        if len(view.players) != 4:
            return
        a, b = view.players[seat], view.players[part.partners[seat]]
        for name in TEAM_SHARED:
            if name == "board":
                if a.board != b.board:
                    b.set_board(a.board)
                continue
            value = getattr(a, name)
            setattr(b, name, list(value) if isinstance(value, list) else value)
        while len(b.storage) < len(a.storage):
            b.storage.append(None)
        b.storage[TEAM_OWN_STORAGE:] = a.storage[TEAM_OWN_STORAGE:]
        b.version += 1

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        return i18n.tr("act.share", lang) if action[0] == "share" else None

    def choice_label(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] == "decline" and getattr(state, "decision", None) == TEAM_STORE_DECISION:
            return i18n.tr("act.share.keep", lang)  # the tile stays on the own space
        return None
