"""Builds the solvers' optional C kernels (Golf's, and the Golf family's search). If no compiler is at
hand the install still succeeds and the solvers run the same searches in pure Python (slower, identical
answers)."""

from setuptools import Extension, setup

setup(
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
    ]
)
