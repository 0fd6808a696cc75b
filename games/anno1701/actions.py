"""Action phase: build, upgrade, improve the ship, action cards, trade,
die-triggered building functions — and the reactions they ask of the opponent."""

from __future__ import annotations

from games.base import msg

from .cards import CARDS, CITIZEN_COST, GOODS, HARMFUL, LEVELS, TRIGGERED
from .common import GOLD_AND_GOODS, act, card_msg, check_bust, ev, good_msg, opp, push, who
from .dominance import update as update_dominance
from .end import check_win, put_under, under_piles
from .settlement import (
    can_pay,
    count,
    free_slot,
    gain,
    goods,
    has,
    pay,
    pay_cost,
    pay_gold,
    space,
)

MAX_OFFERS = 2   # default of the table option "offers" (trade offers per turn; 0 = no limit)


def legal_action_phase(state, seat):
    p = state["p"][seat]
    out = []
    slot_free = free_slot(p) >= 0
    for cid in p["hand"]:
        card = CARDS[cid]
        if card.kind == "building":
            if slot_free and can_pay(p, card.cost) and not (card.type == "firestation" and has(p, "firestation")):
                out.append(act(f"build:{cid}", "build", "build", "primary", card=card_msg(cid)))
        elif card.type not in ("captain", "commander"):
            if card.type == "poisoner" and not any(len(s) >= 3 for s in state["p"][opp(seat)]["cit"]):
                continue
            out.append(act(f"play:{cid}", "play", "play", card=card_msg(cid)))
    levels = [len(s) - 1 for s in p["cit"]]
    for n, lv in enumerate(LEVELS[1:], start=1):
        if state["supply"][lv] and (n - 1) in levels and can_pay(p, CITIZEN_COST[lv].items()):
            out.append(act("up:" + lv, "upgrade", "build", "success", level=msg_level(lv)))
    if p["ship"] < 4 and goods(p, "wood"):
        out.append(act("ship", "ship", "build"))
    number = state["dice"][0] if state["dice"] else 0
    for slot, cid in enumerate(p["slots"]):
        if cid is None or slot in state["used"] or CARDS[cid].die != number or CARDS[cid].type not in TRIGGERED:
            continue
        typ = CARDS[cid].type
        if typ == "landing" and not sum(p["land"]):
            continue
        if typ == "lodge" and not (p["hand"] and state["discard"]):
            continue
        out.append(act(f"use:{slot}", "use", "use", card=card_msg(cid)))
    for g in GOLD_AND_GOODS:
        if goods(p, g) >= 3:
            out.append(act("bank:" + g, "bank", "trade", give=good_msg(g)))
    limit = state.get("max_offers", MAX_OFFERS)
    if not limit or state["offers"] < limit:
        out.append(act("offer", "offer", "trade"))
    out.append(act("end", "end_actions", "end", "danger"))
    return out


def msg_level(lv):
    return msg("anno1701.level." + lv)


def apply_action_phase(state, seat, aid):
    p = state["p"][seat]
    head, _, arg = aid.partition(":")
    if head == "build":
        cid = int(arg)
        card = CARDS[cid]
        pay_cost(p, card.cost)
        p["hand"].remove(cid)
        p["slots"][free_slot(p)] = cid
        events = [ev("build", seat=who(seat), card=card_msg(cid))]
        if card.build_gold:
            events.append(ev("build_gold", seat=who(seat), gold=gain(p, "gold", card.build_gold)))
        return events + update_dominance(state)
    if head == "up":
        n = LEVELS.index(arg)
        pay_cost(p, CITIZEN_COST[arg].items())
        stack = next(s for s in p["cit"] if len(s) == n)
        stack.append(state["supply"][arg].pop())
        return [ev("upgrade", seat=who(seat), level=msg_level(arg))] + check_win(state, seat)
    if head == "ship":
        pay(p, "wood")
        before = p["ship"]
        p["ship"] = min(4, p["ship"] + (2 if has(p, "shipyard") else 1))
        return [ev("ship_improve", seat=who(seat), old=before, state=p["ship"])]
    if head == "play":
        return play_card(state, seat, int(arg))
    if head == "use":
        slot = int(arg)
        state["used"].append(slot)
        kind = {"guildhall": "guild", "landing": "landing", "lodge": "lodge"}[CARDS[p["slots"][slot]].type]
        push(state, {"kind": kind, "seat": seat, "slot": slot}, front=True)
        return []
    if head == "bank":
        push(state, {"kind": "bankget", "seat": seat, "give": arg}, front=True)
        return []
    if head == "offer":
        state["offers"] += 1
        push(state, {"kind": "offer", "seat": seat, "give": {}, "get": {}}, front=True)
        return []
    if head == "end":
        state["phase"] = "end"
        return [ev("end_actions", seat=who(seat))]
    raise AssertionError(aid)


