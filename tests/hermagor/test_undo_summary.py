"""The undo window (``closes_undo``) and the private summary of Hermagor.

The rules every game keeps are in ``tests.undo_contract``; here: what
Hermagor hides (the face-down action tiles, the bag, money, the tax shown)
and its concrete actions."""

import json

import pytest

from games.base import clone
from games.hermagor import GAME
from games.hermagor.stalls import draw_tile
from tests.hermagor.util import fresh, give_tile, put_post, to_phase3
from tests.undo_contract import (
    Step,
    UndoRules,
    check_summary,
    check_summary_catalogue,
    judge,
    left_open,
    summaries,
    text,
)

VARIANTS = ({}, {"tax": True}, {"six": True}, {"ten": True})
SEEDS = range(8)


def _public_tiles(state):
    """Tile identities lying open: on the stalls and in front of the players."""
    return {t for t in state["stalls"] if t} | {t for f in state["front_tiles"] for t in f}


def _reveals_nothing(st: Step) -> None:
    """The table shows nothing that was hidden: no action tile turned, no tile
    out of the bag, no money shown or scored."""
    before, after, action = st.before, st.after, st.action
    assert action != "show", action
    pub_before, pub_after = st.views(None)
    assert pub_after["money"] == [None] * before["players"]
    assert pub_after["action_tiles_left"] == pub_before["action_tiles_left"]
    assert after["action_tiles"] == before["action_tiles"] and after["action_tile"] == before["action_tile"]
    assert after["round"] == before["round"]
    assert _public_tiles(after) <= _public_tiles(before), action
    assert set(before["bag"]) <= set(after["bag"]), action
    assert (after["tax_official"] or {}).get("shown") == (before["tax_official"] or {}).get("shown")
    assert after["final_income"] is None


RULES = UndoRules(GAME, _reveals_nothing)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_self_play_undoable_actions_reveal_nothing(players):
    tally = RULES.self_play((players, seed, options) for options in VARIANTS for seed in SEEDS)
    assert any(closes for _, closes in tally) and left_open(tally)
    # menus and the open decisions are mostly undoable; money shown never
    for k in ("band", "back", "sp", "stall", "walk", "to", "start", "rise", "norise"):
        assert tally[k, False] > 0, k
    assert tally["show", False] == 0 and tally["show", True] > 0


# -- targeted cases ---------------------------------------------------------------

def test_buyer_placement_is_undoable():
    state = fresh(3, 4)
    assert state["phase"] == "buy"
    seat = state["turn"]
    RULES.assert_undoable(judge(GAME, state, seat, "band:2"))
    target = next(a for a in GAME.legal_ids(state, seat) if a.startswith("sp:"))
    st = judge(GAME, state, seat, target)
    RULES.assert_undoable(st)
    assert state["turn"] != seat


def test_tax_show_closes_and_hide_does_not():
    state = fresh(4, 2, tax=True)
    assert state["phase"] == "tax"
    RULES.assert_undoable(judge(GAME, state, GAME.to_act(state)[0], "hide"))
    st = judge(GAME, state, GAME.to_act(state)[0], "show")
    assert st.closes is True and not st.drew_chance  # no chance: the reveal closes it


def test_walk_and_pass_are_undoable():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    for action in ("walk:0", "back", "walk:0"):
        RULES.assert_undoable(judge(GAME, state, 0, action))
    target = GAME.legal_ids(state, 0)[0]
    assert target.startswith("to:")
    RULES.assert_undoable(judge(GAME, state, 0, target))
    state = to_phase3(fresh(3, 1), seat=1, hand=3)
    RULES.assert_undoable(judge(GAME, state, 1, "pass"))


def test_selling_pays_other_posts_and_closes():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    give_tile(state, 0, "g1")  # corn
    state["merchants"][0] = "v1"  # corn village next to Hermagor
    RULES.assert_undoable(judge(GAME, state, 0, "sell"))  # nobody else earns: open
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    give_tile(state, 0, "g1")
    state["merchants"][0] = "v1"
    put_post(state, 1, "v1")  # seat 1 earns 1 from this sale
    st = judge(GAME, state, 0, "sell")
    assert state["money"][1] == st.before["money"][1] + 1
    assert st.closes is True


