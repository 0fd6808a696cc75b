"""Small helpers shared by the rule modules."""

from __future__ import annotations

from games.base import Action, msg, seat_ref

from .cards import CARDS, GOODS
from .settlement import P, busted

GOLD_AND_GOODS = GOODS + ("gold",)


def act(aid: str, key: str, group: str = "", style: str = "secondary", **args) -> Action:
    return Action(aid, msg(P + "act." + key, **args), group, style)


def good_msg(good: str) -> dict:
    return msg(P + "good." + good)


def card_msg(cid: int) -> dict:
    return msg(P + "card." + CARDS[cid].type)


def ev(key: str, **args) -> dict:
    return msg(P + "ev." + key, **args)


def who(seat: int) -> dict:
    return seat_ref(seat)


def opp(seat: int) -> int:
    return 1 - seat


def push(state: dict, item: dict, front: bool = False) -> None:
    if front:
        state["pending"].insert(0, item)
    else:
        state["pending"].append(item)


def game_over(state: dict, winner: int, reason: str) -> list:
    state["phase"] = "over"
    state["winner"] = winner
    state["reason"] = reason
    state["pending"] = []
    if state["voyage"] and state["voyage"]["bonus_card"] is not None:
        state["discard"].append(state["voyage"]["bonus_card"])
    state["voyage"] = None
    return [ev("win." + reason, seat=who(winner), loser=who(1 - winner))]


def check_bust(state: dict, first: int | None = None) -> list:
    """Both centres in riot loses at once; ``first`` is checked first when
    one effect hit both players (the one who busts first loses)."""
    if state["phase"] == "over":
        return []
    order = (first, 1 - first) if first is not None else (state["current"], 1 - state["current"])
    for seat in order:
        if busted(state["p"][seat]):
            return game_over(state, 1 - seat, "riot")
    return []
