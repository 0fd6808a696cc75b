"""Small helpers shared by the rule modules: the legal moves, messages,
the pending queue, the end of the game."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.base import Action, Msg, messages, seat_ref

from .data import CARDS, GOODS
from .schema import AnnoState, Pending, WinReason
from .settlement import busted

m = messages("anno1701")
GOLD_AND_GOODS = GOODS + ("gold",)


def action(action_id: str, key: str, group: str = "", style: str = "secondary", **args: Any) -> Action:
    """The move ``action_id``, labelled ``anno1701.act.<key>`` with ``args``."""
    return Action(action_id, m("act." + key, **args), group, style)


# The legal moves of the decision due, as the rule modules list them (one
# function states each rule, labels and all: ``Decision.from_menu`` reads the
# ids off it).  An ``Action`` and its label are only read, so the rule modules
# keep the moves that recur as constants or ``functools.cache`` makers keyed
# by what the label shows, and make the rare ones (the spy's, the lodge's) on
# the spot.
Moves = list[Action]


# Each distinct message below is made once and shared (messages are only read).
@cache
def good_msg(good: str) -> Msg:
    return m("good." + good)


@cache
def card_msg(cid: int) -> Msg:
    return m("card." + CARDS[cid].type)


@cache
def level_msg(level: str) -> Msg:
    return m("level." + level)


# The moves several decisions share: a good of the seat's choice (the queen,
# the whale hunt, the guild hall, the inventor) and letting a chance go.
@cache
def gain_move(kind: str, good: str) -> Action:
    return action(f"{kind}:{good}", "gain_good", kind, good=good_msg(good))


@cache
def skip_move(kind: str) -> Action:
    return action(kind + ":skip", "skip", kind)


def opp(seat: int) -> int:
    return 1 - seat


def push(state: AnnoState, item: Pending, front: bool = False) -> None:
    if front:
        state["pending"].insert(0, item)
    else:
        state["pending"].append(item)


def game_over(state: AnnoState, winner: int, reason: WinReason) -> list[Msg]:
    state["phase"] = "over"
    state["winner"] = winner
    state["win_reason"] = reason
    state["pending"] = []
    voyage = state["voyage"]
    if voyage and voyage["bonus_card"] is not None:
        state["discard"].append(voyage["bonus_card"])
    state["voyage"] = None
    return [m("ev.win." + reason, seat=seat_ref(winner), loser=seat_ref(1 - winner))]


def check_bust(state: AnnoState, first: int | None = None) -> list[Msg]:
    """Both centres in riot loses at once; ``first`` is checked first when
    one effect hit both players (the one who busts first loses)."""
    if state["phase"] == "over":
        return []
    if first is None:
        first = state["turn"]
    for seat in (first, 1 - first):
        if busted(state["settlements"][seat]):
            return game_over(state, 1 - seat, "riot")
    return []


def copy_state(state: AnnoState) -> AnnoState:
    """A deep copy of ``state`` (what ``games.base.clone`` makes), read off
    the layout of ``schema.AnnoState``: a move that may lose by a riot is
    tried out on it (``flow.loses_by_riot``)."""
    dice, voyage = state["dice"], state["voyage"]
    return {
        **state,
        "options": {"offers": state["options"]["offers"]},
        "dice": None if dice is None else {"number": dice["number"], "event": dice["event"]},
        "used_slots": list(state["used_slots"]),
        "pending": [_copy_pending(item) for item in state["pending"]],
        "settlements": [{
            **settlement,
            "base_cards": list(settlement["base_cards"]),
            "citizens": [list(stack) for stack in settlement["citizens"]],
            "landscapes": list(settlement["landscapes"]),
            "centres": list(settlement["centres"]),
            "luxury": dict(settlement["luxury"]),
            "slots": list(settlement["slots"]),
            "hand": list(settlement["hand"]),
        } for settlement in state["settlements"]],
        "piles": [list(pile) for pile in state["piles"]],
        "supply": {level: list(cards) for level, cards in state["supply"].items()},
        "voyage_deck": list(state["voyage_deck"]),
        "voyage": None if voyage is None else {**voyage, "order": list(voyage["order"]),
                                               "seen": list(voyage["seen"])},
        "discard": list(state["discard"]),
    }


def _copy_pending(item: Pending) -> Pending:
    copied: Pending = {**item}
    if "give" in item:
        copied["give"] = dict(item["give"])
    if "get" in item:
        copied["get"] = dict(item["get"])
    if "before" in item:
        copied["before"] = list(item["before"])
    return copied
