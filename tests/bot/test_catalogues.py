"""The languages' catalogues: the template holds every marked text of the sources, and each shipped
language translates every one of them, not fuzzy, with the same placeholders, compiled as it reads."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE, ngettext, speaking

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "N_plural": (1, 2), "ngettext": (1, 2)}
SHIPPED = [language for language in LANGUAGES if language != SOURCE]


def _mapping() -> list[tuple[str, str]]:
    """babel.cfg's patterns, as ``extract_from_dir`` takes them."""
    methods = []
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            method, pattern = line[1:-1].split(":", 1)
            methods.append((pattern.strip(), method.strip()))
    return methods


@cache
def extracted() -> frozenset[str]:
    ids: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=_mapping(), keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        ids.add(message[0] if isinstance(message, tuple) else message)
    return frozenset(ids)


@cache
def template() -> Catalog:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as file:
        return read_po(file)


@cache
def catalogue(language: str) -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=language)


def _ids(catalog: Catalog) -> set[str]:
    return {_msgid(message) for message in catalog if message.id}


def _msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def fields(text: str) -> set[str]:
    """The named placeholders of a text (``{hole}``; a doubled brace is none)."""
    return {name for _literal, name, _spec, _conv in Formatter().parse(text) if name}


def test_the_template_holds_every_marked_text_of_the_sources() -> None:
    missing = extracted() - _ids(template())
    stale = _ids(template()) - extracted()
    assert not missing, f"run make catalogues-update: not in the template: {sorted(missing)[:10]}"
    assert not stale, f"run make catalogues-update: no longer in the sources: {sorted(stale)[:10]}"


def test_texts_name_their_placeholders() -> None:
    for message in template():
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for _literal, name, _spec, _conv in Formatter().parse(text):
                assert name != "" and not (name or "x").isdigit(), f"an unnamed placeholder in {text!r}"


@pytest.mark.parametrize("language", SHIPPED)
def test_every_text_is_translated_and_none_is_fuzzy(language: str) -> None:
    translated = catalogue(language)
    assert _ids(translated) >= _ids(template()), "run make catalogues-update"
    for message in translated:
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: fuzzy: {message.id!r}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{language}: not translated: {message.id!r}"
        if isinstance(message.id, tuple):
            assert len(forms) == translated.num_plurals, f"{language}: plural forms of {message.id!r}"


@pytest.mark.parametrize("language", SHIPPED)
def test_translations_keep_the_placeholders_of_their_source(language: str) -> None:
    translated = catalogue(language)
    for message in translated:
        if not message.id:
            continue
        errors = list(message.check(translated))  # Babel's checkers (python-format, plural counts)
        assert not errors, f"{language}: {message.id!r}: {errors}"
        if isinstance(message.id, tuple):
            source = fields(message.id[0]) | fields(message.id[1])
            for form in message.string:
                # a form for one may say "one" rather than {count}; no form adds a placeholder
                assert source - {"count"} <= fields(form) <= source, f"{language}: {message.id!r}: {form!r}"
        else:
            assert fields(message.string) == fields(message.id), f"{language}: {message.id!r}"


@pytest.mark.parametrize("language", SHIPPED)
def test_the_compiled_catalogue_is_the_catalogue(language: str) -> None:
    compiled = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    assert compiled.exists(), "run make (it compiles the catalogues)"
    out = io.BytesIO()
    write_mo(out, catalogue(language))
    assert compiled.read_bytes() == out.getvalue(), "a stale .mo: run make catalogues"


def _plurals() -> list[tuple[str, str]]:
    return [message.id for message in template() if isinstance(message.id, tuple)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_count_reads_right_with_one_and_with_two(language: str) -> None:
    """Each text with a count, shown with 1 and with 2 (and 5: Russian's third form) in each language: the
    form the language's rule picks, its count filled, never "1 days"."""
    assert _plurals(), "no text with a count was extracted"
    for singular, plural in _plurals():
        others = {name: f"<{name}>" for name in fields(singular) | fields(plural) if name != "count"}
        with speaking(language):
            for n in (1, 2, 5):
                text = ngettext(singular, plural, n, **others)
                assert "{" not in text, f"{language}: {singular!r} with {n}: {text!r}"
                if "count" in fields(plural):
                    assert str(n) in text or n == 1, (
                        f"{language}: {singular!r} with {n} lost its count: {text!r}"
                    )
                if language == SOURCE:
                    assert text == (singular if n == 1 else plural).format(count=n, **others)
