"""What the table and a seat may see, built field by field (an allow-list:
``schema.HermagorPublicView`` / ``schema.HermagorView``), never copied from
the state.

Open on the table: the map with its trading posts and merchants, the market
with its tiles and buyers, the price table with production and nobility
discs, the tiles in front of every player, posts, discs and buyers left, the
round's action tile, who decides what (and which menu the seat to act has
open), the money shown to the tax official.
Hidden: the order of the face-down action tiles (only how many are left),
the bag (drawn from at random: only how many tiles it holds), every other
player's money until the end, the RNG.  A seat's view adds its own money.
"""

from __future__ import annotations

from typing import cast

from games.hermagor.schema import (
    ActTurn,
    BuyTurn,
    FinalIncome,
    HermagorPublicView,
    HermagorState,
    HermagorView,
    Pending,
    TaxOfficial,
)
from games.views import allowed

# What a pending decision may show: its kind and seat, and what it is about.
_PENDING_KEYS = ("kind", "seat", "good", "next_phase", "colour", "region")


def _pending(p: Pending) -> Pending:
    return cast(Pending, allowed(p, _PENDING_KEYS))


def _tax(tax: TaxOfficial | None) -> TaxOfficial | None:
    return None if tax is None else {"asked_count": tax["asked_count"], "shown": list(tax["shown"])}


def _final(final: list[FinalIncome] | None) -> list[FinalIncome] | None:
    if final is None:
        return None
    return [{"production": f["production"], "posts": f["posts"], "duchies": list(f["duchies"]),
             "main_road": f["main_road"], "road_paid": f["road_paid"], "total": f["total"]}
            for f in final]


def public_view(state: HermagorState) -> HermagorPublicView:
    over = state["phase"] == "over"  # the final money is the public result
    return {
        "game": state["game"],
        "players": state["players"],
        "options": dict(state["options"]),
        "phase": state["phase"],
        "round": state["round"],
        "turn": state["turn"],
        "pending": [_pending(p) for p in state["pending"]],
        "seat": None,
        "money": [money if over else None for money in state["money"]],
        "post_supply": list(state["post_supply"]),
        "posts_in_hand": list(state["posts_in_hand"]),
        "shared_posts": list(state["shared_posts"]),
        "village_posts": {v: list(posts) for v, posts in state["village_posts"].items()},
        "disc_supply": list(state["disc_supply"]),
        "production": {g: list(row) for g, row in state["production"].items()},
        "nobility": list(state["nobility"]),
        "prices": dict(state["prices"]),
        "merchants": list(state["merchants"]),
        "bag_size": len(state["bag"]),
        "stalls": list(state["stalls"]),
        "stall_buyers": list(state["stall_buyers"]),
        "space_buyers": list(state["space_buyers"]),
        "buyers": list(state["buyers"]),
        "shared_buyers": list(state["shared_buyers"]),
        "front_tiles": [list(tiles) for tiles in state["front_tiles"]],
        "action_tiles_left": len(state["action_tiles"]),
        "action_tile": state["action_tile"],
        "start_player": state["start_player"],
        "tax_official": _tax(state["tax_official"]),
        "final_income": _final(state["final_income"]),
        "buy_turn": _buy_turn(state["buy_turn"]),
        "act_turn": _act_turn(state["act_turn"]),
    }


def _buy_turn(turn: BuyTurn | None) -> BuyTurn | None:
    if turn is None:
        return None
    return {"band": turn["band"], "for_shared": turn["for_shared"], "own_done": turn["own_done"],
            "shared_done": turn["shared_done"]}


def _act_turn(turn: ActTurn | None) -> ActTurn | None:
    if turn is None:
        return None
    return {"mode": turn["mode"], "duchy": turn["duchy"], "acted": turn["acted"],
            "shared_done": turn["shared_done"]}


def seat_view(state: HermagorState, seat: int) -> HermagorView:
    view: HermagorView = {**public_view(state), "seat": seat}
    view["money"][seat] = state["money"][seat]
    return view