# --- action cards ------------------------------------------------------------
def play_card(state, seat, cid):
    p, victim = state["p"][seat], state["p"][opp(seat)]
    p["hand"].remove(cid)
    state["discard"].append(cid)
    events = [ev("play", seat=who(seat), card=card_msg(cid))]
    if CARDS[cid].type in HARMFUL and has(victim, "theatre") and goods(victim, "gold"):
        push(state, {"kind": "theatre", "seat": opp(seat), "card": cid}, front=True)
        return events
    return events + resolve_card(state, seat, cid)


def resolve_card(state, seat, cid):
    typ = CARDS[cid].type
    p, other = state["p"][seat], opp(seat)
    victim = state["p"][other]
    if typ == "bishop":
        n = count(p, "chapel") + 2 * count(p, "church")
        return [ev("gold_gain", seat=who(seat), gold=gain(p, "gold", n))]
    if typ == "inventor":
        push(state, {"kind": "inventor", "seat": seat, "n": 2}, front=True)
        return []
    if typ == "poisoner":
        n = min(2, sum(victim["land"]))
        if n:
            push(state, {"kind": "poison", "seat": other, "n": n}, front=True)
        return []
    if typ == "agitator":
        lost = pay_gold(victim, 2)
        return [ev("gold_lose", seat=who(other), gold=lost)] + check_bust(state, other)
    if typ == "spy":
        if victim["hand"]:
            push(state, {"kind": "spy", "seat": seat}, front=True)
        return []
    if typ == "pickpocket":
        gain(p, "gold")
        lost = pay_gold(victim, 1)
        return [ev("pickpocket", seat=who(seat), victim=who(other), gold=lost)] + check_bust(state, other)
    raise AssertionError(typ)


def legal_theatre(state, seat, item):
    return [act("theatre:yes", "theatre_yes", "theatre", "danger", card=card_msg(item["card"])),
            act("theatre:no", "theatre_no", "theatre")]


def apply_theatre(state, seat, aid):
    item = state["pending"].pop(0)
    if aid == "theatre:yes":
        pay_gold(state["p"][seat], 1)
        return [ev("theatre", seat=who(seat), card=card_msg(item["card"]))] + check_bust(state, seat)
    return resolve_card(state, opp(seat), item["card"])


def legal_inventor(state, seat, item):
    p = state["p"][seat]
    out = [act("inventor:" + g, "gain_good", "inventor", good=good_msg(g)) for g in GOODS if space(p, g)]
    return out or [act("inventor:skip", "skip", "inventor")]


def apply_inventor(state, seat, aid):
    item = state["pending"][0]
    g = aid.split(":")[1]
    item["n"] -= 1
    if item["n"] <= 0 or g == "skip":
        state["pending"].pop(0)
    if g == "skip":
        return []
    gain(state["p"][seat], g)
    return [ev("inventor_gain", seat=who(seat), good=good_msg(g))]


def legal_poison(state, seat, item):
    p = state["p"][seat]
    return [act("lose:" + g, "lose_good", "poison", "danger", good=good_msg(g)) for g in GOODS if goods(p, g)]


def apply_poison(state, seat, aid):
    item = state["pending"][0]
    g = aid.split(":")[1]
    pay(state["p"][seat], g)
    item["n"] -= 1
    if item["n"] <= 0 or not sum(state["p"][seat]["land"]):
        state["pending"].pop(0)
    return [ev("poison_lose", seat=who(seat), good=good_msg(g))]


def legal_spy(state, seat, item):
    hand = state["p"][opp(seat)]["hand"]
    return [act(f"spy:{i}", "spy_take", "spy", card=card_msg(cid)) for i, cid in enumerate(hand)]


def apply_spy(state, seat, aid):
    state["pending"].pop(0)
    cid = state["p"][opp(seat)]["hand"].pop(int(aid.split(":")[1]))
    state["p"][seat]["hand"].append(cid)
    # Public: only that a card changed hands; the spy's player learns which.
    return [ev("spy", seat=who(seat), victim=who(opp(seat))),
            dict(ev("spy_private", card=card_msg(cid)), to=seat)]


# --- triggered buildings -------------------------------------------------
def legal_guild(state, seat, item):
    p = state["p"][seat]
    out = [act("guild:" + g, "gain_good", "guild", good=good_msg(g)) for g in GOODS if space(p, g)]
    return out or [act("guild:skip", "skip", "guild")]


def apply_guild(state, seat, aid):
    state["pending"].pop(0)
    g = aid.split(":")[1]
    if g == "skip":
        return []
    gain(state["p"][seat], g)
    return [ev("guild_gain", seat=who(seat), good=good_msg(g))]


