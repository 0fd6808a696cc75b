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
    CARPENTER,
    CHAPEL,
    CITY_HALL,
    COFFEE,
    GOLD_MINE,
    GUILD_HALL,
    KIND,
    LIBRARY,
    MARKET_HALL,
    MARKET_STAND,
    MONUMENT,
    PALACE,
    PREFECTURE,
    PROD,
    QUARRY,
    SILVER,
    SIX,
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
    WELL,
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
    others = [other for other in range(view["players"]) if other != me]
    other_empty = other_goods = 0
    for other in others:
        city = view["cities"][other]
        other_empty += min(1, sum(1 for c, g in city if not g and KIND[c] == PROD))
        other_goods += min(1, sum(1 for _, g in city if g))
    other_hands = sum(view["hand_sizes"][other] for other in others) / max(1, len(others))
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
    rival = max((len(c) for other, c in enumerate(view["cities"]) if other != me), default=0)
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



# -- the normal AI ------------------------------------------------------------------
#
# The easy AI above rates cards on one fixed scale and ignores what they cost,
# so it spends its cards on whatever rates highest, keeps cards it cannot
# afford, hardly uses a chapel and picks roles on scales that do not compare.
# The normal AI puts everything in points: a building is worth its points plus
# what its function still brings before the end (less as the longest city
# nears 12), a card in hand is worth ``_card_value`` points as money, and a role
# is worth what it brings this seat less part of what it brings the others.
# It runs on every step of the hard AI's playouts, so it is kept lean: the
# producer and trader choices need no context, the rest is computed once.

# What a function is worth over a whole game, in points.
_FUNC = {
    "smithy": 1.5, "archive": 0.8, "gold_mine": 0.8, "market_stand": 1.2, "black_market": 0.8,
    "poor_house": 1.2, "well": 1.2, "trading_post": 1.6, "crane": 0.6, "tower": 0.8, "aqueduct": 1.4,
    "prefecture": 2.2, "carpenter": 2.2, "chapel": 0.0, "market_hall": 2.2, "quarry": 2.8, "library": 4.5,
}
FUNC = tuple(_FUNC.get(k, 0.0) for k in TYPE_KEYS)
_ARCH = (0, 4, 6, 8)
_GOOD_NAMES = ("indigo", "sugar", "tobacco", "coffee", "silver")
_GOOD = {g: i for i, g in enumerate(_GOOD_NAMES)}
# Income of a production building by how many the city has already.
_PROD_SHARE = (1.0, 1.0, 0.9, 0.6, 0.45, 0.35)
_IS_PROD_T = tuple(k == PROD for k in TKIND)
_IS_MON_T = tuple(k == MONUMENT for k in TKIND)
# Role weights: how much of a build chosen now the builder's timing is worth,
# and how much of what a role brings the others counts against it.
_TEMPO, _OTHERS = 0.6, 1.5
# Chapel: the hand size from which the worst card is tucked anyway, and the
# keep value below which a card is tucked from a hand of 2 or more.
_TUCK_HAND, _TUCK_LOW = 6.0, 1.0
_SELF = 0.0
_MONEY = 0.7
_PROD = 1.7
_COUNCIL = 0.5
_ROLES = ("builder", "producer", "trader", "councillor", "prospector")


def _card_value(left: int) -> float:
    """A card in hand as money, in points: more early (it compounds), little
    at the very end (cards left over score nothing)."""
    return _MONEY * (0.6 + 0.05 * min(left, 10) if left > 1 else 0.35)


def _head_key(aid: str) -> tuple[str, str]:
    head, _, rest = aid.partition(":")
    return head, rest.partition(":")[0]


