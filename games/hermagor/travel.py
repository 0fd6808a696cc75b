"""Phase 3, the villages: in turn order each player with a trading post in
hand takes one action — sell where the merchant stands, move along the
roads to a village and sell there (the fare may be paid out of the sale;
half the fare by the side road, once, with its tile), walk without selling
(half the fare, a post goes back to the supply) or pass (a post goes back).
A sale puts a post in the village and pays each other post there 1 (2 when
the shared colour has one there too; nothing with the black market tile).
With 2 players a player may also place one post of the shared colour a turn
in a village of a good they hold.  Enclosures follow in ``regions``.

Fast twins: the main menu asks at every villages-phase step whether a move,
a walk to a duchy or a shared post has any destination, and the core's admit
whether an id is in the menu.  ``move_open``, ``walk_open``, ``shared_open``
(``walk_duchies`` for the three duchies at once) and ``act_allows`` answer those
without building the lists; each stands beside the plain rule it answers
for, and ``tests/hermagor/test_twins.py`` compares them at every step of
seeded random games."""

from __future__ import annotations

from operator import itemgetter

from games.base import Action, ActionId, Msg, seat_ref
from games.hermagor import board
from games.hermagor.common import Table, good_msg, goods_of, m, shared, village_msg
from games.hermagor.data import GOODS
from games.hermagor.regions import check_enclosures
from games.hermagor.schema import ActTurn, HermagorState, TravelMode

V = board.VILLAGES
DIST = board.DIST
GOOD_OF = board.GOOD_OF
DUCHY_OF = board.DUCHY_OF
DUCHIES = range(len(board.DUCHIES))
# the villages selling each good, in number order
VILLAGES_OF_GOOD: dict[str, tuple[str, ...]] = {g: tuple(v for v in V if GOOD_OF[v] == g) for g in GOODS}
_NUM = {v: int(v[1:]) for v in V}  # the village's number on the map, for a stable menu order
MAX_LIST = 24  # destinations + "back" fit a 25-entry menu
GOOD_VILLAGES = max(len(villages) for villages in VILLAGES_OF_GOOD.values())  # 4 villages sell a good
_MODES: dict[str, TravelMode] = {"move": "move", "side": "side", "walk": "walk", "spost": "spost"}


# -- where a seat can go ----------------------------------------------------------
def fare(start: str, village: str, side: bool) -> int:
    """The cheapest route's cost, halved (rounded down) by the side road."""
    return DIST[start][village] // 2 if side else DIST[start][village]


def _by_fare(villages: tuple[str, ...], start: str, side: bool) -> tuple[tuple[str, int], ...]:
    """``villages`` but ``start`` with their fare from ``start``, cheapest
    first, then by number."""
    return tuple(sorted(((v, fare(start, v, side)) for v in villages if v != start), key=itemgetter(1)))


# The fare tables (map data), from each node: the villages of each good by
# fare, full (``_ROUTES[False]``) and by the side road (``_ROUTES[True]``);
# the villages of each duchy (``_WALKS``) and all villages
# (``_WALKS_ANYWHERE``) by half fare, for walks.  Sorted, so a search stops at
# the first village too dear.
_ROUTES = {side: {start: {good: _by_fare(VILLAGES_OF_GOOD[good], start, side) for good in GOODS}
                  for start in board.NODES}
           for side in (False, True)}
_WALKS = {start: tuple(_by_fare(villages, start, True) for villages in board.DUCHIES) for start in board.NODES}
_WALKS_ANYWHERE = {start: _by_fare(V, start, True) for start in board.NODES}


def can_sell_here(state: Table, seat: int, goods: frozenset[str] | None = None) -> bool:
    """A sale where the merchant stands: a village of a good the seat holds,
    without its post, with a post in hand."""
    loc = state["merchants"][seat]
    return (loc != board.HERMAGOR and seat not in state["village_posts"][loc]
            and GOOD_OF[loc] in (goods_of(state, seat) if goods is None else goods)
            and state["posts_in_hand"][seat] > 0)


