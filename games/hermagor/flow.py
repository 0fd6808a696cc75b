"""Who decides what now, and the automatic steps between decisions: the
round's start (phase 1 preparations), the buyers' turn order, market
information and the stalls (phase 2), the villages phase's turn order, the
round's end and the game's end."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from games.base import ActionId, Msg, seat_order, seat_ref
from games.hermagor import market, scoring, stalls, travel
from games.hermagor.common import m, shared
from games.hermagor.data import BUYERS, SHARED_BUYERS_EACH, SHARED_POSTS_EACH
from games.hermagor.regions import no_prod_reason, prod_options
from games.hermagor.schema import ActTurn, BuyTurn, HermagorState

Apply = Callable[[HermagorState, int, ActionId], list[Msg]]

# Opening or closing a menu (a band of the market, a destination list) decides
# nothing, so no automatic step can follow it.
MENU_STEPS = frozenset(("back", "band", "sband", "move", "side", "walk", "spost"))


def then_advance(apply: Apply) -> Apply:
    """A decision's transition followed by the automatic steps up to the next
    decision."""

    def transition(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
        events = apply(state, seat, action)
        if action.head not in MENU_STEPS:
            advance(state, events)
        return events

    return transition


def advance(state: HermagorState, events: list[Msg]) -> None:
    """Run the automatic steps until somebody has to decide."""
    while True:
        pending = state["pending"]
        if pending:
            first = pending[0]
            if first["kind"] == "production" and not prod_options(state, first["colour"], first["region"]):
                pending.pop(0)  # an earlier choice used the last disc or slot
                note = no_prod_reason(state, first["colour"], first["region"])
                if note is not None:
                    events.append(note)
                continue
            return
        phase = state["phase"]
        if phase == "buy":
            turn = state["buy_turn"]
            assert turn is not None
            if not (turn["own_done"] and turn["shared_done"]):
                return
            _next_buyer(state)
        elif phase == "act":
            _after_action(state)
            if state["phase"] == "act":
                return
        elif phase == "tax":
            if state["turn"] is not None:
                return  # the official asks the next player
            begin_buying(state)  # the start player is named
        elif phase == "start":
            if not start_round(state, events):
                scoring.final_income(state, events)
                return
        elif phase == "resolve":
            stalls.start_resolution(state, events)
        elif phase == "tiles":
            stalls.continue_tiles(state, events)
            if state["phase"] == "tiles" and not state["pending"]:
                return  # cannot happen; guards against a silent loop
        elif phase == "named":
            money_notes(state, events)
            if any(state["posts_in_hand"]):
                _begin_villages(state)
            else:
                state["phase"] = "end_round"
        elif phase == "end_round":
            end_round(state, events)
            money_notes(state, events)
            state["phase"] = "start"
        elif phase == "over":
            return
        else:
            raise AssertionError(f"unknown phase {phase!r}")


def money_notes(state: HermagorState, events: list[Msg]) -> None:
    """Each player privately sees their money at the phase boundaries."""
    for seat, money in enumerate(state["money"]):
        events.append({**m("ev.money", amount=money), "to": seat})


@cache
def after(players: int, seat: int) -> tuple[int, ...]:
    """The seats after ``seat`` in turn order, ``seat`` itself last."""
    return tuple(seat_order(players, (seat + 1) % players))


# -- phase 1 ----------------------------------------------------------------------
def start_round(state: HermagorState, events: list[Msg]) -> bool:
    """Phase 1 preparations: the stalls filled from the bag, an action tile
    turned (the posts each player takes), the buyers handed out.  False when
    no action tile is left (the game ends)."""
    if not state["action_tiles"]:
        return False
    players = state["players"]
    state["round"] += 1
    tiles = state["stalls"]
    for stall in market.ACTIVE_STALLS[players]:
        if tiles[stall] is None:  # leftovers stay where they are
            tiles[stall] = stalls.draw_tile(state)
    action = state["action_tiles"].pop(0)
    state["action_tile"] = action
    events.append(m("ev.round", round=state["round"], actions=action, start=seat_ref(state["start_player"])))
    supply, hand = state["post_supply"], state["posts_in_hand"]
    for seat in range(players):
        # with the 6-tile variant the supply may run short: who has none cannot act
        take = min(action, supply[seat])
        supply[seat] -= take
        hand[seat] = take
        state["buyers"][seat] = BUYERS
    colour = shared(state)
    if colour is not None:
        for seat in seat_order(players, state["start_player"]):
            take = min(SHARED_POSTS_EACH, supply[colour])
            supply[colour] -= take
            state["shared_posts"][seat] = take
            state["shared_buyers"][seat] = SHARED_BUYERS_EACH
    if state["options"]["tax"]:
        state["phase"] = "tax"
        state["tax_official"] = {"asked_count": 0, "shown": [None] * players}
        state["turn"] = state["start_player"]
    else:
        begin_buying(state)
    return True


def begin_buying(state: HermagorState) -> None:
    state["phase"] = "buy"
    state["turn"] = state["start_player"]
    state["buy_turn"] = fresh_buy_turn(state, state["start_player"])


def fresh_buy_turn(state: HermagorState, seat: int) -> BuyTurn:
    return {"band": None, "for_shared": False, "own_done": state["buyers"][seat] == 0,
            "shared_done": shared(state) is None or state["shared_buyers"][seat] == 0}


def _next_buyer(state: HermagorState) -> None:
    """The next seat in turn order with a buyer left, else phase 2."""
    buyers, shared_buyers = state["buyers"], state["shared_buyers"]
    seat = state["turn"]
    assert seat is not None
    for other in after(state["players"], seat):
        if buyers[other] + shared_buyers[other] > 0:
            state["turn"] = other
            state["buy_turn"] = fresh_buy_turn(state, other)
            return
    state["phase"] = "resolve"
    state["turn"] = None
    state["buy_turn"] = None
    state["resolving_stall"] = 0


# -- phase 3 ----------------------------------------------------------------------
def fresh_turn(state: HermagorState, seat: int) -> ActTurn:
    return {"mode": None, "duchy": None, "acted": False,
            "shared_done": shared(state) is None or state["shared_posts"][seat] == 0}


def _begin_villages(state: HermagorState) -> None:
    """Phase 3 from the start player, or the next seat with a post in hand."""
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
    for other in after(state["players"], seat):
        if hand[other] > 0:
            return other
    return None


def _after_action(state: HermagorState) -> None:
    """The turn ends once the action is taken and the shared colour's post is
    placed or given up (none left, or no village for it)."""
    turn = state["act_turn"]
    seat = state["turn"]
    assert turn is not None and seat is not None
    if not turn["acted"]:
        return
    if not turn["shared_done"] and (state["shared_posts"][seat] == 0 or not travel.shared_open(state, seat)):
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
    colour = shared(state)
    if colour is not None:
        state["post_supply"][colour] += sum(state["shared_posts"])
        state["shared_posts"] = [0] * state["players"]
    front = state["front_tiles"]
    for seat in range(state["players"]):
        state["bag"].extend(front[seat])
        front[seat] = []
    events.append(m("ev.round_end", round=state["round"]))
