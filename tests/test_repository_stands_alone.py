"""The repository stands alone: a clone with nothing beside it can run every test and follow every link.

The deal data and the rules once lived only in the steering repository's ``shared/`` folder beside the
clone, so a plain clone failed 15 tests and the README linked outside itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), REPO / "tests" / "data" / "README.md"]


def _code_files() -> list[Path]:
    return [
        p
        for top in ("engine", "bot", "adapters", "migrations", "benchmarks", "tests")
        for p in (REPO / top).rglob("*.py")
    ]


def test_no_code_reads_a_folder_beside_the_repository() -> None:
    outside = re.compile(r"""parents\[\d\]\s*\.parent|\.\./shared|["']shared["']""")
    readers = [
        f"{path.relative_to(REPO)}:{number}"
        for path in _code_files()
        if path.name != Path(__file__).name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert readers == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_stays_inside_the_repository_and_resolves(document: Path) -> None:
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        path = (document.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(REPO), f"{document.name} links outside the repository: {target}"
        assert path.exists(), f"{document.name} links to a missing file: {target}"


def test_the_data_the_tests_read_is_here() -> None:
    assert (REPO / "tests" / "data" / "pysolfc-golf-deals-1-1000.tsv").is_file()
    assert "### Board text format" in (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
