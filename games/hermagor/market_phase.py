"""Phase 1 (tax official, buyers on the market) and phase 2 (market
information, tiles by majority, draws for the empty-handed, start player)."""

from __future__ import annotations

from games import rng
from games.base import Action, Msg, State
from games.hermagor import market
from games.hermagor.common import act, good_msg, m, order_from, shared, static, tile_msg
from games.hermagor.data import GOODS, MAX_PRICE, tile_goods, tile_number
from games.hermagor.setup import begin_buying, draw_tile, fresh_buy_step

STALL_COST = 2


# -- tax official (variant) ---------------------------------------------------
def tax_seat(state: State) -> int:
    return order_from(state, state["start"])[state["tax"]["asked"]]


def tax_actions(state: State) -> list[Action]:
    return [static("show", "act.show", "tax", "primary"), static("hide", "act.hide", "tax")]


def apply_tax(state: State, seat: int, action: str, events: list[Msg]) -> None:
    tax = state["tax"]
    if action == "show":
        tax["shown"][seat] = state["money"][seat]
        events.append(m("ev.show", seat={"seat": seat}, amount=state["money"][seat]))
    else:
        events.append(m("ev.hide", seat={"seat": seat}))
    tax["asked"] += 1
    if tax["asked"] < state["players"]:
        state["turn"] = tax_seat(state)
        return
    shown = [(amount, s) for s, amount in enumerate(tax["shown"]) if amount is not None]
    if not shown:
        namer = state["start"]
    else:
        low = min(a for a, _ in shown)
        tied = [s for a, s in shown if a == low]
        namer = tied[0]
        if len(tied) > 1:
            # "youngest player" tie: seat order from a seat the RNG picks
            first = rng.randbelow(state, state["players"])
            namer = next(s for s in order_from(state, first) if s in tied)
            events.append(m("ev.tie_random", first={"seat": first}, seat={"seat": namer}))
    events.append(m("ev.namer", seat={"seat": namer}))
    state["pending"].append({"kind": "name", "seat": namer, "then": "buy"})


# -- buyers -------------------------------------------------------------------
def band_targets(state: State, band: int, own: bool) -> list[tuple[str, int]]:
    """Free stalls and spaces of a band with their cost, cheapest first."""
    n = state["players"]
    out: list[tuple[str, int]] = []
    for stall in range(band * market.COLS, (band + 1) * market.COLS):
        if state["stalls"][stall] is not None and state["on_stall"][stall] is None:
            out.append((f"stall:{market.STALL_IDS[stall]}", STALL_COST if own else 0))
    for space in _BAND_SPACES[n][band]:
        if state["on_space"][space] is None:
            out.append((f"sp:{space}", market.SPACE_COST[space] if own else 0))
    if own:
        money = state["money"][state["turn"]]
        out = [t for t in out if t[1] <= money]
    return out


_BAND_SPACES = {
    n: {r: tuple(s for s in market.active_spaces(n) if market.band_of_space(s) == r)
        for r in market.active_rows(n)}
    for n in range(2, 6)
}


def band_msg(state: State, band: int) -> Msg:
    spaces = _BAND_SPACES[state["players"]][band]
    first, last = market.STALL_IDS[band * 4].upper(), market.STALL_IDS[band * 4 + 3].upper()
    return m("band", a=first, b=last, lo=min(spaces), hi=max(spaces))


def _band_open(state: State, band: int, own: bool) -> bool:
    """Whether a band has any free target we can pay for (no list built)."""
    money = state["money"][state["turn"]] if own else 99
    stalls, on_stall = state["stalls"], state["on_stall"]
    if money >= STALL_COST or not own:
        for stall in range(band * market.COLS, (band + 1) * market.COLS):
            if stalls[stall] is not None and on_stall[stall] is None:
                return True
    on_space = state["on_space"]
    cost = market.SPACE_COST
    for space in _BAND_SPACES[state["players"]][band]:
        if on_space[space] is None and cost[space] <= money:
            return True
    return False


_BAND_ACTIONS: dict[tuple[int, int, bool], Action] = {}


def _band_action(players: int, band: int, shared_buyer: bool) -> Action:
    key = (players, band, shared_buyer)
    if key not in _BAND_ACTIONS:
        label = m("act.sband" if shared_buyer else "act.band", band=band_msg({"players": players}, band))
        _BAND_ACTIONS[key] = Action(f"{'s' if shared_buyer else ''}band:{band}", label,
                                    "shared" if shared_buyer else "market",
                                    "secondary" if shared_buyer else "primary")
    return _BAND_ACTIONS[key]


