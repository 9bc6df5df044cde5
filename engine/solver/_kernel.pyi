def search(
    columns: tuple[bytes, ...],
    stock: bytes,
    top: int,
    adjacent: bytes,
    flags: int,
    best_init: int,
    stop_value: int,
    max_entries: int,
    max_states: int,
    /,
) -> tuple[int, bytes, int, bool]: ...
def lower_bound(
    columns: tuple[bytes, ...], stock: bytes, top: int, adjacent: bytes, flags: int, /
) -> int: ...
