# Every target creates .venv first when it is missing. Playing installs only what the game needs;
# the test tools come with `make test` (and the targets that run test-only code).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test check screenshots bench lint format clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# The test extras include everything playing needs, so one install serves both stamps.
$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/parlour

# The tests run on two processes (one on a one-core machine): the CI machine has two cores. The code is compiled
# once first: else each test process and each `parlour` or bot program a test starts compiles it again (always so
# where PYTHONDONTWRITEBYTECODE is set).
COMPILE := $(BIN)/python -m compileall -q rules ai tui bench tests
# Tests are handed out a few at a time: xdist's default hands each process long runs of consecutive tests, and one
# process could be left with a run of app tests while the other had nothing more to do.
PYTEST := $(BIN)/python -m pytest -q -p no:cacheprovider -n auto --maxprocesses 2 --maxschedchunk 4
TYPES := $(BIN)/mypy --strict rules ai tui tests bench
# In `make test` mypy checks the types while the tests run: the two test processes leave part of the two cores idle
# (they wait on the apps and programs they drive). Its report follows the tests', and either failing fails the target.
TYPES_RC := $(VENV)/.types-rc
test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(COMPILE)
	rm -f $(TYPES_RC); ($(TYPES) > $(VENV)/.types-report 2>&1; echo $$? > $(TYPES_RC)) &
	$(PYTEST); echo $$? > $(VENV)/.tests-rc
	@while [ ! -s $(TYPES_RC) ]; do sleep 0.2; done; cat $(VENV)/.types-report
	@exit $$(( $$(cat $(VENV)/.tests-rc) | $$(cat $(TYPES_RC)) ))

# The fast loop: lint, types, and the tests that neither run the app, start a program nor are long (the markers
# tests/conftest.py gives every test).
check: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(TYPES)
	$(COMPILE)
	$(PYTEST) -m "not app and not program and not long"

# An SVG and a PNG of every screen at 80x24 and 120x36; the PNGs are drawn by Chromium through Playwright, a test
# extra (Debian's chromium, or PARLOUR_CHROMIUM=/path/to/chrome).
screenshots: $(TEST_STAMP)
	$(BIN)/python -m tui.scenes screenshots

# make bench            every game's benchmark
# make bench GAME=nimmt one game's
bench: $(PLAY_STAMP)
	$(BIN)/python -m bench $(GAME)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

format: $(TEST_STAMP)
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
