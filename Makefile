# The two commands of the README: `make run` and `make test`. Both prepare what they need.
# `make hardware` renders the wiring and the enclosure (hardware/Makefile; tests/hardware runs it).
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
# One set of extras for both commands, so switching between them never reinstalls.
EXTRAS ?= dev,serial,pcsc,ui,camera,hardware,training,deploy,pit
# The suite on every core, each test module whole on one worker (tests/conftest.py); XDIST= runs it
# in one process.
XDIST ?= -n auto

.PHONY: run test lint typecheck unit bench setup clean hardware

run: setup
	@$(BIN)/dealer-assist $(ARGS)

test: setup lint typecheck unit

setup:
	@scripts/bootstrap.sh $(EXTRAS)

lint:
	$(BIN)/ruff check dealer_assist tests benchmarks
	$(BIN)/ruff format --check dealer_assist tests benchmarks

typecheck:
	$(BIN)/mypy dealer_assist

unit:
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

hardware: setup
	$(MAKE) -C hardware WIREVIZ=$(CURDIR)/$(BIN)/wireviz

bench: setup
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
