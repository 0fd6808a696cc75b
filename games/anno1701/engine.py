"""The Anno 1701 engine: the ``Game`` protocol wired to the rule modules."""

from __future__ import annotations

from typing import Any, cast

from games.base import Action, Game, Msg, Option, Outcome

from . import ai, defaults, determinize, flow, invariants, scoring, setup, undo
from . import view as views
from .schema import AnnoState, AnnoView, PublicView, SeatView
from .trade import MAX_OFFERS


class Anno1701(Game[AnnoState, AnnoView]):
    id = "anno1701"
    min_players = 2
    max_players = 2
    options = (
        # The rulebook sets no limit on trade offers; the limit stops endless
        # haggling with a bot seat (0 = no limit).
        Option("offers", MAX_OFFERS, (MAX_OFFERS, 1, 3, 5, 0),
               "anno1701.option.offers", "anno1701.option.offers.desc"),
    )
    state_type = AnnoState
    public_view_type = PublicView
    seat_view_type = SeatView
    decisions = flow.DECISIONS

    def setup(self, players: int, options: dict[str, Any], seed: int) -> AnnoState:
        self.check_players(players)
        return setup.new_state(self.resolve_options(options)["offers"], seed)

    # -- protocol ------------------------------------------------------
    def to_act(self, state: AnnoState) -> list[int]:
        if state["phase"] == "over":
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [state["turn"]]

    def decision_for(self, state: AnnoState, seat: int) -> str | None:
        phase = state["phase"]
        if phase == "over":
            return None
        pending = state["pending"]
        if pending:
            first = pending[0]
            return first["kind"] if first["seat"] == seat else None
        return phase if state["turn"] == seat else None

    def prompt(self, state: AnnoState, seat: int) -> Msg:
        return views.prompt(state, seat, self.to_act(state))

    def is_over(self, state: AnnoState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: AnnoState) -> Outcome:
        return scoring.outcome(state)

    def timed_default(self, state: AnnoState, seat: int) -> tuple[int, str] | None:
        return defaults.timed_default(state, seat)

    def closes_undo(self, before: AnnoState, after: AnnoState, seat: int, action_id: str) -> bool:
        """Open only for choices on open information (see ``undo``): drawing,
        searching, sailing, turning a voyage card, a spy and the dice close it."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AnnoView, seat: int) -> list[Msg]:
        """Hand, gold, goods and ship; a searched pile or a spied hand."""
        return views.private_summary(view, seat)

    def choose_ai_action(self, view: AnnoView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(cast(SeatView, view), seat, legal, rnd)   # the seat's own view

    def choose_normal_action(self, view: AnnoView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(cast(SeatView, view), seat, legal, rnd)   # the seat's own view

    def choose_rollout_action(self, view: AnnoView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_rollout(cast(SeatView, view), seat, legal, rnd)   # the seat's own view

    # Anno's moves differ by a few hundredths of a win, which a second of playouts cannot tell
    # apart: the search leaves its tuned rules only on a difference of two standard errors.
    search_confidence = 2.0

    def worth_searching(self, view: AnnoView, seat: int) -> bool:
        # An offer's goods, a click each (a quarter of a game's decisions), follow the plan the
        # search weighed when it opened the offer.
        pending = view["pending"]
        return not (pending and pending[0]["kind"] == "offer")

    def determinize(self, view: AnnoView, seat: int, rnd: Any) -> AnnoState:
        return determinize.determinize(cast(SeatView, view), seat, rnd)

    def evaluate(self, state: AnnoState) -> list[float]:
        return scoring.evaluate(state)

    def view(self, state: AnnoState, seat: int | None) -> AnnoView:
        return views.view(state, seat)

    def check_invariants(self, state: AnnoState) -> None:
        invariants.check_invariants(state)
