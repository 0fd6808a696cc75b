"""The round: maharaja and governor move, secret planning, turns in
character order (re-evaluated after swaps), evaluation and the game end."""

from __future__ import annotations

from collections.abc import Callable

from games.base import Action, ActionId, Msg
from games.maharaja import scoring, setup_phase, track
from games.maharaja.common import NODE_MSG, SEAT_REFS, kept_character_order, m
from games.maharaja.data import ACTION_PARTS, ACTIONS, MERCHANT, SHORT_ROUNDS, TRACK_LAST, YOGI
from games.maharaja.schema import EndReason, MaharajaState


def start_round(state: MaharajaState) -> list[Msg]:
    n = state["players"]
    state["round"] += 1
    city = track.advance(state)
    state["phase"] = "plan"
    state["plans"] = [[] for _ in range(n)]
    state["confirmed"] = [False] * n
    state["acting"] = [*range(n)]
    state["revealed"] = [False] * n
    state["acted"] = [False] * n
    state["coin_used"] = [False] * n
    space = state["governors"][city]  # (the highest token: ``track.advance``)
    events = [{"key": _ROUND, "args": {"n": state["round"], "city": NODE_MSG[city],
                                       "space": track.space_number(space)}}]
    if space >= TRACK_LAST:  # (``track.reached_end`` of the token just advanced, inline)
        events.append(m("event.last_round_track"))
    if state["options"]["short"] and state["round"] >= SHORT_ROUNDS:
        events.append(m("event.last_round_short"))
    return events


# -- secret planning ---------------------------------------------------------
_CONFIRM = Action("plan.confirm", m("label.confirm"), "plan", "success")
_RESET = Action("plan.reset", m("label.replan"), "plan", "danger")
_CHOICES = tuple(Action(f"plan:{a}", m(f"action.{a}"), "plan", "primary") for a in ACTIONS)
# The menu by the number of actions already planned: none, one, both.
_MENUS: tuple[tuple[Action, ...], ...] = (_CHOICES, (*_CHOICES, _RESET), (_CONFIRM, _RESET))
PLAN_MENU_IDS = tuple(tuple(a.id for a in menu) for menu in _MENUS)
PLAN_MENU_ID_SETS = tuple(frozenset(ids) for ids in PLAN_MENU_IDS)
# The actions' names, made once (events share them: read-only).
_ACTION_MSG = {a: m(f"action.{a}") for a in ACTIONS}
# The keys of the events of every round, turn and plan: these messages (``m``) are
# made as literals, without a call (planning is half of all moves).
_PLANNED, _MY_PLAN, _TURN, _ROUND = (m(key)["key"] for key in ("event.planned", "event.my_plan", "event.turn",
                                                                 "event.round"))
# the disc's order, in which a plan is kept
_PLAN_ORDER = {a: i for i, a in enumerate(ACTIONS)}
# The events of every plan and turn, made once by seat (and its two actions,
# as the plan keeps them): shared, read-only, like the messages in them.
_PLANNED_EVENTS = tuple({"key": _PLANNED, "args": {"seat": SEAT_REFS[seat]}} for seat in range(5))
_MY_PLAN_EVENTS = tuple({(a, b): {"key": _MY_PLAN, "args": {"a": _ACTION_MSG[a], "b": _ACTION_MSG[b]}, "to": seat}
                         for a in ACTIONS for b in ACTIONS} for seat in range(5))
_TURN_EVENTS = tuple({(a, b): {"key": _TURN, "args": {"seat": SEAT_REFS[seat], "a": _ACTION_MSG[a], "b": _ACTION_MSG[b]}}
                      for a in ACTIONS for b in ACTIONS} for seat in range(5))
_MERCHANT_EVENTS = tuple(m("event.merchant", seat=SEAT_REFS[seat]) for seat in range(5))
_YOGI_EVENTS = tuple(m("event.yogi", seat=SEAT_REFS[seat]) for seat in range(5))
# The parts a turn owes by its two actions (copied into the turn).
_PARTS = {(a, b): (*ACTION_PARTS[a], *ACTION_PARTS[b]) for a in ACTIONS for b in ACTIONS}


def plan_legal(state: MaharajaState, seat: int) -> list[Action]:
    return list(_MENUS[len(state["plans"][seat])])


