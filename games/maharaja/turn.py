"""One player's turn: the planned actions split into parts, free travel,
character abilities, action coins and the skip penalty (rules 6.3-7.7, 11.2-11.3).

``state["turn"]`` = {"seat", "parts": parts still owed, "step": the open
sub-decision or None, "mason": mason ability used, "extra": coin actions}.
A sub-decision of another seat (choose a card after losing one) is
``state["pending"]``.
"""

from __future__ import annotations

from games.base import Action, Msg, seat_ref
from games.maharaja import rounds, track
from games.maharaja.board import CITIES, CITY_IDS
from games.maharaja.common import (
    State,
    back,
    char_msg,
    k,
    loc_msg,
    node_msg,
    open_villages,
    picker,
)
from games.maharaja.data import (
    ACTION_PARTS,
    ACTIONS,
    ARTIST,
    ARTIST_PALACE_COST,
    GOLD_ACTION,
    HOUSE_COST,
    MASON,
    MONK,
    OUTER_SLOTS,
    PALACE_COST,
    SKIP_PENALTY,
)
from games.maharaja.travel import all_pay_options, can_travel, pay_options, routes

HOUSE_PARTS = ("hcity", "hany", "house")
COIN_ACTIONS = tuple(a for a in ACTIONS if a != "swap")  # a coin never buys a swap


def palace_cost(state: State, seat: int) -> int:
    return ARTIST_PALACE_COST if ARTIST in state["chars"][seat] else PALACE_COST


def multi(state: State) -> bool:
    return state["options"].get("advanced", 0) >= 2


# -- targets -------------------------------------------------------------------
def build_targets(state: State, seat: int, free: bool) -> list[str]:
    parts = state["turn"]["parts"]
    arch = state["arch"][seat]
    out: list[str] = []
    if arch in CITIES and (free or any(p in parts for p in HOUSE_PARTS)):
        out.append(arch)
    if free or "house" in parts or "hany" in parts:
        out.extend(open_villages(state))
    return out


def move_sources(state: State, seat: int) -> list[str]:
    out = [c for c in CITY_IDS if state["city_houses"][c][seat]]
    out.extend(v for v, owners in state["villages"].items() if seat in owners)
    return out


def move_targets(state: State, seat: int, src: str) -> list[str]:
    arch = state["arch"][seat]
    out = [arch] if arch in CITIES and arch != src else []
    out.extend(open_villages(state, exclude=src))
    return out


def swap_options(state: State, seat: int) -> list[Action]:
    own = state["chars"][seat]
    out: list[Action] = []
    if multi(state) and not state["char_bank"]:
        for other in range(state["players"]):
            if other == seat:
                continue
            for c in state["chars"][other]:
                out.append(Action(f"swap:{c}", k("label.swap_from", char=char_msg(c), seat=seat_ref(other)), "swap"))
            if len(state["chars"][other]) > len(own):
                out.append(Action(f"lure:{other}", k("label.lure", seat=seat_ref(other)), "swap"))
        return out
    for c in sorted(state["char_bank"]):
        out.append(Action(f"swap:{c}", k("label.swap_bank", char=char_msg(c)), "swap"))
    if not multi(state):
        for other in range(state["players"]):
            if other != seat:
                for c in state["chars"][other]:
                    out.append(Action(f"swap:{c}", k("label.swap_from", char=char_msg(c), seat=seat_ref(other)),
                                      "swap"))
    return out


# -- legal actions ---------------------------------------------------------------
# Menus are rebuilt for every query (and again to validate), so fixed actions
# are made once.  Their label dicts are shared: never mutate them.
def _fixed(aid: str, label: str, group: str, style: str = "secondary") -> Action:
    return Action(aid, k(label), group, style)


A_GOLD = _fixed("do:gold", "action.gold", "act", "primary")
A_QUARRY = _fixed("do:quarry", "action.quarry", "act", "primary")
A_BUILD = _fixed("do:build", "label.build", "act", "primary")
A_MOVE = _fixed("do:move", "action.move", "act", "primary")
A_GOV = _fixed("do:gov", "action.governor", "act", "primary")
A_SWAP = _fixed("do:swap", "action.swap", "act", "primary")
A_MASON_BUILD = _fixed("mason:build", "label.mason_build", "ability", "success")
A_MASON_MOVE = _fixed("mason:move", "label.mason_move", "ability", "success")
A_COIN = _fixed("do:coin", "label.coin", "ability", "success")
A_TRAVEL = _fixed("do:travel", "label.travel", "travel")
A_END = _fixed("end", "label.end", "end", "success")
A_COIN_ACTIONS = [_fixed(f"coin:{a}", f"action.{a}", "coin", "primary") for a in COIN_ACTIONS]
_END_SKIP: dict[int, Action] = {}
_PALACE: dict[tuple[str, int], Action] = {}


