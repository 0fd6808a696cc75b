"""A sensible AI that plays from its own view only.

Plan: upgrade whenever affordable, build what it holds, keep at least a few
gold in the centres (a riot in both loses), sail when the ship is sound and
luxury goods are wanted, otherwise fill the hand from the newest era open.
"""

from __future__ import annotations

from .cards import CARDS, CITIZEN_COST, GOODS

BUILD_RANK = {
    "chapel": 9, "school": 9, "church": 9, "farm": 8, "sheepfarm": 8, "market": 6,
    "tradinghouse": 7, "guildhall": 7, "sailmaker": 7, "sailmaker2": 8, "foundry": 6,
    "foundry2": 7, "firestation": 8, "theatre": 6, "lumberjack": 6, "brickworks": 6,
    "smelter": 5, "landing": 4, "lodge": 3, "shipyard": 4,
}


def _safe(p) -> int:
    """Gold to keep: a riot in both centres loses, and each fire costs one
    gold per citizen or merchant unless a fire station stands."""
    fire = 0 if any(c is not None and CARDS[c].type == "firestation" for c in p["slots"]) else \
        sum(1 for lv in p["levels"] if lv >= 2)
    return 3 + fire


def _me(view, seat):
    return view["p"][seat]


def needs(view, seat) -> dict[str, int]:
    """How much each landscape good is wanted now (higher = more)."""
    p = _me(view, seat)
    want = {g: 0 for g in GOODS}
    levels = p["levels"]
    if 0 in levels and view["supply"]["settler"]:
        want["food"] += 2
        want["cloth"] += 2
    if 1 in levels or 2 in levels:
        want["food"] += 2
    for cid in p["hand"] or []:
        for g, n in CARDS[cid].cost:
            if g in want:
                want[g] += n
    if p["ship"] < 3:
        want["wood"] += 1
    return {g: want[g] - p["goods"][g] for g in GOODS}


def _best_good(view, seat, ids, prefix):
    want = needs(view, seat)
    return max(ids, key=lambda a: want.get(a[len(prefix):], -9))


def _lux_wanted(p) -> bool:
    return (1 in p["levels"] or 2 in p["levels"]) and (p["rum"] < 3 or p["tobacco"] < 3)


def choose(view, seat, legal, rnd) -> str:
    ids = [a.id for a in legal]
    if len(ids) == 1:
        return ids[0]
    p = _me(view, seat)
    gold = p["gold"]
    kind = view["pending"][0]["kind"] if view["pending"] else view["phase"]

    if kind in ("queen", "hunt", "guild", "inventor"):
        return _best_good(view, seat, [i for i in ids if not i.endswith("skip")] or ids, kind + ":")
    if kind == "take":
        return _best_good(view, seat, ids, "take:")
    if kind == "poison":
        want = needs(view, seat)
        return min(ids, key=lambda a: want[a[5:]])
    if kind == "trader":
        want = needs(view, seat)
        if gold >= 5:
            buys = [i for i in ids if i.startswith("trader:buy:") and want[i[11:]] > 0]
            if buys:
                return max(buys, key=lambda a: want[a[11:]])
        if gold <= _safe(p):
            sells = [i for i in ids if i.startswith("trader:sell:") and want[i[12:]] < 0]
            if sells:
                return min(sells, key=lambda a: want[a[12:]])
        return "trader:skip"
    if kind == "landing":
        want = needs(view, seat)
        best = max((i for i in ids if i != "landing:skip"),
                   key=lambda a: want[a[8:].split("-")[1]] - want[a[8:].split("-")[0]], default=None)
        if best:
            a, b = best[8:].split("-")
            if want[b] - want[a] >= 2:
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
            opts = [i for i in ids if i.startswith("bankget:")]
            want = needs(view, seat)
            if gold <= _safe(p) and "bankget:gold" in opts:
                return "bankget:gold"
            return max(opts, key=lambda a: want.get(a[8:], -5)) if opts else "back"
        return "back"
    if kind in ("spy", "pick"):
        return max(ids, key=lambda a: _card_value(view, seat, a))
    if kind == "tribute":
        v = view["voyage"]
        return "pay" if "pay" in ids and gold > _safe(p) + 1 and v["fight"] < 2 else "fight"
    if kind == "buy":
        buys = [i for i in ids if i != "buy:none"]
        lux = [i for i in buys if i[4:] in ("rum", "tobacco")]
        for i in sorted(lux, key=lambda a: p[a[4:]]):
            if gold - _price(view, i) >= _safe(p):
                return i
        return "buy:none"
    if kind == "next":
        v = view["voyage"]
        risky = p["ship"] <= 1 or (p["ship"] == 2 and len(v["seen"]) >= 3)
        return "stop" if risky or gold <= _safe(p) - 1 else "continue"
    if kind == "confirm":
        return "confirm:yes"      # the move was chosen knowingly (as before the confirmation)
    if kind == "centre":
        # Keep both centres out of riot as long as possible: the most even split.
        return max(ids, key=lambda a: min(int(n) for n in a[7:].split("-")))
    if kind == "roll":
        return "roll"
    if kind == "action":
        return _action(view, seat, ids)
    if kind in ("end", "draw"):
        return _end(view, seat, ids)
    return rnd.choice(ids)


