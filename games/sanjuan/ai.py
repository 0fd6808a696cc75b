"""A heuristic San Juan player.  It reads only its own view.

Cards get a *worth* (how much building them helps now: victory points, what
the function does for this city, synergies with the 6-cost buildings); the AI
builds the best affordable card, pays and discards the least worth, keeps the
most, picks roles by a rough card-income estimate, produces on the most
valuable buildings and sells the best-priced goods."""

from __future__ import annotations

from typing import Any

from games.base import ActionId

from .data import (
    AQUEDUCT,
    BLACK_MARKET,
    CARD_TYPE,
    CHAPEL,
    CITY_HALL,
    COFFEE,
    GUILD_HALL,
    KIND,
    LIBRARY,
    MARKET_HALL,
    MONUMENT,
    PALACE,
    PROD,
    QUARRY,
    SILVER,
    SMITHY,
    TCOST,
    TILES,
    TKIND,
    TRADING_POST,
    TRIUMPHAL_ARCH,
    TYPE_INDEX,
    TYPE_KEYS,
    TYPES,
    VP,
)
from .schema import SeatView

# Base worth of building each type for a mid-game city (higher = better).
_BASE = {
    "indigo_plant": 3.0, "sugar_mill": 4.0, "tobacco_storage": 5.0, "coffee_roaster": 5.5,
    "silver_smelter": 6.5, "smithy": 4.0, "archive": 2.5, "gold_mine": 2.5, "market_stand": 3.5,
    "black_market": 3.5, "poor_house": 3.0, "well": 3.5, "trading_post": 4.5, "crane": 2.5, "tower": 4.0,
    "aqueduct": 4.5, "prefecture": 5.0, "carpenter": 4.5, "chapel": 5.0, "market_hall": 5.0,
    "quarry": 6.0, "library": 8.0, "statue": 4.5, "victory_column": 5.5, "hero": 6.5,
    "guild_hall": 7.0, "city_hall": 7.0, "triumphal_arch": 6.0, "palace": 8.5,
}
BASE = tuple(_BASE[k] for k in TYPE_KEYS)
TVP = tuple(t[2] for t in TYPES)
AVG_PRICE = (1.0, 1.4, 1.8, 2.2, 2.8)  # average trading-house price per good


class _Ctx:
    """What the AI derives once per decision from its view."""

    def __init__(self, view: SeatView, seat: int):
        self.view = view
        self.seat = seat
        city = view["cities"][seat]
        self.types = [CARD_TYPE[c] for c, _ in city]
        self.tset = set(self.types)
        self.goods = sum(1 for _, g in city if g)
        self.n_prod = sum(1 for t in self.types if TKIND[t] == PROD)
        self.n_violet = len(self.types) - self.n_prod
        self.n_monument = sum(1 for t in self.types if TKIND[t] == MONUMENT)
        self.empty = sum(1 for c, g in city if not g and KIND[c] == PROD)
        # production types of empty / stocked buildings, most valuable first
        self.empty_kinds = sorted((CARD_TYPE[c] for c, g in city if not g and KIND[c] == PROD), reverse=True)
        self.goods_kinds = sorted((CARD_TYPE[c] for c, g in city if g), reverse=True)
        self.longest = max(len(c) for c in view["cities"])
        self.late = self.longest >= 9
        self.hand = view["hand"]

    def worth(self, t: int) -> float:
        """How much building type ``t`` is worth to us now."""
        if TKIND[t] != PROD and t in self.tset:
            return 0.5  # already built: only good as money
        w = BASE[t]
        if t == GUILD_HALL:
            w = 3 + 2 * max(self.n_prod, 3)
        elif t == CITY_HALL:
            w = 3 + max(self.n_violet, 4)
        elif t == TRIUMPHAL_ARCH:
            w = 3 + (4, 5, 6, 8)[min(self.n_monument, 3)]
        if self.late:
            # Near the end only points count: functions hardly pay back.
            w = 0.6 * w + 0.8 * TVP[t] + (2 if t in (PALACE, GUILD_HALL, CITY_HALL, TRIUMPHAL_ARCH) else 0)
        elif TKIND[t] == PROD:
            # Production first: more buildings, more income (fewer once we have many).
            w += max(0.0, 2.0 - 0.4 * self.n_prod)
            if t in (SILVER, COFFEE):
                w += 0.5
        elif t in (SMITHY, QUARRY, LIBRARY) and len(self.types) <= 4:
            w += 1.5
        return w

    def card_worth(self, c: int) -> float:
        return self.worth(CARD_TYPE[c])

    def discount(self) -> int:
        return 1 + (LIBRARY in self.tset)

    def affordable(self, t: int, builder: bool) -> bool:
        cost = TCOST[t]
        if builder:
            cost -= self.discount()
        if TKIND[t] == PROD:
            cost -= SMITHY in self.tset
        else:
            cost -= QUARRY in self.tset
        avail = len(self.hand) - 1 + (min(self.goods, 2) if BLACK_MARKET in self.tset else 0)
        return max(cost, 0) <= avail


def _key(aid: str) -> str:
    """The card, good or role an action names."""
    return ActionId.parse(aid).arg(0)