def _end_skip(n: int) -> Action:
    if n not in _END_SKIP:
        _END_SKIP[n] = Action("end", k("label.end_skip", n=n, gold=SKIP_PENALTY), "end", "danger")
    return _END_SKIP[n]


def _palace(slot: str, cost: int) -> Action:
    if (slot, cost) not in _PALACE:
        _PALACE[(slot, cost)] = Action(f"palace:{slot}", k(f"label.palace_{slot}", gold=cost), "act", "primary")
    return _PALACE[(slot, cost)]


def legal(state: State, seat: int) -> list[Action]:
    pending = state["pending"]
    if pending is not None:
        return _pending_legal(state, pending)
    t = state["turn"]
    step = t["step"]
    if step is not None:
        return _step_legal(state, seat, step)
    parts = t["parts"]
    gold = state["gold"][seat]
    reserve = state["reserve"][seat]
    chars = state["chars"][seat]
    arch = state["arch"][seat]
    out: list[Action] = []
    if "gold" in parts:
        out.append(A_GOLD)
    if "quarry" in parts:
        out.append(A_QUARRY)
    if gold >= HOUSE_COST and reserve > 0 and build_targets(state, seat, False):
        out.append(A_BUILD)
    if "move" in parts and move_sources(state, seat):
        out.append(A_MOVE)
    if "palace" in parts and arch in CITIES and state["palaces"][seat] > 0:
        cost = palace_cost(state, seat)
        garden = state["gardens"][arch]
        if gold >= cost:
            if garden["inner"] is None:
                out.append(_palace("inner", cost))
            if len(garden["outer"]) < OUTER_SLOTS:
                out.append(_palace("outer", cost))
    if "gov" in parts:
        out.append(A_GOV)
    if "swap" in parts:
        out.append(A_SWAP)
    if MASON in chars and not t["mason"]:
        if reserve > 0:
            out.append(A_MASON_BUILD)
        if move_sources(state, seat):
            out.append(A_MASON_MOVE)
    if state["coins"][seat] > 0 and not state["coin_used"][seat]:
        out.append(A_COIN)
    if can_travel(state, seat, MONK in chars):
        out.append(A_TRAVEL)
    if parts:
        out.append(_end_skip(len(parts)))
    else:
        out.append(A_END)
    return out


def _step_legal(state: State, seat: int, step: dict) -> list[Action]:
    kind = step["k"]
    if kind in ("build", "mbuild"):
        out = picker(build_targets(state, seat, kind == "mbuild"), step.get("road"), "target")
    elif kind in ("move", "mmove"):
        out = picker(move_sources(state, seat), step.get("road"), "source")
    elif kind == "move_to":
        out = picker(move_targets(state, seat, step["src"]), step.get("road"), "target")
    elif kind == "gov":
        gov = state["gov"]
        out = [Action(f"gov:{c}", k("label.gov", city=k(f"city.{c}"), space=track.space_number(gov[c])), "gov")
               for c in sorted(gov, key=gov.__getitem__) if track.can_lower(gov, c)]
    elif kind == "swap":
        out = swap_options(state, seat)
    elif kind == "give":
        return [Action(f"give:{c}", k("label.give", char=char_msg(c)), "swap")
                for c in sorted(state["chars"][seat]) if c != step["took"]]
    elif kind == "coin":
        out = list(A_COIN_ACTIONS)
    elif kind == "travel":
        out = []
        monk = MONK in state["chars"][seat]
        gold = state["gold"][seat]
        options = all_pay_options(state, seat)
        for city, (cost, pay, _path) in routes(state, seat).items():
            if not monk and cost > gold:
                continue
            payees = _payees_short(pay)
            if cost == 0:
                label = k("label.go_free", city=node_msg(city))
            elif len(options[city]) > 1:
                label = k("label.go_choose", city=node_msg(city), gold=cost)
            elif monk:
                label = k("label.go_monk", city=node_msg(city), gold=cost, pay=payees)
            else:
                label = k("label.go", city=node_msg(city), gold=cost, pay=payees)
            out.append(Action(f"go:{city}", label, "travel"))
    elif kind == "route":
        out = []
        for i, pay in enumerate(pay_options(state, seat, step["city"])):
            out.append(Action(f"via:{i}", k("label.via", pay=_payees_short(pay)), "travel"))
    else:  # pragma: no cover - no other step kinds exist
        raise AssertionError(kind)
    out.append(back())
    return out


