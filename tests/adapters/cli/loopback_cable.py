"""A network cable between a bot and a fake server, both on 127.0.0.1, that a test can pull out.

``LoopbackCable(target_port)`` listens on its own port and forwards every connection to the target.
``unplug()`` cuts every open connection and stops listening (new connections are refused, as with no
network); ``plug_in()`` listens on the same port again. The fake server itself never goes away, so what
it remembers (updates not yet fetched, a gateway session to resume) survives the outage, as at Discord
and Telegram.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket


class LoopbackCable:
    def __init__(self, target_port: int, *, host: str = "127.0.0.1") -> None:
        self.host = host
        self.target_port = target_port
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def plugged_in(self) -> bool:
        return self._server is not None

    async def plug_in(self) -> LoopbackCable:
        if self._server is None:
            self._server = await asyncio.start_server(self._connect, self.host, self.port, reuse_address=True)
            self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def unplug(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for writer in list(self._writers):
            sock = writer.get_extra_info("socket")
            if sock is not None:  # a reset, as when a link goes down, rather than a polite close
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            writer.transport.abort()
        self._writers.clear()
        for task in list(self._tasks):
            task.cancel()
        if server is not None:
            await server.wait_closed()

    async def __aenter__(self) -> LoopbackCable:
        return await self.plug_in()

    async def __aexit__(self, *exc: object) -> None:
        await self.unplug()

    async def _connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(sink)
            sink.close()
