"""A turn's moves (the core has checked them): take money, buy a building,
the 2-player keep-or-give decision, pass."""

from __future__ import annotations

from games.alhambra.common import building_msg, cards_msg, currency_msg, m, values_text
from games.alhambra.data import BUILDINGS, MAX_ACTIONS, VALUE, YARD
from games.alhambra.end import end_turn
from games.alhambra.moves import can_act
from games.alhambra.schema import AlhambraState
from games.base import ActionId, Msg, seat_ref


def transition(state: AlhambraState, seat: int, action: ActionId) -> list[Msg]:
    if state["pending"]:
        return _finish_gift(state, seat, action.head == "gift")
    if action.head == "take":
        return _take(state, seat, action.numbers(0))
    if action.head == "buy":
        return _buy(state, seat, action.number(0) - 1, action.numbers(1))
    # "pass": nothing possible at the start of the turn
    return end_turn(state, [m("ev.pass", seat=seat_ref(seat))])


def _take(state: AlhambraState, seat: int, cards: list[int]) -> list[Msg]:
    row = state["money_row"]
    for c in cards:
        row.remove(c)
    state["hands"][seat].extend(cards)
    state["actions_taken"] += 1
    return end_turn(state, [m("ev.take", seat=seat_ref(seat), cards=cards_msg(cards))])


def _buy(state: AlhambraState, seat: int, slot: int, cards: list[int]) -> list[Msg]:
    hand = state["hands"][seat]
    for c in cards:
        hand.remove(c)
    state["discard"].extend(cards)
    b = state["yard"][slot]
    assert b is not None
    state["yard"][slot] = None
    exact = sum(VALUE[c] for c in cards) == BUILDINGS[b][1]
    state["actions_taken"] += 1
    events = [m("ev.buy", seat=seat_ref(seat), building=building_msg(b),
                currency=currency_msg(YARD[slot]), paid=values_text(cards))]
    if state["neutral"] is not None:
        # 2 players: the buyer now decides to keep it or give it to the neutral.
        state["pending"] = [{"seat": seat, "kind": "gift", "building": b, "exact": exact}]
        return events
    state["built"][seat].append(b)
    return _after_buy(state, seat, exact, events)


def _finish_gift(state: AlhambraState, seat: int, gift: bool) -> list[Msg]:
    decision = state["pending"].pop(0)
    b = decision["building"]
    events: list[Msg] = []
    if gift:
        neutral = state["neutral"]
        assert neutral is not None
        neutral.append(b)
        events.append(m("ev.gift", seat=seat_ref(seat), building=building_msg(b)))
    else:
        state["built"][seat].append(b)
    return _after_buy(state, seat, decision["exact"], events)


def _after_buy(state: AlhambraState, seat: int, exact: bool, events: list[Msg]) -> list[Msg]:
    if exact and state["actions_taken"] < MAX_ACTIONS and can_act(state, seat):
        events.append(m("ev.exact", seat=seat_ref(seat), n=state["actions_taken"] + 1))
        return events
    return end_turn(state, events)
