"""Phase 3: moving the merchant, selling, trading posts, enclosing regions
(production discs and nobility), the shared colour's posts with 2 players."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg
from games.hermagor import board
from games.hermagor.common import (
    SEAT,
    Table,
    act,
    colour_ref,
    good_msg,
    goods_of,
    goods_on,
    m,
    shared,
    static,
)
from games.hermagor.data import GOODS, NOBILITY, PROD_SLOTS, TILE_GOODS, open_slots
from games.hermagor.schema import ActTurn, HermagorState, Pending, TravelMode

V = board.VILLAGES
DIST = board.DIST
GOOD_OF = board.GOOD_OF
DUCHY_OF = board.DUCHY_OF
_NUM = {v: int(v[1:]) for v in V}  # village number, for stable ordering
VILLAGES_OF_GOOD: dict[str, tuple[str, ...]] = {g: tuple(v for v in V if GOOD_OF[v] == g) for g in GOODS}
# From each node: the villages by half fare (walking), then by number.
_WALKS: dict[str, tuple[tuple[str, int], ...]] = {
    loc: tuple(sorted(((v, DIST[loc][v] // 2) for v in V if v != loc), key=lambda t: (t[1], _NUM[t[0]])))
    for loc in board.NODES
}
# the same, per duchy
_WALKS_BY_DUCHY: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = {
    loc: tuple(tuple(w for w in walks if DUCHY_OF[w[0]] == d) for d in range(len(board.DUCHIES)))
    for loc, walks in _WALKS.items()
}
# and per duchy its cheapest walk apart from the dearer ones (every duchy has
# villages to walk to from anywhere)
# (its menu entry's id, the village, its cost, the dearer walks)
_WALK_HEADS: dict[str, tuple[tuple[str, str, int, tuple[tuple[str, int], ...]], ...]] = {
    loc: tuple((f"walk:{d}", walks[0][0], walks[0][1], walks[1:]) for d, walks in enumerate(by_duchy))
    for loc, by_duchy in _WALKS_BY_DUCHY.items()
}
# From each node, by good: the other villages selling it with the fare there,
# full (``_ROUTES[False]``) and by the side road (``_ROUTES[True]``, half),
# cheapest first (a search for one within reach stops at the first too dear).
_ROUTES: dict[bool, dict[str, dict[str, tuple[tuple[str, int], ...]]]] = {
    side: {loc: {g: tuple(sorted(((v, DIST[loc][v] // 2 if side else DIST[loc][v])
                                  for v in VILLAGES_OF_GOOD[g] if v != loc), key=lambda t: (t[1], _NUM[t[0]])))
                 for g in GOODS}
           for loc in board.NODES}
    for side in (False, True)
}
GOOD_VILLAGES = max(len(vs) for vs in VILLAGES_OF_GOOD.values())  # 4 villages sell a good
MAX_LIST = 24  # destinations + "back" fit a 25-entry menu
_MODES: dict[str, TravelMode] = {"move": "move", "side": "side", "walk": "walk", "spost": "spost"}


def fresh_turn(state: Table, seat: int) -> ActTurn:
    return {"mode": None, "duchy": None, "acted": False,
            # ``shared(state) is None`` (more than 2 players), inline: every turn asks
            "shared_done": state["players"] != 2 or state["shared_posts"][seat] == 0}


def begin(state: HermagorState) -> None:
    state["phase"] = "act"
    seat = state["start_player"]
    if state["posts_in_hand"][seat] == 0:
        nxt = _next_seat(state, seat)
        seat = seat if nxt is None else nxt
    state["turn"] = seat
    state["act_turn"] = fresh_turn(state, seat)


def _next_seat(state: HermagorState, seat: int) -> int | None:
    """The next seat with a trading post in hand, in turn order (``seat``
    itself last)."""
    hand = state["posts_in_hand"]
    for s in _AFTER[state["players"]][seat]:
        if hand[s] > 0:
            return s
    return None


# per player count and seat: the seats after it in turn order, itself last
_AFTER = {n: tuple(tuple((seat + i) % n for i in range(1, n + 1)) for seat in range(n)) for n in range(2, 6)}


def anyone_can_act(state: HermagorState) -> bool:
    return any(state["posts_in_hand"])


# -- targets ------------------------------------------------------------------
def can_sell_here(state: Table, seat: int, goods: frozenset[str] | None = None) -> bool:
    loc = state["merchants"][seat]
    return (loc != board.HERMAGOR and seat not in state["village_posts"][loc]
            and GOOD_OF[loc] in (goods_of(state, seat) if goods is None else goods)
            and state["posts_in_hand"][seat] > 0)


def move_targets(state: Table, seat: int, side: bool, goods: frozenset[str] | None = None) -> list[tuple[str, int]]:
    """Villages to move to and sell in, with the route cost (halved with the
    side road); the fare may be paid out of the sale.  Cheapest net of the
    sale first."""
    loc = state["merchants"][seat]
    if goods is None:
        goods = goods_of(state, seat)
    money = state["money"][seat]
    prices = state["prices"]
    routes = _ROUTES[side][loc]
    posts = state["village_posts"]
    found = []
    for good in goods:
        price = prices[good]
        reach = money + price
        for v, cost in routes[good]:
            if reach >= cost and seat not in posts[v]:
                found.append((cost - price, _NUM[v], v, cost))
    found.sort()  # by net cost, then number: no two alike, so never on ``v``
    return [(v, cost) for _net, _num, v, cost in found]


def move_entry_ids(state: Table, seat: int, kind: str, goods: frozenset[str]) -> list[str]:
    """The main menu's entries for moving (``move``) or taking the side road
    (``side``, only with its tile): one entry, or one per duchy when the
    destination list would be too long for a menu (many goods in hand)."""
    side = kind == "side"
    if not goods or (side and "side" not in state["front_tiles"][seat]):
        return []
    if len(goods) * GOOD_VILLAGES > MAX_LIST:  # the list may be too long: count it
        targets = move_targets(state, seat, side, goods)
        if len(targets) > MAX_LIST:
            return [f"{kind}:{d}" for d in sorted({DUCHY_OF[v] for v, _ in targets})]
        return [kind] if targets else []
    # else it fits a menu: one destination is enough to list the entry
    return [kind] if _can_move(state, seat, _ROUTES[side][state["merchants"][seat]], goods) else []


def _can_move(state: Table, seat: int, routes: dict[str, tuple[tuple[str, int], ...]],
              goods: frozenset[str]) -> bool:
    """Whether a village of ``goods`` on ``routes`` (from the merchant) is in
    reach and without the seat's post."""
    money = state["money"][seat]
    prices = state["prices"]
    posts = state["village_posts"]
    for good in goods:
        reach = money + prices[good]
        for v, cost in routes[good]:
            if cost > reach:
                break
            if seat not in posts[v]:
                return True
    return False


