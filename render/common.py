"""Drawing primitives shared by every game's renderer.

Renderers draw a *view* (``Game.view``), never a raw state, and receive text
already localised through a ``Texts`` object, so no catalogue or game rule
lives here.  All images are RGB PNGs sized for Discord (about 1200 px wide,
readable when a phone scales them down).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}

# A calm palette that reads well on Discord's dark and light themes.
# PNG palettes are chosen from one pixel in PALETTE_STEP² (see to_png).
PALETTE_STEP = 3
BACKGROUND = (245, 239, 226)
INK = (40, 36, 32)
MUTED = (120, 110, 100)
PANEL = (255, 251, 242)
BORDER = (170, 150, 120)
HIGHLIGHT = (214, 64, 48)
SEAT_COLOURS = [
    (200, 50, 50),   # red
    (40, 100, 200),  # blue
    (40, 150, 70),   # green
    (220, 160, 20),  # yellow
    (130, 60, 170),  # purple
    (30, 160, 170),  # teal
]


# Rasterised texts a font keeps; past this it forgets them all and starts again.
TEXT_MEMO_SIZE = 2048


class _MemoFont(ImageFont.FreeTypeFont):
    """A font that remembers the texts it rasterised and measured.  A board
    draws hundreds of labels, nearly all of them the same from one move to the
    next, and rasterising them was the largest part of drawing it."""

    def __init__(self, path: str, size: int):
        super().__init__(path, size)
        self._masks: dict[tuple, tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[tuple, float] = {}

    def getmask2(self, text, mode="", direction=None, features=None, language=None, stroke_width=0,
                 anchor=None, ink=0, start=None, *args, **kwargs):
        if args or features or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink,
                                    start, *args, **kwargs)
        key = (text, mode, direction, language, stroke_width, anchor, ink, start, kwargs.get("stroke_filled"))
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) >= TEXT_MEMO_SIZE:
                self._masks.clear()
            found = self._masks[key] = super().getmask2(text, mode, direction, features, language, stroke_width,
                                                        anchor, ink, start, **kwargs)
        return found

    def getlength(self, text, mode="", direction=None, features=None, language=None):
        if features:
            return super().getlength(text, mode, direction, features, language)
        key = (text, mode, direction, language)
        found = self._lengths.get(key)
        if found is None:
            if len(self._lengths) >= TEXT_MEMO_SIZE:
                self._lengths.clear()
            found = self._lengths[key] = super().getlength(text, mode, direction, None, language)
        return found


@cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """The bundled DejaVu font (full Hungarian coverage: ő, ű …)."""
    return _MemoFont(str(FONT_DIR / FONT_FILES[weight]), size)


@dataclass
class Texts:
    """Localised strings for a renderer: ``tr(message)`` localises a message
    dict or key, ``name(seat)`` gives a player's display name."""

    tr: Callable[[Any], str]
    name: Callable[[int], str]
    lang: str = "en"

    def __call__(self, message: Any, **args: Any) -> str:
        if isinstance(message, str) and (args or "." in message):
            return self.tr({"key": message, "args": args})
        return self.tr(message)


def canvas(width: int, height: int, colour=BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def text_width(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont) -> int:
    return int(draw.textlength(text, font=fnt))


def fit_text(draw: ImageDraw.ImageDraw, text: str, width: int, size: int,
             weight: str = "regular", min_size: int = 9) -> ImageFont.FreeTypeFont:
    """The largest font (≤ size) in which ``text`` fits ``width`` pixels."""
    while size > min_size and text_width(draw, text, font(size, weight)) > width:
        size -= 1
    return font(size, weight)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int = 16,
              weight: str = "regular", fill=INK, max_width: int | None = None,
              anchor: str = "la") -> int:
    """Draw one line (shrunk to ``max_width`` if given); returns its width."""
    fnt = fit_text(draw, text, max_width, size, weight) if max_width else font(size, weight)
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
    return text_width(draw, text, fnt)


def wrap(draw: ImageDraw.ImageDraw, text: str, width: int, fnt: ImageFont.FreeTypeFont) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(draw, trial, fnt) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill=PANEL,
          outline=BORDER, width: int = 2, radius: int = 10) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str, colour,
         lines: tuple[str, ...] = (), title_size: int = 15) -> None:
    """A card: coloured header strip with a title, optional body lines."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=colour, width=3)
    header = min(y1, y0 + title_size + 12)
    draw.rounded_rectangle((x0, y0, x1, header), radius=8, fill=colour)
    draw_text(draw, ((x0 + x1) // 2, y0 + 4), title, title_size, "condensed-bold",
              fill=readable_on(colour), max_width=x1 - x0 - 8, anchor="ma")
    y = header + 4
    for line in lines:
        draw_text(draw, ((x0 + x1) // 2, y), line, 13, "condensed", max_width=x1 - x0 - 8, anchor="ma")
        y += 16


def readable_on(colour) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised when that keeps the file small."""
    buffer = io.BytesIO()
    # The palette is chosen from every third pixel of every third row, and the
    # whole picture mapped onto it: a third of the time of choosing it from
    # every pixel (which was half the cost of a picture), the same mean error.
    sample = image.resize((max(1, image.width // PALETTE_STEP), max(1, image.height // PALETTE_STEP)),
                          Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small = image.quantize(palette=palette, dither=Image.Dither.NONE)
    # Level 3 packs nearly as tight as 6 in half the time (boards are posted often).
    small.save(buffer, "PNG", optimize=False, compress_level=3)
    return buffer.getvalue()
