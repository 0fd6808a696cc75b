"""Hermagor (Emanuele Ornella, Mind the Move 2006) for 2–5 players."""

from games.hermagor.engine import Hermagor

GAME = Hermagor()