def _price(view, aid):
    cid = view["voyage"]["seen"][-1]
    return dict(CARDS[cid].offer)[aid[4:]]


def _card_value(view, seat, aid):
    cards = view["pending"][0].get("cards") or []
    i = int(aid.split(":")[1])
    if i >= len(cards):
        return 0
    card = CARDS[cards[i]]
    return BUILD_RANK.get(card.type, 5) if card.kind == "building" else 4


def _answer(view, seat, ids):
    if "accept" not in ids:
        return "refuse"
    item = view["pending"][0]
    want = needs(view, seat)
    p = _me(view, seat)
    if item["get"].get("gold", 0) and p["gold"] - item["get"]["gold"] < _safe(p):
        return "refuse"
    value_in = sum(n * (1 + max(0, want.get(g, 0))) for g, n in item["give"].items())
    value_out = sum(n * (1 + max(0, want.get(g, 0))) for g, n in item["get"].items())
    return "accept" if value_in > value_out else "refuse"


def _action(view, seat, ids):
    p = _me(view, seat)
    gold = p["gold"]
    for lv in ("merchant", "citizen", "settler"):
        if "up:" + lv in ids:
            return "up:" + lv
    uses = [i for i in ids if i.startswith("use:")]
    if uses:
        return uses[0]
    plays = [i for i in ids if i.startswith("play:")]
    for i in plays:
        if CARDS[int(i[5:])].type != "bishop" or gold < 7:
            return i
    builds = [i for i in ids if i.startswith("build:")]
    if builds:
        # Save food/cloth for a settler when one is within reach.
        want = needs(view, seat)
        ok = [b for b in builds if not _blocks_upgrade(p, CARDS[int(b[6:])], want)]
        if ok:
            return max(ok, key=lambda b: BUILD_RANK.get(CARDS[int(b[6:])].type, 5))
    if "ship" in ids and (p["ship"] < 2 or (p["ship"] < 4 and p["goods"]["wood"] >= 2)):
        return "ship"
    banks = [i for i in ids if i.startswith("bank:")]
    want = needs(view, seat)
    goods_banks = [b for b in banks if b != "bank:gold"]
    if gold < _safe(p) and goods_banks:
        return min(goods_banks, key=lambda b: want[b[5:]])
    for b in banks:
        g = b[5:]
        if g == "gold":
            if gold >= 7 and max(want.values()) > 0:
                return b
        elif want[g] < 0 or p["goods"][g] >= 4:
            return b
    return "end"


def _blocks_upgrade(p, card, want):
    cost = dict(card.cost)
    if 0 in p["levels"]:
        need = CITIZEN_COST["settler"]
        if p["goods"]["food"] >= 1 and p["goods"]["cloth"] >= 1:
            return any(cost.get(g, 0) and p["goods"][g] - cost[g] < n for g, n in need.items())
    return False


def _end(view, seat, ids):
    p = _me(view, seat)
    gold = p["gold"]
    voyages = [i for i in ids if i.startswith("voyage")]
    hand = p["hand"] or []
    if voyages and gold >= _safe(p) + 1 and p["ship"] >= 2 and (_lux_wanted(p) or len(hand) >= 3):
        best = [i for i in voyages if i != "voyage"]
        return best[-1] if best else "voyage"
    draws = [i for i in ids if i.startswith("draw:")]
    if draws:
        return max(draws, key=lambda a: int(a[5:]))
    searches = [i for i in ids if i.startswith("search:")]
    if searches and gold >= 7:
        return max(searches, key=lambda a: int(a[7:]))
    if voyages and gold >= _safe(p) and p["ship"] >= 2:
        return "voyage"
    swaps = [i for i in ids if i.startswith("swap:")]
    if swaps:
        for i in swaps:
            card = CARDS[hand[int(i.split(":")[1])]]
            if card.kind == "building" and sum(n for _, n in card.cost) >= 4:
                return i
    return "pass" if "pass" in ids else ids[0]
