"""The Hermagor engine: the ``Game`` protocol, dispatching to the rule
modules by pending decision, else by phase."""

from __future__ import annotations

from typing import Any

from games.base import Action, ActionId, Game, Msg, Option, Outcome
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

    # -- lifecycle ------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> HermagorState:
        self.check_players(players)
        state = setup.new_state(players, self.resolve_options(options), seed)
        flow.advance(state, state["setup_events"])
        return state

    def to_act(self, state: HermagorState) -> list[int]:
        pending = state["pending"]
        if pending:
            return [pending[0]["seat"]]
        turn = state["turn"]
        if turn is not None and state["phase"] in ("tax", "buy", "act"):
            return [turn]
        return []

    def legal_actions(self, state: HermagorState, seat: int) -> list[Action]:
        pending = state["pending"]
        if pending:
            p = pending[0]
            if p["seat"] != seat:
                return []
            kind = p["kind"]
            if kind == "production":
                return travel.prod_actions(state, p)
            if kind == "price_rise":
                return mp.rise_actions(state, p)
            if kind == "price_fluctuation":
                return mp.fluctuation_actions(state)
            return mp.name_actions(state, p)
        if state["turn"] != seat:
            return []
        phase = state["phase"]
        if phase == "act":
            return travel.actions(state, seat)
        if phase == "buy":
            return mp.buy_actions(state)
        if phase == "tax":
            return mp.tax_actions()
        return []

    def is_legal(self, state: HermagorState, seat: int, action_id: str) -> bool:
        # the villages and the market phases ask only the rule that can list
        # the action; the short lists of the other decisions are listed
        if not state["pending"] and state["turn"] == seat:
            phase = state["phase"]
            if phase == "act":
                return travel.is_legal(state, seat, action_id)
            if phase == "buy":
                return mp.buy_is_legal(state, action_id)
        return action_id in self.legal_ids(state, seat)

    def transition(self, state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
        events: list[Msg] = []
        if state["pending"]:
            p = state["pending"].pop(0)
            kind = p["kind"]
            if kind == "production":
                travel.apply_prod(state, p, action, events)
            elif kind == "start_player":
                mp.apply_name(state, seat, p, action, events)
            else:  # a price rise
                mp.apply_price(state, seat, p, action, events)
        elif state["phase"] == "act":
            travel.apply(state, seat, action, events)
        elif state["phase"] == "buy":
            mp.apply_buy(state, seat, action, events)
        else:
            mp.apply_tax(state, seat, action, events)
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

    def check_invariants(self, state: HermagorState) -> None:
        invariants.check_invariants(state)
