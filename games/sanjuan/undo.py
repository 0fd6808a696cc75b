"""The undo window of San Juan (``closes_undo``).

Hidden in San Juan: the hands, the cards under a chapel, the cards a
councillor, gold mine or the start rule is looking at, the identity of goods
(face-down cards on the buildings), the deck order and the order of the
face-down trading-house tiles.  So an action reveals something when a card
leaves the deck (drawn into a hand, looked at, put on a building as a good),
when a trading-house tile is turned, when the builder phase passes over a
seat that cannot build (that says something about its hand) and at the end
of the game (the score sheets show the chapel cards).  Everything else —
choosing a role that draws nothing (builder, producer), choosing a building,
covering with a crane, paying card by card, cancelling, choosing goods to
produce or sell, keeping or discarding among cards already seen, tucking a
card under the chapel, the hand limit, passing — is a decision that can be
taken back while nobody else has acted.
"""

from __future__ import annotations

from collections import Counter

from games.base import ActionId

from .common import State

_HIDDEN = ("hands", "chapel", "looking_at", "picked")


def closes_undo(before: State, after: State, seat: int, action_id: str) -> bool:
    """Whether ``seat``'s action ``before`` → ``after`` closes the undo window."""
    if after["rng"] != before["rng"]:
        return True  # a reshuffle
    if after["deck"] != before["deck"]:
        return True  # a card was drawn, looked at or turned into a good
    if not set(before["discard"]) <= set(after["discard"]):
        return True  # the discard pile became the deck (one card needs no RNG)
    if after["phase"] == "over":
        return True  # the score sheets show everyone's chapel cards
    if _tile_turned(before, after):
        return True  # a trading-house tile was turned (and maybe put back at once)
    if _skipped_others(before, after, seat, action_id):
        return True  # "cannot build" tells about another seat's hand
    if _drew(before, after, seat):
        return True  # a card came to the hand from face down (a lone good reshuffled and drawn at once)
    n = before["players"]
    for key in _HIDDEN:
        for other in range(n):
            if other != seat and after[key][other] != before[key][other]:  # type: ignore[literal-required]
                return True  # (defensive) another seat's hidden cards moved
    return False


def _drew(before: State, after: State, seat: int) -> bool:
    """Did the seat's hand gain a card it had not seen: not from its hand, nor
    among the cards it was looking at or had picked, nor its building under
    way and the cards it paid for it (a cancel gives them back)?"""
    seen = Counter(before["hands"][seat]) + Counter(before["looking_at"][seat]) + Counter(before["picked"][seat])
    bld = before["building"]
    if bld and before["phase"] == "builder":
        seen += Counter([bld["card"], *bld["paid_cards"]])
    return bool(Counter(after["hands"][seat]) - seen)


def _tile_turned(before: State, after: State) -> bool:
    if before["turned_tile"] is None:
        return after["turned_tile"] is not None or after["tiles"] != before["tiles"]
    return after["turned_tile"] is not None and after["turned_tile"] != before["turned_tile"]


def _skipped_others(before: State, after: State, seat: int, action_id: str) -> bool:
    """Did the builder phase pass over another seat (it could not build)?"""
    action = ActionId.parse(action_id)
    if action.head == "role" and action.arg(0) == "builder":
        start = 0
    elif before["phase"] == "builder":
        start = before["builder_index"] + 1
    else:
        return False
    order = after["builder_order"]
    end = after["builder_index"] if after["phase"] == "builder" else len(order)
    return any(other != seat for other in order[start:end])
