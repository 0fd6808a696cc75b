"""What each audience may see, built field by field (an allow-list; see
``schema``): the open board for everyone, each player's gold and plan only
for that player (gold for all once the game is over, a plan for all once the
player's turn revealed it).  Never the RNG, the set-up log or the move
counter.  ``private_summary`` words a seat's own view as lines of text."""

from __future__ import annotations

from typing import cast

from games.base import Msg
from games.maharaja.common import action_msg, char_msg, m
from games.maharaja.data import CHARACTER_KEYS
from games.maharaja.schema import (
    Auction,
    CharacterChoice,
    Decision,
    Evaluation,
    Garden,
    MaharajaState,
    MaharajaView,
    Pending,
    Placement,
    PublicView,
    SeatView,
    TurnProgress,
    ViewTable,
)
from games.views import allowed

_DECISION_KEYS = ("kind", "road", "source", "free", "city", "taken_character", "taken_from")
_PENDING_KEYS = ("seat", "kind", "recipient")


def _decision(d: Decision | None) -> Decision | None:
    return None if d is None else cast(Decision, allowed(d, _DECISION_KEYS))


def _turn(t: TurnProgress | None) -> TurnProgress | None:
    if t is None:
        return None
    return {"parts": list(t["parts"]), "decision": _decision(t["decision"]), "mason_used": t["mason_used"],
            "coin_actions": list(t["coin_actions"])}


def _pending(p: Pending) -> Pending:
    return cast(Pending, allowed(p, _PENDING_KEYS))


def _choice(c: CharacterChoice | None) -> CharacterChoice | None:
    return None if c is None else {"order": list(c["order"]), "index": c["index"]}


def _auction(a: Auction | None) -> Auction | None:
    if a is None:
        return None
    return {"bidders": list(a["bidders"]), "bidder_index": a["bidder_index"], "high_bid": a["high_bid"],
            "leader": a["leader"], "chooser": a["chooser"]}


def _placement(p: Placement | None) -> Placement | None:
    return None if p is None else {"order": list(p["order"]), "index": p["index"], "road": p["road"]}


def _garden(g: Garden) -> Garden:
    return {"inner": g["inner"], "outer": list(g["outer"])}


def _evaluation(e: Evaluation | None) -> Evaluation | None:
    if e is None:
        return None
    return {"city": e["city"], "points": list(e["points"]), "gold": list(e["gold"]), "round": e["round"],
            "monopoly": e["monopoly"]}


def _table(state: MaharajaState, seat: int | None) -> ViewTable:
    over = state["phase"] == "over"  # the final count compares gold: all shown
    revealed = state["revealed"]
    return {
        "game": state["game"],
        "players": state["players"],
        "options": {"short": state["options"]["short"], "advanced": state["options"]["advanced"]},
        "phase": state["phase"],
        "round": state["round"],
        "end_reason": state["end_reason"],
        "gold": [gold if (other == seat or over) else None for other, gold in enumerate(state["gold"])],
        "plans": [list(plan) if (other == seat or revealed[other]) else None
                  for other, plan in enumerate(state["plans"])],
        "reserve": list(state["reserve"]),
        "bank_houses": list(state["bank_houses"]),
        "palaces_left": list(state["palaces_left"]),
        "palace_total": state["palace_total"],
        "characters": [list(cs) for cs in state["characters"]],
        "character_bank": list(state["character_bank"]),
        "action_coins": list(state["action_coins"]),
        "coin_bank": state["coin_bank"],
        "architects": list(state["architects"]),
        "maharaja": state["maharaja"],
        "governors": dict(state["governors"]),
        "villages": {v: list(owners) for v, owners in state["villages"].items()},
        "city_houses": {c: list(houses) for c, houses in state["city_houses"].items()},
        "gardens": {c: _garden(g) for c, g in state["gardens"].items()},
        "confirmed": list(state["confirmed"]),
        "revealed": list(revealed),
        "acted": list(state["acted"]),
        "coin_used": list(state["coin_used"]),
        "turn": state["turn"],
        "turn_progress": _turn(state["turn_progress"]),
        "pending": [_pending(p) for p in state["pending"]],
        "character_choice": _choice(state["character_choice"]),
        "auction": _auction(state["auction"]),
        "placement": _placement(state["placement"]),
        "last_evaluation": _evaluation(state["last_evaluation"]),
    }


def view(state: MaharajaState, seat: int | None) -> MaharajaView:
    table = _table(state, seat)
    if seat is None:
        public: PublicView = {**table, "seat": None}
        return public
    own: SeatView = {**table, "seat": seat}
    return own


# --- private summary -----------------------------------------------------------
def private_summary(view: MaharajaView, seat: int) -> list[Msg]:
    """Gold, the plan, the characters (with what they do), action coins and
    the parts still owed this turn, read from ``seat``'s own view only."""
    if seat is None or view["seat"] != seat:
        return []
    lines = []
    gold = view["gold"][seat]
    if gold is not None:
        lines.append(m("summary.gold", gold=gold))
    plan = view["plans"][seat]
    if view["phase"] in ("plan", "act") and plan is not None:
        if len(plan) == 2:
            lines.append(m("summary.plan", a=action_msg(plan[0]), b=action_msg(plan[1])))
        elif len(plan) == 1:
            lines.append(m("summary.plan_half", a=action_msg(plan[0])))
        else:
            lines.append(m("summary.no_plan"))
    chars = [m("summary.char", char=char_msg(c), info=m(f"charinfo.{CHARACTER_KEYS[c]}"))
             for c in sorted(view["characters"][seat])]
    if chars:
        lines.append(m("summary.chars" if len(chars) > 1 else "summary.chars_one", chars=chars))
    if view["options"]["advanced"]:
        lines.append(m("summary.coins", n=view["action_coins"][seat]))
    progress = view["turn_progress"]
    if progress and view["turn"] == seat and progress["parts"]:
        lines.append(m("summary.todo", parts=[m(f"part.{part}") for part in progress["parts"]]))
    return lines
