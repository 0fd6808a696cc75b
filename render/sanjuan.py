"""San Juan pictures: the public table and a player's private hand.

Draws a view only (``Game.view``), never a state.  Cards are small coloured
tiles: production buildings in their good's colour, violet buildings violet,
monuments dark violet and the 6-cost buildings gold; a brown corner on a
production building marks a good lying on it.  Cost (top left) and points
(bottom right, "?" on the 6-cost buildings) carry their words, and a legend
under the roles says the same; the trading house names its goods; an open
gold mine lists its four cards; the final board names the winner (on points,
on the tiebreak, or shared) and every score sheet in finishing order.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.sanjuan.data import (
    CARD_TYPE,
    COST,
    GOOD_KEYS,
    MONUMENT,
    PROD,
    ROLES,
    SIX,
    TILES,
    TKIND,
    TYPE_KEYS,
    VP,
)
from render.common import (
    BACKGROUND,
    BORDER,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    Texts,
    canvas,
    draw_text,
    font,
    panel,
    readable_on,
    seat_colour,
    text_width,
    wrap,
)

WIDTH = 1200
MARGIN = 20
PROD_COLOURS = [(58, 82, 170), (232, 228, 215), (150, 95, 50), (90, 55, 35), (170, 175, 185)]
VIOLET = (128, 70, 160)
MONUMENT_COLOUR = (80, 40, 110)
SIX_COLOUR = (200, 150, 40)
GOOD_MARK = (120, 70, 30)
POINTS = (150, 110, 20)


def card_colour(t: int) -> tuple[int, int, int]:
    kind = TKIND[t]
    if kind == PROD:
        return PROD_COLOURS[t]
    if kind == MONUMENT:
        return MONUMENT_COLOUR
    if kind == SIX:
        return SIX_COLOUR
    return VIOLET


@cache
def _name_lines(name: str, width: int, size: int) -> tuple[tuple[str, ...], int]:
    """Split a card name over at most two lines, shrinking the font to fit."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    words = name.split()
    while size > 9:
        fnt = font(size, "condensed-bold")
        if text_width(probe, name, fnt) <= width:
            return (name,), size
        for cut in range(len(words) - 1, 0, -1):
            a, b = " ".join(words[:cut]), " ".join(words[cut:])
            if text_width(probe, a, fnt) <= width and text_width(probe, b, fnt) <= width:
                return (a, b), size
        size -= 1
    return (name,), size


def draw_card(image: Image.Image, box: tuple[int, int, int, int], card: int, texts: Texts,
              good: bool = False, size: int = 15, mark: str = "", bg=PANEL, hint: bool = False) -> None:
    """Paste a card tile (tiles are cached: a table shows the same few dozen)."""
    x0, y0, x1, y1 = box
    t = CARD_TYPE[card]
    key = TYPE_KEYS[t]
    help_text = texts(f"sanjuan.help.{key}") if hint else ""
    labels = (texts("sanjuan.ui.cost"), texts("sanjuan.ui.points"))
    tile = _tile(t, texts(f"sanjuan.card.{key}"), good, size, mark, x1 - x0, y1 - y0, bg, help_text, labels)
    image.paste(tile, (x0, y0))


