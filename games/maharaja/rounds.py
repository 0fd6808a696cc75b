"""The round: maharaja and governor move, secret planning, turns in
character order (re-evaluated after swaps), evaluation and the game end."""

from __future__ import annotations

from games.base import Action, Msg, seat_ref
from games.maharaja import scoring, track
from games.maharaja.common import State, k, seat_order
from games.maharaja.data import (
    ACTION_PARTS,
    ACTIONS,
    MERCHANT,
    SHORT_ROUNDS,
    YOGI,
)


def start_round(state: State) -> list[Msg]:
    n = state["players"]
    state["round"] += 1
    city = track.advance(state)
    state["phase"] = "plan"
    state["plans"] = [[] for _ in range(n)]
    state["confirmed"] = [False] * n
    state["revealed"] = [False] * n
    state["acted"] = [False] * n
    state["coin_used"] = [False] * n
    events = [k("event.round", n=state["round"], city=k(f"city.{city}"),
                space=track.space_number(state["gov"][city]))]
    if track.reached_end(state["gov"]):
        events.append(k("event.last_round_track"))
    if state["options"].get("short") and state["round"] >= SHORT_ROUNDS:
        events.append(k("event.last_round_short"))
    return events


# -- secret planning ---------------------------------------------------------
_PLAN_ACTIONS = {a: Action(f"plan:{a}", k(f"action.{a}"), "plan", "primary") for a in ACTIONS}
_CONFIRM = Action("plan.confirm", k("label.confirm"), "plan", "success")
_RESET = Action("plan.reset", k("label.replan"), "plan", "danger")


def plan_legal(state: State, seat: int) -> list[Action]:
    plan = state["plans"][seat]
    if len(plan) == 2:
        return [_CONFIRM, _RESET]
    out = list(_PLAN_ACTIONS.values())
    if plan:
        out.append(_RESET)
    return out


def plan_apply(state: State, seat: int, aid: str) -> list[Msg]:
    plan = state["plans"][seat]
    if aid == "plan.reset":
        plan.clear()
        return []
    if aid == "plan.confirm":
        state["confirmed"][seat] = True
        events = [k("event.planned", seat=seat_ref(seat))]
        if all(state["confirmed"]):
            state["phase"] = "act"
            events += next_turn(state)
        return events
    plan.append(aid[5:])
    plan.sort(key=ACTIONS.index)
    return []


# -- turns --------------------------------------------------------------------
def next_turn(state: State) -> list[Msg]:
    """The next actor is the lowest character among those who have not acted
    (rule 7.6: swaps reorder the rest of the round)."""
    waiting = [s for s in range(state["players"]) if not state["acted"][s]]
    if not waiting:
        return end_round(state)
    seat = seat_order(state, waiting)[0]
    plan = state["plans"][seat]
    state["revealed"][seat] = True
    parts: list[str] = []
    for a in plan:
        parts.extend(ACTION_PARTS[a])
    state["turn"] = {"seat": seat, "parts": parts, "step": None, "mason": False, "extra": []}
    events = [k("event.turn", seat=seat_ref(seat), a=k(f"action.{plan[0]}"), b=k(f"action.{plan[1]}"))]
    chars = state["chars"][seat]
    if MERCHANT in chars:
        state["gold"][seat] += 1
        events.append(k("event.merchant", seat=seat_ref(seat)))
    if YOGI in chars and state["coin_bank"] > 0:
        state["coin_bank"] -= 1
        state["coins"][seat] += 1
        events.append(k("event.yogi", seat=seat_ref(seat)))
    return events


def end_turn(state: State) -> list[Msg]:
    seat = state["turn"]["seat"]
    state["acted"][seat] = True
    state["turn"] = None
    return next_turn(state)


def end_round(state: State) -> list[Msg]:
    events = scoring.evaluate(state)
    total = state["palace_total"]
    reason = None
    if any(total - left >= total for left in state["palaces"]):
        reason = "palaces"
    elif track.reached_end(state["gov"]):
        reason = "track"
    elif state["options"].get("short") and state["round"] >= SHORT_ROUNDS:
        reason = "rounds"
    if reason is None:
        return events + start_round(state)
    state["phase"] = "over"
    state["end"] = reason
    events.append(k(f"event.end_{reason}"))
    winner = scoring.final_order(state)[0]
    events.append(k("event.winner", seat=seat_ref(winner)))
    return events
