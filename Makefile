# Two commands do everything on a fresh machine:
#   make run    set up .venv if needed, then run the bot (terminal game unless a bot token is set)
#   make test   set up .venv if needed, then byte-compile every module, ruff, mypy (engine, bot, adapters, benchmarks), import-linter, the whole pytest suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test install clean catalogues catalogues-extract catalogues-update catalogues-init browser

# The languages' catalogues (bot/i18n.py): .po files in the repository, compiled into .mo beside them here
# (and by setup.py when a wheel is built); never checked in compiled.
LOCALE   := bot/locale
POT      := $(LOCALE)/golfbot.pot
PO_FILES := $(wildcard $(LOCALE)/*/LC_MESSAGES/golfbot.po)
MO_FILES := $(PO_FILES:.po=.mo)

$(STAMP): pyproject.toml setup.py engine/golf/solver/_kernel.c
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

$(LOCALE)/%/LC_MESSAGES/golfbot.mo: $(LOCALE)/%/LC_MESSAGES/golfbot.po $(STAMP)
	$(BIN)/pybabel -q compile -D golfbot -l $* -i $< -o $@

catalogues: $(MO_FILES)

# Every marked text (_, N_, N_plural, ngettext) into the template; then each catalogue updated from it.
catalogues-extract: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ -k N_plural:1,2 -k ngettext:1,2 --no-location --sort-output \
		--add-comments=Translators: --project=golfbot -o $(POT) .

catalogues-update: catalogues-extract
	$(BIN)/pybabel -q update -D golfbot -i $(POT) -d $(LOCALE) --ignore-obsolete

# A new language: make catalogues-init LANG_CODE=it
catalogues-init: catalogues-extract
	$(BIN)/pybabel init -D golfbot -i $(POT) -d $(LOCALE) -l $(LANG_CODE)

# The web table's browser tests need Debian's Chromium and its driver: installed here when missing and this is
# root on a Debian-like machine (CI); elsewhere one line says what to install, and those tests fail saying it.
BROWSER_HINT := the web table's browser tests need Chromium and its driver: sudo apt-get install chromium chromium-driver
browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing chromium and chromium-driver for the browser tests"; \
		export DEBIAN_FRONTEND=noninteractive; \
		(apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 || \
		 (apt-get update -qq >/dev/null && apt-get install -y -qq chromium chromium-driver >/dev/null)) || \
		echo "make test: could not install chromium; $(BROWSER_HINT)"; \
	else echo "make test: $(BROWSER_HINT)"; fi

run: $(STAMP) catalogues
	$(BIN)/golfbot

test: $(STAMP) catalogues browser
	$(BIN)/python -m compileall -q engine bot adapters migrations benchmarks tests
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build *.egg-info
