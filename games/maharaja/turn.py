"""One player's turn: the planned actions split into parts, free travel,
character abilities, action coins and the skip penalty (rules 6.3-7.7, 11.2-11.3).

``state["turn"]`` is the acting seat; ``state["turn_progress"]`` holds the
parts still owed, the open sub-decision (``decision``), whether the mason's
ability was used and the actions bought with a coin.  A decision of another
seat (choose a card after losing one, hand one over) is ``state["pending"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from games.base import Action, ActionId, Msg, seat_ref
from games.maharaja import rounds, track
from games.maharaja.board import CITIES, CITY_IDS
from games.maharaja.common import (
    BACK,
    any_open_village,
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
from games.maharaja.schema import Decision, DecisionKind, MaharajaState, Pending, Table, TurnProgress
from games.maharaja.travel import Pay, Payment, can_travel, destinations

HOUSE_PARTS = ("hcity", "hany", "house")
COIN_ACTIONS = tuple(a for a in ACTIONS if a != "swap")  # a coin never buys a swap


def palace_cost(table: Table, seat: int) -> int:
    return ARTIST_PALACE_COST if ARTIST in table["characters"][seat] else PALACE_COST


def multi(table: Table) -> bool:
    return table["options"]["advanced"] >= 2


def progress(table: Table) -> TurnProgress:
    turn = table["turn_progress"]
    assert turn is not None
    return turn


# -- targets -------------------------------------------------------------------
def build_targets(table: Table, seat: int, free: bool) -> list[str]:
    parts = progress(table)["parts"]
    here = table["architects"][seat]
    out: list[str] = []
    if here in CITIES and (free or any(p in parts for p in HOUSE_PARTS)):
        out.append(here)
    if free or "house" in parts or "hany" in parts:
        out.extend(open_villages(table))
    return out


def can_build(table: Table, seat: int) -> bool:
    """``build_targets(table, seat, False)`` is not empty."""
    parts = progress(table)["parts"]
    if "house" in parts or "hany" in parts:
        return table["architects"][seat] in CITIES or any_open_village(table)
    return "hcity" in parts and table["architects"][seat] in CITIES


def move_sources(table: Table, seat: int) -> list[str]:
    out = [c for c in CITY_IDS if table["city_houses"][c][seat]]
    out.extend(v for v, owners in table["villages"].items() if seat in owners)
    return out


def has_houses(table: Table, seat: int) -> bool:
    """``move_sources(table, seat)`` is not empty."""
    return any(seat in owners for owners in table["villages"].values()) or \
        any(houses[seat] for houses in table["city_houses"].values())


def move_targets(table: Table, seat: int, source: str) -> list[str]:
    here = table["architects"][seat]
    out = [here] if here in CITIES and here != source else []
    out.extend(open_villages(table, exclude=source))
    return out


def swap_options(table: Table, seat: int) -> list[Action]:
    characters = table["characters"]
    own = characters[seat]
    out: list[Action] = []
    if multi(table) and not table["character_bank"]:
        for other in range(table["players"]):
            if other == seat:
                continue
            for c in characters[other]:
                out.append(Action(f"swap:{c}", k("label.swap_from", char=char_msg(c), seat=seat_ref(other)), "swap"))
            if len(characters[other]) > len(own):
                out.append(Action(f"lure:{other}", k("label.lure", seat=seat_ref(other)), "swap"))
        return out
    for c in sorted(table["character_bank"]):
        out.append(Action(f"swap:{c}", k("label.swap_bank", char=char_msg(c)), "swap"))
    if not multi(table):
        for other in range(table["players"]):
            if other != seat:
                for c in characters[other]:
                    out.append(Action(f"swap:{c}", k("label.swap_from", char=char_msg(c), seat=seat_ref(other)),
                                      "swap"))
    return out


# -- legal actions ---------------------------------------------------------------
# Menus are rebuilt for every query, so fixed actions are made once.  Their
# label dicts are shared: never mutate them.
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
_PICK: dict[int, Action] = {}
_YIELD: dict[int, Action] = {}
_GIVE: dict[int, Action] = {}


def _end_skip(n: int) -> Action:
    if n not in _END_SKIP:
        _END_SKIP[n] = Action("end", k("label.end_skip", n=n, gold=SKIP_PENALTY), "end", "danger")
    return _END_SKIP[n]


def _palace(slot: str, cost: int) -> Action:
    if (slot, cost) not in _PALACE:
        _PALACE[(slot, cost)] = Action(f"palace:{slot}", k(f"label.palace_{slot}", gold=cost), "act", "primary")
    return _PALACE[(slot, cost)]


# The offers of the turn menu (no sub-decision open): one predicate each,
# read by the menu and by the legality test alike.
def _offers_gold(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "gold" in turn["parts"]


def _offers_quarry(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "quarry" in turn["parts"]


def _offers_build(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return state["gold"][seat] >= HOUSE_COST and state["reserve"][seat] > 0 and can_build(state, seat)


def _offers_move(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "move" in turn["parts"] and has_houses(state, seat)


def _palace_slots(state: MaharajaState, seat: int, turn: TurnProgress) -> list[Action]:
    here = state["architects"][seat]
    out: list[Action] = []
    if "palace" in turn["parts"] and here in CITIES and state["palaces_left"][seat] > 0:
        cost = palace_cost(state, seat)
        garden = state["gardens"][here]
        if state["gold"][seat] >= cost:
            if garden["inner"] is None:
                out.append(_palace("inner", cost))
            if len(garden["outer"]) < OUTER_SLOTS:
                out.append(_palace("outer", cost))
    return out


def _offers_gov(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "gov" in turn["parts"]


def _offers_swap(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "swap" in turn["parts"]


def _offers_mason_build(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return MASON in state["characters"][seat] and not turn["mason_used"] and state["reserve"][seat] > 0


def _offers_mason_move(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return MASON in state["characters"][seat] and not turn["mason_used"] and has_houses(state, seat)


def _offers_coin(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return state["action_coins"][seat] > 0 and not state["coin_used"][seat]


def _offers_travel(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return can_travel(state, seat, MONK in state["characters"][seat])


def _end(turn: TurnProgress) -> Action:
    parts = turn["parts"]
    return _end_skip(len(parts)) if parts else A_END


Offer = Callable[[MaharajaState, int, TurnProgress], bool]
# The menu in its order; the palace slots come after "move".
_BEFORE_PALACE: tuple[tuple[Action, Offer], ...] = (
    (A_GOLD, _offers_gold), (A_QUARRY, _offers_quarry), (A_BUILD, _offers_build), (A_MOVE, _offers_move))
_AFTER_PALACE: tuple[tuple[Action, Offer], ...] = (
    (A_GOV, _offers_gov), (A_SWAP, _offers_swap), (A_MASON_BUILD, _offers_mason_build),
    (A_MASON_MOVE, _offers_mason_move), (A_COIN, _offers_coin), (A_TRAVEL, _offers_travel))
_OFFERS: dict[str, Offer] = {a.id: offer for a, offer in (*_BEFORE_PALACE, *_AFTER_PALACE)}


def _menu(state: MaharajaState, seat: int, turn: TurnProgress) -> list[Action]:
    out = [a for a, offer in _BEFORE_PALACE if offer(state, seat, turn)]
    out += _palace_slots(state, seat, turn)
    out += [a for a, offer in _AFTER_PALACE if offer(state, seat, turn)]
    out.append(_end(turn))
    return out


def legal(state: MaharajaState, seat: int) -> list[Action]:
    pending = state["pending"]
    if pending:
        return _pending_legal(state, pending[0])
    turn = progress(state)
    decision = turn["decision"]
    if decision is not None:
        return _decision_legal(state, seat, decision)
    return _menu(state, seat, turn)


def allows(state: MaharajaState, seat: int, action_id: str) -> bool:
    """Whether ``action_id`` is in ``legal(state, seat)``, asking only the
    predicate of that action where there is one."""
    if state["pending"]:
        return action_id in [a.id for a in legal(state, seat)]
    turn = progress(state)
    decision = turn["decision"]
    if decision is None:
        offer = _OFFERS.get(action_id)
        if offer is not None:
            return offer(state, seat, turn)
        if action_id == "end":
            return True
        return action_id in [a.id for a in _palace_slots(state, seat, turn)]
    if decision["kind"] == "travel":
        if action_id == "back":
            return True
        action = ActionId.parse(action_id)
        if action.head != "go" or len(action.args) != 1:
            return False
        return _reachable(state, seat, action.arg())
    return action_id in [a.id for a in _decision_legal(state, seat, decision)]


def _reachable(state: MaharajaState, seat: int, city: str) -> bool:
    """``city`` is among the travel destinations offered."""
    entry = destinations(state, seat).get(city)
    return entry is not None and _offered(entry[0], MONK in state["characters"][seat], state["gold"][seat])


def _offered(cost: int, monk: bool, gold: int) -> bool:
    """A reachable destination is offered when affordable; the monk's bank pays."""
    return monk or cost <= gold


