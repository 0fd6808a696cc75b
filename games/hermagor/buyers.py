"""Phase 1, the buyers: in turn order each player places one buyer a turn
on a free stall (2 coins) or a free path space (its printed cost) of the
market, or passes (the buyer is given up); with 2 players each may also
place one of the shared colour's buyers (free) a turn.  The menu is split by
band (a stall row and the line below it) to stay short.

Fast twins: the market menu asks at every buyer's step whether each band has
a place the buyer can take, and the core's admit whether an id is in the
menu.  ``open_bands`` (all bands in one pass, each band's spaces cheapest
first, from ``_SPACES_BY_COST``) and ``buy_allows`` answer those without
building the lists; ``tests/hermagor/test_twins.py`` compares them with ``band_targets``
and ``buy_ids`` at every step of seeded random games."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref
from games.hermagor import market
from games.hermagor.common import Table, m, shared
from games.hermagor.schema import HermagorState

STALL_COST = 2
SPACE_COST = market.SPACE_COST
STALL_IDS = market.STALL_IDS


# the stalls of each band: its row of the market
BAND_STALLS = tuple(range(band * market.COLS, (band + 1) * market.COLS) for band in range(market.ROWS))


def band_targets(state: Table, band: int, own: bool) -> list[str]:
    """The free stalls and spaces of a band (``stall:<letter>``,
    ``sp:<number>``): stalls first, then spaces, in order.  The own buyer of
    the seat whose turn it is only where it can pay (a stall costs
    ``STALL_COST``, a space its printed cost); the shared colour's buyer is
    free."""
    money = state["money"][state["turn"]] if own else _FREE
    stalls, on_stall, on_space = state["stalls"], state["stall_buyers"], state["space_buyers"]
    out = []
    if money >= STALL_COST:
        out = [f"stall:{STALL_IDS[stall]}" for stall in BAND_STALLS[band]
               if stalls[stall] is not None and on_stall[stall] is None]
    out += [f"sp:{space}" for space in market.BAND_SPACES[state["players"]][band]
            if on_space[space] is None and SPACE_COST[space] <= money]
    return out


def open_bands(state: Table, own: bool) -> list[int]:
    """The fast twin of ``[band for band in market.ACTIVE_ROWS[players] if
    band_targets(state, band, own)]``: the active bands with a place the
    buyer can take, in one pass; each band's spaces are tried cheapest
    first, so the search stops at the first one too dear."""
    money = state["money"][state["turn"]] if own else _FREE
    bands: list[int] = []
    if money < _CHEAPEST:
        return bands
    players = state["players"]
    stalls, on_stall, on_space = state["stalls"], state["stall_buyers"], state["space_buyers"]
    by_cost = _SPACES_BY_COST[players]
    for band in market.ACTIVE_ROWS[players]:
        if money >= STALL_COST:
            for stall in BAND_STALLS[band]:
                if stalls[stall] is not None and on_stall[stall] is None:
                    break
            else:
                stall = -1
            if stall >= 0:
                bands.append(band)
                continue
        for space in by_cost[band]:
            if SPACE_COST[space] > money:
                break
            if on_space[space] is None:
                bands.append(band)
                break
    return bands


_FREE = 99  # more than any place costs: the shared colour's buyer pays nothing
_CHEAPEST = min(STALL_COST, *SPACE_COST.values())
assert max(STALL_COST, *SPACE_COST.values()) <= _FREE, "the shared colour's buyer can take every place"
# the twin's table: per player count and band, its spaces cheapest first
_SPACES_BY_COST = {players: {band: sorted(spaces, key=SPACE_COST.__getitem__) for band, spaces in bands.items()}
                   for players, bands in market.BAND_SPACES.items()}


def band_msg(players: int, band: int) -> Msg:
    spaces = market.BAND_SPACES[players][band]
    first, last = STALL_IDS[band * 4].upper(), STALL_IDS[band * 4 + 3].upper()
    return m("band", a=first, b=last, lo=min(spaces), hi=max(spaces))


@cache
def place_msg(head: str, name: str) -> Msg:
    """A place of the market named in an id: a stall by its letter
    (``stall``), a path space by its number (``sp``); made once per place
    and shared, like the other component messages."""
    if head == "stall":
        return m("where.stall", name=name.upper())
    return m("where.space", name=name)


def buy_ids(state: HermagorState, seat: int) -> list[str]:
    """The rule of a buyer's turn.  With a band open: its free places for the
    buyer chosen, and going back.  Else: a band for the own buyer, or giving
    it up (pass); a band for the shared colour's buyer, or giving that up
    (done) once the own buyer is placed."""
    turn = state["buy_turn"]
    assert turn is not None
    band = turn["band"]
    if band is not None:
        ids = band_targets(state, band, not turn["for_shared"])
        ids.append("back")
        return ids
    ids = []
    if not turn["own_done"]:
        ids += [_BAND_IDS[row] for row in open_bands(state, True)]
        ids.append("pass")
    if not turn["shared_done"]:
        ids += [_SBAND_IDS[row] for row in open_bands(state, False)]
        if turn["own_done"]:
            ids.append("done")
    return ids


def buy_allows(state: HermagorState, seat: int, action: ActionId) -> bool:
    """The fast twin of ``str(action) in buy_ids(state, seat)`` (the core's
    admit): only the part of the rule that can list ``action`` is asked."""
    turn = state["buy_turn"]
    assert turn is not None
    head, args = action
    band = turn["band"]
    if band is not None:
        if head == "back":
            return not args
        if len(args) != 1:
            return False
        money = state["money"][seat] if not turn["for_shared"] else _FREE
        if head == "stall":
            stall = STALL_IDS.find(args[0]) if len(args[0]) == 1 else -1
            return (stall in BAND_STALLS[band] and state["stalls"][stall] is not None
                    and state["stall_buyers"][stall] is None and money >= STALL_COST)
        space = _SPACES.get(args[0]) if head == "sp" else None
        return (space is not None and space in market.BAND_SPACES[state["players"]][band]
                and state["space_buyers"][space] is None and SPACE_COST[space] <= money)
    if not args:
        if head == "pass":
            return not turn["own_done"]
        return head == "done" and turn["own_done"] and not turn["shared_done"]
    own = head == "band"
    if (not own and head != "sband") or len(args) != 1 or turn["own_done" if own else "shared_done"]:
        return False
    row = _ROWS.get(args[0])
    return row is not None and row in open_bands(state, own)


# the ids choosing a band for the own buyer and for the shared colour's, by row
_BAND_IDS = tuple(f"band:{row}" for row in range(market.ROWS))
_SBAND_IDS = tuple(f"sband:{row}" for row in range(market.ROWS))
# the numbers in ids: a band's row, a space
_ROWS = {str(row): row for row in range(market.ROWS)}
_SPACES = {str(space): space for space in market.SPACES}


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
        else:
            space = action.number(0)
            state["space_buyers"][space] = colour
            cost = SPACE_COST[space]
        where = place_msg(head, name)
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
