"""Determinization (``SanJuan.determinize``): a full state a seat cannot tell
from the real one, drawn from its view alone.

Known to the seat: every visible building and covered card, the open gold
mine cards, its own hand, chapel, looked-at, picked and paid cards.  Every
other card is in the unknown pool, dealt at random to what the view only
counts: the goods (face down, the seat's own too), the deck, the discard pile
and the others' hands.  What is left over belongs to containers the view does
not even count: the others' looked-at cards (their sizes follow from the rules:
the councillor draws 2, its chooser 5 or 8, the start rule 5–8), a building
another seat is paying for, and the others' chapel cards (their number is
secret: the rest is split among the seats that have, or had, a chapel).  The
others are taken not to have chosen yet in a simultaneous phase (nothing picked
or selected), which the view cannot tell from a partial choice.  The order of
the face-down trading-house tiles and the generator's future are drawn anew."""

from __future__ import annotations

from typing import Any, cast

from games.base import seat_order

from . import derived
from .data import (
    AQUEDUCT,
    ARCHIVE,
    CARD_TYPE,
    CHAPEL,
    HAND_LIMIT,
    IS_PROD,
    N_CARDS,
    PREFECTURE,
    START_CHOICE_DRAW,
    TOWER,
    TOWER_LIMIT,
    TRADING_POST,
)
from .schema import Building, SanJuanState, SeatView


def _tops(view: SeatView, player: int) -> set[int]:
    """The types visible in ``p``'s city (outside the builder phase every one works)."""
    return {CARD_TYPE[c] for c, _ in view["cities"][player]}


def _working(view: SeatView, player: int) -> set[int]:
    fresh = view["built_this_phase"][player]
    return {CARD_TYPE[c] for c, _ in view["cities"][player] if c != fresh}


