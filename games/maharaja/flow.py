"""Who decides what now, and the steps between decisions: the round (the
maharaja and his governor move, secret planning, turns in character order
re-read after swaps, the evaluation) and the game end (rules 6-10)."""

from __future__ import annotations

from games.base import Msg, seat_ref
from games.maharaja import evaluation, scoring, track
from games.maharaja.common import action_msg, m, node_msg
from games.maharaja.data import ACTION_PARTS, MERCHANT, SHORT_ROUNDS, YOGI
from games.maharaja.schema import EndReason, MaharajaState, Pending


# -- who decides --------------------------------------------------------------------
def set_up_seat(state: MaharajaState) -> int:
    """The one seat to act in a set-up phase: the next to choose a
    character, the bidder (or the auction's winner choosing), the next to
    place a starting house."""
    phase = state["phase"]
    if phase == "choose":
        choice = state["character_choice"]
        assert choice is not None
        return choice["order"][choice["index"]]
    if phase == "bid":
        auction = state["auction"]
        assert auction is not None
        chooser = auction["chooser"]
        return chooser if chooser is not None else auction["bidders"][auction["bidder_index"]]
    placement = state["placement"]
    assert placement is not None
    return placement["order"][placement["index"]]


def seats_to_act(state: MaharajaState) -> list[int]:
    """The seats with a decision due now (``to_act``): everyone still
    planning (rule 6: secretly, at the same time), the seat answering an
    interruption of a turn, the acting seat, or the set-up's one seat."""
    phase = state["phase"]
    if phase == "plan":
        planning = []
        for seat, confirmed in enumerate(state["confirmed"]):
            if not confirmed:
                planning.append(seat)
        return planning
    if phase == "act":
        pending = state["pending"]
        return [pending[0]["seat"] if pending else state["turn"]]  # type: ignore[list-item]
    if phase == "over":
        return []
    return [set_up_seat(state)]


def decision_for(state: MaharajaState, seat: int) -> str | None:
    """The kind of decision ``seat`` faces (``Game.decision_for``): the
    pending decision's or the phase, for a seat in ``seats_to_act``."""
    phase = state["phase"]
    if phase == "plan":
        return None if state["confirmed"][seat] else phase
    if phase == "act":
        pending = state["pending"]
        if pending:
            return pending[0]["kind"] if pending[0]["seat"] == seat else None
        return phase if state["turn"] == seat else None
    if phase == "over":
        return None
    return phase if set_up_seat(state) == seat else None


def interrupt(state: MaharajaState, pending: Pending) -> None:
    """``pending``'s seat decides now, before the turn goes on."""
    state["pending"] = [pending]


# -- the round ------------------------------------------------------------------------
def start_round(state: MaharajaState) -> list[Msg]:
    """The maharaja goes to his next city (rule 6.1), then everyone plans."""
    n = state["players"]
    state["round"] += 1
    city = track.advance(state)
    state["phase"] = "plan"
    state["plans"] = [[] for _ in range(n)]
    state["confirmed"] = [False] * n
    state["revealed"] = [False] * n
    state["acted"] = [False] * n
    state["coin_used"] = [False] * n
    events = [m("event.round", n=state["round"], city=node_msg(city),
                space=track.space_number(state["governors"][city]))]
    if track.reached_end(state["governors"]):
        events.append(m("event.last_round_track"))
    if state["options"]["short"] and state["round"] >= SHORT_ROUNDS:
        events.append(m("event.last_round_short"))
    return events


def next_turn(state: MaharajaState) -> list[Msg]:
    """The next actor is the lowest character among those who have not acted
    (rule 7.6: swaps reorder the rest of the round)."""
    acted = state["acted"]
    for seat in state["character_order"]:
        if not acted[seat]:
            break
    else:
        return end_round(state)
    a, b = state["plans"][seat]
    state["revealed"][seat] = True
    state["turn"] = seat
    state["turn_progress"] = {"parts": [*ACTION_PARTS[a], *ACTION_PARTS[b]], "decision": None, "mason_used": False,
                              "coin_actions": []}
    events = [m("event.turn", seat=seat_ref(seat), a=action_msg(a), b=action_msg(b))]
    chars = state["characters"][seat]
    if MERCHANT in chars:  # rule 11.2: a gold at the start of his turn
        state["gold"][seat] += 1
        events.append(m("event.merchant", seat=seat_ref(seat)))
    if YOGI in chars and state["coin_bank"] > 0:  # rule 11.3: an action coin from the bank
        state["coin_bank"] -= 1
        state["action_coins"][seat] += 1
        events.append(m("event.yogi", seat=seat_ref(seat)))
    return events


def end_turn(state: MaharajaState, seat: int) -> list[Msg]:
    state["acted"][seat] = True
    state["turn"] = None
    state["turn_progress"] = None
    return next_turn(state)


def end_round(state: MaharajaState) -> list[Msg]:
    """The maharaja's city is evaluated (rule 8); the game ends when someone
    built all his palaces, the governor track reached its end or the short
    game's last round was played (rule 9), else the next round starts."""
    events = evaluation.evaluate_city(state)
    reason: EndReason | None = None
    if 0 in state["palaces_left"]:
        reason = "palaces"
    elif track.reached_end(state["governors"]):
        reason = "track"
    elif state["options"]["short"] and state["round"] >= SHORT_ROUNDS:
        reason = "rounds"
    if reason is None:
        return events + start_round(state)
    state["phase"] = "over"
    state["end_reason"] = reason
    events.append(m(f"event.end_{reason}"))
    winner = scoring.final_order(state)[0]
    events.append(m("event.winner", seat=seat_ref(winner)))
    return events
