def search(
    columns: tuple[bytes, ...],
    stock: bytes,
    top: int,
    adjacent: bytes,
    flags: int,
    mode: int,
    max_entries: int,
    /,
) -> tuple[int, bytes, int]: ...
