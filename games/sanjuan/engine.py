"""The San Juan engine: ties the rule modules to the ``games.base`` protocol."""

from __future__ import annotations

from typing import Any

from games import rng
from games.base import Action, Game, IllegalAction, Msg, Option, Outcome, State, msg

from . import ai, flow, scoring, undo
from .build import net_cost
from .data import CARD_TYPE, N_CARDS, PROD, START_HAND, TKIND, TYPE_INDEX
from .state import card_msg, draw_n, has_type, order_from, shuffle
from .view import view as make_view

_is_legal = flow.is_legal
_apply = flow.apply

OPTIONS = (
    Option("start_choice", False, (False, True), "sanjuan.option.start_choice",
           "sanjuan.option.start_choice.desc"),
)


class SanJuan(Game):
    id = "sanjuan"
    min_players = 2
    max_players = 4
    options = OPTIONS

    # -- lifecycle -------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        self.check_players(players)
        options = self.resolve_options(options)
        n = players
        s: State = {
            "players": n,
            "options": options,
            "rng": rng.seed_state(seed),
            "round": 1,
            "governor": 0,
            "phase": "",
            "turn": -1,
            "waiting": [],
            "roles": [],
            "seq": [],
            "ci": 0,
            "chooser": -1,
            "lib": False,
            "libused": [False] * n,
            "tiles": [0, 1, 2, 3, 4],
            "tile": -1,
            # Each seat's starting indigo plant comes out of the deck (cards 0..n-1).
            "cities": [[[p, -1]] for p in range(n)],
            "covered": [[] for _ in range(n)],
            "chapel": [[] for _ in range(n)],
            "hands": [[] for _ in range(n)],
            "deck": list(range(n, N_CARDS)),
            "discard": [],
            "look": [[] for _ in range(n)],
            "picked": [[] for _ in range(n)],
            "need": [0] * n,
            "mode": [""] * n,
            "sel": [[] for _ in range(n)],
            "lim": [0] * n,
            "fresh": [-1] * n,
            "bld": None,
            "order": [],
            "oi": 0,
            "bstep": "",
        }
        shuffle(s, s["deck"])
        shuffle(s, s["tiles"])
        # "Players choose the first governor as they like": the RNG chooses.
        s["governor"] = rng.randbelow(s, n)
        ev: list = []
        if options["start_choice"]:
            flow.begin_start_choice(s, ev)
        else:
            for p in order_from(s, s["governor"]):
                s["hands"][p] = draw_n(s, START_HAND, ev)
            flow.begin_round(s, ev, first=True)
        return s

    def setup_events(self, state: State) -> list[dict]:
        """The opening log line: who is the first governor (round 1)."""
        g = state["governor"]
        if state["phase"] == "start":  # the optional start rule: the round begins after the picks
            return [msg("sanjuan.ev.first_governor", player={"seat": g})]
        return [msg("sanjuan.ev.round", n=1, player={"seat": g})]

    # Plain functions of the state: bound directly (one call less per step).
    to_act = staticmethod(flow.to_act)
    legal_actions = staticmethod(flow.legal_acts)

    def legal_ids(self, state: State, seat: int) -> list[str]:
        return flow.legal(state, seat)

    def apply(self, state: State, seat: int, action_id: str) -> list[dict]:
        if not _is_legal(state, seat, action_id):
            if seat not in flow.to_act(state):
                raise IllegalAction(msg("core.error.not_your_turn"))
            raise IllegalAction(self._reason(state, seat, action_id))
        ev: list[dict] = []
        _apply(state, seat, action_id, ev)
        return ev

    def _reason(self, s: State, seat: int, aid: str) -> dict:
        """A helpful reason for an illegal action where we can tell one."""
        head, _, arg = aid.partition(":")
        if s["phase"] == "role" and head == "role" and any(r == arg.split(":")[0] for r, _ in s["roles"]):
            return msg("sanjuan.error.role_taken")
        if s["phase"] == "builder" and s["bstep"] == "choose" and head == "build" and arg in TYPE_INDEX:
            t = TYPE_INDEX[arg]
            if not any(CARD_TYPE[c] == t for c in s["hands"][seat]):
                return msg("sanjuan.error.not_in_hand")
            if TKIND[t] != PROD and has_type(s, seat, t):
                return msg("sanjuan.error.already_built", card=msg("sanjuan.card." + arg))
            return msg("sanjuan.error.cannot_afford", card=msg("sanjuan.card." + arg),
                       n=net_cost(s, seat, t))
        if head in ("pay", "keep", "discard", "tuck") and arg in TYPE_INDEX:
            return msg("sanjuan.error.not_in_hand")
        return msg("core.error.illegal_action", action=aid)

    def prompt(self, state: State, seat: int) -> dict:
        s = state
        phase = s["phase"]
        if phase == "over":
            return msg("sanjuan.prompt.over")
        if seat not in flow.to_act(s):
            if phase == "role":
                return msg("sanjuan.prompt.wait_role", player={"seat": s["turn"]})
            if phase == "builder":
                return msg("sanjuan.prompt.wait_build", player={"seat": s["turn"]})
            return msg("sanjuan.prompt.wait")
        if phase == "role":
            return msg("sanjuan.prompt.role")
        if phase == "builder":
            step = s["bstep"]
            if step == "choose":
                return msg("sanjuan.prompt.build")
            bld = s["bld"]
            if step == "onto":
                return msg("sanjuan.prompt.onto", card=card_msg(bld["card"]))
            left = bld["need"] - len(bld["paid"]) - len(bld["goods"])
            return msg("sanjuan.prompt.pay", card=card_msg(bld["card"]), n=left)
        if phase == "chapel":
            return msg("sanjuan.prompt.chapel")
        if phase in ("producer", "trader"):
            left = s["lim"][seat] - len(s["sel"][seat])
            return msg("sanjuan.prompt.produce" if phase == "producer" else "sanjuan.prompt.sell", n=left)
        need, picked = s["need"][seat], len(s["picked"][seat])
        if picked >= need:
            return msg("sanjuan.prompt.confirm")
        key = {"start": "start", "limit": "limit", "goldmine": "gold_mine"}.get(phase)
        if key is None:
            key = "keep" if s["mode"][seat] == "keep" else "archive"
        return msg("sanjuan.prompt." + key, n=need - picked)

    def view(self, state: State, seat: int | None) -> State:
        v = make_view(state, seat)
        if seat is not None:
            v["prompt"] = self.prompt(state, seat)  # drawn on the private picture
        return v

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(state)

    def closes_undo(self, before: State, after: State, seat: int, action_id: str) -> bool:
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: State, seat: int) -> list[Msg]:
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: State, seat: int, legal: list[Action], rnd: Any) -> str:
        return ai.choose(view, seat, [a.id for a in legal], rnd)

    # -- checks ----------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        s = state
        n = s["players"]
        cards = list(s["deck"]) + list(s["discard"])
        for p in range(n):
            cards += s["hands"][p] + s["covered"][p] + s["chapel"][p] + s["look"][p] + s["picked"][p]
            for c, g in s["cities"][p]:
                cards.append(c)
                if g >= 0:
                    cards.append(g)
                    assert CARD_TYPE[c] < 5, "a good on a violet building"
            assert len(s["cities"][p]) >= 1
            assert s["need"][p] >= 0 and s["lim"][p] >= 0
            assert len(s["picked"][p]) <= s["need"][p] or s["need"][p] == 0 and not s["picked"][p]
        bld = s["bld"]
        if bld:
            cards.append(bld["card"])
            cards += bld["paid"] + [g for _, g in bld["goods"]]
        assert sorted(cards) == list(range(N_CARDS)), "cards lost or duplicated"
        assert len(s["tiles"]) + (s["tile"] >= 0) == 5
        assert s["round"] >= 1
        for p in range(n):
            tops = [CARD_TYPE[c] for c, _ in s["cities"][p]]
            violet = [t for t in tops if TKIND[t] != PROD]
            assert len(violet) == len(set(violet)), "a violet building twice"