class _Normal:
    """What the normal AI derives once per decision from its view."""

    def __init__(self, view: SeatView, seat: int):
        self.view = view
        self.seat = seat
        cities = view["cities"]
        city = cities[seat]
        self.city = city
        tset = set()
        n_prod = n_mon = 0
        for c, _ in city:
            t = CARD_TYPE[c]
            tset.add(t)
            if _IS_PROD_T[t]:
                n_prod += 1
            elif _IS_MON_T[t]:
                n_mon += 1
        self.tset = tset
        self.n_prod, self.n_monument, self.n_violet = n_prod, n_mon, len(city) - n_prod
        self.hand = view["hand"]
        self.hand_types = [CARD_TYPE[c] for c in self.hand]
        longest = 0
        for other in cities:
            if len(other) > longest:
                longest = len(other)
        # Builds the leader still needs: a rough clock of the rounds left.
        self.left = max(0, 12 - longest)
        self.money = _card_value(self.left)
        self.tf = min(1.0, self.left / 8)
        self.prod_cut = 1 if SMITHY in tset else 0
        self.violet_cut = 1 if QUARRY in tset else 0
        self._values: dict[int, float] = {}
        self._keep: list[float] | None = None

    def net_cost(self, t: int, privilege: int = 0) -> int:
        cost = TCOST[t] - privilege - (self.prod_cut if _IS_PROD_T[t] else self.violet_cut)
        return cost if cost > 0 else 0

    def building_value(self, t: int) -> float:
        """Points that building ``t`` brings (its own, its function's, its bonus)."""
        v = self._values.get(t)
        if v is None:
            v = self._values[t] = self._building_value(t)
        return v

    def _building_value(self, t: int) -> float:
        tset = self.tset
        kind = TKIND[t]
        if kind != PROD and t in tset:
            return 0.0  # violet buildings are unique
        tf = self.tf
        v = float(TVP[t])
        if kind == PROD:
            # Income, less for each production building already there.
            share = _PROD_SHARE[min(self.n_prod, 5)]
            if AQUEDUCT in tset or TRADING_POST in tset or LIBRARY in tset:
                share += 0.15
            v += _PROD * AVG_PRICE[t] * share * tf
            if GUILD_HALL in tset:
                v += 2
            elif GUILD_HALL in self.hand_types:
                v += 0.8
        elif kind == MONUMENT:
            if TRIUMPHAL_ARCH in tset:
                m = min(self.n_monument, 3)
                v += _ARCH[min(m + 1, 3)] - _ARCH[m]
        elif t == GUILD_HALL:
            v = 2 * (self.n_prod + min(2.0, self.left / 3))
        elif t == CITY_HALL:
            v = self.n_violet + 1 + min(3.0, self.left / 2.5)
        elif t == TRIUMPHAL_ARCH:
            have = self.n_monument + 0.4 * sum(1 for h in self.hand_types if _IS_MON_T[h])
            v = _ARCH[min(3, int(have + 0.5))] if have >= 0.5 else 1.5
        elif t == PALACE:
            v = (self.points() + 1.6 * self.left) / 4
        elif t == CHAPEL:
            v += 0.8 * min(6.0, 1.2 * self.left)
        else:
            f = FUNC[t]
            if t in (QUARRY, CARPENTER):
                f += 0.3 * sum(1 for h in self.hand_types if not _IS_PROD_T[h])
            elif t == SMITHY:
                f += 0.3 * sum(1 for h in self.hand_types if _IS_PROD_T[h])
            elif t in (TRADING_POST, AQUEDUCT, WELL, MARKET_STAND):
                f *= min(1.0, 0.4 + 0.25 * self.n_prod)
            v += f * tf
        if kind != PROD and kind != SIX and CITY_HALL in tset:
            v += 1
        if PALACE in tset:
            v *= 1.25
        return v

    def points(self) -> int:
        """This seat's points now (building points, chapel, bonuses)."""
        return _points(self.city, len(self.view["chapel"]))

    def gain(self, t: int, privilege: int = 0) -> float:
        """Points of building ``t`` now, less the cards it costs."""
        return self.building_value(t) - (self.net_cost(t, privilege) + _SELF) * self.money

    def keep_values(self, cards: list[int], extra: int = 0) -> list[float]:
        """What each card is worth to hold (as a building to come, else as
        money); a second copy of a violet card is money only.  ``extra``:
        cards coming besides the hand."""
        out = []
        seen = 0
        budget = len(self.hand) + extra + 2 * min(self.left, 3)
        last = self.left <= 1
        for c in cards:
            t = CARD_TYPE[c]
            if not _IS_PROD_T[t]:
                if seen >> t & 1:
                    out.append(0.1)
                    continue
                seen |= 1 << t
            g = self.gain(t)
            if self.net_cost(t) > budget or last and self.net_cost(t, 1) > len(self.hand) - 1:
                g *= 0.3  # out of reach before the end
            out.append(g if g > 0.1 else 0.1)
        return out

    def hand_worth(self) -> dict[str, float]:
        """The least keep value of each card type in hand, by type key."""
        if self._keep is None:
            self._keep = self.keep_values(self.hand)
        worth: dict[str, float] = {}
        for c, v in zip(self.hand, self._keep, strict=True):
            key = TYPE_KEYS[CARD_TYPE[c]]
            if v < worth.get(key, 99.0):
                worth[key] = v
        return worth


