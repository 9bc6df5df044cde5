from __future__ import annotations

import logging

import pytest

from adapters.telegram.logs import REDACTED, token_kept_out_of_logs

TOKEN = "123456:SECRET-token"


def test_the_token_is_redacted_from_messages_and_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    other = logging.getLogger("somewhere.else")
    with token_kept_out_of_logs(TOKEN):
        logging.getLogger("telegram.ext.ExtBot").debug("Set Bot API URL: https://x/bot%s", TOKEN)
        other.info("url https://x/bot%s/getMe", TOKEN)
        try:
            raise RuntimeError(f"failed: https://x/bot{TOKEN}/getMe")
        except RuntimeError:
            other.exception("request failed")
        logging.getLogger("httpx").info("HTTP Request: POST https://x/bot%s/getUpdates", TOKEN)
    assert TOKEN not in caplog.text
    assert caplog.text.count(f"bot{REDACTED}") == 3
    assert logging.getLogger("httpx").level == logging.WARNING  # its request lines are not logged at all
    with token_kept_out_of_logs(TOKEN):
        pass
    other.info("after: %s", TOKEN)  # the filter is gone when the bot stops
    assert caplog.messages[-1] == f"after: {TOKEN}"
