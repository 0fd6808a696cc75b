"""Anno 1701: The Card Game (Klaus Teuber, Kosmos 2006) — 2 players.

Rule readings (the rulebook's text where it leaves room, and the choices of
the reconstructed card data, see ``data``):

* The start player is drawn by the seeded generator (the rulebook rolls a die).
* Every spent gold comes from one village centre *of the player's choice*:
  the rules pay from the richer one, then the player who paid picks the
  actual split (``centres``); gold gained goes into the poorer centre.
* A move that would leave both of the mover's centres in riot (so lose the
  game at once) asks for confirmation first, when its outcome is certain
  (``flow``).
* A swapped card, or one a hunting lodge puts back, goes under the pile of
  its era the player picks; with both piles of the era gone, into either
  one's place (``end.under_piles``).
* Trade offers per turn are limited by the table option "offers" (default 2;
  0 = no limit): not in the rulebook, it stops endless haggling with a bot.
* The rival uses his die-triggered buildings as reactions to the roll; the
  player to move uses his own as actions of the action phase (``dice``).
* Dominance tokens: first to 3 symbols takes one; after that only a strict
  majority holds it, a tie sets it aside (``dominance``).
* The game ends the moment someone has two merchants or 7 glory points, or
  rioted out in both centres (no tiebreak exists).
"""

from __future__ import annotations

from .engine import Anno1701

anno1701 = Anno1701()
GAME = anno1701

__all__ = ["GAME", "Anno1701", "anno1701"]
