"""One player's turn: the planned actions split into parts, free travel,
character abilities, action coins and the skip penalty (rules 6.3-7.7, 11.2-11.3).

``state["turn"]`` is the acting seat; ``state["turn_progress"]`` holds the
parts still owed, the open sub-decision (``decision``), whether the mason's
ability was used and the actions bought with a coin.  A decision of another
seat (choose a card after losing one, hand one over) is ``state["pending"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from games.base import Action, ActionId, Msg
from games.maharaja import rounds, track
from games.maharaja.board import CITIES, CITY_IDS, VILLAGE_IDS
from games.maharaja.common import (
    ACTION_ID,
    AT_ID,
    BACK,
    DIRECT_LIMIT,
    NODE_MSG,
    SEAT_REFS,
    add_house,
    any_open_village,
    board_key,
    char_msg,
    loc_msg,
    location_allows,
    location_ids,
    locations,
    m,
    node_msg,
    own_village_ids,
    own_villages,
    pass_card,
    picker,
    picker_ids,
    remove_house,
)
from games.maharaja.data import (
    ACTION_PARTS,
    ACTIONS,
    ARTIST,
    ARTIST_PALACE_COST,
    CHARACTERS,
    GOLD_ACTION,
    HOUSE_COST,
    HOUSES_PER_COLOUR,
    MASON,
    MONK,
    OUTER_SLOTS,
    PALACE_COST,
    SKIP_PENALTY,
)
from games.maharaja.schema import Decision, DecisionKind, MaharajaState, Pending, Table, TurnProgress
from games.maharaja.travel import Payment, can_travel, destinations, go_ids, offers_go, payments_to

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
def build_targets(table: Table, seat: int, free: bool) -> tuple[str | None, bool]:
    """Where a house may go (``common.locations``): the architect's city, if
    any, and whether the open villages too."""
    turn = table["turn_progress"]
    assert turn is not None
    parts = turn["parts"]
    anywhere = free or "house" in parts or "hany" in parts
    here = table["architects"][seat]
    return (here if here in CITIES and (anywhere or "hcity" in parts) else None), anywhere


def move_sources(table: Table, seat: int) -> list[str]:
    out = [c for c in CITY_IDS if table["city_houses"][c][seat]]
    out += own_villages(board_key(table), seat)
    return out


def move_source_ids(table: Table, seat: int, road: int | None) -> list[str]:
    """``picker_ids(move_sources(table, seat), road)``; where his houses fit in
    one menu (most often), read directly: his cities', then his villages'."""
    if road is None:
        houses = table["city_houses"]
        out = [AT_ID[c] for c in CITY_IDS if houses[c][seat]]
        villages = own_village_ids(board_key(table), seat)
        if len(out) + len(villages) <= DIRECT_LIMIT:  # (else grouped by road: ``picker``)
            out += villages
            return out
    return picker_ids(move_sources(table, seat), road)


def has_houses(table: Table, seat: int) -> bool:
    """``move_sources(table, seat)`` is not empty: houses are conserved
    (``check_invariants``), so those not in the reserve or the box stand on
    the board."""
    return table["reserve"][seat] + table["bank_houses"][seat] < HOUSES_PER_COLOUR


def move_targets(table: Table, seat: int, source: str) -> str | None:
    """Where a house from ``source`` may go: this city (if any) and the open
    villages but ``source``."""
    here = table["architects"][seat]
    return here if here in CITIES and here != source else None


def swap_options(table: Table, seat: int) -> list[Action]:
    characters = table["characters"]
    own = characters[seat]
    out: list[Action] = []
    if multi(table) and not table["character_bank"]:
        for other in range(table["players"]):
            if other == seat:
                continue
            for c in characters[other]:
                out.append(Action(f"swap:{c}", m("label.swap_from", char=char_msg(c), seat=SEAT_REFS[other]), "swap"))
            if len(characters[other]) > len(own):
                out.append(Action(f"lure:{other}", m("label.lure", seat=SEAT_REFS[other]), "swap"))
        return out
    for c in sorted(table["character_bank"]):
        out.append(Action(f"swap:{c}", m("label.swap_bank", char=char_msg(c)), "swap"))
    if not multi(table):
        for other in range(table["players"]):
            if other != seat:
                for c in characters[other]:
                    out.append(Action(f"swap:{c}", m("label.swap_from", char=char_msg(c), seat=SEAT_REFS[other]),
                                      "swap"))
    return out


def swap_ids(table: Table, seat: int) -> list[str]:
    """The ids of ``swap_options`` (without making its labels)."""
    characters = table["characters"]
    bank = table["character_bank"]
    advanced2 = multi(table)
    out: list[str] = []
    if advanced2 and not bank:
        own = len(characters[seat])
        for other in range(table["players"]):
            if other != seat:
                out += map(_SWAP_IDS.__getitem__, characters[other])
                if len(characters[other]) > own:
                    out.append(_LURE_IDS[other])
        return out
    out += map(_SWAP_IDS.__getitem__, sorted(bank))
    if not advanced2:
        for other in range(table["players"]):
            if other != seat:
                out += map(_SWAP_IDS.__getitem__, characters[other])
    return out


# the ids of ``swap_ids`` by character and by seat, made once
_SWAP_IDS = {c: f"swap:{c}" for c in CHARACTERS}
_LURE_IDS = tuple(f"lure:{other}" for other in range(5))
_SWAP_CHARACTER = {swap_id: c for c, swap_id in _SWAP_IDS.items()}


# -- legal actions ---------------------------------------------------------------
# Menus are rebuilt for every query, so fixed actions are made once.  Their
# label dicts are shared: never mutate them.
def _fixed(aid: str, label: str, group: str, style: str = "secondary") -> Action:
    return Action(aid, m(label), group, style)


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
# "End the turn" by the number of parts left undone (two planned actions and
# one bought with a coin leave at most three times an action's parts).
_END: tuple[Action, ...] = (A_END, *(Action("end", m("label.end_skip", n=n, gold=SKIP_PENALTY), "end", "danger")
                                     for n in range(1, 3 * max(map(len, ACTION_PARTS.values())) + 1)))
_PALACE: dict[tuple[str, int], Action] = {}
_PICK: dict[int, Action] = {}
_YIELD: dict[int, Action] = {}
_GIVE: dict[int, Action] = {}
# The palace slots' ids (menu order) -> the slot.
_PALACE_SLOTS = {"palace:inner": "inner", "palace:outer": "outer"}


def _palace(slot: str, cost: int) -> Action:
    if (slot, cost) not in _PALACE:
        _PALACE[(slot, cost)] = Action(f"palace:{slot}", m(f"label.palace_{slot}", gold=cost), "act", "primary")
    return _PALACE[(slot, cost)]


# The offers of the turn menu (no sub-decision open): one predicate each,
# asked by the legality test; ``_menu_ids`` asks them all in one pass.
def _offers_gold(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "gold" in turn["parts"]


def _offers_quarry(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    return "quarry" in turn["parts"]


def _offers_build(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    if state["gold"][seat] < HOUSE_COST or state["reserve"][seat] <= 0:
        return False
    parts = turn["parts"]  # a house owed anywhere (his city or an open village), or in his city
    if "house" in parts or "hany" in parts:
        return state["architects"][seat] in CITIES or any_open_village(state)
    return "hcity" in parts and state["architects"][seat] in CITIES


def _offers_move(state: MaharajaState, seat: int, turn: TurnProgress) -> bool:
    # (``has_houses``, inline)
    return "move" in turn["parts"] and state["reserve"][seat] + state["bank_houses"][seat] < HOUSES_PER_COLOUR


def _palace_ids(state: MaharajaState, seat: int) -> list[str]:
    """The palace slots offered (the turn owes a palace)."""
    here = state["architects"][seat]
    if here not in CITIES or state["palaces_left"][seat] <= 0 or state["gold"][seat] < (
            ARTIST_PALACE_COST if ARTIST in state["characters"][seat] else PALACE_COST):  # (palace_cost, inline)
        return []
    garden = state["gardens"][here]
    out = ["palace:inner"] if garden["inner"] is None else []
    if len(garden["outer"]) < OUTER_SLOTS:
        out.append("palace:outer")
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


Offer = Callable[[MaharajaState, int, TurnProgress], bool]
# keyed by the id: the legality test asks one predicate
_OFFERS: dict[str, Offer] = {a.id: offer for a, offer in (
    (A_GOLD, _offers_gold), (A_QUARRY, _offers_quarry), (A_BUILD, _offers_build), (A_MOVE, _offers_move),
    (A_GOV, _offers_gov), (A_SWAP, _offers_swap), (A_MASON_BUILD, _offers_mason_build),
    (A_MASON_MOVE, _offers_mason_move), (A_COIN, _offers_coin), (A_TRAVEL, _offers_travel))}
# The menu's fixed offers by id (the palaces' and the end's labels vary).
_MENU_ACTIONS = {a.id: a for a in (A_GOLD, A_QUARRY, A_BUILD, A_MOVE, A_GOV, A_SWAP, A_MASON_BUILD, A_MASON_MOVE,
                                   A_COIN, A_TRAVEL)}


# The parts a turn owes, as bits for the turn menu (``_owed``): a few tests
# of bits instead of a search of the parts per offer.
_GOLD_OWED, _QUARRY_OWED, _HOUSE_OWED, _CITY_HOUSE_OWED, _MOVE_OWED, _PALACE_OWED, _GOV_OWED, _SWAP_OWED = (
    1 << bit for bit in range(8))
_ANY_HOUSE_OWED = _HOUSE_OWED | _CITY_HOUSE_OWED
_OWED_BIT = {"gold": _GOLD_OWED, "quarry": _QUARRY_OWED, "house": _HOUSE_OWED, "hany": _HOUSE_OWED,
             "hcity": _CITY_HOUSE_OWED, "move": _MOVE_OWED, "palace": _PALACE_OWED, "gov": _GOV_OWED,
             "swap": _SWAP_OWED}
_OWED: dict[tuple[str, ...], int] = {}


def _owed(parts: list[str]) -> int:
    """The bits of the parts owed (memoised by the parts: a few dozen lists occur)."""
    owed = 0
    for part in parts:
        owed |= _OWED_BIT[part]
    _OWED[tuple(parts)] = owed
    return owed


def _menu_ids(state: MaharajaState, seat: int, turn: TurnProgress) -> list[str]:
    """The ids of the offers in menu order: the ``_offers_*`` predicates in
    one pass (the menu is asked at every step of a turn; its labels are
    looked up by ``_menu``)."""
    parts = turn["parts"]
    out = []
    if parts:  # (a third of the menus come once every part is done: they offer none of these)
        owed = _OWED.get(tuple(parts))
        if owed is None:
            owed = _owed(parts)
        if owed & _GOLD_OWED:
            out.append("do:gold")
        if owed & _QUARRY_OWED:
            out.append("do:quarry")
        if (owed & _ANY_HOUSE_OWED and state["reserve"][seat] > 0 and state["gold"][seat] >= HOUSE_COST
                and (state["architects"][seat] in CITIES or (owed & _HOUSE_OWED and any_open_village(state)))):
            out.append("do:build")  # (as ``_offers_build``: his city, or an open village for a house owed anywhere)
        if owed & _MOVE_OWED and has_houses(state, seat):
            out.append("do:move")
        if owed & _PALACE_OWED:
            out += _palace_ids(state, seat)
        if owed & _GOV_OWED:
            out.append("do:gov")
        if owed & _SWAP_OWED:
            out.append("do:swap")
    chars = state["characters"][seat]
    if MASON in chars and not turn["mason_used"]:
        if state["reserve"][seat] > 0:
            out.append("mason:build")
        if has_houses(state, seat):
            out.append("mason:move")
    if state["action_coins"][seat] > 0 and not state["coin_used"][seat]:
        out.append("do:coin")
    if can_travel(state, seat, MONK in chars):
        out.append("do:travel")
    out.append("end")
    return out


def _menu(state: MaharajaState, seat: int, turn: TurnProgress) -> list[Action]:
    """The offers of ``_menu_ids`` with their labels."""
    out = []
    for aid in _menu_ids(state, seat, turn):
        slot = _PALACE_SLOTS.get(aid)
        if slot is not None:
            out.append(_palace(slot, palace_cost(state, seat)))
        elif aid == "end":
            out.append(_END[len(turn["parts"])])
        else:
            out.append(_MENU_ACTIONS[aid])
    return out


def legal(state: MaharajaState, seat: int) -> list[Action]:
    """The acting seat's turn: the menu, or the open sub-decision."""
    turn = progress(state)
    decision = turn["decision"]
    if decision is None:
        return _menu(state, seat, turn)
    return _decision_legal(state, seat, decision)


def ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``legal``; travelling asks only the costs, not the
    payments its labels show."""
    turn = state["turn_progress"]
    assert turn is not None
    decision = turn["decision"]
    if decision is None:
        return _menu_ids(state, seat, turn)
    kind = decision["kind"]
    if kind == "travel":
        out = go_ids(state, seat, MONK in state["characters"][seat])
        out.append("back")
        return out
    if kind == "route":
        out = [f"via:{i}" for i in range(len(payments_to(state, seat, decision["city"])))]
        out.append("back")
        return out
    if kind in ("build", "mbuild"):
        city, villages = build_targets(state, seat, kind == "mbuild")
        out = location_ids(state, city, villages, None, decision["road"])
        out.append("back")
        return out
    if kind in ("move", "mmove"):
        out = move_source_ids(state, seat, decision["road"])
        out.append("back")
        return out
    if kind == "move_to":
        source = decision["source"]
        out = location_ids(state, move_targets(state, seat, source), True, source, decision["road"])
        out.append("back")
        return out
    if kind == "swap":
        out = swap_ids(state, seat)
        out.append("back")
        return out
    if kind == "gov":
        out = [_GOV_IDS[c] for c in track.lowerable(state["governors"])]
        out.append("back")
        return out
    return list(map(ACTION_ID, _decision_legal(state, seat, decision)))


def allows(state: MaharajaState, seat: int, action_id: str) -> bool:
    """Whether ``action_id`` is in ``legal(state, seat)``, asking only the
    predicate of that action where there is one (the engine's ``admit``)."""
    turn = state["turn_progress"]
    assert turn is not None
    decision = turn["decision"]
    if decision is None:
        offer = _OFFERS.get(action_id)
        if offer is not None:
            return offer(state, seat, turn)
        return action_id == "end" or ("palace" in turn["parts"] and action_id in _palace_ids(state, seat))
    if action_id == "back":  # every sub-decision can be left but handing a card back
        return decision["kind"] != "give"
    kind = decision["kind"]
    if kind == "travel":
        return offers_go(state, seat, MONK in state["characters"][seat], action_id)
    if kind in ("build", "mbuild"):
        city, villages = build_targets(state, seat, kind == "mbuild")
        return location_allows(state, city, villages, None, decision["road"], action_id)
    if kind == "move_to":
        source = decision["source"]
        return location_allows(state, move_targets(state, seat, source), True, source, decision["road"], action_id)
    if kind == "gov":  # (the menu lists the lowerable cities in track order)
        city = _GOV_CITY.get(action_id)
        return city is not None and track.can_lower(state["governors"], city)
    if kind in ("move", "mmove"):
        return action_id in move_source_ids(state, seat, decision["road"])
    if kind == "swap" and not multi(state):  # (``swap_ids``: every character in play but his own)
        c = _SWAP_CHARACTER.get(action_id)
        characters = state["characters"]
        return c is not None and c not in characters[seat] and (
            c in state["character_bank"] or any(c in hand for hand in characters))
    return action_id in ids(state, seat)


def _decision_legal(state: MaharajaState, seat: int, decision: Decision) -> list[Action]:
    kind = decision["kind"]
    if kind in ("build", "mbuild"):
        city, villages = build_targets(state, seat, kind == "mbuild")
        out = list(locations(state, city, villages, None, decision["road"], "target"))
    elif kind in ("move", "mmove"):
        out = picker(move_sources(state, seat), decision["road"], "source")
    elif kind == "move_to":
        source = decision["source"]
        out = list(locations(state, move_targets(state, seat, source), True, source, decision["road"], "target"))
    elif kind == "gov":
        gov = state["governors"]
        out = [_gov(c, track.space_number(gov[c])) for c in track.lowerable(gov)]
    elif kind == "swap":
        out = swap_options(state, seat)
    elif kind == "give":
        out = []
        for c in sorted(state["characters"][seat]):
            if c != decision["taken_character"]:
                action = _GIVE.get(c)
                if action is None:
                    action = _GIVE[c] = Action(f"give:{c}", m("label.give", char=char_msg(c)), "swap")
                out.append(action)
        return out
    elif kind == "coin":
        out = list(A_COIN_ACTIONS)
    elif kind == "travel":
        monk = MONK in state["characters"][seat]  # the buttons of go_ids, worded from destinations
        network = destinations(state, seat)
        out = [_go(city, *network[city], monk) for city in (go.removeprefix("go:") for go in go_ids(state, seat, monk))]
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
    return [m("label.pay_colour", colour=m(f"colour.{o}"), gold=g) for o, g in pay]


_GOV_IDS = {c: f"gov:{c}" for c in CITY_IDS}
_GOV_CITY = {gov_id: c for c, gov_id in _GOV_IDS.items()}


@lru_cache(maxsize=256)
def _gov(city: str, space: int) -> Action:
    return Action(f"gov:{city}", m("label.gov", city=m(f"city.{city}"), space=space), "gov")


@lru_cache(maxsize=1024)
def _go(city: str, cost: int, ways: tuple[Payment, ...], monk: bool) -> Action:
    """The button travelling to ``city`` (made once per label)."""
    if cost == 0:
        label = m("label.go_free", city=node_msg(city))
    elif len(ways) > 1:
        label = m("label.go_choose", city=node_msg(city), gold=cost)
    elif monk:
        label = m("label.go_monk", city=node_msg(city), gold=cost, pay=_payees_short(ways[0]))
    else:
        label = m("label.go", city=node_msg(city), gold=cost, pay=_payees_short(ways[0]))
    return Action(f"go:{city}", label, "travel")


@lru_cache(maxsize=1024)
def _via(index: int, pay: Payment) -> Action:
    return Action(f"via:{index}", m("label.via", pay=_payees_short(pay)), "travel")


# -- another seat's decision in the middle of a turn (``state["pending"]``) ----------
def interrupt(state: MaharajaState, pending: Pending) -> None:
    """``pending``'s seat decides now, before the turn goes on (the engine
    reads the seats to act afresh once it has answered)."""
    state["pending"] = [pending]
    state["acting"] = [pending["seat"]]


def _pick(c: int) -> Action:
    action = _PICK.get(c)
    if action is None:
        action = _PICK[c] = Action(f"pick:{c}", char_msg(c), "char", "primary")
    return action


def _yield(c: int) -> Action:
    action = _YIELD.get(c)
    if action is None:
        action = _YIELD[c] = Action(f"yield:{c}", m("label.yield", char=char_msg(c)), "char")
    return action


def pick_legal(state: MaharajaState, seat: int) -> list[Action]:
    """After a swap took his card: choose one from the bank."""
    return [_pick(c) for c in sorted(state["character_bank"])]


def pick_ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``pick_legal`` (its legality test lists them too: no labels)."""
    return [_PICK_IDS[c] for c in sorted(state["character_bank"])]


def yield_legal(state: MaharajaState, seat: int) -> list[Action]:
    """Lured: hand one of his cards over."""
    return [_yield(c) for c in sorted(state["characters"][seat])]


def yield_ids(state: MaharajaState, seat: int) -> list[str]:
    """The ids of ``yield_legal``."""
    return [_YIELD_IDS[c] for c in sorted(state["characters"][seat])]


_PICK_IDS = {c: f"pick:{c}" for c in CHARACTERS}
_YIELD_IDS = {c: f"yield:{c}" for c in CHARACTERS}


def pick_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    state["pending"].pop(0)
    c = action.number()
    pass_card(state, c, None, seat)
    return [m("event.pick", seat=SEAT_REFS[seat], char=char_msg(c))]


def yield_apply(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    pending = state["pending"].pop(0)
    c = action.number()
    to = pending["recipient"]
    pass_card(state, c, seat, to)
    return [m("event.yield", seat=SEAT_REFS[seat], char=char_msg(c), to=SEAT_REFS[to])]


# -- applying ------------------------------------------------------------------------
# players -> seat -> every other seat (the bank pays them a skipped turn's penalty)
_OTHERS = {n: tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(2, 6)}
# The keys of the events that end every turn, and of the actions (``m`` made
# as literals, without a call).
_SKIPPED, _TURN_END, _GOLD, _QUARRY, _BUILD, _MASON_BUILD, _MOVE, _GOV, _TRAVEL_FREE = (m(key)["key"] for key in (
    "event.skipped", "event.turn_end", "event.gold", "event.quarry", "event.build", "event.mason_build",
    "event.move", "event.gov", "event.travel_free"))
_TRAVEL = {False: m("event.travel")["key"], True: m("event.travel_monk")["key"]}  # by "the monk"
_PALACE_BUILT = {slot: m(f"event.palace_{slot}")["key"] for slot in _PALACE_SLOTS.values()}
# The events of the commonest actions, made once by seat (and what they
# name), or on first use: shared, read-only, like the messages in them.
_GOLD_EVENTS = tuple({"key": _GOLD, "args": {"seat": SEAT_REFS[seat], "gold": GOLD_ACTION}} for seat in range(5))
_QUARRY_EVENTS = tuple(tuple({"key": _QUARRY, "args": {"seat": SEAT_REFS[seat], "n": n}} for n in range(3))
                       for seat in range(5))
_TURN_END_EVENTS = tuple({"key": _TURN_END, "args": {"seat": SEAT_REFS[seat]}} for seat in range(5))
# by seat, then the parts left undone (at most three actions' parts: ``_END``)
_SKIPPED_EVENTS = tuple(tuple({"key": _SKIPPED, "args": {"seat": SEAT_REFS[seat], "n": n, "gold": SKIP_PENALTY}}
                              for n in range(len(_END))) for seat in range(5))
_BUILD_EVENTS = tuple({loc: {"key": _BUILD, "args": {"seat": SEAT_REFS[seat], "loc": loc_msg(loc), "gold": HOUSE_COST}}
                       for loc in (*CITY_IDS, *VILLAGE_IDS)} for seat in range(5))
_MASON_BUILD_EVENTS = tuple({loc: {"key": _MASON_BUILD, "args": {"seat": SEAT_REFS[seat], "loc": loc_msg(loc)}}
                             for loc in (*CITY_IDS, *VILLAGE_IDS)} for seat in range(5))
_MOVE_EVENTS: dict[tuple[int, str, str], Msg] = {}
# The parts a house pays, in the order they are used, by where it goes.
_HOUSE_PARTS_AT = {**{loc: HOUSE_PARTS for loc in CITY_IDS}, **{loc: ("hany", "house") for loc in VILLAGE_IDS}}
_OPENS: dict[str, DecisionKind] = {"build": "build", "move": "move", "gov": "gov", "swap": "swap", "coin": "coin",
                                   "travel": "travel"}


def transition(state: MaharajaState, seat: int, action: ActionId) -> list[Msg]:
    turn = state["turn_progress"]
    assert turn is not None
    decision = turn["decision"]
    if decision is not None:
        return _apply_decision(state, seat, action, turn, decision)
    parts = turn["parts"]
    head = action.head
    if head == "do":
        what = action.args[0]
        if what == "gold":
            parts.remove("gold")
            state["gold"][seat] += GOLD_ACTION
            return [_GOLD_EVENTS[seat]]
        if what == "quarry":
            parts.remove("quarry")
            bank = state["bank_houses"]
            n = 2 if bank[seat] >= 2 else bank[seat]  # (no call of min)
            bank[seat] -= n
            state["reserve"][seat] += n
            return [_QUARRY_EVENTS[seat][n]]
        turn["decision"] = {"kind": _OPENS[what], "road": None}
        return []
    if head == "mason":
        turn["decision"] = {"kind": "mbuild" if action.args[0] == "build" else "mmove", "road": None}
        return []
    if head == "palace":
        return _build_palace(state, seat, action.args[0])
    if head == "end":
        if parts:
            gold = state["gold"]
            for other in _OTHERS[state["players"]][seat]:
                gold[other] += SKIP_PENALTY
            events = [_SKIPPED_EVENTS[seat][len(parts)], _TURN_END_EVENTS[seat]]
        else:
            events = [_TURN_END_EVENTS[seat]]
        events += rounds.end_turn(state, seat)
        return events
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
    return [{"key": _PALACE_BUILT[slot], "args": {"seat": SEAT_REFS[seat], "city": NODE_MSG[city], "gold": cost}}]


def _place_house(state: MaharajaState, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] += 1
    else:
        add_house(state, loc, seat)


def _remove_house(state: MaharajaState, seat: int, loc: str) -> None:
    if loc in CITIES:
        state["city_houses"][loc][seat] -= 1
    else:
        remove_house(state, loc, seat)


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
        decision["road"] = int(action.args[0])  # (``action.number()``, inline)
        return []
    arg = action.args[0]  # every other action names its target
    if head == "at":
        if kind in ("build", "mbuild"):
            turn["decision"] = None
            state["reserve"][seat] -= 1
            if arg in CITIES:  # (``_place_house``, inline)
                state["city_houses"][arg][seat] += 1
            else:
                add_house(state, arg, seat)
            if kind == "mbuild":
                turn["mason_used"] = True
                return [_MASON_BUILD_EVENTS[seat][arg]]
            state["gold"][seat] -= HOUSE_COST
            parts = turn["parts"]
            for part in _HOUSE_PARTS_AT[arg]:  # the first one owed (a plain loop: no generator)
                if part in parts:
                    parts.remove(part)
                    break
            return [_BUILD_EVENTS[seat][arg]]
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
        key = (seat, source, arg)
        event = _MOVE_EVENTS.get(key)
        if event is None:
            event = _MOVE_EVENTS[key] = {"key": _MOVE, "args": {"seat": SEAT_REFS[seat], "src": loc_msg(source),
                                                                "loc": loc_msg(arg)}}
        return [event]
    if head == "gov":
        turn["decision"] = None
        turn["parts"].remove("gov")
        track.lower(state["governors"], arg)
        return [{"key": _GOV, "args": {"seat": SEAT_REFS[seat], "city": NODE_MSG[arg],
                                       "space": track.space_number(state["governors"][arg])}}]
    if head == "coin":
        turn["decision"] = None
        state["action_coins"][seat] -= 1
        state["coin_bank"] += 1
        state["coin_used"][seat] = True
        turn["parts"].extend(ACTION_PARTS[arg])
        turn["coin_actions"].append(arg)
        return [m("event.coin", seat=SEAT_REFS[seat], action=m(f"action.{arg}"))]
    if head == "go":
        ways = payments_to(state, seat, arg)
        if len(ways) > 1:  # equal routes paying different players: he picks
            turn["decision"] = {"kind": "route", "city": arg, "road": None}
            return []
        turn["decision"] = None
        return _travel(state, seat, arg, ways[0])
    if head == "via":
        turn["decision"] = None
        city = decision["city"]
        return _travel(state, seat, city, payments_to(state, seat, city)[action.number()])
    if head == "swap":
        return _swap(state, seat, action.number())
    if head == "lure":
        turn["decision"] = None
        turn["parts"].remove("swap")
        victim = action.number()
        interrupt(state, {"seat": victim, "kind": "yield", "recipient": seat})
        return [m("event.lure", seat=SEAT_REFS[seat], victim=SEAT_REFS[victim])]
    if head == "give":
        turn["decision"] = None
        c = action.number()
        giver = decision["taken_from"]
        pass_card(state, c, seat, giver)
        return [m("event.give", seat=SEAT_REFS[seat], char=char_msg(c), victim=SEAT_REFS[giver])]
    raise AssertionError(action)  # pragma: no cover


def _travel(state: MaharajaState, seat: int, city: str, pay: Payment) -> list[Msg]:
    gold = state["gold"]
    cost = 0
    for owner, fee in pay:
        gold[owner] += fee
        cost += fee
    monk = MONK in state["characters"][seat]
    if not monk:
        gold[seat] -= cost
    state["architects"][seat] = city
    if not pay:
        return [{"key": _TRAVEL_FREE, "args": {"seat": SEAT_REFS[seat], "city": NODE_MSG[city]}}]
    return [{"key": _TRAVEL[monk], "args": {"seat": SEAT_REFS[seat], "city": NODE_MSG[city], "gold": cost,
                                            "pay": _payees(pay)}}]


@lru_cache(maxsize=1024)
def _payees(pay: Payment) -> list[Msg]:
    """Whom a traveller paid, for the log (by owner: a payment is sorted).
    Shared by the events that show it: never mutate."""
    return [_pay_to(o, g) for o, g in pay]


@cache
def _pay_to(owner: int, gold: int) -> Msg:
    # (payments rarely repeat, their parts do)
    return m("label.pay_to", seat=SEAT_REFS[owner], gold=gold)


def _swap(state: MaharajaState, seat: int, c: int) -> list[Msg]:
    turn = progress(state)
    turn["decision"] = None
    turn["parts"].remove("swap")
    chars = state["characters"]
    holder = next((s for s in range(state["players"]) if c in chars[s]), None)
    if multi(state):
        pass_card(state, c, holder, seat)
        if holder is None:
            return [m("event.swap_bank_keep", seat=SEAT_REFS[seat], char=char_msg(c))]
        turn["decision"] = {"kind": "give", "road": None, "taken_character": c, "taken_from": holder}
        return [m("event.swap_take", seat=SEAT_REFS[seat], char=char_msg(c), victim=SEAT_REFS[holder])]
    (old,) = chars[seat]  # (one card each but in "multi")
    pass_card(state, old, seat, None)
    pass_card(state, c, holder, seat)
    if holder is None:
        return [m("event.swap_bank", seat=SEAT_REFS[seat], char=char_msg(c), old=char_msg(old))]
    interrupt(state, {"seat": holder, "kind": "pick"})
    return [m("event.swap_player", seat=SEAT_REFS[seat], char=char_msg(c), old=char_msg(old),
              victim=SEAT_REFS[holder])]
