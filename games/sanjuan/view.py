"""What the table and a seat may see: each view is built field by field from
what its audience may know (``schema.PublicView``, ``schema.SeatView``), never
copied from the state.  Hidden: hands, chapel cards (neither how many nor
which), a councillor's or the start rule's looked-at cards (the gold mine's
are open), pending choices of others, the identity of goods, the deck order,
the RNG and the order of the face-down trading-house tiles."""

from __future__ import annotations

from games.base import Msg

from .common import State
from .schema import BuildingView, Options, PublicView, SeatView, TakenRole
from .scoring import outcome, score_sheet


def public_view(state: State) -> PublicView:
    n = state["players"]
    options: Options = {"start_choice": state["options"]["start_choice"]}
    roles: list[TakenRole] = [{"role": r["role"], "seat": r["seat"]} for r in state["roles"]]
    goldmine = state["phase"] == "goldmine"
    v: PublicView = {
        "game": "sanjuan",
        "seat": None,
        "players": n,
        "options": options,
        "phase": state["phase"],
        "round": state["round"],
        "governor": state["governor"],
        "turn": state["turn"],
        "deciding": list(state["deciding"]),
        "roles": roles,
        "role_order": list(state["role_order"]),
        "chooser_index": state["chooser_index"],
        "chooser": state["chooser"],
        "library_privilege": state["library_privilege"],
        "library_used": list(state["library_used"]),
        "turned_tile": state["turned_tile"],
        "builder_step": state["builder_step"],
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "hand_sizes": [len(h) for h in state["hands"]],
        # Goods are face-down cards: only whether a building holds one is public.
        "cities": [[[c, g >= 0] for c, g in city] for city in state["cities"]],
        "covered": [list(c) for c in state["covered"]],
        "built_this_phase": list(state["built_this_phase"]),
        # The gold mine's four cards lie open ("jól láthatóan"): everyone sees them.
        "gold_mine_cards": [list(state["looking_at"][seat]) if goldmine else [] for seat in range(n)],
    }
    if state["phase"] == "over":
        out = outcome(state)
        v["score_sheets"] = [score_sheet(state, seat) for seat in range(n)]
        v["scores"] = out.scores
        v["ranking"] = out.ranking
    return v


def seat_view(state: State, seat: int, prompt: Msg) -> SeatView:
    """The public view and what only ``seat`` knows: its hand, its chapel
    cards, the cards it looks at or has picked, its pending choice, the
    building it is paying for; ``prompt``: what it is asked to decide."""
    bld = state["building"] if state["phase"] == "builder" and state["turn"] == seat else None
    building: BuildingView | None = None if bld is None else {
        "card": bld["card"], "over": bld["over"], "cost": bld["cost"],
        "paid_cards": list(bld["paid_cards"]), "paid_goods_from": [i for i, _ in bld["paid_goods"]]}
    v: SeatView = {
        **public_view(state),
        "seat": seat,
        "hand": list(state["hands"][seat]),
        "chapel": list(state["chapel"][seat]),
        "looking_at": list(state["looking_at"][seat]),
        "picked": list(state["picked"][seat]),
        "picks_needed": state["picks_needed"][seat],
        "pick_mode": state["pick_mode"][seat],
        "selected": list(state["selected"][seat]),
        "select_limit": state["select_limit"][seat],
        "building": building,
        "prompt": prompt,
    }
    return v
