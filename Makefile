# Two commands on a machine that has only Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet

# The real coding agents of the suite, in a venv of their own (created once, reused): aider-chat and
# mini-swe-agent from PyPI through uv (seconds, where pip's resolver takes minutes on aider's pins),
# and, where npm is installed, the npm CLIs whose preset flags are checked against their --help.
# Compiled to bytecode at install, as pip does (uv does not by default): with PYTHONDONTWRITEBYTECODE set,
# each agent start compiled litellm and aider from source again (aider --version: 5.0 s, 1.8 s compiled).
AGENTS := .venv-agents
AGENT_REQUIREMENTS := tests/agents/requirements.txt
NPM_AGENTS := tests/agents/npm-agents.txt
# `make test NPM=` skips the npm CLIs (their flag checks then skip, saying so).
NPM ?= $(shell command -v npm 2>/dev/null)

.PHONY: run test lint bench clean agents

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

$(AGENTS)/.installed: $(AGENT_REQUIREMENTS) $(NPM_AGENTS)
	rm -rf $(AGENTS) && $(PYTHON) -m venv $(AGENTS)
	@start=$$(date +%s); \
	if [ -n "$(NPM)" ]; then \
		( $(NPM) install --prefix $(AGENTS)/npm --no-audit --no-fund --no-update-notifier --loglevel=error \
			$$(grep -v '^#' $(NPM_AGENTS)) > $(AGENTS)/npm.log 2>&1 \
			|| echo "npm install failed (see $(AGENTS)/npm.log): the npm presets' flag checks will skip" ) & \
	fi; \
	( $(AGENTS)/bin/python -m pip --disable-pip-version-check --quiet install uv \
		&& $(AGENTS)/bin/uv pip install --quiet --compile-bytecode --python $(AGENTS)/bin/python -r $(AGENT_REQUIREMENTS) ) \
		|| $(AGENTS)/bin/python -m pip --disable-pip-version-check --quiet install -r $(AGENT_REQUIREMENTS); \
	status=$$?; wait; echo "agents installed in $$(( $$(date +%s) - start )) s"; exit $$status
	touch $@

agents: $(AGENTS)/.installed

# Two pytest-xdist workers more than cores: the tests wait on their subprocesses (agents, gates, git, Node CLIs) a
# good part of the time, and the extra workers fill it. 2 cores, quiet, back to back on 2026-11-27 (2,369 tests):
# 3 workers 226.4 s, 4 workers 205.7 s (docs/benchmarks.md). Tests that share a module fixture stay together
# (tests/conftest.py).
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; n = len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else (os.cpu_count() or 1); print(n + 2)")

# pmtui's own sources are compiled first: the editable install leaves them as source, and with
# PYTHONDONTWRITEBYTECODE set every `pmtui` the suite starts would compile them again. So are pytest's plugins
# (xdist, syrupy, anyio…): pytest rewrites their asserts as it loads them, before tests/conftest.py can let it
# keep the result, so with that variable set each pytest process rewrote 67 modules (~0.5 s of CPU) in a new venv.
test: $(VENV)/.test-installed $(AGENTS)/.installed
	$(BIN)/python -m compileall -q -j 0 pmtui screens widgets prompts themes tests > /dev/null
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest --version > /dev/null 2>&1
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check pmtui screens widgets themes prompts tests bench

bench: $(VENV)/.test-installed
	$(BIN)/python bench/first_paint.py
	$(BIN)/python bench/llm_calls.py

clean:
	rm -rf $(VENV) $(AGENTS) *.egg-info .pytest_cache
