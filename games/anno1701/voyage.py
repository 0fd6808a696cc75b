"""Voyages: travel cards turned one at a time, each resolved at once.

Speed = 3 + sails (+1 captain, +2 commander) cards at most; fight = cannons
(+ the same bonus).  The voyage ends when the speed is used up, the ship is
wrecked, or the player stops; the turn ends with it.
"""

from __future__ import annotations

from games import rng

from .cards import CARDS, FLOTSAM, VOYAGE_IDS
from .common import act, card_msg, check_bust, ev, good_msg, opp, who
from .end import end_turn
from .settlement import gain, gold, pay_gold, space, speed, symbol

BONUS = {"captain": 1, "commander": 2}


def start_voyage(state, seat, bonus_type: str) -> list:
    p = state["p"][seat]
    bonus, bonus_card = 0, None
    if bonus_type:
        bonus_card = next(c for c in p["hand"] if CARDS[c].type == bonus_type)
        p["hand"].remove(bonus_card)
        bonus = BONUS[bonus_type]
    order = list(VOYAGE_IDS)
    rng.shuffle(state, order)
    state["phase"] = "voyage"
    state["voyage"] = {
        "order": order, "seen": [], "bonus": bonus, "bonus_card": bonus_card,
        "speed": min(len(order), speed(p) + bonus),
        "fight": symbol(p, "cannons") + bonus,
        "opp_speed": speed(state["p"][opp(seat)]),
    }
    events = [ev("voyage", seat=who(seat), speed=state["voyage"]["speed"], fight=state["voyage"]["fight"])]
    if bonus_card is not None:
        events.append(ev("voyage_bonus", card=card_msg(bonus_card), n=bonus))
    return events + reveal(state, seat)


def reveal(state, seat) -> list:
    v = state["voyage"]
    cid = v["order"][len(v["seen"])]
    v["seen"].append(cid)
    card = CARDS[cid]
    p = state["p"][seat]
    events = [ev("vcard", n=len(v["seen"]), card=voyage_msg(cid))]
    typ = card.type
    if typ == "tribute":
        state["pending"].insert(0, {"kind": "tribute", "seat": seat, "card": cid})
        return events
    if typ == "siege":
        events += fight(state, seat, cid)
    elif typ in ("freetrader", "foreign"):
        if any(gold(p) >= price and space(p, g) for g, price in card.offer):
            state["pending"].insert(0, {"kind": "buy", "seat": seat, "card": cid})
            return events
    elif typ == "cliffs":
        events += damage(p, seat, card.lose)
    elif typ == "tornado":
        if v["speed"] < v["opp_speed"]:
            events += damage(p, seat, card.lose)
        else:
            events.append(ev("tornado_safe", seat=who(seat)))
    elif typ == "flotsam":
        die = rng.randint(state, 1, 6)
        ship, g = FLOTSAM[die]
        events.append(ev("flotsam", die=die))
        if ship < 0:
            events += damage(p, seat, -ship)
        elif ship > 0 and p["ship"] < 4:
            p["ship"] += 1
            events.append(ev("ship_repair", seat=who(seat), state=p["ship"]))
        if g:
            events.append(ev("gold_gain", seat=who(seat), gold=gain(p, "gold", g)))
    elif typ == "shipwrecked":
        if v["speed"] > v["opp_speed"]:
            events.append(ev("gold_gain", seat=who(seat), gold=gain(p, "gold", 1)))
        else:
            events.append(ev("shipwrecked_slow", seat=who(seat)))
    return events + after_card(state, seat)


def voyage_msg(cid):
    card = CARDS[cid]
    if card.type in ("tribute", "siege"):
        return ev("vcard_power", card=card_msg(cid), power=str(card.power) if card.power >= 0 else "?")
    return card_msg(cid)


def damage(p, seat, n) -> list:
    p["ship"] = max(0, p["ship"] - n)
    return [ev("ship_damage", seat=who(seat), n=n, state=p["ship"])]


def fight(state, seat, cid) -> list:
    card = CARDS[cid]
    p = state["p"][seat]
    power = card.power if card.power >= 0 else symbol(state["p"][opp(seat)], "cannons")
    strength = state["voyage"]["fight"]
    events = []
    while True:   # ties: both roll again
        a, b = rng.randint(state, 1, 6), rng.randint(state, 1, 6)
        events.append(ev("fight", seat=who(seat), die=a, total=a + strength, pdie=b, ptotal=b + power))
        if a + strength != b + power:
            break
    if a + strength > b + power:
        for g, n in card.win:
            got = gain(p, g, n)
            events.append(ev("fight_win", seat=who(seat), n=got, good=good_msg(g)))
        return events
    return events + [ev("fight_lose", seat=who(seat))] + damage(p, seat, card.lose)


def after_card(state, seat) -> list:
    if state["phase"] == "over":
        return []
    v = state["voyage"]
    p = state["p"][seat]
    if p["ship"] == 0:
        return [ev("wrecked", seat=who(seat))] + finish(state)
    if len(v["seen"]) >= v["speed"]:
        return finish(state)
    state["pending"].insert(0, {"kind": "next", "seat": seat})
    return []


def finish(state) -> list:
    v = state["voyage"]
    if v["bonus_card"] is not None:
        state["discard"].append(v["bonus_card"])
    state["voyage"] = None
    return [ev("voyage_end", n=len(v["seen"]))] + end_turn(state)


# --- decisions ------------------------------------------------------------
def legal_tribute(state, seat, item):
    out = []
    if gold(state["p"][seat]):
        out.append(act("pay", "tribute_pay", "voyage"))
    out.append(act("fight", "fight", "voyage", "danger"))
    return out


def apply_tribute(state, seat, aid):
    item = state["pending"].pop(0)
    if aid == "pay":
        pay_gold(state["p"][seat], 1)
        events = [ev("tribute_paid", seat=who(seat))] + check_bust(state, seat)
    else:
        events = fight(state, seat, item["card"])
    return events + after_card(state, seat)


def legal_buy(state, seat, item):
    p = state["p"][seat]
    out = [act(f"buy:{g}", "buy", "voyage", "primary", good=good_msg(g), price=price)
           for g, price in CARDS[item["card"]].offer if gold(p) >= price and space(p, g)]
    return out + [act("buy:none", "buy_none", "voyage")]


def apply_buy(state, seat, aid):
    item = state["pending"].pop(0)
    g = aid.split(":")[1]
    events = []
    if g != "none":
        price = dict(CARDS[item["card"]].offer)[g]
        p = state["p"][seat]
        pay_gold(p, price)
        gain(p, g)
        events = [ev("buy", seat=who(seat), good=good_msg(g), price=price)] + check_bust(state, seat)
    return events + after_card(state, seat)


def legal_next(state, seat, item):
    return [act("continue", "continue", "voyage", "primary"), act("stop", "stop", "voyage")]


def apply_next(state, seat, aid):
    state["pending"].pop(0)
    if aid == "stop":
        return [ev("voyage_stop", seat=who(seat))] + finish(state)
    return reveal(state, seat)

