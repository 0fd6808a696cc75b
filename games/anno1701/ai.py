"""A sensible AI that plays from its own view only.

Plan: upgrade whenever affordable, build what it holds, keep at least a few
gold in the centres (a riot in both loses), sail when the ship is sound and
luxury goods are wanted, otherwise fill the hand from the newest era open.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, ActionId

from .data import CARDS, CITIZEN_COST, GOODS, Card
from .schema import SeatView, SettlementView

BUILD_RANK = {
    "chapel": 9, "school": 9, "church": 9, "farm": 8, "sheepfarm": 8, "market": 6,
    "tradinghouse": 7, "guildhall": 7, "sailmaker": 7, "sailmaker2": 8, "foundry": 6,
    "foundry2": 7, "firestation": 8, "theatre": 6, "lumberjack": 6, "brickworks": 6,
    "smelter": 5, "landing": 4, "lodge": 3, "shipyard": 4,
}


def _safe(p: SettlementView) -> int:
    """Gold to keep: a riot in both centres loses, and each fire costs one
    gold per citizen or merchant unless a fire station stands."""
    fire = 0 if any(c is not None and CARDS[c].type == "firestation" for c in p["slots"]) else \
        sum(1 for lv in p["levels"] if lv >= 2)
    return 3 + fire


def needs(view: SeatView, seat: int) -> dict[str, int]:
    """How much each landscape good is wanted now (higher = more)."""
    p = view["settlements"][seat]
    want = {g: 0 for g in GOODS}
    levels = p["levels"]
    if 0 in levels and view["supply_sizes"]["settler"]:
        want["food"] += 2
        want["cloth"] += 2
    if 1 in levels or 2 in levels:
        want["food"] += 2
    for cid in view["hand"]:
        for g, n in CARDS[cid].cost:
            if g in want:
                want[g] += n
    if p["ship"] < 3:
        want["wood"] += 1
    return {g: want[g] - p["goods"][g] for g in GOODS}


def _good(action_id: str) -> str:
    """The good an id names last ("queen:wood", "trader:buy:wood" → "wood")."""
    parsed = ActionId.parse(action_id)
    return parsed.args[-1] if parsed.args else ""


def _best_good(view: SeatView, seat: int, ids: list[str]) -> str:
    want = needs(view, seat)
    return max(ids, key=lambda a: want.get(_good(a), -9))


def _lux_wanted(p: SettlementView) -> bool:
    lux = p["luxury"]
    return (1 in p["levels"] or 2 in p["levels"]) and (lux["rum"] < 3 or lux["tobacco"] < 3)


def _pair(action_id: str) -> tuple[str, str]:
    """The two halves of an id's "a-b" argument: a landing-stage swap
    ("landing:wood-food"), a split of the centres ("centre:2-1")."""
    first, second = ActionId.parse(action_id).arg().split("-")
    return first, second


def choose(view: SeatView, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    if len(ids) == 1:
        return ids[0]
    p = view["settlements"][seat]
    gold = p["gold"]
    kind = view["pending"][0]["kind"] if view["pending"] else view["phase"]

    if kind in ("queen", "hunt", "guild", "inventor"):
        return _best_good(view, seat, [i for i in ids if not i.endswith("skip")] or ids)
    if kind == "take":
        return _best_good(view, seat, ids)
    if kind == "poison":
        want = needs(view, seat)
        return min(ids, key=lambda a: want[_good(a)])
    if kind == "trader":
        want = needs(view, seat)
        parsed = [ActionId.parse(i) for i in ids]
        if gold >= 5:
            buys = [str(a) for a in parsed if a.arg(0) == "buy" and want[a.arg(1)] > 0]
            if buys:
                return max(buys, key=lambda a: want[_good(a)])
        if gold <= _safe(p):
            sells = [str(a) for a in parsed if a.arg(0) == "sell" and want[a.arg(1)] < 0]
            if sells:
                return min(sells, key=lambda a: want[_good(a)])
        return "trader:skip"
    if kind == "landing":
        want = needs(view, seat)
        best = max((i for i in ids if i != "landing:skip"),
                   key=lambda a: want[_pair(a)[1]] - want[_pair(a)[0]], default=None)
        if best:
            give, get = _pair(best)
            if want[get] - want[give] >= 2:
                return best
        return "landing:skip"
    if kind == "lodge":
        return "lodge:skip"
    if kind == "theatre":
        return "theatre:yes" if gold >= _safe(p) and "theatre:yes" in ids else "theatre:no"
    if kind == "answer":
        return _answer(view, seat, ids)
    if kind in ("offer", "bankget"):
        if kind == "bankget":
            opts = [i for i in ids if ActionId.parse(i).head == "bankget"]
            want = needs(view, seat)
            if gold <= _safe(p) and "bankget:gold" in opts:
                return "bankget:gold"
            return max(opts, key=lambda a: want.get(_good(a), -5)) if opts else "back"
        return "back"
    if kind in ("spy", "pick"):
        return max(ids, key=lambda a: _card_value(view, a))
    if kind == "tribute":
        v = view["voyage"]
        assert v is not None
        return "pay" if "pay" in ids and gold > _safe(p) + 1 and v["fight"] < 2 else "fight"
    if kind == "buy":
        buys = [i for i in ids if i != "buy:none"]
        lux = [i for i in buys if _good(i) in ("rum", "tobacco")]
        for i in sorted(lux, key=lambda a: p["luxury"][_good(a)]):
            if gold - _price(view, i) >= _safe(p):
                return i
        return "buy:none"
    if kind == "next":
        v = view["voyage"]
        assert v is not None
        risky = p["ship"] <= 1 or (p["ship"] == 2 and len(v["seen"]) >= 3)
        return "stop" if risky or gold <= _safe(p) - 1 else "continue"
    if kind == "confirm":
        return "confirm:yes"      # the move was chosen knowingly (as before the confirmation)
    if kind == "centre":
        # Keep both centres out of riot as long as possible: the most even split.
        return max(ids, key=lambda a: min(int(n) for n in _pair(a)))
    if kind == "roll":
        return "roll"
    if kind == "action":
        return _action(view, seat, ids)
    if kind in ("end", "draw"):
        return _end(view, seat, ids)
    return str(rnd.choice(ids))


def _price(view: SeatView, action_id: str) -> int:
    v = view["voyage"]
    assert v is not None
    return dict(CARDS[v["seen"][-1]].offer)[_good(action_id)]


def _card_value(view: SeatView, action_id: str) -> int:
    cards = view["pending"][0].get("cards") or []
    i = ActionId.parse(action_id).number()
    if i >= len(cards):
        return 0
    card = CARDS[cards[i]]
    return BUILD_RANK.get(card.type, 5) if card.kind == "building" else 4


def _answer(view: SeatView, seat: int, ids: list[str]) -> str:
    if "accept" not in ids:
        return "refuse"
    item = view["pending"][0]
    give, get = item.get("give", {}), item.get("get", {})
    want = needs(view, seat)
    p = view["settlements"][seat]
    if get.get("gold", 0) and p["gold"] - get["gold"] < _safe(p):
        return "refuse"
    value_in = sum(n * (1 + max(0, want.get(g, 0))) for g, n in give.items())
    value_out = sum(n * (1 + max(0, want.get(g, 0))) for g, n in get.items())
    return "accept" if value_in > value_out else "refuse"


def _action(view: SeatView, seat: int, ids: list[str]) -> str:
    p = view["settlements"][seat]
    gold = p["gold"]
    for lv in ("merchant", "citizen", "settler"):
        if "up:" + lv in ids:
            return "up:" + lv
    parsed = [ActionId.parse(i) for i in ids]
    uses = [str(a) for a in parsed if a.head == "use"]
    if uses:
        return uses[0]
    for a in parsed:
        if a.head == "play" and (CARDS[a.number()].type != "bishop" or gold < 7):
            return str(a)
    builds = [a for a in parsed if a.head == "build"]
    if builds:
        # Save food/cloth for a settler when one is within reach.
        want = needs(view, seat)
        ok = [b for b in builds if not _blocks_upgrade(p, CARDS[b.number()], want)]
        if ok:
            return str(max(ok, key=lambda b: BUILD_RANK.get(CARDS[b.number()].type, 5)))
    if "ship" in ids and (p["ship"] < 2 or (p["ship"] < 4 and p["goods"]["wood"] >= 2)):
        return "ship"
    banks = [a.arg() for a in parsed if a.head == "bank"]
    want = needs(view, seat)
    goods_banks = [g for g in banks if g != "gold"]
    if gold < _safe(p) and goods_banks:
        return "bank:" + min(goods_banks, key=lambda g: want[g])
    for g in banks:
        if g == "gold":
            if gold >= 7 and max(want.values()) > 0:
                return "bank:gold"
        elif want[g] < 0 or p["goods"][g] >= 4:
            return "bank:" + g
    return "end"


def _blocks_upgrade(p: SettlementView, card: Card, want: dict[str, int]) -> bool:
    cost = dict(card.cost)
    if 0 in p["levels"]:
        need = CITIZEN_COST["settler"]
        if p["goods"]["food"] >= 1 and p["goods"]["cloth"] >= 1:
            return any(cost.get(g, 0) and p["goods"][g] - cost[g] < n for g, n in need.items())
    return False


def _end(view: SeatView, seat: int, ids: list[str]) -> str:
    p = view["settlements"][seat]
    gold = p["gold"]
    parsed = [ActionId.parse(i) for i in ids]
    voyages = [str(a) for a in parsed if a.head == "voyage"]
    hand = view["hand"]
    if voyages and gold >= _safe(p) + 1 and p["ship"] >= 2 and (_lux_wanted(p) or len(hand) >= 3):
        best = [i for i in voyages if i != "voyage"]
        return best[-1] if best else "voyage"
    draws = [a for a in parsed if a.head == "draw"]
    if draws:
        return str(max(draws, key=lambda a: a.number()))
    searches = [a for a in parsed if a.head == "search"]
    if searches and gold >= 7:
        return str(max(searches, key=lambda a: a.number()))
    if voyages and gold >= _safe(p) and p["ship"] >= 2:
        return "voyage"
    for a in parsed:
        if a.head == "swap":
            card = CARDS[hand[a.number(0)]]
            if card.kind == "building" and sum(n for _, n in card.cost) >= 4:
                return str(a)
    return "pass" if "pass" in ids else ids[0]
