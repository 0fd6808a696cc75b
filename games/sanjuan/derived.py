"""The derived fields a San Juan state keeps: caches of what the rest of the
state says, kept because the rules ask them at almost every step.  Each is
declared here with its record (the state, or the building under way), its
one writer and its recomputation; nothing else adds them.  ``fill`` sets
them all to their recomputation: for a new state (``setup``), a state stored
before one existed (``SanJuan.upgrade_state``, once, at load) and a
determinized world (``determinize``); ``check`` (``check_invariants``)
compares each with its recomputation wherever it holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .build import buildable_bits, place_bits
from .common import State, read_city_bits
from .data import CARD_TYPE
from .goods import choosable


class Derived(NamedTuple):
    record: Callable[[State], Any]       # the dict that holds it (None: not now)
    writer: str                          # the one place that keeps it up to date
    holds: Callable[[State], bool]       # when it is meaningful (else stale and unused)
    recompute: Callable[[State], Any]    # its value, read from the rest of the state


def _state(state: State) -> Any:
    return state


def _choosing(state: State) -> bool:
    return state["phase"] == "builder" and state["builder_step"] == "choose" and state["turn"] is not None


def _affordable(state: State) -> int:
    turn = state["turn"]
    return buildable_bits(state, turn, state["hands"][turn]) if _choosing(state) and turn is not None else 0


def _selecting(state: State) -> bool:
    return state["phase"] in ("producer", "trader")


def _select_kinds(state: State) -> list[int]:
    if not _selecting(state):
        return [0] * state["players"]
    return [choosable(state, seat) if seat in state["deciding"] else 0 for seat in range(state["players"])]


def _onto(state: State) -> bool:
    return state["builder_step"] == "onto" and state["building"] is not None and state["turn"] is not None


def _places(state: State) -> int:
    bld, turn = state["building"], state["turn"]
    if bld is None or turn is None:
        return 0
    return place_bits(state, turn, CARD_TYPE[bld["card"]], len(state["hands"][turn]))


DERIVED: dict[str, Derived] = {
    # Per seat, the bits of the non-production buildings in its city (``common.city_bits``).
    "city_bits": Derived(_state, "build._complete", lambda state: True,
                         lambda state: [read_city_bits(city) for city in state["cities"]]),
    # The types the seat to build may choose, for its turn (``build.choices``).
    "affordable": Derived(_state, "build._begin_choice", _choosing, _affordable),
    # Per seat, the kinds it may still choose in a producer or trader phase
    # (``goods.select_kinds``; 0 once it has decided): set when the phase
    # opens, kept by each choice (one module writes it: ``goods._open``,
    # ``goods.apply``).
    "select_kinds": Derived(_state, "goods._open, goods.apply", _selecting, _select_kinds),
    # In the building under way: where a crane's building may go (``build.onto_places``).
    "places": Derived(lambda state: state["building"] if _onto(state) else None, "build.apply", _onto, _places),
}


def fill(state: dict[str, Any], *, missing_only: bool = False) -> None:
    """Set every derived field to its recomputation (``missing_only``: only the
    fields the state lacks, as an upgrade at load does: a loaded state is the
    one that was stored)."""
    for key, derived in DERIVED.items():
        record = derived.record(state)  # type: ignore[arg-type]
        if record is not None and not (missing_only and key in record):
            record[key] = derived.recompute(state)  # type: ignore[arg-type]


def check(state: State) -> None:
    """Assert every derived field equals its recomputation where it holds."""
    for key, derived in DERIVED.items():
        if derived.holds(state):
            assert derived.record(state)[key] == derived.recompute(state), key
