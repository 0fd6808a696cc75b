"""The shapes of Maharaja's state and views (TypedDicts; the state stays JSON-plain).

The views are allow-lists: ``view.py`` builds them field by field from these
schemas, and the protocol tests refuse any key they do not list.  Hidden in
Maharaja are each player's gold (until the game is over) and the two planned
actions (until the player's turn reveals them); the public view holds ``None``
in those places, a seat's view adds only its own gold and plan.  The RNG, the
move counter (it counts other seats' secret planning clicks) and the set-up
log are never in a view.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

# The game's phases: choosing (or bidding for) characters, placing the
# starting houses, secret planning, the turns of a round, the end.
Phase = Literal["choose", "bid", "place", "plan", "act", "over"]
# Why the game ended: a player built all his palaces, the governor track
# reached space 10, or the short game's eighth round was played.
EndReason = Literal["palaces", "track", "rounds"]
# The open sub-decision of a turn (its value is also the suffix of the
# ``maharaja.prompt.step.*`` message): where to build (the mason's free
# house: ``mbuild``), which house to move (``mmove`` for the mason) and where
# to, which governor token, which character to swap, which one to give back,
# what a coin buys, where to travel and by which of equal routes.
DecisionKind = Literal["build", "mbuild", "move", "mmove", "move_to", "gov", "swap", "give", "coin",
                       "travel", "route"]
# A decision of another seat in the middle of a turn: choose a character from
# the bank after losing one (``pick``), hand one over to a luring player (``yield``).
PendingKind = Literal["pick", "yield"]


class Options(TypedDict):
    short: bool
    advanced: int


class Decision(TypedDict):
    kind: DecisionKind
    road: int | None                 # the road whose villages the picker lists, None: all
    source: NotRequired[str]         # move_to: the location the house leaves
    free: NotRequired[bool]          # move_to: the mason's free move
    city: NotRequired[str]           # route: the destination
    taken_character: NotRequired[int]  # give: the character just taken
    taken_from: NotRequired[int]     # give: the seat it was taken from


class TurnProgress(TypedDict):
    """The acting seat's turn (its plan is revealed: all of it is public)."""
    parts: list[str]                 # parts of the planned actions still owed
    decision: Decision | None        # the open sub-decision
    mason_used: bool                 # the mason's ability used this turn
    coin_actions: list[str]          # actions bought with an action coin


class Pending(TypedDict):
    seat: int
    kind: PendingKind
    recipient: NotRequired[int]      # yield: the luring seat


class CharacterChoice(TypedDict):
    order: list[int]                 # seats in choosing order
    index: int                       # the one choosing now


class Auction(TypedDict):
    bidders: list[int]               # seats still bidding, in bidding order
    bidder_index: int                # the one to bid now
    high_bid: int                    # -1 before the opening bid
    leader: int | None
    chooser: int | None              # the winner choosing a character


class Placement(TypedDict):
    order: list[int]                 # seats in placing order, one entry per house
    index: int
    road: int | None                 # the road group opened in the picker


class Garden(TypedDict):
    inner: int | None                # the seat with the inner palace
    outer: list[int]                 # seats of the outer palaces (-(colour + 1): neutral)


class Evaluation(TypedDict):
    city: str
    points: list[int]
    gold: list[int]
    round: int
    monopoly: int | None


class _Table(TypedDict):
    """What state and views share: the open board."""
    game: str
    players: int
    options: Options
    phase: Phase
    round: int
    end_reason: EndReason | None
    reserve: list[int]               # houses ready to build
    bank_houses: list[int]           # houses still in the box
    palaces_left: list[int]
    palace_total: int
    characters: list[list[int]]
    character_bank: list[int]
    action_coins: list[int]
    coin_bank: int
    architects: list[str]            # each seat's architect: a city or the start
    maharaja: str                    # the maharaja's city (the start before round 1)
    governors: dict[str, int]        # city -> governor track index (see track.py)
    villages: dict[str, list[int]]   # village -> seats with a house there
    city_houses: dict[str, list[int]]  # city -> houses per seat
    gardens: dict[str, Garden]
    confirmed: list[bool]            # plan confirmed this round
    revealed: list[bool]             # plan shown (the seat's turn came)
    acted: list[bool]                # turn over this round
    coin_used: list[bool]
    turn: int | None                 # the acting seat
    turn_progress: TurnProgress | None
    pending: list[Pending]
    character_choice: CharacterChoice | None
    auction: Auction | None
    placement: Placement | None
    last_evaluation: Evaluation | None


class MaharajaState(_Table):
    rng: int
    gold: list[int]
    plans: list[list[str]]           # each seat's planned actions (secret until revealed)
    first_seat: int                  # the "youngest player", drawn at random
    opening_events: list[dict[str, Any]]  # the set-up log (setup_events)
    board: str                       # derived: the villages' owners, one character each (``common``)
    character_order: list[int]       # derived: seats by their lowest character (``common``)


class ViewTable(_Table):
    gold: list[int | None]           # None: hidden (others' gold until the game is over)
    plans: list[list[str] | None]    # None: not revealed to this audience


class PublicView(ViewTable):
    seat: None


class SeatView(ViewTable):
    seat: int


MaharajaView = PublicView | SeatView
# Anything holding the open board: rule helpers shared by the engine and the AI take it.
Table = MaharajaState | PublicView | SeatView