def test_new_round_turns_an_action_tile_without_chance_and_closes():
    state = to_phase3(fresh(3, 1), seat=0, hand=0)
    state["posts_in_hand"][0] = 1
    state["post_supply"][0] -= 1
    for s in range(3):
        state["bag"].extend(state["front_tiles"][s])
        state["front_tiles"][s] = []
    for stall in range(len(state["stalls"])):  # no stall left empty: no draw
        if stall in (4, 5, 6, 7, 8, 9, 10, 11) and state["stalls"][stall] is None:
            state["stalls"][stall] = draw_tile(state)
    GAME.check_invariants(state)
    st = judge(GAME, state, 0, "pass")
    assert state["round"] == st.before["round"] + 1
    assert not st.drew_chance  # nothing drawn, yet a hidden tile was turned
    assert st.closes is True


def test_end_of_game_closes():
    state = to_phase3(fresh(2, 3), seat=0, hand=0)
    state["posts_in_hand"][0] = 1
    state["post_supply"][0] -= 1
    state["action_tiles"] = []
    st = judge(GAME, state, 0, "pass")
    assert GAME.is_over(state) and st.closes is True


def test_view_hides_the_order_of_the_action_tiles_and_the_bag():
    state = fresh(4, 9)
    for seat in (None, 0, 3):
        view = GAME.view(state, seat)
        assert "action_tiles" not in view and view["action_tiles_left"] == len(state["action_tiles"])
        assert "bag" not in view and view["bag_size"] == len(state["bag"])
        text = json.dumps(view)
        assert all(f'"{tile}"' not in text for tile in state["bag"])  # no bag tile named anywhere
    assert state["action_tiles"] and all(isinstance(a, int) for a in state["action_tiles"])


def test_views_are_built_not_copied():
    """A view shares no list or dict with the state: changing it changes nothing."""
    state = fresh(2, 4)
    before = clone(state)
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        view["village_posts"]["v1"].append(0)
        view["front_tiles"][0].append("g1")
        view["production"]["corn"][0] = 1
        view["stalls"][5] = None
        view["money"][0] = 99
        view["pending"].append({"kind": "production", "seat": 0})
    assert state == before


def test_a_seat_view_adds_only_its_own_money():
    state = fresh(3, 6)
    public = GAME.view(state, None)
    for seat in range(3):
        view = GAME.view(state, seat)
        assert set(view) == set(public)
        assert view["money"] == [state["money"][s] if s == seat else None for s in range(3)]
        assert {k: v for k, v in view.items() if k not in ("money", "seat")} == \
            {k: v for k, v in public.items() if k not in ("money", "seat")}


# -- private summary ----------------------------------------------------------------

def test_summary_keys_are_in_the_catalogue():
    check_summary_catalogue(GAME, at_least=5)


def test_summary_renders_in_both_languages_over_games():
    runs = [(players, players, options) for players in (2, 3, 5) for options in ({}, {"tax": True})]
    assert all(summaries(GAME, runs, every=17, sizes=(2, 8)))


def test_summary_shows_own_holdings_only():
    state = to_phase3(fresh(3, 1), seat=0, hand=3)
    for s in range(3):
        state["bag"].extend(state["front_tiles"][s])
        state["front_tiles"][s] = []
    give_tile(state, 0, "g4")     # salt + books
    give_tile(state, 0, "side")
    give_tile(state, 1, "g15")    # seat 1's dragon eggs
    state["money"] = [13, 77, 58]
    lines = check_summary(GAME, GAME.view(state, 0), 0, sizes=(2, 8))
    en, hu = text(lines, "en"), text(lines, "hu")
    assert "Money: 13" in en and "Pénz: 13" in hu
    assert "77" not in en and "58" not in en
    assert "3 in front of you" in en and "3 előtted" in hu
    assert "tile 4: salt + books" in en and "Side road" in en and "Mellékút" in hu
    assert "tile 15" not in en and "dragon eggs" not in en
    # only the view counts: another seat's money or tiles change nothing
    other = clone(state)
    other["money"][1] = 5
    other["front_tiles"][1] = []
    other["bag"].append("g15")
    assert GAME.private_summary(GAME.view(other, 0), 0) == lines
    # a spectator's view has no money to show
    spectator = text(GAME.private_summary(GAME.view(state, None), 0), "en")
    assert "Money" not in spectator


def test_summary_two_players_shared_colour_and_buyers():
    state = fresh(2, 5)
    assert state["phase"] == "buy"
    seat = state["turn"]
    en = text(check_summary(GAME, GAME.view(state, seat), seat, sizes=(2, 8)), "en")
    assert "Shared colour: 2 trading posts, 2 buyers" in en
    assert "Buyers left: 4" in en
    assert "Tiles: none" in en
    assert f"Money: {state['money'][seat]}" in en

