"""Set-up decisions: choosing characters (or bidding for them) and placing
the four starting houses in character order (rules 5.1, 5.2, 11.2.5)."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, action_id, seat_order, seat_ref
from games.maharaja import flow
from games.maharaja.common import (
    CHAR_ID,
    add_house,
    char_msg,
    m,
    open_locations,
    pass_card,
    picker_ids,
    picker_labels,
)
from games.maharaja.data import RESERVE_AFTER_SETUP, START_HOUSES
from games.maharaja.schema import Auction, CharacterChoice, MaharajaState, Placement

MAX_BID_STEPS = 20  # bids offered in one menu: high+1 .. high+20


# -- characters without bidding -------------------------------------------
def _choice(state: MaharajaState) -> CharacterChoice:
    choice = state["character_choice"]
    assert choice is not None
    return choice


def choose_ids(state: MaharajaState, seat: int) -> list[str]:
    """Any character left in the bank (rule 5.1)."""
    return [CHAR_ID["char"][c] for c in sorted(state["character_bank"])]


def choose_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    return [Action(action_id, char_msg(ActionId.parse(action_id).number()), "char", "primary") for action_id in ids]


def apply_choose(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    events = [_take_card(state, seat, action.number())]
    choice = _choice(state)
    choice["index"] += 1
    if choice["index"] >= len(choice["order"]):
        state["character_choice"] = None
        events += start_placing(state)
    return events


def _take_card(state: MaharajaState, seat: int, c: int) -> Msg:
    pass_card(state, c, None, seat)
    return m("event.char_chosen", seat=seat_ref(seat), char=char_msg(c))


# -- bidding (advanced game, rule 11.2.5) ----------------------------------------------
def _auction(state: MaharajaState) -> Auction:
    auction = state["auction"]
    assert auction is not None
    return auction


def start_auction(state: MaharajaState) -> list[Msg]:
    without = [seat for seat in seat_order(state["players"], state["first_seat"]) if not state["characters"][seat]]
    if not without:
        state["auction"] = None
        return start_placing(state)
    if len(without) == 1:
        # the last player without a card chooses for free
        state["auction"] = {"bidders": without, "bidder_index": 0, "high_bid": 0, "leader": without[0],
                            "chooser": without[0]}
        return [m("event.bid_last", seat=seat_ref(without[0]))]
    state["auction"] = {"bidders": without, "bidder_index": 0, "high_bid": -1, "leader": None, "chooser": None}
    return [m("event.auction", seat=seat_ref(without[0]))]


def bid_ids(state: MaharajaState, seat: int) -> list[str]:
    """The auction's winner chooses a character; a bidder raises the high
    bid as far as his gold goes (the next MAX_BID_STEPS bids), or passes
    (the opener must bid, 0 or more)."""
    auction = _auction(state)
    if auction["chooser"] is not None:
        return choose_ids(state, seat)
    low = auction["high_bid"] + 1
    out = [action_id("bid", x) for x in range(low, min(state["gold"][seat], low + MAX_BID_STEPS - 1) + 1)]
    if auction["leader"] is not None:
        out.append("pass")
    return out


def bid_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    if _auction(state)["chooser"] is not None:
        return choose_labels(state, seat, ids)
    return [Action("pass", m("label.pass"), "bid", "secondary") if action_id == "pass"
            else Action(action_id, m("label.bid", gold=ActionId.parse(action_id).number()), "bid", "primary")
            for action_id in ids]


def apply_bid(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    auction = _auction(state)
    if auction["chooser"] is not None:
        return [_take_card(state, seat, action.number()), *start_auction(state)]
    bidders = auction["bidders"]
    if action.head == "pass":
        bidders.pop(auction["bidder_index"])
        auction["bidder_index"] %= len(bidders)
        events = [m("event.bid_pass", seat=seat_ref(seat))]
    else:
        x = action.number()
        auction["high_bid"], auction["leader"] = x, seat
        auction["bidder_index"] = (auction["bidder_index"] + 1) % len(bidders)
        events = [m("event.bid", seat=seat_ref(seat), gold=x)]
    if len(bidders) == 1 and auction["leader"] == bidders[0]:
        winner = bidders[0]
        state["gold"][winner] -= auction["high_bid"]
        auction["chooser"] = winner
        events.append(m("event.bid_won", seat=seat_ref(winner), gold=auction["high_bid"]))
    return events


# -- starting houses (rule 5.2) --------------------------------------------------------
def _placement(state: MaharajaState) -> Placement:
    placement = state["placement"]
    assert placement is not None
    return placement


def start_placing(state: MaharajaState) -> list[Msg]:
    state["phase"] = "place"
    state["placement"] = {"order": state["character_order"] * START_HOUSES, "index": 0, "road": None}
    return [m("event.placing")]


def place_ids(state: MaharajaState, seat: int) -> list[str]:
    """A starting house goes into any village with room (through a road
    group when they are many)."""
    road = _placement(state)["road"]
    out = picker_ids(open_locations(state, None, True), road)
    if road is not None:
        out.append("back")
    return out


def place_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    return picker_labels(open_locations(state, None, True), ids, "place")


def apply_place(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    placement = _placement(state)
    head = action.head
    if head == "road":
        placement["road"] = action.number()
        return []
    if head == "back":
        placement["road"] = None
        return []
    village = action.args[0]
    add_house(state, village, seat)
    state["reserve"][seat] -= 1
    placement["road"] = None
    placement["index"] += 1
    events = [m("event.placed", seat=seat_ref(seat), village=m("loc.village_short", n=int(village[1:])))]
    if placement["index"] == len(placement["order"]):  # every starting house placed: the reserve is filled
        state["placement"] = None
        for other in range(state["players"]):
            state["reserve"][other] += RESERVE_AFTER_SETUP
            state["bank_houses"][other] -= RESERVE_AFTER_SETUP
        events.append(m("event.reserve", n=RESERVE_AFTER_SETUP))
        events += flow.start_round(state)
    return events
