"""Anno 1701's state and views, as TypedDicts.

The state is plain JSON data: cards are ints (indices into ``data.CARDS``),
seats 0 and 1, goods their names (``data.GOODS`` + "rum", "tobacco", "gold").
The views are allow-lists built field by field (``view.py``): ``PublicView``
is what everybody at the table sees, ``SeatView`` adds what only that seat
sees — its hand, the pile it is searching, the hand it is spying on, and the
move it is asked to confirm.

Hidden from the public: both hands (only their sizes show), the order and
contents of the six era piles and of the citizen supply (only their sizes),
the voyage deck's order (only the cards turned so far), a searched pile or a
spied hand, the move awaiting confirmation and the RNG.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

# roll the dice → actions → end of turn (voyage, swap or draw) → draw up to 3;
# a voyage is a phase of its own; "over" when someone has won.
Phase = Literal["roll", "action", "end", "draw", "voyage", "over"]
DieEvent = Literal["fire", "queen", "tax", "trader", "advantage", "hunt"]
# How the game was won: two merchants, 7 glory points, or the rival rioted out.
WinReason = Literal["", "merchants", "glory", "riot"]
# The decisions that interrupt the flow (each also names its prompt message).
PendingKind = Literal[
    "guild", "landing", "lodge",          # a die-triggered building of the seat
    "queen", "hunt", "trader", "take",    # what the event die grants
    "inventor", "poison", "theatre", "spy",   # action cards (the theatre: the victim's answer)
    "bankget", "offer", "answer",         # trading with the bank or the rival
    "pick",                               # a searched pile: take one card
    "tribute", "buy", "next",             # a voyage card, and whether to sail on
    "centre",                             # which village centre paid the gold
    "confirm",                            # a move that loses the game for the mover
]


class Options(TypedDict):
    offers: int                  # trade offers a turn (0: no limit)


class DiceRoll(TypedDict):
    number: int                  # the number die, 1–6 (0 in hand-made test positions)
    event: DieEvent


class Settlement(TypedDict):
    """One player's cards on the table and the counters on them."""

    owner: int                   # the seat it belongs to (its landscape layout)
    base_cards: list[int]        # centres, summary, landscapes, warehouses, ship
    citizens: list[list[int]]    # four stacks: explorer, then settler, citizen, merchant on top
    landscapes: list[int]        # goods on each of the 7 landscapes (data.LAND_IDS order), 0–3
    centres: list[int]           # gold in the two village centres, 0–4 each (0: riot)
    luxury: dict[str, int]       # "rum" and "tobacco" in the warehouses, 0–3 each
    ship: int                    # ship state 0–4 (0: wrecked)
    slots: list[int | None]      # 16 building slots, four around each citizen
    hand: list[int]


class Pending(TypedDict):
    """A decision due now (the first one) or later; fields by kind."""

    kind: PendingKind
    seat: int
    slot: NotRequired[int]              # guild / landing / lodge: the building's slot
    remaining: NotRequired[int]         # inventor: goods still to take; poison: goods still to lose
    card: NotRequired[int]              # theatre: the action card; tribute / buy: the voyage card
    good: NotRequired[str]              # bankget: the good paid to the bank (three of it)
    give: NotRequired[dict[str, int]]   # offer / answer: what the mover gives
    get: NotRequired[dict[str, int]]    # offer / answer: what the mover asks for
    pile: NotRequired[int]              # pick: the pile searched (0–5)
    before: NotRequired[list[int]]      # centre: gold in the two centres before paying
    paid: NotRequired[int]              # centre: gold paid
    action: NotRequired[str]            # confirm: the move awaiting confirmation (its id)


class Voyage(TypedDict):
    order: list[int]             # the shuffled voyage cards, turned from the front
    seen: list[int]              # the cards turned so far
    bonus: int                   # +1 captain, +2 commander (speed and fight)
    bonus_card: int | None       # the captain or commander played (discarded at the end)
    speed: int                   # cards that may be turned
    fight: int                   # cannons + bonus
    opponent_speed: int          # the rival's speed (tornado, shipwrecked)


class AnnoState(TypedDict):
    game: str
    players: int
    options: Options
    rng: int
    phase: Phase
    turn: int                    # the seat whose turn it is
    turn_count: int              # turns begun, from 1
    dice: DiceRoll | None        # this turn's roll (None before it)
    used_slots: list[int]        # slots whose die-triggered building was used this turn
    offers_made: int             # trade offers this turn
    pending: list[Pending]
    settlements: list[Settlement]
    piles: list[list[int]]       # the six era piles (I, I, II, II, III, III), top first
    supply: dict[str, list[int]]     # citizen cards left: "settler", "citizen", "merchant"
    voyage_deck: list[int]       # the voyage cards (each voyage shuffles its own order)
    voyage: Voyage | None
    discard: list[int]           # played action cards, face up, top last
    trade_holder: int | None     # who holds the trade dominance token (money sacks)
    sea_holder: int | None       # who holds the sea dominance token (cannons)
    trade_claimed: bool          # someone has reached 3 money sacks once
    sea_claimed: bool            # someone has reached 3 cannons once
    winner: int | None
    win_reason: WinReason


# --- views -------------------------------------------------------------------
class SettlementView(TypedDict):
    """A settlement as everybody sees it, with the numbers derived from it."""

    landscapes: list[int]
    centres: list[int]
    luxury: dict[str, int]
    ship: int
    slots: list[int | None]
    citizens: list[list[int]]
    goods: dict[str, int]        # landscape goods by kind
    gold: int
    unhappy: int
    riots: int
    glory: int
    levels: list[int]            # the four citizens' levels (0 explorer … 3 merchant)
    sails: int
    cannons: int
    sacks: int
    happy: int
    speed: int
    hand_size: int


class PendingView(TypedDict):
    """A pending decision as everybody sees it: what it is about, never the
    cards it shows its seat nor the move it asks to confirm."""

    kind: PendingKind
    seat: int
    slot: NotRequired[int]
    remaining: NotRequired[int]
    card: NotRequired[int]
    good: NotRequired[str]
    give: NotRequired[dict[str, int]]
    get: NotRequired[dict[str, int]]
    pile: NotRequired[int]
    before: NotRequired[list[int]]
    paid: NotRequired[int]


class SeatPendingView(PendingView):
    """A pending decision as a seat sees it: its own also show what it looks
    at (a searched pile, the rival's hand) and the move it is to confirm."""

    cards: NotRequired[list[int]]
    action: NotRequired[str]


class VoyageView(TypedDict):
    seen: list[int]
    speed: int
    fight: int
    bonus: int
    opponent_speed: int


class TableView(TypedDict):
    """What every view shows."""

    game: str
    players: int
    options: Options
    phase: Phase
    turn: int
    turn_count: int
    dice: DiceRoll | None
    used_slots: list[int]
    offers_made: int
    settlements: list[SettlementView]
    pile_sizes: list[int]
    supply_sizes: dict[str, int]
    discard: list[int]
    voyage: VoyageView | None
    trade_holder: int | None
    sea_holder: int | None
    winner: int | None
    win_reason: WinReason


class PublicView(TableView):
    seat: None
    pending: list[PendingView]


class SeatView(TableView):
    seat: int
    pending: list[SeatPendingView]
    hand: list[int]              # the seat's own hand


AnnoView = PublicView | SeatView
