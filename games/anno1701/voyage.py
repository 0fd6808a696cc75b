"""Voyages: travel cards turned one at a time, each resolved at once.

Speed = 3 + sails (+1 captain, +2 commander) cards at most; fight = cannons
(+ the same bonus).  The voyage ends when the speed is used up, the ship is
wrecked, or the player stops; the turn ends with it.
"""

from __future__ import annotations

from functools import cache

from games import rng
from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, card_msg, check_bust, good_msg, m, opp
from .data import CARDS, FLOTSAM, VOYAGE_IDS
from .end import end_turn
from .schema import AnnoState, Pending, Settlement
from .settlement import gain, gold, pay_gold, space, speed, symbol

BONUS = {"captain": 1, "commander": 2}


def start_voyage(state: AnnoState, seat: int, bonus_type: str) -> list[Msg]:
    settlement = state["settlements"][seat]
    bonus, bonus_card = 0, None
    if bonus_type:
        bonus_card = next(c for c in settlement["hand"] if CARDS[c].type == bonus_type)
        settlement["hand"].remove(bonus_card)
        bonus = BONUS[bonus_type]
    order = list(VOYAGE_IDS)
    rng.shuffle(state, order)
    state["phase"] = "voyage"
    voyage = state["voyage"] = {
        "order": order, "seen": [], "bonus": bonus, "bonus_card": bonus_card,
        "speed": min(len(order), speed(settlement) + bonus),
        "fight": symbol(settlement, "cannons") + bonus,
        "opponent_speed": speed(state["settlements"][opp(seat)]),
    }
    events = [m("ev.voyage", seat=seat_ref(seat), speed=voyage["speed"], fight=voyage["fight"])]
    if bonus_card is not None:
        events.append(m("ev.voyage_bonus", card=card_msg(bonus_card), n=bonus))
    return events + reveal(state, seat)


def reveal(state: AnnoState, seat: int) -> list[Msg]:
    v = state["voyage"]
    assert v is not None
    cid = v["order"][len(v["seen"])]
    v["seen"].append(cid)
    card = CARDS[cid]
    settlement = state["settlements"][seat]
    events = [m("ev.vcard", n=len(v["seen"]), card=voyage_msg(cid))]
    typ = card.type
    if typ == "tribute":
        state["pending"].insert(0, {"kind": "tribute", "seat": seat, "card": cid})
        return events
    if typ == "siege":
        events += fight(state, seat, cid)
    elif typ in ("freetrader", "foreign"):
        if any(gold(settlement) >= price and space(settlement, g) for g, price in card.offer):
            state["pending"].insert(0, {"kind": "buy", "seat": seat, "card": cid})
            return events
    elif typ == "cliffs":
        events += damage(settlement, seat, card.lose)
    elif typ == "tornado":
        if v["speed"] < v["opponent_speed"]:
            events += damage(settlement, seat, card.lose)
        else:
            events.append(m("ev.tornado_safe", seat=seat_ref(seat)))
    elif typ == "flotsam":
        die = rng.randint(state, 1, 6)
        ship, g = FLOTSAM[die]
        events.append(m("ev.flotsam", die=die))
        if ship < 0:
            events += damage(settlement, seat, -ship)
        elif ship > 0 and settlement["ship"] < 4:
            settlement["ship"] += 1
            events.append(m("ev.ship_repair", seat=seat_ref(seat), state=settlement["ship"]))
        if g:
            events.append(m("ev.gold_gain", seat=seat_ref(seat), gold=gain(settlement, "gold", g)))
    elif typ == "shipwrecked":
        if v["speed"] > v["opponent_speed"]:
            events.append(m("ev.gold_gain", seat=seat_ref(seat), gold=gain(settlement, "gold", 1)))
        else:
            events.append(m("ev.shipwrecked_slow", seat=seat_ref(seat)))
    return events + after_card(state, seat)


