"""Photo boards with a real ``golfbot telegram`` process against the loopback fake of the Bot API: the
composition root gives the bot its pictures, a round is played on a photo edited in place with every press,
an upload refused with 413 shows that press's board as text in the caption with one WARNING line (no
traceback), and the next press brings the picture back."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from golf_table import key_for

from adapters.telegram.photos import PICTURE_NOT_UPDATED
from benchmarks.fake_bot_api import MAX_PHOTO_BYTES, FakeBotApi, FakeUser, MessageView
from engine.golf.deal import deal
from engine.golf.moves import TURN, Move
from engine.golf.rules import find_rules

GOLFBOT = Path(sys.executable).with_name("golfbot")
WAIT = 60.0  # a generous ceiling for a busy machine: every wait below is for an event


async def test_a_round_on_photo_boards_through_the_real_process(fake_api: FakeBotApi, tmp_path: Path) -> None:
    ann = FakeUser(id=111001, first_name="Ann")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TELEGRAM_", "GOLFBOT_"))}
    env.update(
        GOLFBOT_DB=str(tmp_path / "golf.sqlite3"),
        TELEGRAM_TOKEN=fake_api.token,
        TELEGRAM_API_BASE_URL=fake_api.base_url,
    )
    log = tmp_path / "golfbot.stderr"
    with log.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            str(GOLFBOT), "telegram", cwd=tmp_path, env=env, stderr=stderr
        )
    try:
        fake_api.push_command(ann, None, "/play strict 1 #24")
        [board] = await fake_api.wait_for(lambda: fake_api.chat_messages(ann.id), timeout=WAIT)
        assert board.photo is not None, board.text
        hole = deal(24, find_rules("strict"))
        for press in range(6):
            if press == 3:
                fake_api.fail_next("editMessageMedia", status=413, description="Request Entity Too Large")
            playable = [c for c in range(7) if hole.can_play(c)]
            move = Move.play(playable[0]) if playable else TURN
            view = fake_api.message(ann.id, board.message_id)
            edits = view.edit_count
            fake_api.press(
                ann, None, board.message_id, data=key_for(view, str(move.column + 1) if playable else "s")
            )

            def edited(edits: int = edits) -> MessageView | None:
                now = fake_api.message(ann.id, board.message_id)
                return now if now.edit_count > edits else None

            after = await fake_api.wait_for(edited, timeout=WAIT)
            hole = hole.play(move)
            assert after.photo is not None and after.buttons
            assert after.text.startswith(PICTURE_NOT_UPDATED) == (press == 3), after.text
    finally:
        if process.returncode is None:
            process.terminate()
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
    media = [e for e in fake_api.edits if e.method == "editMessageMedia"]
    assert len(media) == 5 and all(e.params.get("reply_markup") for e in media)
    assert all(u["size"] <= MAX_PHOTO_BYTES for u in fake_api.uploads)
    text = log.read_text()
    assert "Traceback" not in text and 'File "' not in text and "ERROR" not in text, text
    warnings = [line for line in text.splitlines() if "WARNING" in line]
    assert len(warnings) == 1 and "Request Entity Too Large" in warnings[0], text
