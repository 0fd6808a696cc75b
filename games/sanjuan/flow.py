"""Rounds, roles and the phases other than building.

A round: the governor's seat order picks roles (2 players: governor,
opponent, governor); each role runs its phase for every seat from the chooser
on.  The councillor, producer and trader phases (and the gold mine choices)
are simultaneous: all draws happen at phase start (or at the end, for goods
and trade income) in seat order from the chooser, the choices in between are
made by every seat at once.  A new round starts with chapel tucks, then the
hand limit.
"""

from __future__ import annotations

from games.base import Action, Msg, msg, seat_ref

from . import build, picks
from .actions import DONE, PASS, PRODUCE, ROLE, ROLE_SAVE, SELL, TUCK, UNDO
from .data import (
    AQUEDUCT,
    ARCHIVE,
    CARD_TYPE,
    CHAPEL,
    COST,
    END_BUILDINGS,
    GOLD_MINE,
    GOOD_KEYS,
    HAND_LIMIT,
    IS_PROD,
    LIBRARY,
    MARKET_HALL,
    MARKET_STAND,
    PREFECTURE,
    PROD_TYPES,
    ROLES,
    START_CHOICE_DRAW,
    TILES,
    TOWER,
    TOWER_LIMIT,
    TRADING_POST,
    TYPE_INDEX,
    TYPE_KEYS,
    WELL,
)
from .state import State, card_names, draw_n, draw_to_hand, order_from, owns, privilege

GOOD_INDEX = {k: i for i, k in enumerate(GOOD_KEYS)}
PROD_KEYS = [TYPE_KEYS[t] for t in PROD_TYPES]
_CT = CARD_TYPE.__getitem__
ROLE_SET = frozenset(ROLES)
PICK_PHASES = frozenset(("start", "limit", "councillor", "goldmine"))
SIMULTANEOUS = frozenset(("start", "chapel", "limit", "producer", "trader", "councillor", "goldmine"))


def to_act(s: State) -> list[int]:
    phase = s["phase"]
    if phase == "role" or phase == "builder":
        return [s["turn"]]
    if phase == "over":
        return []
    return sorted(s["waiting"])


def legal_acts(s: State, p: int) -> list[Action]:
    """The legal actions of ``p`` now (``Action`` objects, built once)."""
    phase = s["phase"]
    if phase == "role":
        if p != s["turn"]:
            return []
        roles = s["roles"]
        if roles:
            taken = {r for r, _ in roles}
            free = [r for r in ROLES if r not in taken]
        else:
            free = ROLES
        out = [ROLE[r] for r in free]
        if s["players"] == 2 and s["ci"] == 0 and owns(s, p, LIBRARY):
            # 2 players: the library works once a round; the governor may keep
            # it for his second role.
            out += [ROLE_SAVE[r] for r in free]
        return out
    if phase == "builder":
        return build.legal_acts(s, p) if p == s["turn"] else []
    if phase == "over" or p not in s["waiting"]:
        return []
    if phase == "chapel":
        out = [TUCK[t] for t in sorted(set(map(_CT, s["hands"][p])))]
        out.append(PASS)
        return out
    if phase == "producer":
        return _producer_legal(s, p)
    if phase == "trader":
        return _trader_legal(s, p)
    return picks.legal_acts(s, p)  # start, limit, councillor, goldmine


def legal(s: State, p: int) -> list[str]:
    return [a.id for a in legal_acts(s, p)]


def _has_type(cards: list[int], key: str) -> bool:
    t = TYPE_INDEX.get(key, -1)
    for c in cards:  # noqa: SIM110 — plain loop, hot path
        if CARD_TYPE[c] == t:
            return True
    return False