def walk_targets(state: Table, seat: int, duchy: int | None) -> list[tuple[str, int]]:
    """Villages without the seat's post to walk to (half fare, no sale),
    cheapest first."""
    money = state["money"][seat]
    posts = state["village_posts"]
    loc = state["merchants"][seat]
    out = []
    for v, cost in _WALKS[loc] if duchy is None else _WALKS_BY_DUCHY[loc][duchy]:
        if cost > money:
            break
        if seat not in posts[v]:
            out.append((v, cost))
    return out


def _walk_open(state: Table, seat: int, duchy: int) -> bool:
    """Whether ``walk_targets`` reaches a village of ``duchy``."""
    money = state["money"][seat]
    posts = state["village_posts"]
    for v, cost in _WALKS_BY_DUCHY[state["merchants"][seat]][duchy]:
        if cost > money:
            return False
        if seat not in posts[v]:
            return True
    return False


def spost_targets(state: Table, seat: int) -> list[str]:
    """Villages of the goods the seat holds without a post of the shared
    colour, in number order."""
    sh = shared(state)
    posts = state["village_posts"]
    out = [v for good in goods_of(state, seat) for v in VILLAGES_OF_GOOD[good] if sh not in posts[v]]
    out.sort(key=_NUM.__getitem__)
    return out


def _any_spost_target(state: Table, seat: int) -> bool:
    """Whether ``spost_targets`` lists a village (asked with 2 players only:
    with more, the turn has nothing of the shared colour to do)."""
    posts = state["village_posts"]
    for tile in state["front_tiles"][seat]:
        for v in _TILE_VILLAGES[tile]:
            if _SHARED not in posts[v]:
                return True
    return False


_SHARED = 2  # ``shared(state)`` with 2 players: the third colour
# tile id -> the villages selling its goods
_TILE_VILLAGES = {tile: tuple(v for good in goods for v in VILLAGES_OF_GOOD[good]) for tile, goods in TILE_GOODS.items()}


