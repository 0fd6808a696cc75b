"""The Alhambra engine: the ``Game`` protocol wired to the rule modules."""

from __future__ import annotations

from typing import Any, cast

from games.alhambra import ai, determinize, gift, invariants, scoring, setup, turn, undo
from games.alhambra import view as views
from games.alhambra.schema import AlhambraState, AlhambraView, PublicView, SeatView
from games.base import Action, Decision, Game, Msg, Outcome


class Alhambra(Game[AlhambraState, AlhambraView]):
    id = "alhambra"
    min_players = 2
    max_players = 6
    options = ()  # the rulebook's only variant is the 2-player rule, chosen by player count
    state_type = AlhambraState
    public_view_type = PublicView
    seat_view_type = SeatView

    # The rules by decision kind: "act" is the phase (take money, buy, pass),
    # "gift" the pending 2-player choice to keep a building or give it away.
    decisions = {
        "act": Decision(turn.act_ids, turn.apply_act, turn.act_labels, turn.act_allows),
        "gift": Decision(gift.gift_ids, gift.apply_gift, gift.gift_labels),
    }

    def setup(self, players: int, options: dict[str, Any], seed: int) -> AlhambraState:
        self.check_players(players)
        self.resolve_options(options)
        return setup.new_state(players, seed)

    def setup_events(self, state: AlhambraState) -> list[Msg]:
        return setup.setup_events(state)

    def to_act(self, state: AlhambraState) -> list[int]:
        # the seat with the turn decides (its 2-player gift too); nobody once it is over
        turn = state["turn"]
        return [] if turn is None else [turn]

    def decision_for(self, state: AlhambraState, seat: int) -> str | None:
        # "gift" is the pending 2-player choice; else the seat with the turn acts
        if state["turn"] != seat:
            return None
        return "gift" if state["pending"] else "act"

    def refusal(self, state: AlhambraState, seat: int, action_id: str) -> Msg:
        return turn.refusal(state, seat, action_id)

    def prompt(self, state: AlhambraState, seat: int) -> Msg:
        return views.prompt(state, seat)

    def view(self, state: AlhambraState, seat: int | None) -> AlhambraView:
        return views.view(state, seat)

    def is_over(self, state: AlhambraState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: AlhambraState) -> Outcome:
        return scoring.outcome(state)

    def check_invariants(self, state: AlhambraState) -> None:
        invariants.check_invariants(state)

    def closes_undo(self, before: AlhambraState, after: AlhambraState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AlhambraView, seat: int) -> list[Msg]:
        return views.private_summary(view, seat)

    def choose_ai_action(self, view: AlhambraView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(cast(SeatView, view), seat, legal, rnd)

    def choose_normal_action(self, view: AlhambraView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(cast(SeatView, view), seat, legal, rnd)

    def determinize(self, view: AlhambraView, seat: int, rnd: Any) -> AlhambraState:
        return determinize.determinize(cast(SeatView, view), seat, rnd)

    def evaluate(self, state: AlhambraState) -> list[float]:
        return scoring.evaluate(state)
