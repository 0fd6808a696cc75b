"""The tax official (variant, phase 1): in turn order from the start
player, each player shows their money or keeps it hidden; whoever showed the
least (or the start player, if nobody showed) names the start player."""

from __future__ import annotations

from games import rng
from games.base import Action, ActionId, Msg, seat_order, seat_ref
from games.hermagor.common import m
from games.hermagor.schema import HermagorState


def tax_seat(state: HermagorState) -> int:
    """The seat the official asks now: in turn order from the start player."""
    tax = state["tax_official"]
    assert tax is not None
    return (state["start_player"] + tax["asked_count"]) % state["players"]


def tax_ids(state: HermagorState, seat: int) -> list[str]:
    return ["show", "hide"]


def tax_labels(state: HermagorState, seat: int, ids: list[str]) -> list[Action]:
    return [Action("show", m("act.show"), "tax", "primary") if action == "show"
            else Action("hide", m("act.hide"), "tax") for action in ids]


def apply_tax(state: HermagorState, seat: int, action: ActionId) -> list[Msg]:
    tax = state["tax_official"]
    assert tax is not None
    events: list[Msg] = []
    if action.head == "show":
        tax["shown"][seat] = state["money"][seat]
        events.append(m("ev.show", seat=seat_ref(seat), amount=state["money"][seat]))
    else:
        events.append(m("ev.hide", seat=seat_ref(seat)))
    tax["asked_count"] += 1
    if tax["asked_count"] < state["players"]:
        state["turn"] = tax_seat(state)
        return events
    state["turn"] = None
    shown = [(amount, s) for s, amount in enumerate(tax["shown"]) if amount is not None]
    if not shown:
        namer = state["start_player"]
    else:
        low = min(amount for amount, _ in shown)
        tied = [s for amount, s in shown if amount == low]
        namer = tied[0]
        if len(tied) > 1:
            # the rulebook's "youngest player" tie: seat order from a seat the RNG picks
            first = rng.randbelow(state, state["players"])
            namer = next(s for s in seat_order(state["players"], first) if s in tied)
            events.append(m("ev.tie_random", first=seat_ref(first), seat=seat_ref(namer)))
    events.append(m("ev.namer", seat=seat_ref(namer)))
    state["pending"].append({"kind": "start_player", "seat": namer, "next_phase": "buy"})
    return events
