"""Set-up decisions: choosing characters (or bidding for them) and placing
the four starting houses in character order (rules 5.1, 5.2, 11.2.5)."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, seat_order
from games.maharaja.board import VILLAGE_IDS
from games.maharaja.common import (
    BACK,
    SEAT_REFS,
    add_house,
    char_msg,
    kept_character_order,
    locations,
    m,
    open_village_ids,
    pass_card,
)
from games.maharaja.data import CHARACTERS, RESERVE_AFTER_SETUP, START_HOUSES
from games.maharaja.schema import Auction, CharacterChoice, MaharajaState, Placement

MAX_BID_STEPS = 20  # bids offered in one menu: high+1 .. high+20


# -- characters without bidding -------------------------------------------
def _choice(state: MaharajaState) -> CharacterChoice:
    choice = state["character_choice"]
    assert choice is not None
    return choice


def choose_seat(state: MaharajaState) -> int:
    choice = _choice(state)
    return choice["order"][choice["index"]]


_CHOOSE: dict[int, Action] = {}
_CHOOSE_IDS = {c: f"char:{c}" for c in CHARACTERS}


def choose_legal(state: MaharajaState, seat: int) -> list[Action]:
    out = []
    for c in sorted(state["character_bank"]):
        action = _CHOOSE.get(c)
        if action is None:
            action = _CHOOSE[c] = Action(_CHOOSE_IDS[c], char_msg(c), "char", "primary")
        out.append(action)
    return out


def choose_ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``choose_legal``, without its actions."""
    return [_CHOOSE_IDS[c] for c in sorted(state["character_bank"])]


def choose_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    events = [_take_card(state, seat, action.number())]
    choice = _choice(state)
    choice["index"] += 1
    if choice["index"] >= len(choice["order"]):
        state["character_choice"] = None
        events += start_placing(state)
    return events


def _take_card(state: MaharajaState, seat: int, c: int) -> Msg:
    pass_card(state, c, None, seat)
    return m("event.char_chosen", seat=SEAT_REFS[seat], char=char_msg(c))


# -- bidding (advanced game) -------------------------------------------------
def _auction(state: MaharajaState) -> Auction:
    auction = state["auction"]
    assert auction is not None
    return auction


def start_auction(state: MaharajaState) -> list[Msg]:
    without = [s for s in seat_order(state["players"], state["first_seat"]) if not state["characters"][s]]
    if not without:
        state["auction"] = None
        return start_placing(state)
    if len(without) == 1:
        # the last player without a card chooses for free
        state["auction"] = {"bidders": without, "bidder_index": 0, "high_bid": 0, "leader": without[0],
                            "chooser": without[0]}
        return [m("event.bid_last", seat=SEAT_REFS[without[0]])]
    state["auction"] = {"bidders": without, "bidder_index": 0, "high_bid": -1, "leader": None, "chooser": None}
    return [m("event.auction", seat=SEAT_REFS[without[0]])]


def bid_seat(state: MaharajaState) -> int:
    auction = _auction(state)
    chooser = auction["chooser"]
    return chooser if chooser is not None else auction["bidders"][auction["bidder_index"]]


_PASS = Action("pass", m("label.pass"), "bid", "secondary")


def bid_legal(state: MaharajaState, seat: int) -> list[Action]:
    auction = _auction(state)
    if auction["chooser"] is not None:
        return choose_legal(state, seat)
    gold = state["gold"][seat]
    low = auction["high_bid"] + 1
    out = [Action(f"bid:{x}", m("label.bid", gold=x), "bid", "primary")
           for x in range(low, min(gold, low + MAX_BID_STEPS - 1) + 1)]
    if auction["leader"] is not None:  # the opener must bid (0 or more)
        out.append(_PASS)
    return out


