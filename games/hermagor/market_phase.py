"""Phase 1 (tax official, buyers on the market) and phase 2 (market
information, tiles by majority, draws for the empty-handed, start player)."""

from __future__ import annotations

from functools import cache
from operator import itemgetter

from games import rng
from games.base import Action, ActionId, Msg, seat_order
from games.hermagor import market
from games.hermagor.common import SEAT, Table, act, good_msg, m, shared, static, tile_msg
from games.hermagor.data import GOODS, MAX_PRICE, tile_goods, tile_number
from games.hermagor.schema import HermagorState
from games.hermagor.setup import begin_buying, draw_tile, fresh_buy_turn

STALL_COST = 2
STALL_IDS = market.STALL_IDS
SPACE_COST = market.SPACE_COST
COLS = market.COLS


# -- tax official (variant) ---------------------------------------------------
def tax_seat(state: HermagorState) -> int:
    tax = state["tax_official"]
    assert tax is not None
    return (state["start_player"] + tax["asked_count"]) % state["players"]


_TAX = [static("show", "act.show", "tax", "primary"), static("hide", "act.hide", "tax")]


def tax_actions(state: HermagorState, seat: int) -> list[Action]:
    return list(_TAX)


def tax_ids(state: HermagorState, seat: int) -> list[str]:
    return ["show", "hide"]


