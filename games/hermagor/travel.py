"""Phase 3: moving the merchant, selling, trading posts, enclosing regions
(production discs and nobility), the shared colour's posts with 2 players."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg
from games.hermagor import board
from games.hermagor.common import Table, act, colour_ref, good_msg, goods_of, m, order_from, shared, static
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
MAX_LIST = 24  # destinations + "back" fit a 25-entry menu
_MODES: dict[str, TravelMode] = {"move": "move", "side": "side", "walk": "walk", "spost": "spost"}


def fresh_turn(state: Table, seat: int) -> ActTurn:
    return {"mode": None, "duchy": None, "acted": False,
            "shared_done": shared(state) is None or state["shared_posts"][seat] == 0}


def begin(state: HermagorState) -> None:
    state["phase"] = "act"
    seat = state["start_player"]
    if state["posts_in_hand"][seat] == 0:
        nxt = _next_seat(state, seat)
        seat = seat if nxt is None else nxt
    state["turn"] = seat
    state["act_turn"] = fresh_turn(state, seat)


def _next_seat(state: HermagorState, seat: int) -> int | None:
    n = state["players"]
    hand = state["posts_in_hand"]
    for i in range(1, n + 1):
        s = (seat + i) % n
        if hand[s] > 0:
            return s
    return None


def anyone_can_act(state: HermagorState) -> bool:
    return any(state["posts_in_hand"])


# -- targets ------------------------------------------------------------------
def can_sell_here(state: Table, seat: int, goods: set[str] | None = None) -> bool:
    loc = state["merchants"][seat]
    return (loc != board.HERMAGOR and seat not in state["village_posts"][loc]
            and GOOD_OF[loc] in (goods_of(state, seat) if goods is None else goods)
            and state["posts_in_hand"][seat] > 0)


def move_targets(state: Table, seat: int, side: bool, goods: set[str] | None = None,
                 ordered: bool = True) -> list[tuple[str, int]]:
    """Villages to move to and sell in, with the route cost (halved with the
    side road); the fare may be paid out of the sale.  Cheapest net of the
    sale first (``ordered``; else in no particular order)."""
    loc = state["merchants"][seat]
    if goods is None:
        goods = goods_of(state, seat)
    money = state["money"][seat]
    prices = state["prices"]
    dist = DIST[loc]
    posts = state["village_posts"]
    out = []
    for good in goods:
        reach = money + prices[good]
        for v in VILLAGES_OF_GOOD[good]:
            if v == loc or seat in posts[v]:
                continue
            cost = dist[v] // 2 if side else dist[v]
            if reach >= cost:
                out.append((v, cost))
    if ordered:
        out.sort(key=lambda target: (target[1] - prices[GOOD_OF[target[0]]], _NUM[target[0]]))
    return out


def move_entry_ids(state: Table, seat: int, kind: str, goods: set[str]) -> list[str]:
    """The main menu's entries for moving (``move``) or taking the side road
    (``side``, only with its tile): one entry, or one per duchy when the
    destination list would be too long for a menu (many goods in hand)."""
    if not goods or (kind == "side" and "side" not in state["front_tiles"][seat]):
        return []
    targets = move_targets(state, seat, kind == "side", goods, ordered=False)
    if not targets:
        return []
    if len(targets) <= MAX_LIST:
        return [kind]
    return [f"{kind}:{d}" for d in sorted({DUCHY_OF[v] for v, _ in targets})]


def walk_targets(state: Table, seat: int, duchy: int | None) -> list[tuple[str, int]]:
    """Villages without the seat's post to walk to (half fare, no sale),
    cheapest first."""
    money = state["money"][seat]
    posts = state["village_posts"]
    out = []
    for v, cost in _WALKS[state["merchants"][seat]]:
        if cost > money:
            break
        if seat not in posts[v] and (duchy is None or DUCHY_OF[v] == duchy):
            out.append((v, cost))
    return out


def walk_duchies(state: Table, seat: int) -> list[int]:
    """The duchies ``walk_targets`` reaches (sorted)."""
    money = state["money"][seat]
    posts = state["village_posts"]
    out = []
    for duchy, walks in enumerate(_WALKS_BY_DUCHY[state["merchants"][seat]]):
        for v, cost in walks:
            if cost > money:
                break
            if seat not in posts[v]:
                out.append(duchy)
                break
    return out


def spost_targets(state: Table, seat: int, ordered: bool = True) -> list[str]:
    """Villages of the goods the seat holds without a post of the shared
    colour (in number order, or ``ordered=False`` in no particular order)."""
    sh = shared(state)
    posts = state["village_posts"]
    out = [v for good in goods_of(state, seat) for v in VILLAGES_OF_GOOD[good] if sh not in posts[v]]
    if ordered:
        out.sort(key=_NUM.__getitem__)
    return out


def _any_spost_target(state: Table, seat: int) -> bool:
    sh = shared(state)
    posts = state["village_posts"]
    for tile in state["front_tiles"][seat]:
        for good in TILE_GOODS[tile]:
            for v in VILLAGES_OF_GOOD[good]:
                if sh not in posts[v]:
                    return True
    return False


@cache
def _vmsg(v: str) -> Msg:
    return m("village", n=board.label(v), good=good_msg(GOOD_OF[v]))


# -- legal actions ----------------------------------------------------------------
@cache
def _move_to(v: str, cost: int, price: int) -> Action:
    return Action(f"to:{v}", m("act.move_to", village=_vmsg(v), cost=cost, price=price), "move", "primary")


@cache
def _walk_to(v: str, cost: int) -> Action:
    return Action(f"to:{v}", m("act.walk_to", village=_vmsg(v), cost=cost), "move")


@cache
def _spost_to(v: str) -> Action:
    return Action(f"to:{v}", m("act.spost_to", village=_vmsg(v)), "shared")


@cache
def _sell(v: str, price: int) -> Action:
    return act("sell", "act.sell", "action", "success", village=_vmsg(v), price=price)


@cache
def _entry(entry_id: str) -> Action:
    entry = ActionId.parse(entry_id)
    if not entry.args:
        return static(entry.head, f"act.{entry.head}", "action", "primary")
    duchy = entry.number(0)
    return act(entry_id, f"act.{entry.head}_in", "action", "primary", duchy=m(f"duchy.{duchy}"))


@cache
def _walk_entry(duchy: int) -> Action:
    return act(WALK_IDS[duchy], "act.walk", "action", duchy=m(f"duchy.{duchy}"))


WALK_IDS = tuple(f"walk:{d}" for d in range(len(board.DUCHIES)))
_TO_VILLAGE = {f"to:{v}": v for v in V}  # the ids of the destination menus
_WALK_ACTIONS = tuple(_walk_entry(d) for d in range(len(board.DUCHIES)))
_BACK_MOVE = static("back", "act.back", "move")
_BACK_SHARED = static("back", "act.back", "shared")
_PASS = static("pass", "act.pass", "action", "danger")
_SPOST = static("spost", "act.spost", "shared")
_DONE = static("done", "act.done", "shared")


def _shared_post_open(state: Table, seat: int, turn: ActTurn) -> bool:
    """Whether the seat may still place a post of the shared colour."""
    return not turn["shared_done"] and _any_spost_target(state, seat)


def _destinations(state: HermagorState, seat: int, turn: ActTurn,
                  ordered: bool = True) -> list[tuple[str, int]]:
    """The villages of the open menu (``to:<village>``) with their cost (in
    menu order, or ``ordered=False`` in no particular order)."""
    mode, duchy = turn["mode"], turn["duchy"]
    if mode == "walk":
        return walk_targets(state, seat, duchy)
    if mode == "spost":
        return [(v, 0) for v in spost_targets(state, seat, ordered)]
    targets = move_targets(state, seat, mode == "side", ordered=ordered)
    return targets if duchy is None else [(v, c) for v, c in targets if DUCHY_OF[v] == duchy]


def actions(state: HermagorState, seat: int) -> list[Action]:
    turn = state["act_turn"]
    assert turn is not None
    mode = turn["mode"]
    if mode is not None:
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
    out = []
    if not turn["acted"]:
        goods = goods_of(state, seat)
        if can_sell_here(state, seat, goods):
            loc = state["merchants"][seat]
            out.append(_sell(loc, state["prices"][GOOD_OF[loc]]))
        for kind in ("move", "side"):
            for entry in move_entry_ids(state, seat, kind, goods):
                out.append(_entry(entry))
        for d in walk_duchies(state, seat):
            out.append(_WALK_ACTIONS[d])
        out.append(_PASS)
    if _shared_post_open(state, seat, turn):
        out.append(_SPOST)
        if turn["acted"]:
            out.append(_DONE)
    return out


# every id the main menu can list for moving, by kind
_ENTRY_IDS = {kind: frozenset([kind, *(f"{kind}:{d}" for d in range(len(board.DUCHIES)))])
              for kind in ("move", "side")}


def is_legal(state: HermagorState, seat: int, action_id: str) -> bool:
    """``action_id in [a.id for a in actions(state, seat)]``, answered by
    asking only the rule that can list it."""
    turn = state["act_turn"]
    assert turn is not None
    if turn["mode"] is not None:
        if action_id == "back":
            return True
        village = _TO_VILLAGE.get(action_id)
        return village is not None and village in [
            v for v, _cost in _destinations(state, seat, turn, ordered=False)]
    if action_id == "spost" or action_id == "done":
        return ((action_id == "spost" or turn["acted"]) and _shared_post_open(state, seat, turn))
    if turn["acted"]:
        return False
    if action_id == "pass":
        return True
    if action_id == "sell":
        return can_sell_here(state, seat)
    for kind, ids in _ENTRY_IDS.items():
        if action_id in ids:
            return action_id in move_entry_ids(state, seat, kind, goods_of(state, seat))
    if action_id in WALK_IDS:
        return WALK_IDS.index(action_id) in walk_duchies(state, seat)
    return False


# -- applying -----------------------------------------------------------------------
def apply(state: HermagorState, seat: int, action: ActionId, events: list[Msg]) -> None:
    turn = state["act_turn"]
    assert turn is not None
    head = action.head
    if head == "back":
        turn["mode"] = turn["duchy"] = None
        return
    if head in _MODES:
        turn["mode"] = _MODES[head]
        turn["duchy"] = action.number(0) if action.args else None
        return
    if head == "done":
        turn["shared_done"] = True
        return
    if head == "pass":
        _return_post(state, seat)
        turn["acted"] = True
        events.append(m("ev.pass", seat={"seat": seat}))
        return
    if head == "sell":
        turn["acted"] = True
        sell(state, seat, state["merchants"][seat], events)
        return
    village = action.arg(0)  # to:<village>
    mode = turn["mode"]
    turn["mode"] = turn["duchy"] = None
    loc = state["merchants"][seat]
    if mode == "spost":
        turn["shared_done"] = True
        place_shared(state, seat, village, events)
        return
    turn["acted"] = True
    if mode == "walk":
        cost = DIST[loc][village] // 2
        state["money"][seat] -= cost
        state["merchants"][seat] = village
        _return_post(state, seat)
        events.append(m("ev.walk", seat={"seat": seat}, village=_vmsg(village), cost=cost))
        return
    cost = DIST[loc][village]
    if mode == "side":
        full, cost = cost, cost // 2
        state["front_tiles"][seat].remove("side")
        state["bag"].append("side")  # used once, back into the bag
        events.append(m("ev.move_side", seat={"seat": seat}, village=_vmsg(village), cost=cost,
                        full=full))
    else:
        events.append(m("ev.move", seat={"seat": seat}, village=_vmsg(village), cost=cost))
    state["merchants"][seat] = village
    # the fare may be paid after the sale: sell first, then pay
    sell(state, seat, village, events)
    state["money"][seat] -= cost


def _return_post(state: HermagorState, seat: int) -> None:
    state["posts_in_hand"][seat] -= 1
    state["post_supply"][seat] += 1


def sell(state: HermagorState, seat: int, village: str, events: list[Msg]) -> None:
    good = GOOD_OF[village]
    price = state["prices"][good]
    state["money"][seat] += price
    events.append(m("ev.sell", seat={"seat": seat}, good=good_msg(good), village=_vmsg(village),
                    price=price))
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
    events.append(m("ev.spost", seat={"seat": seat}, village=_vmsg(village)))
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
        if not all(colour in posts[v] for v in region["v"]):
            continue
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


def prod_actions(state: HermagorState, pending: Pending) -> list[Action]:
    colour = pending["colour"]
    opts = prod_options(state, colour, pending["region"])
    out = [_prod_action(g, PROD_SLOTS[i]) for g, i in sorted(opts, key=lambda t: t[1])]
    if colour == shared(state):
        return out  # the shared colour's disc always goes on: only the row is chosen
    out.append(static("noprod", "act.noprod", "prod"))
    return out


def apply_prod(state: HermagorState, pending: Pending, action: ActionId, events: list[Msg]) -> None:
    colour = pending["colour"]
    if action.head == "noprod":
        events.append(m("ev.noprod", who=colour_ref(state, colour)))
        return
    good = action.arg(0)
    slot = dict(prod_options(state, colour, pending["region"]))[good]
    state["production"][good][slot] = colour
    state["disc_supply"][colour] -= 1
    value = PROD_SLOTS[slot]
    if colour < state["players"]:
        state["money"][colour] += value
    events.append(m("ev.prod", who=colour_ref(state, colour), good=good_msg(good), value=value))


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
    for seat in order_from(state, 0):
        state["bag"].extend(front[seat])
        front[seat] = []
    events.append(m("ev.round_end", round=state["round"]))
