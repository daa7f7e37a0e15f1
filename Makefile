# ttrtool — every target sets up its own virtual environment first.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
OUT := out
MAP_IDS := usa europe switzerland nordiccountries india
MAPS := $(MAP_IDS:%=maps/%.yaml)

.PHONY: setup demo test test-slow lint bench soak verdicts screenshot clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

## demo: validate, analyse, render and simulate the bundled maps into out/
demo: setup
	mkdir -p $(OUT)
	$(BIN)/ttrtool validate $(MAPS)
	for m in $(MAP_IDS); do \
	  $(BIN)/ttrtool analyze maps/$$m.yaml -f markdown -o $(OUT)/$$m-analysis.md && \
	  $(BIN)/ttrtool analyze maps/$$m.yaml -f json -o $(OUT)/$$m-analysis.json || exit 1; \
	done
	for m in $(MAP_IDS); do \
	  $(BIN)/ttrtool simulate maps/$$m.yaml --games 200 --seed 1 --quiet \
	    --out $(OUT)/$$m-report.json --markdown $(OUT)/$$m-report.md \
	    --html $(OUT)/$$m-report.html || exit 1; \
	done
	for m in $(MAP_IDS); do \
	  $(BIN)/ttrtool render maps/$$m.yaml -o $(OUT)/$$m-board.svg --pdf --tiles a4 \
	    --tickets $(OUT)/$$m-tickets.pdf && \
	  $(BIN)/ttrtool render maps/$$m.yaml -o $(OUT)/$$m-board.png && \
	  $(BIN)/ttrtool render maps/$$m.yaml -o $(OUT)/$$m-heatmap.svg \
	    --heatmap $(OUT)/$$m-report.json || exit 1; \
	done
	@echo "demo outputs are in $(OUT)/"

## test: the test suite without the long statistical tests (a few minutes)
test: setup
	$(BIN)/python -m pytest -q -n 2 -m "not slow"

## test-slow: the long statistical tests only (CI runs them after `make test`)
test-slow: setup
	$(BIN)/python -m pytest -q -n 2 -m slow

lint: setup
	$(BIN)/ruff check ttrtool tests benchmarks
	$(BIN)/mypy

## bench: whole-process timings and games per second (docs/simulate.md, docs/render.md)
bench: setup
	$(BIN)/python -m benchmarks.run

## verdicts: the official maps, every player count, 1,000 games: no warning (docs/simulate.md)
verdicts: setup
	$(BIN)/python -m benchmarks.verdicts

## soak: >= 10,000 checked games per map and player count (long; SOAK_GAMES to change)
soak: setup
	mkdir -p $(OUT)
	$(BIN)/python -m benchmarks.soak

## screenshot: docs/images/report.png, the README's picture of the report page (needs chromium)
screenshot: setup
	$(BIN)/python docs/images/report_screenshot.py

clean:
	rm -rf $(OUT) .pytest_cache .mypy_cache .ruff_cache
