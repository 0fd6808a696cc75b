"""The Alhambra engine: the ``Game`` protocol over the rule modules."""

from __future__ import annotations

from typing import Any, cast

from games.alhambra import ai, hidden, moves, setup, turn, undo, view
from games.alhambra.common import SEAT_REFS, building_msg, m
from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO, ROUNDS, SCORE_A, SCORE_B
from games.alhambra.schema import AlhambraState, AlhambraView, PublicView, SeatView
from games.base import Action, Decision, Game, Msg, Outcome, menu_labels

_MONEY = {False: frozenset(MONEY_ALL), True: frozenset(MONEY_TWO)}
_BUILDINGS = frozenset(range(len(BUILDINGS)))


class Alhambra(Game[AlhambraState, AlhambraView]):
    id = "alhambra"
    min_players = 2
    max_players = 6
    options = ()  # the rulebook's only variant is the 2-player rule, chosen by player count
    state_type = AlhambraState
    public_view_type = PublicView
    seat_view_type = SeatView

    def setup(self, players: int, options: dict[str, Any], seed: int) -> AlhambraState:
        self.check_players(players)
        self.resolve_options(options)
        return setup.new_state(players, seed)

    def setup_events(self, state: AlhambraState) -> list[Msg]:
        """Public log lines of the set-up (open starting draw, start player)."""
        return list(state["setup_log"])

    def to_act(self, state: AlhambraState) -> list[int]:
        turn = state["turn"]
        return [] if turn is None else [turn]

    def decision_for(self, state: AlhambraState, seat: int) -> str | None:
        # "gift" is the pending 2-player choice; else the seat with the turn acts
        if state["turn"] != seat:
            return None
        return "gift" if state["pending"] else "act"

    # The rules by decision kind: "act" is the phase (take money, buy, pass),
    # "gift" the pending 2-player choice to keep a building or give it away.
    decisions = {
        "act": Decision(moves.act_ids, turn.act, menu_labels(moves.act_actions), moves.act_allows),
        "gift": Decision(moves.gift_ids, turn.gift, menu_labels(moves.gift_actions), moves.gift_allows),
    }

    def refusal(self, state: AlhambraState, seat: int, action_id: str) -> Msg:
        return moves.refusal(state, seat, action_id)

    def prompt(self, state: AlhambraState, seat: int) -> Msg:
        if state["turn"] is None:
            return m("prompt.over")
        if seat != state["turn"]:
            return m("prompt.wait", seat=SEAT_REFS[state["turn"]])
        if state["pending"]:
            return m("prompt.gift", building=building_msg(state["pending"][0]["building"]))
        if state["actions_taken"]:
            return m("prompt.bonus", n=state["actions_taken"] + 1)
        return m("prompt.act")

    def view(self, state: AlhambraState, seat: int | None) -> AlhambraView:
        return view.view(state, seat)

    def is_over(self, state: AlhambraState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: AlhambraState) -> Outcome:
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

    def check_invariants(self, state: AlhambraState) -> None:
        n = state["players"]
        deck = state["money_deck"]
        money = deck + state["discard"] + state["money_row"]
        for h in state["hands"]:
            money = money + h
        specials = {c for c in deck if c < 0}
        assert specials == {c for c, r in ((SCORE_A, "A"), (SCORE_B, "B")) if r not in state["scored_rounds"]}
        expected = _MONEY[n == 2]
        assert len(money) == len(expected) + len(specials) and set(money) == expected | specials, \
            "money cards not conserved"
        buildings = state["building_deck"] + [b for b in state["yard"] if b is not None]
        for b in state["built"]:
            buildings = buildings + b
        if state["neutral"] is not None:
            buildings = buildings + state["neutral"]
        buildings.extend(p["building"] for p in state["pending"])
        assert len(buildings) == len(BUILDINGS) and set(buildings) == _BUILDINGS, "buildings not conserved"
        assert 0 <= state["actions_taken"] <= 5
        assert len(state["money_row"]) <= 4
        assert state["phase"] in ("act", "over")
        assert len(state["pending"]) <= 1 and all(p["seat"] == state["turn"] for p in state["pending"])
        if state["phase"] == "over":
            assert state["turn"] is None and not state["pending"]
        else:
            assert state["turn"] is not None and 0 <= state["turn"] < n
            if state["actions_taken"] == 0:
                assert None not in state["yard"]

    def closes_undo(self, before: AlhambraState, after: AlhambraState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AlhambraView, seat: int) -> list[Msg]:
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: AlhambraView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(cast(SeatView, view), seat, legal, rnd)

    def choose_normal_action(self, view: AlhambraView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(cast(SeatView, view), seat, legal, rnd)

    def determinize(self, view: AlhambraView, seat: int, rnd: Any) -> AlhambraState:
        return hidden.determinize(cast(SeatView, view), seat, rnd)

    def evaluate(self, state: AlhambraState) -> list[float]:
        return hidden.evaluate(state)