@cache
def _vmsg(v: str) -> Msg:
    return m("village", n=board.label(v), good=good_msg(GOOD_OF[v]))


# -- legal actions ----------------------------------------------------------------
@cache
def _move_to(v: str, cost: int, price: int) -> Action:
    return Action(_TO_ID[v], m("act.move_to", village=_vmsg(v), cost=cost, price=price), "move", "primary")


@cache
def _walk_to(v: str, cost: int) -> Action:
    return Action(_TO_ID[v], m("act.walk_to", village=_vmsg(v), cost=cost), "move")


@cache
def _spost_to(v: str) -> Action:
    return Action(_TO_ID[v], m("act.spost_to", village=_vmsg(v)), "shared")


@cache
def _sell(v: str, price: int) -> Action:
    return act("sell", "act.sell", "action", "success", village=_vmsg(v), price=price)


def _entry(entry_id: str) -> Action:
    entry = ActionId.parse(entry_id)
    if not entry.args:
        return static(entry.head, f"act.{entry.head}", "action", "primary")
    duchy = entry.number(0)
    return act(entry_id, f"act.{entry.head}_in", "action", "primary", duchy=m(f"duchy.{duchy}"))


def _walk_entry(duchy: int) -> Action:
    return act(WALK_IDS[duchy], "act.walk", "action", duchy=m(f"duchy.{duchy}"))


_DUCHIES = range(len(board.DUCHIES))
WALK_IDS = tuple(f"walk:{d}" for d in _DUCHIES)
_DUCHY_ARG = {str(d): d for d in _DUCHIES}
_TO_ID = {v: f"to:{v}" for v in V}  # the ids of the destination menus
# every id the main menu can list for moving, by kind: one entry, or one a duchy
_ENTRY_IDS = {kind: (kind, *(f"{kind}:{d}" for d in _DUCHIES)) for kind in ("move", "side")}
_BACK_MOVE = static("back", "act.back", "move")
_BACK_SHARED = static("back", "act.back", "shared")
# The main menu's actions by id, but for selling (its label shows the price).
_MAIN: dict[str, Action] = {
    **{entry: _entry(entry) for ids in _ENTRY_IDS.values() for entry in ids},
    **{WALK_IDS[d]: _walk_entry(d) for d in _DUCHIES},
    "pass": static("pass", "act.pass", "action", "danger"),
    "spost": static("spost", "act.spost", "shared"),
    "done": static("done", "act.done", "shared"),
}


def _shared_post_open(state: Table, seat: int, turn: ActTurn) -> bool:
    """Whether the seat may still place a post of the shared colour."""
    return not turn["shared_done"] and _any_spost_target(state, seat)


def _destinations(state: HermagorState, seat: int, turn: ActTurn) -> list[tuple[str, int]]:
    """The villages of the open menu (``to:<village>``) with their cost, in
    menu order."""
    mode, duchy = turn["mode"], turn["duchy"]
    if mode == "walk":
        return walk_targets(state, seat, duchy)
    if mode == "spost":
        return [(v, 0) for v in spost_targets(state, seat)]
    targets = move_targets(state, seat, mode == "side")
    return targets if duchy is None else [(v, c) for v, c in targets if DUCHY_OF[v] == duchy]


def legal_ids(state: HermagorState, seat: int) -> list[str]:
    turn = state["act_turn"]
    assert turn is not None
    if turn["mode"] is not None:
        out = [_TO_ID[v] for v, _cost in _destinations(state, seat, turn)]
        out.append("back")
        return out
    # The main menu: sell here, open a destination menu, pass; then the shared
    # colour's post (and being done with it once the action is taken).  Asked
    # at most steps of a game, so ``can_sell_here`` and ``goods_of`` are inline.
    out = []
    if not turn["acted"]:
        tiles = state["front_tiles"][seat]
        loc = state["merchants"][seat]
        posts = state["village_posts"]
        if tiles:
            goods = goods_on(tuple(tiles))
            if GOOD_OF.get(loc) in goods and seat not in posts[loc] and state["posts_in_hand"][seat] > 0:
                out.append("sell")
            if goods:
                if len(goods) * GOOD_VILLAGES <= MAX_LIST:  # one entry (``move_entry_ids``)
                    if _can_move(state, seat, _ROUTES[False][loc], goods):
                        out.append("move")
                else:
                    out += move_entry_ids(state, seat, "move", goods)
                if "side" in tiles:
                    out += move_entry_ids(state, seat, "side", goods)
        # a walk entry for each duchy with a village in reach without the seat's post
        money = state["money"][seat]
        for walk_id, v, cost, dearer in _WALK_HEADS[loc]:
            if cost > money:
                continue
            if seat not in posts[v]:
                out.append(walk_id)
                continue
            for v, cost in dearer:
                if cost > money:
                    break
                if seat not in posts[v]:
                    out.append(walk_id)
                    break
        out.append("pass")
    if not turn["shared_done"] and _any_spost_target(state, seat):
        out.append("spost")
        if turn["acted"]:
            out.append("done")
    return out


