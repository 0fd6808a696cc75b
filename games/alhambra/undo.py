"""The undo window (``closes_undo``) and the private summary of Alhambra.

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

from games.alhambra.common import building_msg, currency_msg, m
from games.alhambra.data import CURRENCIES
from games.alhambra.payments import payments
from games.alhambra.schema import AlhambraState, AlhambraView, MoneyCard
from games.alhambra.view import own_hand
from games.base import Msg


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
    return any(sorted(after["hands"][p]) != sorted(before["hands"][p]) for p in range(n) if p != seat)


def private_summary(view: AlhambraView, seat: int) -> list[Msg]:
    """The money in ``seat``'s hand, read from its own view: the count, then
    one line per currency with the values (highest first) and their total, and
    the yard buildings it could pay exactly."""
    hand = own_hand(view)
    if not hand:
        return [m("summary.no_money")]
    out = [m("summary.money", n=len(hand))]
    for cur in range(len(CURRENCIES)):
        values = sorted((c["value"] for c in hand if c["currency"] == cur), reverse=True)
        if len(values) == 1:
            out.append(m("summary.currency_one", currency=currency_msg(cur), value=values[0]))
        elif values:
            out.append(m("summary.currency", currency=currency_msg(cur),
                         values=" + ".join(map(str, values)), total=sum(values)))
    exact = _exact_buys(view, hand)
    if exact:
        out.append(m("summary.exact", buildings=exact))
    return out


def _exact_buys(view: AlhambraView, hand: list[MoneyCard]) -> list[Msg]:
    """The yard buildings the hand can pay exactly (an extra action)."""
    out: list[Msg] = []
    for slot in view["yard"]:
        if slot is None:
            continue
        cards = sorted(c["id"] for c in hand if c["currency"] == slot["currency"])
        if any(extra == 0 for _, extra in payments(tuple(cards), slot["price"])):
            out.append(building_msg(slot["id"]))
    return out
