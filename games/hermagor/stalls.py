"""Phase 2: market information (income per line), the stalls' tiles by
majority in reading order (price rises, the price fluctuation, the good
deal, the shared colour's tiles), a tile drawn for whoever holds no goods,
and the start player named by the lowest goods tile."""

from __future__ import annotations

from operator import itemgetter

from games import rng
from games.base import Action, ActionId, Msg, seat_order, seat_ref
from games.hermagor import market
from games.hermagor.common import Table, good_msg, m, shared, tile_msg
from games.hermagor.data import GOODS, MAX_PRICE, tile_goods, tile_number
from games.hermagor.schema import HermagorState


def draw_tile(state: HermagorState, goods_only: bool = False) -> str | None:
    """Take a random tile out of the bag (optionally only a goods tile: drawn
    special tiles would go straight back, so the result is the same)."""
    bag = state["bag"]
    pool = [t for t in bag if t[0] == "g"] if goods_only else bag
    if not pool:
        return None
    tile = pool[rng.randbelow(state, len(pool))]
    bag.remove(tile)
    return tile


# -- market information and majorities ------------------------------------------
def info_income(state: Table) -> list[int]:
    """Market information: per line 1/3/6/10 for 1/2/3/4 own buyers on it."""
    players = state["players"]
    on_space = state["space_buyers"]
    income = [0] * players
    for line_buyers in _LINE_BUYERS:
        on_line = line_buyers(on_space)
        for colour in set(on_line):  # the colours on the line
            if colour is not None and colour < players:
                income[colour] += market.INFO_INCOME[on_line.count(colour)]
    return income


def stall_winner(state: Table, stall: int) -> int | None:
    """Majority of buyers around (8) and on the stall; ties go to the one on
    the stall, then to more side than corner buyers; else nobody."""
    around = _AROUND[stall](state["space_buyers"])
    on = state["stall_buyers"][stall]
    present = [c for c in around if c is not None]
    if on is not None:
        present.append(on)
    if len(present) < 2:
        return present[0] if present else None
    count = present.count
    best = max(map(count, present))
    tied = sorted({c for c in present if count(c) == best})
    if len(tied) == 1:
        return tied[0]
    if on in tied:
        return on
    sides = around[:len(market.SIDES[stall])]
    most = max(map(sides.count, tied))
    tied = [c for c in tied if sides.count(c) == most]
    return tied[0] if len(tied) == 1 else None


# The market's geometry as getters of the buyers on its spaces: each line's
# spaces, and each stall's side spaces then its corner spaces (every line and
# stall has at least two, so each getter gives a tuple).
_LINE_BUYERS = tuple(itemgetter(*line) for line in market.LINES)
_AROUND = tuple(itemgetter(*market.SIDES[stall], *market.CORNERS[stall]) for stall in range(market.ROWS * market.COLS))


def start_resolution(state: HermagorState, events: list[Msg]) -> None:
    for seat, amount in enumerate(info_income(state)):
        if amount:
            state["money"][seat] += amount
            events.append(m("ev.info", seat=seat_ref(seat), amount=amount))
    state["resolving_stall"] = 0
    state["phase"] = "tiles"


def continue_tiles(state: HermagorState, events: list[Msg]) -> None:
    """Resolve stalls in reading order; stops when a decision is pending."""
    stalls = market.ACTIVE_STALLS[state["players"]]
    tiles, pending = state["stalls"], state["pending"]
    i = state["resolving_stall"]
    while i < len(stalls) and not pending:
        stall = stalls[i]
        i += 1
        tile = tiles[stall]
        if tile is None:
            continue
        winner = stall_winner(state, stall)
        if winner is None:
            events.append(m("ev.tile_stays", tile=tile_msg(tile), stall=market.stall_label(stall)))
            continue
        tiles[stall] = None
        _take_tile(state, winner, tile, events)  # may ask for a decision (pending)
    state["resolving_stall"] = i
    if i >= len(stalls) and not pending:
        _finish_phase2(state, events)


