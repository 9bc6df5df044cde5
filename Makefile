# Two commands do everything on a fresh machine:
#   make run    set up .venv if needed, then run the bot (terminal game unless a bot token is set)
#   make test   set up .venv if needed, then byte-compile every module, ruff, mypy (engine, bot, adapters, benchmarks), import-linter, the whole pytest suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test install clean

$(STAMP): pyproject.toml setup.py engine/golf/solver/_kernel.c
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/golfbot

test: $(STAMP)
	$(BIN)/python -m compileall -q engine bot adapters migrations benchmarks tests
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build *.egg-info
