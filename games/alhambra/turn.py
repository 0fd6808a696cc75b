"""A turn's moves (the core has checked them): take money, buy a building
or pass (the decision "act"), and the 2-player keep-or-give decision
("gift")."""

from __future__ import annotations

from games.alhambra.common import BUILDING_MSGS, CURRENCY_MSGS, SEAT_REFS, card_ids, cards_msg, m, values_text
from games.alhambra.data import MAX_ACTIONS, PRICE, VALUE, YARD
from games.alhambra.end import end_turn
from games.alhambra.moves import can_act
from games.alhambra.schema import AlhambraState
from games.base import ActionId, Msg


def act(state: AlhambraState, seat: int, action: ActionId) -> list[Msg]:
    head, args = action
    if head == "take":
        cards = card_ids(args[0])
        row = state["money_row"]
        for c in cards:
            row.remove(c)
        state["hands"][seat] += cards
        state["actions_taken"] += 1
        return end_turn(state, [m("ev.take", seat=SEAT_REFS[seat], cards=cards_msg(cards))])
    if head == "buy":
        return _buy(state, seat, int(args[0]) - 1, card_ids(args[1]))
    # "pass": nothing possible at the start of the turn
    return end_turn(state, [m("ev.pass", seat=SEAT_REFS[seat])])


def _buy(state: AlhambraState, seat: int, slot: int, cards: tuple[int, ...]) -> list[Msg]:
    hand = state["hands"][seat]
    for c in cards:
        hand.remove(c)
    state["discard"] += cards
    yard = state["yard"]
    b = yard[slot]
    assert b is not None
    yard[slot] = None
    exact = sum(map(VALUE.__getitem__, cards)) == PRICE[b]
    state["actions_taken"] += 1
    events = [m("ev.buy", seat=SEAT_REFS[seat], building=BUILDING_MSGS[b],
                currency=CURRENCY_MSGS[YARD[slot]], paid=values_text(cards))]
    if state["neutral"] is not None:
        # 2 players: the buyer now decides to keep it or give it to the neutral.
        state["pending"] = [{"seat": seat, "kind": "gift", "building": b, "exact": exact}]
        return events
    state["built"][seat].append(b)
    return _after_buy(state, seat, exact, events)


def gift(state: AlhambraState, seat: int, action: ActionId) -> list[Msg]:
    decision = state["pending"].pop(0)
    b = decision["building"]
    events: list[Msg] = []
    if action.head == "gift":
        neutral = state["neutral"]
        assert neutral is not None
        neutral.append(b)
        events.append(m("ev.gift", seat=SEAT_REFS[seat], building=BUILDING_MSGS[b]))
    else:
        state["built"][seat].append(b)
    return _after_buy(state, seat, decision["exact"], events)


def _after_buy(state: AlhambraState, seat: int, exact: bool, events: list[Msg]) -> list[Msg]:
    if exact and state["actions_taken"] < MAX_ACTIONS and can_act(state, seat):
        events.append(m("ev.exact", seat=SEAT_REFS[seat], n=state["actions_taken"] + 1))
        return events
    return end_turn(state, events)
