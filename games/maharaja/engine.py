"""The Maharaja engine: wires the rule modules into the ``games.base`` protocol."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from games import rng
from games.base import Action, Game, IllegalAction, Msg, Option, Outcome, State, msg, seat_ref
from games.maharaja import rounds, scoring, setup_phase, turn, undo
from games.maharaja.board import CITY_IDS, VILLAGE_IDS
from games.maharaja.common import char_msg, k
from games.maharaja.data import (
    ACTION_COINS,
    HOUSES_PER_COLOUR,
    OUTER_SLOTS,
    PALACES,
    PALACES_SHORT,
    START_GOLD,
    START_HOUSES,
    TRACK_START_SPACES,
)

PART_KEYS = ("gold", "quarry", "hcity", "hany", "house", "move", "palace", "gov", "swap")


# The last menu computed, so that ``apply`` right after ``legal_actions`` (the
# usual pattern) need not rebuild it.  Keyed by the state object itself and its
# step counter, which every ``apply`` bumps; a state changed by hand between
# the two calls (tests only) must bump ``state["step"]`` too.
_LAST: list[Any] = [None, -1, -1, frozenset()]


class Maharaja(Game):
    id = "maharaja"
    min_players = 2
    max_players = 5
    options = (
        Option("short", False, (False, True), "maharaja.option.short", "maharaja.option.short.desc"),
        Option("advanced", 0, (0, 1, 2), "maharaja.option.advanced", "maharaja.option.advanced.desc"),
    )

    # -- lifecycle -----------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        self.check_players(players)
        options = self.resolve_options(options)
        n = players
        advanced = options["advanced"]
        total = PALACES_SHORT if options["short"] else PALACES
        state: State = {
            "game": self.id, "players": n, "options": options, "rng": rng.seed_state(seed),
            "phase": "choose", "round": 0, "end": None,
            "gold": [START_GOLD] * n,
            "reserve": [START_HOUSES] * n,
            "bank_houses": [HOUSES_PER_COLOUR - START_HOUSES] * n,
            "palaces": [total] * n, "palace_total": total,
            "chars": [[] for _ in range(n)],
            "char_bank": list(range(1, 8 if advanced else 7)),
            "coins": [0] * n, "coin_bank": ACTION_COINS if advanced else 0,
            "arch": ["start"] * n, "maharaja": "start",
            "villages": {v: [] for v in VILLAGE_IDS},
            "city_houses": {c: [0] * n for c in CITY_IDS},
            # neutral outer palaces of the unused colours (< 5 players, every game:
            # §5.0 points the basic game to 11.2.4) are stored as -(colour + 1)
            "gardens": {c: {"inner": None, "outer": [-(col + 1) for col in range(n, 5)]}
                        for c in CITY_IDS},
            "plans": [[] for _ in range(n)], "confirmed": [False] * n, "revealed": [False] * n,
            "acted": [False] * n, "coin_used": [False] * n,
            "turn": None, "pending": None, "choose": None, "bid": None, "place": None,
            "last_eval": None, "step": 0,
        }
        order = list(CITY_IDS)
        rng.shuffle(state, order)
        state["gov"] = {c: i for i, c in enumerate(order)}
        # "the youngest player" starts: a random seat drawn from the game RNG
        first = rng.randbelow(state, n)
        state["first"] = first
        state["intro"] = [k("event.youngest", seat=seat_ref(first))]
        if advanced:
            state["phase"] = "bid"
            state["intro"] += setup_phase.start_auction(state)
        else:
            state["choose"] = {"order": [(first + i) % n for i in range(n)], "i": 0}
        return state

    def setup_events(self, state: State) -> list[Msg]:
        """Who was drawn as "youngest" (and the opening of the bidding variant)."""
        return list(state.get("intro", []))

    def to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "plan":
            return [s for s in range(state["players"]) if not state["confirmed"][s]]
        if phase == "act":
            pending = state["pending"]
            return [pending["seat"] if pending else state["turn"]["seat"]]
        if phase == "choose":
            return [setup_phase.choose_seat(state)]
        if phase == "bid":
            return [setup_phase.bid_seat(state)]
        if phase == "place":
            return [setup_phase.place_seat(state)]
        return []

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        actions = self._legal(state, seat)
        _LAST[:] = [state, state["step"], seat, frozenset(a.id for a in actions)]
        return actions

    def _legal(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "plan":
            return rounds.plan_legal(state, seat)
        if phase == "act":
            return turn.legal(state, seat)
        if phase == "choose":
            return setup_phase.choose_legal(state)
        if phase == "bid":
            return setup_phase.bid_legal(state)
        return setup_phase.place_legal(state)

    def apply(self, state: State, seat: int, action_id: str) -> list[Msg]:
        if seat not in self.to_act(state):
            raise IllegalAction(msg("core.error.not_your_turn"))
        if _LAST[0] is state and _LAST[1] == state["step"] and _LAST[2] == seat:
            legal = _LAST[3]
        else:
            legal = {a.id for a in self._legal(state, seat)}
        if action_id not in legal:
            raise IllegalAction(msg("core.error.illegal_action", action=action_id))
        state["step"] += 1
        _LAST[0] = None
        phase = state["phase"]
        if phase == "plan":
            events = rounds.plan_apply(state, seat, action_id)
            if action_id == "plan.confirm":
                a, b = state["plans"][seat]
                events.append({**k("event.my_plan", a=k(f"action.{a}"), b=k(f"action.{b}")), "to": seat})
            return events
        if phase == "act":
            return turn.apply(state, seat, action_id)
        if phase == "choose":
            return setup_phase.choose_apply(state, seat, action_id)
        if phase == "bid":
            return setup_phase.bid_apply(state, seat, action_id)
        return setup_phase.place_apply(state, seat, action_id)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    # -- what players see -------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> Msg:
        if seat not in self.to_act(state):
            return k("prompt.over") if self.is_over(state) else k("prompt.wait")
        phase = state["phase"]
        if phase == "choose":
            return k("prompt.choose")
        if phase == "bid":
            b = state["bid"]
            if b["picker"] is not None:
                return k("prompt.choose")
            return k("prompt.bid", gold=max(b["high"], 0)) if b["leader"] is not None else k("prompt.bid_open")
        if phase == "place":
            p = state["place"]
            return k("prompt.place", n=p["i"] // state["players"] + 1, total=START_HOUSES)
        if phase == "plan":
            plan = state["plans"][seat]
            if len(plan) == 2:
                return k("prompt.confirm", a=k(f"action.{plan[0]}"), b=k(f"action.{plan[1]}"))
            return k("prompt.plan", n=len(plan) + 1)
        pending = state["pending"]
        if pending is not None:
            return k("prompt.pick") if pending["k"] == "pick" else k("prompt.yield", seat=seat_ref(pending["to"]))
        t = state["turn"]
        step = t["step"]
        if step is not None:
            return k(f"prompt.step.{step['k']}")
        if not t["parts"]:
            return k("prompt.turn_done")
        return k("prompt.turn", parts=[k(f"part.{p}") for p in t["parts"]])

    def view(self, state: State, seat: int | None) -> State:
        """Everything but other players' gold (shown once the game is over),
        unrevealed plans and the RNG.
        Shallow: nested data is shared with the state and must not be mutated."""
        v = {key: value for key, value in state.items() if key != "rng"}
        over = state["phase"] == "over"  # the final count compares gold: all shown
        v["gold"] = [g if (s == seat or over) else None for s, g in enumerate(state["gold"])]
        v["plans"] = [p if (s == seat or state["revealed"][s]) else None for s, p in enumerate(state["plans"])]
        v["seat"] = seat
        return v

    def outcome(self, state: State) -> Outcome:
        n = state["players"]
        order = scoring.final_order(state)
        scores = [scoring.palaces_built(state, s) for s in range(n)]
        details = [[k("detail.palaces", n=scores[s]), k("detail.gold", gold=state["gold"][s]),
                    k("detail.character", char=[char_msg(c) for c in sorted(state["chars"][s])])]
                   for s in range(n)]
        return Outcome(scores=scores, ranking=[[s] for s in order], details=details)

    def check_invariants(self, state: State) -> None:
        # runs after every step of the random suites: C-level counting only
        n = state["players"]
        villages = state["villages"].values()
        assert max(map(len, villages)) <= (1 if n == 2 else 2)
        on_villages = Counter(chain.from_iterable(villages))
        in_cities = [sum(col) for col in zip(*state["city_houses"].values(), strict=True)]
        gardens = state["gardens"].values()
        palaces = Counter(chain.from_iterable(g["outer"] for g in gardens))
        palaces.update(g["inner"] for g in gardens)
        reserve, bank, gold, left = state["reserve"], state["bank_houses"], state["gold"], state["palaces"]
        for s in range(n):
            assert on_villages[s] + in_cities[s] + reserve[s] + bank[s] == HOUSES_PER_COLOUR, ("houses", s)
            assert reserve[s] >= 0 and bank[s] >= 0
            assert palaces[s] + left[s] == state["palace_total"], ("palaces", s)
            assert gold[s] >= 0, ("gold", s, gold[s])
        assert max(len(g["outer"]) for g in gardens) <= OUTER_SLOTS
        held = [c for cs in state["chars"] for c in cs]
        assert sorted(held + state["char_bank"]) == list(range(1, 8 if state["options"]["advanced"] else 7))
        if state["options"]["advanced"]:
            assert min(state["coins"]) >= 0 and sum(state["coins"]) + state["coin_bank"] == ACTION_COINS
        gov = state["gov"].values()
        assert len(set(gov)) == 7 and min(gov) >= 0 and max(gov) <= TRACK_START_SPACES + 9

    def timed_default(self, state: State, seat: int) -> tuple[int, str] | None:
        # a player whose character was taken (or lured) must answer mid-turn of
        # someone else: do not let the round stall
        pending = state["pending"]
        if state["phase"] == "act" and pending is not None and pending["seat"] == seat:
            legal = self.legal_actions(state, seat)
            return (120, legal[0].id) if legal else None
        return None

    def closes_undo(self, before: State, after: State, seat: int, action_id: str) -> bool:
        """Open unless a plan is shown, another seat's gold changes, the round
        is evaluated or the game ends (see ``undo``)."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: State, seat: int) -> list[Msg]:
        """Gold, plan, characters, action coins and the parts still owed."""
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: State, seat: int, legal: list[Action], rnd: Any) -> str:
        from games.maharaja.ai import choose
        return choose(view, seat, legal, rnd)


PARTS = PART_KEYS
