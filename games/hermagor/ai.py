"""The AI levels, reading only a seat's own view (its money, the public board).

Easy (``choose_ai_action``, kept as it is: the golden games hash it):
market: buy where a buyer newly wins a wanted tile or earns market
information, net of its cost.  Villages: the sale with the best net income,
counting enclosures (production slot, nobility, future end value) and a
little for duchy balance and the main road.  Everything is greedy, one step.

Normal (``choose_normal_action``): see its section below.  The hard AI's
worlds are in ``determinize``, its playout scores in ``scoring.evaluate``.
"""

from __future__ import annotations

import math
from typing import Any

from games.base import Action, ActionId
from games.hermagor import board, buyers, market, regions, travel
from games.hermagor import stalls as majority
from games.hermagor.common import Table, goods_of, shared
from games.hermagor.data import (
    END_VALUE,
    GOODS,
    MAX_PRICE,
    NOBILITY,
    PROD_SLOTS,
    bag_tiles,
    open_slots,
    tile_goods,
)


def choose_ai_action(view: Table, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    first = ActionId.parse(ids[0]).head
    if "show" in ids:
        return "show" if view["money"][seat] <= 12 else "hide"
    if "rise" in ids:
        return "rise"
    if first == "fluct":
        return max(ids, key=lambda a: _good_reach(view, seat, ActionId.parse(a).arg(0)))
    if first == "start":
        return f"start:{seat}"
    if "noprod" in ids or first == "prod":
        return _choose_prod(view, seat, ids)
    if view["phase"] == "buy":
        return _choose_buy(view, seat, ids)
    return _choose_travel(view, seat, ids)


# -- market -----------------------------------------------------------------
def _good_reach(view: Table, seat: int, good: str) -> float:
    """How much a good is worth to us: open villages of it, and its price."""
    held = good in goods_of(view, seat)
    open_v = sum(1 for v in board.VILLAGES
                 if board.GOOD_OF[v] == good and seat not in view["village_posts"][v])
    return (2 if held else 0) + open_v + view["prices"][good] / 10


def _tile_value(view: Table, seat: int, tile: str) -> float:
    if tile[0] != "g":
        return {"deal": 5, "fluct": 2, "side": 2.5, "black": 2}[tile]
    held = goods_of(view, seat)
    value = 0.0
    for good in tile_goods(tile):
        open_v = sum(1 for v in board.VILLAGES
                     if board.GOOD_OF[v] == good and seat not in view["village_posts"][v])
        value += (4.0 if good not in held else 0.5) * min(1.0, open_v / 2) + view["prices"][good] / 5
    if len(tile_goods(tile)) == 1 and view["prices"][tile_goods(tile)[0]] < MAX_PRICE:
        value += 1
    return value


def _winners(view: Table, stalls: tuple[int, ...]) -> dict[int, int | None]:
    return {s: majority.stall_winner(view, s) for s in stalls if view["stalls"][s] is not None}


def _placement_gain(view: Table, seat: int, target: str, colour: int, base: dict,
                    base_info: int) -> float:
    place = ActionId.parse(target)
    probe = {"stall_buyers": list(view["stall_buyers"]), "space_buyers": list(view["space_buyers"]),
             "stalls": view["stalls"], "players": view["players"]}
    if place.head == "stall":
        stall = market.STALL_IDS.index(place.arg(0))
        probe["stall_buyers"][stall] = colour
        touched = [stall]
        cost = buyers.STALL_COST
    else:
        space = place.number(0)
        probe["space_buyers"][space] = colour
        touched = [s for s in base if space in market.SIDES[s] or space in market.CORNERS[s]]
        cost = market.SPACE_COST[space]
    gain = 0.0
    for s in touched:
        if s not in base:
            continue
        after = majority.stall_winner(probe, s)
        tile = view["stalls"][s]
        if colour == seat:
            gain += _tile_value(view, seat, tile) * ((after == seat) - (base[s] == seat))
        else:  # the shared buyer: worth what it takes away from the opponent
            gain += 4 * ((base[s] not in (None, seat, colour)) - (after not in (None, seat, colour)))
            gain -= 4 * ((base[s] == seat) - (after == seat))
    if colour == seat:
        gain += majority.info_income(probe)[seat] - base_info - cost
    return gain


def _choose_buy(view: Table, seat: int, ids: list[str]) -> str:
    step = view["buy_turn"]
    stalls = market.active_stalls(view["players"])
    base = _winners(view, stalls)
    base_info = majority.info_income(view)[seat]
    sh = shared(view)

    def best(own: bool, bands) -> tuple[float, str | None]:
        colour = seat if own or sh is None else sh
        top: tuple[float, str | None] = (-1e9, None)
        for r in bands:
            for tid in buyers.band_targets(view, r, own):
                g = _placement_gain(view, seat, tid, colour, base, base_info)
                if g > top[0]:
                    top = (g, tid)
        return top

    if step["band"] is not None:
        gain, tid = best(not step["for_shared"], [step["band"]])
        return tid if tid in ids else "back"
    rows = market.active_rows(view["players"])
    own_gain, own_tid = best(True, rows) if "pass" in ids and not step["own_done"] else (-1e9, None)
    # hold the first buyers back for a tile only when nothing is won yet
    if own_tid and own_gain > 0:
        return f"band:{mp_band(own_tid)}"
    if any(ActionId.parse(i).head == "sband" for i in ids):
        sh_gain, sh_tid = best(False, rows)
        if sh_tid and sh_gain > 0 and f"sband:{mp_band(sh_tid)}" in ids:
            return f"sband:{mp_band(sh_tid)}"
    if "pass" in ids:
        return "pass"
    if "done" in ids:
        return "done"
    return ids[0]


def mp_band(tid: str) -> int:
    place = ActionId.parse(tid)
    if place.head == "stall":
        return market.STALL_IDS.index(place.arg(0)) // market.COLS
    return market.band_of_space(place.number(0))


# -- villages ---------------------------------------------------------------
def _enclosure_value(view: Table, seat: int, village: str) -> float:
    posts = view["village_posts"]
    value = 0.0
    discs = view["disc_supply"][seat]
    for r in board.REGIONS_OF[village]:
        region = board.REGIONS[r]
        missing = [v for v in region["v"] if seat not in posts[v] and v != village]
        if missing:
            value += 0.6 / len(missing)
            continue
        if discs <= 0:
            continue
        if region["flag"] and None in view["nobility"]:
            value += NOBILITY[view["nobility"].index(None)]
        options = regions.prod_options(view, seat, r)
        if options:
            value += max(PROD_SLOTS[i] + 0.6 * END_VALUE[min(MAX_PRICE, view["prices"][g] + 1)]
                         for g, i in options)
    duchy_counts = [sum(1 for v in vs if seat in posts[v]) for vs in board.DUCHIES]
    if duchy_counts[board.DUCHY_OF[village]] == min(duchy_counts):
        value += 1.5
    if village in board.MAIN_ROAD:
        value += 0.7
    return value


def _sale_plans(view: Table, seat: int) -> list[tuple[float, str, str]]:
    plans = []
    loc = view["merchants"][seat]
    if travel.can_sell_here(view, seat):
        plans.append((view["prices"][board.GOOD_OF[loc]] + _enclosure_value(view, seat, loc),
                      "sell", loc))
    for v, cost in travel.move_targets(view, seat, False):
        plans.append((view["prices"][board.GOOD_OF[v]] - cost + _enclosure_value(view, seat, v),
                      "move", v))
    if "side" in view["front_tiles"][seat]:
        for v, cost in travel.move_targets(view, seat, True):
            plans.append((view["prices"][board.GOOD_OF[v]] - cost + _enclosure_value(view, seat, v)
                          - 1, "side", v))
    plans.sort(key=lambda p: (-p[0], p[1], p[2]))
    return plans


def _choose_travel(view: Table, seat: int, ids: list[str]) -> str:
    step = view["act_turn"]
    mode = step["mode"]
    if mode in ("move", "side"):
        for _value, kind, v in _sale_plans(view, seat):
            if kind == mode and f"to:{v}" in ids:
                return f"to:{v}"
        return ids[0]
    if mode == "walk":
        return ids[0]  # cheapest first
    if mode == "spost":
        return _shared_post(view, seat, ids) or ids[0]
    plans = _sale_plans(view, seat)
    if plans and plans[0][0] > 0:
        kind, v = plans[0][1], plans[0][2]
        for choice in (kind, f"{kind}:{board.DUCHY_OF[v]}"):
            if choice in ids:
                return choice
    if "spost" in ids and "done" in ids:
        return "spost" if _shared_post(view, seat, None) else "done"
    if "pass" in ids:
        return "pass"
    return "done" if "done" in ids else ids[0]


def _shared_post(view: Table, seat: int, ids: list[str] | None) -> str | None:
    """A shared post where we have one and the opponent has none: their sale
    there would pay us 2."""
    opponent = 1 - seat
    for v in board.VILLAGES:
        posts = view["village_posts"][v]
        if (seat in posts and opponent not in posts and shared(view) not in posts
                and board.GOOD_OF[v] in goods_of(view, seat) and (ids is None or f"to:{v}" in ids)):
            return f"to:{v}"
    return None


def _choose_prod(view: Table, seat: int, ids: list[str]) -> str:
    options = [i for i in ids if ActionId.parse(i).head == "prod"]
    if not options:
        return "noprod"

    def score(action: str) -> float:
        good = ActionId.parse(action).arg(0)
        mine = seat in view["production"][good]
        return (END_VALUE[min(MAX_PRICE, view["prices"][good] + 1)] * (0 if mine else 1)
                + (good in goods_of(view, seat)) + GOODS.index(good) * 0.01)
    # ids come ordered by slot value, the best slot first
    return max(options, key=lambda a: (score(a), -options.index(a)))


# == the normal AI ==============================================================
# Stronger rules, still from the view alone, and cheap: the hard AI's playouts
# run it at every step.  Villages: a four-step plan (this action, then the best
# three sales from where it leaves the merchant), so a walk towards a cluster of open
# villages, a sale just below its fare (the post still counts for duchies,
# regions and the main road) and a sale that sets up the next one all beat a
# pass.  Market: the tile values scale with how much the seat still needs to
# sell this round, and each placement is valued from stall counts kept once
# per decision.  Prices and production: raised / placed where the seat gains
# more than its rivals.

_INFO = market.INFO_INCOME
# space -> the lines through it (market information), and the stalls it counts for
_LINES_OF_SPACE: dict[int, tuple[int, ...]] = {
    s: tuple(i for i, line in enumerate(market.LINES) if s in line) for s in market.SPACES}
_STALLS_OF_SPACE: dict[int, tuple[tuple[int, bool], ...]] = {
    s: tuple([(st, True) for st in range(market.ROWS * market.COLS) if s in market.SIDES[st]]
             + [(st, False) for st in range(market.ROWS * market.COLS) if s in market.CORNERS[st]])
    for s in market.SPACES}
_NCOL = 5
_SPECIAL_VALUE = {"deal": 5.0, "fluct": 2.0, "side": 2.0, "black": 1.5}
_WALK_IF_BELOW = 4.0
_GAMMA = 0.85  # the next sale is likely but not certain (prices, money, a better idea)
_POST_VALUE = 1.0  # a post on the board: duchies, road, later income from rivals' sales


def choose_normal_action(view: Table, seat: int, legal: list[Action], rnd: Any) -> str:
    ids = [a.id for a in legal]
    if len(ids) == 1:
        return ids[0]
    first = ActionId.parse(ids[0]).head
    if "show" in ids:
        return "show" if view["money"][seat] <= 12 else "hide"
    if "rise" in ids:
        good = view["pending"][0]["good"]
        return "rise" if _stake_edge(view, seat, good) >= 0 else "norise"
    if first == "fluct":
        return max(ids, key=lambda a: (_stake_edge(view, seat, ActionId.parse(a).arg()), -ids.index(a)))
    if first == "start":
        return f"start:{seat}"
    if "noprod" in ids or first == "prod":
        return _normal_prod(view, seat, ids)
    if view["phase"] == "buy":
        return _normal_buy(view, seat, ids)
    return _normal_travel(view, seat, ids)


def _rounds_left(view: Table) -> int:
    return int(view["action_tiles_left"]) if "action_tiles_left" in view else len(view["action_tiles"])


def _stake(view: Table, seat: int, good: str) -> float:
    """What one step up of ``good``'s price is worth to ``seat``: its sales of
    the good still to come this round and its production building's value."""
    price = view["prices"][good]
    stake = 0.0
    if good in goods_of(view, seat):
        stake += min(2, view["posts_in_hand"][seat]) if view["phase"] == "act" else 1.5
    if seat in view["production"][good]:
        stake += END_VALUE[min(MAX_PRICE, price + 1)] - END_VALUE[price]
    return stake


def _stake_edge(view: Table, seat: int, good: str) -> float:
    n = view["players"]
    others = [_stake(view, s, good) for s in range(n) if s != seat]
    return _stake(view, seat, good) - sum(others) / len(others)


def _expected_price(view: Table, good: str) -> int:
    # prices only rise; a good rises about once every other round
    return min(MAX_PRICE, view["prices"][good] + (_rounds_left(view) + 1) // 2)


def _normal_prod(view: Table, seat: int, ids: list[str]) -> str:
    options = [i for i in ids if i.startswith("prod:")]
    if not options:
        return "noprod"
    pending = view["pending"][0]
    colour = pending["colour"]
    slots = dict(regions.prod_options(view, colour, pending["region"]))
    if colour != seat:  # the shared colour's disc (2 players): the row that helps the rival most is blocked
        rival = 1 - seat

        def block(action: str) -> float:
            good = ActionId.parse(action).arg()
            value = float(PROD_SLOTS[slots[good]])
            if rival not in view["production"][good]:
                value += END_VALUE[_expected_price(view, good)]
            if seat not in view["production"][good]:
                value -= 0.5 * END_VALUE[_expected_price(view, good)]
            return value
        return max(options, key=lambda a: (block(a), -options.index(a)))

    def score(action: str) -> float:
        good = ActionId.parse(action).arg()
        value = float(PROD_SLOTS[slots[good]])
        if seat not in view["production"][good]:  # the end value counts once a row
            value += END_VALUE[_expected_price(view, good)]
        return value + (good in goods_of(view, seat)) * 0.5
    return max(options, key=lambda a: (score(a), -options.index(a)))


# -- market ---------------------------------------------------------------------
def _tile_values(view: Table, seat: int, winning: dict[int, int | None]) -> dict[int, float]:
    """Each stall's tile, valued for ``seat``: a goods tile by the sales it
    adds this round to those the tiles it is winning already allow (the
    round's posts sold in the best open villages of those goods, fares
    guessed), against a random draw when it wins none."""
    hand = max(1, view["posts_in_hand"][seat])
    loc = view["merchants"][seat]
    dist = board.DIST[loc]
    values, _pairs = _village_values(view, seat, frozenset(GOODS))
    nets: dict[str, list[float]] = {g: [] for g in GOODS}
    for v, value in values.items():
        net = value - _FARE - 0.3 * dist[v]
        if net > 0:
            nets[board.GOOD_OF[v]].append(net)

    known: dict[frozenset[str], float] = {}

    def capacity(goods: frozenset[str]) -> float:
        value = known.get(goods)
        if value is None:
            found = [x for g in goods for x in nets[g]]
            found.sort(reverse=True)
            value = known[goods] = sum(found[:hand])
        return value

    stalls = view["stalls"]
    held = goods_of(view, seat)
    seen = {t for t in stalls if t is not None} | {t for f in view["front_tiles"] for t in f}
    draws = [_TILE_SET[t] for t in bag_tiles(view["players"]) if t[0] == "g" and t not in seen]
    choice = _CHOICE_TWO if view["players"] == 2 else _CHOICE
    out: dict[int, float] = {}
    for st in winning:
        tile = stalls[st]
        if tile[0] != "g":
            out[st] = _SPECIAL_VALUE[tile]
            continue
        mine = held.union(*(tile_goods(stalls[o]) for o, w in winning.items() if w == seat and o != st))
        # without a goods tile the seat draws one
        base = capacity(mine) if mine else sum(map(capacity, draws)) / len(draws) if draws else 0.0
        # more goods than posts still leave a choice of better routes and regions
        value = capacity(mine | frozenset(tile_goods(tile))) - base + choice * len(
            frozenset(tile_goods(tile)) - mine)
        if len(tile_goods(tile)) == 1 and view["prices"][tile_goods(tile)[0]] < MAX_PRICE:
            value += max(0.0, _stake_edge(view, seat, tile_goods(tile)[0]) + 0.5)
        out[st] = value
    return out


_DENIAL = 4.0
_TILE_SET = {t: frozenset(tile_goods(t)) for t in bag_tiles(5)}
_CHOICE = 1.5
_CHOICE_TWO = 3.0  # with one rival every tile taken is one it lacks
_FARE = 4.0  # the fare of a move between sales, about


def _market_key(view: Table, seat: int) -> tuple:
    """All a market decision reads of the view (the buy turn apart)."""
    return (seat, view["players"], view["round"], view["money"][seat], view["action_tiles_left"],
            tuple(view["prices"].values()), tuple(view["nobility"]), tuple(view["disc_supply"]),
            tuple(tuple(row) for row in view["production"].values()),
            tuple(tuple(p) for p in view["village_posts"].values()), tuple(view["merchants"]),
            tuple(view["posts_in_hand"]), tuple(tuple(f) for f in view["front_tiles"]),
            tuple(view["stalls"]), tuple(view["stall_buyers"]), tuple(view["space_buyers"]))


# The place chosen at the market's main menu, by market key and colour kind:
# the next step (the row's menu) takes it instead of working it out again.
_CHOSEN: dict[tuple, str] = {}
# Tile values by the market key without the buyers and who wins which stall.
_TILE_CACHE: dict[tuple, dict[int, float]] = {}


def _normal_buy(view: Table, seat: int, ids: list[str]) -> str:
    step = view["buy_turn"]
    key = _market_key(view, seat)
    if step["band"] is not None:
        tid = _CHOSEN.get((key, step["for_shared"]))
        if tid is not None and tid in ids:
            return tid
    elif len(_CHOSEN) > 20_000:
        _CHOSEN.clear()
    n = view["players"]
    sh = shared(view)
    stalls, stall_buyers, space_buyers = view["stalls"], view["stall_buyers"], view["space_buyers"]
    active = [s for s in market.ACTIVE_STALLS[n] if stalls[s] is not None]
    # per stall: total and side buyers by colour, and the one on it
    counts: dict[int, tuple[list[int], list[int], int | None]] = {}
    for st in active:
        total, sides = [0] * _NCOL, [0] * _NCOL
        on = stall_buyers[st]
        if on is not None:
            total[on] += 1
        for sp in market.SIDES[st]:
            c = space_buyers[sp]
            if c is not None:
                total[c] += 1
                sides[c] += 1
        for sp in market.CORNERS[st]:
            c = space_buyers[sp]
            if c is not None:
                total[c] += 1
        counts[st] = (total, sides, on)
    winning = {st: _fast_winner(*counts[st]) for st in active}
    tkey = (key[:-2], tuple(winning.items()))
    values = _TILE_CACHE.get(tkey)
    if values is None:
        if len(_TILE_CACHE) > 20_000:
            _TILE_CACHE.clear()
        values = _TILE_CACHE[tkey] = _tile_values(view, seat, winning)
    line_counts = [0] * len(market.LINES)
    for i, line in enumerate(market.LINES):
        line_counts[i] = sum(1 for sp in line if space_buyers[sp] == seat)
    # What one more buyer of a colour is worth at a stall, by where it stands
    # (0: on the stall, 1: a side space, 2: a corner): worked out once a
    # stall, not once a place (a space counts for up to four stalls).
    deltas: dict[tuple[int, int], tuple[float, float, float]] = {}
    denial = _DENIAL if n == 2 else 1.0  # with one rival, its loss is all our gain

    def delta(st: int, colour: int) -> tuple[float, float, float]:
        found = deltas.get((st, colour))
        if found is not None:
            return found
        total, sides, on = counts[st]
        before = winning[st]
        tile_value = values[st]
        out = []
        for kind in (0, 1, 2):
            total[colour] += 1
            if kind == 1:
                sides[colour] += 1
            after = _fast_winner(total, sides, colour if kind == 0 else on)
            total[colour] -= 1
            if kind == 1:
                sides[colour] -= 1
            value = 0.0
            if before != after:
                if colour == seat:
                    value += tile_value * ((after == seat) - (before == seat))
                    # a tile taken from a rival is worth a little too
                    value += denial * ((before is not None and before != seat) - (after is not None and after != seat))
                else:  # the shared buyer: what it takes from the rival, or from us
                    value += 4 * ((before not in (None, seat, colour)) - (after not in (None, seat, colour)))
                    value -= tile_value * ((before == seat) - (after == seat))
            out.append(value)
        found = deltas[st, colour] = (out[0], out[1], out[2])
        return found

    def gain(target: str, colour: int) -> float:
        head, _, arg = target.partition(":")
        value = 0.0
        if head == "stall":
            st = market.STALL_IDS.index(arg)
            if st in counts:
                value += delta(st, colour)[0]
            cost = buyers.STALL_COST
        else:
            sp = int(arg)
            for st, side in _STALLS_OF_SPACE[sp]:
                if st in counts:
                    value += delta(st, colour)[1 if side else 2]
            cost = market.SPACE_COST[sp]
        if colour == seat:
            if head == "sp":
                for line in _LINES_OF_SPACE[sp]:
                    c = line_counts[line]
                    value += _INFO[min(4, c + 1)] - _INFO[c]
            value -= cost
        return value

    def best(own: bool, bands: Any) -> tuple[float, str | None]:
        colour = seat if own or sh is None else sh
        top: tuple[float, str | None] = (-1e9, None)
        for r in bands:
            for tid in buyers.band_targets(view, r, own):
                g = gain(tid, colour)
                if g > top[0]:
                    top = (g, tid)
        return top

    if step["band"] is not None:
        _gain, tid = best(not step["for_shared"], [step["band"]])
        return tid if tid in ids else "back"
    rows = market.active_rows(n)
    if "pass" in ids and not step["own_done"]:
        own_gain, own_tid = best(True, rows)
        if own_tid and own_gain > 0:
            _CHOSEN[key, False] = own_tid
            return f"band:{mp_band(own_tid)}"
    if any(i.startswith("sband") for i in ids):
        sh_gain, sh_tid = best(False, rows)
        if sh_tid and sh_gain > 0 and f"sband:{mp_band(sh_tid)}" in ids:
            _CHOSEN[key, True] = sh_tid
            return f"sband:{mp_band(sh_tid)}"
    if "pass" in ids:
        return "pass"
    return "done" if "done" in ids else ids[0]


def _fast_winner(total: list[int], sides: list[int], on: int | None) -> int | None:
    """``market_phase.stall_winner`` from counts kept by the caller."""
    top = max(total)
    if top == 0:
        return None
    tied = [c for c in range(_NCOL) if total[c] == top]
    if len(tied) == 1:
        return tied[0]
    if on in tied:
        return on
    most = max(sides[c] for c in tied)
    tied = [c for c in tied if sides[c] == most]
    return tied[0] if len(tied) == 1 else None


# -- villages -----------------------------------------------------------------
def _village_values(view: Table, seat: int, goods: frozenset[str] | None = None
                    ) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """The value of a post sold in each open village of a good ``seat``
    holds (of ``goods``), before the fare: the price, the regions it closes
    or brings near (a share of what closing them pays), the duchy it
    balances, the main road; less what rivals' posts there earn.  Also, per
    such village, what selling there adds to the next sale (a region both
    close together).  Kept by what it reads: playouts ask it at every step
    and the board changes far less often."""
    if goods is None:
        goods = goods_of(view, seat)
    posts = view["village_posts"]
    key = (seat, goods, view["players"], "black" in view["front_tiles"][seat], _rounds_left(view),
           tuple(view["posts_in_hand"]), view["phase"] == "act",
           tuple(view["prices"].values()), tuple(view["nobility"]), view["disc_supply"][seat],
           tuple(tuple(row) for row in view["production"].values()),
           tuple(tuple(p) for p in posts.values()))
    found = _VALUES_CACHE.get(key)
    if found is None:
        if len(_VALUES_CACHE) > 20_000:
            _VALUES_CACHE.clear()
        found = _VALUES_CACHE[key] = _village_values_now(view, seat, goods)
    return found


_VALUES_CACHE: dict[tuple, tuple[dict[str, float], dict[str, dict[str, float]]]] = {}


def _village_values_now(view: Table, seat: int, goods: frozenset[str]
                        ) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    posts = view["village_posts"]
    prices = view["prices"]
    n = view["players"]
    sh = shared(view)
    black = "black" in view["front_tiles"][seat]
    duchy = [0, 0, 0]
    for v in board.VILLAGES:
        if seat in posts[v]:
            duchy[board.DUCHY_OF[v]] += 1
    low = min(duchy)
    road = _road_value(view, seat)
    # the last round: what its posts cannot finish counts for nothing
    last = not _rounds_left(view)
    reach = view["posts_in_hand"][seat] - (view["phase"] == "act") if last else 99
    post_value = _POST_VALUE if not last else _POST_VALUE / 3
    tied = duchy.count(low)
    if last:
        duchy_low = 3.0 / tied if tied - 1 <= reach else 0.0
    else:
        duchy_low = _DUCHY_LOW if tied == 1 else _DUCHY_TIED
    share = _REGION_SHARE if _rounds_left(view) else _REGION_SHARE / 2
    building = _building_values(view, seat)
    nobility = (NOBILITY[view["nobility"].index(None)]
                if None in view["nobility"] and view["disc_supply"][seat] > 0 else 0)
    missing: list[list[str]] = []
    close: list[float] = []
    for region in board.REGIONS:
        miss = [w for w in region["v"] if seat not in posts[w]]
        missing.append(miss)
        if not miss:
            close.append(0.0)
            continue
        value = float(nobility) if region["flag"] else 0.0
        best = max((building[g] for g in region["b"]), default=0.0)
        close.append(value + best)
    out: dict[str, float] = {}
    for v in board.VILLAGES:
        here = posts[v]
        good = board.GOOD_OF[v]
        if good not in goods or seat in here:
            continue
        value = prices[good] + post_value
        if not black and here:
            rivals = sum(1 for c in here if c < n and c != seat)
            value -= rivals * (2 if sh is not None and sh in here else 1) / max(1, n - 1)
        for r in board.REGIONS_OF[v]:
            k = len(missing[r]) - 1  # still missing after this post
            if k <= reach:
                value += close[r] if k == 0 else close[r] * share / k
        d = board.DUCHY_OF[v]
        if duchy[d] == low:
            value += duchy_low
        if v in board.MAIN_ROAD:
            value += road
        out[v] = value
    pairs: dict[str, dict[str, float]] = {}
    for r, miss in enumerate(missing):
        if len(miss) == 2 and miss[0] in out and miss[1] in out:
            a, b = miss
            bonus = close[r] * (1 - share)
            pairs.setdefault(a, {})[b] = pairs.get(a, {}).get(b, 0.0) + bonus
            pairs.setdefault(b, {})[a] = pairs.get(b, {}).get(a, 0.0) + bonus
    return out, pairs


_NO_PAIRS: dict[str, float] = {}


def _road_value(view: Table, seat: int) -> float:
    """What one more post on the main road is worth: the change in the
    expected main-road income (+5 to the most posts there, -5 to the fewest),
    against the rivals too, the final counts spread around today's by the
    posts still to be sold (about a fifth of them on the road)."""
    n = view["players"]
    posts = view["village_posts"]
    counts = [0] * n
    for v in board.MAIN_ROAD:
        for c in posts[v]:
            if c < n:
                counts[c] += 1
    rest = sum(view["posts_in_hand"]) + _rounds_left(view) * n * _POSTS_A_ROUND
    spread = math.sqrt(_ROAD_SHARE * (1 - _ROAD_SHARE) * rest) + _ROAD_SPREAD

    def expected(mine: int) -> float:
        top = bottom = 1.0
        for o in range(n):
            if o != seat:
                d = mine - counts[o]
                top *= _phi((d + 0.5) / spread)
                bottom *= _phi((0.5 - d) / spread)
        return 5.0 * (top - bottom)
    gain = expected(counts[seat] + 1) - expected(counts[seat])
    return gain * (_ROAD_TWO if n == 2 else _ROAD_RIVALS)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


_DUCHY_LOW, _DUCHY_TIED = 2.5, 1.2  # a post in the duchy with fewest (3 a post of the least at the end)
_POSTS_A_ROUND = 4.2  # posts a seat sells in a round, on average (21 in 5 rounds)
_ROAD_SHARE = 0.2  # of the posts sold, about this share lands on the main road
_ROAD_SPREAD = 0.3
_ROAD_RIVALS = 2.0  # with more rivals: measured (1.5 played weaker at 3 and 4 players)
_ROAD_TWO = 1.0
_LOOKAHEAD = 3  # sales planned after the one chosen
_REGION_SHARE = 0.4  # a post that brings a region nearer: this share of its closing, split by what is missing


def _building_values(view: Table, seat: int) -> dict[str, float]:
    """What a production disc of ``seat`` in each row pays: the first free
    open slot now, the end value once a row (0 for a full row or no disc)."""
    out = dict.fromkeys(GOODS, 0.0)
    if view["disc_supply"][seat] <= 0:
        return out
    players = view["players"]
    production, prices = view["production"], view["prices"]
    for g in GOODS:
        row = production[g]
        for i in open_slots(prices[g], players):
            if row[i] is None:
                out[g] = PROD_SLOTS[i] + (0 if seat in row else END_VALUE[_expected_price(view, g)])
                break
    return out


def _normal_travel(view: Table, seat: int, ids: list[str]) -> str:
    step = view["act_turn"]
    mode = step["mode"]
    if mode == "spost":
        return _shared_post(view, seat, ids) or ids[0]
    if mode is None and step["acted"]:
        return "spost" if "spost" in ids and _shared_post(view, seat, None) else ("done" if "done" in ids else ids[0])
    values, pairs = _village_values(view, seat)
    loc = view["merchants"][seat]
    money = view["money"][seat]
    prices = view["prices"]
    left = view["posts_in_hand"][seat] - 1  # posts after this action
    dist = board.DIST
    has_side = "side" in view["front_tiles"][seat]

    def after(at: str, cash: int, taken: str | None, depth: int = 1) -> float:
        """The best sale from ``at`` in the next action (nothing if none is
        left), with the best ones after it while posts are left, up to
        ``_LOOKAHEAD`` sales."""
        if left < depth:
            return 0.0
        d = dist[at]
        top = 0.0
        extra = pairs.get(taken, _NO_PAIRS) if taken is not None else _NO_PAIRS
        deeper = depth < _LOOKAHEAD and left > depth
        for v, value in values.items():
            if v == taken or v == at and taken is None or v in gone:
                continue
            fare = d[v]
            price = prices[board.GOOD_OF[v]]
            if fare > cash + price:
                continue
            net = value - fare + extra.get(v, 0.0)
            if deeper and net + bound2 > top:
                if taken is not None:
                    gone.add(taken)
                net += after(v, cash + price - fare, v, depth + 1)
                gone.discard(v if taken is None else taken)
            if net > top:
                top = net
        return _GAMMA * top

    gone: set[str] = set()
    # Plans: (value now, kind, village, where the merchant ends, cash left,
    # the village taken).  Only those the open menu offers count.
    plans: list[tuple[float, str, str, str, int, str | None]] = []
    if mode is None:
        def offered(kind: str, v: str) -> bool:
            if kind == "sell" or kind == "pass":
                return kind in ids
            return kind in ids or f"{kind}:{board.DUCHY_OF[v]}" in ids
    else:
        def offered(kind: str, v: str) -> bool:
            return kind == mode and f"to:{v}" in ids
    if loc in values and view["posts_in_hand"][seat] > 0 and offered("sell", loc):
        price = prices[board.GOOD_OF[loc]]
        plans.append((values[loc], "sell", loc, loc, money + price, loc))
    d = dist[loc]
    for v, value in values.items():
        if v == loc:
            continue
        price = prices[board.GOOD_OF[v]]
        fare = d[v]
        if fare <= money + price and offered("move", v):
            plans.append((value - fare, "move", v, v, money + price - fare, v))
        if has_side and fare // 2 <= money + price and offered("side", v):
            plans.append((value - fare // 2 - _SPECIAL_VALUE["side"], "side", v, v, money + price - fare // 2, v))
    if offered("pass", loc):
        plans.append((0.0, "pass", loc, loc, money, None))
    # the next sale adds at most this (a bound: plans far behind are not worked out)
    bound2 = _GAMMA * (max(values.values(), default=0.0) + max(
        (x for extra in pairs.values() for x in extra.values()), default=0.0))
    bound = sum(bound2 * _GAMMA ** i for i in range(min(left, _LOOKAHEAD)))

    def pick(plans: list[tuple[float, str, str, str, int, str | None]]) -> tuple[float, str, str] | None:
        plans.sort(key=lambda p: (-p[0], p[1], p[2]))
        top: tuple[float, str, str] | None = None
        for now, kind, v, at, cash, taken in plans:
            if top is not None and now + bound < top[0]:
                break
            total = now + after(at, cash, taken)
            if top is None or (-total, kind, v) < (-top[0], top[1], top[2]):
                top = (total, kind, v)
        return top

    best = pick(plans)
    # a walk (half the fare, no sale, a post lost) pays only when no sale is worth its fare
    if left > 0 and (best is None or best[0] < _WALK_IF_BELOW):
        walks: list[tuple[float, str, str, str, int, str | None]] = []
        for v in board.VILLAGES:
            fare = d[v] // 2
            if v == loc or fare > money or seat in view["village_posts"][v] or not offered("walk", v):
                continue
            walks.append((-float(fare), "walk", v, v, money - fare, None))
        walk = pick(walks)
        if walk is not None and (best is None or (-walk[0], walk[1], walk[2]) < (-best[0], best[1], best[2])):
            best = walk
    if best is None:
        if mode is not None:
            return "back" if "back" in ids else ids[0]
        if "spost" in ids and _shared_post(view, seat, None):
            return "spost"
        return "pass" if "pass" in ids else ids[0]
    _value, kind, v = best
    if mode is not None:
        return f"to:{v}"
    if kind in ("sell", "pass"):
        return kind
    return kind if kind in ids else f"{kind}:{board.DUCHY_OF[v]}"
