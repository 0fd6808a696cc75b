"""What a seat may see.  Hidden: hands, chapel cards (neither how many nor
which), a councillor's looked-at cards (the gold mine's are open: ``mine``), pending choices of others, deck order, the RNG and
the order of the face-down trading-house tiles."""

from __future__ import annotations

from .scoring import outcome, score_sheet
from .state import State


def view(s: State, seat: int | None) -> State:
    n = s["players"]
    over = s["phase"] == "over"
    v: State = {
        "game": "sanjuan",
        "seat": seat,
        "players": n,
        "options": dict(s["options"]),
        "phase": s["phase"],
        "round": s["round"],
        "governor": s["governor"],
        "turn": s["turn"],
        "waiting": sorted(s["waiting"]),
        "roles": [list(r) for r in s["roles"]],
        "seq": list(s["seq"]),
        "ci": s["ci"],
        "chooser": s["chooser"],
        "lib": s["lib"],
        "libused": list(s["libused"]),
        "tile": s["tile"],
        "bstep": s["bstep"],
        "deck_n": len(s["deck"]),
        "discard_n": len(s["discard"]),
        "hand_n": [len(h) for h in s["hands"]],
        # Goods are face-down cards: only whether a building holds one is public.
        "cities": [[[c, g >= 0] for c, g in city] for city in s["cities"]],
        "covered": [list(c) for c in s["covered"]],
        "fresh": list(s["fresh"]),
        "over": over,
        # The gold mine's four cards lie open ("jól láthatóan"): everyone sees them.
        "mine": [list(s["look"][p]) if s["phase"] == "goldmine" else [] for p in range(n)],
    }
    if over:
        out = outcome(s)
        v["sheets"] = [score_sheet(s, p) for p in range(n)]
        v["scores"] = out.scores
        v["ranking"] = out.ranking
    if seat is not None:
        bld = s["bld"] if s["phase"] == "builder" and s["turn"] == seat else None
        v.update({
            "hand": list(s["hands"][seat]),
            "chapel": list(s["chapel"][seat]),
            "look": list(s["look"][seat]),
            "picked": list(s["picked"][seat]),
            "need": s["need"][seat],
            "mode": s["mode"][seat],
            "sel": list(s["sel"][seat]),
            "lim": s["lim"][seat],
            "bld": None if bld is None else {"card": bld["card"], "onto": bld["onto"], "need": bld["need"],
                                             "paid": list(bld["paid"]),
                                             "goods": [i for i, _ in bld["goods"]]},
        })
    return v