def apply_tax(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    tax = state["tax_official"]
    assert tax is not None
    events: list[Msg] = []
    if action.head == "show":
        tax["shown"][seat] = state["money"][seat]
        events.append(m("ev.show", seat={"seat": seat}, amount=state["money"][seat]))
    else:
        events.append(m("ev.hide", seat={"seat": seat}))
    tax["asked_count"] += 1
    if tax["asked_count"] < state["players"]:
        state["turn"] = tax_seat(state)
        return events
    state["turn"] = None
    shown = [(amount, s) for s, amount in enumerate(tax["shown"]) if amount is not None]
    if not shown:
        namer = state["start_player"]
    else:
        low = min(a for a, _ in shown)
        tied = [s for a, s in shown if a == low]
        namer = tied[0]
        if len(tied) > 1:
            # "youngest player" tie: seat order from a seat the RNG picks
            first = rng.randbelow(state, state["players"])
            namer = next(s for s in seat_order(state["players"], first) if s in tied)
            events.append(m("ev.tie_random", first={"seat": first}, seat={"seat": namer}))
    events.append(m("ev.namer", seat={"seat": namer}))
    state["pending"].append({"kind": "start_player", "seat": namer, "next_phase": "buy"})
    return events


# -- buyers -------------------------------------------------------------------
def band_targets(state: Table, band: int, own: bool) -> list[tuple[str, int]]:
    """Free stalls and spaces of a band (``stall:<letter>``, ``sp:<number>``)
    with their cost: stalls first, then spaces, in order; the own buyer's only
    where its seat (whose turn it is) can pay."""
    ids = band_target_ids(state, band, own)
    return [(target, _TARGET_COST[target]) for target in ids] if own else [(target, 0) for target in ids]


def band_target_ids(state: Table, band: int, own: bool) -> list[str]:
    """The ids of ``band_targets``."""
    money = state["money"][state["turn"]] if own else _SHARED_MONEY
    out = []
    if money >= STALL_COST:
        stalls, buyers_on = state["stalls"], state["stall_buyers"]
        out = [_STALL_TARGET[stall] for stall in _BAND_STALLS[band]
               if stalls[stall] is not None and buyers_on[stall] is None]
    on_space = state["space_buyers"]
    out += [target for space, cost, target in _BAND_TARGETS[state["players"]][band]
            if on_space[space] is None and cost <= money]
    return out


_STALL_TARGET = tuple(f"stall:{letter}" for letter in STALL_IDS)
_SPACE_TARGET = {space: f"sp:{space}" for space in market.SPACES}
# per player count and band: its buyer spaces in order, with their cost and id
_BAND_TARGETS = {n: {band: tuple((space, SPACE_COST[space], _SPACE_TARGET[space]) for space in spaces)
                     for band, spaces in bands.items()}
                 for n, bands in market.BAND_SPACES.items()}
_TARGET_COST = {**{target: STALL_COST for target in _STALL_TARGET},
                **{target: SPACE_COST[space] for space, target in _SPACE_TARGET.items()}}


def band_msg(players: int, band: int) -> Msg:
    spaces = market.BAND_SPACES[players][band]
    first, last = STALL_IDS[band * 4].upper(), STALL_IDS[band * 4 + 3].upper()
    return m("band", a=first, b=last, lo=min(spaces), hi=max(spaces))


def _band_open(state: HermagorState, band: int, money: int) -> bool:
    """Whether a band has a free place a buyer can pay for with ``money``."""
    if money >= STALL_COST:
        stalls, buyers_on = state["stalls"], state["stall_buyers"]
        for stall in _BAND_STALLS[band]:
            if stalls[stall] is not None and buyers_on[stall] is None:
                return True
    on_space = state["space_buyers"]
    for space, cost in _SPACES_BY_COST[state["players"]][band]:
        if cost > money:
            return False
        if on_space[space] is None:
            return True
    return False


def _open_bands(state: HermagorState, money: int, band_ids: tuple[str, ...], out: list[str]) -> None:
    """Add to ``out`` the id (of ``band_ids``, by band) of every active band
    with a free place a buyer can pay for with ``money`` (``_band_open`` of
    each, inline: the market menu asks it at most steps of the market phase)."""
    players = state["players"]
    stalls, buyers_on, on_space = state["stalls"], state["stall_buyers"], state["space_buyers"]
    by_cost = _SPACES_BY_COST[players]
    for band in market.ACTIVE_ROWS[players]:
        found = False
        if money >= STALL_COST:
            for stall in _BAND_STALLS[band]:
                if stalls[stall] is not None and buyers_on[stall] is None:
                    found = True
                    break
        if not found:
            for space, cost in by_cost[band]:
                if cost > money:
                    break
                if on_space[space] is None:
                    found = True
                    break
        if found:
            out.append(band_ids[band])


_BAND_STALLS = tuple(range(band * COLS, (band + 1) * COLS) for band in range(market.ROWS))
# the buyer spaces of each band with their cost, cheapest first, per player count
_SPACES_BY_COST = {n: {band: tuple(sorted(((s, SPACE_COST[s]) for s in spaces), key=lambda t: t[1]))
                       for band, spaces in bands.items()}
                   for n, bands in market.BAND_SPACES.items()}
_SHARED_MONEY = 99  # the shared colour's buyer costs nothing: every free place
_CHEAPEST = min(STALL_COST, *SPACE_COST.values())  # the cheapest place a buyer can take


@cache
def _band_action(players: int, band: int, shared_buyer: bool) -> Action:
    label = m("act.sband" if shared_buyer else "act.band", band=band_msg(players, band))
    return Action(f"{'s' if shared_buyer else ''}band:{band}", label,
                  "shared" if shared_buyer else "market",
                  "secondary" if shared_buyer else "primary")


@cache
def _target_action(target: str, own: bool, cost: int) -> Action:
    kind, name = target.split(":")
    label = name.upper() if kind == "stall" else name
    key = ("act.stall" if kind == "stall" else "act.space") + ("" if own else "_shared")
    return act(target, key, "market", "primary", name=label, cost=cost)


_BACK = static("back", "act.back", "market")
_PASS = static("pass", "act.pass_buyer", "market", "danger")
_SKIP_SHARED = static("done", "act.skip_shared", "shared")


def buy_ids(state: HermagorState, seat: int) -> list[str]:
    turn = state["buy_turn"]
    assert turn is not None
    band = turn["band"]
    out: list[str] = []
    if band is not None:
        out = band_target_ids(state, band, not turn["for_shared"])
        out.append("back")
        return out
    # The main menu: a band for the own buyer or a pass; a band for the shared
    # colour's buyer (or giving it up once the own buyer is placed).
    if not turn["own_done"]:
        money = state["money"][seat]
        if money >= _CHEAPEST:  # (half the menus: a buyer costs at least that much)
            _open_bands(state, money, _BAND_IDS[True], out)
        out.append("pass")
    if not turn["shared_done"]:
        _open_bands(state, _SHARED_MONEY, _BAND_IDS[False], out)
        if turn["own_done"]:
            out.append("done")
    return out


def buy_actions(state: HermagorState, seat: int) -> list[Action]:
    turn = state["buy_turn"]
    assert turn is not None
    band = turn["band"]
    if band is not None:
        own = not turn["for_shared"]
        out = [_target_action(target, own, cost) for target, cost in band_targets(state, band, own)]
        out.append(_BACK)
        return out
    players = state["players"]
    return [_MENU.get(i) or _band_action(players, _BAND_ROW[i], i[0] == "s") for i in buy_ids(state, seat)]


def buy_allows(state: HermagorState, seat: int, action: ActionId) -> bool:
    """``str(action) in buy_ids(state, seat)``, answered by asking only the
    rule that can list it."""
    turn = state["buy_turn"]
    assert turn is not None
    head, args = action
    band = turn["band"]
    if band is not None:
        if not args:
            return head == "back"
        if len(args) != 1:
            return False
        own = not turn["for_shared"]
        money = state["money"][seat] if own else _SHARED_MONEY
        if head == "stall":
            stall = STALL_IDS.find(args[0]) if len(args[0]) == 1 else -1
            return (band * COLS <= stall < (band + 1) * COLS and state["stalls"][stall] is not None
                    and state["stall_buyers"][stall] is None and money >= STALL_COST)
        space = _SPACE_NUMBER.get(args[0]) if head == "sp" else None
        return (space is not None and space in market.BAND_SPACES[state["players"]][band]
                and state["space_buyers"][space] is None and SPACE_COST[space] <= money)
    if not args:
        if head == "pass":
            return not turn["own_done"]
        return head == "done" and turn["own_done"] and not turn["shared_done"]
    own = head == "band"
    if (not own and head != "sband") or len(args) != 1 or turn["own_done" if own else "shared_done"]:
        return False
    row = _ROW_ARG.get(args[0])
    return (row is not None and row in market.ACTIVE_ROWS[state["players"]]
            and _band_open(state, row, state["money"][seat] if own else _SHARED_MONEY))


# every id the market menu can list for choosing a band, own buyer (True) or
# shared, by row; the row of each
_BAND_IDS = {own: tuple(f"{'' if own else 's'}band:{r}" for r in range(market.ROWS))
             for own in (True, False)}
_BAND_ROW = {band_id: r for ids in _BAND_IDS.values() for r, band_id in enumerate(ids)}
_ROW_ARG = {str(r): r for r in range(market.ROWS)}
_SPACE_NUMBER = {str(space): space for space in market.SPACES}
_MENU = {"pass": _PASS, "done": _SKIP_SHARED}


def apply_buy(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    turn = state["buy_turn"]
    assert turn is not None
    head = action.head
    events: list[Msg] = []
    if head == "pass":  # the most frequent (half the buyers of a random game)
        state["buyers"][seat] -= 1
        turn["own_done"] = True
        events.append({"key": "hermagor.ev.pass_buyer", "args": {"seat": SEAT[seat]}})
    elif head == "back":
        turn["band"] = None
        return events
    elif head == "band" or head == "sband":
        turn["band"] = action.number(0)
        turn["for_shared"] = head == "sband"
        return events
    elif head == "done":
        if state["buyers"][seat] == 0:
            state["shared_buyers"][seat] -= 1  # nothing else left: the buyer is given up
        turn["shared_done"] = True
    else:  # stall:<letter> or sp:<number>
        name = action.arg(0)
        own = not turn["for_shared"]
        colour = seat if own else shared(state)
        if head == "stall":
            state["stall_buyers"][STALL_IDS.index(name)] = colour
            cost = STALL_COST
            where = m("where.stall", name=name.upper())
        else:
            space = action.number(0)
            state["space_buyers"][space] = colour
            cost = SPACE_COST[space]
            where = m("where.space", name=name)
        if own:
            state["money"][seat] -= cost
            state["buyers"][seat] -= 1
            turn["own_done"] = True
            events.append({"key": "hermagor.ev.buyer",
                "args": {"seat": SEAT[seat], "where": where, "cost": cost}})
        else:
            state["shared_buyers"][seat] -= 1
            turn["shared_done"] = True
            events.append({"key": "hermagor.ev.buyer_shared", "args": {"seat": SEAT[seat], "where": where}})
        turn["band"] = None
    if turn["own_done"] and turn["shared_done"]:
        _next_buyer(state, seat)
    return events


# per player count and seat: the seats after it in turn order, itself last
_AFTER = {n: tuple(tuple((seat + i) % n for i in range(1, n + 1)) for seat in range(n)) for n in range(2, 6)}


def _next_buyer(state: HermagorState, seat: int) -> None:
    buyers, shared_buyers = state["buyers"], state["shared_buyers"]
    for nxt in _AFTER[state["players"]][seat]:
        if buyers[nxt] + shared_buyers[nxt] > 0:
            state["turn"] = nxt
            state["buy_turn"] = fresh_buy_turn(state, nxt)
            return
    state["phase"] = "resolve"
    state["turn"] = None
    state["buy_turn"] = None
    state["resolving_stall"] = 0


# -- phase 2 ------------------------------------------------------------------
def info_income(state: Table) -> list[int]:
    """Market information: per line 1/3/6/10 for 1/2/3/4 own buyers on it."""
    n = state["players"]
    on_space = state["space_buyers"]
    income = [0] * n
    for line_buyers in _LINE_BUYERS:
        on_line = line_buyers(on_space)
        for seat in set(on_line):  # the colours on the line (most lines hold few buyers)
            if seat is not None and seat < n:
                income[seat] += market.INFO_INCOME[on_line.count(seat)]
    return income


# the buyers on each line's spaces, at once (every line has several spaces)
_LINE_BUYERS = tuple(itemgetter(*line) for line in market.LINES)


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


# the buyers on each stall's side spaces and then its corner spaces, at once
# (every stall has at least three neighbours, so a tuple)
_AROUND = tuple(itemgetter(*market.SIDES[stall], *market.CORNERS[stall])
                for stall in range(market.ROWS * COLS))


def start_resolution(state: HermagorState, events: list[Msg]) -> None:
    for seat, amount in enumerate(info_income(state)):
        if amount:
            state["money"][seat] += amount
            events.append({"key": "hermagor.ev.info", "args": {"seat": SEAT[seat], "amount": amount}})
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
            events.append({"key": "hermagor.ev.tile_stays",
                "args": {"tile": tile_msg(tile), "stall": market.STALL_LABELS[stall]}})
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
        state["bag"].append(tile)
        events.append({"key": "hermagor.ev.tile_shared", "args": {"tile": tile_msg(tile)}})
        if len(goods) == 1 and prices[goods[0]] < MAX_PRICE:
            prices[goods[0]] += 1
            events.append({"key": "hermagor.ev.price",
                "args": {"good": good_msg(goods[0]), "price": prices[goods[0]]}})
        return
    events.append({"key": "hermagor.ev.tile", "args": {"seat": SEAT[winner], "tile": tile_msg(tile)}})
    if tile == "deal":
        state["money"][winner] += 5
        state["bag"].append(tile)
        events.append(m("ev.deal", seat={"seat": winner}))
        return
    if tile == "fluct":
        state["bag"].append(tile)
        if any(prices[g] < MAX_PRICE for g in GOODS):
            state["pending"].append({"kind": "price_fluctuation", "seat": winner})
        return
    state["front_tiles"][winner].append(tile)
    if len(goods) == 1 and prices[goods[0]] < MAX_PRICE:
        state["pending"].append({"kind": "price_rise", "seat": winner, "good": goods[0]})


@cache
def _rise_action(good: str, price: int) -> Action:
    return act("rise", "act.rise", "price", "primary", good=good_msg(good), price=price)


@cache
def _fluctuation_action(good: str, price: int) -> Action:
    return act(f"fluct:{good}", "act.fluct", "price", "primary", good=good_msg(good), price=price)


def rise_actions(state: HermagorState, seat: int) -> list[Action]:
    good = state["pending"][0]["good"]
    return [_rise_action(good, state["prices"][good] + 1), _NORISE]


def rise_ids(state: HermagorState, seat: int) -> list[str]:
    return ["rise", "norise"]


_NORISE = static("norise", "act.norise", "price")


def fluctuation_actions(state: HermagorState, seat: int) -> list[Action]:
    prices = state["prices"]
    return [_fluctuation_action(g, prices[g] + 1) for g in GOODS if prices[g] < MAX_PRICE]


def fluctuation_ids(state: HermagorState, seat: int) -> list[str]:
    prices = state["prices"]
    return [_FLUCT_IDS[g] for g in GOODS if prices[g] < MAX_PRICE]


_FLUCT_IDS = {g: f"fluct:{g}" for g in GOODS}


def apply_price(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    """``rise`` (the good of the tile taken), ``fluct:<good>``, or ``norise``."""
    pending = state["pending"].pop(0)
    if action.head == "norise":
        return [{"key": "hermagor.ev.norise", "args": {"seat": SEAT[seat]}}]
    good = pending["good"] if action.head == "rise" else action.arg(0)
    state["prices"][good] += 1
    return [{"key": "hermagor.ev.rise",
            "args": {"seat": SEAT[seat], "good": good_msg(good), "price": state["prices"][good]}}]


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
                events.append({"key": "hermagor.ev.draw",
                    "args": {"seat": SEAT[seat], "tile": tile_msg(tile)}})
    state["phase"] = "named"
    if state["options"].get("tax"):
        return
    holders = [(tile_number(t), s) for s in range(state["players"])
               for t in front[s] if t[0] == "g"]
    if holders:
        number, namer = min(holders)
        events.append(m("ev.lowest", seat={"seat": namer}, n=number))
        state["pending"].append({"kind": "start_player", "seat": namer, "next_phase": "act"})


@cache
def _start_action(seat: int, primary: bool) -> Action:
    return Action(f"start:{seat}", m("act.start", seat={"seat": seat}), "start",
                  "primary" if primary else "secondary")


def name_actions(state: HermagorState, seat: int) -> list[Action]:
    return [_start_action(s, s == seat) for s in seat_order(state["players"], seat)]


def name_ids(state: HermagorState, seat: int) -> list[str]:
    return [_START_IDS[s] for s in seat_order(state["players"], seat)]


_START_IDS = tuple(f"start:{s}" for s in range(5))


def apply_name(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    state["start_player"] = action.number(0)
    events = [m("ev.start", seat={"seat": seat}, start={"seat": state["start_player"]})]
    if pending.get("next_phase") == "buy":
        begin_buying(state)
    return events
