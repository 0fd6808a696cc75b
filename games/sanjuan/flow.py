"""Rounds and roles, and the phases' dispatch.

A round: the governor's seat order picks roles (2 players: governor,
opponent, governor); each role runs its phase for every seat from the chooser
on (``build``, ``goods``, ``council``).  A new round starts with chapel tucks,
then the hand limit.  The councillor, producer and trader phases, the gold
mine choices, chapel tucks, the hand limit and the optional start rule are
simultaneous: the seats in ``deciding`` choose at once, and the phase moves
on when the last has decided.

Legality: every phase has one rule module function listing its moves and one
testing an action, built on the same helpers (``MOVES``, ``ALLOWS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from games.base import Action, ActionId, Msg, msg, seat_ref

from . import build, council, goods, picks
from .actions import PASS, ROLE, ROLE_SAVE, TUCK
from .data import (
    CARD_TYPE,
    CHAPEL,
    END_BUILDINGS,
    HAND_LIMIT,
    LIBRARY,
    ROLES,
    START_CHOICE_DRAW,
    TOWER,
    TOWER_LIMIT,
    TYPE_INDEX,
    TYPE_KEYS,
)
from .schema import Role
from .state import State, card_names, draw_n, order_from, owns


def to_act(s: State) -> list[int]:
    phase = s["phase"]
    if phase == "role" or phase == "builder":
        turn = s["turn"]
        return [] if turn is None else [turn]
    return [*s["deciding"]]  # (empty when over)


def due(s: State, p: int) -> bool:
    """Whether ``p`` has a decision pending now."""
    phase = s["phase"]
    if phase == "role" or phase == "builder":
        return p == s["turn"]
    return p in s["deciding"]


# -- roles ----------------------------------------------------------------------

def _free_roles(s: State) -> list[str]:
    taken = [r["role"] for r in s["roles"]]
    return [r for r in ROLES if r not in taken]


def _may_keep_library(s: State, p: int) -> bool:
    """2 players: the library works once a round; the governor may keep it
    for his second role (``role:<r>:save``)."""
    return s["players"] == 2 and s["chooser_index"] == 0 and owns(s, p, LIBRARY)


def role_moves(s: State, p: int) -> list[Action]:
    free = _free_roles(s)
    out = [ROLE[r] for r in free]
    if _may_keep_library(s, p):
        out += [ROLE_SAVE[r] for r in free]
    return out


def role_allows(s: State, p: int, action: ActionId) -> bool:
    args = action.args
    if action.head != "role" or not 1 <= len(args) <= 2 or args[0] not in _free_roles(s):
        return False
    return len(args) == 1 or (args[1] == "save" and _may_keep_library(s, p))


def _choose_role(s: State, p: int, action: ActionId, ev: list[Msg]) -> None:
    role = cast(Role, action.args[0])  # a legal id names a role
    lib = len(action.args) == 1 and not s["library_used"][p] and owns(s, p, LIBRARY)
    if lib:
        s["library_used"][p] = True
    s["library_privilege"] = lib
    s["chooser"] = p
    s["roles"].append({"role": role, "seat": p})
    ev.append(msg("sanjuan.ev.role_lib" if lib else "sanjuan.ev.role", player=seat_ref(p),
                  role=msg("sanjuan.role." + role)))
    s["phase"] = role
    s["deciding"] = []
    s["turn"] = None
    if _BEGIN[role](s, ev):
        _end_role(s, ev)


def _begin_role(s: State, ev: list[Msg]) -> None:
    s["phase"] = "role"
    s["deciding"] = []
    s["turn"] = s["role_order"][s["chooser_index"]]


def _end_role(s: State, ev: list[Msg]) -> None:
    if s["phase"] == "builder":
        s["built_this_phase"] = [None] * s["players"]
        if any(len(c) >= END_BUILDINGS for c in s["cities"]):
            _game_over(s)
            ev.append(msg("sanjuan.ev.game_end"))
            return
    s["library_privilege"] = False
    s["chooser_index"] += 1
    if s["chooser_index"] >= len(s["role_order"]):
        begin_round(s, ev)
    else:
        _begin_role(s, ev)


def _game_over(s: State) -> None:
    s["phase"] = "over"
    s["turn"] = None
    s["deciding"] = []


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
    for i, p in enumerate(order_from(s, s["governor"])):
        cards = draw_n(s, START_CHOICE_DRAW[i], ev)
        s["looking_at"][p] = cards
        picks.start_pick(s, p, "keep", min(4, len(cards)))
        ev.append({**msg("sanjuan.ev.you_look", cards=card_names(cards)), "to": p})
    s["deciding"] = list(range(s["players"]))


def begin_round(s: State, ev: list[Msg], first: bool = False) -> None:
    n = s["players"]
    if not first:
        s["governor"] = (s["governor"] + 1) % n
        s["round"] += 1
    g = s["governor"]
    s["roles"] = []
    s["library_used"] = [False] * n
    s["role_order"] = [g, 1 - g, g] if n == 2 else order_from(s, g)
    s["chooser_index"] = 0
    ev.append(msg("sanjuan.ev.round", n=s["round"], player=seat_ref(g)))
    if _frozen(s):
        _game_over(s)
        ev.append(msg("sanjuan.ev.stalled"))
        return
    owners = [p for p in range(n) if s["hands"][p] and owns(s, p, CHAPEL)]
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
            s["chooser"], s["library_privilege"] = p, owns(s, p, LIBRARY)
            if build.buildable(s, p, first=True):
                return False
    finally:
        s["chooser"], s["library_privilege"] = saved
    return True


def hand_limit(s: State, p: int) -> int:
    return TOWER_LIMIT if owns(s, p, TOWER) else HAND_LIMIT


def _begin_limit(s: State, ev: list[Msg]) -> None:
    over = []
    for p in range(s["players"]):
        held = len(s["hands"][p])
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


def chapel_moves(s: State, p: int) -> list[Action]:
    out = [TUCK[t] for t in sorted(_tuckable(s, p))]
    out.append(PASS)
    return out


def _tuckable(s: State, p: int) -> set[int]:
    """The rule: a chapel takes any card of the hand (one a round), or none."""
    return set(map(CARD_TYPE.__getitem__, s["hands"][p]))


def chapel_allows(s: State, p: int, action: ActionId) -> bool:
    if action.head == "pass":
        return not action.args
    return action.head == "tuck" and len(action.args) == 1 and TYPE_INDEX.get(action.args[0]) in _tuckable(s, p)


def _tuck(s: State, p: int, action: ActionId, ev: list[Msg]) -> None:
    if action.head == "tuck":
        t = TYPE_INDEX[action.args[0]]
        hand = s["hands"][p]
        card = next(c for c in hand if CARD_TYPE[c] == t)
        hand.remove(card)
        s["chapel"][p].append(card)
        # Only the owner learns of it: the rules keep chapel cards secret.
        ev.append({**msg("sanjuan.ev.you_tucked", card=msg("sanjuan.card." + TYPE_KEYS[t])), "to": p})
    _finish_seat(s, p, ev)


# -- simultaneous decisions -------------------------------------------------------

def _finish_seat(s: State, p: int, ev: list[Msg]) -> None:
    s["deciding"].remove(p)
    if s["deciding"]:
        return
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


_PICKED_EVENT = {"start": "sanjuan.ev.start_kept", "limit": "sanjuan.ev.limit_discard",
                 "councillor": "sanjuan.ev.council_kept"}


def _pick(s: State, p: int, action: ActionId, ev: list[Msg]) -> None:
    if picks.apply(s, p, action):
        phase = s["phase"]
        if phase == "goldmine":  # the gold mine's cards are open: so is the kept one
            ev.append(msg("sanjuan.ev.gold_mine_kept", player=seat_ref(p),
                          card=msg("sanjuan.card." + action.args[0])))
        else:
            ev.append(msg(_PICKED_EVENT[phase], player=seat_ref(p)))
        _finish_seat(s, p, ev)


def _select(s: State, p: int, action: ActionId, ev: list[Msg]) -> None:
    if goods.apply(s, p, action):
        _finish_seat(s, p, ev)


def _build(s: State, p: int, action: ActionId, ev: list[Msg]) -> None:
    if build.apply(s, p, action, ev):
        _end_role(s, ev)


# -- the dispatch by phase --------------------------------------------------------

def _no_moves(s: State, p: int) -> list[Action]:
    return []


def _allows_nothing(s: State, p: int, action: ActionId) -> bool:
    return False


MOVES: dict[str, Callable[[State, int], list[Action]]] = {
    "role": role_moves,
    "builder": build.moves,
    "chapel": chapel_moves,
    "producer": goods.moves,
    "trader": goods.moves,
    "start": picks.moves,
    "limit": picks.moves,
    "councillor": picks.moves,
    "goldmine": picks.moves,
    "over": _no_moves,
}
ALLOWS: dict[str, Callable[[State, int, ActionId], bool]] = {
    "role": role_allows,
    "builder": build.allows,
    "chapel": chapel_allows,
    "producer": goods.allows,
    "trader": goods.allows,
    "start": picks.allows,
    "limit": picks.allows,
    "councillor": picks.allows,
    "goldmine": picks.allows,
    "over": _allows_nothing,
}
TRANSITIONS: dict[str, Callable[[State, int, ActionId, list[Msg]], None]] = {
    "role": _choose_role,
    "builder": _build,
    "chapel": _tuck,
    "producer": _select,
    "trader": _select,
    "start": _pick,
    "limit": _pick,
    "councillor": _pick,
    "goldmine": _pick,
}
