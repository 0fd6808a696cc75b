"""The shape of a Hermagor state and of its views (TypedDicts).

The views are allow-lists: ``view.py`` builds them field by field from these
types and the protocol tests refuse any key they do not list.  What the table
hides: the order of the face-down action tiles (a view says only how many are
left), the bag (drawn from at random: a view says only how many tiles are in
it), every player's money but one's own until the end (shown to the tax
official, it is public in ``tax_official.shown``) and the RNG.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Msg = dict[str, Any]


# The phases of a round; the automatic ones (start: stalls filled and an action
# tile turned; resolve: market information paid; tiles: stalls resolved in
# reading order; named: the start player is named, the villages phase begins;
# end_round: tiles back into the bag) never wait for anybody.  tax (variant:
# show or hide one's money), buy (buyers onto the market) and act (one action
# each in turn) wait for the seat whose turn it is.
Phase = Literal["start", "tax", "buy", "resolve", "tiles", "named", "act", "end_round", "over"]
PendingKind = Literal["price_rise", "price_fluctuation", "start_player", "production"]
# The menu a player in the villages phase has opened (the action that opened it).
TravelMode = Literal["move", "side", "walk", "spost"]


class Pending(TypedDict):
    """A decision that interrupts the flow: raise a price (``good``), raise
    any price, name the start player (then go on to ``next_phase``), or put a
    production disc of ``colour`` for the enclosed ``region``."""

    kind: PendingKind
    seat: int
    good: NotRequired[str]
    next_phase: NotRequired[Phase]
    colour: NotRequired[int]
    region: NotRequired[int]


class BuyTurn(TypedDict):
    """The market turn of the seat to act: one own buyer (or a pass) and, with
    two players, one buyer of the shared colour."""

    band: int | None        # the market row whose places are listed, if any
    for_shared: bool        # that list is for the shared colour's buyer
    own_done: bool
    shared_done: bool


class ActTurn(TypedDict):
    """The villages turn of the seat to act: one action and, with two
    players, one trading post of the shared colour."""

    mode: TravelMode | None  # the destination menu opened, if any
    duchy: int | None        # that menu is limited to one duchy
    acted: bool
    shared_done: bool


class TaxOfficial(TypedDict):
    asked_count: int         # how many players have shown or hidden
    shown: list[int | None]  # the money each player showed (None: hidden)


class FinalIncome(TypedDict):
    production: int
    posts: int
    duchies: list[int]       # own trading posts per duchy
    main_road: int           # the main-road bonus or penalty due
    road_paid: int           # what was paid of it (money does not go below 0)
    total: int


class _Table(TypedDict):
    """What lies open on the table: state and views alike."""

    game: str
    players: int
    options: dict[str, Any]
    phase: Phase
    round: int
    turn: int | None
    pending: list[Pending]
    post_supply: list[int]            # per colour (the shared third colour last)
    posts_in_hand: list[int]          # per seat, this round's trading posts
    shared_posts: list[int]           # per seat, shared-colour posts to place
    village_posts: dict[str, list[int]]
    disc_supply: list[int]            # per colour
    production: dict[str, list[int | None]]
    nobility: list[int | None]
    prices: dict[str, int]
    merchants: list[str]
    stalls: list[str | None]
    stall_buyers: list[int | None]
    space_buyers: list[int | None]
    buyers: list[int]
    shared_buyers: list[int]
    front_tiles: list[list[str]]
    action_tile: int | None           # this round's action tile, turned up
    start_player: int
    tax_official: TaxOfficial | None
    final_income: list[FinalIncome] | None


class HermagorState(_Table):
    rng: int
    money: list[int]
    bag: list[str]
    action_tiles: list[int]           # face down, in the order they will be turned
    buy_turn: BuyTurn | None
    act_turn: ActTurn | None
    resolving_stall: int              # index into the active stalls in phase 2
    setup_events: list[Msg]


class _ViewBase(_Table):
    money: list[int | None]           # one's own; everyone's at the end
    bag_size: int
    action_tiles_left: int
    # the progress of the turn of the seat to act (which menu it has open)
    buy_turn: BuyTurn | None
    act_turn: ActTurn | None


class HermagorPublicView(_ViewBase):
    seat: None


class HermagorView(_ViewBase):
    """A seat's view: the public one and its own money."""

    seat: int
