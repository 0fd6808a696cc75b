"""The shapes of Alhambra's state and views (checked by the protocol tests).

The views are allow-lists: ``PublicView`` is everything the table shows (the
building yard, the money row, the buildings everyone has built, the scores,
how many cards the decks and every hand hold, where the next scoring card
lies, the money paid into the discard pile, and every seat's money as the open
record shows it: see ``money_known``); ``SeatView`` adds the seat's own money
as cards to show.  Never in a view: the order of the money deck (with the
scoring cards in it) and of the building deck, the RNG.

Cards are ints (see ``data``): a money card ``0..107``, a scoring card
``SCORE_A`` / ``SCORE_B`` (negative, only in the money deck), a building
``0..53``.  A *scorer* is a seat, or with 2 players also the neutral
"imaginary third player" (scorer 2).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from games.base import Msg

# "act": seats take their turns (a pending keep-or-give decision comes
# first); "over": the game has ended.
Phase = Literal["act", "over"]
Round = Literal["A", "B", "C"]


class PendingGift(TypedDict):
    """2 players: the buyer keeps the building just bought or gives it to the
    neutral player; ``exact`` says whether it was paid exactly (the turn goes
    on afterwards).  Public: the purchase and its payment were announced."""

    seat: int
    kind: Literal["gift"]
    building: int
    exact: bool


class AlhambraState(TypedDict):
    game: Literal["alhambra"]
    players: int
    options: dict[str, Any]
    rng: int
    phase: Phase
    turn: int | None            # None once the game is over
    start_seat: int
    actions_taken: int          # in the current turn (an exact purchase allows another)
    pending: list[PendingGift]
    hands: list[list[int]]      # money per seat (hidden)
    money_row: list[int]        # face up, at most 4
    money_deck: list[int]       # face down, top = last; holds the unscored scoring cards
    discard: list[int]          # money paid for buildings (shuffled into a new deck)
    pile_sizes: list[int]       # the five set-up piles (for the next-scoring hint)
    cards_drawn: int            # from the stacked deck, since set-up
    building_deck: list[int]    # face down, top = last
    yard: list[int | None]      # slot i takes currency ``data.YARD[i]``
    built: list[list[int]]      # per seat
    neutral: list[int] | None   # 2 players: the neutral player's buildings
    scores: list[list[int]]     # per scorer: points of scoring A, B, C
    scored_rounds: list[Round]
    setup_log: list[Msg]


class MoneyCard(TypedDict):
    id: int
    currency: int
    value: int


class YardBuilding(TypedDict):
    id: int
    type: int
    price: int
    currency: int               # the slot's currency


class NextScoring(TypedDict):
    """The pile of the next scoring card and, as players can count the piles,
    the range of positions from the top of the money deck it lies in."""

    card: Literal["A", "B"]
    pile: int
    first_position: int
    last_position: int


class _Table(TypedDict):
    """What everyone sees (both views)."""

    game: Literal["alhambra"]
    players: int
    options: dict[str, Any]
    phase: Phase
    turn: int | None
    start_seat: int
    actions_taken: int
    pending: list[PendingGift]
    yard: list[YardBuilding | None]
    money_row: list[MoneyCard]
    money_deck_count: int
    discard: list[int]                  # money paid for buildings: every payment is announced
    building_deck_count: int
    hand_sizes: list[int]
    # Every seat's money (ids) as whoever remembers the table knows it: starting money is drawn
    # openly, every card taken comes from the face-up row and every payment is announced.  The
    # rules keep money secret only from those who forget; the hard AI does not.
    money_known: list[list[int]]
    built: list[list[int]]
    type_counts: list[list[int]]        # per seat: buildings per type
    neutral: list[int] | None
    neutral_type_counts: list[int] | None
    scores: list[list[int]]
    scored_rounds: list[Round]
    next_scoring: NextScoring | None


class PublicView(_Table):
    seat: None


class SeatView(_Table):
    """The table, made for ``seat``, with its own money."""

    seat: int
    hand: list[MoneyCard]               # own money: by currency, highest first


AlhambraView = PublicView | SeatView
