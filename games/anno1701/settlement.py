"""A player's settlement: the rotating counters and what they add up to.

Every counter is a small int in the player dict; helpers keep them in range
(excess production and gold are lost, as the rulebook says).  Gold paid
comes first from the richer centre and gold gained goes into the poorer one;
after the action the player who paid chooses the actual split between his two
centres (``centres.ask_centres``: the rulebook leaves that choice to him).
"""

from __future__ import annotations

from games.base import msg, seat_ref

from .cards import (
    BASE_IDS,
    CARDS,
    CENTRE_MAX,
    EXPLORER_IDS,
    GOODS,
    GOODS_MAX,
    LAND_IDS,
    LEVELS,
    LUX_MAX,
    SHIP_ID,
    SHIP_MAX,
    SLOTS,
    UNHAPPY,
)

P = "anno1701."
LAND_GOOD = {s: [CARDS[i].good for i in LAND_IDS[s]] for s in (0, 1)}
LAND_DIE = {s: [CARDS[i].die for i in LAND_IDS[s]] for s in (0, 1)}
LAND_GUARD = {s: [CARDS[i].guard for i in LAND_IDS[s]] for s in (0, 1)}
SHIP_DIE = {s: CARDS[SHIP_ID[s]].die for s in (0, 1)}


def new_player(seat: int) -> dict:
    return {
        "seat": seat,
        "base": [i for i in BASE_IDS[seat] if i not in EXPLORER_IDS[seat]],
        "cit": [[i] for i in EXPLORER_IDS[seat]],
        "land": [CARDS[i].start for i in LAND_IDS[seat]],
        "centres": [3, 3],
        "rum": 0,
        "tobacco": 0,
        "ship": 2,
        "slots": [None] * SLOTS,
        "hand": [],
    }


# --- goods ---------------------------------------------------------------
def goods(p: dict, good: str) -> int:
    if good == "gold":
        return gold(p)
    if good in ("rum", "tobacco"):
        return p[good]
    land, kinds = p["land"], LAND_GOOD[p["seat"]]
    return sum(land[i] for i in range(7) if kinds[i] == good)


def goods_total(p: dict) -> int:
    return sum(p["land"])


def space(p: dict, good: str) -> int:
    if good == "gold":
        return 2 * CENTRE_MAX - gold(p)
    if good in ("rum", "tobacco"):
        return LUX_MAX - p[good]
    land, kinds = p["land"], LAND_GOOD[p["seat"]]
    return sum(GOODS_MAX - land[i] for i in range(7) if kinds[i] == good)


def gain(p: dict, good: str, n: int = 1) -> int:
    """Add up to ``n`` of ``good`` (landscape, luxury or gold); returns how many fit."""
    if good == "gold":
        return gain_gold(p, n)
    if good in ("rum", "tobacco"):
        got = min(n, LUX_MAX - p[good])
        p[good] += got
        return got
    land, kinds = p["land"], LAND_GOOD[p["seat"]]
    got = 0
    for _ in range(n):
        idx = [i for i in range(7) if kinds[i] == good and land[i] < GOODS_MAX]
        if not idx:
            break
        land[min(idx, key=lambda i: land[i])] += 1
        got += 1
    return got


def pay(p: dict, good: str, n: int = 1) -> int:
    """Remove up to ``n`` of ``good``; returns how many were there."""
    if good == "gold":
        return pay_gold(p, n)
    if good in ("rum", "tobacco"):
        paid = min(n, p[good])
        p[good] -= paid
        return paid
    land, kinds = p["land"], LAND_GOOD[p["seat"]]
    paid = 0
    for _ in range(n):
        idx = [i for i in range(7) if kinds[i] == good and land[i] > 0]
        if not idx:
            break
        land[max(idx, key=lambda i: land[i])] -= 1
        paid += 1
    return paid


def can_pay(p: dict, cost) -> bool:
    return all(goods(p, g) >= n for g, n in cost)


def pay_cost(p: dict, cost) -> None:
    for g, n in cost:
        pay(p, g, n)


# --- gold and riots ----------------------------------------------------
def gold(p: dict) -> int:
    return p["centres"][0] + p["centres"][1]