def move_targets(state: Table, seat: int, side: bool, goods: frozenset[str] | None = None) -> list[tuple[str, int]]:
    """Villages to move to and sell in, with the route's fare (halved with the
    side road): a good the seat holds, no post of the seat there, the fare
    within its money plus the sale.  Cheapest net of the sale first, then by
    number."""
    loc = state["merchants"][seat]
    if goods is None:
        goods = goods_of(state, seat)
    money = state["money"][seat]
    prices = state["prices"]
    posts = state["village_posts"]
    routes = _ROUTES[side][loc]
    found = []
    for good in goods:
        price = prices[good]
        reach = money + price
        for v, cost in routes[good]:
            if cost > reach:
                break  # the fare table is sorted: the rest are dearer
            if seat not in posts[v]:
                found.append((cost - price, _NUM[v], v, cost))
    found.sort()
    return [(v, cost) for _net, _num, v, cost in found]


def walk_targets(state: Table, seat: int, duchy: int | None) -> list[tuple[str, int]]:
    """Villages without the seat's post to walk to (half fare, no sale),
    cheapest first, then by number; only those of ``duchy`` if given."""
    money = state["money"][seat]
    posts = state["village_posts"]
    loc = state["merchants"][seat]
    out = []
    for v, cost in _WALKS_ANYWHERE[loc] if duchy is None else _WALKS[loc][duchy]:
        if cost > money:
            break  # the fare table is sorted: the rest are dearer
        if seat not in posts[v]:
            out.append((v, cost))
    return out


def spost_targets(state: Table, seat: int) -> list[str]:
    """Villages of the goods the seat holds without a post of the shared
    colour, in number order."""
    colour = shared(state)
    posts = state["village_posts"]
    out = [v for good in goods_of(state, seat) for v in VILLAGES_OF_GOOD[good] if colour not in posts[v]]
    out.sort(key=_NUM.__getitem__)
    return out


def can_place_shared(state: Table, seat: int, turn: ActTurn) -> bool:
    """Whether the seat may still place a post of the shared colour this turn."""
    return not turn["shared_done"] and shared_open(state, seat)


# -- the fast twins of the menus' questions ---------------------------------------------
def move_open(state: Table, seat: int, side: bool, goods: frozenset[str]) -> bool:
    """The fast twin of ``bool(move_targets(state, seat, side, goods))``."""
    money = state["money"][seat]
    prices = state["prices"]
    posts = state["village_posts"]
    routes = _ROUTES[side][state["merchants"][seat]]
    for good in goods:
        reach = money + prices[good]
        for v, cost in routes[good]:
            if cost > reach:
                break
            if seat not in posts[v]:
                return True
    return False


def walk_open(state: Table, seat: int, duchy: int) -> bool:
    """The fast twin of ``bool(walk_targets(state, seat, duchy))``."""
    money = state["money"][seat]
    posts = state["village_posts"]
    for v, cost in _WALKS[state["merchants"][seat]][duchy]:
        if cost > money:
            return False
        if seat not in posts[v]:
            return True
    return False


def walk_duchies(state: Table, seat: int) -> list[int]:
    """The fast twin of ``sorted({DUCHY_OF[v] for v, _ in walk_targets(state,
    seat, None)})``: the duchies with a village to walk to."""
    money = state["money"][seat]
    posts = state["village_posts"]
    out = []
    for duchy, walks in enumerate(_WALKS[state["merchants"][seat]]):
        for v, cost in walks:
            if cost > money:
                break
            if seat not in posts[v]:
                out.append(duchy)
                break
    return out


def shared_open(state: Table, seat: int) -> bool:
    """The fast twin of ``bool(spost_targets(state, seat))``."""
    colour = shared(state)
    posts = state["village_posts"]
    for good in goods_of(state, seat):
        for v in VILLAGES_OF_GOOD[good]:
            if colour not in posts[v]:
                return True
    return False


def destinations(state: Table, seat: int, turn: ActTurn) -> list[tuple[str, int]]:
    """The villages of the open menu (``to:<village>``) with their cost, in
    menu order."""
    mode, duchy = turn["mode"], turn["duchy"]
    if mode == "walk":
        return walk_targets(state, seat, duchy)
    if mode == "spost":
        return [(v, 0) for v in spost_targets(state, seat)]
    targets = move_targets(state, seat, mode == "side")
    return targets if duchy is None else [(v, cost) for v, cost in targets if DUCHY_OF[v] == duchy]