def legal(state: HermagorState, seat: int) -> list[Action]:
    turn = state["act_turn"]
    assert turn is not None
    mode = turn["mode"]
    if mode is None:
        loc = state["merchants"][seat]
        return [_sell(loc, state["prices"][GOOD_OF[loc]]) if i == "sell" else _MAIN[i]
                for i in legal_ids(state, seat)]
    targets = _destinations(state, seat, turn)
    if mode == "walk":
        out = [_walk_to(v, c) for v, c in targets]
    elif mode == "spost":
        out = [_spost_to(v) for v, _ in targets]
    else:
        prices = state["prices"]
        out = [_move_to(v, c, prices[GOOD_OF[v]]) for v, c in targets]
    out.append(_BACK_SHARED if mode == "spost" else _BACK_MOVE)
    return out


def allows(state: HermagorState, seat: int, action: ActionId) -> bool:
    """``str(action) in legal_ids(state, seat)``, answered by asking only the
    rule that can list it."""
    turn = state["act_turn"]
    assert turn is not None
    head, args = action
    if head == "pass":  # the most frequent
        return not args and turn["mode"] is None and not turn["acted"]
    if turn["mode"] is not None:
        if head == "back":
            return not args
        return head == "to" and len(args) == 1 and args[0] in GOOD_OF and _reaches(state, seat, turn, args[0])
    if args:
        if head in _ENTRY_IDS and not turn["acted"]:
            return str(action) in move_entry_ids(state, seat, head, goods_of(state, seat))
        if head == "walk" and not turn["acted"] and len(args) == 1 and args[0] in _DUCHY_ARG:
            return _walk_open(state, seat, _DUCHY_ARG[args[0]])
        return False
    if head == "spost" or head == "done":
        return (head == "spost" or turn["acted"]) and _shared_post_open(state, seat, turn)
    if turn["acted"]:
        return False
    if head == "pass":
        return True
    if head == "sell":
        return can_sell_here(state, seat)
    if head in _ENTRY_IDS:
        return head in move_entry_ids(state, seat, head, goods_of(state, seat))
    return False


def _reaches(state: HermagorState, seat: int, turn: ActTurn, v: str) -> bool:
    """Whether the open menu lists village ``v`` (``_destinations``, for one)."""
    mode = turn["mode"]
    posts = state["village_posts"][v]
    if mode == "spost":
        return shared(state) not in posts and GOOD_OF[v] in goods_of(state, seat)
    duchy = turn["duchy"]
    loc = state["merchants"][seat]
    if (duchy is not None and DUCHY_OF[v] != duchy) or v == loc or seat in posts:
        return False
    money = state["money"][seat]
    if mode == "walk":
        return DIST[loc][v] // 2 <= money
    good = GOOD_OF[v]
    cost = DIST[loc][v] // 2 if mode == "side" else DIST[loc][v]
    return money + state["prices"][good] >= cost and good in goods_of(state, seat)