def _points(city: list[list[Any]], chapel: int) -> int:
    """A city's points now (as ``scoring.score_sheet``, from a view)."""
    n_prod = n_violet = n_mon = 0
    base = chapel
    types = 0
    for c, _ in city:
        t = CARD_TYPE[c]
        types |= 1 << t
        base += VP[c]
        if _IS_PROD_T[t]:
            n_prod += 1
        else:
            n_violet += 1
            if _IS_MON_T[t]:
                n_mon += 1
    if types >> GUILD_HALL & 1:
        base += 2 * n_prod
    if types >> CITY_HALL & 1:
        base += n_violet
    if types >> TRIUMPHAL_ARCH & 1:
        base += _ARCH[min(3, n_mon)]
    if types >> PALACE & 1:
        base += base // 4
    return base


def choose_normal(view: SeatView, seat: int, legal: list[str], rnd: Any) -> str:
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "producer":
        # The most valuable good first (type index order).
        best, rank = "done", -1
        for a in legal:
            head, key = _head_key(a)
            if head == "produce" and TYPE_INDEX[key] > rank:
                best, rank = a, TYPE_INDEX[key]
        return best
    if phase == "trader":
        tile = view["turned_tile"]
        prices = TILES[tile] if tile is not None else AVG_PRICE
        best, price = "done", (-1.0, -1)
        for a in legal:
            head, key = _head_key(a)
            if head == "sell":
                g = _GOOD[key]
                if (prices[g], g) > price:
                    best, price = a, (prices[g], g)
        return best
    me = _Normal(view, seat)
    if phase == "role":
        return _normal_role(me, legal, rnd)
    if phase == "builder":
        return _normal_builder(me, legal)
    if phase == "chapel":
        return _normal_chapel(me, legal)
    keeps = [a for a in legal if a.startswith("keep:")]
    if keeps:
        best_keep: dict[str, float] = {}
        looking = view["looking_at"]
        for c, v in zip(looking, me.keep_values(looking, 1), strict=True):
            aid = "keep:" + TYPE_KEYS[CARD_TYPE[c]]
            if v > best_keep.get(aid, -1.0):
                best_keep[aid] = v
        return max(keeps, key=lambda a: best_keep.get(a, 0.0))
    drops = [a for a in legal if a.startswith("discard:")]
    if drops:
        return _cheapest(me, drops)
    return "done" if "done" in legal else legal[0]


def _cheapest(me: _Normal, actions: list[str]) -> str:
    """The action naming the hand card worth least to hold."""
    worth = me.hand_worth()
    return min(actions, key=lambda a: worth.get(_head_key(a)[1], 99.0))


def _normal_chapel(me: _Normal, legal: list[str]) -> str:
    """A tucked card is a sure point: worth more than most cards as money,
    but an early engine needs its cards."""
    tucks = [a for a in legal if a.startswith("tuck:")]
    if not tucks:
        return "pass"
    hand = len(me.hand)
    low = min(me.hand_worth().values())
    if hand >= _TUCK_HAND or (hand >= 2 and low < _TUCK_LOW + 0.1 * hand) or me.left <= 2:
        return _cheapest(me, tucks)
    return "pass"


def _normal_builder(me: _Normal, legal: list[str]) -> str:
    view = me.view
    step = view["builder_step"]
    privilege = 0
    if view["chooser"] == me.seat:
        privilege = 2 if view["library_privilege"] else 1
    if step == "choose":
        last = len(me.city) + 1 >= 12
        best, value = "pass", 0.0
        for a in legal:
            head, key = _head_key(a)
            if head != "build":
                continue
            t = TYPE_INDEX[key]
            # The last building ends the game: points count, cards left over do not.
            g = me.building_value(t) + TVP[t] + 5 if last else me.gain(t, privilege)
            if g > value:
                best, value = a, g
        return best
    if step == "onto":
        if "onto:new" in legal and len(me.city) < 11:
            return "onto:new"
        covers = [a for a in legal if a.startswith("onto:") and a != "onto:new"]
        if not covers:
            return legal[0]
        return min(covers, key=lambda a: me.building_value(TYPE_INDEX[_head_key(a)[1]])
                   + TVP[TYPE_INDEX[_head_key(a)[1]]])
    pays = [a for a in legal if a.startswith("pay:")]
    goods = [a for a in legal if a.startswith("paygood:")]
    if goods:
        # A cheap good pays before a card worth more than it would sell for.
        good = min(goods, key=lambda a: _GOOD[_head_key(a)[1]])
        price = AVG_PRICE[_GOOD[_head_key(good)[1]]]
        if not pays or price * me.money * 0.8 < min(me.hand_worth().values()):
            return good
    if not pays:
        return legal[0]
    return _cheapest(me, pays)