def determinize(view: SeatView, seat: int, rnd: Any) -> SanJuanState:
    n = view["players"]
    phase = view["phase"]
    others = [player for player in range(n) if player != seat]
    known: set[int] = set()
    for player in range(n):
        known.update(c for c, _ in view["cities"][player])
        known.update(view["covered"][player])
    looking: list[list[int]] = [[] for _ in range(n)]
    if phase == "goldmine":  # the gold mine's cards lie open
        for player in range(n):
            looking[player] = list(view["gold_mine_cards"][player])
            known.update(looking[player])
    mine = view["hand"], view["chapel"], view["looking_at"], view["picked"]
    for cards in mine:
        known.update(cards)
    bld_view = view["building"]
    if bld_view is not None:
        known.add(bld_view["card"])
        known.update(bld_view["paid_cards"])
    pool = [c for c in range(N_CARDS) if c not in known]
    rnd.shuffle(pool)

    def deal(k: int) -> list[int]:
        out = pool[len(pool) - k:] if k else []
        del pool[len(pool) - k:]
        return out

    cities = [[[c, deal(1)[0] if g else -1] for c, g in view["cities"][player]] for player in range(n)]
    hands = [list(view["hand"]) if player == seat else deal(view["hand_sizes"][player]) for player in range(n)]
    building: Building | None = None
    if bld_view is not None:
        building = {"card": bld_view["card"], "over": bld_view["over"], "cost": bld_view["cost"],
                    "paid_cards": list(bld_view["paid_cards"]),
                    "paid_goods": [[i, deal(1)[0]] for i in bld_view["paid_goods_from"]]}
    deck = deal(view["deck_size"])
    discard = deal(view["discard_size"])
    # What is left: the others' uncounted containers (see the module's doc).
    picks_needed = [0] * n
    pick_mode: list[str] = [""] * n
    picked: list[list[int]] = [[] for _ in range(n)]
    picks_needed[seat], pick_mode[seat], picked[seat] = view["picks_needed"], view["pick_mode"], list(view["picked"])
    looking[seat] = list(view["looking_at"])
    deciding = [player for player in view["deciding"] if player != seat]
    sizes: dict[int, int] = {}  # others' looked-at cards to deal
    if phase == "councillor":
        lib = 2 if view["library_privilege"] else 1
        for player in deciding:
            works = _tops(view, player)
            keep = 2 if PREFECTURE in works else 1
            drawn = 2 + 3 * lib if player == view["chooser"] else 2
            if ARCHIVE in works:  # the drawn cards are in the hand: discards come from it
                pick_mode[player], picks_needed[player] = "discard", max(1, min(drawn - keep, view["hand_sizes"][player]))
            else:
                pick_mode[player], picks_needed[player] = "keep", keep
                sizes[player] = drawn
    elif phase == "start":
        order = seat_order(n, view["governor"])
        for player in deciding:
            drawn = START_CHOICE_DRAW[order.index(player)]
            pick_mode[player], picks_needed[player] = "keep", min(4, drawn)
            sizes[player] = drawn
    elif phase == "limit":
        for player in deciding:
            limit = TOWER_LIMIT if TOWER in _tops(view, player) else HAND_LIMIT
            pick_mode[player], picks_needed[player] = "discard", max(1, view["hand_sizes"][player] - limit)
    elif phase == "goldmine":
        for player in deciding:
            pick_mode[player], picks_needed[player] = "keep", 1
    # A draw that came short (both piles empty) leaves fewer cards: shrink the largest.
    while sizes and sum(sizes.values()) > len(pool):
        player = max(sizes, key=sizes.__getitem__)
        sizes[player] -= 1
    for player, k in sizes.items():
        looking[player] = deal(k)
        picks_needed[player] = min(picks_needed[player], max(1, k - 1))
    turn = view["turn"]
    if phase == "builder" and turn is not None and turn != seat and view["builder_step"] in ("onto", "pay") and pool:
        card = deal(1)[0]
        building = {"card": card, "over": -1, "cost": 0, "paid_cards": [], "paid_goods": []}
    chapels = [player for player in others if CHAPEL in _tops(view, player) or any(CARD_TYPE[c] == CHAPEL for c in view["covered"][player])]
    chapel = [list(view["chapel"]) if player == seat else [] for player in range(n)]
    if pool and chapels:
        for c in pool:
            chapel[rnd.choice(chapels)].append(c)
        pool.clear()
    if pool and building is not None and turn is not None and turn != seat:
        building["paid_cards"] = deal(len(pool))
        building["cost"] = len(building["paid_cards"]) + (1 if view["hand_sizes"][turn] else 0)
    for player in deciding:  # the rest: cards another seat has already discarded or kept
        if pool and pick_mode[player] == "discard":
            picked[player] = deal(len(pool))
            if phase == "limit":  # the hand was larger by as many
                picks_needed[player] += len(picked[player])
            else:
                picks_needed[player] = max(picks_needed[player], len(picked[player]) + 1)
        elif pool and pick_mode[player] == "keep" and picks_needed[player] > 1:
            picked[player] = deal(min(len(pool), picks_needed[player] - 1))
    assert not pool, "cards unaccounted for"
    tiles = [t for t in range(5) if t != view["turned_tile"]]
    rnd.shuffle(tiles)
    selected = [list(view["selected"]) if player == seat else [] for player in range(n)]
    select_limit = [view["select_limit"] if player == seat else 0 for player in range(n)]
    if phase in ("producer", "trader"):
        producer = phase == "producer"
        extra = AQUEDUCT if producer else TRADING_POST
        for player in others:
            count = sum(1 for c, g in cities[player] if IS_PROD[c] and (g < 0 if producer else g >= 0))
            if not count:
                continue
            limit = (3 if view["library_privilege"] else 2) if player == view["chooser"] else 1
            if limit < count and extra in _working(view, player):
                limit += 1
            select_limit[player] = min(limit, count)
    state = {
        "game": view["game"],
        "players": n,
        "options": dict(view["options"]),
        "rng": rnd.getrandbits(64),
        "phase": phase,
        "round": view["round"],
        "governor": view["governor"],
        "turn": turn,
        "deciding": list(view["deciding"]),
        "roles": [dict(r) for r in view["roles"]],
        "role_order": list(view["role_order"]),
        "chooser_index": view["chooser_index"],
        "chooser": view["chooser"],
        "library_privilege": view["library_privilege"],
        "library_used": list(view["library_used"]),
        "tiles": tiles,
        "turned_tile": view["turned_tile"],
        "cities": cities,
        "covered": [list(c) for c in view["covered"]],
        "chapel": chapel,
        "hands": hands,
        "deck": deck,
        "discard": discard,
        "looking_at": looking,
        "picked": picked,
        "picks_needed": picks_needed,
        "pick_mode": pick_mode,
        "selected": selected,
        "select_limit": select_limit,
        "built_this_phase": list(view["built_this_phase"]),
        "building": building,
        "builder_order": seat_order(n, view["chooser"]) if phase == "builder" and view["chooser"] is not None else [],
        "builder_index": 0,
        "builder_step": view["builder_step"],
    }
    if phase == "builder" and turn is not None:
        state["builder_index"] = state["builder_order"].index(turn)
    derived.fill(state)
    return cast(SanJuanState, state)
