from __future__ import annotations

from telegram import Chat, User

from adapters.telegram.identity import is_group, place_of, player_of
from bot.models import Place, Player


def test_a_user_is_a_player_by_id_with_their_full_name() -> None:
    assert player_of(User(42, "Ada", False, last_name="Lovelace")) == Player("telegram", "42", "Ada Lovelace")
    assert player_of(User(42, "Ada", False)).key == "telegram:42"


def test_a_chat_is_a_place() -> None:
    group = Chat(-100123, Chat.SUPERGROUP, title="Golf club")
    assert place_of(group) == Place("telegram", "-100123", "Golf club")
    assert place_of(Chat(42, Chat.PRIVATE, first_name="Ada")) == Place("telegram", "42", "private chat")
    assert is_group(Chat(-5, Chat.GROUP)) and is_group(Chat(-100123, Chat.SUPERGROUP))
    assert not is_group(Chat(42, Chat.PRIVATE)) and not is_group(Chat(-1009, Chat.CHANNEL))
