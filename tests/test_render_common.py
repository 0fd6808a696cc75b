"""The drawing primitives every game shares: remembered texts and the PNG palette."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import common


def _drawn(fnt: ImageFont.FreeTypeFont) -> Image.Image:
    image = Image.new("RGB", (420, 160), common.BACKGROUND)
    draw = ImageDraw.Draw(image)
    # The same text at other anchors, colours and fractional positions, and other texts:
    # a memo that kept too little of the request would draw one of them wrong.
    for y, (x, text, anchor, fill) in enumerate([(10, "Győzelmi pont: 12", "la", common.INK),
                                                 (210, "Győzelmi pont: 12", "mm", common.INK),
                                                 (10.5, "Győzelmi pont: 12", "la", common.INK),
                                                 (10, "Győzelmi pont: 12", "la", common.HIGHLIGHT),
                                                 (10, "Kovácsműhely", "la", common.INK)]):
        draw.text((x, 15 + 28 * y), text, font=fnt, fill=fill, anchor=anchor)
    return image


def test_remembered_texts_draw_exactly_what_freetype_draws():
    path = str(common.FONT_DIR / common.FONT_FILES["bold"])
    plain = ImageFont.truetype(path, 17)
    memo = common._MemoFont(path, 17)
    first, again = _drawn(memo), _drawn(memo)  # the second from the memo
    expected = _drawn(plain)
    assert ImageChops.difference(first, expected).getbbox() is None
    assert ImageChops.difference(again, expected).getbbox() is None
    assert memo.getlength("Kovácsműhely") == plain.getlength("Kovácsműhely")
    assert memo._masks, "the memo was never used"


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(common, "TEXT_MEMO_SIZE", 10)
    memo = common._MemoFont(str(common.FONT_DIR / common.FONT_FILES["regular"]), 12)
    for n in range(35):
        memo.getmask2(str(n), "L")
        memo.getlength(str(n))
    assert len(memo._masks) <= 10 and len(memo._lengths) <= 10


def test_the_png_palette_keeps_every_colour_of_a_board_close():
    image = Image.new("RGB", (600, 300), common.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for k, colour in enumerate(common.SEAT_COLOURS):
        common.card(draw, (10 + 95 * k, 10, 95 + 95 * k, 140), f"Seat {k}", colour, ("3 VP", "Kávé"))
    common.draw_text(draw, (10, 160), "Piros szöveg vékony betűkkel", 11, fill=common.HIGHLIGHT)
    png = Image.open(io.BytesIO(common.to_png(image)))
    assert png.mode == "P"
    error = ImageChops.difference(png.convert("RGB"), image).convert("L")
    histogram = error.histogram()
    off = sum(histogram[24:])  # pixels more than a faint shade off
    assert off == 0, f"{off} pixels lost their colour"
