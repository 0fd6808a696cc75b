"""Set-up: buildings, starting capital, start player, piles with A and B;
and the public log lines of the set-up."""

from __future__ import annotations

from games import rng
from games.alhambra.common import building_msg, cards_msg, m
from games.alhambra.data import (
    BUILDINGS,
    MONEY_ALL,
    MONEY_TWO,
    NEUTRAL_START,
    PILES,
    ROW_SIZE,
    SCORE_A,
    SCORE_B,
    START_CAPITAL,
    VALUE,
)
from games.alhambra.schema import AlhambraState
from games.base import Msg, seat_ref


def new_state(players: int, seed: int) -> AlhambraState:
    # The generator first: the shuffles below draw on it.
    chance = {"rng": rng.seed_state(seed)}
    log: list[Msg] = []

    building_deck = list(range(len(BUILDINGS)))
    rng.shuffle(chance, building_deck)                       # top of every deck = last element
    yard: list[int | None] = [building_deck.pop() for _ in range(ROW_SIZE)]   # left to right
    neutral: list[int] | None = None
    if players == 2:
        neutral = [building_deck.pop() for _ in range(NEUTRAL_START)]
        log.append(m("ev.neutral_gets", buildings=[building_msg(building) for building in neutral]))

    money = list(MONEY_TWO if players == 2 else MONEY_ALL)
    rng.shuffle(chance, money)
    # Starting capital is drawn openly, seat 0 first then clockwise, until 20+.
    hands: list[list[int]] = []
    key: list[tuple[int, int]] = []   # per seat: (cards, total)
    for seat in range(players):
        hand: list[int] = []
        total = 0
        while total < START_CAPITAL:
            card = money.pop()
            hand.append(card)
            total += VALUE[card]
        hands.append(hand)
        key.append((len(hand), total))
        log.append(m("ev.capital", seat=seat_ref(seat), cards=cards_msg(hand), total=total))

    # Start player: fewest cards; then the lower total (GAMES.md); then seat
    # order from a seat drawn with the game RNG (our "youngest player").
    best = min(key)
    tied = [seat for seat in range(players) if key[seat] == best]
    if len(tied) == 1:
        start = tied[0]
        log.append(m("ev.start", seat=seat_ref(start), cards=best[0], total=best[1]))
    else:
        pick = rng.randbelow(chance, players)
        start = min(tied, key=lambda seat: (seat - pick) % players)
        log.append(m("ev.start_tie", seats=[seat_ref(seat) for seat in tied], pick=seat_ref(pick),
                     seat=seat_ref(start)))

    row = [money.pop() for _ in range(ROW_SIZE)]

    # Five near-equal piles (the top piles take the extra cards); A is
    # shuffled into the 2nd, B into the 4th; pile 1 ends up on top.
    base, extra = divmod(len(money), PILES)
    piles: list[list[int]] = []
    for i in range(PILES):
        size = base + (1 if i < extra else 0)
        pile = money[-size:]   # drawn from the top (the last card) down
        del money[-size:]
        pile.reverse()
        piles.append(pile)
    for card, index in ((SCORE_A, 1), (SCORE_B, 3)):
        pile = piles[index]
        pile.insert(rng.randbelow(chance, len(pile) + 1), card)
    deck: list[int] = []
    for pile in reversed(piles):
        deck.extend(reversed(pile))   # so pile[0] of pile 1 is the top card
    log.append(m("ev.piles", sizes=", ".join(str(len(pile)) for pile in piles)))

    return {
        "game": "alhambra",
        "players": players,
        "options": {},
        "rng": chance["rng"],
        "phase": "act",
        "turn": start,
        "start_seat": start,
        "actions_taken": 0,
        "pending": [],
        "hands": hands,
        "money_row": row,
        "money_deck": deck,
        "discard": [],
        "pile_sizes": [len(pile) for pile in piles],
        "cards_drawn": 0,
        "building_deck": building_deck,
        "yard": yard,
        "built": [[] for _ in range(players)],
        "neutral": neutral,
        "scores": [[0, 0, 0] for _ in range(players + (1 if neutral is not None else 0))],
        "scored_rounds": [],
        "setup_log": log,
    }


def setup_events(state: AlhambraState) -> list[Msg]:
    """Public log lines of the set-up (open starting draw, start player)."""
    return list(state["setup_log"])
