"""The table service: lobby, moves, AI seats and timers, frontend-agnostic.

Both the Discord bot and the offline console drive games only through
``TableService``.  It owns the rules of the *platform* (who may join, start,
abort, whose click counts); the rules of each *game* stay in its engine.  Every
request is serialised per channel, so moves in one game never interleave while
different games run concurrently.

The service is made of units, one per responsibility, over one shared
``TableCore`` (the store, the locks, the cache, the frontend's hooks:
``service.core``):

* ``service.lobby``: open, join, leave, AI seats, start, abort, pause, resume;
* ``service.play``: a seat's move, the AI's answers, the change pipeline;
* ``service.clocks``: what falls due and doing it (``service.clock`` counts);
* ``service.votes``: who votes on an absent seat, and what the vote decides;
* ``service.seats``: seats changing hands (leave, rejoin, substitute) and undo.

``TableService`` stays the one object a frontend holds, a facade whose every
name is its unit's method: the bot, the console and the tests call it in a few
hundred places, and one entry point keeps them thin (they need not know which
unit does what); a reader of a rule goes to the unit named above.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from games.base import Game
from service import core
from service.clocks import Clocks
from service.core import (
    ABORTED,
    ACTIVE,
    FINISHED,
    LOBBY,
    Amendment,
    Caller,
    TableCore,
    Update,
    human_user_ids,
)
from service.lobby import Lobby
from service.play import MAX_AI_STEPS, Play
from service.seats import CLOCK_AI, LEAVE, REJOIN, SUBSTITUTE, UNDO, Seats
from service.store import Store, TableRow
from service.thinking import Thinker
from service.votes import VOTE_CHOICES, Votes

__all__ = ["ABORTED", "ACTIVE", "CLOCK_AI", "FINISHED", "LEAVE", "LOBBY", "MAX_AI_STEPS", "REJOIN", "SUBSTITUTE",
           "UNDO", "VOTE_CHOICES", "Amendment", "Caller", "TableService", "Update", "human_user_ids"]


class TableService:
    # Pure lookups, usable on the class (``TableService.engine(row)``).
    engine: Callable[[TableRow], Game] = staticmethod(core.engine)
    seat_of = staticmethod(core.seat_of)
    check_running = staticmethod(core.check_running)

    def __init__(self, store: Store, *, rng: random.Random | None = None, clock_scale: float = 1.0):
        self.core = TableCore(store, rng=rng, clock_scale=clock_scale)
        self._play = play = Play(self.core)
        self._seats = seats = Seats(self.core, play)
        self._votes = votes = Votes(self.core, seats)
        self._clocks = clocks = Clocks(self.core, play, seats)
        self._lobby = lobby = Lobby(self.core, play, seats)
        # lookup (the core)
        self.lock, self.forget = self.core.lock, self.core.forget
        self.table_in_channel, self.table, self.require_table = \
            self.core.table_in_channel, self.core.table, self.core.require_table
        self.cached_in_channel, self.cached, self.open_tables = \
            self.core.cached_in_channel, self.core.cached, self.core.open_tables
        self.to_act, self.humans_to_act = self.core.to_act, self.core.humans_to_act
        # lobby
        self.open_table, self.join, self.leave = lobby.open_table, lobby.join, lobby.leave
        self.add_ai, self.remove_ai, self.member_gone = lobby.add_ai, lobby.remove_ai, lobby.member_gone
        self.start, self.abort, self.pause, self.resume = lobby.start, lobby.abort, lobby.pause, lobby.resume
        # play and AI
        self.legal_actions, self.play, self.prompt_current = play.legal_actions, play.play, play.prompt_current
        self.resume_ai, self.thinking_done, self.stop_thinking = \
            play.resume_ai, play.thinking_done, play.stop_thinking
        # clocks and votes
        self.clock_dues, self.clock_tick, self.timers = clocks.clock_dues, clocks.clock_tick, clocks.timers
        self.vote = votes.vote
        # seats and undo
        self.leave_game, self.rejoin, self.substitute = seats.leave_game, seats.rejoin, seats.substitute
        self.can_undo, self.undo = seats.can_undo, seats.undo

    # The store and the frontend's hooks live in the core, shared by every unit.
    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock_scale(self) -> float:
        return self.core.clock_scale

    @clock_scale.setter
    def clock_scale(self, value: float) -> None:
        self.core.clock_scale = value

    @property
    def listener(self) -> Callable[[TableRow], None] | None:
        return self.core.listener

    @listener.setter
    def listener(self, value: Callable[[TableRow], None] | None) -> None:
        self.core.listener = value

    @property
    def membership(self) -> Callable[[int | None, int], Awaitable[bool | None]] | None:
        return self.core.membership

    @membership.setter
    def membership(self, value: Callable[[int | None, int], Awaitable[bool | None]] | None) -> None:
        self.core.membership = value

    @property
    def thinker(self) -> Thinker | None:
        return self.core.thinker

    @thinker.setter
    def thinker(self, value: Thinker | None) -> None:
        self.core.thinker = value
