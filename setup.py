"""Builds the solver's optional C kernel. If no compiler is at hand the install still succeeds and the
solver runs the same search in pure Python (slower, identical answers)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine.golf.solver._kernel",
            sources=["engine/golf/solver/_kernel.c"],
            extra_compile_args=["-O3"],
            optional=True,
        )
    ]
)
