"""The suite's own machinery (tests/conftest.py): what every test pays for its isolation does not grow with the tests
run before it in the same worker."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.conftest import new_home


def _cpu_of_homes(factory: pytest.TempPathFactory, count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        new_home(factory)
    return time.process_time() - start


def test_a_tests_home_costs_the_same_after_five_hundred_tests(tmp_path: Path) -> None:
    """Each test gets a home of its own (tests/conftest.py `_isolated`). Made with `tmp_path_factory.mktemp`, each one
    listed the whole base folder to number itself: over a worker's ~900 tests, with their `tmp_path`s beside them,
    1.2 s of CPU a worker, growing with the square of its tests. Two costs in one run: homes made in an empty base
    folder, and as many again once 500 other tests' homes and folders are there."""
    factory = pytest.TempPathFactory(given_basetemp=tmp_path / "base", retention_count=3,
                                     retention_policy="all", trace=lambda *args: None, _ispytest=True)
    homes = [new_home(factory) for _ in range(3)]
    assert len(set(homes)) == 3 and all(home.is_dir() and not any(home.iterdir()) for home in homes)
    assert all(os.stat(home).st_mode & 0o777 == 0o700 for home in homes), "a home is the test's own, as pytest's are"

    empty = min(_cpu_of_homes(factory, 100) for _ in range(3))
    for _ in range(500):
        factory.mktemp("test_something")  # the other tests' tmp_path, as pytest numbers them
        new_home(factory)
    crowded = min(_cpu_of_homes(factory, 100) for _ in range(3))

    assert crowded < 3 * empty + 0.02, (empty, crowded)