def plan_ids(state: MaharajaState, seat: int) -> list[str]:
    return list(PLAN_MENU_IDS[len(state["plans"][seat])])


def still_planning(state: MaharajaState) -> list[int]:
    """The seats that have not confirmed their plans, read from ``confirmed``."""
    return [s for s, done in enumerate(state["confirmed"]) if not done]


def seats_to_act(state: MaharajaState) -> list[int]:
    """The seats with a decision due now (``to_act``), read from the phase
    and its decisions.  ``state["acting"]`` keeps them: ``to_act`` runs twice
    a move, the seats change a few times a round (set by a placed starting
    house, ``start_round``, a confirmed plan, ``next_turn``, a turn's
    interruptions, and read here after a choice of characters, a bid or the
    answer to an interruption); a state stored before it reads them here."""
    phase = state["phase"]
    if phase == "plan":
        return still_planning(state)
    if phase == "act":
        pending = state["pending"]
        return [pending[0]["seat"] if pending else state["turn"]]  # type: ignore[list-item]
    if phase == "over":
        return []
    return [SET_UP_SEAT[phase](state)]


# The one seat to act in each set-up phase.
SET_UP_SEAT: dict[str, Callable[[MaharajaState], int]] = {
    "choose": setup_phase.choose_seat, "bid": setup_phase.bid_seat, "place": setup_phase.place_seat}


def plan_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    plan = state["plans"][seat]
    head = action.head
    if head == "plan":
        chosen = action.args[0]
        # the second pick goes before the first if the disc lists it first
        if plan and _PLAN_ORDER[chosen] < _PLAN_ORDER[plan[0]]:
            plan.insert(0, chosen)
        else:
            plan.append(chosen)
        return []
    if head == "plan.reset":
        plan.clear()
        return []
    state["confirmed"][seat] = True
    acting = state.get("acting")
    if acting is not None:  # (absent in a state stored before it)
        acting.remove(seat)
    a, b = plan
    events = [_PLANNED_EVENTS[seat]]
    if False not in state["confirmed"]:  # (every seat confirmed: no call of all)
        state["phase"] = "act"
        events += next_turn(state)
    events.append(_MY_PLAN_EVENTS[seat][a, b])
    return events


# -- turns --------------------------------------------------------------------
def next_turn(state: MaharajaState) -> list[Msg]:
    """The next actor is the lowest character among those who have not acted
    (rule 7.6: swaps reorder the rest of the round)."""
    acted = state["acted"]
    for seat in state.get("character_order") or kept_character_order(state):  # (kept: read inline)
        if not acted[seat]:
            break
    else:
        return end_round(state)
    a, b = state["plans"][seat]
    state["revealed"][seat] = True
    state["acting"] = [seat]
    state["turn"] = seat
    state["turn_progress"] = {"parts": [*_PARTS[a, b]], "decision": None, "mason_used": False, "coin_actions": []}
    events = [_TURN_EVENTS[seat][a, b]]
    chars = state["characters"][seat]
    if MERCHANT in chars:
        state["gold"][seat] += 1
        events.append(_MERCHANT_EVENTS[seat])
    if YOGI in chars and state["coin_bank"] > 0:
        state["coin_bank"] -= 1
        state["action_coins"][seat] += 1
        events.append(_YOGI_EVENTS[seat])
    return events


def end_turn(state: MaharajaState, seat: int) -> list[Msg]:
    state["acted"][seat] = True
    state["turn"] = None
    state["turn_progress"] = None
    return next_turn(state)


def end_round(state: MaharajaState) -> list[Msg]:
    events = scoring.evaluate(state)
    reason: EndReason | None = None
    if 0 in state["palaces_left"]:  # someone built all his palaces
        reason = "palaces"
    elif track.reached_end(state["governors"]):
        reason = "track"
    elif state["options"]["short"] and state["round"] >= SHORT_ROUNDS:
        reason = "rounds"
    if reason is None:
        return events + start_round(state)
    state["phase"] = "over"
    state["acting"] = []
    state["end_reason"] = reason
    events.append(m(f"event.end_{reason}"))
    winner = scoring.final_order(state)[0]
    events.append(m("event.winner", seat=SEAT_REFS[winner]))
    return events