def move_entry_ids(state: Table, seat: int, kind: str, goods: frozenset[str]) -> list[str]:
    """The main menu's entries for moving (``move``) or taking the side road
    (``side``, asked only with its tile): one entry, or one per duchy when the
    destination list would be too long for a menu."""
    side = kind == "side"
    if len(goods) * GOOD_VILLAGES <= MAX_LIST:  # the list fits a menu: one entry
        return [kind] if move_open(state, seat, side, goods) else []
    targets = move_targets(state, seat, side, goods)
    if len(targets) > MAX_LIST:
        return [f"{kind}:{d}" for d in sorted({DUCHY_OF[v] for v, _cost in targets})]
    return [kind] if targets else []


# -- the decision -------------------------------------------------------------------
def act_ids(state: HermagorState, seat: int) -> list[str]:
    """The rule of a villages-phase turn.  With a destination menu open: its
    villages and going back.  Else, before the action: sell here, a menu of
    moves (or side-road moves) to sell, a menu of walks per duchy, pass; then
    the shared colour's post, and being done with it once the action is
    taken."""
    turn = state["act_turn"]
    assert turn is not None
    if turn["mode"] is not None:
        ids = [_TO_IDS[v] for v, _cost in destinations(state, seat, turn)]
        ids.append("back")
        return ids
    ids = []
    if not turn["acted"]:
        goods = goods_of(state, seat)
        if can_sell_here(state, seat, goods):
            ids.append("sell")
        ids += move_entry_ids(state, seat, "move", goods)
        if "side" in state["front_tiles"][seat]:  # the side road only with its tile
            ids += move_entry_ids(state, seat, "side", goods)
        for duchy in walk_duchies(state, seat):
            ids.append(_WALK_IDS[duchy])
        ids.append("pass")
    if can_place_shared(state, seat, turn):
        ids.append("spost")
        if turn["acted"]:
            ids.append("done")
    return ids


def act_allows(state: HermagorState, seat: int, action: ActionId) -> bool:
    """The fast twin of ``str(action) in act_ids(state, seat)`` (the core's
    admit): only the part of the rule that can list ``action`` is asked."""
    turn = state["act_turn"]
    assert turn is not None
    head, args = action
    if head == "pass":
        return not args and turn["mode"] is None and not turn["acted"]
    if turn["mode"] is not None:
        if head == "back":
            return not args
        return head == "to" and len(args) == 1 and args[0] in GOOD_OF and _lists(state, seat, turn, args[0])
    if head == "spost" or head == "done":
        return not args and (head == "spost" or turn["acted"]) and can_place_shared(state, seat, turn)
    if turn["acted"]:
        return False
    if head == "sell":
        return not args and can_sell_here(state, seat)
    if head == "move" or (head == "side" and "side" in state["front_tiles"][seat]):
        return str(action) in move_entry_ids(state, seat, head, goods_of(state, seat))
    if head == "walk":
        duchy = _DUCHY_ARG.get(args[0]) if len(args) == 1 else None
        return duchy is not None and walk_open(state, seat, duchy)
    return False


_DUCHY_ARG = {str(duchy): duchy for duchy in DUCHIES}
# the ids naming a village of the open menu, and a duchy to walk to
_TO_IDS = {village: f"to:{village}" for village in V}
_WALK_IDS = tuple(f"walk:{duchy}" for duchy in DUCHIES)


def _lists(state: HermagorState, seat: int, turn: ActTurn, village: str) -> bool:
    """Whether the open destination menu lists ``village`` (``destinations``
    asked about one village)."""
    mode = turn["mode"]
    posts = state["village_posts"][village]
    if mode == "spost":
        return shared(state) not in posts and GOOD_OF[village] in goods_of(state, seat)
    duchy = turn["duchy"]
    loc = state["merchants"][seat]
    if (duchy is not None and DUCHY_OF[village] != duchy) or village == loc or seat in posts:
        return False
    money = state["money"][seat]
    if mode == "walk":
        return fare(loc, village, True) <= money
    good = GOOD_OF[village]
    return good in goods_of(state, seat) and fare(loc, village, mode == "side") <= money + state["prices"][good]


