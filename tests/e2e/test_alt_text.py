"""Every picture carries alt text (the attachment's description) for players using a screen reader."""

from __future__ import annotations

from games import registry
from service import i18n, presenter
from tests.e2e.test_absent import open_game


async def test_board_and_private_pictures_are_described(env):
    fake = env.fake
    anna, bela = fake.add_user("anna"), fake.add_user("bela", locale="hu")
    row = await open_game(env, [anna, bela], clock="none")
    row = await env.bot.service.table(row.id)
    board = [m for m in fake.channel_messages(fake.channel) if m.attachments][-1]
    described = board.attachments[0].description
    assert described.startswith("San Juan board after move") and "anna" in described and "bela" in described
    # Only public things: no card of anyone's hand is named.
    game = registry.get("sanjuan")
    hands = [presenter.tr(row, "en")(game.private_summary(game.view(row.state, seat), seat)[0]) for seat in range(2)]
    cards = [name.split("× ")[-1] for hand in hands for name in hand.split(": ", 1)[1].split(", ")]
    assert all(hand.startswith("Hand") for hand in hands) and cards
    assert not [card for card in cards if card in described]
    # Each player's private picture reads out that player's own summary, in their language.
    for user, lang in ((anna, "en"), (bela, "hu")):
        seat = env.bot.service.seat_of(row, user.id)
        pictures = [a for m in fake.dms(user) for a in m.attachments]
        assert pictures, f"{user.name} got no private picture"
        expected = i18n.text("core.alt.private", lang, game=presenter.game_name("sanjuan", lang), summary="")
        assert pictures[-1].description.startswith(expected.rstrip())
        summary = "; ".join(presenter.tr(row, lang)(line)
                            for line in game.private_summary(game.view(row.state, seat), seat))
        assert summary and summary in pictures[-1].description
