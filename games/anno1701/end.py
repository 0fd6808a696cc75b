"""End phase (voyage / swap / draw up to 3 / search a pile), the draw phase,
the turn change, and the end of the game."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .common import Moves, action, card_msg, check_bust, game_over, m
from .data import CARDS
from .schema import AnnoState, Pending, Settlement
from .settlement import glory, merchants, pay_gold, top_level

WIN_GLORY = 7


def check_win(state: AnnoState, seat: int) -> list[Msg]:
    settlement = state["settlements"][seat]
    if merchants(settlement) >= 2:
        return game_over(state, seat, "merchants")
    if glory(settlement) >= WIN_GLORY:
        return game_over(state, seat, "glory")
    return []


def pile_era(k: int) -> int:
    return k // 2 + 1


def under_piles(state: AnnoState, cid: int) -> list[int]:
    """The piles a card may go under (the player's choice): the piles of its
    era that are left; if both are gone, either one's place."""
    era = CARDS[cid].era
    both = [2 * (era - 1), 2 * (era - 1) + 1]
    return [k for k in both if state["piles"][k]] or both


def put_under(state: AnnoState, cid: int, k: int) -> None:
    assert k in under_piles(state, cid), (cid, k)
    state["piles"][k].append(cid)


def open_piles(state: AnnoState, seat: int) -> list[int]:
    top = top_level(state["settlements"][seat])   # explorer 0 → era I, settler → II, citizen+ → III
    return [k for k in range(6) if state["piles"][k] and pile_era(k) <= top + 1]


def end_turn(state: AnnoState) -> list[Msg]:
    if state["phase"] == "over":
        return []
    state["turn"] = 1 - state["turn"]
    state["turn_count"] += 1
    state["phase"] = "roll"
    state["dice"] = None
    state["used_slots"] = []
    state["offers_made"] = 0
    state["pending"] = []
    return [m("ev.turn", seat=seat_ref(state["turn"]), turn=state["turn_count"])]


DRAW = [action(f"draw:{k}", "draw", "draw", "primary", pile=k + 1, era=pile_era(k)) for k in range(6)]
SEARCH = [action(f"search:{k}", "search", "search", pile=k + 1, era=pile_era(k)) for k in range(6)]
VOYAGE = action("voyage", "voyage", "voyage", "success")
VOYAGE_WITH = {typ: action("voyage:" + typ, "voyage_with", "voyage", "success", card=m("card." + typ))
               for typ in ("captain", "commander")}
PASS = action("pass", "pass", "end", "danger")


@cache
def swap_move(i: int, cid: int, k: int) -> Action:
    return action(f"swap:{i}:{k}", "swap", "swap", card=card_msg(cid), pile=k + 1)


@cache
def pick_move(i: int, cid: int) -> Action:
    return action(f"pick:{i}", "pick", "pick", card=card_msg(cid))


def _draw_moves(state: AnnoState, seat: int, settlement: Settlement, moves: Moves) -> None:
    piles = open_piles(state, seat)
    for k in piles:
        moves.append(DRAW[k])
    if settlement["centres"][0] + settlement["centres"][1]:
        for k in piles:
            moves.append(SEARCH[k])


def legal_end_phase(state: AnnoState, seat: int, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    if settlement["ship"] >= 1:
        moves.append(VOYAGE)
        for typ, move in VOYAGE_WITH.items():
            if any(CARDS[c].type == typ for c in settlement["hand"]):
                moves.append(move)
    if len(settlement["hand"]) < 3:
        _draw_moves(state, seat, settlement, moves)
    elif len(settlement["hand"]) == 3:
        for i, c in enumerate(settlement["hand"]):
            for k in under_piles(state, c):
                moves.append(swap_move(i, c, k))
    moves.append(PASS)


def legal_draw_phase(state: AnnoState, seat: int, moves: Moves) -> None:
    _draw_moves(state, seat, state["settlements"][seat], moves)


def apply_end_phase(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    from .voyage import start_voyage
    head = action.head
    if head == "voyage":
        return start_voyage(state, seat, action.arg())
    if head == "pass":
        return end_turn(state)
    if head == "swap":
        settlement = state["settlements"][seat]
        k = action.number(1)
        cid = settlement["hand"].pop(action.number(0))
        put_under(state, cid, k)
        state["phase"] = "draw"
        events = [m("ev.swap", seat=seat_ref(seat), era=CARDS[cid].era, pile=k + 1)]
        return events + _after_draw(state, seat)
    state["phase"] = "draw"
    return apply_draw_phase(state, seat, action)


def apply_draw_phase(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    k = action.number()
    settlement = state["settlements"][seat]
    if action.head == "draw":
        settlement["hand"].append(state["piles"][k].pop(0))
        return [m("ev.draw", seat=seat_ref(seat), pile=k + 1)] + _after_draw(state, seat)
    pay_gold(settlement, 1)
    events = [m("ev.search", seat=seat_ref(seat), pile=k + 1)] + check_bust(state, seat)
    if state["phase"] != "over":
        state["pending"].insert(0, {"kind": "pick", "seat": seat, "pile": k})
    return events


def _after_draw(state: AnnoState, seat: int) -> list[Msg]:
    settlement = state["settlements"][seat]
    if len(settlement["hand"]) >= 3 or not open_piles(state, seat):
        return end_turn(state)
    return []


def legal_pick(state: AnnoState, seat: int, item: Pending, moves: Moves) -> None:
    for i, c in enumerate(state["piles"][item["pile"]]):
        moves.append(pick_move(i, c))


def apply_pick(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    item = state["pending"].pop(0)
    cid = state["piles"][item["pile"]].pop(action.number())
    state["settlements"][seat]["hand"].append(cid)
    return [m("ev.pick", seat=seat_ref(seat), pile=item["pile"] + 1),
            dict(m("ev.pick_private", card=card_msg(cid)), to=seat)] + _after_draw(state, seat)