def gain_gold(p: dict, n: int) -> int:
    c = p["centres"]
    got = 0
    for _ in range(n):
        i = 0 if c[0] <= c[1] else 1
        if c[i] >= CENTRE_MAX:
            break
        c[i] += 1
        got += 1
    return got


def pay_gold(p: dict, n: int) -> int:
    c = p["centres"]
    paid = 0
    for _ in range(n):
        i = 0 if c[0] >= c[1] else 1
        if c[i] <= 0:
            break
        c[i] -= 1
        paid += 1
    return paid


def riots(p: dict) -> int:
    return (p["centres"][0] == 0) + (p["centres"][1] == 0)


def busted(p: dict) -> bool:
    """Both centres in riot: the player loses at once."""
    return p["centres"][0] == 0 and p["centres"][1] == 0


def unhappy(p: dict) -> int:
    return UNHAPPY[p["centres"][0]] + UNHAPPY[p["centres"][1]]


# --- citizens and buildings ----------------------------------------------
def level(stack: list[int]) -> int:
    return len(stack) - 1


def levels(p: dict) -> list[int]:
    return [len(s) - 1 for s in p["cit"]]


def glory(p: dict) -> int:
    return sum(levels(p))


def merchants(p: dict) -> int:
    return sum(1 for s in p["cit"] if len(s) - 1 == 3)


def top_level(p: dict) -> int:
    return max(levels(p))


def level_name(n: int) -> str:
    return LEVELS[n]


def buildings(p: dict) -> list[int]:
    return [c for c in p["slots"] if c is not None]


def symbol(p: dict, attr: str) -> int:
    return sum(getattr(CARDS[c], attr) for c in p["slots"] if c is not None)


def has(p: dict, typ: str) -> bool:
    return any(c is not None and CARDS[c].type == typ for c in p["slots"])


def count(p: dict, typ: str) -> int:
    return sum(1 for c in p["slots"] if c is not None and CARDS[c].type == typ)


def free_slot(p: dict) -> int:
    for i, c in enumerate(p["slots"]):
        if c is None:
            return i
    return -1


def speed(p: dict) -> int:
    return 3 + symbol(p, "sails")


# --- production ------------------------------------------------------
def produce(state: dict, die: int) -> list:
    """Number die: landscapes and the ship with that number, production
    boosters; both players.  Riot blocks the landscapes a centre guards."""
    events = []
    for seat in (0, 1):
        p = state["p"][seat]
        land, dies, guards, kinds = p["land"], LAND_DIE[seat], LAND_GUARD[seat], LAND_GOOD[seat]
        for i in range(7):
            if dies[i] != die:
                continue
            if guards[i] >= 0 and p["centres"][guards[i]] == 0:
                events.append(msg(P + "ev.blocked", seat=seat_ref(seat), good=msg(P + "good." + kinds[i])))
            elif land[i] < GOODS_MAX:
                land[i] += 1
                events.append(msg(P + "ev.produce", seat=seat_ref(seat), good=msg(P + "good." + kinds[i])))
        if p["ship"] > 0 and SHIP_DIE[seat] == die and p["ship"] < SHIP_MAX:
            p["ship"] += 1
            events.append(msg(P + "ev.ship_up", seat=seat_ref(seat), state=p["ship"]))
        for c in p["slots"]:
            if c is None:
                continue
            card = CARDS[c]
            if card.die == die and card.good in GOODS and gain(p, card.good):
                events.append(msg(P + "ev.boost", seat=seat_ref(seat), card=msg(P + "card." + card.type),
                                  good=msg(P + "good." + card.good)))
    return events


def public_summary(p: dict) -> dict:
    """Derived numbers every viewer may see (for the renderer and the AI)."""
    return {
        "goods": {g: goods(p, g) for g in GOODS},
        "gold": gold(p),
        "unhappy": unhappy(p),
        "riots": riots(p),
        "glory": glory(p),
        "levels": levels(p),
        "sails": symbol(p, "sails"),
        "cannons": symbol(p, "cannons"),
        "sacks": symbol(p, "sacks"),
        "happy": symbol(p, "happy"),
        "speed": speed(p),
        "hand_size": len(p["hand"]),
    }
