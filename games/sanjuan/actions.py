"""Action ids and their ``Action`` objects with localisable labels.

Every id's label depends on the id alone, so each ``Action`` is built once;
the rule modules list legal moves as ids from the ready-made rows below (ids
are asked for on every step of every game) and ``labelled`` puts the labels
on."""

from __future__ import annotations

import sys

from games.base import Action, ActionId, Msg, action_id

from .common import m
from .data import GOOD_KEYS, ROLES, TYPE_KEYS


def _card(key: str) -> Msg:
    return m("card." + key)


def _make(aid: str) -> Action:
    action = ActionId.parse(aid)
    head, arg = action.head, action.arg(0)
    if head == "role":
        key = "act.role_save" if action.arg(1) else "act.role"
        return Action(aid, m(key, role=m("role." + arg)), "role", "primary")
    if head in ("build", "pay", "keep", "discard", "tuck"):
        style = {"build": "primary", "keep": "success", "discard": "danger"}.get(head, "secondary")
        return Action(aid, m("act." + head, card=_card(arg)), head, style)
    if head == "onto":
        if arg == "new":
            return Action(aid, m("act.onto_new"), "onto", "primary")
        return Action(aid, m("act.onto", card=_card(arg)), "onto")
    if head == "paygood":
        return Action(aid, m("act.paygood", good=m("good." + arg)), "pay")
    if head == "produce":
        return Action(aid, m("act.produce", card=_card(arg)), "produce", "primary")
    if head == "sell":
        return Action(aid, m("act.sell", good=m("good." + arg)), "sell", "primary")
    style = {"confirm": "success", "done": "success", "cancel": "danger", "undo": "secondary"}.get(head, "secondary")
    return Action(aid, m("act." + head), "control", style)


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


# Every id the engine offers with its action: a label depends on the id
# alone, so each is built once.  The ids are interned: the rows below hand
# out these very strings.
ACTIONS: dict[str, Action] = {sys.intern(aid): _make(aid) for aid in all_action_ids()}


def action(aid: str) -> Action:
    return ACTIONS[aid]


def labelled(ids: list[str]) -> list[Action]:
    """The actions of legal ids (in their order)."""
    return list(map(ACTIONS.__getitem__, ids))


# Ready-made ids the legal-move lists are assembled from, indexed by type
# index (``PRODUCE``/``SELL``/``PAYGOOD``: production type = good index).
def _row(head: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sys.intern(action_id(head, k)) for k in keys)


BUILD = _row("build", TYPE_KEYS)
PAY = _row("pay", TYPE_KEYS)
KEEP = _row("keep", TYPE_KEYS)
DISCARD = _row("discard", TYPE_KEYS)
TUCK = _row("tuck", TYPE_KEYS)
ONTO = _row("onto", TYPE_KEYS)
PRODUCE = _row("produce", TYPE_KEYS[:len(GOOD_KEYS)])
SELL = _row("sell", GOOD_KEYS)
PAYGOOD = _row("paygood", GOOD_KEYS)
ROLE = {r: sys.intern(action_id("role", r)) for r in ROLES}
ROLE_SAVE = {r: sys.intern(action_id("role", r, "save")) for r in ROLES}
PASS, DONE, UNDO, CANCEL, ONTO_NEW = "pass", "done", "undo", "cancel", sys.intern(action_id("onto", "new"))

# A set of types is a number with bit ``t`` for type ``t`` (see
# ``state.type_bits``).  ``Chunks`` turn one into the ids of a row in type
# order: the ids of every combination of 10 types, for each group of 10
# (three lookups instead of sorting a set on every step).
Chunks = tuple[tuple[tuple[str, ...], ...], ...]
_CHUNK = 10


def _chunks(row: tuple[str, ...]) -> Chunks:
    chunks = []
    for base in range(0, len(row), _CHUNK):
        table: list[tuple[str, ...]] = [()]
        for bits in range(1, 1 << _CHUNK):
            top = bits.bit_length() - 1  # the ids of the lower bits, then this one's
            lower = table[bits ^ (1 << top)]
            table.append(lower + (row[base + top],) if base + top < len(row) else lower)
        chunks.append(tuple(table))
    return tuple(chunks)


def ids_of(chunks: Chunks, bits: int) -> list[str]:
    """The ids of the types in ``bits`` (a row of all types)."""
    c0, c1, c2 = chunks
    return [*c0[bits & 1023], *c1[bits >> 10 & 1023], *c2[bits >> 20]]


BUILD_BY = _chunks(BUILD)
PAY_BY = _chunks(PAY)
KEEP_BY = _chunks(KEEP)
DISCARD_BY = _chunks(DISCARD)
TUCK_BY = _chunks(TUCK)
ONTO_BY = _chunks(ONTO)
# The goods rows have 5 types: one chunk.
PRODUCE_BY = _chunks(PRODUCE)[0]
SELL_BY = _chunks(SELL)[0]
PAYGOOD_BY = _chunks(PAYGOOD)[0]
