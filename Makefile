# Carrom tournament: developer entry points.
#   make demo      set up .venv, migrate, load demo data, serve on http://127.0.0.1:8000
#   make test      set up .venv with dev tools, run make lint (ruff, mypy, import contracts) and the
#                  whole pytest suite (incl. browser)
#   make serve     collectstatic + migrate, then nginx + gunicorn (deploy/; gunicorn alone without nginx)
#   make messages  extract and compile translations (needs GNU gettext: apt-get install gettext)
#
# Django 6 needs Python >= 3.12. The interpreter is found in this order: $(PYTHON) if given,
# python3.13, pyenv's 3.13.x, python3.12, pyenv's 3.12.x (in $(PYENV_ROOT) and /root/.pyenv).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

VENV := .venv
VPY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
NGINX ?=
PYENV_ROOT ?= $(HOME)/.pyenv
# Where pyenv versions are looked for (root's pyenv too: CI may run without pyenv on PATH).
PYENV_DIRS ?= $(PYENV_ROOT) /root/.pyenv

# Shell snippet that prints the first suitable interpreter (or fails with a clear message).
define FIND_PYTHON
for candidate in $(PYTHON) \
    python3.13 $(wildcard $(addsuffix /versions/3.13*/bin/python3.13,$(PYENV_DIRS))) \
    python3.12 $(wildcard $(addsuffix /versions/3.12*/bin/python3.12,$(PYENV_DIRS))); do \
  if command -v "$$candidate" >/dev/null 2>&1 && \
     "$$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
    echo "$$candidate"; exit 0; \
  fi; \
done; \
echo "ERROR: no Python >= 3.12 found (Django 6 needs it). Install python3.13 or python3.12" \
     "(e.g. pyenv install 3.13.0), or run: make PYTHON=/path/to/python3.13 <target>" >&2; \
exit 1
endef

.PHONY: help demo test lint serve messages migrate seed venv venv-dev vendor clean python-info \
        system-deps

help:
	@echo "make demo      - install, migrate, load demo data and serve on http://$(HOST):$(PORT)/"
	@echo "make test      - make lint (ruff, mypy, import contracts) + the whole pytest suite"
	@echo "make serve     - collectstatic, migrate and run gunicorn (settings from the environment)"
	@echo "make messages  - update locale/*/django.po and compile the .mo files (needs gettext)"
	@echo "make clean     - remove .venv, collected static files and caches (keeps db.sqlite3)"

python-info:
	@$(FIND_PYTHON)

