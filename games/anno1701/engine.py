"""The Anno 1701 engine: ties the rule modules to the ``games.base`` protocol."""

from __future__ import annotations

from typing import Any, cast

from games import rng
from games.base import Action, Game, Msg, Option, Outcome, decision_kind, rank_rewards, seat_ref

from . import ai, determinize, flow, undo
from .common import m
from .data import CITIZEN_IDS, ERA_IDS, VOYAGE_IDS
from .defaults import default_for
from .end import outcome_lines
from .invariants import check_invariants
from .schema import AnnoState, AnnoView, PublicView, SeatView
from .settlement import glory, new_settlement
from .trade import MAX_OFFERS
from .view import view as make_view


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
        resolved = self.resolve_options(options)
        state: AnnoState = {
            "game": self.id, "players": 2, "options": {"offers": resolved["offers"]},
            "rng": rng.seed_state(seed), "phase": "roll", "turn": 0, "turn_count": 1,
            "dice": None, "used_slots": [], "offers_made": 0, "pending": [],
            "settlements": [new_settlement(0), new_settlement(1)], "piles": [],
            "supply": {level: list(ids) for level, ids in CITIZEN_IDS.items()},
            "voyage_deck": list(VOYAGE_IDS), "voyage": None, "discard": [],
            "trade_holder": None, "sea_holder": None, "trade_claimed": False, "sea_claimed": False,
            "winner": None, "win_reason": "",
        }
        for era in (1, 2, 3):
            cards = list(ERA_IDS[era])
            rng.shuffle(state, cards)
            state["piles"] += [cards[:9], cards[9:]]
        # Each player draws 3 from an era-I pile (seat 0 the first, seat 1 the second).
        for seat in (0, 1):
            pile = state["piles"][seat]
            state["settlements"][seat]["hand"] = [pile.pop(0) for _ in range(3)]
        state["turn"] = rng.randbelow(state, 2)   # the rulebook rolls a die for the start player
        return state

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
        if state["phase"] == "over":
            return m("prompt.over")
        due = self.to_act(state)
        if seat not in due:
            return m("prompt.wait", seat=seat_ref(due[0]))
        return m("prompt." + decision_kind(state))

    def is_over(self, state: AnnoState) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: AnnoState) -> Outcome:
        scores = [glory(state["settlements"][s]) for s in (0, 1)]
        w = state["winner"]
        ranking = [[w], [1 - w]] if w is not None else [[0, 1]]
        return Outcome(scores, ranking, [outcome_lines(state, s) for s in (0, 1)])

    def timed_default(self, state: AnnoState, seat: int) -> tuple[int, str] | None:
        # Only reactions asked of the player who is *not* moving stall the game.
        if not state["pending"] or state["pending"][0]["seat"] != seat or seat == state["turn"]:
            return None
        action_id = default_for(state, seat, state["pending"][0])
        return (60, action_id) if action_id else None

    def closes_undo(self, before: AnnoState, after: AnnoState, seat: int, action_id: str) -> bool:
        """Open only for choices on open information (see ``undo``): drawing,
        searching, sailing, turning a voyage card, a spy and the dice close it."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: AnnoView, seat: int) -> list[Msg]:
        """Hand, gold, goods and ship; a searched pile or a spied hand."""
        return undo.private_summary(view, seat)

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
        if state["phase"] == "over":
            return rank_rewards(self.outcome(state).ranking, 2)
        return determinize.evaluate(state)

    def view(self, state: AnnoState, seat: int | None) -> AnnoView:
        return make_view(state, seat)

    def check_invariants(self, state: AnnoState) -> None:
        check_invariants(state)
