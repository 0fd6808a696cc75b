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

from games.base import Msg
from games.hermagor.common import Table, m, shared, tile_msg
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


def private_summary(view: Table, seat: int) -> list[Msg]:
    """Money, trading posts, discs, buyers left and tiles of ``seat``, read
    from its own view."""
    out: list[Msg] = []
    money = view["money"][seat] if 0 <= seat < len(view["money"]) else None
    if money is not None:
        out.append(m("summary.money", amount=money))
    out.append(m("summary.posts", n=view["posts_in_hand"][seat], supply=view["post_supply"][seat]))
    if shared(view) is not None and (view["shared_posts"][seat] or view["shared_buyers"][seat]):
        out.append(m("summary.shared", posts=view["shared_posts"][seat],
                     buyers=view["shared_buyers"][seat]))
    if view["phase"] in ("tax", "buy") and view["buyers"][seat]:
        out.append(m("summary.buyers", n=view["buyers"][seat]))
    out.append(m("summary.discs", n=view["disc_supply"][seat]))
    tiles = view["front_tiles"][seat]
    if tiles:
        out.append(m("summary.tiles", n=len(tiles), tiles=[tile_msg(t) for t in tiles]))
    else:
        out.append(m("summary.no_tiles"))
    return out


def prompt(state: HermagorState, seat: int) -> Msg:
    """What ``seat`` is asked to decide now (``m("prompt.wait")`` when it is
    not to act)."""
    pending = state["pending"]
    if pending:
        first = pending[0]
        if first["seat"] != seat:
            return m("prompt.wait")
        kind = first["kind"]
        if kind == "price_rise":
            return m("prompt.rise", good=m("good." + first["good"]))
        if kind == "production":
            key = "prompt.prod_shared" if first["colour"] == shared(state) else "prompt.prod"
            return m(key, region=first["region"] + 1)
        return m("prompt.fluct" if kind == "price_fluctuation" else "prompt.name")
    if state["turn"] != seat:
        return m("prompt.wait")
    phase = state["phase"]
    if phase == "tax":
        return m("prompt.tax")
    if phase == "buy":
        buy = state["buy_turn"]
        assert buy is not None
        if buy["band"] is not None:
            return m("prompt.band_shared" if buy["for_shared"] else "prompt.band")
        return m("prompt.buy", left=state["buyers"][seat])
    turn = state["act_turn"]
    assert turn is not None
    mode = turn["mode"]
    if mode:
        return m("prompt." + mode)
    if turn["acted"]:
        return m("prompt.after")
    return m("prompt.act", left=state["posts_in_hand"][seat])