def buy_actions(state: State, seat: int) -> list[Action]:
    step = state["step"]
    if step["band"] is not None:
        own = not step["shared"]
        out = []
        for tid, cost in band_targets(state, step["band"], own):
            kind, name = tid.split(":")
            label = name.upper() if kind == "stall" else name
            key = ("act.stall" if kind == "stall" else "act.space") + ("" if own else "_shared")
            out.append(act(tid, key, "market", "primary", name=label, cost=cost))
        out.append(static("back", "act.back", "market"))
        return out
    out = []
    rows = market.active_rows(state["players"])
    if not step["own"]:
        for r in rows:
            if _band_open(state, r, True):
                out.append(_band_action(state["players"], r, False))
        out.append(static("pass", "act.pass_buyer", "market", "danger"))
    if not step["sh"]:
        for r in rows:
            if _band_open(state, r, False):
                out.append(_band_action(state["players"], r, True))
        if step["own"]:
            out.append(static("done", "act.skip_shared", "shared"))
    return out


def apply_buy(state: State, seat: int, action: str, events: list[Msg]) -> None:
    step = state["step"]
    if action == "back":
        step["band"] = None
        return
    if action.startswith(("band:", "sband:")):
        step["band"] = int(action.split(":")[1])
        step["shared"] = action.startswith("s")
        return
    if action == "pass":
        state["buyers"][seat] -= 1
        step["own"] = True
        events.append(m("ev.pass_buyer", seat={"seat": seat}))
    elif action == "done":
        if state["buyers"][seat] == 0:
            state["shared_buyers"][seat] -= 1  # nothing else left: the buyer is given up
        step["sh"] = True
    else:
        kind, name = action.split(":")
        own = not step["shared"]
        colour = seat if own else shared(state)
        if kind == "stall":
            stall = market.STALL_IDS.index(name)
            state["on_stall"][stall] = colour
            cost = STALL_COST
            where = m("where.stall", name=name.upper())
        else:
            space = int(name)
            state["on_space"][space] = colour
            cost = market.SPACE_COST[space]
            where = m("where.space", name=name)
        if own:
            state["money"][seat] -= cost
            state["buyers"][seat] -= 1
            step["own"] = True
            events.append(m("ev.buyer", seat={"seat": seat}, where=where, cost=cost))
        else:
            state["shared_buyers"][seat] -= 1
            step["sh"] = True
            events.append(m("ev.buyer_shared", seat={"seat": seat}, where=where))
        step["band"] = None
    if step["own"] and step["sh"]:
        _next_buyer(state)


def _next_buyer(state: State) -> None:
    n = state["players"]
    for i in range(1, n + 1):
        seat = (state["turn"] + i) % n
        if state["buyers"][seat] + state["shared_buyers"][seat] > 0:
            state["turn"] = seat
            state["step"] = fresh_buy_step(state, seat)
            return
    state["phase"] = "resolve"
    state["p2"] = 0


# -- phase 2 ------------------------------------------------------------------
def info_income(state: State) -> list[int]:
    """Market information: per line 1/3/6/10 for 1/2/3/4 own buyers on it."""
    n = state["players"]
    income = [0] * n
    for line in market.LINES:
        counts = [0] * n
        for space in line:
            c = state["on_space"][space]
            if c is not None and c < n:
                counts[c] += 1
        for seat in range(n):
            income[seat] += market.INFO_INCOME[counts[seat]]
    return income


def stall_winner(state: State, stall: int) -> int | None:
    """Majority of buyers around (8) and on the stall; ties go to the one on
    the stall, then to more side than corner buyers; else nobody."""
    total: dict[int, int] = {}
    sides: dict[int, int] = {}
    on = state["on_stall"][stall]
    if on is not None:
        total[on] = 1
    for space in market.SIDES[stall]:
        c = state["on_space"][space]
        if c is not None:
            total[c] = total.get(c, 0) + 1
            sides[c] = sides.get(c, 0) + 1
    for space in market.CORNERS[stall]:
        c = state["on_space"][space]
        if c is not None:
            total[c] = total.get(c, 0) + 1
    if not total:
        return None
    best = max(total.values())
    tied = [c for c, v in total.items() if v == best]
    if len(tied) == 1:
        return tied[0]
    if on in tied:
        return on
    most = max(sides.get(c, 0) for c in tied)
    tied = [c for c in tied if sides.get(c, 0) == most]
    return tied[0] if len(tied) == 1 else None


