"""The new state of a game and its opening events."""

from __future__ import annotations

from games import rng
from games.base import Msg, seat_order

from . import derived, flow
from .common import State, draw_n, m
from .data import N_CARDS, START_HAND
from .schema import Options


def new_state(players: int, options: Options, seed: int) -> State:
    """A shuffled deck and tiles, each seat's indigo plant, the first
    governor, and either the start hands (4 cards each) and the first round,
    or the optional start rule's picks."""
    n = players
    state: State = {
        "game": "sanjuan",
        "players": n,
        "options": options,
        "rng": rng.seed_state(seed),
        "phase": "role",
        "round": 1,
        "governor": 0,
        "turn": None,
        "deciding": [],
        "roles": [],
        "role_order": [],
        "chooser_index": 0,
        "chooser": None,
        "library_privilege": False,
        "library_used": [False] * n,
        "tiles": [0, 1, 2, 3, 4],
        "turned_tile": None,
        # Each seat's starting indigo plant comes out of the deck (cards 0..n-1).
        "cities": [[[seat, -1]] for seat in range(n)],
        "covered": [[] for _ in range(n)],
        "chapel": [[] for _ in range(n)],
        "hands": [[] for _ in range(n)],
        "deck": list(range(n, N_CARDS)),
        "discard": [],
        "looking_at": [[] for _ in range(n)],
        "picked": [[] for _ in range(n)],
        "picks_needed": [0] * n,
        "pick_mode": [""] * n,
        "selected": [[] for _ in range(n)],
        "select_limit": [0] * n,
        "built_this_phase": [None] * n,
        "building": None,
        "builder_order": [],
        "builder_index": 0,
        "builder_step": None,
        "city_bits": [], "select_kinds": [], "affordable": 0,  # (derived: filled next)
    }
    derived.fill(state)  # type: ignore[arg-type]
    rng.shuffle(state, state["deck"])
    rng.shuffle(state, state["tiles"])
    # "Players choose the first governor as they like": the RNG chooses.
    state["governor"] = rng.randbelow(state, n)
    events: list[Msg] = []  # (the opening events are ``opening_events``: these say nothing more)
    if options["start_choice"]:
        flow.begin_start_choice(state, events)
    else:
        for seat in seat_order(n, state["governor"]):
            state["hands"][seat] = draw_n(state, START_HAND, events)
        flow.begin_round(state, events, first=True)
    return state


def opening_events(state: State) -> list[Msg]:
    """The opening log line: who is the first governor (round 1)."""
    governor = {"seat": state["governor"]}
    if state["phase"] == "start":  # the optional start rule: the round begins after the picks
        return [m("ev.first_governor", player=governor)]
    return [m("ev.round", n=1, player=governor)]
