"""Anno 1701: The Card Game (Klaus Teuber, Kosmos 2006) — 2 players.

The state is plain JSON.  A turn is a *phase* of the player to move (roll →
action → end/draw, or voyage) plus a queue ``pending`` of small decisions
(the first one is active; it may belong to the opponent, e.g. a trade offer
or the theatre).  Each rule module offers ``legal_*`` / ``apply_*`` pairs;
this module only dispatches, validates and builds views.
"""

from __future__ import annotations

from typing import Any

from games import rng
from games.base import Action, Game, IllegalAction, Option, Outcome, State, msg

from . import actions, centres, dice, end, undo, voyage
from .cards import (
    CARDS,
    CENTRE_MAX,
    CITIZEN_IDS,
    ERA_IDS,
    GOODS_MAX,
    LUX_MAX,
    SHIP_MAX,
    SLOTS,
    VOYAGE_IDS,
)
from .common import act
from .settlement import P, new_player, public_summary

PENDING = {
    "guild": (actions.legal_guild, actions.apply_guild),
    "landing": (actions.legal_landing, actions.apply_landing),
    "lodge": (actions.legal_lodge, actions.apply_lodge),
    "queen": (dice.legal_queen, dice.apply_gain),
    "hunt": (dice.legal_hunt, dice.apply_gain),
    "trader": (dice.legal_trader, dice.apply_trader),
    "take": (dice.legal_take, dice.apply_take),
    "inventor": (actions.legal_inventor, actions.apply_inventor),
    "poison": (actions.legal_poison, actions.apply_poison),
    "theatre": (actions.legal_theatre, actions.apply_theatre),
    "spy": (actions.legal_spy, actions.apply_spy),
    "bankget": (actions.legal_bankget, actions.apply_bankget),
    "offer": (actions.legal_offer, actions.apply_offer),
    "answer": (actions.legal_answer, actions.apply_answer),
    "pick": (end.legal_pick, end.apply_pick),
    "tribute": (voyage.legal_tribute, voyage.apply_tribute),
    "buy": (voyage.legal_buy, voyage.apply_buy),
    "next": (voyage.legal_next, voyage.apply_next),
    "centre": (centres.legal_centre, centres.apply_centre),
}


def _legal_roll(state, seat):
    return [act("roll", "roll", "roll", "primary")]


def _apply_roll(state, seat, aid):
    return dice.roll(state, seat)


PHASES = {
    "roll": (_legal_roll, _apply_roll),
    "action": (actions.legal_action_phase, actions.apply_action_phase),
    "end": (end.legal_end_phase, end.apply_end_phase),
    "draw": (end.legal_draw_phase, end.apply_draw_phase),
}