def _normal_role(me: _Normal, legal: list[str], rnd: Any) -> str:
    view, seat = me.view, me.seat
    n = view["players"]
    tset = me.tset
    lib = 2 if LIBRARY in tset else 1
    money = me.money
    # Each other seat's rough gain from each role (public information only).
    o_build = o_prod = o_trade = o_council = o_prosp = 0.0
    for other in range(n):
        if other == seat:
            continue
        empty = 0
        full: list[int] = []
        types = 0
        for c, g in view["cities"][other]:
            t = CARD_TYPE[c]
            types |= 1 << t
            if g:
                full.append(t)
            elif _IS_PROD_T[t]:
                empty += 1
        hand = view["hand_sizes"][other]
        # (their hand is unknown: a build's worth grows with its size)
        o_build += _TEMPO * min(1.2, 0.35 * hand) * (1.3 if types & (1 << QUARRY | 1 << SMITHY) else 1.0)
        o_prod += min(empty, 1 + (types >> AQUEDUCT & 1)) * 1.5 * money * 0.7
        if full:
            full.sort(reverse=True)
            sold = full[:1 + (types >> TRADING_POST & 1)]
            o_trade += (sum(AVG_PRICE[t] for t in sold) + (types >> MARKET_HALL & 1)) * money
        o_council += (1 + (types >> PREFECTURE & 1)) * money + 0.15
        o_prosp += 0.4 * money * (types >> GOLD_MINE & 1)
    weight = _OTHERS / max(1, n - 1)
    others = {"builder": o_build, "producer": o_prod, "trader": o_trade, "councillor": o_council,
              "prospector": o_prosp}
    empty_kinds = sorted((CARD_TYPE[c] for c, g in me.city if not g and _IS_PROD_T[CARD_TYPE[c]]), reverse=True)
    goods_kinds = sorted((CARD_TYPE[c] for c, g in me.city if g), reverse=True)
    best, top = legal[0], -1e9
    for aid in legal:
        head, role = _head_key(aid)
        if aid.count(":") > 1:
            continue  # 2 players: keeping the library is not weighed (as the easy AI)
        if role == "builder":
            spare = len(me.hand) - 1
            gains = [me.gain(t, lib) for t in me.hand_types if me.net_cost(t, lib) <= spare
                     and me.building_value(t) > 0]
            most = max(gains, default=0.0)
            v = lib * money + _TEMPO * most if most > 0 else 0.0
            v += _end_value(me)
        elif role == "producer":
            made = empty_kinds[:1 + lib + (AQUEDUCT in tset)]
            v = sum(AVG_PRICE[t] for t in made) * money * 0.7 + (WELL in tset and len(made) >= 2) * money
        elif role == "trader":
            sold = goods_kinds[:1 + lib + (TRADING_POST in tset)]
            v = (sum(AVG_PRICE[t] for t in sold) + (MARKET_HALL in tset and bool(sold))
                 + (MARKET_STAND in tset and len(sold) >= 2)) * money
        elif role == "councillor":
            v = (1 + (PREFECTURE in tset)) * money + _COUNCIL + 0.3 * (lib == 2)
        else:
            v = lib * money
        v += -weight * others[role] + rnd.random() * 0.05
        if v > top:
            best, top = aid, v
    return best


def _end_value(me: _Normal) -> float:
    """The builder near the end: call it to finish a game this seat leads
    (by the public points), avoid it when a rival who leads could finish."""
    view = me.view
    cities = view["cities"]
    longest_other = 0
    best_other = 0
    for other, city in enumerate(cities):
        if other != me.seat:
            longest_other = max(longest_other, len(city))
            best_other = max(best_other, _points(city, 0))
    if len(me.city) < 11 and longest_other < 11:
        return 0.0
    lead = me.points() >= best_other
    if len(me.city) >= 11 and me.hand:
        return 6.0 if lead else -1.0
    if longest_other >= 11 and not lead:
        return -4.0
    return 0.0
