"""Which rule answers the decision due now, and what wraps every move.

A turn is a *phase* of the player to move (roll → action → end/draw, or
voyage) plus a queue ``pending`` of small decisions; the first pending
decision, if any, is the one due (it may belong to the rival: a trade offer,
the theatre).  Each rule module offers ``legal_*`` / ``apply_*`` pairs; this
module makes of them the engine's ``decisions`` (``DECISIONS``, by decision
kind: the first pending decision's, else the phase) and wraps a move:

* a move of a player that would leave both of his centres in riot (spending
  his last gold) ends the game against him: it asks for confirmation first
  (``confirm``), but only when the outcome is certain (the move draws no
  chance);
* after the move, whoever paid gold chooses which centre paid it
  (``centres.ask_centres``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import ActionId, Decision, Msg

from . import action_cards, actions, buildings, centres, dice, end, trade, voyage
from .common import Moves, action, copy_state
from .schema import AnnoState, Pending
from .settlement import gold

LegalPhase = Callable[[AnnoState, int, Moves], None]
LegalPending = Callable[[AnnoState, int, Pending, Moves], None]
Apply = Callable[[AnnoState, int, ActionId], list[Msg]]


CONFIRM_YES = action("confirm:yes", "confirm_yes", "confirm", "danger")
CONFIRM_NO = action("confirm:no", "confirm_no", "confirm", "primary")


def legal_confirm(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    moves.append(CONFIRM_YES)
    moves.append(CONFIRM_NO)


PHASES: dict[str, tuple[LegalPhase, Apply]] = {
    "roll": (dice.legal_roll, dice.apply_roll),
    "action": (actions.legal_action_phase, actions.apply_action_phase),
    "end": (end.legal_end_phase, end.apply_end_phase),
    "draw": (end.legal_draw_phase, end.apply_draw_phase),
}
PENDING: dict[str, tuple[LegalPending, Apply]] = {
    "guild": (dice.legal_gain, dice.apply_gain),
    "landing": (buildings.legal_landing, buildings.apply_landing),
    "lodge": (buildings.legal_lodge, buildings.apply_lodge),
    "queen": (dice.legal_gain, dice.apply_gain),
    "hunt": (dice.legal_gain, dice.apply_gain),
    "trader": (dice.legal_trader, dice.apply_trader),
    "take": (dice.legal_take, dice.apply_take),
    "inventor": (action_cards.legal_inventor, action_cards.apply_inventor),
    "poison": (action_cards.legal_poison, action_cards.apply_poison),
    "theatre": (action_cards.legal_theatre, action_cards.apply_theatre),
    "spy": (action_cards.legal_spy, action_cards.apply_spy),
    "bankget": (trade.legal_bankget, trade.apply_bankget),
    "offer": (trade.legal_offer, trade.apply_offer),
    "answer": (trade.legal_answer, trade.apply_answer),
    "pick": (end.legal_pick, end.apply_pick),
    "tribute": (voyage.legal_tribute, voyage.apply_tribute),
    "buy": (voyage.legal_buy, voyage.apply_buy),
    "next": (voyage.legal_next, voyage.apply_next),
    "centre": (centres.legal_centre, centres.apply_centre),
}


def dispatch(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    """Apply a legal move by the rule modules (no confirmation, no centre choice)."""
    if state["pending"]:
        return PENDING[state["pending"][0]["kind"]][1](state, seat, action)
    return PHASES[state["phase"]][1](state, seat, action)


def run(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    """Apply a legal move, then ask for the centre choices it calls for."""
    first, second = state["settlements"]
    before = [list(first["centres"]), list(second["centres"])]
    events = dispatch(state, seat, action)
    centres.ask_centres(state, before)
    return events


def apply_move(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    """A legal move of ``seat`` (every decision's ``apply``): confirmed first
    if it loses the game for him, then ``run``."""
    if loses_by_riot(state, seat, action):
        state["pending"].insert(0, {"kind": "confirm", "seat": seat, "action": str(action)})
        return []
    return run(state, seat, action)


def apply_confirm(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    """The answer to the confirmation: the move it holds is run, or nothing."""
    item = state["pending"].pop(0)
    if action.arg() == "no":
        return []
    return run(state, seat, ActionId.parse(item["action"]))


def _decision(legal: Callable[[AnnoState, int], Moves], apply: Apply) -> Decision:
    """A decision of the engine's table from its legal moves (the rule is
    written as the labelled menu) and its transition."""
    return Decision.from_menu(legal, apply)


def _of_phase(rule: LegalPhase) -> Callable[[AnnoState, int], Moves]:
    """The legal moves of a phase, by the rule that lists them."""
    def legal(state: AnnoState, seat: int) -> Moves:
        moves: Moves = []
        rule(state, seat, moves)
        return moves
    return legal


def _of_pending(rule: LegalPending) -> Callable[[AnnoState, int], Moves]:
    """The legal moves of a pending decision, by the rule that lists them
    given the item (the first pending) it answers."""
    def legal(state: AnnoState, seat: int) -> Moves:
        moves: Moves = []
        rule(state, seat, state["pending"][0], moves)
        return moves
    return legal


# The rules by decision kind (``games.base.decision_kind``): the engine's
# ``decisions``.
DECISIONS: dict[str, Decision] = {
    **{phase: _decision(_of_phase(legal), apply_move) for phase, (legal, _apply) in PHASES.items()},
    **{kind: _decision(_of_pending(legal), apply_move) for kind, (legal, _apply) in PENDING.items()},
    "confirm": _decision(_of_pending(legal_confirm), apply_confirm),
}


# The moves that can take gold from the mover without a die or a hidden card:
# searching a pile, the theatre (paying, or suffering the agitator or the
# pickpocket), buying from the bank or the trader with gold, a tribute, a
# voyage card's offer, accepting an offer that asks for gold.  No other move
# of the mover lowers his gold, so no other one is tried out (the test
# ``tests/anno1701/test_engine15.py`` tries them all out, to be sure).
SPENDS_GOLD = frozenset({"search", "theatre", "bankget", "trader", "pay", "buy", "accept"})


def loses_by_riot(state: AnnoState, seat: int, action: ActionId) -> bool:
    """Would ``action`` certainly end the game against ``seat`` through a riot in
    both centres?  (Only moves that draw no chance are judged.)"""
    head = action.head
    if head == "send" and state["pending"] and state["pending"][0]["kind"] == "offer":
        # An offer of all one's gold loses the moment the rival accepts it.
        return state["pending"][0]["give"].get("gold", 0) >= gold(state["settlements"][seat])
    # Only these moves spend the mover's gold, and none spends more than 3.
    if head not in SPENDS_GOLD or gold(state["settlements"][seat]) > 3:
        return False
    trial = copy_state(state)
    dispatch(trial, seat, action)
    return (trial["phase"] == "over" and trial["winner"] != seat and trial["win_reason"] == "riot"
            and trial["rng"] == state["rng"])
