"""The Hermagor engine: the ``Game`` protocol wired to the rule modules
(``tax``, ``buyers``, ``stalls``, ``travel``, ``regions``) by decision kind
(the pending decision's, else the phase); ``flow`` runs the automatic steps
after each decision."""

from __future__ import annotations

from typing import Any

from games.base import Action, Decision, Game, Msg, Option, Outcome
from games.hermagor import (
    ai,
    buyers,
    determinize,
    flow,
    invariants,
    regions,
    scoring,
    setup,
    stalls,
    tax,
    travel,
    undo,
)
from games.hermagor import view as views
from games.hermagor.schema import HermagorPublicView, HermagorState, HermagorView

AnyView = HermagorView | HermagorPublicView
_then = flow.then_advance  # each decision's transition, then the automatic steps


class Hermagor(Game[HermagorState, AnyView]):
    id = "hermagor"
    min_players = 2
    max_players = 5
    options = (
        Option("tax", False, (False, True), "hermagor.option.tax", "hermagor.option.tax.desc"),
        Option("six", False, (False, True), "hermagor.option.six", "hermagor.option.six.desc"),
        Option("ten", False, (False, True), "hermagor.option.ten", "hermagor.option.ten.desc"),
    )
    state_type = HermagorState
    public_view_type = HermagorPublicView
    seat_view_type = HermagorView
    decisions = {
        "tax": Decision(tax.tax_ids, _then(tax.apply_tax), tax.tax_labels),
        "buy": Decision(buyers.buy_ids, _then(buyers.apply_buy), buyers.buy_labels, buyers.buy_allows),
        "act": Decision(travel.act_ids, _then(travel.apply_act), travel.act_labels, travel.act_allows),
        "price_rise": Decision(stalls.rise_ids, _then(stalls.apply_price), stalls.rise_labels),
        "price_fluctuation": Decision(stalls.fluctuation_ids, _then(stalls.apply_price), stalls.fluctuation_labels),
        "start_player": Decision(stalls.name_ids, _then(stalls.apply_name), stalls.name_labels),
        "production": Decision(regions.prod_ids, _then(regions.apply_prod), regions.prod_labels),
    }

    def setup(self, players: int, options: dict[str, Any], seed: int) -> HermagorState:
        self.check_players(players)
        return setup.new_state(players, self.resolve_options(options), seed)

    def upgrade_state(self, state: dict[str, Any]) -> HermagorState:
        """Options added since a state was stored take their defaults."""
        state["options"] = {**{option.id: option.default for option in self.options}, **state["options"]}
        return state  # type: ignore[return-value]

    def setup_events(self, state: HermagorState) -> list[Msg]:
        return setup.opening_events(state)

    def to_act(self, state: HermagorState) -> list[int]:
        pending = state["pending"]
        if pending:
            return [pending[0]["seat"]]
        # a seat has the turn only in the tax, buy and act phases (an invariant)
        turn = state["turn"]
        return [] if turn is None else [turn]

    def decision_for(self, state: HermagorState, seat: int) -> str | None:
        pending = state["pending"]
        if pending:
            first = pending[0]
            return first["kind"] if first["seat"] == seat else None
        # the seat with the turn decides in its phase (tax, buy or act)
        return state["phase"] if state["turn"] == seat else None

    def prompt(self, state: HermagorState, seat: int) -> Msg:
        return views.prompt(state, seat)

    def view(self, state: HermagorState, seat: int | None) -> AnyView:
        return views.public_view(state) if seat is None else views.seat_view(state, seat)

    def is_over(self, state: HermagorState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: HermagorState) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: HermagorState, after: HermagorState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AnyView, seat: int) -> list[Msg]:
        return views.private_summary(view, seat)

    def choose_ai_action(self, view: AnyView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_ai_action(view, seat, legal, rnd)

    def choose_normal_action(self, view: AnyView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal_action(view, seat, legal, rnd)

    def determinize(self, view: AnyView, seat: int, rnd: Any) -> HermagorState:
        return determinize.determinize(view, seat, rnd)  # type: ignore[return-value]

    def evaluate(self, state: HermagorState) -> list[float]:
        return scoring.evaluate(state)

    def check_invariants(self, state: HermagorState) -> None:
        invariants.check_invariants(state)