def _payees_short(pay: dict[int, int]) -> list[Msg]:
    """Payees for a button (Discord: 80 characters): by their colour on the
    board, since four player names may not fit; the log names them."""
    return [k("label.pay_colour", colour=k(f"colour.{o}"), gold=g) for o, g in sorted(pay.items())]


def _pending_legal(state: State, pending: dict) -> list[Action]:
    if pending["k"] == "pick":
        return [Action(f"pick:{c}", char_msg(c), "char", "primary") for c in sorted(state["char_bank"])]
    v = pending["seat"]
    return [Action(f"yield:{c}", k("label.yield", char=char_msg(c)), "char") for c in sorted(state["chars"][v])]


# -- applying ------------------------------------------------------------------------
def apply(state: State, seat: int, aid: str) -> list[Msg]:
    if state["pending"] is not None:
        return _apply_pending(state, seat, aid)
    t = state["turn"]
    step = t["step"]
    if step is not None:
        return _apply_step(state, seat, aid, step)
    parts = t["parts"]
    head, _, arg = aid.partition(":")
    if aid == "do:gold":
        parts.remove("gold")
        state["gold"][seat] += GOLD_ACTION
        return [k("event.gold", seat=seat_ref(seat), gold=GOLD_ACTION)]
    if aid == "do:quarry":
        parts.remove("quarry")
        n = min(2, state["bank_houses"][seat])
        state["bank_houses"][seat] -= n
        state["reserve"][seat] += n
        return [k("event.quarry", seat=seat_ref(seat), n=n)]
    if head == "do":
        kind = {"build": "build", "move": "move", "gov": "gov", "swap": "swap", "coin": "coin",
                "travel": "travel"}[arg]
        t["step"] = {"k": kind, "road": None}
        return []
    if head == "mason":
        t["step"] = {"k": "mbuild" if arg == "build" else "mmove", "road": None}
        return []
    if head == "palace":
        return _build_palace(state, seat, arg)
    if aid == "end":
        events = []
        if parts:
            for other in range(state["players"]):
                if other != seat:
                    state["gold"][other] += SKIP_PENALTY
            events.append(k("event.skipped", seat=seat_ref(seat), n=len(parts), gold=SKIP_PENALTY))
        events.append(k("event.turn_end", seat=seat_ref(seat)))
        return events + rounds.end_turn(state)
    raise AssertionError(aid)  # pragma: no cover - validated before


def _build_palace(state: State, seat: int, slot: str) -> list[Msg]:
    city = state["arch"][seat]
    cost = palace_cost(state, seat)
    state["turn"]["parts"].remove("palace")
    state["gold"][seat] -= cost
    state["palaces"][seat] -= 1
    garden = state["gardens"][city]
    if slot == "inner":
        garden["inner"] = seat
    else:
        garden["outer"].append(seat)
    return [k(f"event.palace_{slot}", seat=seat_ref(seat), city=k(f"city.{city}"), gold=cost)]


def _place_house(state: State, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] += 1
    else:
        state["villages"][loc].append(seat)


def _remove_house(state: State, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] -= 1
    else:
        state["villages"][loc].remove(seat)