class Anno1701(Game):
    id = "anno1701"
    min_players = 2
    max_players = 2
    options = (
        # The rulebook sets no limit on trade offers; the limit stops endless
        # haggling with a bot seat (0 = no limit).
        Option("offers", actions.MAX_OFFERS, (actions.MAX_OFFERS, 1, 3, 5, 0),
               "anno1701.option.offers", "anno1701.option.offers.desc"),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        state: State = {
            "game": self.id, "players": 2, "rng": rng.seed_state(seed),
            "turn": 1, "current": 0, "phase": "roll", "dice": None, "used": [], "offers": 0,
            "pending": [], "p": [new_player(0), new_player(1)], "piles": [],
            "supply": {lv: list(ids) for lv, ids in CITIZEN_IDS.items()},
            "voyage_deck": list(VOYAGE_IDS), "voyage": None, "discard": [],
            "trade": None, "sea": None, "trade_claimed": False, "sea_claimed": False,
            "winner": None, "reason": "", "max_offers": opts["offers"],
        }
        for era in (1, 2, 3):
            cards = list(ERA_IDS[era])
            rng.shuffle(state, cards)
            state["piles"] += [cards[:9], cards[9:]]
        # Each player draws 3 from an era-I pile (seat 0 the first, seat 1 the second).
        for seat in (0, 1):
            pile = state["piles"][seat]
            state["p"][seat]["hand"] = [pile.pop(0) for _ in range(3)]
        state["current"] = rng.randbelow(state, 2)   # the rulebook rolls a die for the start player
        return state

    # -- protocol ------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [state["current"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["pending"]:
            item = state["pending"][0]
            if item["kind"] == "confirm":
                return centres.legal_confirm(state, seat, item)
            return PENDING[item["kind"]][0](state, seat, item)
        return PHASES[state["phase"]][0](state, seat)

    def apply(self, state: State, seat: int, action_id: str) -> list[dict]:
        if seat not in self.to_act(state):
            raise IllegalAction(msg("core.error.not_your_turn"))
        if action_id not in {a.id for a in self.legal_actions(state, seat)}:
            raise IllegalAction(msg("core.error.illegal_action", action=action_id))
        if state["pending"] and state["pending"][0]["kind"] == "confirm":
            item = state["pending"].pop(0)
            if action_id == "confirm:no":
                return []
            action_id = item["aid"]
        elif centres.loses_by_riot(self, state, seat, action_id):
            state["pending"].insert(0, {"kind": "confirm", "seat": seat, "aid": action_id})
            return []
        before = [list(p["centres"]) for p in state["p"]]
        events = self.dispatch(state, seat, action_id)
        return events + centres.ask_centres(state, before)

    def dispatch(self, state: State, seat: int, action_id: str) -> list[dict]:
        """Apply a legal action by the rule modules (no confirmation, no centre choice)."""
        if state["pending"]:
            return PENDING[state["pending"][0]["kind"]][1](state, seat, action_id)
        return PHASES[state["phase"]][1](state, seat, action_id)

    def prompt(self, state: State, seat: int) -> dict:
        if state["phase"] == "over":
            return msg(P + "prompt.over")
        if seat not in self.to_act(state):
            return msg(P + "prompt.wait", seat={"seat": self.to_act(state)[0]})
        kind = state["pending"][0]["kind"] if state["pending"] else state["phase"]
        return msg(P + "prompt." + kind)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: State) -> Outcome:
        from .settlement import glory
        scores = [glory(state["p"][s]) for s in (0, 1)]
        w = state["winner"]
        ranking = [[w], [1 - w]] if w is not None else [[0, 1]]
        return Outcome(scores, ranking, [end.outcome_lines(state, s) for s in (0, 1)])

    def timed_default(self, state: State, seat: int) -> tuple[int, str] | None:
        # Only reactions asked of the player who is *not* moving stall the game.
        if not state["pending"] or state["pending"][0]["seat"] != seat or seat == state["current"]:
            return None
        item = state["pending"][0]
        aid = actions.default_for(state, seat, item) or dice.default_for(state, seat, item)
        return (60, aid) if aid else None

    def closes_undo(self, before: State, after: State, seat: int, action_id: str) -> bool:
        """Open only for choices on open information (see ``undo``): drawing,
        searching, sailing, turning a voyage card, a spy and the dice close it."""
        return undo.closes_undo(before, after, seat, action_id)

    def private_summary(self, view: State, seat: int) -> list[dict]:
        """Hand, gold, goods and ship; a searched pile or a spied hand."""
        return undo.private_summary(view, seat)

    def choose_ai_action(self, view: State, seat: int, legal: list[Action], rnd: Any) -> str:
        from .ai import choose
        return choose(view, seat, legal, rnd)

    # -- views ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        players = []
        for s, p in enumerate(state["p"]):
            players.append({
                "land": list(p["land"]), "centres": list(p["centres"]), "rum": p["rum"],
                "tobacco": p["tobacco"], "ship": p["ship"], "slots": list(p["slots"]),
                "cit": [list(st) for st in p["cit"]],
                "hand": list(p["hand"]) if s == seat else None,
                **public_summary(p),
            })
        pending = []
        for item in state["pending"]:
            shown = {k: dict(v) if isinstance(v, dict) else v for k, v in item.items()}
            if item["kind"] == "pick" and item["seat"] == seat:
                shown["cards"] = list(state["piles"][item["pile"]])
            if item["kind"] == "spy" and item["seat"] == seat:
                shown["cards"] = list(state["p"][1 - seat]["hand"])
            if item["kind"] == "confirm" and item["seat"] != seat:
                shown.pop("aid")
            pending.append(shown)
        v = state["voyage"]
        return {
            "game": self.id, "players": 2, "seat": seat, "turn": state["turn"],
            "current": state["current"], "phase": state["phase"], "dice": state["dice"],
            "trade": state["trade"], "sea": state["sea"], "winner": state["winner"],
            "reason": state["reason"], "p": players, "pending": pending,
            "piles": [len(pl) for pl in state["piles"]],
            "supply": {lv: len(ids) for lv, ids in state["supply"].items()},
            "discard": list(state["discard"]),
            "voyage": None if v is None else {
                "seen": list(v["seen"]), "speed": v["speed"], "fight": v["fight"],
                "bonus": v["bonus"], "opp_speed": v["opp_speed"]},
            "offers": state["offers"], "used": list(state["used"]),
        }

    # -- invariants -------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        seen: list[int] = list(state["voyage_deck"]) + list(state["discard"])
        for pile in state["piles"]:
            seen += pile
        for ids in state["supply"].values():
            seen += ids
        v = state["voyage"]
        if v is not None and v["bonus_card"] is not None:
            seen.append(v["bonus_card"])
        for p in state["p"]:
            seen += p["base"] + p["hand"] + [c for c in p["slots"] if c is not None]
            for st in p["cit"]:
                seen += st
                assert 1 <= len(st) <= 4
                assert [CARDS[c].type for c in st] == ["explorer", "settler", "citizen", "merchant"][:len(st)]
            assert all(0 <= g <= GOODS_MAX for g in p["land"]), p["land"]
            assert all(0 <= c <= CENTRE_MAX for c in p["centres"]), p["centres"]
            assert 0 <= p["rum"] <= LUX_MAX and 0 <= p["tobacco"] <= LUX_MAX
            assert 0 <= p["ship"] <= SHIP_MAX
            assert len(p["slots"]) == SLOTS
            assert all(c is None or CARDS[c].kind == "building" for c in p["slots"])
            assert sum(1 for c in p["slots"] if c is not None and CARDS[c].type == "firestation") <= 1
            assert all(CARDS[c].kind in ("building", "action") for c in p["hand"])
            if state["phase"] != "over":
                assert p["centres"] != [0, 0], "a busted player must have lost"
        assert sorted(seen) == list(range(len(CARDS))), "cards not accounted for exactly once"
        assert all(len(pl) <= 18 for pl in state["piles"])
        for t in ("trade", "sea"):
            assert state[t] in (None, 0, 1)
        if state["phase"] == "over":
            assert state["winner"] in (0, 1)


GAME = Anno1701()
