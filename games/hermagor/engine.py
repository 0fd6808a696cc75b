"""The Hermagor engine: the ``Game`` protocol, the rule modules' decisions
by kind (the pending decision's, else the phase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action, ActionId, Decision, Game, Msg, Option, Outcome
from games.hermagor import ai, flow, invariants, scoring, setup, travel, undo, view
from games.hermagor import market_phase as mp
from games.hermagor.common import m, shared
from games.hermagor.schema import HermagorPublicView, HermagorState, HermagorView

AnyView = HermagorView | HermagorPublicView


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
        "tax": Decision(mp.tax_actions, mp.apply_tax, mp.tax_ids),
        "buy": Decision(mp.buy_actions, mp.apply_buy, mp.buy_ids, mp.buy_allows),
        "act": Decision(travel.legal, travel.play, travel.legal_ids, travel.allows),
        "price_rise": Decision(mp.rise_actions, mp.apply_price, mp.rise_ids),
        "price_fluctuation": Decision(mp.fluctuation_actions, mp.apply_price, mp.fluctuation_ids),
        "start_player": Decision(mp.name_actions, mp.apply_name, mp.name_ids),
        "production": Decision(travel.prod_actions, travel.apply_prod, travel.prod_ids),
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

    def is_due(self, state: HermagorState, seat: int) -> bool:
        pending = state["pending"]
        return (pending[0]["seat"] if pending else state["turn"]) == seat

    # The core's dispatch by ``decisions``, inlined (a measurable share of a
    # random game: each step asks for the ids, the legality and the transition).
    def legal_ids(self, state: HermagorState, seat: int) -> list[str]:
        pending = state["pending"]
        if pending:
            first = pending[0]
            return _IDS[first["kind"]](state, seat) if first["seat"] == seat else []
        # the seat with the turn decides in its phase (tax, buy or act)
        return _IDS[state["phase"]](state, seat) if state["turn"] == seat else []

    def admit(self, state: HermagorState, seat: int, action_id: str) -> ActionId | None:
        pending = state["pending"]
        if pending:  # (``is_due``)
            if pending[0]["seat"] != seat:
                return None
            kind: str = pending[0]["kind"]
        else:
            if state["turn"] != seat:  # (None once the game is over)
                return None
            kind = state["phase"]
        action = parse(action_id)
        allows = _ALLOWS.get(kind)
        if allows is not None:
            return action if allows(state, seat, action) else None
        return action if action_id in _IDS[kind](state, seat) else None  # a short list: looked up

    def transition(self, state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
        # the rules of the decision, then the automatic steps up to the next one
        pending = state["pending"]
        events = _APPLY[pending[0]["kind"] if pending else state["phase"]](state, seat, action)
        if action.head not in _MENU_STEPS:
            flow.advance(state, events)
        return events

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


# The decisions' rules by kind, looked up once (each step asks for the ids,
# the legality and the transition).  Every decision has ids: random seats ask
# for nothing else.
_IDS: dict[str, Callable[[HermagorState, int], list[str]]] = {
    kind: decision.ids for kind, decision in Hermagor.decisions.items() if decision.ids is not None}
assert _IDS.keys() == Hermagor.decisions.keys()
_ALLOWS = {kind: decision.allows for kind, decision in Hermagor.decisions.items() if decision.allows is not None}
_APPLY = {kind: decision.apply for kind, decision in Hermagor.decisions.items()}
parse = ActionId.parse
# Opening or closing a menu (a band of the market, a destination list) decides
# nothing: no automatic step can follow it.
_MENU_STEPS = frozenset(("back", "band", "sband", "move", "side", "walk", "spost"))
