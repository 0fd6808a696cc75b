"""Building Alhambra states for rule tests."""

from __future__ import annotations

import random

from games.alhambra import GAME
from games.alhambra.data import BUILDINGS, MONEY_ALL, MONEY_TWO

# Currencies and building types in the order the data lists them.
DENAR, DIRHAM, DUKAT, GULDEN = range(4)
PAVILION, SERAGLIO, ARCADES, CHAMBERS, GARDEN, TOWER = range(6)


def card(cur: int, value: int, copy: int = 0) -> int:
    """The money card id of ``value`` in currency ``cur`` (0 denar … 3 gulden)."""
    return cur * 27 + (value - 1) * 3 + copy


def building(type_: int, price: int) -> int:
    """The first building id of that type and price."""
    return next(b for b, tp in enumerate(BUILDINGS) if tp == (type_, price))


def buildings_of(type_: int, n: int, skip: set[int] = frozenset()) -> list[int]:
    return [b for b, (t, _) in enumerate(BUILDINGS) if t == type_ and b not in skip][:n]


def arrange(players: int = 3, seed: int = 1, *, hands=None, row=None, yard=None, turn: int = 0,
            deck_top=None, built=None, neutral=None):
    """A fresh game with chosen hands / row / yard / built buildings; every
    other component is put back into the decks so the invariants hold."""
    state = GAME.setup(players, {}, seed)
    state["turn"] = turn
    all_money = list(MONEY_TWO if players == 2 else MONEY_ALL)
    hands = hands if hands is not None else state["hands"]
    if row is None:  # the dealt row, minus cards now in someone's hand
        in_hands = {c for h in hands for c in h} | set(deck_top or [])
        row = [c for c in state["money_row"] if c not in in_hands]
        row += [c for c in all_money if c not in in_hands and c not in row][: 4 - len(row)]
    used = {c for h in hands for c in h} | set(row) | set(deck_top or [])
    rest = [c for c in all_money if c not in used]
    specials = [c for c in state["money_deck"] if c < 0]
    state["hands"] = [list(h) for h in hands]
    state["money_row"] = list(row)
    # deck: the rest, then the chosen top cards last (top = end of the list)
    state["money_deck"] = rest[: len(rest) // 2] + specials + rest[len(rest) // 2:] + list(reversed(deck_top or []))
    state["discard"] = []
    built = built if built is not None else [[] for _ in range(players)]
    yard = yard if yard is not None else state["yard"]
    used_b = set(yard) | {b for bl in built for b in bl} | set(neutral or [])
    if players == 2 and neutral is None:
        neutral = []
    state["yard"] = list(yard)
    state["built"] = [list(b) for b in built]
    state["neutral"] = list(neutral) if players == 2 else None
    state["building_deck"] = [b for b in range(len(BUILDINGS)) if b not in used_b]
    GAME.check_invariants(state)
    return state


def texts(lang: str):
    """Renderer texts through the real catalogue (service.i18n)."""
    from render.common import Texts
    from service import i18n

    names = ["Anna", "Béla", "Csőrike Ödönné", "Dávid", "Erzsébet", "Ferenc"]

    def tr(message):
        return i18n.render(message, lang, names.__getitem__)

    return Texts(tr=tr, name=names.__getitem__, lang=lang)


def choose(state, seat: int = 0, level: str = "easy") -> str:
    """The AI's move at ``level`` (easy or normal) from ``seat``'s own view."""
    legal = GAME.legal_actions(state, seat)
    pick = GAME.choose_ai_action if level == "easy" else GAME.choose_normal_action
    return pick(GAME.view(state, seat), seat, legal, random.Random(0))
