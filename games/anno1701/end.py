"""End phase (draw up to 3 / swap / search a pile), turn change, and the end of the game."""

from __future__ import annotations

from games.base import msg

from .cards import CARDS
from .common import act, card_msg, check_bust, ev, game_over, who
from .settlement import glory, merchants, pay_gold, top_level

WIN_GLORY = 7


def check_win(state, seat) -> list:
    p = state["p"][seat]
    if merchants(p) >= 2:
        return game_over(state, seat, "merchants")
    if glory(p) >= WIN_GLORY:
        return game_over(state, seat, "glory")
    return []


def pile_era(k: int) -> int:
    return k // 2 + 1


def under_piles(state, cid) -> list[int]:
    """The piles a card may go under (the player's choice): the piles of its
    era that are left; if both are gone, either one's place."""
    era = CARDS[cid].era
    both = [2 * (era - 1), 2 * (era - 1) + 1]
    return [k for k in both if state["piles"][k]] or both


def put_under(state, cid, k: int) -> None:
    assert k in under_piles(state, cid), (cid, k)
    state["piles"][k].append(cid)


def open_piles(state, seat) -> list[int]:
    top = top_level(state["p"][seat])        # explorer 0 → era I, settler → II, citizen+ → III
    return [k for k in range(6) if state["piles"][k] and pile_era(k) <= top + 1]


def end_turn(state) -> list:
    if state["phase"] == "over":
        return []
    state["current"] = 1 - state["current"]
    state["turn"] += 1
    state["phase"] = "roll"
    state["dice"] = None
    state["used"] = []
    state["offers"] = 0
    state["pending"] = []
    return [ev("turn", seat=who(state["current"]), turn=state["turn"])]


def _draw_actions(state, seat, p):
    out = []
    gold = p["centres"][0] + p["centres"][1]
    for k in open_piles(state, seat):
        out.append(act(f"draw:{k}", "draw", "draw", "primary", pile=k + 1, era=pile_era(k)))
    if gold:
        for k in open_piles(state, seat):
            out.append(act(f"search:{k}", "search", "search", pile=k + 1, era=pile_era(k)))
    return out


def legal_end_phase(state, seat):
    p = state["p"][seat]
    out = []
    if p["ship"] >= 1:
        out.append(act("voyage", "voyage", "voyage", "success"))
        for typ in ("captain", "commander"):
            if any(CARDS[c].type == typ for c in p["hand"]):
                out.append(act("voyage:" + typ, "voyage_with", "voyage", "success", card=msg_card(typ)))
    if len(p["hand"]) < 3:
        out += _draw_actions(state, seat, p)
    elif len(p["hand"]) == 3:
        out += [act(f"swap:{i}:{k}", "swap", "swap", card=card_msg(c), pile=k + 1)
                for i, c in enumerate(p["hand"]) for k in under_piles(state, c)]
    out.append(act("pass", "pass", "end", "danger"))
    return out


def msg_card(typ):
    return msg("anno1701.card." + typ)


def legal_draw_phase(state, seat):
    p = state["p"][seat]
    return _draw_actions(state, seat, p)


def apply_end_phase(state, seat, aid):
    from .voyage import start_voyage
    head, _, arg = aid.partition(":")
    if head == "voyage":
        return start_voyage(state, seat, arg)
    if head == "pass":
        return end_turn(state)
    if head == "swap":
        p = state["p"][seat]
        i, _, k = arg.partition(":")
        cid = p["hand"].pop(int(i))
        put_under(state, cid, int(k))
        state["phase"] = "draw"
        events = [ev("swap", seat=who(seat), era=CARDS[cid].era, pile=int(k) + 1)]
        return events + _after_draw(state, seat)
    state["phase"] = "draw"
    return apply_draw_phase(state, seat, aid)


def apply_draw_phase(state, seat, aid):
    head, _, arg = aid.partition(":")
    k = int(arg)
    p = state["p"][seat]
    if head == "draw":
        p["hand"].append(state["piles"][k].pop(0))
        return [ev("draw", seat=who(seat), pile=k + 1)] + _after_draw(state, seat)
    pay_gold(p, 1)
    events = [ev("search", seat=who(seat), pile=k + 1)] + check_bust(state, seat)
    if state["phase"] != "over":
        state["pending"].insert(0, {"kind": "pick", "seat": seat, "pile": k})
    return events


def _after_draw(state, seat):
    p = state["p"][seat]
    if len(p["hand"]) >= 3 or not open_piles(state, seat):
        return end_turn(state)
    return []


def legal_pick(state, seat, item):
    pile = state["piles"][item["pile"]]
    return [act(f"pick:{i}", "pick", "pick", card=card_msg(c)) for i, c in enumerate(pile)]


def apply_pick(state, seat, aid):
    item = state["pending"].pop(0)
    cid = state["piles"][item["pile"]].pop(int(aid.split(":")[1]))
    state["p"][seat]["hand"].append(cid)
    return [ev("pick", seat=who(seat), pile=item["pile"] + 1),
            dict(ev("pick_private", card=card_msg(cid)), to=seat)] + _after_draw(state, seat)


def outcome_lines(state, seat):
    p = state["p"][seat]
    lines = [ev("line.glory", n=glory(p)), ev("line.merchants", n=merchants(p)),
             ev("line.gold", n=p["centres"][0] + p["centres"][1])]
    if state.get("winner") is not None:
        key = "line.won" if state["winner"] == seat else "line.lost"
        lines.append(ev(key, reason=ev("reason." + state["reason"])))
    return lines