def _decision_legal(state: MaharajaState, seat: int, decision: Decision) -> list[Action]:
    kind = decision["kind"]
    if kind in ("build", "mbuild"):
        out = picker(build_targets(state, seat, kind == "mbuild"), decision["road"], "target")
    elif kind in ("move", "mmove"):
        out = picker(move_sources(state, seat), decision["road"], "source")
    elif kind == "move_to":
        out = picker(move_targets(state, seat, decision["source"]), decision["road"], "target")
    elif kind == "gov":
        gov = state["governors"]
        out = [_gov(c, track.space_number(gov[c])) for c in sorted(gov, key=gov.__getitem__)
               if track.can_lower(gov, c)]
    elif kind == "swap":
        out = swap_options(state, seat)
    elif kind == "give":
        out = []
        for c in sorted(state["characters"][seat]):
            if c != decision["taken_character"]:
                action = _GIVE.get(c)
                if action is None:
                    action = _GIVE[c] = Action(f"give:{c}", k("label.give", char=char_msg(c)), "swap")
                out.append(action)
        return out
    elif kind == "coin":
        out = list(A_COIN_ACTIONS)
    elif kind == "travel":
        monk = MONK in state["characters"][seat]
        gold = state["gold"][seat]
        out = [_go(city, cost, ways, monk) for city, (cost, ways, _path) in destinations(state, seat).items()
               if _offered(cost, monk, gold)]
    elif kind == "route":
        out = [_via(i, pay) for i, pay in enumerate(destinations(state, seat)[decision["city"]][1])]
    else:  # pragma: no cover - no other decision kinds exist
        raise AssertionError(kind)
    out.append(BACK)
    return out


