"""The hard AI: determinized rollouts over what a seat can know.

Every round samples one *determinization* — a full state consistent with the
seat's own view, hidden hands, money, face-down piles and the future of the
dice drawn anew (``Game.determinize``) — and plays each candidate move in it,
then the rest of the game by the game's rollout rules (``Game.choose_rollout_action``:
the normal AI unless the game gives sharper ones; up to ``playout_steps`` moves),
scored by ``Game.evaluate``.  This is one step of policy improvement over those
rules (rollouts, Tesauro & Galperin 1996) on sampled worlds (perfect
information Monte Carlo).

Why flat rather than a tree (information-set MCTS, which this module was
before): a second buys 30–300 playouts, too few for a tree to learn anything
below its root; at 0.2 s a decision it won 0.53 of 19 two-player San Juan
games against the normal AI, the rollouts 0.73 of 28.  The budget goes where
it pays:

- *Common random numbers.*  In a round every candidate meets the same world
  and the same playout generator, so two moves are compared on equal luck and
  their difference is far less noisy than either mean.
- *Sequential halving.*  The budget (left, at the pace so far) is split into
  phases; after each, the worse half of the candidates is dropped, so the
  playouts go to the moves still in question.
- *The rollout rules' move is the anchor*: it is never dropped, and another move
  is played only when its paired mean reward beats the anchor's by
  ``Game.search_confidence`` standard errors (one unless the game asks for more), so a
  thin search never plays worse than the policy it builds on.

A decision the game calls not worth searching (``Game.worth_searching``: a step of a
move already weighed, such as the goods of an Anno trade offer) gets the rollout rules' move
at once.

Pure like the engines: no I/O.  The seed makes a search with an iteration
budget repeat exactly; a time budget stops it early with its best move so far
(the service runs it in a worker process, off the event loop).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from games.base import ActionId, Game, IllegalAction, clone

MIN_EVIDENCE = 4  # rounds two moves need in common before they are compared at all
# The paired differences' variance is taken as at least this: four rounds that happen to agree
# prove little.
MIN_VARIANCE = 0.01


@dataclass(frozen=True)
class SearchResult:
    action: str
    iterations: int  # playouts made
    seconds: float
    visits: dict[str, int]  # playouts of each move


def search(game: Game[Any, Any], view: Any, seat: int, legal: list[str], seed: int | str, *,
           iterations: int | None = None, seconds: float | None = None, playout_steps: int = 200,
           playout: str = "normal") -> SearchResult:
    """The move ``seat`` should make, from its ``view`` and its ``legal`` action ids.

    Stops after ``iterations`` playouts or before a playout that would end past
    ``seconds``, whichever comes first.  ``playout`` is ``"normal"`` (the rollout rules
    play the moves after the candidate) or ``"random"``."""
    if len(legal) == 1:
        return SearchResult(legal[0], 0, 0.0, {legal[0]: 0})
    if iterations is None and seconds is None:
        raise ValueError("a search needs an iteration or a time budget")
    rnd = random.Random(f"search:{seed}")
    start = time.perf_counter()
    anchor = _rollout_move(game, view, seat, legal, rnd)
    if anchor is not None and not game.worth_searching(view, seat):
        return SearchResult(anchor, 0, time.perf_counter() - start, {anchor: 0})
    alive = ([anchor] if anchor is not None else []) + [a for a in legal if a != anchor]
    rewards: dict[str, list[float]] = {a: [] for a in legal}
    done = rounds = phase_end = 0

    def out_of_budget() -> bool:
        if iterations is not None and done >= iterations:
            return True
        if seconds is None:
            return False
        # Another playout that would end past the budget is not begun: the budget is a promise
        # to the table, and a playout can take a tenth of it.
        elapsed = time.perf_counter() - start
        return elapsed + (elapsed / done if done else 0.0) >= seconds

    while not out_of_budget():
        world = game.determinize(view, seat, rnd)
        luck = rnd.random()  # the same playout generator for every candidate of this round
        for action in alive:
            rewards[action].append(_rollout(game, clone(world), seat, action, random.Random(luck),
                                            playout_steps, playout))
            done += 1
            if out_of_budget():
                break
        else:
            rounds += 1
            if rounds >= phase_end:
                if phase_end:
                    alive = _halve(alive, rewards, anchor)
                phase_end = rounds + _phase_rounds(len(alive), _budget(iterations, seconds, done, start))
    # Moves cut off mid-round have one playout more than the others: only full rounds compare.
    best = max(alive, key=lambda a: (_mean(rewards[a][:rounds] or rewards[a]), -legal.index(a)))
    confidence = game.search_confidence
    if anchor is not None and best != anchor and not _clearly_better(rewards[best], rewards[anchor], confidence):
        best = anchor
    return SearchResult(best, done, time.perf_counter() - start, {a: len(r) for a, r in rewards.items()})


def _rollout_move(game: Game[Any, Any], view: Any, seat: int, legal: list[str], rnd: random.Random) -> str | None:
    """The rollout rules' move from the seat's view (the search's anchor), or None if they have
    none among ``legal``.  Its labelled actions come from one determinization: they depend only
    on what the seat can see.  The rules draw from their own generator, so the search's
    determinizations stay those of the seed."""
    try:
        actions = game.legal_actions(game.determinize(view, seat, random.Random(rnd.random())), seat)
        move = game.choose_rollout_action(view, seat, actions, random.Random(rnd.random()))
    except NotImplementedError:
        return None
    return move if move in legal else None


def _rollout(game: Game[Any, Any], state: Any, seat: int, action: str, rnd: random.Random, steps: int,
             playout: str) -> float:
    """``seat``'s reward for ``action`` in this world, the game played on by ``playout``."""
    try:
        game.apply(state, seat, action)
    except IllegalAction:  # legal in the seat's view yet not in this world: a determinizer's slip
        return 0.0
    return _playout(game, state, rnd, steps, playout)[seat]


def _budget(iterations: int | None, seconds: float | None, done: int, start: float) -> int:
    """Playouts the search can still make: what is left of ``iterations``, or of ``seconds`` at
    the pace so far."""
    left = [iterations - done] if iterations is not None else []
    if seconds is not None:
        elapsed = time.perf_counter() - start
        left.append(int(done * (seconds - elapsed) / elapsed) if elapsed > 0 else done)
    return max(min(left), 0)


def _phase_rounds(candidates: int, budget: int) -> int:
    """Sequential halving (Karnin, Koren & Somekh 2013): the budget left is shared evenly by the
    halvings still to come (down to the anchor and one challenger) and by the moves in each."""
    phases = max(math.ceil(math.log2(candidates)), 1) if candidates > 2 else 1
    return max(budget // (phases * candidates), 1)


def _halve(alive: list[str], rewards: dict[str, list[float]], anchor: str | None) -> list[str]:
    """The better half of the moves (the anchor always stays); the last two stay together."""
    if len(alive) <= 2:
        return alive
    ranked = sorted(alive, key=lambda a: -_mean(rewards[a]))  # stable: ties keep the anchor first
    keep = set(ranked[: (len(alive) + 1) // 2])
    return [a for a in alive if a in keep or a == anchor]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _clearly_better(move: list[float], anchor: list[float], confidence: float) -> bool:
    """Whether ``move``'s rewards beat the anchor's, round by round, by ``confidence`` standard
    errors of their paired difference (a playout's reward spreads about ±0.45, and a search
    that follows the noise plays worse than its own playouts)."""
    n = min(len(move), len(anchor))
    if n < MIN_EVIDENCE:
        return False
    differences = [move[i] - anchor[i] for i in range(n)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean > confidence * math.sqrt(max(variance, MIN_VARIANCE) / n)


def _actor(game: Game[Any, Any], state: Any, rnd: random.Random) -> int:
    seats = game.to_act(state)
    return seats[0] if len(seats) == 1 else rnd.choice(seats)


def _playout(game: Game[Any, Any], state: Any, rnd: random.Random, steps: int, playout: str) -> list[float]:
    for _ in range(steps):
        if game.is_over(state):
            break
        actor = _actor(game, state, rnd)
        if playout == "normal":
            legal = game.legal_actions(state, actor)
            action = game.choose_rollout_action(game.view(state, actor), actor, legal, rnd)
            if not any(a.id == action for a in legal):
                break  # a policy that errs here only costs this playout
        else:
            action = rnd.choice(game.legal_ids(state, actor))
        # The move is one of the legal list in hand: ``apply`` would compute that list again
        # to check it (a tenth of a playout), so the rules' transition is called directly.
        game.transition(state, actor, ActionId.parse(action))
    return game.evaluate(state)