@cache
def _tile(t: int, name: str, good: bool, size: int, mark: str, w: int, h: int, bg, help_text: str,
          labels: tuple[str, str]) -> Image.Image:
    image = Image.new("RGB", (w, h), bg)
    draw = ImageDraw.Draw(image)
    _draw_tile(draw, (0, 0, w - 1, h - 1), t, name, good, size, mark, labels)
    if help_text:
        fnt = font(15, "condensed")
        y = int(size * 2.6) + 30
        for line in wrap(draw, help_text, w - 16, fnt)[:3]:
            draw.text((w // 2, y), line, font=fnt, fill=MUTED, anchor="ma")
            y += 18
    return image


def _draw_tile(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], t: int, name: str, good: bool,
               size: int, mark: str, labels: tuple[str, str] = ("", "")) -> None:
    x0, y0, x1, y1 = box
    card = CARD_TYPE.index(t)
    colour = card_colour(t)
    draw.rounded_rectangle(box, radius=7, fill=PANEL, outline=colour, width=3)
    head = y0 + int(size * 2.6)
    draw.rounded_rectangle((x0, y0, x1, head), radius=7, fill=colour)
    ink = readable_on(colour)
    lines, fsize = _name_lines(name, x1 - x0 - 10, size)
    fnt = font(fsize, "condensed-bold")
    y = y0 + 4 if len(lines) == 2 else y0 + (head - y0 - fsize) // 2 - 1
    for line in lines:
        draw.text(((x0 + x1) // 2, y), line, font=fnt, fill=ink, anchor="ma")
        y += fsize + 2
    # cost (top left) and points (bottom right), as on the printed cards, each
    # with its word; the 6-cost buildings print "?": they score a bonus only
    big, small = font(size + 3, "bold"), font(max(12, size - 2), "condensed")
    cost = str(COST[card])
    draw.text((x0 + 7, head + 4), cost, font=big, fill=INK)
    if labels[0]:
        draw.text((x0 + 10 + draw.textlength(cost, font=big), head + 6), labels[0], font=small, fill=MUTED)
    points = "?" if TKIND[t] == SIX else str(VP[card])
    draw.text((x1 - 7, y1 - 5), points, font=big, fill=POINTS, anchor="rd")
    if labels[1]:
        draw.text((x1 - 10 - draw.textlength(points, font=big), y1 - 6), labels[1], font=small, fill=POINTS,
                  anchor="rd")
    if good:
        # a face-down card lying on the building (its identity is hidden)
        gx, gy = (x0 + x1) // 2 - 14, head + 6
        draw.rounded_rectangle((gx, gy, gx + 28, gy + y1 - head - 14), radius=3, fill=GOOD_MARK, outline=INK)
    if mark:
        draw.text((x0 + 7, y1 - 5), mark, font=font(size - 2, "condensed"), fill=MUTED, anchor="ld")


def _header(draw, view: dict[str, Any], texts: Texts, y: int) -> int:
    draw_text(draw, (MARGIN, y), texts("sanjuan.name"), 34, "bold")
    info = "  ·  ".join([texts("sanjuan.ui.round", n=view["round"]),
                         f'{texts("sanjuan.governor")}: {texts.name(view["governor"])}',
                         texts("sanjuan.ui.deck", n=view["deck_size"]),
                         texts("sanjuan.ui.discard", n=view["discard_size"])])
    draw_text(draw, (MARGIN + 190, y + 10), info, 20, max_width=WIDTH - MARGIN * 2 - 190)
    return y + 50


def _roles(draw, view: dict[str, Any], texts: Texts, y: int) -> int:
    taken = {r["role"]: r["seat"] for r in view["roles"]}
    current = view["phase"] if view["phase"] in ROLES or view["phase"] == "goldmine" else None
    if current == "goldmine":
        current = "prospector"
    w = (WIDTH - 2 * MARGIN - 4 * 10 - 300) // 5
    x = MARGIN
    for role in ROLES:
        box = (x, y, x + w, y + ROLE_H)
        who = taken.get(role)
        fill = PANEL if who is None else (232, 224, 208)
        outline = HIGHLIGHT if role == current else BORDER
        panel(draw, box, fill=fill, outline=outline, width=4 if role == current else 2)
        draw_text(draw, (x + w // 2, y + 6), texts(f"sanjuan.role.{role}"), 20, "bold", anchor="ma",
                  max_width=w - 10, fill=INK if who is None else MUTED)
        if who is not None:
            draw_text(draw, (x + w // 2, y + 33), texts.name(who), 17, "condensed-bold", anchor="ma",
                      max_width=w - 10, fill=seat_colour(who))
        x += w + 10
    # the trading house, when a trader has turned it
    box = (x, y, WIDTH - MARGIN, y + ROLE_H)
    panel(draw, box)
    draw_text(draw, (x + 10, y + 4), texts("sanjuan.ui.tile"), 15, "bold", max_width=WIDTH - MARGIN - x - 20)
    if view["turned_tile"] is not None:
        # each good named above its price (cards paid for one good)
        prices = TILES[view["turned_tile"]]
        cell = (WIDTH - MARGIN - x - 12) // 5
        gx = x + 6
        for i, price in enumerate(prices):
            draw_text(draw, (gx + cell // 2 - 1, y + 25), texts(f"sanjuan.good.{GOOD_KEYS[i]}"), 13, "condensed-bold",
                      anchor="ma", max_width=cell - 2)
            draw.rounded_rectangle((gx + 2, y + 43, gx + cell - 4, y + ROLE_H - 6), radius=4, fill=PROD_COLOURS[i],
                                   outline=INK)
            draw.text((gx + cell // 2 - 1, (y + 43 + y + ROLE_H - 6) // 2), str(price), font=font(17, "bold"),
                      fill=readable_on(PROD_COLOURS[i]), anchor="mm")
            gx += cell
    else:
        draw_text(draw, (x + 10, y + 30), "–", 18, fill=MUTED)
    y += ROLE_H + 6
    # what the numbers on the cards mean
    draw_text(draw, (MARGIN, y), texts("sanjuan.ui.legend"), 15, fill=MUTED, max_width=WIDTH - 2 * MARGIN)
    return y + 24


ROLE_H = 72
CITY_COLS = 8
CARD_GAP = 6


def _city_card_size() -> tuple[int, int]:
    w = (WIDTH - 2 * MARGIN - 20 - (CITY_COLS - 1) * CARD_GAP) // CITY_COLS
    return w, 88


def _player_panel(image: Image.Image, draw, view: dict[str, Any], texts: Texts, p: int, y: int) -> int:
    city = view["cities"][p]
    cw, ch = _city_card_size()
    rows = max(1, (len(city) + CITY_COLS - 1) // CITY_COLS)
    mine = view["gold_mine_cards"][p]
    height = 52 + rows * (ch + CARD_GAP) + 6 + (28 if mine else 0)
    acting = p in _to_act(view)
    colour = seat_colour(p)
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), outline=HIGHLIGHT if acting else colour,
          width=4 if acting else 2)
    draw.rounded_rectangle((MARGIN, y, MARGIN + 12, y + height), radius=6, fill=colour)
    name = texts.name(p)
    if p == view["governor"]:
        name += f'  ({texts("sanjuan.governor")})'
    draw_text(draw, (MARGIN + 22, y + 10), name, 24, "bold", fill=colour, max_width=520)
    goods = sum(1 for _, g in city if g)
    vp = sum(VP[c] for c, _ in city)
    bits = [texts("sanjuan.ui.hand", n=view["hand_sizes"][p]), texts("sanjuan.ui.buildings", n=len(city)),
            texts("sanjuan.ui.vp", n=vp)]
    if goods:
        bits.insert(1, f'{texts("sanjuan.ui.goods_n", n=goods)}')
    if view["covered"][p]:
        bits.append(texts("sanjuan.ui.covered", n=len(view["covered"][p])))
    if view.get("scores"):
        bits = [texts("sanjuan.ui.score", n=view["scores"][p])] + bits
    draw_text(draw, (WIDTH - MARGIN - 14, y + 14), "  ·  ".join(bits), 19, "bold" if view.get("scores") else "regular",
              anchor="ra", max_width=600)
    x0 = MARGIN + 20
    for i, (card, good) in enumerate(city):
        r, c = divmod(i, CITY_COLS)
        bx = x0 + c * (cw + CARD_GAP)
        by = y + 48 + r * (ch + CARD_GAP)
        fresh = card == view["built_this_phase"][p]
        draw_card(image, (bx, by, bx + cw, by + ch), card, texts, good=good, size=14,
                  mark=texts("sanjuan.ui.new") if fresh else "")
    if mine:
        # the gold mine's four cards lie open for everyone
        names = ", ".join(texts(f"sanjuan.card.{TYPE_KEYS[CARD_TYPE[c]]}") + f" ({COST[c]})" for c in mine)
        draw_text(draw, (MARGIN + 22, y + height - 30), texts("sanjuan.ui.gold_mine", cards=names), 19, "bold",
                  fill=HIGHLIGHT, max_width=WIDTH - 2 * MARGIN - 40)
    return y + height + 10


def _to_act(view: dict[str, Any]) -> list[int]:
    phase = view["phase"]
    if phase == "over":
        return []
    if phase in ("role", "builder"):
        return [] if view["turn"] is None else [view["turn"]]
    return list(view["deciding"])


def _footer(draw, view: dict[str, Any], texts: Texts, y: int) -> int:
    if view["phase"] == "over":
        y = _result_line(draw, view, texts, y)
        # the score sheet, one line a player, in finishing order
        order, place, pos = [], {}, 1
        for group in view["ranking"]:
            order += group
            place.update(dict.fromkeys(group, pos))
            pos += len(group)
        for p in order:
            sheet = view["score_sheets"][p]
            parts = [texts("sanjuan.score.buildings", n=sheet["buildings"])]
            if sheet["chapel"]:
                parts.append(texts("sanjuan.score.chapel", n=sheet["chapel"]))
            for key in ("guild_hall", "city_hall", "triumphal_arch", "palace"):
                if sheet[key]:
                    parts.append(texts("sanjuan.score.bonus", card=texts(f"sanjuan.card.{key}"), n=sheet[key]))
            goods = sum(1 for _, g in view["cities"][p] if g)
            parts.append(texts("sanjuan.score.tiebreak", n=view["hand_sizes"][p] + goods))
            line = (f'{place[p]}. {texts.name(p)} — {texts("sanjuan.score.total", n=sheet["total"])}:  '
                    + "  ·  ".join(parts))
            draw_text(draw, (MARGIN, y), line, 19, fill=seat_colour(p), max_width=WIDTH - 2 * MARGIN)
            y += 28
        return y
    names = ", ".join(texts.name(p) for p in _to_act(view))
    draw_text(draw, (MARGIN, y), texts("sanjuan.ui.to_act", players=names), 22, "bold", fill=HIGHLIGHT,
              max_width=WIDTH - 2 * MARGIN)
    return y + 36


def _result_line(draw, view: dict[str, Any], texts: Texts, y: int) -> int:
    """Who won, and how: on points, on the tiebreak, or shared."""
    ranking, scores = view["ranking"], view["scores"]
    winners = ranking[0]
    names = ", ".join(texts.name(p) for p in winners)
    top = scores[winners[0]]
    if len(winners) > 1:
        line = texts("sanjuan.ui.winner_shared", players=names)
    elif any(scores[p] == top for group in ranking[1:] for p in group):
        line = texts("sanjuan.ui.winner_tiebreak", players=names, n=top)
    else:
        line = texts("sanjuan.ui.winner", players=names)
    colour = seat_colour(winners[0]) if len(winners) == 1 else HIGHLIGHT
    draw_text(draw, (MARGIN, y), line, 26, "bold", fill=colour, max_width=WIDTH - 2 * MARGIN)
    return y + 40


def board(view: dict[str, Any], texts: Texts) -> Image.Image:
    """The public table: roles, trading house, every city, whose turn."""
    cw, ch = _city_card_size()
    height = 50 + ROLE_H + 30 + 40 + MARGIN * 2 + (28 * view["players"] if view["phase"] == "over" else 0)
    height += 28 * sum(1 for cards in view["gold_mine_cards"] if cards)
    for city in view["cities"]:
        rows = max(1, (len(city) + CITY_COLS - 1) // CITY_COLS)  # (gold-mine lines: counted above)
        height += 52 + rows * (ch + CARD_GAP) + 6 + 10
    image, draw = canvas(WIDTH, height, BACKGROUND)
    y = _header(draw, view, texts, MARGIN)
    y = _roles(draw, view, texts, y)
    for p in range(view["players"]):
        y = _player_panel(image, draw, view, texts, p, y)
    _footer(draw, view, texts, y + 2)
    return image


HAND_COLS = 6


def _card_row(image: Image.Image, draw, cards: list[int], texts: Texts, y: int, title: str, marks: dict[int, str] | None = None) -> int:
    draw_text(draw, (MARGIN, y), title, 24, "bold")
    y += 36
    if not cards:
        draw_text(draw, (MARGIN + 10, y), "–", 22, fill=MUTED)
        return y + 40
    w = (WIDTH - 2 * MARGIN - (HAND_COLS - 1) * 12) // HAND_COLS
    h = 168
    for i, card in enumerate(cards):
        r, c = divmod(i, HAND_COLS)
        x = MARGIN + c * (w + 12)
        top = y + r * (h + 12)
        draw_card(image, (x, top, x + w, top + h), card, texts, size=20, mark=(marks or {}).get(card, ""),
                  bg=BACKGROUND, hint=True)
    rows = (len(cards) + HAND_COLS - 1) // HAND_COLS
    return y + rows * (h + 12) + 8


def _sort_cards(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (TKIND[CARD_TYPE[c]] != PROD, COST[c], CARD_TYPE[c], c))


def private(view: dict[str, Any], seat: int, texts: Texts) -> Image.Image:
    """What only ``seat`` sees: the hand, chapel count, cards being looked at
    (councillor, gold mine, start choice) and the building being paid for."""
    hand = _sort_cards(view.get("hand", []))
    look = _sort_cards(view.get("looking_at", []))
    picked = _sort_cards(view.get("picked", []))
    bld = view.get("building")
    sections: list[tuple[str, list[int]]] = []
    mode = view.get("pick_mode")
    if look or (picked and mode == "keep"):
        sections.append((texts("sanjuan.ui.looking"), look))
    if picked:
        sections.append((texts("sanjuan.ui.picked"), picked))
    row_h = 168 + 12

    def rows(cards):
        return max(1, (len(cards) + HAND_COLS - 1) // HAND_COLS)

    height = MARGIN * 2 + 50 + 36 + rows(hand) * row_h + 20 + (42 if view.get("prompt") else 0)
    height += sum(36 + rows(c) * row_h + 20 for _, c in sections)
    if bld:
        height += 40
    if view.get("selected"):
        height += 40
    image, draw = canvas(WIDTH, height, BACKGROUND)
    colour = seat_colour(seat)
    draw.rectangle((0, 0, WIDTH, 8), fill=colour)
    y = MARGIN
    draw_text(draw, (MARGIN, y), f'{texts("sanjuan.name")} · {texts.name(seat)}', 30, "bold", fill=colour,
              max_width=700)
    if view.get("chapel") or _owns_chapel(view, seat):
        draw_text(draw, (WIDTH - MARGIN, y + 8), texts("sanjuan.ui.chapel", n=len(view.get("chapel", []))), 20,
                  anchor="ra", max_width=440)
    y += 50
    if view.get("prompt"):
        draw_text(draw, (MARGIN, y), texts(view["prompt"]), 24, "bold", fill=HIGHLIGHT, max_width=WIDTH - 2 * MARGIN)
        y += 42
    if bld:
        card = bld["card"]
        paid = len(bld["paid_cards"]) + len(bld["paid_goods_from"])
        draw_text(draw, (MARGIN, y), texts("sanjuan.ui.building", card=texts(f"sanjuan.card.{TYPE_KEYS[CARD_TYPE[card]]}"),
                                            paid=paid, need=bld["cost"]), 22, "bold", fill=HIGHLIGHT,
                  max_width=WIDTH - 2 * MARGIN)
        y += 40
    if view.get("selected"):
        city = view["cities"][seat]
        names = [texts(f"sanjuan.card.{TYPE_KEYS[CARD_TYPE[city[i][0]]]}") for i in view["selected"]]
        draw_text(draw, (MARGIN, y), texts("sanjuan.ui.selected", n=len(names), lim=view["select_limit"]) + ": "
                  + ", ".join(names), 22, "bold", fill=HIGHLIGHT, max_width=WIDTH - 2 * MARGIN)
        y += 40
    for title, cards in sections:
        y = _card_row(image, draw, cards, texts, y, title) + 12
    _card_row(image, draw, hand, texts, y, texts("sanjuan.ui.your_hand", n=len(hand)))
    return image


def _owns_chapel(view: dict[str, Any], seat: int) -> bool:
    return any(TYPE_KEYS[CARD_TYPE[c]] == "chapel" for c, _ in view["cities"][seat])


__all__ = ["board", "private", "GOOD_KEYS"]
