"""The undo window of Maharaja.

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

from games.base import ActionId
from games.maharaja.schema import MaharajaState

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
    for other in range(after["players"]):
        if after["revealed"][other] and not (before["revealed"][other]
                                             and before["plans"][other] == after["plans"][other]):
            return True
        if other != seat and after["gold"][other] != before["gold"][other]:
            return True
    return False


def closes_undo(before: MaharajaState, after: MaharajaState, seat: int, action_id: str) -> bool:
    return ActionId.parse(action_id).head not in KNOWN or reveals(before, after, seat)