# -- applying -----------------------------------------------------------------------
def play(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    """Apply a villages-phase action (``play``: ``apply`` is the core's)."""
    turn = state["act_turn"]
    assert turn is not None
    head, args = action
    events: list[Msg] = []
    # the most frequent first: a pass, a destination, a menu opened
    if head == "pass":
        _return_post(state, seat)
        turn["acted"] = True
        events.append({"key": "hermagor.ev.pass", "args": {"seat": SEAT[seat]}})
        return events
    if head != "to":
        if head in _MODES:
            turn["mode"] = _MODES[head]
            turn["duchy"] = int(args[0]) if args else None
        elif head == "back":
            turn["mode"] = turn["duchy"] = None
        elif head == "done":
            turn["shared_done"] = True
        else:  # sell
            turn["acted"] = True
            sell(state, seat, state["merchants"][seat], events)
        return events
    village = args[0]  # to:<village>
    mode = turn["mode"]
    turn["mode"] = turn["duchy"] = None
    loc = state["merchants"][seat]
    if mode == "spost":
        turn["shared_done"] = True
        place_shared(state, seat, village, events)
        return events
    turn["acted"] = True
    if mode == "walk":
        cost = DIST[loc][village] // 2
        state["money"][seat] -= cost
        state["merchants"][seat] = village
        _return_post(state, seat)
        events.append({"key": "hermagor.ev.walk",
            "args": {"seat": SEAT[seat], "village": _vmsg(village), "cost": cost}})
        return events
    cost = DIST[loc][village]
    if mode == "side":
        full, cost = cost, cost // 2
        state["front_tiles"][seat].remove("side")
        state["bag"].append("side")  # used once, back into the bag
        events.append(m("ev.move_side", seat={"seat": seat}, village=_vmsg(village), cost=cost,
                        full=full))
    else:
        events.append({"key": "hermagor.ev.move",
            "args": {"seat": SEAT[seat], "village": _vmsg(village), "cost": cost}})
    state["merchants"][seat] = village
    # the fare may be paid after the sale: sell first, then pay
    sell(state, seat, village, events)
    state["money"][seat] -= cost
    return events


def _return_post(state: HermagorState, seat: int) -> None:
    state["posts_in_hand"][seat] -= 1
    state["post_supply"][seat] += 1


def sell(state: HermagorState, seat: int, village: str, events: list[Msg]) -> None:
    good = GOOD_OF[village]
    price = state["prices"][good]
    state["money"][seat] += price
    events.append({"key": "hermagor.ev.sell",
        "args": {"seat": SEAT[seat], "good": good_msg(good), "village": _vmsg(village), "price": price}})
    here = state["village_posts"][village]
    n = state["players"]
    black = "black" in state["front_tiles"][seat]
    sh = shared(state)
    for other in here:
        if other == seat or other >= n:
            continue
        amount = 0 if black else (2 if sh is not None and sh in here else 1)
        if amount:
            state["money"][other] += amount
            events.append(m("ev.post_income", seat={"seat": other}, amount=amount))
    if black and any(o != seat and o < n for o in here):
        events.append(m("ev.black", seat={"seat": seat}))
    here.append(seat)
    state["posts_in_hand"][seat] -= 1
    check_enclosures(state, seat, village, seat, events)


def place_shared(state: HermagorState, seat: int, village: str, events: list[Msg]) -> None:
    sh = shared(state)
    assert sh is not None
    state["village_posts"][village].append(sh)
    state["shared_posts"][seat] -= 1
    events.append({"key": "hermagor.ev.spost", "args": {"seat": SEAT[seat], "village": _vmsg(village)}})
    check_enclosures(state, sh, village, seat, events)


def prod_options(state: Table, colour: int, region: int) -> list[tuple[str, int]]:
    """Rows the region allows with a free uncovered slot: (good, slot index)."""
    if state["disc_supply"][colour] == 0:
        return []
    out = []
    players = state["players"]
    production, prices = state["production"], state["prices"]
    for good in board.REGIONS[region]["b"]:
        row = production[good]
        for i in open_slots(prices[good], players):
            if row[i] is None:
                out.append((good, i))
                break
    return out


def check_enclosures(state: HermagorState, colour: int, village: str, decider: int,
                     events: list[Msg]) -> None:
    posts = state["village_posts"]
    for r in board.REGIONS_OF[village]:
        region = board.REGIONS[r]
        for v in region["v"]:
            if colour not in posts[v]:
                break
        else:  # every village of the region has a post of the colour
            _enclose(state, colour, r, decider, events)


def _enclose(state: HermagorState, colour: int, r: int, decider: int, events: list[Msg]) -> None:
    """``colour`` has enclosed region ``r``: its flag's nobility, and a
    production disc to place (``decider`` chooses the row)."""
    region = board.REGIONS[r]
    events.append(m("ev.enclose", who=colour_ref(state, colour), region=r + 1))
    if region["flag"]:
        _nobility(state, colour, events)
    if prod_options(state, colour, r):
        state["pending"].append({"kind": "production", "seat": decider, "colour": colour, "region": r})
    else:
        note = no_prod_reason(state, colour, r)
        if note is not None:
            events.append(note)


def no_prod_reason(state: HermagorState, colour: int, region: int) -> Msg | None:
    """Why an enclosed region gives no production building (None: the region
    shows none, only its flag)."""
    goods = board.REGIONS[region]["b"]
    if not goods:
        return None
    who = colour_ref(state, colour)
    if state["disc_supply"][colour] == 0:
        return m("ev.noprod_discs", who=who, region=region + 1)
    key = "ev.noprod_full" if len(goods) == 1 else "ev.noprod_full_rows"
    return m(key, who=who, region=region + 1, goods=_goods_list(goods))


def _goods_list(goods: list[str]) -> Msg:
    if len(goods) == 1:
        return good_msg(goods[0])
    return m("and" + str(len(goods)), **{f"g{i}": good_msg(g) for i, g in enumerate(goods)})


def _nobility(state: HermagorState, colour: int, events: list[Msg]) -> None:
    track = state["nobility"]
    if state["disc_supply"][colour] == 0:
        events.append(m("ev.nobility_nodisc", who=colour_ref(state, colour)))
        return
    if None not in track:
        events.append(m("ev.nobility_full", who=colour_ref(state, colour)))
        return
    i = track.index(None)
    track[i] = colour
    state["disc_supply"][colour] -= 1
    value = NOBILITY[i]
    if colour < state["players"]:
        state["money"][colour] += value
    events.append(m("ev.nobility", who=colour_ref(state, colour), value=value))


@cache
def _prod_action(good: str, value: int) -> Action:
    return act(f"prod:{good}", "act.prod", "prod", "primary", good=good_msg(good), value=value)


def _prod_choices(state: HermagorState, pending: Pending) -> list[tuple[str, int]]:
    """The rows open to the pending production disc, the best slot first."""
    return sorted(prod_options(state, pending["colour"], pending["region"]), key=lambda t: t[1])


def prod_actions(state: HermagorState, seat: int) -> list[Action]:
    pending = state["pending"][0]
    out = [_prod_action(g, PROD_SLOTS[i]) for g, i in _prod_choices(state, pending)]
    if pending["colour"] == shared(state):
        return out  # the shared colour's disc always goes on: only the row is chosen
    out.append(_NOPROD)
    return out


def prod_ids(state: HermagorState, seat: int) -> list[str]:
    pending = state["pending"][0]
    out = [f"prod:{g}" for g, _slot in _prod_choices(state, pending)]
    if pending["colour"] != shared(state):
        out.append("noprod")
    return out


_NOPROD = static("noprod", "act.noprod", "prod")


def apply_prod(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    colour = pending["colour"]
    if action.head == "noprod":
        return [m("ev.noprod", who=colour_ref(state, colour))]
    good = action.arg(0)
    slot = dict(prod_options(state, colour, pending["region"]))[good]
    state["production"][good][slot] = colour
    state["disc_supply"][colour] -= 1
    value = PROD_SLOTS[slot]
    if colour < state["players"]:
        state["money"][colour] += value
    return [m("ev.prod", who=colour_ref(state, colour), good=good_msg(good), value=value)]


def after_action(state: HermagorState) -> None:
    """Called when no decision is pending: end the turn when it is complete."""
    turn = state["act_turn"]
    seat = state["turn"]
    assert turn is not None and seat is not None
    if not turn["acted"]:
        return
    if not turn["shared_done"] and (state["shared_posts"][seat] == 0 or not _any_spost_target(state, seat)):
        turn["shared_done"] = True
    if not turn["shared_done"]:
        return
    nxt = _next_seat(state, seat)
    if nxt is None:
        state["phase"] = "end_round"
        state["turn"] = None
        state["act_turn"] = None
        return
    state["turn"] = nxt
    state["act_turn"] = fresh_turn(state, nxt)


def end_round(state: HermagorState, events: list[Msg]) -> None:
    """Tiles go back into the bag; unused shared posts back to their supply;
    merchants stay where they are."""
    sh = shared(state)
    if sh is not None:
        state["post_supply"][sh] += sum(state["shared_posts"])
        state["shared_posts"] = [0] * state["players"]
    front = state["front_tiles"]
    for seat in range(state["players"]):
        state["bag"].extend(front[seat])
        front[seat] = []
    events.append(m("ev.round_end", round=state["round"]))