def bid_ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``bid_legal``, without making a label per bid."""
    auction = _auction(state)
    if auction["chooser"] is not None:
        return choose_ids(state, seat)
    low = auction["high_bid"] + 1
    out = [f"bid:{x}" for x in range(low, min(state["gold"][seat], low + MAX_BID_STEPS - 1) + 1)]
    if auction["leader"] is not None:
        out.append(_PASS.id)
    return out


def bid_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    auction = _auction(state)
    if auction["chooser"] is not None:
        return [_take_card(state, seat, action.number()), *start_auction(state)]
    bidders = auction["bidders"]
    if action.head == "pass":
        bidders.pop(auction["bidder_index"])
        auction["bidder_index"] %= len(bidders)
        events = [m("event.bid_pass", seat=SEAT_REFS[seat])]
    else:
        x = action.number()
        auction["high_bid"], auction["leader"] = x, seat
        auction["bidder_index"] = (auction["bidder_index"] + 1) % len(bidders)
        events = [m("event.bid", seat=SEAT_REFS[seat], gold=x)]
    if len(bidders) == 1 and auction["leader"] == bidders[0]:
        winner = bidders[0]
        state["gold"][winner] -= auction["high_bid"]
        auction["chooser"] = winner
        events.append(m("event.bid_won", seat=SEAT_REFS[winner], gold=auction["high_bid"]))
    return events


# -- starting houses -----------------------------------------------------------
# The villages' short names, made once (events share them: read-only).
_VILLAGE_SHORT = {v: m("loc.village_short", n=int(v[1:])) for v in VILLAGE_IDS}
_PLACED = m("event.placed")["key"]
# The placing's events by seat and village, made once (a fifth of the set-up's moves; shared, read-only).
_PLACED_EVENTS = tuple({v: {"key": _PLACED, "args": {"seat": SEAT_REFS[seat], "village": _VILLAGE_SHORT[v]}}
                        for v in VILLAGE_IDS} for seat in range(5))


def _placement(state: MaharajaState) -> Placement:
    placement = state["placement"]
    assert placement is not None
    return placement


def start_placing(state: MaharajaState) -> list[Msg]:
    state["phase"] = "place"
    state["placement"] = {"order": kept_character_order(state) * START_HOUSES, "index": 0, "road": None}
    return [m("event.placing")]


def place_seat(state: MaharajaState) -> int:
    placement = state["placement"]  # (``_placement`` inlined: asked at every step of the placing)
    assert placement is not None
    return placement["order"][placement["index"]]


def place_legal(state: MaharajaState, seat: int) -> list[Action]:
    road = _placement(state)["road"]
    out = list(locations(state, None, True, None, road, "place"))
    if road is not None:
        out.append(BACK)
    return out


def place_ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``place_legal``: ``location_ids`` of the open villages,
    memoised by the board."""
    placement = state["placement"]  # (``_placement`` inlined, as in ``place_seat``)
    assert placement is not None
    road = placement["road"]
    out = [*open_village_ids(state, road)]
    if road is not None:
        out.append(BACK.id)
    return out


def place_allows(state: MaharajaState, action_id: str) -> bool:
    """``action_id in place_ids(state, seat)`` (the seat to act asks)."""
    placement = state["placement"]
    assert placement is not None
    road = placement["road"]
    if road is not None and action_id == BACK.id:
        return True
    return action_id in open_village_ids(state, road)


def place_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    placement = state["placement"]  # (``_placement`` inlined, as in ``place_seat``)
    assert placement is not None
    head = action.head
    if head == "road":
        placement["road"] = int(action.args[0])  # (``action.number()``, inline)
        return []
    if head == "back":
        placement["road"] = None
        return []
    village = action.args[0]
    add_house(state, village, seat)
    state["reserve"][seat] -= 1
    placement["road"] = None
    placement["index"] += 1
    events = [_PLACED_EVENTS[seat][village]]
    if placement["index"] < len(placement["order"]):
        state["acting"] = [placement["order"][placement["index"]]]
    else:
        state["placement"] = None
        for s in range(state["players"]):
            state["reserve"][s] += RESERVE_AFTER_SETUP
            state["bank_houses"][s] -= RESERVE_AFTER_SETUP
        events.append(m("event.reserve", n=RESERVE_AFTER_SETUP))
        from games.maharaja.rounds import start_round
        events += start_round(state)
    return events
