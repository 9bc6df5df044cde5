"""Every module of the project imports: code that no other test reaches cannot hide a syntax error or a broken
import (``adapters/cli/chat_runner.py`` once did, and with it the README's main command)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

PACKAGES = ("engine", "bot", "adapters", "migrations", "benchmarks")


def _modules() -> list[str]:
    names = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            names.append(info.name)
    return sorted(names)


MODULES = _modules()


def test_the_list_covers_the_chat_runner() -> None:
    assert "adapters.cli.chat_runner" in MODULES
    assert "adapters.discord.runner" in MODULES
    assert "adapters.telegram.runner" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_module_imports(name: str) -> None:
    importlib.import_module(name)
