"""Rounds and roles, and the rules by phase.

A round: the governor's seat order picks roles (2 players: governor,
opponent, governor); each role runs its phase for every seat from the chooser
on (``build``, ``goods``, ``council``).  A new round starts with chapel tucks,
then the hand limit.  The councillor, producer and trader phases, the gold
mine choices, chapel tucks, the hand limit and the optional start rule are
simultaneous: the seats in ``deciding`` choose at once, and the phase moves
on when the last has decided.

``DECISIONS``: per phase (the state has no pending decisions; the phase is
the decision kind), the rule module's functions listing the legal ids,
testing one action by the same rule, and applying one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from games.base import Action, ActionId, Decision, Msg, seat_order

from . import build, council, goods, picks
from .actions import PASS, ROLE, ROLE_SAVE, TUCK_BY, ids_of, labelled
from .data import (
    CHAPEL,
    END_BUILDINGS,
    HAND_LIMIT,
    LIBRARY,
    MAX_PLAYERS,
    ROLES,
    START_CHOICE_DRAW,
    TOWER,
    TOWER_LIMIT,
    TYPE_INDEX,
)
from .schema import Role
from .state import (
    CARD_MSG,
    SEAT,
    State,
    card_names,
    city_bits,
    draw_n,
    has_type_in,
    m,
    take_type,
    type_bits,
)

# The phases one seat at a time decides in: ``turn`` is that seat (None between
# seats) and ``deciding`` is empty; in the others ``turn`` is None.
BY_TURN = frozenset({"role", "builder"})


def to_act(s: State) -> list[int]:
    turn = s["turn"]
    return [*s["deciding"]] if turn is None else [turn]  # (empty when over)


def decision_for(s: State, p: int) -> str | None:
    """The decision ``p`` faces now (the phase: San Juan has no pending
    decisions), None when it is not to act."""
    turn = s["turn"]
    if (p in s["deciding"]) if turn is None else (p == turn):
        return s["phase"]
    return None


# -- roles ----------------------------------------------------------------------

# The ids of the roles left when those in ``taken`` (bits: ``_ROLE_BIT``) are
# taken: without, and with, keeping the library.
_ROLE_BIT = {r: 1 << i for i, r in enumerate(ROLES)}
_FREE: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = tuple(
    (tuple(ROLE[r] for r in ROLES if not taken & _ROLE_BIT[r]),
     tuple(ROLE[r] for r in ROLES if not taken & _ROLE_BIT[r])
     + tuple(ROLE_SAVE[r] for r in ROLES if not taken & _ROLE_BIT[r]))
    for taken in range(1 << len(ROLES)))
ROLE_MSG = {r: m("role." + r) for r in ROLES}
# _ROLE_EV[with the library][role][seat] (shared)
_ROLE_EV = {lib: {r: tuple(m("ev.role_lib" if lib else "ev.role", player=SEAT[p], role=ROLE_MSG[r])
                           for p in range(MAX_PLAYERS)) for r in ROLES} for lib in (False, True)}
_LIBRARY, _CHAPEL, _TOWER = 1 << LIBRARY, 1 << CHAPEL, 1 << TOWER


def _may_keep_library(s: State, p: int) -> bool:
    """2 players: the library works once a round; the governor may keep it
    for his second role (``role:<r>:save``)."""
    return s["players"] == 2 and s["chooser_index"] == 0 and bool(city_bits(s)[p] & _LIBRARY)


def role_ids(s: State, p: int) -> list[str]:
    taken = 0
    for r in s["roles"]:
        taken |= _ROLE_BIT[r["role"]]
    free = _FREE[taken]
    return [*free[1]] if s["players"] == 2 and _may_keep_library(s, p) else [*free[0]]


def role_allows(s: State, p: int, action: ActionId) -> bool:
    args = action.args
    if action.head != "role" or not 1 <= len(args) <= 2:
        return False
    role = args[0]
    for r in s["roles"]:  # taken already
        if r["role"] == role:
            return False
    return role in _ROLE_BIT and (len(args) == 1 or (args[1] == "save" and _may_keep_library(s, p)))


def _choose_role(s: State, p: int, action: ActionId) -> list[Msg]:
    args = action.args
    role: Role = args[0]  # type: ignore[assignment]  # a legal id names a role
    # (the library asked first: few seats have one)
    try:  # (``city_bits``, inlined)
        tops = s["city_bits"][p]
    except KeyError:
        tops = city_bits(s)[p]
    lib = tops & _LIBRARY != 0 and len(args) == 1 and not s["library_used"][p]
    if lib:
        s["library_used"][p] = True
    s["library_privilege"] = lib
    s["chooser"] = p
    s["roles"].append({"role": role, "seat": p})
    ev: list[Msg] = [_ROLE_EV[lib][role][p]]
    s["phase"] = role
    s["deciding"] = []
    s["turn"] = None
    if _BEGIN[role](s, ev):
        _end_role(s, ev)
    return ev


def _begin_role(s: State, ev: list[Msg]) -> None:
    s["phase"] = "role"
    s["deciding"] = []
    s["turn"] = s["role_order"][s["chooser_index"]]


def _end_role(s: State, ev: list[Msg]) -> None:
    if s["phase"] == "builder":
        s["built_this_phase"] = [None] * s["players"]
        if max(map(len, s["cities"])) >= END_BUILDINGS:
            _game_over(s)
            ev.append(m("ev.game_end"))
            return
    s["library_privilege"] = False
    order, index = s["role_order"], s["chooser_index"] + 1
    s["chooser_index"] = index
    if index >= len(order):
        begin_round(s, ev)
    else:  # ``_begin_role``, inlined
        s["phase"] = "role"
        s["deciding"] = []
        s["turn"] = order[index]


def _game_over(s: State) -> None:
    s["phase"] = "over"
    s["turn"] = None
    s["deciding"] = []


# A role's phase start: True when it is over at once.
_BEGIN: dict[str, Callable[[State, list[Msg]], bool]] = {
    "builder": build.begin,
    "producer": goods.begin_producer,
    "trader": goods.begin_trader,
    "councillor": council.begin_councillor,
    "prospector": council.begin_prospector,
}


# -- rounds: the start rule, chapel tucks, the hand limit -------------------------

def begin_start_choice(s: State, ev: list[Msg]) -> None:
    """Optional start rule: seats from the governor look at 5/6/7/8 cards, keep 4."""
    s["phase"] = "start"
    for i, p in enumerate(seat_order(s["players"], s["governor"])):
        cards = draw_n(s, START_CHOICE_DRAW[i], ev)
        s["looking_at"][p] = cards
        picks.start_pick(s, p, "keep", min(4, len(cards)))
        ev.append({"key": "sanjuan.ev.you_look", "args": {"cards": card_names(cards)}, "to": p})
    s["deciding"] = list(range(s["players"]))


def begin_round(s: State, ev: list[Msg], first: bool = False) -> None:
    n = s["players"]
    if not first:
        s["governor"] = (s["governor"] + 1) % n
        s["round"] += 1
    g = s["governor"]
    s["turn"] = None  # (chapel tucks and the hand limit are simultaneous)
    s["roles"] = []
    s["library_used"] = [False] * n
    s["role_order"] = [g, 1 - g, g] if n == 2 else seat_order(n, g)
    s["chooser_index"] = 0
    ev.append({"key": "sanjuan.ev.round", "args": {"n": s["round"], "player": SEAT[g]}})
    if _frozen(s):
        _game_over(s)
        ev.append(m("ev.stalled"))
        return
    owners = []
    bits = city_bits(s)
    for p, hand in enumerate(s["hands"]):
        if hand and bits[p] & _CHAPEL:
            owners.append(p)
    if owners:
        s["phase"] = "chapel"
        s["deciding"] = owners
        return
    _begin_limit(s, ev)


def _frozen(s: State) -> bool:
    """No card can ever move again: both piles empty, no goods, and nobody
    could build even as builder.  Then no 12th building can come and the game
    would loop for ever (only reachable by odd play: cards pile up under
    chapels and cranes), so it ends (house rule; the rulebook is silent)."""
    if s["deck"] or s["discard"] or any(g >= 0 for city in s["cities"] for _, g in city):
        return False
    saved = s["chooser"], s["library_privilege"]
    try:
        for p in range(s["players"]):
            s["chooser"], s["library_privilege"] = p, bool(city_bits(s)[p] >> LIBRARY & 1)
            if build.buildable(s, p, first=True):
                return False
    finally:
        s["chooser"], s["library_privilege"] = saved
    return True


def hand_limit(s: State, p: int) -> int:
    return TOWER_LIMIT if city_bits(s)[p] & _TOWER else HAND_LIMIT


def _begin_limit(s: State, ev: list[Msg]) -> None:
    over = []
    for p, hand in enumerate(s["hands"]):
        held = len(hand)
        if held <= HAND_LIMIT:  # within any limit (the tower only raises it)
            continue
        extra = held - hand_limit(s, p)
        if extra > 0:
            picks.start_pick(s, p, "discard", extra)
            over.append(p)
    if over:
        s["phase"] = "limit"
        s["deciding"] = over
        return
    _begin_role(s, ev)


def chapel_ids(s: State, p: int) -> list[str]:
    """The rule: a chapel takes any card of the hand (one a round), or none."""
    out = ids_of(TUCK_BY, type_bits(s["hands"][p]))
    out.append(PASS)
    return out


def chapel_allows(s: State, p: int, action: ActionId) -> bool:
    if action.head == "pass":
        return not action.args
    return (action.head == "tuck" and len(action.args) == 1
            and has_type_in(s["hands"][p], TYPE_INDEX.get(action.args[0])))


def _tuck(s: State, p: int, action: ActionId) -> list[Msg]:
    ev: list[Msg] = []
    if action.head == "tuck":
        t = TYPE_INDEX[action.args[0]]
        s["chapel"][p].append(take_type(s["hands"][p], t))
        # Only the owner learns of it: the rules keep chapel cards secret.
        ev.append({"key": "sanjuan.ev.you_tucked", "args": {"card": CARD_MSG[t]}, "to": p})
    deciding = s["deciding"]
    deciding.remove(p)
    if not deciding:
        _all_decided(s, ev)
    return ev


# -- simultaneous decisions -------------------------------------------------------

# A seat that has decided leaves ``deciding`` where it decides (``_tuck``,
# ``goods.apply``, ``picks.apply``); after the last, the phase moves on.

def _all_decided(s: State, ev: list[Msg]) -> None:
    phase = s["phase"]
    if phase == "start":
        begin_round(s, ev, first=True)
    elif phase == "chapel":
        _begin_limit(s, ev)
    elif phase == "limit":
        _begin_role(s, ev)
    else:
        if phase == "producer":
            goods.resolve_producer(s, ev)
        elif phase == "trader":
            goods.resolve_trader(s, ev)
        _end_role(s, ev)


# -- the rules by phase -----------------------------------------------------------

Ids = Callable[[State, int], list[str]]
Allows = Callable[[State, int, ActionId], bool]
Apply = Callable[[State, int, ActionId], list[Msg]]

# Per phase (the decision kind: the state has no pending decisions), the
# rule module's functions: the legal ids, one action's test by the same rule,
# the transition.
IDS: dict[str, Ids] = {
    "role": role_ids, "builder": build.ids, "chapel": chapel_ids, "producer": goods.ids, "trader": goods.ids,
    "start": picks.ids, "limit": picks.ids, "councillor": picks.ids, "goldmine": picks.ids,
}
ALLOWS: dict[str, Allows] = {
    "role": role_allows, "builder": build.allows, "chapel": chapel_allows, "producer": goods.allows,
    "trader": goods.allows, "start": picks.allows, "limit": picks.allows, "councillor": picks.allows,
    "goldmine": picks.allows,
}
# (The rule modules' transitions get the flow's next step bound: a partial
# adds no Python frame to every move, as a wrapper here would.)
_select = partial(goods.apply, _all_decided)
_pick = partial(picks.apply, _all_decided)
APPLY: dict[str, Apply] = {
    "role": _choose_role, "builder": partial(build.apply, _end_role), "chapel": _tuck,
    "producer": _select, "trader": _select, "start": _pick, "limit": _pick, "councillor": _pick, "goldmine": _pick,
}


def _labels(s: State, p: int, ids: list[str]) -> list[Action]:
    return labelled(ids)


DECISIONS: dict[str, Decision] = {
    kind: Decision(ids=IDS[kind], apply=APPLY[kind], labels=_labels, allows=ALLOWS[kind]) for kind in IDS
}
