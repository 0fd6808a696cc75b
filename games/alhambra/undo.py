"""The undo window of Alhambra (``closes_undo``).

Hidden in Alhambra: the order of the money deck (with the scoring cards in
it) and of the building deck.  The money in the players' hands is kept out of
sight but is on the open record (see ``schema``).  An action reveals something
when the turn ends and the yard or the money row is refilled (a building or
a money card turned, a scoring card found), when the discard pile is
shuffled, and at the end of the game (leftover buildings go by the money in
hand).  A purchase with exact payment (the turn goes on, nothing refilled
yet), the 2-player choice to keep a building or give it to the neutral player
when the turn goes on, and a pass that refills nothing reveal nothing: they
can be taken back.
"""

from __future__ import annotations

from games.alhambra.schema import AlhambraState


def closes_undo(before: AlhambraState, after: AlhambraState, seat: int, action_id: str) -> bool:
    """Whether ``seat``'s action ``before`` → ``after`` closes the undo window."""
    if after["rng"] != before["rng"]:
        return True  # the discard pile was shuffled
    if after["money_deck"] != before["money_deck"] or after["cards_drawn"] != before["cards_drawn"]:
        return True  # a money card (or a scoring card) was turned
    if after["building_deck"] != before["building_deck"]:
        return True  # a building was turned (yard refill, the neutral's share)
    if after["phase"] == "over" or after["scored_rounds"] != before["scored_rounds"]:
        return True
    if not set(before["discard"]) <= set(after["discard"]):
        return True  # the discard pile became the deck
    if not set(after["money_row"]) <= set(before["money_row"]):
        return True  # (defensive) a money card appeared in the row
    # (defensive) another seat's money changed
    n = before["players"]
    return any(sorted(after["hands"][other]) != sorted(before["hands"][other]) for other in range(n) if other != seat)

