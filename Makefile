# Two commands do all the set-up on a fresh machine with Python 3.11:
#   make run    install into .venv, migrate SQLite, serve on http://127.0.0.1:8000: the production
#               web server (uvicorn), a Celery worker and beat, supervised (manage.py serve),
#               DEBUG off (`make run DEBUG=1` for Django's debug pages)
#   make test   install into .venv, lint, check the committed OpenAPI schema, run every test
#   (both build the compiled engine into .venv first when a C compiler is here: `make engine`)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
PORT ?= 8000
# `make run` serves with DEBUG off, as production does but over plain HTTP on the loopback
# (GTR_LOOPBACK=1, gtr_api/settings.py); `make run DEBUG=1` for development (Django's debug pages).
DEBUG = 0  # not ?=: a DEBUG in the environment is not ours

.PHONY: run test engine lint schema messages bench bench-api

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,env]'  # env: gtr_env's PettingZoo, Gymnasium, NumPy
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# The engine compiled with mypyc into .venv when a C compiler is here (engine/compiled.py), or
# pure Python: one line says which. Built again only when its sources changed.
engine: $(STAMP)
	GTR_ENGINE=pure $(BIN)/python -m engine.build

run: $(STAMP) engine
	$(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=$(DEBUG) GTR_LOOPBACK=1 $(BIN)/python manage.py serve 127.0.0.1:$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy  # every package, strict (pyproject.toml)

schema: $(STAMP)  # the OpenAPI schema, and the table of error codes in docs/api.md
	$(BIN)/python manage.py spectacular --file openapi.yaml
	$(BIN)/python manage.py error_codes --write

# The interface's translations (docs/api.md, Languages): gather the marked messages into
# locale/pl/LC_MESSAGES/django.po, and the table script's into djangojs.po (translate the new ones
# there), then compile both .mo files. Both are
# committed, so `make run` needs no GNU gettext; this target does (apt-get install gettext).
# tests/gtr_api/test_translations.py checks that the committed .mo is the .po's, all translated.
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=clients --ignore=tests --ignore=bench \
	--ignore=deploy --ignore=docs
messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l pl --no-obsolete $(MESSAGES_IGNORE)
	$(BIN)/python manage.py makemessages -d djangojs -l pl --no-obsolete $(MESSAGES_IGNORE)
	$(BIN)/python manage.py compilemessages --ignore=.venv

# The whole suite (.ci/suite): lint, schema freshness, every test on SQLite, then the server tests
# on a throwaway PostgreSQL, the Celery worker tests with a throwaway Redis, and schemathesis.
# Every stage runs even after a failure; the last line sums up: "N passed, M failed".
# .ci/postgres and .ci/redis apt-get install the servers when missing (needs root).
test: $(STAMP) engine
	.ci/suite

bench: $(STAMP)
	$(BIN)/python -m engine.bench --json

bench-api: $(STAMP)
	$(BIN)/python bench/api.py $(if $(DATABASE_URL),--postgres $(DATABASE_URL),)
