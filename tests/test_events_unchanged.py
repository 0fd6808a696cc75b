"""What an engine hands out is never changed afterwards.

Events, action labels, the setup events and views are shared: the service writes them to the
outbox and the log, the deliverer and the renderers read them later, and an engine may build an
event once and hand the same object out again (read-only, as San Juan's and Maharaja's are).  So
an engine that hands out a pre-built dict and changes it on a later move, or anyone else changing
one, corrupts what other tables and players are shown.  Here seeded random games of every engine
at every player count keep each object returned, with a deep copy taken the moment it was
returned, and at the end of the game every object must still equal its copy; and a seeded game
of every engine played through the table service keeps the events the engine returned to the
service and those the service returned, so a service changing an event fails too.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games import registry
from service.store import Store
from service.tables import ACTIVE, Caller, TableService

SEEDS = (3, 11, 29)


def _cases() -> list[tuple[str, int]]:
    return [(game_id, players) for game_id in registry.game_ids()
            for players in range(registry.get(game_id).min_players, registry.get(game_id).max_players + 1)]


class Handed:
    """Every object handed out, with its copy from the moment it was handed out."""

    def __init__(self) -> None:
        self.kept: list[tuple[str, Any, Any]] = []

    def keep(self, what: str, obj: Any) -> Any:
        self.kept.append((what, obj, copy.deepcopy(obj)))
        return obj

    def changed(self) -> list[str]:
        return [f"{what}: now {obj!r:.300}, was {then!r:.300}" for what, obj, then in self.kept if obj != then]


def play(game_id: str, players: int, seed: int) -> Handed:
    game = registry.get(game_id)
    handed = Handed()
    rnd = random.Random(seed)
    state = game.setup(players, game.resolve_options(None), seed)
    handed.keep("setup_events", game.setup_events(state))
    for step in range(20_000):
        seats = game.to_act(state)
        if not seats:
            assert game.is_over(state)
            handed.keep("final view", game.view(state, None))
            return handed
        seat = rnd.choice(seats)
        legal = handed.keep(f"step {step}: legal_actions({seat})", game.legal_actions(state, seat))
        handed.keep(f"step {step}: view({seat})", game.view(state, seat))
        handed.keep(f"step {step}: view(None)", game.view(state, None))
        action = rnd.choice(legal).id
        handed.keep(f"step {step}: apply({seat}, {action!r})", game.apply(state, seat, action))
    raise AssertionError(f"{game_id} {players}p seed {seed} did not end")


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_nothing_handed_out_changes_later(game_id, players):
    for seed in SEEDS:
        changed = play(game_id, players, seed)
        bad = changed.changed()
        assert not bad, f"{game_id} {players}p seed {seed}: {len(bad)} objects changed after they were handed " \
                        f"out; the first: {bad[0]}"


@pytest.mark.parametrize("game_id", registry.game_ids())
async def test_the_service_changes_no_event(tmp_path, monkeypatch, game_id):
    game = registry.get(game_id)
    handed = Handed()
    apply = game.apply

    def kept_apply(state, seat, action_id):
        return handed.keep(f"engine apply({seat}, {action_id!r})", apply(state, seat, action_id))

    monkeypatch.setattr(game, "apply", kept_apply)  # the service's engine is this very object
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    try:
        service = TableService(store)
        callers = [Caller(i + 1, f"p{i}") for i in range(game.min_players)]
        await service.open_table(channel_id=10, guild_id=1, caller=callers[0], game_id=game_id, seed=SEEDS[0])
        for caller in callers[1:]:
            await service.join(10, caller)
        start = await service.start(10, callers[0])
        handed.keep("start events", start.events)
        row, rnd = start.table, random.Random(SEEDS[0])
        for _ in range(20_000):
            if row.status != ACTIVE:
                break
            seat = rnd.choice(service.to_act(row))
            action = rnd.choice(game.legal_ids(row.state, seat))
            caller = next(c for c in callers if c.user_id == row.seats[seat].user_id)
            update = await service.play(row.id, caller, action)
            handed.keep(f"service events of play({seat}, {action!r})", update.events)
            row = update.table
        assert row.status != ACTIVE, f"{game_id} did not end"
    finally:
        await store.close()
    bad = handed.changed()
    assert not bad, f"{game_id}: {len(bad)} events changed after they were handed out; the first: {bad[0]}"
