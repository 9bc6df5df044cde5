def search(
    columns: tuple[bytes, ...],
    stock: bytes,
    top: int,
    adjacent: bytes,
    flags: int,
    mode: int,
    max_entries: int,
    max_states: int,
    /,
) -> tuple[int, bytes, int, bool]: ...
