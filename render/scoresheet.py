"""The score sheet of a finished game, drawn from its stored result (never
the state): one column per player in ranking order, with the points by
category as the game's rulebook counts them, how each seat was played, and
the rating change."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.common import (
    BORDER,
    HIGHLIGHT,
    INK,
    MUTED,
    Texts,
    canvas,
    draw_text,
    font,
    panel,
    readable_on,
    seat_colour,
    wrap,
)

COLUMN = 230
MARGIN = 20
LINE = 19


def sheet(result: dict[str, Any], texts: Texts) -> Image.Image:
    """``result``: ``{"title", "scores", "ranking", "ranks", "details", "seats", "deltas", "rated"}``
    (``service.chronicle.sheet_data``)."""
    order = [seat for group in result["ranking"] for seat in group]
    rank = result["ranks"]
    columns = max(1, len(order))
    width = MARGIN * 2 + COLUMN * columns
    _, measure = canvas(10, 10)
    detail_font = font(14, "condensed")
    bodies = {seat: [line for detail in _details(result, seat) for line in
                     wrap(measure, texts(detail), COLUMN - 24, detail_font)] for seat in order}
    tallest = max((len(lines) for lines in bodies.values()), default=0)
    height = 70 + 150 + LINE * tallest + 70
    image, draw = canvas(width, height)
    draw_text(draw, (width // 2, 14), result["title"], 24, "bold", anchor="ma", max_width=width - 2 * MARGIN)
    for column, seat in enumerate(order):
        x0 = MARGIN + column * COLUMN + 6
        x1 = x0 + COLUMN - 12
        top = 56
        colour = seat_colour(seat)
        winner = rank[seat] == 1
        panel(draw, (x0, top, x1, height - 50), outline=HIGHLIGHT if winner else BORDER, width=4 if winner else 2)
        draw.rounded_rectangle((x0, top, x1, top + 34), radius=10, fill=colour)
        draw_text(draw, ((x0 + x1) // 2, top + 7), f"{rank[seat]}. {result['seats'][seat]['name']}", 17, "bold",
                  fill=readable_on(colour), anchor="ma", max_width=x1 - x0 - 10)
        mark = _mark(result, seat, texts)
        if mark:
            draw_text(draw, ((x0 + x1) // 2, top + 40), mark, 13, "condensed", fill=MUTED, anchor="ma",
                      max_width=x1 - x0 - 10)
        draw_text(draw, ((x0 + x1) // 2, top + 60), str(result["scores"][seat]), 40, "bold",
                  fill=HIGHLIGHT if winner else INK, anchor="ma")
        delta = result["deltas"][seat] if seat < len(result["deltas"]) else None
        if delta is not None:
            draw_text(draw, ((x0 + x1) // 2, top + 108), texts("core.sheet.rating", change=f"{delta:+.1f}"), 14,
                      "condensed-bold", fill=MUTED, anchor="ma", max_width=x1 - x0 - 10)
        y = top + 134
        for line in bodies[seat]:
            draw.text((x0 + 12, y), line, font=detail_font, fill=INK)
            y += LINE
    footer = texts("core.sheet.rated_people" if result["rated"] else "core.sheet.not_rated")
    draw_text(draw, (width // 2, height - 36), footer, 14, "condensed", fill=MUTED, anchor="ma",
              max_width=width - 2 * MARGIN)
    return image


def _details(result: dict[str, Any], seat: int) -> list[Any]:
    details = result.get("details") or []
    return list(details[seat]) if seat < len(details) else []


def _mark(result: dict[str, Any], seat: int, texts: Texts) -> str:
    info = result["seats"][seat]
    if info["kind"] == "ai":
        return texts("core.sheet.ai")
    if info["kind"] == "replaced":
        return texts("core.sheet.replaced")
    if info["kind"] == "substitute":
        return texts("core.sheet.substitute", previous=", ".join(info.get("previous", [])))
    return ""
