"""Action phase: build, upgrade a citizen, improve the ship, play an action
card, use a die-triggered building, trade, end the actions."""

from __future__ import annotations

from functools import cache

from games.base import Action, ActionId, Msg, seat_ref

from .action_cards import play_card
from .common import GOLD_AND_GOODS, Moves, action, card_msg, good_msg, level_msg, m, opp, push
from .data import CARDS, CITIZEN_COST, LEVELS, TRIGGERED
from .dominance import update as update_dominance
from .end import check_win
from .schema import AnnoState, PendingKind
from .settlement import can_pay, free_slot, gain, has, pay, pay_cost, stock

USE_KIND: dict[str, PendingKind] = {"guildhall": "guild", "landing": "landing", "lodge": "lodge"}
# Each upgrade: the citizen level it starts from, the level, its cost, the move.
UPGRADES = tuple((n, level, tuple(CITIZEN_COST[level].items()),
                  action("up:" + level, "upgrade", "build", "success", level=level_msg(level)))
                 for n, level in enumerate(LEVELS[1:], start=1))
# The die number of every building whose function is used as an action.
TRIGGER_DIE = {card.id: card.die for card in CARDS if card.kind == "building" and card.type in TRIGGERED}
SHIP = action("ship", "ship", "build")
BANK = {g: action("bank:" + g, "bank", "trade", give=good_msg(g)) for g in GOLD_AND_GOODS}
OFFER = action("offer", "offer", "trade")
END = action("end", "end_actions", "end", "danger")


@cache
def build_move(cid: int) -> Action:
    return action(f"build:{cid}", "build", "build", "primary", card=card_msg(cid))


@cache
def play_move(cid: int) -> Action:
    return action(f"play:{cid}", "play", "play", card=card_msg(cid))


@cache
def use_move(slot: int, building: int) -> Action:
    return action(f"use:{slot}", "use", "use", card=card_msg(building))


def legal_action_phase(state: AnnoState, seat: int, moves: Moves) -> None:
    settlement = state["settlements"][seat]
    have = stock(settlement)
    slot_free = None in settlement["slots"]
    for cid in settlement["hand"]:
        card = CARDS[cid]
        if card.kind == "building":
            if slot_free and can_pay(have, card.cost) and not (card.type == "firestation" and has(settlement, "firestation")):
                moves.append(build_move(cid))
        elif card.type not in ("captain", "commander"):
            if card.type == "poisoner" and not any(len(s) >= 3 for s in state["settlements"][opp(seat)]["citizens"]):
                continue
            moves.append(play_move(cid))
    heights = [len(stack) for stack in settlement["citizens"]]
    for n, level, cost, move in UPGRADES:
        if state["supply"][level] and n in heights and can_pay(have, cost):
            moves.append(move)
    if settlement["ship"] < 4 and have["wood"]:
        moves.append(SHIP)
    number = state["dice"]["number"] if state["dice"] else 0
    for slot, building in enumerate(settlement["slots"]):
        if building is None or TRIGGER_DIE.get(building) != number or slot in state["used_slots"]:
            continue
        typ = CARDS[building].type
        if typ == "landing" and not any(settlement["landscapes"]):
            continue
        if typ == "lodge" and not (settlement["hand"] and state["discard"]):
            continue
        moves.append(use_move(slot, building))
    for g, move in BANK.items():
        if have[g] >= 3:
            moves.append(move)
    limit = state["options"]["offers"]
    if not limit or state["offers_made"] < limit:
        moves.append(OFFER)
    moves.append(END)


def apply_action_phase(state: AnnoState, seat: int, action: ActionId) -> list[Msg]:
    settlement = state["settlements"][seat]
    head = action.head
    if head == "build":
        cid = action.number()
        card = CARDS[cid]
        pay_cost(settlement, card.cost)
        settlement["hand"].remove(cid)
        settlement["slots"][free_slot(settlement)] = cid
        events = [m("ev.build", seat=seat_ref(seat), card=card_msg(cid))]
        if card.build_gold:
            events.append(m("ev.build_gold", seat=seat_ref(seat), gold=gain(settlement, "gold", card.build_gold)))
        return events + update_dominance(state)
    if head == "up":
        level = action.arg()
        n = LEVELS.index(level)
        pay_cost(settlement, CITIZEN_COST[level].items())
        stack = next(s for s in settlement["citizens"] if len(s) == n)
        stack.append(state["supply"][level].pop())
        return [m("ev.upgrade", seat=seat_ref(seat), level=level_msg(level))] + check_win(state, seat)
    if head == "ship":
        pay(settlement, "wood")
        before = settlement["ship"]
        settlement["ship"] = min(4, settlement["ship"] + (2 if has(settlement, "shipyard") else 1))
        return [m("ev.ship_improve", seat=seat_ref(seat), old=before, state=settlement["ship"])]
    if head == "play":
        return play_card(state, seat, action.number())
    if head == "use":
        slot = action.number()
        state["used_slots"].append(slot)
        building = settlement["slots"][slot]
        assert building is not None
        push(state, {"kind": USE_KIND[CARDS[building].type], "seat": seat, "slot": slot}, front=True)
        return []
    if head == "bank":
        push(state, {"kind": "bankget", "seat": seat, "good": action.arg()}, front=True)
        return []
    if head == "offer":
        state["offers_made"] += 1
        push(state, {"kind": "offer", "seat": seat, "give": {}, "get": {}}, front=True)
        return []
    if head == "end":
        state["phase"] = "end"
        return [m("ev.end_actions", seat=seat_ref(seat))]
    raise AssertionError(action)

