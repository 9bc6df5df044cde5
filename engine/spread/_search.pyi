def search(
    ranks: bytes,
    covers: tuple[int, ...],
    turns: bytes,
    wrap: bool,
    gone: int,
    top: int,
    max_states: int,
    /,
) -> tuple[int, list[int], int] | None: ...