@lru_cache(maxsize=1024)
def _payees_short(pay: Payment) -> list[Msg]:
    """Payees for a button (Discord: 80 characters): by their colour on the
    board, since four player names may not fit; the log names them.  Shared
    by the labels that show it: never mutate."""
    return [k("label.pay_colour", colour=k(f"colour.{o}"), gold=g) for o, g in pay]


@lru_cache(maxsize=256)
def _gov(city: str, space: int) -> Action:
    return Action(f"gov:{city}", k("label.gov", city=k(f"city.{city}"), space=space), "gov")


@lru_cache(maxsize=1024)
def _go(city: str, cost: int, ways: tuple[Payment, ...], monk: bool) -> Action:
    """The button travelling to ``city`` (made once per label)."""
    if cost == 0:
        label = k("label.go_free", city=node_msg(city))
    elif len(ways) > 1:
        label = k("label.go_choose", city=node_msg(city), gold=cost)
    elif monk:
        label = k("label.go_monk", city=node_msg(city), gold=cost, pay=_payees_short(ways[0]))
    else:
        label = k("label.go", city=node_msg(city), gold=cost, pay=_payees_short(ways[0]))
    return Action(f"go:{city}", label, "travel")


@lru_cache(maxsize=1024)
def _via(index: int, pay: Payment) -> Action:
    return Action(f"via:{index}", k("label.via", pay=_payees_short(pay)), "travel")


def _pending_legal(state: MaharajaState, pending: Pending) -> list[Action]:
    out = []
    if pending["kind"] == "pick":
        for c in sorted(state["character_bank"]):
            action = _PICK.get(c)
            if action is None:
                action = _PICK[c] = Action(f"pick:{c}", char_msg(c), "char", "primary")
            out.append(action)
        return out
    for c in sorted(state["characters"][pending["seat"]]):
        action = _YIELD.get(c)
        if action is None:
            action = _YIELD[c] = Action(f"yield:{c}", k("label.yield", char=char_msg(c)), "char")
        out.append(action)
    return out