def legal_landing(state, seat, item):
    p = state["p"][seat]
    out = [act(f"landing:{a}-{b}", "landing", "landing", give=good_msg(a), get=good_msg(b))
           for a in GOODS if goods(p, a) for b in GOODS if b != a and space(p, b)]
    return out + [act("landing:skip", "skip", "landing")]


def apply_landing(state, seat, aid):
    state["pending"].pop(0)
    arg = aid.split(":")[1]
    if arg == "skip":
        return []
    a, b = arg.split("-")
    p = state["p"][seat]
    pay(p, a)
    gain(p, b)
    return [ev("landing", seat=who(seat), give=good_msg(a), get=good_msg(b))]


def legal_lodge(state, seat, item):
    hand = state["p"][seat]["hand"]
    if not state["discard"]:
        return [act("lodge:skip", "skip", "lodge")]
    return [act(f"lodge:{i}:{k}", "lodge", "lodge", card=card_msg(cid), top=card_msg(state["discard"][-1]),
                pile=k + 1)
            for i, cid in enumerate(hand) for k in under_piles(state, cid)] + [act("lodge:skip", "skip", "lodge")]


def apply_lodge(state, seat, aid):
    state["pending"].pop(0)
    _, arg, k = (aid + ":").split(":")[:3]
    if arg == "skip":
        return []
    p = state["p"][seat]
    put_under(state, p["hand"].pop(int(arg)), int(k))
    top = state["discard"].pop()
    p["hand"].append(top)
    return [ev("lodge", seat=who(seat), card=card_msg(top))]


# --- trading ---------------------------------------------------------------
def legal_bankget(state, seat, item):
    p = state["p"][seat]
    out = [act(f"bankget:{g}", "bank_get", "trade", give=good_msg(item["give"]), get=good_msg(g))
           for g in GOLD_AND_GOODS if g != item["give"] and space(p, g)]
    return out + [act("back", "back", "trade")]


def apply_bankget(state, seat, aid):
    item = state["pending"].pop(0)
    if aid == "back":
        return []
    g = aid.split(":")[1]
    p = state["p"][seat]
    pay(p, item["give"], 3)
    gain(p, g)
    return [ev("bank", seat=who(seat), give=good_msg(item["give"]), get=good_msg(g))] + check_bust(state, seat)


def offer_msg(side: dict) -> list:
    return [ev("amount", n=n, good=good_msg(g)) for g, n in side.items() if n]


def legal_offer(state, seat, item):
    p, other = state["p"][seat], state["p"][opp(seat)]
    out = [act("give:" + g, "offer_give", "give", good=good_msg(g)) for g in GOLD_AND_GOODS
           if goods(p, g) > item["give"].get(g, 0)]
    out += [act("get:" + g, "offer_get", "get", good=good_msg(g)) for g in GOLD_AND_GOODS
            if goods(other, g) > item["get"].get(g, 0)]
    if item["give"] or item["get"]:
        out.append(act("send", "offer_send", "offer", "primary"))
    out.append(act("back", "back", "offer"))
    return out


def apply_offer(state, seat, aid):
    item = state["pending"][0]
    if aid == "back":
        state["pending"].pop(0)
        return []
    if aid == "send":
        state["pending"][0] = {"kind": "answer", "seat": opp(seat), "give": item["give"], "get": item["get"]}
        return [ev("offer", seat=who(seat), give=offer_msg(item["give"]) or "—",
                   get=offer_msg(item["get"]) or "—")]
    side, g = aid.split(":")
    item[side][g] = item[side].get(g, 0) + 1
    return []


def legal_answer(state, seat, item):
    p = state["p"][seat]
    out = []
    if all(goods(p, g) >= n for g, n in item["get"].items()):
        out.append(act("accept", "accept", "answer", "success"))
    out.append(act("refuse", "refuse", "answer", "danger"))
    return out


def apply_answer(state, seat, aid):
    item = state["pending"].pop(0)
    mover = opp(seat)
    if aid == "refuse":
        return [ev("refuse", seat=who(seat))]
    a, b = state["p"][mover], state["p"][seat]
    for g, n in item["give"].items():
        gain(b, g, pay(a, g, n))
    for g, n in item["get"].items():
        gain(a, g, pay(b, g, n))
    return [ev("accept", seat=who(seat))] + check_bust(state, mover)


def default_for(state, seat, item):
    kind = item["kind"]
    if kind == "confirm":
        return "confirm:no"
    if kind == "centre":
        c = state["p"][seat]["centres"]
        return f"centre:{c[0]}-{c[1]}"
    if kind == "theatre":
        return "theatre:no"
    if kind == "answer":
        return "refuse"
    if kind in ("landing", "lodge"):
        return kind + ":skip"
    if kind == "poison":
        p = state["p"][seat]
        return "lose:" + max((g for g in GOODS if goods(p, g)), key=lambda g: goods(p, g))
    return None
