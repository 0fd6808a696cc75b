"""Alhambra: The Card Game (Dirk Henn), 2–6 players.  ``GAME`` is the engine.

Rules are split by job: ``setup`` (set-up), ``payments`` (which cards pay /
may be taken), ``turn`` (actions, refill, scoring cards, game end),
``scoring`` (majorities), ``view`` (hidden information), ``ai``.
"""

from __future__ import annotations

from typing import Any

from games.alhambra import ai, setup, turn, undo, view
from games.alhambra.common import building_msg, m
from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO, ROUNDS, SCORE_A, SCORE_B
from games.base import Action, Game, Msg, Outcome, State

_MONEY = {False: frozenset(MONEY_ALL), True: frozenset(MONEY_TWO)}
_BUILDINGS = frozenset(range(len(BUILDINGS)))


class Alhambra(Game):
    id = "alhambra"
    min_players = 2
    max_players = 6
    options = ()  # the rulebook's only variant is the 2-player rule, chosen by player count

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        self.check_players(players)
        self.resolve_options(options)
        return setup.new_state(players, seed)

    def setup_events(self, state: State) -> list[Msg]:
        """Public log lines of the set-up (open starting draw, start player)."""
        return list(state["setup_log"])

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return turn.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action_id: str) -> list[Msg]:
        return turn.apply(state, seat, action_id)

    def prompt(self, state: State, seat: int) -> Msg:
        if state["phase"] == "over":
            return m("prompt.over")
        if seat != state["turn"]:
            return m("prompt.wait", seat={"seat": state["turn"]})
        if state["phase"] == "gift":
            return m("prompt.gift", building=building_msg(state["pending"][0]))
        if state["acts"]:
            return m("prompt.bonus", n=state["acts"] + 1)
        return m("prompt.act")

    def view(self, state: State, seat: int | None) -> State:
        return view.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> Outcome:
        n = state["players"]
        scores = [sum(state["scores"][s]) for s in range(n)]
        ranking: list[list[int]] = []
        for value in sorted(set(scores), reverse=True):
            ranking.append([s for s in range(n) if scores[s] == value])
        details = []
        for s in range(n):
            lines = [m("detail.round", round=r, points=state["scores"][s][i]) for i, r in enumerate(ROUNDS)]
            lines.append(m("detail.total", points=scores[s]))
            details.append(lines)
        return Outcome(scores, ranking, details)

    def check_invariants(self, state: State) -> None:
        n = state["players"]
        deck = state["deck"]
        money = deck + state["discard"] + state["row"]
        for h in state["hands"]:
            money = money + h
        specials = {c for c in deck if c < 0}
        assert specials == {c for c, r in ((SCORE_A, "A"), (SCORE_B, "B")) if r not in state["scored"]}
        expected = _MONEY[n == 2]
        assert len(money) == len(expected) + len(specials) and set(money) == expected | specials, \
            "money cards not conserved"
        buildings = state["bdeck"] + [b for b in state["yard"] if b is not None]
        for b in state["built"]:
            buildings = buildings + b
        if state["neutral"] is not None:
            buildings = buildings + state["neutral"]
        if state["pending"]:
            buildings.append(state["pending"][0])
        assert len(buildings) == len(BUILDINGS) and set(buildings) == _BUILDINGS, "buildings not conserved"
        assert 0 <= state["acts"] <= 5 and 0 <= state["turn"] < n
        assert len(state["row"]) <= 4
        assert state["phase"] in ("act", "gift", "over")
        if state["phase"] != "over" and state["acts"] == 0:
            assert None not in state["yard"]

    def closes_undo(self, before: State, after: State, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: State, seat: int) -> list[Msg]:
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: State, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(view, seat, legal, rnd)


GAME = Alhambra()