# -- applying ------------------------------------------------------------------------
_OPENS: dict[str, DecisionKind] = {"build": "build", "move": "move", "gov": "gov", "swap": "swap", "coin": "coin",
                                   "travel": "travel"}


def transition(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    if state["pending"]:
        return _apply_pending(state, seat, action)
    turn = progress(state)
    decision = turn["decision"]
    if decision is not None:
        return _apply_decision(state, seat, action, turn, decision)
    parts = turn["parts"]
    head = action.head
    if head == "do":
        what = action.arg()
        if what == "gold":
            parts.remove("gold")
            state["gold"][seat] += GOLD_ACTION
            return [k("event.gold", seat=seat_ref(seat), gold=GOLD_ACTION)]
        if what == "quarry":
            parts.remove("quarry")
            n = min(2, state["bank_houses"][seat])
            state["bank_houses"][seat] -= n
            state["reserve"][seat] += n
            return [k("event.quarry", seat=seat_ref(seat), n=n)]
        turn["decision"] = {"kind": _OPENS[what], "road": None}
        return []
    if head == "mason":
        turn["decision"] = {"kind": "mbuild" if action.arg() == "build" else "mmove", "road": None}
        return []
    if head == "palace":
        return _build_palace(state, seat, action.arg())
    if head == "end":
        events = []
        if parts:
            for other in range(state["players"]):
                if other != seat:
                    state["gold"][other] += SKIP_PENALTY
            events.append(k("event.skipped", seat=seat_ref(seat), n=len(parts), gold=SKIP_PENALTY))
        events.append(k("event.turn_end", seat=seat_ref(seat)))
        return events + rounds.end_turn(state, seat)
    raise AssertionError(action)  # pragma: no cover - validated before


def _build_palace(state: MaharajaState, seat: int, slot: str) -> list[Msg]:
    city = state["architects"][seat]
    cost = palace_cost(state, seat)
    progress(state)["parts"].remove("palace")
    state["gold"][seat] -= cost
    state["palaces_left"][seat] -= 1
    garden = state["gardens"][city]
    if slot == "inner":
        garden["inner"] = seat
    else:
        garden["outer"].append(seat)
    return [k(f"event.palace_{slot}", seat=seat_ref(seat), city=k(f"city.{city}"), gold=cost)]


def _place_house(state: MaharajaState, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] += 1
    else:
        state["villages"][loc].append(seat)


def _remove_house(state: MaharajaState, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] -= 1
    else:
        state["villages"][loc].remove(seat)


def _apply_decision(state: MaharajaState, seat: int, action: ActionId, turn: TurnProgress,
                    decision: Decision) -> list[Msg]:
    kind = decision["kind"]
    head = action.head
    if head == "back":
        if kind == "route":
            turn["decision"] = {"kind": "travel", "road": None}
        elif decision["road"] is not None:
            decision["road"] = None
        else:
            turn["decision"] = None
        return []
    if head == "road":
        decision["road"] = action.number()
        return []
    arg = action.arg()
    if head == "at":
        if kind in ("build", "mbuild"):
            turn["decision"] = None
            state["reserve"][seat] -= 1
            _place_house(state, seat, arg)
            if kind == "mbuild":
                turn["mason_used"] = True
                return [k("event.mason_build", seat=seat_ref(seat), loc=loc_msg(arg))]
            state["gold"][seat] -= HOUSE_COST
            order = HOUSE_PARTS if arg in CITIES else ("hany", "house")
            turn["parts"].remove(next(p for p in order if p in turn["parts"]))
            return [k("event.build", seat=seat_ref(seat), loc=loc_msg(arg), gold=HOUSE_COST)]
        if kind in ("move", "mmove"):
            turn["decision"] = {"kind": "move_to", "source": arg, "free": kind == "mmove", "road": None}
            return []
        # move_to
        turn["decision"] = None
        source = decision["source"]
        _remove_house(state, seat, source)
        _place_house(state, seat, arg)
        if decision["free"]:
            turn["mason_used"] = True
        else:
            turn["parts"].remove("move")
        return [k("event.move", seat=seat_ref(seat), src=loc_msg(source), loc=loc_msg(arg))]
    if head == "gov":
        turn["decision"] = None
        turn["parts"].remove("gov")
        track.lower(state["governors"], arg)
        return [k("event.gov", seat=seat_ref(seat), city=k(f"city.{arg}"),
                  space=track.space_number(state["governors"][arg]))]
    if head == "coin":
        turn["decision"] = None
        state["action_coins"][seat] -= 1
        state["coin_bank"] += 1
        state["coin_used"][seat] = True
        turn["parts"].extend(ACTION_PARTS[arg])
        turn["coin_actions"].append(arg)
        return [k("event.coin", seat=seat_ref(seat), action=k(f"action.{arg}"))]
    if head == "go":
        ways = destinations(state, seat)[arg][1]
        if len(ways) > 1:  # equal routes paying different players: he picks
            turn["decision"] = {"kind": "route", "city": arg, "road": None}
            return []
        turn["decision"] = None
        return _travel(state, seat, arg, dict(ways[0]))
    if head == "via":
        turn["decision"] = None
        city = decision["city"]
        return _travel(state, seat, city, dict(destinations(state, seat)[city][1][action.number()]))
    if head == "swap":
        return _swap(state, seat, action.number())
    if head == "lure":
        turn["decision"] = None
        turn["parts"].remove("swap")
        victim = action.number()
        state["pending"] = [{"seat": victim, "kind": "yield", "recipient": seat}]
        return [k("event.lure", seat=seat_ref(seat), victim=seat_ref(victim))]
    if head == "give":
        turn["decision"] = None
        c = action.number()
        giver = decision["taken_from"]
        state["characters"][seat].remove(c)
        state["characters"][giver].append(c)
        return [k("event.give", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(giver))]
    raise AssertionError(action)  # pragma: no cover


def _travel(state: MaharajaState, seat: int, city: str, pay: Pay) -> list[Msg]:
    cost = sum(pay.values())
    monk = MONK in state["characters"][seat]
    if not monk:
        state["gold"][seat] -= cost
    for owner, gold in pay.items():
        state["gold"][owner] += gold
    state["architects"][seat] = city
    if not pay:
        return [k("event.travel_free", seat=seat_ref(seat), city=node_msg(city))]
    payees = [k("label.pay_to", seat=seat_ref(o), gold=g) for o, g in sorted(pay.items())]
    key = "event.travel_monk" if monk else "event.travel"
    return [k(key, seat=seat_ref(seat), city=node_msg(city), gold=cost, pay=payees)]


def _swap(state: MaharajaState, seat: int, c: int) -> list[Msg]:
    turn = progress(state)
    turn["decision"] = None
    turn["parts"].remove("swap")
    chars = state["characters"]
    holder = next((s for s in range(state["players"]) if c in chars[s]), None)
    if multi(state):
        if holder is None:
            state["character_bank"].remove(c)
            chars[seat].append(c)
            return [k("event.swap_bank_keep", seat=seat_ref(seat), char=char_msg(c))]
        chars[holder].remove(c)
        chars[seat].append(c)
        turn["decision"] = {"kind": "give", "road": None, "taken_character": c, "taken_from": holder}
        return [k("event.swap_take", seat=seat_ref(seat), char=char_msg(c), victim=seat_ref(holder))]
    old = chars[seat][:]
    state["character_bank"].extend(old)
    chars[seat] = [c]
    if holder is None:
        state["character_bank"].remove(c)
        return [k("event.swap_bank", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old[0]))]
    chars[holder].remove(c)
    state["pending"] = [{"seat": holder, "kind": "pick"}]
    return [k("event.swap_player", seat=seat_ref(seat), char=char_msg(c), old=char_msg(old[0]),
              victim=seat_ref(holder))]


def _apply_pending(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    c = action.number()
    if pending["kind"] == "pick":
        state["character_bank"].remove(c)
        state["characters"][seat].append(c)
        return [k("event.pick", seat=seat_ref(seat), char=char_msg(c))]
    to = pending["recipient"]
    state["characters"][seat].remove(c)
    state["characters"][to].append(c)
    return [k("event.yield", seat=seat_ref(seat), char=char_msg(c), to=seat_ref(to))]
