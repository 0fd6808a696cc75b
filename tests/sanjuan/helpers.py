"""Helpers to build San Juan positions by hand (cards conserved)."""

from __future__ import annotations

from games.sanjuan import GAME
from games.sanjuan.common import BIT, city_bits
from games.sanjuan.data import CARD_TYPE, TYPE_INDEX


def new_game(players: int = 2, seed: int = 1, **options):
    return GAME.setup(players, GAME.resolve_options(options), seed)


def take(s, key: str) -> int:
    """Remove a card of type ``key`` from the deck or discard pile."""
    t = TYPE_INDEX[key]
    for pile in (s["deck"], s["discard"]):
        for c in pile:
            if CARD_TYPE[c] == t:
                pile.remove(c)
                return c
    for p in range(s["players"]):
        for c in s["hands"][p]:
            if CARD_TYPE[c] == t:
                s["hands"][p].remove(c)
                return c
    raise LookupError(key)


def clear_hand(s, p: int) -> None:
    s["discard"].extend(s["hands"][p])
    s["hands"][p] = []


def set_hand(s, p: int, *keys: str) -> list[int]:
    clear_hand(s, p)
    s["hands"][p] = [take(s, k) for k in keys]
    return s["hands"][p]


def build(s, p: int, key: str, good: bool = False) -> int:
    """Put a building straight into ``p``'s city (optionally with a good),
    and its bit into the city's (``state.city_bits``)."""
    card = take(s, key)
    g = s["deck"].pop(0) if good else -1
    s["cities"][p].append([card, g])
    city_bits(s)[p] |= BIT[card]
    return card


def hand_types(s, p: int) -> list[str]:
    from games.sanjuan.data import TYPE_KEYS
    return sorted(TYPE_KEYS[CARD_TYPE[c]] for c in s["hands"][p])


def city_types(s, p: int) -> list[str]:
    from games.sanjuan.data import TYPE_KEYS
    return [TYPE_KEYS[CARD_TYPE[c]] for c, _ in s["cities"][p]]


def act(s, seat: int, *actions: str) -> list:
    events = []
    for a in actions:
        events += GAME.apply(s, seat, a)
    return events


def force_role(s, seat: int) -> None:
    """Make ``seat`` the one to choose the next role (at the start of a round)."""
    assert s["phase"] == "role"
    s["turn"] = seat
    s["role_order"][s["chooser_index"]] = seat
