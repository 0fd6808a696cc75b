"""What a seat cannot see, drawn anew (``determinize``) for the hard AI's
search.

Hidden from a seat (see ``view``): the order of the money deck with the
unscored scoring cards in it (the view tells the range of positions the next
one lies in) and the order of the building deck.  Every seat's money and the
discard pile are on the open record (the view's ``money_known`` and
``discard``), so the money deck holds exactly the money seen nowhere else, in
any order.
"""

from __future__ import annotations

from typing import Any

from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO, PILES, SCORE_A, SCORE_B
from games.alhambra.schema import AlhambraState, PendingGift, SeatView


def _split(total: int, parts: int) -> list[int]:
    """``total`` cards in ``parts`` near-equal piles, the top piles larger (as at set-up)."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def _piles(view: SeatView, deck_count: int) -> tuple[list[int], int, dict[int, tuple[int, int]]]:
    """Pile sizes and a count of cards drawn that give the view's hint of
    the next scoring card, and for each unscored scoring card the range of
    positions (0 = the top of the deck) it may lie in.

    The hint fixes where the pile of the next scoring card lies relative to
    the top of the deck, and so the size of every pile below it; the piles
    above it and the cards drawn so far are not seen, and any split that
    gives the same hint will do."""
    hint = view["next_scoring"]
    if hint is None:   # both scored (the deck may have been reshuffled since)
        return _split(deck_count, PILES), 0, {}
    first, last, pile = hint["first_position"], hint["last_position"], hint["pile"]
    size = last - first + 1
    start = max(first - 1, (pile - 1) * size)   # cards above the pile, counted from the set-up top
    drawn = start - (first - 1)
    below = _split(deck_count - last, PILES - pile)
    sizes = _split(start, pile - 1) + [size] + below
    card = SCORE_A if hint["card"] == "A" else SCORE_B
    ranges = {card: (first - 1, last - 1)}
    if hint["card"] == "A":   # B lies in the 4th pile: two piles below A's
        top = last + below[0]
        ranges[SCORE_B] = (top, top + below[1] - 1)
    return sizes, drawn, ranges


def determinize(view: SeatView, seat: int, rnd: Any) -> AlhambraState:
    """A full state ``seat`` cannot tell from the real one (see the module)."""
    n = view["players"]
    hands = [list(hand) for hand in view["money_known"]]
    row = [card["id"] for card in view["money_row"]]
    discard = list(view["discard"])
    seen = {card for hand in hands for card in hand} | set(row) | set(discard)
    pool = [card for card in (MONEY_TWO if n == 2 else MONEY_ALL) if card not in seen]
    rnd.shuffle(pool)

    deck_count = view["money_deck_count"]
    sizes, drawn, ranges = _piles(view, deck_count)
    from_top: list[int | None] = [None] * deck_count
    for card, (low, high) in ranges.items():
        from_top[rnd.randint(low, high)] = card
    assert len(pool) == deck_count - len(ranges), "money cards do not add up"
    deck = [pool.pop() if card is None else card for card in reversed(from_top)]

    yard = [None if slot is None else slot["id"] for slot in view["yard"]]
    known = {building for building in yard if building is not None}
    for built in view["built"]:
        known.update(built)
    known.update(view["neutral"] or [])
    known.update(gift["building"] for gift in view["pending"])
    buildings = [building for building in range(len(BUILDINGS)) if building not in known]
    rnd.shuffle(buildings)
    pending: list[PendingGift] = [{"seat": gift["seat"], "kind": gift["kind"], "building": gift["building"],
                                   "exact": gift["exact"]} for gift in view["pending"]]
    return {
        "game": "alhambra",
        "players": n,
        "options": dict(view["options"]),
        "rng": rnd.getrandbits(64),
        "phase": view["phase"],
        "turn": view["turn"],
        "start_seat": view["start_seat"],
        "actions_taken": view["actions_taken"],
        "pending": pending,
        "hands": hands,
        "money_row": row,
        "money_deck": deck,
        "discard": discard,
        "pile_sizes": sizes,
        "cards_drawn": drawn,
        "building_deck": buildings,
        "yard": yard,
        "built": [list(built) for built in view["built"]],
        "neutral": None if view["neutral"] is None else list(view["neutral"]),
        "scores": [list(scores) for scores in view["scores"]],
        "scored_rounds": list(view["scored_rounds"]),
        "setup_log": [],
    }