def is_legal(s: State, p: int, aid: str) -> bool:
    """``aid in legal(s, p)`` without building the list where that is cheap
    (every step validates its action; tests check both agree)."""
    phase = s["phase"]
    head, _, arg = aid.partition(":")
    if phase == "role":
        if p != s["turn"] or head != "role":
            return False
        role, _, save = arg.partition(":")
        if role not in ROLE_SET:
            return False
        for r, _ in s["roles"]:
            if r == role:
                return False
        if not save:
            return True
        return save == "save" and s["players"] == 2 and s["ci"] == 0 and owns(s, p, LIBRARY)
    if phase == "builder":
        if p != s["turn"]:
            return False
        step = s["bstep"]
        if step == "choose":
            if aid == "pass":
                return True
            if head != "build" or not _has_type(s["hands"][p], arg):
                return False
            return build.can_build(s, p, TYPE_INDEX[arg])
        if step == "pay" and head == "pay":
            return _has_type(s["hands"][p], arg)
        if aid == "cancel":
            return True
        return aid in build.legal(s, p)
    if phase in PICK_PHASES:
        if p not in s["waiting"]:
            return False
        if aid == "undo":
            return bool(s["picked"][p])
        mode = s["mode"][p]
        if head != ("keep" if mode == "keep" else "discard"):
            return False
        return _has_type(s["look"][p] if mode == "keep" else s["hands"][p], arg)
    if phase == "producer" or phase == "trader":
        if p not in s["waiting"]:
            return False
        if aid == "done":
            return True
        sel = s["sel"][p]
        if aid == "undo":
            return bool(sel)
        if len(sel) >= s["lim"][p]:
            return False
        if phase == "producer":
            if head != "produce":
                return False
            t = TYPE_INDEX.get(arg, -1)
            for i, (c, g) in enumerate(s["cities"][p]):
                if g < 0 and CARD_TYPE[c] == t and IS_PROD[c] and i not in sel:
                    return True
            return False
        if head != "sell":
            return False
        t = GOOD_INDEX.get(arg, -1)
        for i, (c, g) in enumerate(s["cities"][p]):  # noqa: SIM110 — plain loop, hot path
            if g >= 0 and CARD_TYPE[c] == t and i not in sel:
                return True
        return False
    if phase == "chapel":
        if p not in s["waiting"]:
            return False
        if aid == "pass":
            return True
        return head == "tuck" and _has_type(s["hands"][p], arg)
    return aid in legal(s, p)


def apply(s: State, p: int, aid: str, ev: list[Msg]) -> None:
    phase = s["phase"]
    if phase == "role":
        _choose_role(s, p, aid, ev)
    elif phase == "builder":
        if build.apply(s, p, aid, ev):
            _end_role(s, ev)
    elif phase == "chapel":
        if aid != "pass":
            t = TYPE_INDEX[aid[5:]]
            hand = s["hands"][p]
            card = next(c for c in hand if CARD_TYPE[c] == t)
            hand.remove(card)
            s["chapel"][p].append(card)
            # Only the owner learns of it: the rules keep chapel cards secret.
            ev.append({**msg("sanjuan.ev.you_tucked", card=msg("sanjuan.card." + TYPE_KEYS[t])), "to": p})
        _finish_seat(s, p, ev)
    elif phase == "producer" or phase == "trader":
        if aid == "done":
            _finish_seat(s, p, ev)
        elif aid == "undo":
            s["sel"][p] = []
        else:
            _select_good(s, p, aid)
            if len(s["sel"][p]) >= s["lim"][p]:
                _finish_seat(s, p, ev)
    else:
        if picks.apply(s, p, aid):
            if phase == "goldmine":  # the gold mine's cards are open: so is the kept one
                ev.append(msg("sanjuan.ev.gold_mine_kept", player=seat_ref(p),
                              card=msg("sanjuan.card." + aid.partition(":")[2])))
            else:
                _picked_event(s, p, phase, ev)
            _finish_seat(s, p, ev)


