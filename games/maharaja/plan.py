"""Secret planning (rule 6.2): every player sets two actions on his disc at
the same time, may set them again until he confirms, and the turns start
once everyone has confirmed."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, seat_ref
from games.maharaja import flow
from games.maharaja.common import action_msg, id_table, m
from games.maharaja.data import ACTIONS
from games.maharaja.schema import MaharajaState

# the disc's order, in which a plan is kept
_PLAN_ORDER = {a: i for i, a in enumerate(ACTIONS)}


def plan_ids(state: MaharajaState, seat: int) -> list[str]:
    """By the number of actions set: any action (the same one twice too)
    while fewer than two are set, setting them again once one is, and
    confirming once both are."""
    return [*PLAN_MENUS[len(state["plans"][seat])]]


_PLAN_IDS = tuple(id_table("plan", ACTIONS).values())
PLAN_MENUS = (_PLAN_IDS, (*_PLAN_IDS, "plan.reset"), ("plan.confirm", "plan.reset"))


# id -> (label key, style)
_WORDS = {"plan.confirm": ("label.confirm", "success"), "plan.reset": ("label.replan", "danger")}


def plan_labels(state: MaharajaState, seat: int, ids: list[str]) -> list[Action]:
    out = []
    for action_id in ids:
        key, style = _WORDS.get(action_id) or (f"action.{action_id.partition(':')[2]}", "primary")
        out.append(Action(action_id, m(key), "plan", style))
    return out


def apply_plan(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
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
    a, b = plan
    events = [m("event.planned", seat=seat_ref(seat))]
    if all(state["confirmed"]):
        state["phase"] = "act"
        events += flow.next_turn(state)
    events.append({**m("event.my_plan", a=action_msg(a), b=action_msg(b)), "to": seat})
    return events
