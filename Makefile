# Build, test and tooling entry points. `make test` is what CI runs (.ci/run).
#
#   make deps         install the missing Debian packages that build and run doska
#                     (scripts/debian-packages.txt)
#   make deps-test    the same, plus what the tests, fuzzing and benchmarks need
#                     (scripts/debian-packages-test.txt, node and npm, tests/browser's npm packages)
#   make build        Release build in build/release (the tests and benchmarks only where
#                     GoogleTest and Google Benchmark are installed)
#   make play         install only what running needs (make deps), build, make the small endgame
#                     databases if missing (make egdb-small), then start the server (doska serve)
#                     and print its address; the server builds bigger tables in the background at
#                     the lowest priority, the smallest sets first: mill up to 9 a side, the
#                     draughts games up to 5 pieces (docs/egdb.md)
#   make egdb-small   the endgame tables of at most EGDB_PIECES pieces (default 4; draughts: in
#                     all, mill: a side; about two minutes in all) in data/egdb; larger ones:
#                     docs/egdb.md
#   make test         install the test tools too (make deps-test), then the Release tests, browser
#                     tests, sanitizer tests (build/asan, clang), fuzzing (build/fuzz, clang)
#   make test-browser the browser tests (tests/browser: playwright-core driving Debian's chromium
#                     against doska serve from the Release build)
#   make test-deep    the long tests (ctest label "deep") in the Release build
#   make bench        Google Benchmark programs in the Release build
#   make format       clang-format -i; make format-check only reports
#   make clean        remove build/release, build/asan and build/fuzz
#
# Variables: JOBS (parallel jobs, default: the number of cores), TEST_JOBS (tests at a time,
# default twice JOBS), FUZZ_SECONDS (per fuzz target, default 20), BENCH_ARGS (passed to the
# benchmark program), HOST and PORT (make play; default 127.0.0.1 and 8080), DB (make play; default
# data/doska.db, or postgresql://USER@HOST:PORT/DB, docs/deploy.md).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DELETE_ON_ERROR:
# Steps run in the order written even under make -j; each build is parallel by itself.
.NOTPARALLEL:

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# ctest runs twice as many tests as there are cores: many of them wait on a server, a timer or a
# child process (the arena's one-minute timer alone), so the cores stay busy. On 2 cores: the
# Release suite in 92 s instead of 133, the ASan one in 274 s instead of 329.
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))
FUZZ_SECONDS ?= 20
BENCH_ARGS ?=
HOST ?= 127.0.0.1
PORT ?= 8080
DB ?= data/doska.db

RELEASE_DIR := build/release
ASAN_DIR := build/asan
FUZZ_DIR := build/fuzz

# The sanitizer and fuzz builds keep assertions on: -O2 without -DNDEBUG. -g1 (line tables) is
# what a sanitizer's stack trace needs for file and line, and builds faster than full -g.
CHECK_FLAGS := -O2 -g1
# The sanitizer and fuzz builds compile the sources 8 to a unit (a unity build: the headers are
# read once a unit, not once a file), so names at namespace scope, even in an anonymous namespace,
# must be unique across a library's files.
UNITY_FLAGS := -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8


FUZZ_TARGETS := $(sort $(basename $(notdir $(wildcard fuzz/fuzz_*.cpp))))
FORMAT_FILES = $(shell find src tests fuzz bench -type f \( -name '*.h' -o -name '*.cpp' \) | sort)

EGDB_PIECES ?= 4
EGDB_GAMES := english russian english-giveaway russian-giveaway international international-giveaway \
	mill mill-ceylon

.PHONY: all deps deps-test build play egdb-small test test-release test-browser test-asan test-fuzz test-deep bench format \
	format-check clean

all: build

deps:
	bash scripts/install-deps.sh

deps-test:
	bash scripts/install-deps.sh --test

build: deps
	cmake -S . -B $(RELEASE_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release
	cmake --build $(RELEASE_DIR) -j $(JOBS)

# The tables the server builds in the background (docs/egdb.md, "A server's tables").
# Draughts stops at 5 pieces: the 6-piece russian tables, packed or not, made the engine weaker at
# 0.2 s a move against KestoG (docs/egdb.md, "What a user has, and when").
EGDB_GROW ?= mill:9,russian:5,english:5,international:5

# The server prints "doska: serving on http://HOST:PORT/"; Ctrl-C stops it.
play: deps build egdb-small
	./$(RELEASE_DIR)/doska serve --host $(HOST) --port $(PORT) --db $(DB) --egdb-grow $(EGDB_GROW)

# Builds only what is missing: a table already there (and sound) is kept.
egdb-small: build
	for game in $(EGDB_GAMES); do \
	  ./$(RELEASE_DIR)/doska egdb build $$game --pieces $(EGDB_PIECES) --dir data/egdb --quiet; \
	done

test: deps-test test-release test-browser test-asan test-fuzz

test-release: deps-test build
	ctest --test-dir $(RELEASE_DIR) --output-on-failure --no-tests=error -j $(TEST_JOBS) -LE deep

# Each test file starts its own doska serve on a free port with a fresh database; no display needed.
test-browser: deps-test build
	cd tests/browser && DOSKA_BIN="$(CURDIR)/$(RELEASE_DIR)/doska" npm test

# Built with clang, as the fuzz build is: it compiles this build in about half g++'s time, and its
# UBSan checks more (pointer arithmetic on a null pointer, which g++'s does not report).
test-asan: deps-test
	cmake -S . -B $(ASAN_DIR) -DCMAKE_CXX_COMPILER=clang++ -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(CHECK_FLAGS)" -DDOSKA_SANITIZE=ON $(UNITY_FLAGS)
	cmake --build $(ASAN_DIR) -j $(JOBS)
	UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		ctest --test-dir $(ASAN_DIR) --output-on-failure --no-tests=error -j $(TEST_JOBS) -LE deep

# Each fuzz target runs FUZZ_SECONDS on a scratch copy of its seed corpus (scripts/fuzz-one.sh),
# JOBS targets at a time (each fuzzer is one process on one core); every target runs even after a
# failure, and the step fails if any did. Crash inputs land in build/fuzz/artifacts/.
test-fuzz: deps-test
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(CHECK_FLAGS)" -DDOSKA_FUZZ=ON $(UNITY_FLAGS)
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target $(FUZZ_TARGETS)
	@printf '%s\n' $(FUZZ_TARGETS) | FUZZ_DIR=$(FUZZ_DIR) FUZZ_SECONDS=$(FUZZ_SECONDS) \
		xargs -P $(JOBS) -n 1 bash scripts/fuzz-one.sh || \
		{ echo "fuzz: a target failed (its report is above)"; exit 1; }
	@echo "fuzz: $(words $(FUZZ_TARGETS)) passed, 0 failed"

test-deep: deps-test build
	ctest --test-dir $(RELEASE_DIR) --output-on-failure --no-tests=ignore -j $(JOBS) -L deep

bench: deps-test build
	./$(RELEASE_DIR)/doska_bench $(BENCH_ARGS)

format:
	clang-format -i $(FORMAT_FILES)

format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf $(RELEASE_DIR) $(ASAN_DIR) $(FUZZ_DIR)
