"""The Hermagor engine: the ``Game`` protocol, the rule modules' decisions
by kind (the pending decision's, else the phase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action, ActionId, Decision, Game, Msg, Option, Outcome, menu_labels
from games.hermagor import ai, flow, invariants, scoring, setup, travel, undo, view
from games.hermagor import market_phase as mp
from games.hermagor.common import m, shared
from games.hermagor.schema import HermagorPublicView, HermagorState, HermagorView

AnyView = HermagorView | HermagorPublicView
Apply = Callable[[HermagorState, int, ActionId], list[Msg]]

# Opening or closing a menu (a band of the market, a destination list) decides
# nothing: no automatic step can follow it.
_MENU_STEPS = frozenset(("back", "band", "sband", "move", "side", "walk", "spost"))


def _then_advance(apply: Apply) -> Apply:
    """A decision's rules, then the automatic steps up to the next decision."""

    def transition(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
        events = apply(state, seat, action)
        if action.head not in _MENU_STEPS:
            flow.advance(state, events)
        return events

    return transition


def _decision(ids: Callable[[HermagorState, int], list[str]], apply: Apply,
              legal: Callable[[HermagorState, int], list[Action]],
              allows: Callable[[HermagorState, int, ActionId], bool] | None = None) -> Decision:
    return Decision(ids, _then_advance(apply), menu_labels(legal), allows)



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
        "tax": _decision(mp.tax_ids, mp.apply_tax, mp.tax_actions),
        "buy": _decision(mp.buy_ids, mp.apply_buy, mp.buy_actions, mp.buy_allows),
        "act": _decision(travel.legal_ids, travel.play, travel.legal, travel.allows),
        "price_rise": _decision(mp.rise_ids, mp.apply_price, mp.rise_actions),
        "price_fluctuation": _decision(mp.fluctuation_ids, mp.apply_price, mp.fluctuation_actions),
        "start_player": _decision(mp.name_ids, mp.apply_name, mp.name_actions),
        "production": _decision(travel.prod_ids, travel.apply_prod, travel.prod_actions),
    }

    # -- lifecycle ------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> HermagorState:
        self.check_players(players)
        state = setup.new_state(players, self.resolve_options(options), seed)
        flow.advance(state, state["setup_events"])
        return state

    def setup_events(self, state: HermagorState) -> list[Msg]:
        """The opening log line: round 1, its number of action tiles and who starts."""
        return [dict(event) for event in state["setup_events"] if "to" not in event]

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
        if seat not in self.to_act(state):
            return m("prompt.wait")
        if state["pending"]:
            p = state["pending"][0]
            kind = p["kind"]
            if kind == "price_rise":
                return m("prompt.rise", good=m("good." + p["good"]))
            if kind == "production":
                key = "prompt.prod_shared" if p["colour"] == shared(state) else "prompt.prod"
                return m(key, region=p["region"] + 1)
            return m("prompt.fluct" if kind == "price_fluctuation" else "prompt.name")
        phase = state["phase"]
        if phase == "tax":
            return m("prompt.tax")
        if phase == "buy":
            buy = state["buy_turn"]
            assert buy is not None
            if buy["band"] is not None:
                return m("prompt.band_shared" if buy["for_shared"] else "prompt.band")
            return m("prompt.buy", left=state["buyers"][seat])
        turn = state["act_turn"]
        assert turn is not None
        mode = turn["mode"]
        if mode:
            return m("prompt." + mode)
        if turn["acted"]:
            return m("prompt.after")
        return m("prompt.act", left=state["posts_in_hand"][seat])

    def view(self, state: HermagorState, seat: int | None) -> AnyView:
        if seat is None:
            return view.public_view(state)
        return view.seat_view(state, seat)

    def is_over(self, state: HermagorState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: HermagorState) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: HermagorState, after: HermagorState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AnyView, seat: int) -> list[Msg]:
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: AnyView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_ai_action(view, seat, legal, rnd)

    def choose_normal_action(self, view: AnyView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal_action(view, seat, legal, rnd)

    def determinize(self, view: AnyView, seat: int, rnd: Any) -> HermagorState:
        return ai.determinize(view, seat, rnd)  # type: ignore[return-value]

    def evaluate(self, state: HermagorState) -> list[float]:
        return ai.evaluate(state)

    def check_invariants(self, state: HermagorState) -> None:
        invariants.check_invariants(state)


