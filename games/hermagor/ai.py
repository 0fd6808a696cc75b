"""A sensible AI that reads only its own view (its money, the public board).

Market: buy where a buyer newly wins a wanted tile or earns market
information, net of its cost.  Villages: the sale with the best net income,
counting enclosures (production slot, nobility, future end value) and a
little for duchy balance and the main road.  Everything is greedy, one step.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, ActionId
from games.hermagor import board, market, travel
from games.hermagor import market_phase as mp
from games.hermagor.common import Table, goods_of, shared
from games.hermagor.data import END_VALUE, GOODS, MAX_PRICE, NOBILITY, PROD_SLOTS, tile_goods


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
    return {s: mp.stall_winner(view, s) for s in stalls if view["stalls"][s] is not None}


def _placement_gain(view: Table, seat: int, target: str, colour: int, base: dict,
                    base_info: int) -> float:
    place = ActionId.parse(target)
    probe = {"stall_buyers": list(view["stall_buyers"]), "space_buyers": list(view["space_buyers"]),
             "stalls": view["stalls"], "players": view["players"]}
    if place.head == "stall":
        stall = market.STALL_IDS.index(place.arg(0))
        probe["stall_buyers"][stall] = colour
        touched = [stall]
        cost = mp.STALL_COST
    else:
        space = place.number(0)
        probe["space_buyers"][space] = colour
        touched = [s for s in base if space in market.SIDES[s] or space in market.CORNERS[s]]
        cost = market.SPACE_COST[space]
    gain = 0.0
    for s in touched:
        if s not in base:
            continue
        after = mp.stall_winner(probe, s)
        tile = view["stalls"][s]
        if colour == seat:
            gain += _tile_value(view, seat, tile) * ((after == seat) - (base[s] == seat))
        else:  # the shared buyer: worth what it takes away from the opponent
            gain += 4 * ((base[s] not in (None, seat, colour)) - (after not in (None, seat, colour)))
            gain -= 4 * ((base[s] == seat) - (after == seat))
    if colour == seat:
        gain += mp.info_income(probe)[seat] - base_info - cost
    return gain


def _choose_buy(view: Table, seat: int, ids: list[str]) -> str:
    step = view["buy_turn"]
    stalls = market.active_stalls(view["players"])
    base = _winners(view, stalls)
    base_info = mp.info_income(view)[seat]
    sh = shared(view)

    def best(own: bool, bands) -> tuple[float, str | None]:
        colour = seat if own or sh is None else sh
        top: tuple[float, str | None] = (-1e9, None)
        for r in bands:
            for tid, _cost in mp.band_targets(view, r, own):
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
        options = travel.prod_options(view, seat, r)
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
