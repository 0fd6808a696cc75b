"""The governor track: the maharaja's itinerary.

``state["governors"]`` maps city -> track index (0..6 the seven start spaces above
the arrow, 7..16 the numbered spaces 1..10).  Gaps are allowed (rule 7.5).
"""

from __future__ import annotations

from games.maharaja.data import TRACK_LAST, TRACK_START_SPACES
from games.maharaja.schema import MaharajaState


def lowest(gov: dict[str, int]) -> str:
    return min(gov, key=gov.__getitem__)


def space_number(index: int) -> int:
    """The printed number of a track index (0 for the start spaces)."""
    return index - TRACK_START_SPACES + 1 if index >= TRACK_START_SPACES else 0


def advance(state: MaharajaState) -> str:
    """Start of a round (rule 6.1): the maharaja goes to the city of the
    lowest token, which moves to the space above the highest token."""
    gov = state["governors"]
    city, low, high = "", TRACK_LAST + 1, -1
    for token, space in gov.items():
        if space < low:
            city, low = token, space
        if space > high:
            high = space
    gov[city] = high + 1
    state["maharaja"] = city
    return city


# How far ``lower`` moves a token down: not below the first start space.
LOWER_BY = 2


def can_lower(gov: dict[str, int], city: str) -> bool:
    return gov[city] >= LOWER_BY


def lowerable(gov: dict[str, int]) -> list[str]:
    """The cities whose token can be lowered (``can_lower``), in track order."""
    return [c for c in sorted(gov, key=gov.__getitem__) if can_lower(gov, c)]


def lower(gov: dict[str, int], city: str) -> None:
    """Move a token two spaces down; tokens on the two spaces it passes move
    up one (so a gap may open or close, as in the rulebook's example 2)."""
    pos = gov[city]
    passed = [c for c, p in gov.items() if c != city and pos - LOWER_BY <= p < pos]
    for c in passed:
        gov[c] += 1
    gov[city] = pos - LOWER_BY


def reached_end(gov: dict[str, int]) -> bool:
    """Whether a token stands on the last space (rule 9)."""
    return max(gov.values()) >= TRACK_LAST
