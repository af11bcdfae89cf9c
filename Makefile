# Two commands on a machine that has only Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test,ray]'
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/pmtui $(ARGS)

# One pytest-xdist worker per core; tests that share a module fixture stay together (tests/conftest.py).
TEST_WORKERS ?= auto

test: $(VENV)/.test-installed
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check pmtui screens widgets themes prompts tests bench

bench: $(VENV)/.test-installed
	$(BIN)/python bench/first_paint.py
	$(BIN)/python bench/llm_calls.py

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache
