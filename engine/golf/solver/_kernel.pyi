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

class Search:
    """Searches of one position that keep their visited set between runs (see pysearch.Search)."""

    def __init__(
        self,
        columns: tuple[bytes, ...],
        stock: bytes,
        top: int,
        adjacent: bytes,
        flags: int,
        max_entries: int,
        /,
    ) -> None: ...
    def run(self, best_init: int, stop_value: int, max_states: int, /) -> tuple[int, bytes, int, bool]: ...
    def fringe(
        self, lower: int, best: int, max_states: int, second: bool = False, /
    ) -> tuple[int, int, bytes, int, str]: ...
    def share(self, other: Search, /) -> None: ...