def voyage_msg(cid: int) -> Msg:
    card = CARDS[cid]
    if card.type in ("tribute", "siege"):
        return m("ev.vcard_power", card=card_msg(cid), power=str(card.power) if card.power >= 0 else "?")
    return card_msg(cid)


def damage(settlement: Settlement, seat: int, n: int) -> list[Msg]:
    settlement["ship"] = max(0, settlement["ship"] - n)
    return [m("ev.ship_damage", seat=seat_ref(seat), n=n, state=settlement["ship"])]


def fight(state: AnnoState, seat: int, cid: int) -> list[Msg]:
    card = CARDS[cid]
    settlement = state["settlements"][seat]
    power = card.power if card.power >= 0 else symbol(state["settlements"][opp(seat)], "cannons")
    assert state["voyage"] is not None
    strength = state["voyage"]["fight"]
    events = []
    while True:   # ties: both roll again
        a, b = rng.randint(state, 1, 6), rng.randint(state, 1, 6)
        events.append(m("ev.fight", seat=seat_ref(seat), die=a, total=a + strength, pdie=b, ptotal=b + power))
        if a + strength != b + power:
            break
    if a + strength > b + power:
        for g, n in card.win:
            got = gain(settlement, g, n)
            events.append(m("ev.fight_win", seat=seat_ref(seat), n=got, good=good_msg(g)))
        return events
    return events + [m("ev.fight_lose", seat=seat_ref(seat))] + damage(settlement, seat, card.lose)


def after_card(state: AnnoState, seat: int) -> list[Msg]:
    if state["phase"] == "over":
        return []
    v = state["voyage"]
    assert v is not None
    settlement = state["settlements"][seat]
    if settlement["ship"] == 0:
        return [m("ev.wrecked", seat=seat_ref(seat))] + finish(state)
    if len(v["seen"]) >= v["speed"]:
        return finish(state)
    state["pending"].insert(0, {"kind": "next", "seat": seat})
    return []


def finish(state: AnnoState) -> list[Msg]:
    v = state["voyage"]
    assert v is not None
    if v["bonus_card"] is not None:
        state["discard"].append(v["bonus_card"])
    state["voyage"] = None
    return [m("ev.voyage_end", n=len(v["seen"]))] + end_turn(state)


# --- decisions ------------------------------------------------------------
PAY = action("pay", "tribute_pay", "voyage")
FIGHT = action("fight", "fight", "voyage", "danger")
BUY_NONE = action("buy:none", "buy_none", "voyage")
CONTINUE = action("continue", "continue", "voyage", "primary")
STOP = action("stop", "stop", "voyage")


@cache
def buy_move(good: str, price: int) -> Action:
    return action(f"buy:{good}", "buy", "voyage", "primary", good=good_msg(good), price=price)


def legal_tribute(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    if gold(state["settlements"][seat]):
        moves.append(PAY)
    moves.append(FIGHT)


def apply_tribute(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    if action.head == "pay":
        pay_gold(state["settlements"][seat], 1)
        events = [m("ev.tribute_paid", seat=seat_ref(seat))] + check_bust(state, seat)
    else:
        events = fight(state, seat, item["card"])
    return events + after_card(state, seat)


def legal_buy(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    for g, price in CARDS[item["card"]].offer:
        if gold(settlement) >= price and space(settlement, g):
            moves.append(buy_move(g, price))
    moves.append(BUY_NONE)


def apply_buy(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    g = action.arg()
    events: list[Msg] = []
    if g != "none":
        price = dict(CARDS[item["card"]].offer)[g]
        settlement = state["settlements"][seat]
        pay_gold(settlement, price)
        gain(settlement, g)
        events = [m("ev.buy", seat=seat_ref(seat), good=good_msg(g), price=price)] + check_bust(state, seat)
    return events + after_card(state, seat)


def legal_next(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    moves.append(CONTINUE)
    moves.append(STOP)


def apply_next(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    if action.head == "stop":
        return [m("ev.voyage_stop", seat=seat_ref(seat))] + finish(state)
    return reveal(state, seat)
