"""San Juan's state and views, as TypedDicts.

The state is plain JSON data; cards are ints (see ``data.CARD_TYPE``), seats
``0 .. players-1``, types of building indices into ``data.TYPES``.  The views
are allow-lists: ``PublicView`` is what everybody at the table sees,
``SeatView`` adds what only that seat sees (its hand, its chapel cards, the
cards it is looking at, its pending choices, the building it is paying for).

Hidden from the public: the hands and chapel cards (neither which nor how
many), the cards a councillor or the start rule is looking at (the gold
mine's are open: ``gold_mine_cards``), every seat's pending choices, the
identity of goods (face-down cards on the buildings), the deck order, the
order of the face-down trading-house tiles and the RNG.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from games.base import Msg

# The phases: a role's phase while it runs, the steps around the roles (the
# optional start rule, chapel tucks and the hand limit at the start of a round),
# the gold mine's keep step of the prospector phase, and the end.
Phase = Literal["start", "chapel", "limit", "role", "builder", "producer", "trader", "councillor",
                "prospector", "goldmine", "over"]
Role = Literal["builder", "producer", "trader", "councillor", "prospector"]
# The builder phase's step for the seat to build: choose a building, (with a
# crane) choose what to build over, pay card by card.
BuilderStep = Literal["choose", "onto", "pay"]
# A pick step: keep cards from those looked at, or discard cards from the hand.
PickMode = Literal["", "keep", "discard"]


class Options(TypedDict):
    start_choice: bool


class TakenRole(TypedDict):
    """A role chosen this round, and by whom."""

    role: Role
    seat: int


class Building(TypedDict):
    """The building under way in the builder phase."""

    card: int
    over: int             # the city index a crane builds over; -1: a new building
    cost: int             # cards (or black-market goods) to pay
    paid_cards: list[int]
    paid_goods: list[list[int]]   # [city index, good card] paid through a black market
    # Where it may go (derived: ``derived.DERIVED``; in a crane's building only).
    places: NotRequired[int]


class SanJuanState(TypedDict):
    game: str
    players: int
    options: Options
    rng: int
    phase: Phase
    round: int
    governor: int
    turn: int | None            # the seat choosing a role or building; None in simultaneous phases
    deciding: list[int]         # seats still to decide in a simultaneous phase, in seat order
    roles: list[TakenRole]
    role_order: list[int]       # seats choosing roles this round (2 players: governor, other, governor)
    chooser_index: int          # position in ``role_order`` of the current role's chooser
    chooser: int | None         # the current (last) role's chooser
    library_privilege: bool     # the chooser's privilege is doubled by a library
    library_used: list[bool]    # 2 players: the library works once a round per seat
    tiles: list[int]            # face-down trading-house tiles, top first
    turned_tile: int | None     # the tile a trader turned, until the phase ends
    cities: list[list[list[int]]]   # per seat: [card, good card or -1] per visible building
    covered: list[list[int]]        # per seat: cards a crane built over
    # Per seat: the bits (1 << type) of the non-production buildings in ``cities``
    # (derived: ``derived.DERIVED``).
    city_bits: list[int]
    chapel: list[list[int]]         # per seat: cards tucked under a chapel
    hands: list[list[int]]
    deck: list[int]                 # top = last item
    discard: list[int]
    looking_at: list[list[int]]     # per seat: cards a councillor, gold mine or the start rule shows it
    picked: list[list[int]]         # per seat: cards chosen so far in its pick step
    picks_needed: list[int]         # per seat: how many to pick in all
    pick_mode: list[PickMode]
    selected: list[list[int]]       # per seat: city indices chosen to produce on / sell from
    select_limit: list[int]         # per seat: how many it may choose
    # Per seat: the kinds (bits) it may still choose (derived: ``derived.DERIVED``).
    select_kinds: list[int]
    built_this_phase: list[int | None]  # per seat: the card built in this builder phase (works after it)
    building: Building | None
    builder_order: list[int]        # seats in builder-phase order from the builder
    builder_index: int              # position in ``builder_order`` of the seat to build
    builder_step: BuilderStep | None
    # The types (bits) the seat to build may choose: in its hand, affordable
    # (derived: ``derived.DERIVED``).
    affordable: int


class ScoreSheet(TypedDict):
    buildings: int
    chapel: int
    guild_hall: int
    city_hall: int
    triumphal_arch: int
    palace: int
    total: int


class _TableView(TypedDict):
    """What everybody sees (``PublicView`` and ``SeatView`` share it)."""

    game: str
    players: int
    options: Options
    phase: Phase
    round: int
    governor: int
    turn: int | None
    deciding: list[int]
    roles: list[TakenRole]
    role_order: list[int]
    chooser_index: int
    chooser: int | None
    library_privilege: bool
    library_used: list[bool]
    turned_tile: int | None
    builder_step: BuilderStep | None
    deck_size: int
    discard_size: int
    hand_sizes: list[int]
    # Goods are face-down cards: only whether a building holds one is public.
    cities: list[list[list[int | bool]]]    # per seat: [card, has a good] per visible building
    covered: list[list[int]]
    built_this_phase: list[int | None]
    gold_mine_cards: list[list[int]]        # per seat: the four cards its gold mine turned up openly
    # At the end only: every seat's score sheet (chapel cards included), scores, ranking.
    score_sheets: NotRequired[list[ScoreSheet]]
    scores: NotRequired[list[int]]
    ranking: NotRequired[list[list[int]]]


class PublicView(_TableView):
    seat: None


class BuildingView(TypedDict):
    """The seat's own building under way."""

    card: int
    over: int
    cost: int
    paid_cards: list[int]
    paid_goods_from: list[int]   # city indices whose goods were paid


class SeatView(_TableView):
    seat: int
    hand: list[int]
    chapel: list[int]
    looking_at: list[int]
    picked: list[int]
    picks_needed: int
    pick_mode: PickMode
    selected: list[int]
    select_limit: int
    building: BuildingView | None
    prompt: Msg


SanJuanView = PublicView | SeatView
