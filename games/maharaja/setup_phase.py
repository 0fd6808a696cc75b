"""Set-up decisions: choosing characters (or bidding for them) and placing
the four starting houses in character order (rules 5.1, 5.2, 11.2.5)."""

from __future__ import annotations

from games.base import Action, Msg, seat_ref
from games.maharaja.common import State, char_msg, k, open_villages, picker, seat_order
from games.maharaja.data import RESERVE_AFTER_SETUP, START_HOUSES

MAX_BID_STEPS = 20  # bids offered in one menu: high+1 .. high+20


# -- characters without bidding -------------------------------------------
def choose_seat(state: State) -> int:
    ch = state["choose"]
    return ch["order"][ch["i"]]


def choose_legal(state: State) -> list[Action]:
    return [Action(f"char:{c}", char_msg(c), "char", "primary") for c in sorted(state["char_bank"])]


def choose_apply(state: State, seat: int, aid: str) -> list[Msg]:
    c = int(aid.split(":")[1])
    events = [_take_card(state, seat, c)]
    ch = state["choose"]
    ch["i"] += 1
    if ch["i"] >= len(ch["order"]):
        state["choose"] = None
        events += start_placing(state)
    return events


def _take_card(state: State, seat: int, c: int) -> Msg:
    state["char_bank"].remove(c)
    state["chars"][seat].append(c)
    return k("event.char_chosen", seat=seat_ref(seat), char=char_msg(c))


# -- bidding (advanced game) -------------------------------------------------
def start_auction(state: State) -> list[Msg]:
    n = state["players"]
    first = state["first"]
    without = [(first + i) % n for i in range(n) if not state["chars"][(first + i) % n]]
    if not without:
        state["bid"] = None
        return start_placing(state)
    if len(without) == 1:
        # the last player without a card chooses for free
        state["bid"] = {"in": without, "idx": 0, "high": 0, "leader": without[0], "picker": without[0]}
        return [k("event.bid_last", seat=seat_ref(without[0]))]
    state["bid"] = {"in": without, "idx": 0, "high": -1, "leader": None, "picker": None}
    return [k("event.auction", seat=seat_ref(without[0]))]


def bid_seat(state: State) -> int:
    b = state["bid"]
    return b["picker"] if b["picker"] is not None else b["in"][b["idx"]]


def bid_legal(state: State) -> list[Action]:
    b = state["bid"]
    if b["picker"] is not None:
        return choose_legal(state)
    seat = bid_seat(state)
    gold = state["gold"][seat]
    low = b["high"] + 1
    out = [Action(f"bid:{x}", k("label.bid", gold=x), "bid", "primary")
           for x in range(low, min(gold, low + MAX_BID_STEPS - 1) + 1)]
    if b["leader"] is not None:  # the opener must bid (0 or more)
        out.append(Action("pass", k("label.pass"), "bid", "secondary"))
    return out


def bid_apply(state: State, seat: int, aid: str) -> list[Msg]:
    b = state["bid"]
    if b["picker"] is not None:
        c = int(aid.split(":")[1])
        events = [_take_card(state, seat, c)]
        return events + start_auction(state)
    if aid == "pass":
        b["in"].pop(b["idx"])
        b["idx"] %= len(b["in"])
        events = [k("event.bid_pass", seat=seat_ref(seat))]
    else:
        x = int(aid.split(":")[1])
        b["high"], b["leader"] = x, seat
        b["idx"] = (b["idx"] + 1) % len(b["in"])
        events = [k("event.bid", seat=seat_ref(seat), gold=x)]
    if len(b["in"]) == 1 and b["leader"] == b["in"][0]:
        winner = b["leader"]
        state["gold"][winner] -= b["high"]
        b["picker"] = winner
        events.append(k("event.bid_won", seat=seat_ref(winner), gold=b["high"]))
    return events


# -- starting houses -----------------------------------------------------------
def start_placing(state: State) -> list[Msg]:
    order = seat_order(state)
    state["phase"] = "place"
    state["place"] = {"order": order * START_HOUSES, "i": 0, "road": None}
    return [k("event.placing")]


def place_seat(state: State) -> int:
    p = state["place"]
    return p["order"][p["i"]]


def place_legal(state: State) -> list[Action]:
    road = state["place"]["road"]
    out = picker(open_villages(state), road, "place")
    if road is not None:
        out.append(Action("back", k("label.back"), "nav"))
    return out


def place_apply(state: State, seat: int, aid: str) -> list[Msg]:
    p = state["place"]
    if aid.startswith("road:"):
        p["road"] = int(aid[5:])
        return []
    if aid == "back":
        p["road"] = None
        return []
    vid = aid[3:]
    state["villages"][vid].append(seat)
    state["reserve"][seat] -= 1
    p["road"] = None
    p["i"] += 1
    events = [k("event.placed", seat=seat_ref(seat), village=k("loc.village_short", n=int(vid[1:])))]
    if p["i"] >= len(p["order"]):
        state["place"] = None
        for s in range(state["players"]):
            state["reserve"][s] += RESERVE_AFTER_SETUP
            state["bank_houses"][s] -= RESERVE_AFTER_SETUP
        events.append(k("event.reserve", n=RESERVE_AFTER_SETUP))
        from games.maharaja.rounds import start_round
        events += start_round(state)
    return events
