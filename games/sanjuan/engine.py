"""The San Juan engine: ties the rule modules to the ``games.base`` protocol."""

from __future__ import annotations

from typing import Any, cast

from games import rng
from games.base import Action, ActionId, Game, Msg, Option, Outcome, msg, seat_order

from . import ai, determinize, flow, goods, scoring, undo
from .build import buildable_bits, net_cost, place_bits
from .common import card_msg, draw_n, has_type, has_type_in, m, read_city_bits
from .data import CARD_TYPE, MAX_PLAYERS, MIN_PLAYERS, N_CARDS, PROD, START_HAND, TKIND, TYPE_INDEX
from .schema import Options, PublicView, SanJuanState, SanJuanView, SeatView
from .view import public_view, seat_view

OPTIONS = (
    Option("start_choice", False, (False, True), "sanjuan.option.start_choice",
           "sanjuan.option.start_choice.desc"),
)

_parse = ActionId.parse


class SanJuan(Game[SanJuanState, SanJuanView]):
    id = "sanjuan"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    state_type = SanJuanState
    public_view_type = PublicView
    seat_view_type = SeatView
    decisions = flow.DECISIONS

    # -- lifecycle -------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> SanJuanState:
        self.check_players(players)
        resolved = cast(Options, self.resolve_options(options))
        n = players
        state: SanJuanState = {
            "game": self.id,
            "players": n,
            "options": resolved,
            "rng": rng.seed_state(seed),
            "phase": "role",
            "round": 1,
            "governor": 0,
            "turn": None,
            "deciding": [],
            "roles": [],
            "role_order": [],
            "chooser_index": 0,
            "chooser": None,
            "library_privilege": False,
            "library_used": [False] * n,
            "tiles": [0, 1, 2, 3, 4],
            "turned_tile": None,
            # Each seat's starting indigo plant comes out of the deck (cards 0..n-1).
            "cities": [[[seat, -1]] for seat in range(n)],
            "covered": [[] for _ in range(n)],
            "city_bits": [0] * n,  # (an indigo plant is a production building)
            "chapel": [[] for _ in range(n)],
            "hands": [[] for _ in range(n)],
            "deck": list(range(n, N_CARDS)),
            "discard": [],
            "looking_at": [[] for _ in range(n)],
            "picked": [[] for _ in range(n)],
            "picks_needed": [0] * n,
            "pick_mode": [""] * n,
            "selected": [[] for _ in range(n)],
            "select_limit": [0] * n,
            "select_kinds": [0] * n,
            "built_this_phase": [None] * n,
            "building": None,
            "builder_order": [],
            "builder_index": 0,
            "builder_step": None,
            "affordable": 0,
        }
        rng.shuffle(state, state["deck"])
        rng.shuffle(state, state["tiles"])
        # "Players choose the first governor as they like": the RNG chooses.
        state["governor"] = rng.randbelow(state, n)
        events: list[Msg] = []
        if resolved["start_choice"]:
            flow.begin_start_choice(state, events)
        else:
            for seat in seat_order(n, state["governor"]):
                state["hands"][seat] = draw_n(state, START_HAND, events)
            flow.begin_round(state, events, first=True)
        return state

    def setup_events(self, state: SanJuanState) -> list[Msg]:
        """The opening log line: who is the first governor (round 1)."""
        g = state["governor"]
        if state["phase"] == "start":  # the optional start rule: the round begins after the picks
            return [m("ev.first_governor", player={"seat": g})]
        return [m("ev.round", n=1, player={"seat": g})]

    # Plain functions of the state, bound directly (they run at every step).
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]
    decision_for = staticmethod(flow.decision_for)  # type: ignore[assignment]

    def refusal(self, state: SanJuanState, seat: int, action_id: str) -> Msg:
        """A helpful reason for an illegal action where we can tell one (the
        core has decided it is illegal)."""
        action = _parse(action_id)
        head, arg = action.head, action.arg(0)
        if state["phase"] == "role" and head == "role" and any(r["role"] == arg for r in state["roles"]):
            return m("error.role_taken")
        if len(action.args) != 1:
            return msg("core.error.illegal_action", action=action_id)
        if state["phase"] == "builder" and state["builder_step"] == "choose" and head == "build" and arg in TYPE_INDEX:
            t = TYPE_INDEX[arg]
            if not has_type_in(state["hands"][seat], t):
                return m("error.not_in_hand")
            if TKIND[t] != PROD and has_type(state, seat, t):
                return m("error.already_built", card=m("card." + arg))
            return m("error.cannot_afford", card=m("card." + arg), n=net_cost(state, seat, t))
        if head in ("pay", "keep", "discard", "tuck") and arg in TYPE_INDEX:
            return m("error.not_in_hand")
        return msg("core.error.illegal_action", action=action_id)

    def prompt(self, state: SanJuanState, seat: int) -> Msg:
        phase = state["phase"]
        if phase == "over":
            return m("prompt.over")
        if flow.decision_for(state, seat) is None:
            if phase == "role":
                return m("prompt.wait_role", player={"seat": state["turn"]})
            if phase == "builder":
                return m("prompt.wait_build", player={"seat": state["turn"]})
            return m("prompt.wait")
        if phase == "role":
            return m("prompt.role")
        if phase == "builder":
            step = state["builder_step"]
            if step == "choose":
                return m("prompt.build")
            bld = state["building"]
            assert bld is not None
            if step == "onto":
                return m("prompt.onto", card=card_msg(bld["card"]))
            left = bld["cost"] - len(bld["paid_cards"]) - len(bld["paid_goods"])
            return m("prompt.pay", card=card_msg(bld["card"]), n=left)
        if phase == "chapel":
            return m("prompt.chapel")
        if phase in ("producer", "trader"):
            left = state["select_limit"][seat] - len(state["selected"][seat])
            return m("prompt.produce" if phase == "producer" else "prompt.sell", n=left)
        need, picked = state["picks_needed"][seat], len(state["picked"][seat])
        if picked >= need:
            return m("prompt.confirm")
        key = {"start": "start", "limit": "limit", "goldmine": "gold_mine"}.get(phase)
        if key is None:
            key = "keep" if state["pick_mode"][seat] == "keep" else "archive"
        return m("prompt." + key, n=need - picked)

    def view(self, state: SanJuanState, seat: int | None) -> SanJuanView:
        if seat is None:
            return public_view(state)
        return seat_view(state, seat, self.prompt(state, seat))  # the prompt is drawn on the private picture

    def is_over(self, state: SanJuanState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: SanJuanState) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: SanJuanState, after: SanJuanState, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: SanJuanView, seat: int) -> list[Msg]:
        return undo.private_summary(cast(SeatView, view), seat)

    def choose_ai_action(self, view: SanJuanView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(cast(SeatView, view), seat, [a.id for a in legal], rnd)

    def choose_normal_action(self, view: SanJuanView, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose_normal(cast(SeatView, view), seat, [a.id for a in legal], rnd)

    def determinize(self, view: SanJuanView, seat: int, rnd: Any) -> SanJuanState:
        return determinize.determinize(cast(SeatView, view), seat, rnd)

    def evaluate(self, state: SanJuanState) -> list[float]:
        return scoring.evaluate(state)

    # -- checks ----------------------------------------------------------
    def check_invariants(self, state: SanJuanState) -> None:
        n = state["players"]
        cards = list(state["deck"]) + list(state["discard"])
        for seat in range(n):
            cards += state["hands"][seat] + state["covered"][seat] + state["chapel"][seat] + state["looking_at"][seat] + state["picked"][seat]
            for c, g in state["cities"][seat]:
                cards.append(c)
                if g >= 0:
                    cards.append(g)
                    assert CARD_TYPE[c] < 5, "a good on a violet building"
            assert len(state["cities"][seat]) >= 1
            assert state["picks_needed"][seat] >= 0 and state["select_limit"][seat] >= 0
            assert len(state["picked"][seat]) <= state["picks_needed"][seat] or state["picks_needed"][seat] == 0 and not state["picked"][seat]
        bld = state["building"]
        if bld:
            cards.append(bld["card"])
            cards += bld["paid_cards"] + [g for _, g in bld["paid_goods"]]
        assert sorted(cards) == list(range(N_CARDS)), "cards lost or duplicated"
        assert len(state["tiles"]) + (state["turned_tile"] is not None) == 5
        assert state["round"] >= 1
        assert state["deciding"] == sorted(set(state["deciding"]))
        if state["phase"] != "builder":
            assert state["built_this_phase"] == [None] * n, "built outside the builder phase"
        elif state["turn"] is not None:  # (so its city bits are the buildings that work: ``city_bits``)
            assert state["built_this_phase"][state["turn"]] is None, "the seat to build has built"
        if state["phase"] in flow.BY_TURN:
            assert not state["deciding"], "deciding in a phase one seat at a time decides in"
        else:
            assert state["turn"] is None, "a turn in a simultaneous phase"
        if "city_bits" in state:  # (derived: absent from a state stored before it)
            assert state["city_bits"] == [read_city_bits(city) for city in state["cities"]], "city bits"
        if "select_kinds" in state and state["phase"] in ("producer", "trader"):  # (derived, as ``city_bits``)
            for seat in state["deciding"]:
                assert state["select_kinds"][seat] == goods.choosable(state, seat), "select kinds"
        if "affordable" in state and state["builder_step"] == "choose":
            assert state["turn"] is not None
            assert state["affordable"] == buildable_bits(state, state["turn"], state["hands"][state["turn"]]), "affordable"
        turn = state["turn"]
        if bld and state["builder_step"] == "onto" and "places" in bld:
            assert turn is not None
            assert bld["places"] == place_bits(state, turn, CARD_TYPE[bld["card"]], len(state["hands"][turn])), "places"
        for seat in range(n):
            tops = [CARD_TYPE[c] for c, _ in state["cities"][seat]]
            violet = [t for t in tops if TKIND[t] != PROD]
            assert len(violet) == len(set(violet)), "a violet building twice"