def act_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    turn = state["act_turn"]
    assert turn is not None
    mode = turn["mode"]
    loc = state["merchants"][seat]
    prices = state["prices"]
    out = []
    for text in ids:
        action = ActionId.parse(text)
        head = action.head
        if head == "to":
            v = action.arg(0)
            if mode == "walk":
                out.append(Action(text, m("act.walk_to", village=village_msg(v), cost=fare(loc, v, True)), "move"))
            elif mode == "spost":
                out.append(Action(text, m("act.spost_to", village=village_msg(v)), "shared"))
            else:
                label = m("act.move_to", village=village_msg(v), cost=fare(loc, v, mode == "side"),
                          price=prices[GOOD_OF[v]])
                out.append(Action(text, label, "move", "primary"))
        elif head == "back":
            out.append(Action(text, m("act.back"), "shared" if mode == "spost" else "move"))
        elif head == "sell":
            label = m("act.sell", village=village_msg(loc), price=prices[GOOD_OF[loc]])
            out.append(Action(text, label, "action", "success"))
        elif head == "move" or head == "side":
            if action.args:
                label = m(f"act.{head}_in", duchy=m(f"duchy.{action.number(0)}"))
            else:
                label = m(f"act.{head}")
            out.append(Action(text, label, "action", "primary"))
        elif head == "walk":
            out.append(Action(text, m("act.walk", duchy=m(f"duchy.{action.number(0)}")), "action"))
        elif head == "pass":
            out.append(Action(text, m("act.pass"), "action", "danger"))
        else:  # spost, done
            out.append(Action(text, m(f"act.{head}"), "shared"))
    return out


def apply_act(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    turn = state["act_turn"]
    assert turn is not None
    head, args = action
    events: list[Msg] = []
    if head == "pass":
        return_post(state, seat)
        turn["acted"] = True
        events.append(m("ev.pass", seat=seat_ref(seat)))
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
        cost = fare(loc, village, True)
        state["money"][seat] -= cost
        state["merchants"][seat] = village
        return_post(state, seat)
        events.append(m("ev.walk", seat=seat_ref(seat), village=village_msg(village), cost=cost))
        return events
    cost = fare(loc, village, mode == "side")
    if mode == "side":
        state["front_tiles"][seat].remove("side")
        state["bag"].append("side")  # used once, back into the bag
        events.append(m("ev.move_side", seat=seat_ref(seat), village=village_msg(village), cost=cost,
                        full=fare(loc, village, False)))
    else:
        events.append(m("ev.move", seat=seat_ref(seat), village=village_msg(village), cost=cost))
    state["merchants"][seat] = village
    # the fare may be paid after the sale: sell first, then pay
    sell(state, seat, village, events)
    state["money"][seat] -= cost
    return events


def return_post(state: HermagorState, seat: int) -> None:
    """A walk or a pass: a post from the hand goes back to the supply."""
    state["posts_in_hand"][seat] -= 1
    state["post_supply"][seat] += 1


def sell(state: HermagorState, seat: int, village: str, events: list[Msg]) -> None:
    good = GOOD_OF[village]
    price = state["prices"][good]
    state["money"][seat] += price
    events.append(m("ev.sell", seat=seat_ref(seat), good=good_msg(good), village=village_msg(village),
                    price=price))
    here = state["village_posts"][village]
    players = state["players"]
    black = "black" in state["front_tiles"][seat]
    colour = shared(state)
    for other in here:
        if other == seat or other >= players:
            continue
        amount = 0 if black else (2 if colour is not None and colour in here else 1)
        if amount:
            state["money"][other] += amount
            events.append(m("ev.post_income", seat=seat_ref(other), amount=amount))
    if black and any(other != seat and other < players for other in here):
        events.append(m("ev.black", seat=seat_ref(seat)))
    here.append(seat)
    state["posts_in_hand"][seat] -= 1
    check_enclosures(state, seat, village, seat, events)


def place_shared(state: HermagorState, seat: int, village: str, events: list[Msg]) -> None:
    colour = shared(state)
    assert colour is not None
    state["village_posts"][village].append(colour)
    state["shared_posts"][seat] -= 1
    events.append(m("ev.spost", seat=seat_ref(seat), village=village_msg(village)))
    check_enclosures(state, colour, village, seat, events)