def _with_head(legal: list[str], head: str) -> list[str]:
    """The legal actions of one kind (``produce``, ``keep`` …), in list order."""
    return [a for a in legal if ActionId.parse(a).head == head]


def choose(view: SeatView, seat: int, legal: list[str], rnd: Any) -> str:
    if len(legal) == 1:
        return legal[0]
    ctx = _Ctx(view, seat)
    phase = view["phase"]
    if phase == "role":
        return _role(ctx, legal, rnd)
    if phase == "builder":
        return _builder(ctx, legal)
    if phase == "producer":
        opts = _with_head(legal, "produce")
        if not opts:
            return "done"
        return max(opts, key=lambda a: TYPE_INDEX[_key(a)])
    if phase == "trader":
        opts = _with_head(legal, "sell")
        if not opts:
            return "done"
        tile = view["turned_tile"]
        prices = TILES[tile] if tile is not None else AVG_PRICE
        goods = ("indigo", "sugar", "tobacco", "coffee", "silver")
        return max(opts, key=lambda a: prices[goods.index(_key(a))])
    if phase == "chapel":
        tucks = _with_head(legal, "tuck")
        if tucks and (len(ctx.hand) >= 4 or ctx.late):
            return min(tucks, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]))
        return "pass"
    # pick steps: keep the most worth, discard the least
    keeps = _with_head(legal, "keep")
    if keeps:
        return max(keeps, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]))
    drops = _with_head(legal, "discard")
    if drops:
        return min(drops, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]))
    return legal[0]


def _role(ctx: _Ctx, legal: list[str], rnd: Any) -> str:
    lib = 2 if LIBRARY in ctx.tset else 1
    best_build = max((ctx.worth(CARD_TYPE[c]) for c in ctx.hand
                      if ctx.affordable(CARD_TYPE[c], True)), default=0.0)
    # What the others gain from the same action (public information only).
    view, me = ctx.view, ctx.seat
    others = [p for p in range(view["players"]) if p != me]
    other_empty = other_goods = 0
    for p in others:
        city = view["cities"][p]
        other_empty += min(1, sum(1 for c, g in city if not g and KIND[c] == PROD))
        other_goods += min(1, sum(1 for _, g in city if g))
    other_hands = sum(view["hand_sizes"][p] for p in others) / max(1, len(others))
    scores: dict[str, float] = {}
    for aid in legal:
        action = ActionId.parse(aid)
        if len(action.args) > 1:
            continue  # keep it simple: use the library whenever we can
        role = action.arg(0)
        if role == "builder":
            v = best_build * 0.9 + lib if best_build > 0 else 0.2
            v -= 0.15 * min(other_hands, 6) * len(others) / 3
            v += _endgame(ctx, best_build > 0)
        elif role == "producer":
            k = 1 + lib + (AQUEDUCT in ctx.tset)
            v = sum(AVG_PRICE[t] for t in ctx.empty_kinds[:k]) * 1.1 - 0.5 * other_empty
        elif role == "trader":
            k = 1 + lib + (TRADING_POST in ctx.tset)
            v = sum(AVG_PRICE[t] for t in ctx.goods_kinds[:k]) * 1.1 + 0.5 * (MARKET_HALL in ctx.tset) \
                - 0.6 * other_goods
        elif role == "councillor":
            v = 2.2 + (0.6 if len(ctx.hand) <= 2 else 0) + (0.8 if lib == 2 else 0) - 0.3 * len(others)
        else:
            v = 1.0 * lib + 0.3
        scores[aid] = v + rnd.random() * 0.3
    if not scores:
        return legal[0]
    return max(scores, key=scores.__getitem__)


def _endgame(ctx: _Ctx, can_build: bool) -> float:
    """Near the end, call the builder to finish a game we lead (by the public
    points), avoid it when a leading rival would finish it."""
    view = ctx.view
    vp = [sum(VP[c] for c, _ in city) for city in view["cities"]]
    me = ctx.seat
    mine = len(view["cities"][me])
    lead = vp[me] >= max(vp)
    if mine >= 11 and can_build:
        return 5.0 if lead else 1.0
    rival = max((len(c) for p, c in enumerate(view["cities"]) if p != me), default=0)
    if rival >= 11 and not lead:
        return -3.0
    return 0.0


def _builder(ctx: _Ctx, legal: list[str]) -> str:
    view = ctx.view
    step = view["builder_step"]
    if step == "choose":
        builds = _with_head(legal, "build")
        if not builds:
            return "pass"
        best = max(builds, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]))
        # Not worth spending cards on something we already own (money only).
        return best if ctx.worth(TYPE_INDEX[_key(best)]) > 1 else "pass"
    if step == "onto":
        if "onto:new" in legal and len(ctx.types) < 11:
            return "onto:new"
        covers = [a for a in _with_head(legal, "onto") if _key(a) != "new"]
        if not covers:
            return legal[0]
        # Cover what is worth least to keep.
        return min(covers, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]) - (TYPE_INDEX[_key(a)] == CHAPEL))
    # pay: goods first (black market), then the least worth card
    goods = _with_head(legal, "paygood")
    if goods:
        return goods[0]
    pays = _with_head(legal, "pay")
    if not pays:
        return legal[0]
    return min(pays, key=lambda a: ctx.worth(TYPE_INDEX[_key(a)]))

