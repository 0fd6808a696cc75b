"""What the table and a seat may see: each view is built field by field from
what its audience may know (``schema.PublicView``, ``schema.SeatView``), never
copied from the state.  Hidden: hands, chapel cards (neither how many nor
which), a councillor's or the start rule's looked-at cards (the gold mine's
are open), pending choices of others, the identity of goods, the deck order,
the RNG and the order of the face-down trading-house tiles."""

from __future__ import annotations

from games.base import Msg

from .schema import BuildingView, Options, PublicView, SeatView, TakenRole
from .scoring import outcome, score_sheet
from .state import State


def public_view(s: State) -> PublicView:
    n = s["players"]
    options: Options = {"start_choice": s["options"]["start_choice"]}
    roles: list[TakenRole] = [{"role": r["role"], "seat": r["seat"]} for r in s["roles"]]
    goldmine = s["phase"] == "goldmine"
    v: PublicView = {
        "game": "sanjuan",
        "seat": None,
        "players": n,
        "options": options,
        "phase": s["phase"],
        "round": s["round"],
        "governor": s["governor"],
        "turn": s["turn"],
        "deciding": list(s["deciding"]),
        "roles": roles,
        "role_order": list(s["role_order"]),
        "chooser_index": s["chooser_index"],
        "chooser": s["chooser"],
        "library_privilege": s["library_privilege"],
        "library_used": list(s["library_used"]),
        "turned_tile": s["turned_tile"],
        "builder_step": s["builder_step"],
        "deck_size": len(s["deck"]),
        "discard_size": len(s["discard"]),
        "hand_sizes": [len(h) for h in s["hands"]],
        # Goods are face-down cards: only whether a building holds one is public.
        "cities": [[[c, g >= 0] for c, g in city] for city in s["cities"]],
        "covered": [list(c) for c in s["covered"]],
        "built_this_phase": list(s["built_this_phase"]),
        # The gold mine's four cards lie open ("jól láthatóan"): everyone sees them.
        "gold_mine_cards": [list(s["looking_at"][p]) if goldmine else [] for p in range(n)],
    }
    if s["phase"] == "over":
        out = outcome(s)
        v["score_sheets"] = [score_sheet(s, p) for p in range(n)]
        v["scores"] = out.scores
        v["ranking"] = out.ranking
    return v


def seat_view(s: State, seat: int, prompt: Msg) -> SeatView:
    """The public view and what only ``seat`` knows: its hand, its chapel
    cards, the cards it looks at or has picked, its pending choice, the
    building it is paying for; ``prompt``: what it is asked to decide."""
    bld = s["building"] if s["phase"] == "builder" and s["turn"] == seat else None
    building: BuildingView | None = None if bld is None else {
        "card": bld["card"], "over": bld["over"], "cost": bld["cost"],
        "paid_cards": list(bld["paid_cards"]), "paid_goods_from": [i for i, _ in bld["paid_goods"]]}
    v: SeatView = {
        **public_view(s),
        "seat": seat,
        "hand": list(s["hands"][seat]),
        "chapel": list(s["chapel"][seat]),
        "looking_at": list(s["looking_at"][seat]),
        "picked": list(s["picked"][seat]),
        "picks_needed": s["picks_needed"][seat],
        "pick_mode": s["pick_mode"][seat],
        "selected": list(s["selected"][seat]),
        "select_limit": s["select_limit"][seat],
        "building": building,
        "prompt": prompt,
    }
    return v
