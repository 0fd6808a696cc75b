"""The small helpers every rule module shares: drawing (with the reshuffle),
the inlined shuffle, card names, and questions about a city.  The layout of
the state is ``schema.SanJuanState``."""

from __future__ import annotations

from typing import Any

from games.base import Msg, msg, seat_ref

from .data import CARD_TYPE, IS_PROD, TYPE_KEYS
from .schema import SanJuanState

State = SanJuanState


def draw(s: State, ev: list[Msg]) -> int | None:
    """Top card of the deck, reshuffling the discard pile when it runs out.
    ``None`` only when both piles are empty (all cards are in play)."""
    deck = s["deck"]
    if not deck:
        if not s["discard"]:
            return None
        # Sorted first so the new deck does not depend on the order in which
        # simultaneous choices happened to discard.
        deck.extend(sorted(s["discard"]))
        s["discard"] = []
        shuffle(s, deck)
        ev.append(msg("sanjuan.ev.reshuffle", n=len(deck)))
    return deck.pop()


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def shuffle(s: Any, items: list[Any]) -> None:
    """``games.rng.shuffle`` with its SplitMix64 steps inlined: the very same
    numbers and swaps (a test compares the two), a few times faster — a
    reshuffle runs several times a game."""
    x = s["rng"]
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = (x + _GOLDEN) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    s["rng"] = x


def draw_n(s: State, n: int, ev: list[Msg]) -> list[int]:
    deck = s["deck"]
    if 0 < n <= len(deck):  # the common case: no reshuffle, same order as ``draw``
        out = deck[:-n - 1:-1]
        del deck[-n:]
        return out
    out = []
    for _ in range(n):
        card = draw(s, ev)
        if card is None:
            ev.append(msg("sanjuan.ev.deck_empty"))
            break
        out.append(card)
    return out


def draw_to_hand(s: State, p: int, n: int, why: str, ev: list[Msg]) -> int:
    """Draw ``n`` cards into ``p``'s hand; a public count and a private list."""
    cards = draw_n(s, n, ev)
    if cards:
        s["hands"][p].extend(cards)
        ev.append(msg("sanjuan.ev.draw", player=seat_ref(p), n=len(cards), why=msg(f"sanjuan.why.{why}")))
        ev.append({**msg("sanjuan.ev.you_drew", cards=card_names(cards)), "to": p})
    return len(cards)


_CARD_MSGS = [msg(f"sanjuan.card.{k}") for k in TYPE_KEYS]
_BY_CARD = tuple(_CARD_MSGS[t] for t in CARD_TYPE)  # card id -> its (shared) name message


def card_names(cards: list[int]) -> list[Msg]:
    return list(map(_BY_CARD.__getitem__, cards))


def card_msg(card: int) -> Msg:
    return _CARD_MSGS[CARD_TYPE[card]]


def type_msg(t: int) -> Msg:
    return _CARD_MSGS[t]


def types_of(cards: list[int]) -> list[int]:
    """The types among ``cards``, each once, in type order (a pick, a payment
    or a tuck chooses a type: which card of it does not matter)."""
    return sorted(set(map(CARD_TYPE.__getitem__, cards)))


def has_type_in(cards: list[int], t: int) -> bool:
    """Whether a card of type ``t`` is among ``cards``."""
    for c in cards:  # noqa: SIM110 — a plain loop: a hot helper
        if CARD_TYPE[c] == t:
            return True
    return False


def owns(s: State, p: int, t: int, _ct: tuple[int, ...] = CARD_TYPE) -> bool:
    """Whether ``p`` has a working building of type ``t`` (visible, and not
    built in the current builder phase)."""
    fresh = s["built_this_phase"][p]
    for c, _ in s["cities"][p]:  # noqa: SIM110 — a plain loop: the hottest helper
        if _ct[c] == t and c != fresh:
            return True
    return False


def has_type(s: State, p: int, t: int) -> bool:
    """Visible in ``p``'s city, working or not (violet uniqueness)."""
    return any(CARD_TYPE[c] == t for c, _ in s["cities"][p])


def prod_buildings(s: State, p: int) -> int:
    return sum(1 for c, _ in s["cities"][p] if IS_PROD[c])


def order_from(s: State, first: int) -> list[int]:
    """The seats in turn order from ``first``."""
    return list(_ORDERS[s["players"]][first])


# _ORDERS[n][first]: the seats of an n-player game in turn order from ``first``.
_ORDERS = tuple(tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) if n else () for n in range(9))


def privilege(s: State) -> int:
    """The current chooser's privilege multiplier (2 with a library)."""
    return 2 if s["library_privilege"] else 1