def _finish_seat(s: State, p: int, ev: list[Msg]) -> None:
    s["waiting"].remove(p)
    if s["waiting"]:
        return
    phase = s["phase"]
    if phase == "start":
        begin_round(s, ev, first=True)
    elif phase == "chapel":
        _begin_limit(s, ev)
    elif phase == "limit":
        _begin_role(s, ev)
    else:
        if phase == "producer":
            _resolve_producer(s, ev)
        elif phase == "trader":
            _resolve_trader(s, ev)
        _end_role(s, ev)


# -- rounds and roles ---------------------------------------------------------

def begin_start_choice(s: State, ev: list[Msg]) -> None:
    """Optional start rule: seats from the governor look at 5/6/7/8 cards, keep 4."""
    s["phase"] = "start"
    s["waiting"] = []
    for i, p in enumerate(order_from(s, s["governor"])):
        cards = draw_n(s, START_CHOICE_DRAW[i], ev)
        s["look"][p] = cards
        picks.start_pick(s, p, "keep", min(4, len(cards)))
        ev.append({**msg("sanjuan.ev.you_look", cards=card_names(cards)), "to": p})
        s["waiting"].append(p)


def begin_round(s: State, ev: list[Msg], first: bool = False) -> None:
    n = s["players"]
    if not first:
        s["governor"] = (s["governor"] + 1) % n
        s["round"] += 1
    g = s["governor"]
    s["roles"] = []
    s["libused"] = [False] * n
    s["seq"] = [g, 1 - g, g] if n == 2 else order_from(s, g)
    s["ci"] = 0
    ev.append(msg("sanjuan.ev.round", n=s["round"], player=seat_ref(g)))
    if _frozen(s):
        s["phase"] = "over"
        s["turn"] = -1
        s["waiting"] = []
        ev.append(msg("sanjuan.ev.stalled"))
        return
    owners = [p for p in order_from(s, g) if s["hands"][p] and owns(s, p, CHAPEL)]
    if owners:
        s["phase"] = "chapel"
        s["waiting"] = owners
        return
    _begin_limit(s, ev)


def _frozen(s: State) -> bool:
    """No card can ever move again: both piles empty, no goods, and nobody
    could build even as builder.  Then no 12th building can come and the game
    would loop for ever (only reachable by odd play: cards pile up under
    chapels and cranes), so it ends (house rule; the rulebook is silent)."""
    if s["deck"] or s["discard"] or any(g >= 0 for city in s["cities"] for _, g in city):
        return False
    saved = s["chooser"], s["lib"]
    try:
        for p in range(s["players"]):
            s["chooser"], s["lib"] = p, owns(s, p, LIBRARY)
            if build.buildable(s, p):
                return False
    finally:
        s["chooser"], s["lib"] = saved
    return True


def hand_limit(s: State, p: int) -> int:
    return TOWER_LIMIT if owns(s, p, TOWER) else HAND_LIMIT


def _begin_limit(s: State, ev: list[Msg]) -> None:
    over = []
    for p in order_from(s, s["governor"]):
        held = len(s["hands"][p])
        if held <= HAND_LIMIT:  # within any limit (the tower only raises it)
            continue
        extra = held - hand_limit(s, p)
        if extra > 0:
            picks.start_pick(s, p, "discard", extra)
            over.append(p)
    if over:
        s["phase"] = "limit"
        s["waiting"] = over
        return
    _begin_role(s, ev)


def _begin_role(s: State, ev: list[Msg]) -> None:
    s["phase"] = "role"
    s["waiting"] = []
    s["turn"] = s["seq"][s["ci"]]


def _choose_role(s: State, p: int, aid: str, ev: list[Msg]) -> None:
    parts = aid.split(":")
    role = parts[1]
    lib = len(parts) == 2 and not s["libused"][p] and owns(s, p, LIBRARY)
    if lib:
        s["libused"][p] = True
    s["lib"] = lib
    s["chooser"] = p
    s["roles"].append([role, p])
    ev.append(msg("sanjuan.ev.role_lib" if lib else "sanjuan.ev.role", player=seat_ref(p),
                  role=msg("sanjuan.role." + role)))
    s["phase"] = role
    s["waiting"] = []
    s["turn"] = -1
    if _BEGIN[role](s, ev):
        _end_role(s, ev)


