"""Rounds and roles, and the rules by phase.

A round: the governor's seat order picks roles (2 players: governor,
opponent, governor); each role runs its phase for every seat from the chooser
on (``build``, ``goods``, ``council``).  A new round starts with chapel tucks,
then the hand limit.  The councillor, producer and trader phases, the gold
mine choices, chapel tucks, the hand limit and the optional start rule are
simultaneous: the seats in ``deciding`` choose at once, and the phase moves
on when the last has decided.

The decisions of choosing a role and of the chapel are here (``role_ids``,
``apply_role``; ``chapel_ids``, ``apply_tuck``).

The fast twins: ``role_allows`` and ``chapel_allows`` answer ``str(action) in
role_ids(state, seat)`` (``chapel_ids``) for one action without listing the
moves.  They save about 0.8 % and 0.1 % (2 players) of a random game's
instructions, below the 3 % bar, and are kept because without the twins the
game's instructions exceed the +15 % budget; ``tests/sanjuan/test_random.py``
compares them with the lists in seeded games.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Msg, seat_order

from . import build, council, goods, picks
from .actions import PASS, ROLE, ROLE_SAVE, TUCK_BY, ids_of
from .common import (
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

# The phases one seat at a time decides in: ``turn`` is that seat (None between
# seats) and ``deciding`` is empty; in the others ``turn`` is None.
BY_TURN = frozenset({"role", "builder"})


def to_act(state: State) -> list[int]:
    turn = state["turn"]
    return [*state["deciding"]] if turn is None else [turn]  # (empty when over)


def decision_for(state: State, seat: int) -> str | None:
    """The decision ``p`` faces now (the phase: San Juan has no pending
    decisions), None when it is not to act."""
    turn = state["turn"]
    if (seat in state["deciding"]) if turn is None else (seat == turn):
        return state["phase"]
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
_ROLE_EV = {lib: {r: tuple(m("ev.role_lib" if lib else "ev.role", player=SEAT[seat], role=ROLE_MSG[r])
                           for seat in range(MAX_PLAYERS)) for r in ROLES} for lib in (False, True)}
_LIBRARY, _CHAPEL, _TOWER = 1 << LIBRARY, 1 << CHAPEL, 1 << TOWER


def _may_keep_library(state: State, seat: int) -> bool:
    """2 players: the library works once a round; the governor may keep it
    for his second role (``role:<r>:save``)."""
    return state["players"] == 2 and state["chooser_index"] == 0 and bool(city_bits(state)[seat] & _LIBRARY)


def role_ids(state: State, seat: int) -> list[str]:
    taken = 0
    for r in state["roles"]:
        taken |= _ROLE_BIT[r["role"]]
    free = _FREE[taken]
    return [*free[1]] if state["players"] == 2 and _may_keep_library(state, seat) else [*free[0]]




def role_allows(state: State, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in role_ids(state, seat)`` (see the module's doc)."""
    args = action.args
    if action.head != "role" or not 1 <= len(args) <= 2:
        return False
    role = args[0]
    for taken in state["roles"]:
        if taken["role"] == role:
            return False
    return role in _ROLE_BIT and (len(args) == 1 or (args[1] == "save" and _may_keep_library(state, seat)))


def apply_role(state: State, seat: int, action: ActionId) -> list[Msg]:
    args = action.args
    role: Role = args[0]  # type: ignore[assignment]  # a legal id names a role
    # (the library asked first: few seats have one)
    tops = city_bits(state)[seat]
    lib = tops & _LIBRARY != 0 and len(args) == 1 and not state["library_used"][seat]
    if lib:
        state["library_used"][seat] = True
    state["library_privilege"] = lib
    state["chooser"] = seat
    state["roles"].append({"role": role, "seat": seat})
    events: list[Msg] = [_ROLE_EV[lib][role][seat]]
    state["phase"] = role
    state["deciding"] = []
    state["turn"] = None
    if _BEGIN[role](state, events):
        end_role(state, events)
    return events


def _begin_role(state: State, events: list[Msg]) -> None:
    state["phase"] = "role"
    state["deciding"] = []
    state["turn"] = state["role_order"][state["chooser_index"]]


def end_role(state: State, events: list[Msg]) -> None:
    if state["phase"] == "builder":
        state["built_this_phase"] = [None] * state["players"]
        if max(map(len, state["cities"])) >= END_BUILDINGS:
            _game_over(state)
            events.append(m("ev.game_end"))
            return
    state["library_privilege"] = False
    state["chooser_index"] += 1
    if state["chooser_index"] >= len(state["role_order"]):
        begin_round(state, events)
    else:
        _begin_role(state, events)


def _game_over(state: State) -> None:
    state["phase"] = "over"
    state["turn"] = None
    state["deciding"] = []


# A role's phase start: True when it is over at once.
_BEGIN: dict[str, Callable[[State, list[Msg]], bool]] = {
    "builder": build.begin,
    "producer": goods.begin_producer,
    "trader": goods.begin_trader,
    "councillor": council.begin_councillor,
    "prospector": council.begin_prospector,
}


