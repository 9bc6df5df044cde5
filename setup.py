"""Builds the solvers' optional C kernels (Golf's, and the Golf family's search). If no compiler is at
hand the install still succeeds and the solvers run the same searches in pure Python (slower, identical
answers). A wheel also gets the languages' catalogues compiled (``.po`` into ``.mo``, with Babel); in a
checkout, ``make`` compiles them in place."""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    """``build_py``, then each ``bot/locale/<language>/LC_MESSAGES/golfbot.po`` compiled beside its copy."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the checkout, where make compiles them
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("bot/locale").glob("*/LC_MESSAGES/golfbot.po"):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source, target.open("wb") as out:
                write_mo(out, read_po(source, locale=po.parts[2]))


setup(
    cmdclass={"build_py": BuildWithCatalogues},
    ext_modules=[
        Extension(
            "engine.golf.solver._kernel",
            sources=["engine/golf/solver/_kernel.c"],
            extra_compile_args=["-O3"],
            optional=True,
        ),
        Extension(
            "engine.spread._search",
            sources=["engine/spread/_search.c"],
            extra_compile_args=["-O3"],
            optional=True,
        ),
    ],
)
