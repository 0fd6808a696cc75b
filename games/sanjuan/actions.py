"""Action ids and their ``Action`` objects with localisable labels.

Every id's label depends on the id alone, so each ``Action`` is built once:
the rule modules list legal moves from the ready-made rows below (legal moves
are asked for on every step of every game)."""

from __future__ import annotations

from games.base import Action, ActionId, Msg, action_id, msg

from .data import GOOD_KEYS, ROLES, TYPE_KEYS

_CACHE: dict[str, Action] = {}


def _card(key: str) -> Msg:
    return msg("sanjuan.card." + key)


def _make(aid: str) -> Action:
    action = ActionId.parse(aid)
    head, arg = action.head, action.arg(0)
    if head == "role":
        key = "sanjuan.act.role_save" if action.arg(1) else "sanjuan.act.role"
        return Action(aid, msg(key, role=msg("sanjuan.role." + arg)), "role", "primary")
    if head in ("build", "pay", "keep", "discard", "tuck"):
        style = {"build": "primary", "keep": "success", "discard": "danger"}.get(head, "secondary")
        return Action(aid, msg("sanjuan.act." + head, card=_card(arg)), head, style)
    if head == "onto":
        if arg == "new":
            return Action(aid, msg("sanjuan.act.onto_new"), "onto", "primary")
        return Action(aid, msg("sanjuan.act.onto", card=_card(arg)), "onto")
    if head == "paygood":
        return Action(aid, msg("sanjuan.act.paygood", good=msg("sanjuan.good." + arg)), "pay")
    if head == "produce":
        return Action(aid, msg("sanjuan.act.produce", card=_card(arg)), "produce", "primary")
    if head == "sell":
        return Action(aid, msg("sanjuan.act.sell", good=msg("sanjuan.good." + arg)), "sell", "primary")
    style = {"confirm": "success", "done": "success", "cancel": "danger", "undo": "secondary"}.get(head, "secondary")
    return Action(aid, msg("sanjuan.act." + head), "control", style)


def action(aid: str) -> Action:
    a = _CACHE.get(aid)
    if a is None:
        a = _CACHE[aid] = _make(aid)
    return a


def all_action_ids() -> list[str]:
    """Every id the engine can offer (for catalogue tests)."""
    ids = ["pass", "done", "undo", "confirm", "cancel", "onto:new"]
    for r in ROLES:
        ids += [action_id("role", r), action_id("role", r, "save")]
    for k in TYPE_KEYS:
        ids += [action_id(h, k) for h in ("build", "pay", "keep", "discard", "tuck", "onto")]
    for i, g in enumerate(GOOD_KEYS):
        ids += [action_id("paygood", g), action_id("sell", g), action_id("produce", TYPE_KEYS[i])]
    return ids


# Ready-made actions the legal-move lists are assembled from, indexed by type
# index (``PRODUCE``/``SELL``/``PAYGOOD``: production type = good index).
def _row(head: str, keys: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(action(action_id(head, k)) for k in keys)


BUILD = _row("build", TYPE_KEYS)
PAY = _row("pay", TYPE_KEYS)
KEEP = _row("keep", TYPE_KEYS)
DISCARD = _row("discard", TYPE_KEYS)
TUCK = _row("tuck", TYPE_KEYS)
ONTO = _row("onto", TYPE_KEYS)
PRODUCE = _row("produce", TYPE_KEYS[:len(GOOD_KEYS)])
SELL = _row("sell", GOOD_KEYS)
PAYGOOD = _row("paygood", GOOD_KEYS)
ROLE = {r: action(action_id("role", r)) for r in ROLES}
ROLE_SAVE = {r: action(action_id("role", r, "save")) for r in ROLES}
PASS, DONE, UNDO, CANCEL, ONTO_NEW = (action(a) for a in ("pass", "done", "undo", "cancel", action_id("onto", "new")))

# Every id the engine offers, read once: its parsed form is a constant of the
# game, looked up by id.
PARSED: dict[str, ActionId] = {aid: ActionId.parse(aid) for aid in all_action_ids()}