# -- rounds: the start rule, chapel tucks, the hand limit -------------------------

def begin_start_choice(state: State, events: list[Msg]) -> None:
    """Optional start rule: seats from the governor look at 5/6/7/8 cards, keep 4."""
    state["phase"] = "start"
    for i, seat in enumerate(seat_order(state["players"], state["governor"])):
        cards = draw_n(state, START_CHOICE_DRAW[i], events)
        state["looking_at"][seat] = cards
        picks.start_pick(state, seat, "keep", min(4, len(cards)))
        events.append({"key": "sanjuan.ev.you_look", "args": {"cards": card_names(cards)}, "to": seat})
    state["deciding"] = list(range(state["players"]))


def begin_round(state: State, events: list[Msg], first: bool = False) -> None:
    n = state["players"]
    if not first:
        state["governor"] = (state["governor"] + 1) % n
        state["round"] += 1
    g = state["governor"]
    state["turn"] = None  # (chapel tucks and the hand limit are simultaneous)
    state["roles"] = []
    state["library_used"] = [False] * n
    state["role_order"] = [g, 1 - g, g] if n == 2 else seat_order(n, g)
    state["chooser_index"] = 0
    events.append({"key": "sanjuan.ev.round", "args": {"n": state["round"], "player": SEAT[g]}})
    if _frozen(state):
        _game_over(state)
        events.append(m("ev.stalled"))
        return
    owners = []
    bits = city_bits(state)
    for seat, hand in enumerate(state["hands"]):
        if hand and bits[seat] & _CHAPEL:
            owners.append(seat)
    if owners:
        state["phase"] = "chapel"
        state["deciding"] = owners
        return
    _begin_limit(state, events)


def _frozen(state: State) -> bool:
    """No card can ever move again: both piles empty, no goods, and nobody
    could build even as builder.  Then no 12th building can come and the game
    would loop for ever (only reachable by odd play: cards pile up under
    chapels and cranes), so it ends (house rule; the rulebook is silent)."""
    if state["deck"] or state["discard"] or any(g >= 0 for city in state["cities"] for _, g in city):
        return False
    saved = state["chooser"], state["library_privilege"]
    try:
        for seat in range(state["players"]):
            state["chooser"], state["library_privilege"] = seat, bool(city_bits(state)[seat] >> LIBRARY & 1)
            if build.buildable(state, seat, first=True):
                return False
    finally:
        state["chooser"], state["library_privilege"] = saved
    return True


def hand_limit(state: State, seat: int) -> int:
    return TOWER_LIMIT if city_bits(state)[seat] & _TOWER else HAND_LIMIT


def _begin_limit(state: State, events: list[Msg]) -> None:
    over = []
    for seat, hand in enumerate(state["hands"]):
        held = len(hand)
        if held <= HAND_LIMIT:  # within any limit (the tower only raises it)
            continue
        extra = held - hand_limit(state, seat)
        if extra > 0:
            picks.start_pick(state, seat, "discard", extra)
            over.append(seat)
    if over:
        state["phase"] = "limit"
        state["deciding"] = over
        return
    _begin_role(state, events)


def chapel_ids(state: State, seat: int) -> list[str]:
    """The rule: a chapel takes any card of the hand (one a round), or none."""
    out = ids_of(TUCK_BY, type_bits(state["hands"][seat]))
    out.append(PASS)
    return out




def chapel_allows(state: State, seat: int, action: ActionId) -> bool:
    """Fast twin of ``str(action) in chapel_ids(state, seat)`` (see the module's doc)."""
    if action.head == "pass":
        return not action.args
    return (action.head == "tuck" and len(action.args) == 1
            and has_type_in(state["hands"][seat], TYPE_INDEX.get(action.args[0])))


def apply_tuck(state: State, seat: int, action: ActionId) -> list[Msg]:
    events: list[Msg] = []
    if action.head == "tuck":
        t = TYPE_INDEX[action.args[0]]
        state["chapel"][seat].append(take_type(state["hands"][seat], t))
        # Only the owner learns of it: the rules keep chapel cards secret.
        events.append({"key": "sanjuan.ev.you_tucked", "args": {"card": CARD_MSG[t]}, "to": seat})
    deciding = state["deciding"]
    deciding.remove(seat)
    if not deciding:
        all_decided(state, events)
    return events


# -- simultaneous decisions -------------------------------------------------------

# A seat that has decided leaves ``deciding`` where it decides (``apply_tuck``,
# ``goods.apply``, ``picks.apply``); after the last, the phase moves on.

def all_decided(state: State, events: list[Msg]) -> None:
    phase = state["phase"]
    if phase == "start":
        begin_round(state, events, first=True)
    elif phase == "chapel":
        _begin_limit(state, events)
    elif phase == "limit":
        _begin_role(state, events)
    else:
        if phase == "producer":
            goods.resolve_producer(state, events)
        elif phase == "trader":
            goods.resolve_trader(state, events)
        end_role(state, events)
