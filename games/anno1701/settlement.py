"""A player's settlement: the rotating counters and what they add up to.

Every counter is a small int in the settlement dict; helpers keep them in
range (excess production and gold are lost, as the rulebook says).  Gold paid
comes first from the richer centre and gold gained goes into the poorer one;
after the action the player who paid chooses the actual split between his two
centres (``centres.ask_centres``: the rulebook leaves that choice to him).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .data import (
    BASE_IDS,
    CARDS,
    CENTRE_MAX,
    EXPLORER_IDS,
    GOODS,
    GOODS_MAX,
    LAND_IDS,
    LUX_MAX,
    SHIP_ID,
    SLOTS,
    UNHAPPY,
)
from .schema import Settlement

LAND_GOOD = {s: [CARDS[i].good for i in LAND_IDS[s]] for s in (0, 1)}
LAND_DIE = {s: [CARDS[i].die for i in LAND_IDS[s]] for s in (0, 1)}
LAND_GUARD = {s: [CARDS[i].guard for i in LAND_IDS[s]] for s in (0, 1)}
# The landscapes of each good, by seat (positions in ``landscapes``).
LAND_OF = {s: {g: tuple(i for i in range(7) if LAND_GOOD[s][i] == g) for g in GOODS} for s in (0, 1)}
SHIP_DIE = {s: CARDS[SHIP_ID[s]].die for s in (0, 1)}
# Both seats' landscapes lie in one order (``land_goods`` reads them by it).
assert all(LAND_GOOD[s] == ["wood", "food", "cloth", "brick", "brick", "tools", "tools"] for s in (0, 1))
LUXURY = ("rum", "tobacco")


def new_settlement(seat: int) -> Settlement:
    return {
        "owner": seat,
        "base_cards": [i for i in BASE_IDS[seat] if i not in EXPLORER_IDS[seat]],
        "citizens": [[i] for i in EXPLORER_IDS[seat]],
        "landscapes": [CARDS[i].start for i in LAND_IDS[seat]],
        "centres": [3, 3],
        "luxury": {"rum": 0, "tobacco": 0},
        "ship": 2,
        "slots": [None] * SLOTS,
        "hand": [],
    }


# --- goods ---------------------------------------------------------------
def goods(settlement: Settlement, good: str) -> int:
    if good == "gold":
        c = settlement["centres"]
        return c[0] + c[1]
    if good in LUXURY:
        return settlement["luxury"][good]
    land = settlement["landscapes"]
    return sum([land[i] for i in LAND_OF[settlement["owner"]][good]])


def land_goods(settlement: Settlement) -> dict[str, int]:
    """The landscape goods by kind, in ``GOODS`` order (what ``goods`` says of each, in one pass)."""
    wood, food, cloth, brick, brick2, tools, tools2 = settlement["landscapes"]
    return {"wood": wood, "cloth": cloth, "food": food, "brick": brick + brick2, "tools": tools + tools2}


def stock(settlement: Settlement) -> dict[str, int]:
    """Every good the settlement holds: landscape goods by kind, rum,
    tobacco and gold."""
    lux, centres = settlement["luxury"], settlement["centres"]
    have = land_goods(settlement)
    have["rum"] = lux["rum"]
    have["tobacco"] = lux["tobacco"]
    have["gold"] = centres[0] + centres[1]
    return have


def space(settlement: Settlement, good: str) -> int:
    if good == "gold":
        return 2 * CENTRE_MAX - gold(settlement)
    if good in LUXURY:
        return LUX_MAX - settlement["luxury"][good]
    land = settlement["landscapes"]
    return sum([GOODS_MAX - land[i] for i in LAND_OF[settlement["owner"]][good]])


def gain(settlement: Settlement, good: str, n: int = 1) -> int:
    """Add up to ``n`` of ``good`` (landscape, luxury or gold); returns how many fit."""
    if good == "gold":
        return gain_gold(settlement, n)
    if good in LUXURY:
        got = min(n, LUX_MAX - settlement["luxury"][good])
        settlement["luxury"][good] += got
        return got
    land, own = settlement["landscapes"], LAND_OF[settlement["owner"]][good]
    got = 0
    for _ in range(n):
        idx = [i for i in own if land[i] < GOODS_MAX]
        if not idx:
            break
        land[min(idx, key=land.__getitem__)] += 1
        got += 1
    return got


def pay(settlement: Settlement, good: str, n: int = 1) -> int:
    """Remove up to ``n`` of ``good``; returns how many were there."""
    if good == "gold":
        return pay_gold(settlement, n)
    if good in LUXURY:
        paid = min(n, settlement["luxury"][good])
        settlement["luxury"][good] -= paid
        return paid
    land, own = settlement["landscapes"], LAND_OF[settlement["owner"]][good]
    paid = 0
    for _ in range(n):
        idx = [i for i in own if land[i] > 0]
        if not idx:
            break
        land[max(idx, key=land.__getitem__)] -= 1
        paid += 1
    return paid


def can_pay(have: dict[str, int], cost: Iterable[tuple[str, int]]) -> bool:
    """Whether a ``stock`` covers ``cost``."""
    return all(have[good] >= n for good, n in cost)


def pay_cost(settlement: Settlement, cost: Iterable[tuple[str, int]]) -> None:
    for g, n in cost:
        pay(settlement, g, n)


# --- gold and riots ----------------------------------------------------
def gold(settlement: Settlement) -> int:
    return settlement["centres"][0] + settlement["centres"][1]


def gain_gold(settlement: Settlement, n: int) -> int:
    c = settlement["centres"]
    got = 0
    for _ in range(n):
        i = 0 if c[0] <= c[1] else 1
        if c[i] >= CENTRE_MAX:
            break
        c[i] += 1
        got += 1
    return got


def pay_gold(settlement: Settlement, n: int) -> int:
    c = settlement["centres"]
    paid = 0
    for _ in range(n):
        i = 0 if c[0] >= c[1] else 1
        if c[i] <= 0:
            break
        c[i] -= 1
        paid += 1
    return paid


def riots(settlement: Settlement) -> int:
    return (settlement["centres"][0] == 0) + (settlement["centres"][1] == 0)


def busted(settlement: Settlement) -> bool:
    """Both centres in riot: the player loses at once."""
    return settlement["centres"][0] == 0 and settlement["centres"][1] == 0


def unhappy(settlement: Settlement) -> int:
    return UNHAPPY[settlement["centres"][0]] + UNHAPPY[settlement["centres"][1]]


# --- citizens and buildings ----------------------------------------------
def levels(settlement: Settlement) -> list[int]:
    return [len(s) - 1 for s in settlement["citizens"]]


def glory(settlement: Settlement) -> int:
    return sum(levels(settlement))


def merchants(settlement: Settlement) -> int:
    return sum(1 for s in settlement["citizens"] if len(s) - 1 == 3)


def top_level(settlement: Settlement) -> int:
    return max(levels(settlement))


# The four symbols a building may carry, in the order ``symbols`` counts them.
SYMBOLS = ("sails", "cannons", "sacks", "happy")
_SYMBOL_INDEX = {attr: i for i, attr in enumerate(SYMBOLS)}


def symbols(settlement: Settlement) -> tuple[int, int, int, int]:
    """The settlement's sails, cannons, money sacks and happy faces."""
    return _slot_symbols(tuple(settlement["slots"]))


@lru_cache(maxsize=4096)
def _slot_symbols(slots: tuple[int | None, ...]) -> tuple[int, int, int, int]:
    # By the buildings' value, so counted once per layout: every view asks it
    # of both settlements, and buildings change a few times a game.
    sails = cannons = sacks = happy = 0
    for c in slots:
        if c is not None:
            card = CARDS[c]
            sails += card.sails
            cannons += card.cannons
            sacks += card.sacks
            happy += card.happy
    return sails, cannons, sacks, happy


def symbol(settlement: Settlement, attr: str) -> int:
    """One of ``SYMBOLS``: the settlement's total of it."""
    return symbols(settlement)[_SYMBOL_INDEX[attr]]


def has(settlement: Settlement, typ: str) -> bool:
    return any(c is not None and CARDS[c].type == typ for c in settlement["slots"])


def count(settlement: Settlement, typ: str) -> int:
    return sum(1 for c in settlement["slots"] if c is not None and CARDS[c].type == typ)


def free_slot(settlement: Settlement) -> int:
    for i, c in enumerate(settlement["slots"]):
        if c is None:
            return i
    return -1


def speed(settlement: Settlement) -> int:
    return 3 + symbols(settlement)[0]
