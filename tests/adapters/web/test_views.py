"""A Screen as the web table's JSON: all it holds, as card codes; what it hides (None) is null, never a
value."""

from __future__ import annotations

import json

from adapters.web.views import screen_json
from bot.models import Place, Player
from bot.screens import Screen, ScreenKind, ShareView
from engine.cards import parse_card

ANN = Player("telegram", "1", "Ann")
BOB = Player("telegram", "2", "Bob")


async def test_a_golf_board_as_json(club) -> None:
    screen = await club.clubhouse.start_round(ANN, Place("telegram", "1"), rules="strict")
    shown = screen_json(screen)
    board = screen.board
    assert board is not None
    assert (
        shown["kind"] == "board" and shown["session"] == screen.session and shown["version"] == screen.version
    )
    assert shown["board"]["columns"] == [[str(card) for card in column] for column in board.columns]
    assert all(parse_card(code) for column in shown["board"]["columns"] for code in column)
    assert shown["board"]["foundation"] == str(board.foundation) and shown["board"]["deal"] == board.deal
    assert shown["board"]["stock_left"] == board.stock_left and shown["board"]["rules"] == "strict"
    first = screen.buttons[0][0]
    assert shown["buttons"][0][0] == {
        "id": first.id,
        "label": first.label,
        "enabled": first.enabled,
        "style": first.style.value,
        "role": "column",
        "key": "1",
    }
    assert shown["table"] is None and shown["share"] is None
    json.dumps(shown)  # plain JSON all through


async def test_a_six_card_table_shows_face_down_cards_as_null(club) -> None:
    for player in (ANN, BOB):
        await club.clubhouse.places.ensure_player(player)
    opened = await club.clubhouse.table.create(ANN, Place("telegram", "-5"), limit=None, others=[BOB])
    deal = next(b.id for b in opened.all_buttons if b.id.endswith(":g"))
    dealt = (await club.clubhouse.door.press(ANN, deal, "")).screen
    shown = screen_json(await club.clubhouse.sessions.view(dealt.session, BOB.key))
    table = shown["table"]
    assert [seat["name"] for seat in table["seats"]] == ["Ann", "Bob"]
    assert all(seat["cards"] == [None] * 6 for seat in table["seats"])
    hand = (await club.clubhouse.sessions.load(dealt.session)).position.hand
    text = json.dumps(shown)
    assert not [card for grid in hand.grids for card in grid.cards if f'"{card}"' in text]
    assert table["discard"] == str(hand.discard[-1]) and table["stock"] == len(hand.stock)
    assert not [card for card in hand.stock if f'"{card}"' in text]  # nor the stock's order


def test_a_share_card_as_json() -> None:
    share = ShareView("Golf daily #3 · 9 holes", "38 (-7)", "🟩🟨", "3rd of 12")
    shown = screen_json(Screen(ScreenKind.SUMMARY, "Daily", share=share))
    assert shown["share"] == {
        "title": share.title,
        "score": "38 (-7)",
        "squares": "🟩🟨",
        "standing": "3rd of 12",
    }
    assert shown["board"] is None and shown["buttons"] == []