# (Re)create .venv when it is missing or made with a Python older than 3.12, then install the
# given requirements file only when it changed since the last install (stamp file), so re-runs
# are fast. Usage: $(call ensure_venv,requirements-dev.txt,dev)
define ensure_venv
if [ ! -x $(VPY) ] || ! $(VPY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
  py="$$($(FIND_PYTHON))"; \
  echo "Creating $(VENV) with $$py ($$("$$py" --version))"; \
  rm -rf $(VENV); \
  "$$py" -m venv $(VENV); \
  $(VPY) -m pip install --quiet --upgrade pip; \
fi; \
stamp=$(VENV)/.stamp-$(2); \
if [ ! -f "$$stamp" ] || [ -n "$$(find requirements.txt $(1) -newer "$$stamp")" ]; then \
  echo "Installing $(1) into $(VENV)"; \
  $(VPY) -m pip install --quiet -r $(1); \
  touch "$$stamp"; \
fi
endef

venv:
	@$(call ensure_venv,requirements.txt,runtime)

venv-dev:
	@$(call ensure_venv,requirements-dev.txt,dev)

migrate: venv
	$(VPY) manage.py migrate --noinput

seed: migrate
	DEMO_BASE_URL=http://$(HOST):$(PORT) $(VPY) manage.py seed_demo

demo: seed vendor
	@echo
	@echo "Open http://$(HOST):$(PORT)/ — log in at http://$(HOST):$(PORT)/accounts/login/ as" \
	      "organiser / carrom-demo (organiser) or umpire / carrom-demo (umpire). Stop with Ctrl+C."
	@echo
	DEMO_BASE_URL=http://$(HOST):$(PORT) $(VPY) manage.py runserver $(HOST):$(PORT)

# Pyodide for the tablet's offline rules engine, from the npm registry (pinned, sha256 checked)
# into static/vendor/pyodide/ (gitignored); does nothing when that version is already there.
vendor: venv
	$(VPY) tools/fetch_pyodide.py
	$(VPY) tools/fetch_axe.py

# ruff, then the contracts (pyproject.toml): mypy --strict on all of scoring/ and the import
# rules (lint-imports: the pure packages import no Django, scoring.rules nothing else of scoring)
lint: venv-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# The Debian packages the tests drive: Chromium for the browser tests, poppler and zbar for the
# printed sheets. `make test` installs them itself when one is missing and it runs as root on
# Debian (apt-get); otherwise it stops before the tests with the one command to run. A fresh
# Debian machine needs nothing but `make test` (tests/foundation/test_makefile.py).
TEST_PACKAGES := chromium poppler-utils zbar-tools
TEST_TOOLS := /usr/bin/chromium /usr/bin/pdftoppm /usr/bin/zbarimg
APT_LOG ?= /tmp/carrom-apt.log

system-deps:
	@missing=""; for tool in $(TEST_TOOLS); do [ -x "$$tool" ] || missing="$$missing $$tool"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	command="apt-get install -y $(TEST_PACKAGES)"; \
	if ! command -v apt-get >/dev/null 2>&1; then \
	  echo "ERROR: the tests need$$missing (Debian's packages: $(TEST_PACKAGES))." >&2; \
	  exit 1; \
	fi; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "ERROR: the tests need$$missing. Run: sudo $$command" >&2; \
	  exit 1; \
	fi; \
	echo "Installing the test tools' Debian packages ($(TEST_PACKAGES)): missing$$missing"; \
	if ! { DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	       DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(TEST_PACKAGES); } \
	     </dev/null >"$(APT_LOG)" 2>&1; then \
	  tail -n 20 "$(APT_LOG)" >&2; \
	  echo "ERROR: apt-get could not install $(TEST_PACKAGES) (log: $(APT_LOG))." \
	       "Run: $$command" >&2; \
	  exit 1; \
	fi; \
	for tool in $(TEST_TOOLS); do \
	  [ -x "$$tool" ] || { echo "ERROR: $$tool is still missing after: $$command" >&2; exit 1; }; \
	done

test: system-deps lint vendor
	@$(VPY) -m pytest $(PYTEST_ARGS) || { rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests (exit code 5)." >&2; fi; \
	  exit $$rc; }

# With nginx installed (Debian: apt-get install nginx): nginx on $(HOST):$(PORT) with
# deploy/nginx.conf in front of the tablets' gunicorn and the hall's (deploy/serve.py); NGINX=0
# or no nginx: one gunicorn as before.
serve: migrate
	$(VPY) manage.py collectstatic --noinput
	@if [ "$(NGINX)" != "0" ] && { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; }; then \
	  echo "nginx found: the hall's layout (deploy/serve.py; NGINX=0 for one gunicorn)"; \
	  exec $(VPY) deploy/serve.py --host $(HOST) --port $(PORT); \
	else \
	  echo "one gunicorn (no nginx, or NGINX=0; apt-get install nginx for the hall's layout)"; \
	  exec $(VENV)/bin/gunicorn carrom_tournament.wsgi --bind $(HOST):$(PORT) --workers 3 --timeout 30; \
	fi

messages: venv
	@command -v msgfmt >/dev/null || { \
	  echo "ERROR: GNU gettext is needed to extract/compile messages: apt-get install gettext" >&2; \
	  exit 1; }
	$(VPY) manage.py makemessages --locale de --locale fr --locale it --no-obsolete \
	  --ignore '.venv/*' --ignore 'staticfiles/*' --ignore 'tests/*' --ignore 'bench/*'
	$(VPY) manage.py compilemessages --ignore '.venv/*'

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