def _end_role(s: State, ev: list[Msg]) -> None:
    if s["phase"] == "builder":
        s["fresh"] = [-1] * s["players"]
        if any(len(c) >= END_BUILDINGS for c in s["cities"]):
            s["phase"] = "over"
            s["turn"] = -1
            s["waiting"] = []
            ev.append(msg("sanjuan.ev.game_end"))
            return
    s["lib"] = False
    s["ci"] += 1
    if s["ci"] >= len(s["seq"]):
        begin_round(s, ev)
    else:
        _begin_role(s, ev)


# -- producer and trader ------------------------------------------------------

def _extra(s: State, p: int, building: int) -> int:
    return (privilege(s) if p == s["chooser"] else 0) + (1 if owns(s, p, building) else 0)


def _begin_producer(s: State, ev: list[Msg]) -> bool:
    s["waiting"] = []
    for p in order_from(s, s["chooser"]):
        empty = sum(1 for c, g in s["cities"][p] if g < 0 and IS_PROD[c])
        lim = min(1 + _extra(s, p, AQUEDUCT), empty)
        s["lim"][p] = lim
        s["sel"][p] = []
        if lim:
            s["waiting"].append(p)
    return bool(not s["waiting"])


def _producer_legal(s: State, p: int) -> list[Action]:
    sel = s["sel"][p]
    out = []
    if len(sel) < s["lim"][p]:
        kinds = {CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g < 0 and IS_PROD[c] and i not in sel}
        out = [PRODUCE[t] for t in sorted(kinds)]
    out.append(DONE)
    if sel:
        out.append(UNDO)
    return out


def _begin_trader(s: State, ev: list[Msg]) -> bool:
    s["tile"] = s["tiles"].pop(0)
    ev.append(msg("sanjuan.ev.tile", **dict(zip(GOOD_KEYS, TILES[s["tile"]], strict=True))))
    s["waiting"] = []
    for p in order_from(s, s["chooser"]):
        goods = sum(1 for _, g in s["cities"][p] if g >= 0)
        lim = min(1 + _extra(s, p, TRADING_POST), goods)
        s["lim"][p] = lim
        s["sel"][p] = []
        if lim:
            s["waiting"].append(p)
    if not s["waiting"]:
        _resolve_trader(s, ev)
        return True
    return False


def _trader_legal(s: State, p: int) -> list[Action]:
    sel = s["sel"][p]
    out = []
    if len(sel) < s["lim"][p]:
        kinds = {CARD_TYPE[c] for i, (c, g) in enumerate(s["cities"][p]) if g >= 0 and i not in sel}
        out = [SELL[t] for t in sorted(kinds)]
    out.append(DONE)
    if sel:
        out.append(UNDO)
    return out


def _select_good(s: State, p: int, aid: str) -> None:
    head, _, key = aid.partition(":")
    sel = s["sel"][p]
    if head == "produce":
        t = TYPE_INDEX[key]
        for i, (c, g) in enumerate(s["cities"][p]):
            if g < 0 and CARD_TYPE[c] == t and i not in sel:
                sel.append(i)
                return
    else:
        t = GOOD_INDEX[key]
        for i, (c, g) in enumerate(s["cities"][p]):
            if g >= 0 and CARD_TYPE[c] == t and i not in sel:
                sel.append(i)
                return


def _resolve_producer(s: State, ev: list[Msg]) -> None:
    for p in order_from(s, s["chooser"]):
        city = s["cities"][p]
        made = []
        for i in s["sel"][p]:
            cards = draw_n(s, 1, ev)
            if not cards:
                break
            city[i][1] = cards[0]
            made.append(msg("sanjuan.good." + GOOD_KEYS[CARD_TYPE[city[i][0]]]))
        s["sel"][p] = []
        if made:
            ev.append(msg("sanjuan.ev.produce", player=seat_ref(p), goods=made))
        if len(made) >= 2 and owns(s, p, WELL):
            draw_to_hand(s, p, 1, "well", ev)