def _take_tile(state: HermagorState, winner: int, tile: str, events: list[Msg]) -> None:
    goods = tile_goods(tile)
    prices = state["prices"]
    if winner == shared(state):
        # the shared colour's tile goes back into the bag; a single good's price rises
        state["bag"].append(tile)
        events.append(m("ev.tile_shared", tile=tile_msg(tile)))
        if len(goods) == 1 and prices[goods[0]] < MAX_PRICE:
            prices[goods[0]] += 1
            events.append(m("ev.price", good=good_msg(goods[0]), price=prices[goods[0]]))
        return
    events.append(m("ev.tile", seat=seat_ref(winner), tile=tile_msg(tile)))
    if tile == "deal":
        state["money"][winner] += 5
        state["bag"].append(tile)
        events.append(m("ev.deal", seat=seat_ref(winner)))
        return
    if tile == "fluct":
        state["bag"].append(tile)
        if any(prices[g] < MAX_PRICE for g in GOODS):
            state["pending"].append({"kind": "price_fluctuation", "seat": winner})
        return
    state["front_tiles"][winner].append(tile)
    if len(goods) == 1 and prices[goods[0]] < MAX_PRICE:
        state["pending"].append({"kind": "price_rise", "seat": winner, "good": goods[0]})


def _finish_phase2(state: HermagorState, events: list[Msg]) -> None:
    # buyers go home
    state["stall_buyers"] = [None] * len(state["stall_buyers"])
    state["space_buyers"] = [None] * len(state["space_buyers"])
    front = state["front_tiles"]
    for seat in seat_order(state["players"], state["start_player"]):
        if not any(t[0] == "g" for t in front[seat]):
            tile = draw_tile(state, goods_only=True)  # no price rise for it
            if tile is not None:
                front[seat].append(tile)
                events.append(m("ev.draw", seat=seat_ref(seat), tile=tile_msg(tile)))
    state["phase"] = "named"
    if state["options"]["tax"]:
        return  # the tax official's namer has named the start player already
    holders = [(tile_number(t), s) for s in range(state["players"])
               for t in front[s] if t[0] == "g"]
    if holders:
        number, namer = min(holders)
        events.append(m("ev.lowest", seat=seat_ref(namer), n=number))
        state["pending"].append({"kind": "start_player", "seat": namer, "next_phase": "act"})


# -- price rise (a single good's tile) and price fluctuation ----------------------
def rise_ids(state: HermagorState, seat: int) -> list[str]:
    return ["rise", "norise"]


def rise_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    good = state["pending"][0]["good"]
    price = state["prices"][good] + 1
    return [Action("rise", m("act.rise", good=good_msg(good), price=price), "price", "primary")
            if action == "rise" else Action("norise", m("act.norise"), "price") for action in ids]


def fluctuation_ids(state: HermagorState, seat: int) -> list[str]:
    """Any good below the top price may rise one step."""
    prices = state["prices"]
    return [f"fluct:{good}" for good in GOODS if prices[good] < MAX_PRICE]


def fluctuation_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    prices = state["prices"]
    out = []
    for action in ids:
        good = ActionId.parse(action).arg(0)
        out.append(Action(action, m("act.fluct", good=good_msg(good), price=prices[good] + 1), "price", "primary"))
    return out


def apply_price(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    """``rise`` (the good of the tile taken), ``fluct:<good>``, or ``norise``."""
    pending = state["pending"].pop(0)
    if action.head == "norise":
        return [m("ev.norise", seat=seat_ref(seat))]
    good = pending["good"] if action.head == "rise" else action.arg(0)
    state["prices"][good] += 1
    return [m("ev.rise", seat=seat_ref(seat), good=good_msg(good), price=state["prices"][good])]


# -- the start player ------------------------------------------------------------
def name_ids(state: HermagorState, seat: int) -> list[str]:
    """Any seat, in turn order from the namer."""
    return [f"start:{other}" for other in seat_order(state["players"], seat)]


def name_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    out = []
    for action in ids:
        named = ActionId.parse(action).number(0)
        out.append(Action(action, m("act.start", seat=seat_ref(named)), "start",
                          "primary" if named == seat else "secondary"))
    return out


def apply_name(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    state["start_player"] = action.number(0)
    return [m("ev.start", seat=seat_ref(seat), start=seat_ref(state["start_player"]))]