def _apply_step(state: State, seat: int, aid: str, step: dict) -> list[Msg]:
    t = state["turn"]
    kind = step["k"]
    head, _, arg = aid.partition(":")
    if aid == "back":
        if kind == "route":
            t["step"] = {"k": "travel", "road": None}
        elif step.get("road") is not None:
            step["road"] = None
        else:
            t["step"] = None
        return []
    if head == "road":
        step["road"] = int(arg)
        return []
    if head == "at":
        if kind in ("build", "mbuild"):
            t["step"] = None
            state["reserve"][seat] -= 1
            _place_house(state, seat, arg)
            if kind == "mbuild":
                t["mason"] = True
                return [k("event.mason_build", seat=seat_ref(seat), loc=loc_msg(arg))]
            state["gold"][seat] -= HOUSE_COST
            order = ("hcity", "hany", "house") if arg in CITIES else ("hany", "house")
            t["parts"].remove(next(p for p in order if p in t["parts"]))
            return [k("event.build", seat=seat_ref(seat), loc=loc_msg(arg), gold=HOUSE_COST)]
        if kind in ("move", "mmove"):
            t["step"] = {"k": "move_to", "src": arg, "free": kind == "mmove", "road": None}
            return []
        if kind == "move_to":
            t["step"] = None
            src = step["src"]
            _remove_house(state, seat, src)
            _place_house(state, seat, arg)
            if step["free"]:
                t["mason"] = True
            else:
                t["parts"].remove("move")
            return [k("event.move", seat=seat_ref(seat), src=loc_msg(src), loc=loc_msg(arg))]
    if head == "gov":
        t["step"] = None
        t["parts"].remove("gov")
        track.lower(state["gov"], arg)
        return [k("event.gov", seat=seat_ref(seat), city=k(f"city.{arg}"), space=track.space_number(state["gov"][arg]))]
    if head == "coin":
        t["step"] = None
        state["coins"][seat] -= 1
        state["coin_bank"] += 1
        state["coin_used"][seat] = True
        t["parts"].extend(ACTION_PARTS[arg])
        t["extra"].append(arg)
        return [k("event.coin", seat=seat_ref(seat), action=k(f"action.{arg}"))]
    if head == "go":
        options = pay_options(state, seat, arg)
        if len(options) > 1:  # equal routes paying different players: he picks
            t["step"] = {"k": "route", "city": arg, "road": None}
            return []
        t["step"] = None
        return _travel(state, seat, arg, options[0] if options else {})
    if head == "via":
        t["step"] = None
        return _travel(state, seat, step["city"], pay_options(state, seat, step["city"])[int(arg)])
    if head == "swap":
        return _swap(state, seat, int(arg))
    if head == "lure":
        t["step"] = None
        t["parts"].remove("swap")
        victim = int(arg)
        state["pending"] = {"seat": victim, "k": "yield", "to": seat}
        return [k("event.lure", seat=seat_ref(seat), victim=seat_ref(victim))]
    if head == "give":
        t["step"] = None
        c = int(arg)
        state["chars"][seat].remove(c)
        state["chars"][step["from"]].append(c)
        return [k("event.give", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(step["from"]))]
    raise AssertionError(aid)  # pragma: no cover


def _travel(state: State, seat: int, city: str, pay: dict[int, int]) -> list[Msg]:
    cost = sum(pay.values())
    monk = MONK in state["chars"][seat]
    if not monk:
        state["gold"][seat] -= cost
    for owner, gold in pay.items():
        state["gold"][owner] += gold
    state["arch"][seat] = city
    payees = [k("label.pay_to", seat=seat_ref(o), gold=g) for o, g in sorted(pay.items())]
    if not pay:
        return [k("event.travel_free", seat=seat_ref(seat), city=node_msg(city))]
    key = "event.travel_monk" if monk else "event.travel"
    return [k(key, seat=seat_ref(seat), city=node_msg(city), gold=cost, pay=payees)]


def _swap(state: State, seat: int, c: int) -> list[Msg]:
    t = state["turn"]
    t["step"] = None
    t["parts"].remove("swap")
    chars = state["chars"]
    holder = next((s for s in range(state["players"]) if c in chars[s]), None)
    if multi(state):
        if holder is None:
            state["char_bank"].remove(c)
            chars[seat].append(c)
            return [k("event.swap_bank_keep", seat=seat_ref(seat), char=char_msg(c))]
        chars[holder].remove(c)
        chars[seat].append(c)
        t["step"] = {"k": "give", "took": c, "from": holder}
        return [k("event.swap_take", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(holder))]
    old = chars[seat][:]
    state["char_bank"].extend(old)
    chars[seat] = [c]
    events: list[Msg]
    if holder is None:
        state["char_bank"].remove(c)
        events = [k("event.swap_bank", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old[0]))]
    else:
        chars[holder].remove(c)
        state["pending"] = {"seat": holder, "k": "pick"}
        events = [k("event.swap_player", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old[0]),
                    victim=seat_ref(holder))]
    return events


def _apply_pending(state: State, seat: int, aid: str) -> list[Msg]:
    pending = state["pending"]
    state["pending"] = None
    c = int(aid.split(":")[1])
    if pending["k"] == "pick":
        state["char_bank"].remove(c)
        state["chars"][seat].append(c)
        return [k("event.pick", seat=seat_ref(seat), char=char_msg(c))]
    to = pending["to"]
    state["chars"][seat].remove(c)
    state["chars"][to].append(c)
    return [k("event.yield", seat=seat_ref(seat), char=char_msg(c), to=seat_ref(to))]