def _resolve_trader(s: State, ev: list[Msg]) -> None:
    prices = TILES[s["tile"]]
    for p in order_from(s, s["chooser"]):
        sel = s["sel"][p]
        if not sel:
            continue
        city = s["cities"][p]
        value = 0
        sold = []
        for i in sel:
            t = CARD_TYPE[city[i][0]]
            value += prices[t]
            s["discard"].append(city[i][1])
            city[i][1] = -1
            sold.append(msg("sanjuan.good." + GOOD_KEYS[t]))
        ev.append(msg("sanjuan.ev.sell", player=seat_ref(p), goods=sold))
        draw_to_hand(s, p, value, "trade", ev)
        if owns(s, p, MARKET_HALL):
            draw_to_hand(s, p, 1, "market_hall", ev)
        if len(sel) >= 2 and owns(s, p, MARKET_STAND):
            draw_to_hand(s, p, 1, "market_stand", ev)
        s["sel"][p] = []
    # The tile goes face down under the stack: the order never changes.
    s["tiles"].append(s["tile"])
    s["tile"] = -1


# -- councillor and prospector ------------------------------------------------

def _begin_councillor(s: State, ev: list[Msg]) -> bool:
    s["waiting"] = []
    ch = s["chooser"]
    for p in order_from(s, ch):
        n = 2 + (3 * privilege(s) if p == ch else 0)
        keep = 2 if owns(s, p, PREFECTURE) else 1
        cards = draw_n(s, n, ev)
        if not cards:
            continue
        ev.append(msg("sanjuan.ev.council_draw", player=seat_ref(p), n=len(cards)))
        ev.append({**msg("sanjuan.ev.you_look", cards=card_names(cards)), "to": p})
        if owns(s, p, ARCHIVE):
            # Archive: the drawn cards join the hand, discards come from it all.
            s["hands"][p].extend(cards)
            need = len(cards) - min(keep, len(cards))
            if need:
                picks.start_pick(s, p, "discard", need)
                s["waiting"].append(p)
        elif len(cards) <= keep:
            s["hands"][p].extend(cards)
        else:
            s["look"][p] = cards
            picks.start_pick(s, p, "keep", keep)
            s["waiting"].append(p)
    return not s["waiting"]


def _begin_prospector(s: State, ev: list[Msg]) -> bool:
    ch = s["chooser"]
    draw_to_hand(s, ch, privilege(s), "prospector", ev)
    s["waiting"] = []
    for p in order_from(s, ch):
        if not owns(s, p, GOLD_MINE):
            continue
        cards = draw_n(s, 4, ev)
        # The four cards are turned up openly ("jól láthatóan"): a public event.
        if len(cards) == 4 and len({COST[c] for c in cards}) == 4:
            s["look"][p] = cards
            picks.start_pick(s, p, "keep", 1)
            s["waiting"].append(p)
            ev.append(msg("sanjuan.ev.gold_mine_hit", player=seat_ref(p), cards=card_names(cards)))
        else:
            s["discard"].extend(cards)
            if cards:
                ev.append(msg("sanjuan.ev.gold_mine_miss", player=seat_ref(p), cards=card_names(cards)))
            else:
                ev.append(msg("sanjuan.ev.gold_mine_empty", player=seat_ref(p)))
    s["phase"] = "goldmine"
    return not s["waiting"]


def _picked_event(s: State, p: int, phase: str, ev: list[Msg]) -> None:
    key = {"start": "start_kept", "limit": "limit_discard", "councillor": "council_kept"}[phase]
    ev.append(msg("sanjuan.ev." + key, player=seat_ref(p)))


_BEGIN = {
    "builder": build.begin,
    "producer": _begin_producer,
    "trader": _begin_trader,
    "councillor": _begin_councillor,
    "prospector": _begin_prospector,
}
