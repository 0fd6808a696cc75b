"""The undo window and the private summary of Maharaja.

Hidden in Maharaja are each player's gold and the two planned actions until
the player's turn reveals them; everything else (houses, palaces, characters,
the governor track, action coins) is open, and chance is drawn only at the
set-up.  So an action may be taken back (Board Game Arena's policy) unless:

* it reveals a plan: the last ``plan.confirm`` of a round starts the turns and
  shows the first actor's plan, and ``end`` shows the next actor's plan;
* it changes another player's gold (travel fees, the skip penalty, an
  evaluation): the platform closes the window then anyway, and the hook says
  so itself;
* it ends the round (the evaluation is paid out and a new secret planning
  starts) or the game, or drew on the RNG;
* it is not a known action (safety net).
"""

from __future__ import annotations

from games.base import ActionId, Msg, msg
from games.maharaja.data import CHARACTER_KEYS
from games.maharaja.schema import MaharajaState, MaharajaView

# Every action head of the game; all of them work on open information or on
# the actor's own secret plan.
KNOWN = frozenset({
    "char", "bid", "pass", "road", "back", "at", "plan", "plan.reset", "plan.confirm",
    "do", "mason", "palace", "end", "gov", "coin", "go", "swap", "lure", "give", "pick", "yield",
})


def reveals(before: MaharajaState, after: MaharajaState, seat: int) -> bool:
    """Whether ``before`` → ``after`` drew chance, ended the round or the
    game, showed a plan that was secret, or changed another seat's (secret) gold."""
    if after["rng"] != before["rng"] or after["phase"] == "over":
        return True
    if before["phase"] == "act" and after["round"] != before["round"]:
        return True     # the round was evaluated
    for s in range(after["players"]):
        if after["revealed"][s] and not (before["revealed"][s] and before["plans"][s] == after["plans"][s]):
            return True
        if s != seat and after["gold"][s] != before["gold"][s]:
            return True
    return False


def closes_undo(before: MaharajaState, after: MaharajaState, seat: int, action_id: str) -> bool:
    return ActionId.parse(action_id).head not in KNOWN or reveals(before, after, seat)


# --- private summary -----------------------------------------------------------
def _m(key: str, **args: object) -> Msg:
    return msg("maharaja.summary." + key, **args)


def _action(a: str) -> Msg:
    return msg(f"maharaja.action.{a}")


def private_summary(view: MaharajaView, seat: int) -> list[Msg]:
    """Gold, the plan, the characters (with what they do), action coins and
    the parts still owed this turn, read from ``seat``'s own view only."""
    if seat is None or view["seat"] != seat:
        return []
    lines = []
    gold = view["gold"][seat]
    if gold is not None:
        lines.append(_m("gold", gold=gold))
    plan = view["plans"][seat]
    if view["phase"] in ("plan", "act") and plan is not None:
        if len(plan) == 2:
            lines.append(_m("plan", a=_action(plan[0]), b=_action(plan[1])))
        elif len(plan) == 1:
            lines.append(_m("plan_half", a=_action(plan[0])))
        else:
            lines.append(_m("no_plan"))
    chars = [_m("char", char=msg(f"maharaja.char.{CHARACTER_KEYS[c]}"),
                info=msg(f"maharaja.charinfo.{CHARACTER_KEYS[c]}")) for c in sorted(view["characters"][seat])]
    if chars:
        lines.append(_m("chars" if len(chars) > 1 else "chars_one", chars=chars))
    if view["options"]["advanced"]:
        lines.append(_m("coins", n=view["action_coins"][seat]))
    progress = view["turn_progress"]
    if progress and view["turn"] == seat and progress["parts"]:
        lines.append(_m("todo", parts=[msg(f"maharaja.part.{p}") for p in progress["parts"]]))
    return lines
