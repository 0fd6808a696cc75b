"""The hard AI: information-set Monte Carlo tree search over what a seat can know.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): every iteration
samples one *determinization* — a full state consistent with the seat's own
view, hidden hands, money, face-down piles and the future of the dice drawn
anew (``Game.determinize``) — and walks one shared tree of moves in it.  A
node's statistics count only the iterations in which its move was legal
(availability), so a move that exists only in some worlds is not favoured.
Below the tree the game is played out by the engine's normal AI (or at
random), up to ``playout_steps`` moves, and scored by ``Game.evaluate``.
The normal AI's own move is the anchor: another move is played only when its
mean reward beats the anchor's by ``CONFIDENCE`` standard errors, so a thin
search never plays worse than the policy it builds on (heuristic
initialisation in the spirit of Gelly & Silver 2007).

Pure like the engines: no I/O.  The seed makes a search with an iteration
budget repeat exactly; a time budget stops it early with its best move so far
(the service runs it in a worker process, off the event loop).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.base import Game, IllegalAction

# Exploration constant of UCB1 (rewards lie in [0, 1]).
EXPLORATION = 0.7
# How many standard errors better another move's mean reward must be before the search plays it
# instead of the normal AI's move: a budget of a few dozen playouts is noisy (a playout's reward
# spreads about ±0.45), and a search that follows the noise plays worse than its own playouts.
CONFIDENCE = 1.0
MIN_EVIDENCE = 4  # playouts each of the two moves needs before their means are compared at all


@dataclass
class Node:
    seat: int = -1  # who made the move into this node
    action: str = ""
    visits: int = 0
    available: int = 0  # iterations in which this move was legal
    reward: float = 0.0  # summed reward of ``seat``
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class SearchResult:
    action: str
    iterations: int
    seconds: float
    visits: dict[str, int]


def search(game: Game[Any, Any], view: Any, seat: int, legal: list[str], seed: int | str, *,
           iterations: int | None = None, seconds: float | None = None, playout_steps: int = 200,
           playout: str = "normal") -> SearchResult:
    """The move ``seat`` should make, from its ``view`` and its ``legal`` action ids.

    Stops after ``iterations`` or ``seconds``, whichever comes first (at least
    one iteration).  ``playout`` is ``"normal"`` (the normal AI plays the
    moves below the tree) or ``"random"``."""
    if len(legal) == 1:
        return SearchResult(legal[0], 0, 0.0, {legal[0]: 0})
    if iterations is None and seconds is None:
        raise ValueError("a search needs an iteration or a time budget")
    rnd = random.Random(f"search:{seed}")
    root = Node()
    start = time.perf_counter()
    anchor = _normal_move(game, view, seat, legal, rnd)
    done = 0
    while True:
        state = game.determinize(view, seat, rnd)
        _iterate(game, root, state, rnd, playout_steps, playout, anchor)
        done += 1
        if iterations is not None and done >= iterations:
            break
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
    mine = {a: child.visits for (s, a), child in root.children.items() if s == seat and a in legal}
    best = max(legal, key=lambda a: (mine.get(a, 0), -legal.index(a)))
    if anchor is not None and best != anchor and not _clearly_better(root, seat, best, anchor):
        best = anchor
    return SearchResult(best, done, time.perf_counter() - start, mine)


def _normal_move(game: Game[Any, Any], view: Any, seat: int, legal: list[str], rnd: random.Random) -> str | None:
    """The normal AI's move from the seat's view (the search's anchor), or None if it has none
    among ``legal``.  Its labelled actions come from one determinization: they depend only on
    what the seat can see.  The normal AI draws from its own generator, so the search's
    determinizations stay those of the seed."""
    try:
        actions = game.legal_actions(game.determinize(view, seat, random.Random(rnd.random())), seat)
        move = game.choose_normal_action(view, seat, actions, random.Random(rnd.random()))
    except NotImplementedError:
        return None
    return move if move in legal else None


def _clearly_better(root: Node, seat: int, move: str, anchor: str) -> bool:
    """Whether ``move``'s mean reward beats the anchor's by ``CONFIDENCE`` standard errors
    (rewards in [0, 1]: a variance of at most 1/4)."""
    other, base = root.children.get((seat, move)), root.children.get((seat, anchor))
    if other is None or base is None or min(other.visits, base.visits) < MIN_EVIDENCE:
        return False
    margin = CONFIDENCE * math.sqrt(0.25 / other.visits + 0.25 / base.visits)
    return other.reward / other.visits - base.reward / base.visits > margin


def _actor(game: Game[Any, Any], state: Any, rnd: random.Random) -> int:
    seats = game.to_act(state)
    return seats[0] if len(seats) == 1 else rnd.choice(seats)


def _iterate(game: Game[Any, Any], root: Node, state: Any, rnd: random.Random, playout_steps: int,
             playout: str, anchor: str | None = None) -> None:
    node, path = root, [root]
    # Selection and expansion: down the tree while every legal move was tried.
    while not game.is_over(state):
        actor = _actor(game, state, rnd)
        legal = game.legal_ids(state, actor)
        untried = []
        for action in legal:
            child = node.children.get((actor, action))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            # The anchor is tried first: it is the move the others are measured against.
            action = anchor if node is root and anchor in untried else rnd.choice(untried)
            child = node.children[(actor, action)] = Node(actor, action, available=1)
            game.apply(state, actor, action)
            path.append(child)
            break
        child = max((node.children[(actor, a)] for a in legal), key=Node.ucb)
        game.apply(state, actor, child.action)
        path.append(child)
        node = child
    rewards = _playout(game, state, rnd, playout_steps, playout)
    for visited in path:
        visited.visits += 1
        if visited.seat >= 0:
            visited.reward += rewards[visited.seat]


def _playout(game: Game[Any, Any], state: Any, rnd: random.Random, steps: int, playout: str) -> list[float]:
    for _ in range(steps):
        if game.is_over(state):
            break
        actor = _actor(game, state, rnd)
        if playout == "normal":
            legal = game.legal_actions(state, actor)
            action = game.choose_normal_action(game.view(state, actor), actor, legal, rnd)
        else:
            action = rnd.choice(game.legal_ids(state, actor))
        try:
            game.apply(state, actor, action)
        except IllegalAction:  # a policy that errs here only costs this playout
            break
    return game.evaluate(state)
