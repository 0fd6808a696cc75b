"""Building Maharaja positions through the engine's own actions."""

from __future__ import annotations

from games.maharaja import GAME
from games.maharaja.board import VILLAGE_IDS
from games.maharaja.common import add_house, keep_character_order, set_village


def act(state, seat, action_id):
    return GAME.apply(state, seat, action_id)


def start(n, chars, options=None, seed=1):
    """A game in round 1's planning phase: ``chars[seat]`` chosen in the
    engine's order, starting houses placed on the first open villages."""
    state = GAME.setup(n, GAME.resolve_options(options), seed)
    while state["phase"] == "choose":
        seat = GAME.to_act(state)[0]
        act(state, seat, f"char:{chars[seat]}")
    place_starting_houses(state)
    return state


def place_starting_houses(state):
    """Each starting house on the first open village the menus offer."""
    while state["phase"] == "place":
        seat = GAME.to_act(state)[0]
        ids = GAME.legal_ids(state, seat)
        if not any(i.startswith("at:") for i in ids):
            act(state, seat, next(i for i in ids if i.startswith("road:")))
            ids = GAME.legal_ids(state, seat)
        act(state, seat, next(i for i in ids if i.startswith("at:")))


def fill_villages(state, owner_of=lambda i, vid: [i % 2]):
    """Give every village houses (reserve counts are adjusted to conserve)."""
    n = state["players"]
    for vid, owners in state["villages"].items():
        for s in owners:
            state["reserve"][s] += 1
        set_village(state, vid, [])
    for i, vid in enumerate(VILLAGE_IDS):
        for s in owner_of(i, vid):
            if s < n:
                add_house(state, vid, s)
                # from the bank first so the reserve stays usable
                if state["bank_houses"][s] > 0:
                    state["bank_houses"][s] -= 1
                else:
                    state["reserve"][s] -= 1
    GAME.check_invariants(state)


def deal(state, characters):
    """Hand ``characters`` out directly (a constructed position), the
    character order kept as ``pass_card`` keeps it."""
    state["characters"] = characters
    keep_character_order(state)


def empty_village(state, vid):
    """Take every house off ``vid`` back into its owner's reserve."""
    for s in state["villages"][vid]:
        state["reserve"][s] += 1
    set_village(state, vid, [])


def plan(state, seat, a, b):
    act(state, seat, f"plan:{a}")
    act(state, seat, f"plan:{b}")
    return act(state, seat, "plan.confirm")


def travel(state, seat, city, via=0):
    """Travel to ``city``; where equal routes pay different players, take option ``via``."""
    act(state, seat, "do:travel")
    events = act(state, seat, f"go:{city}")
    if state["turn_progress"] and state["turn_progress"]["decision"] and state["turn_progress"]["decision"]["kind"] == "route":
        events = act(state, seat, f"via:{via}")
    return events


def pick(state, seat, loc):
    """Choose ``loc`` in the open location picker (through a road group if needed)."""
    from games.maharaja.board import ROAD_OF
    ids = GAME.legal_ids(state, seat)
    if f"at:{loc}" not in ids:
        act(state, seat, f"road:{ROAD_OF[loc]}")
    return act(state, seat, f"at:{loc}")


def build(state, seat, loc, mason=False):
    act(state, seat, "mason:build" if mason else "do:build")
    return pick(state, seat, loc)
