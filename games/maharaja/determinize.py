"""Worlds the hard AI searches: a full state a seat cannot tell from the real one.

Hidden in Maharaja are the other players' gold (until the game is over), the
plans not yet revealed, and what no view holds (the generator, the "youngest"
seat once the set-up is over, the move counter).  Everything else is copied
from the view as it stands.

Gold: the view keeps no history, so a rival's gold is estimated from what the
board shows it spent (palaces, houses built) against the income the seat's
own gold implies (everyone is paid by the same evaluations), with noise.
Plans: a confirmed plan is mostly the normal AI's own plan for that seat in the
sampled world (rivals plan sensibly), sometimes any two actions.
"""

from __future__ import annotations

import marshal
from typing import Any, cast

from games import base
from games.maharaja import ai
from games.maharaja.common import encode_board, keep_character_order, m
from games.maharaja.data import (
    ACTIONS,
    HOUSES_PER_COLOUR,
    PALACE_COST,
    START_GOLD,
    START_HOUSES,
)
from games.maharaja.schema import MaharajaState, MaharajaView

_ORDER = {a: i for i, a in enumerate(ACTIONS)}
# Share of sampled plans that are any two actions instead of the normal AI's.
RANDOM_PLAN = 0.25


def determinize(view: MaharajaView, seat: int, rnd: Any) -> MaharajaState:
    # marshal: a C-level deep copy of the plain data (determinize runs every iteration)
    table: dict[str, Any] = marshal.loads(marshal.dumps(cast(Any, view)))
    del table["seat"]
    state = cast(MaharajaState, table)
    n = state["players"]
    state["rng"] = rnd.getrandbits(64)
    # the derived data (``common``): a view has none
    state["board"] = encode_board(state["villages"])
    keep_character_order(state)
    state["first_seat"] = _first_seat(view, rnd)
    state["opening_events"] = [m("event.youngest", seat=base.seat_ref(state["first_seat"]))]
    gold = state["gold"]
    if None in gold:
        estimates = _gold_estimates(view, seat, rnd)
        for other in range(n):
            if gold[other] is None:
                gold[other] = estimates[other]
    plans = state["plans"]
    for other in range(n):
        if plans[other] is None:
            # planning and not confirmed yet: an empty disc (it plans in the world's future)
            plans[other] = _sample_plan(state, other, rnd) if state["confirmed"][other] else []
    return state


def _first_seat(view: MaharajaView, rnd: Any) -> int:
    """The "youngest" seat: shown by the choosing order while characters are
    chosen; while bidding, any seat from which the bidders sit in turn order."""
    n = view["players"]
    choice = view["character_choice"]
    if choice is not None:
        return choice["order"][0]
    auction = view["auction"]
    if auction is not None and view["phase"] == "bid":
        bidders = auction["bidders"]
        fits = [f for f in range(n)
                if all((a - f) % n < (b - f) % n for a, b in zip(bidders, bidders[1:], strict=False))]
        if fits:
            return cast(int, rnd.choice(fits))
    return cast(int, rnd.randrange(n))


def _spent(view: MaharajaView, s: int) -> int:
    """Gold the board shows seat ``s`` spent: palaces and the houses built
    (beyond the four free starting houses)."""
    built = view["palace_total"] - view["palaces_left"][s]
    on_board = HOUSES_PER_COLOUR - view["reserve"][s] - view["bank_houses"][s]
    return built * PALACE_COST + max(0, on_board - START_HOUSES)


def _gold_estimates(view: MaharajaView, seat: int, rnd: Any) -> list[int]:
    n = view["players"]
    if view["round"] == 0 or (view["round"] == 1 and view["phase"] == "plan"):
        # nobody has earned or spent yet (bids in the advanced game excepted)
        start = [START_GOLD] * n
        if view["options"]["advanced"]:
            start = [START_GOLD - (rnd.randint(0, 3) if view["characters"][s] else 0) for s in range(n)]
        return start
    own = view["gold"][seat]
    assert own is not None
    income = own - START_GOLD + _spent(view, seat)
    spread = 2.0 + 0.5 * view["round"]
    return [max(0, round(START_GOLD + income - _spent(view, s) + rnd.gauss(0.0, spread))) for s in range(n)]


def _sample_plan(state: MaharajaState, s: int, rnd: Any) -> list[str]:
    if rnd.random() < RANDOM_PLAN:
        plan = [rnd.choice(ACTIONS), rnd.choice(ACTIONS)]
    else:
        # the state holds everything a view of seat s shows (and more the normal AI never reads)
        plan = ai.normal_plan(cast(MaharajaView, state), s)
    plan.sort(key=_ORDER.__getitem__)
    return plan