def start_resolution(state: State, events: list[Msg]) -> None:
    for seat, amount in enumerate(info_income(state)):
        if amount:
            state["money"][seat] += amount
            events.append(m("ev.info", seat={"seat": seat}, amount=amount))
    state["p2"] = 0
    state["phase"] = "tiles"


def continue_tiles(state: State, events: list[Msg]) -> None:
    """Resolve stalls in reading order; stops when a decision is pending."""
    stalls = market.active_stalls(state["players"])
    while state["p2"] < len(stalls) and not state["pending"]:
        stall = stalls[state["p2"]]
        state["p2"] += 1
        tile = state["stalls"][stall]
        if tile is None:
            continue
        winner = stall_winner(state, stall)
        if winner is None:
            events.append(m("ev.tile_stays", tile=tile_msg(tile), stall=market.stall_label(stall)))
            continue
        state["stalls"][stall] = None
        _take_tile(state, winner, tile, events)
    if state["p2"] >= len(stalls) and not state["pending"]:
        _finish_phase2(state, events)


def _take_tile(state: State, winner: int, tile: str, events: list[Msg]) -> None:
    goods = tile_goods(tile)
    if winner == shared(state):
        state["bag"].append(tile)
        events.append(m("ev.tile_shared", tile=tile_msg(tile)))
        if len(goods) == 1 and state["prices"][goods[0]] < MAX_PRICE:
            state["prices"][goods[0]] += 1
            events.append(m("ev.price", good=good_msg(goods[0]), price=state["prices"][goods[0]]))
        return
    events.append(m("ev.tile", seat={"seat": winner}, tile=tile_msg(tile)))
    if tile == "deal":
        state["money"][winner] += 5
        state["bag"].append(tile)
        events.append(m("ev.deal", seat={"seat": winner}))
        return
    if tile == "fluct":
        state["bag"].append(tile)
        if any(state["prices"][g] < MAX_PRICE for g in GOODS):
            state["pending"].append({"kind": "fluct", "seat": winner})
        return
    state["front"][winner].append(tile)
    if len(goods) == 1 and state["prices"][goods[0]] < MAX_PRICE:
        state["pending"].append({"kind": "rise", "seat": winner, "good": goods[0]})


def rise_actions(state: State, pending: dict) -> list[Action]:
    good = pending["good"]
    return [act("rise", "act.rise", "price", "primary", good=good_msg(good),
                price=state["prices"][good] + 1),
            static("norise", "act.norise", "price")]


def fluct_actions(state: State) -> list[Action]:
    return [act(f"fluct:{g}", "act.fluct", "price", "primary", good=good_msg(g),
                price=state["prices"][g] + 1)
            for g in GOODS if state["prices"][g] < MAX_PRICE]


def apply_price(state: State, seat: int, pending: dict, action: str, events: list[Msg]) -> None:
    good = pending.get("good") if action == "rise" else action[6:] if action.startswith("fluct:") else None
    if good is not None:
        state["prices"][good] += 1
        events.append(m("ev.rise", seat={"seat": seat}, good=good_msg(good), price=state["prices"][good]))


def _finish_phase2(state: State, events: list[Msg]) -> None:
    # buyers go home; lists are reset in place (views may hold references)
    state["on_stall"][:] = [None] * len(state["on_stall"])
    state["on_space"][:] = [None] * len(state["on_space"])
    for seat in order_from(state, state["start"]):
        if not any(t[0] == "g" for t in state["front"][seat]):
            tile = draw_tile(state, goods_only=True)  # no price rise for it
            if tile is not None:
                state["front"][seat].append(tile)
                events.append(m("ev.draw", seat={"seat": seat}, tile=tile_msg(tile)))
    state["phase"] = "named"
    if state["options"].get("tax"):
        return
    holders = [(tile_number(t), s) for s in range(state["players"])
               for t in state["front"][s] if t[0] == "g"]
    if holders:
        namer = min(holders)[1]
        events.append(m("ev.lowest", seat={"seat": namer}, n=min(holders)[0]))
        state["pending"].append({"kind": "name", "seat": namer, "then": "act"})


def name_actions(state: State, pending: dict) -> list[Action]:
    return [Action(f"start:{s}", m("act.start", seat={"seat": s}), "start",
                   "primary" if s == pending["seat"] else "secondary")
            for s in order_from(state, pending["seat"])]


def apply_name(state: State, seat: int, pending: dict, action: str, events: list[Msg]) -> None:
    state["start"] = int(action.split(":")[1])
    events.append(m("ev.start", seat={"seat": seat}, start={"seat": state["start"]}))
    if pending["then"] == "buy":
        begin_buying(state)
