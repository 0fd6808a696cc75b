"""Phase 1, the buyers: in turn order each player places one buyer a turn
on a free stall (2 coins) or a free path space (its printed cost) of the
market, or passes (the buyer is given up); with 2 players each may also
place one of the shared colour's buyers (free) a turn.  The menu is split by
band (a stall row and the line below it) to stay short."""

from __future__ import annotations

from collections.abc import Iterator

from games.base import Action, ActionId, Msg, seat_ref
from games.hermagor import market
from games.hermagor.common import Table, m, shared
from games.hermagor.schema import HermagorState

STALL_COST = 2
SPACE_COST = market.SPACE_COST
STALL_IDS = market.STALL_IDS


def band_stalls(band: int) -> range:
    """The stalls of a band: its row of the market."""
    return range(band * market.COLS, (band + 1) * market.COLS)


def band_places(state: Table, band: int, own: bool) -> Iterator[tuple[str, int]]:
    """The free stalls and spaces of a band (``stall:<letter>``,
    ``sp:<number>``) with their cost: stalls first, then spaces, in order.
    The own buyer of the seat whose turn it is only where it can pay; the
    shared colour's buyer is free."""
    money = state["money"][state["turn"]] if own else 0
    stalls, on_stall, on_space = state["stalls"], state["stall_buyers"], state["space_buyers"]
    for stall in band_stalls(band):
        if stalls[stall] is not None and on_stall[stall] is None and (not own or money >= STALL_COST):
            yield f"stall:{STALL_IDS[stall]}", STALL_COST if own else 0
    for space in market.BAND_SPACES[state["players"]][band]:
        if on_space[space] is None and (not own or SPACE_COST[space] <= money):
            yield f"sp:{space}", SPACE_COST[space] if own else 0


def band_targets(state: Table, band: int, own: bool) -> list[tuple[str, int]]:
    """``band_places`` as a list."""
    return list(band_places(state, band, own))


def band_open(state: Table, band: int, own: bool) -> bool:
    """Whether a band has a free place the buyer can take."""
    return next(band_places(state, band, own), None) is not None


def band_msg(players: int, band: int) -> Msg:
    spaces = market.BAND_SPACES[players][band]
    first, last = STALL_IDS[band * 4].upper(), STALL_IDS[band * 4 + 3].upper()
    return m("band", a=first, b=last, lo=min(spaces), hi=max(spaces))


def buy_ids(state: HermagorState, seat: int) -> list[str]:
    """The rule of a buyer's turn.  With a band open: its free places for the
    buyer chosen, and going back.  Else: a band for the own buyer, or giving
    it up (pass); a band for the shared colour's buyer, or giving that up
    (done) once the own buyer is placed."""
    turn = state["buy_turn"]
    assert turn is not None
    band = turn["band"]
    if band is not None:
        ids = [target for target, _cost in band_places(state, band, not turn["for_shared"])]
        ids.append("back")
        return ids
    rows = market.ACTIVE_ROWS[state["players"]]
    ids = []
    if not turn["own_done"]:
        ids += [f"band:{row}" for row in rows if band_open(state, row, True)]
        ids.append("pass")
    if not turn["shared_done"]:
        ids += [f"sband:{row}" for row in rows if band_open(state, row, False)]
        if turn["own_done"]:
            ids.append("done")
    return ids


def buy_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    turn = state["buy_turn"]
    assert turn is not None
    own = not turn["for_shared"]
    return [_buy_label(state["players"], own, ActionId.parse(action)) for action in ids]


def _buy_label(players: int, own: bool, action: ActionId) -> Action:
    head, text = action.head, str(action)
    if head == "stall" or head == "sp":
        name = action.arg(0)
        cost = (STALL_COST if head == "stall" else SPACE_COST[int(name)]) if own else 0
        key = ("act.stall" if head == "stall" else "act.space") + ("" if own else "_shared")
        return Action(text, m(key, name=name.upper() if head == "stall" else name, cost=cost),
                      "market", "primary")
    if head == "band":
        return Action(text, m("act.band", band=band_msg(players, action.number(0))), "market", "primary")
    if head == "sband":
        return Action(text, m("act.sband", band=band_msg(players, action.number(0))), "shared")
    if head == "back":
        return Action(text, m("act.back"), "market")
    if head == "pass":
        return Action(text, m("act.pass_buyer"), "market", "danger")
    return Action(text, m("act.skip_shared"), "shared")  # done


def apply_buy(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    turn = state["buy_turn"]
    assert turn is not None
    head = action.head
    events: list[Msg] = []
    if head == "pass":
        state["buyers"][seat] -= 1
        turn["own_done"] = True
        events.append(m("ev.pass_buyer", seat=seat_ref(seat)))
    elif head == "back":
        turn["band"] = None
    elif head == "band" or head == "sband":
        turn["band"] = action.number(0)
        turn["for_shared"] = head == "sband"
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
            events.append(m("ev.buyer", seat=seat_ref(seat), where=where, cost=cost))
        else:
            state["shared_buyers"][seat] -= 1
            turn["shared_done"] = True
            events.append(m("ev.buyer_shared", seat=seat_ref(seat), where=where))
        turn["band"] = None
    return events
