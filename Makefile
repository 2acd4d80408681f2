# yeok — a terminal side-by-side translation editor for reStructuredText.
# `make help` lists the targets.  One plain GNU Makefile; pkg-config for
# every library.  SANITIZE=1 (ASan + UBSan), DEBUG=1, V=1 (show commands).

PROG      := yeok
PREFIX    ?= /usr/local
DESTDIR   ?=
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share/yeok
MANDIR    ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config
CLANG     ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 3

ifeq ($(V),1)
Q :=
say :=
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2);
endif

# ---- configuration ----------------------------------------------------------
ifeq ($(SANITIZE),1)
MODE := san
OPT  := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LDOPT := -fsanitize=address,undefined
else ifeq ($(DEBUG),1)
MODE := debug
OPT  := -O0 -g
LDOPT :=
else
MODE := release
OPT  := -O2 -g -DNDEBUG
LDOPT :=
endif

B := build/$(MODE)

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wmissing-declarations -Wold-style-definition -Wformat=2 -Wwrite-strings \
	-Wvla -Wpointer-arith -Wundef -Wimplicit-fallthrough -Wno-format-nonliteral

# Lazy (=) so that pkg-config runs only when compiling, after `make deps`.
CORE_PKGS := libutf8proc yaml-0.1 hunspell sqlite3 libcmark-gfm
CORE_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(CORE_PKGS))
CORE_LIBS   = $(shell $(PKG_CONFIG) --libs $(CORE_PKGS)) -lpthread
UI_CFLAGS   = $(shell $(PKG_CONFIG) --cflags ncursesw)
UI_LIBS     = $(shell $(PKG_CONFIG) --libs ncursesw)
# The release program links these libraries statically when all their
# archives are installed (STATIC_LIBS=0: never; libc stays shared): a
# `yeok check` of a small pair spent about 5 ms of its 15 loading and
# relocating 13 shared libraries (tests/bench/PERF.md, round 15).  Tests,
# fuzzers and benchmark programs link them shared.
STATIC_ARCHIVES := ncursesw tinfo utf8proc yaml hunspell-1.7 sqlite3 cmark-gfm \
	cmark-gfm-extensions stdc++
ifeq ($(MODE),release)
STATIC_LIBS ?= $(if $(strip $(foreach l,$(STATIC_ARCHIVES),$(if $(filter /%,$(shell \
	$(CC) -print-file-name=lib$(l).a)),,$(l)))),0,1)
endif
STATIC_LINK = -Wl,-Bstatic -Wl,--start-group $(UI_LIBS) $(shell $(PKG_CONFIG) --libs \
	$(CORE_PKGS)) -lstdc++ -Wl,--end-group -Wl,-Bdynamic -lm -lpthread
PROG_LIBS = $(if $(filter 1,$(STATIC_LIBS)),$(STATIC_LINK),$(UI_LIBS) $(CORE_LIBS))
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka)

CPPFLAGS += -Iinclude -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L \
	-DYEOK_DATADIR='"$(DATADIR)"'
CFLAGS   ?=
ALL_CFLAGS = -std=c11 $(WARN) $(OPT) $(CORE_CFLAGS) $(CFLAGS)
DEPFLAGS = -MMD -MP

# ---- sources ----------------------------------------------------------------
CORE_SRC := $(sort $(shell find src -name '*.c' -not -path 'src/ui/*' \
	-not -path 'src/cli/*' -not -name main.c))
UI_SRC   := $(sort $(wildcard src/ui/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
MAIN_SRC := src/main.c

CORE_OBJ := $(CORE_SRC:%.c=$(B)/obj/%.o)
UI_OBJ   := $(UI_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o)
MAIN_OBJ := $(MAIN_SRC:%.c=$(B)/obj/%.o)
LIB      := $(B)/libyeok.a
BIN      := $(B)/$(PROG)

# Unit tests: one binary per module.  test-ui*.c may use curses (they link
# the UI objects); every other test links the core library only, so a
# stray curses call in the core fails to link.
UNIT_SRC  := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BINS := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
TESTUTIL_OBJ := $(B)/obj/tests/unit/testutil.o

FUZZ_SRC  := $(sort $(wildcard tests/fuzz/fuzz-*.c))
FUZZ_B    := build/fuzz
FUZZ_BINS := $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_B)/%)
FUZZ_CORE_OBJ := $(CORE_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_UI_OBJ := $(UI_SRC:%.c=$(FUZZ_B)/obj/%.o)

BENCH_SRC := $(sort $(wildcard tests/bench/*.c))
BENCH_BINS := $(BENCH_SRC:tests/bench/%.c=build/bench/%)

.PHONY: all run test bench fuzz fuzz-smoke install uninstall clean help deps \
	unit-tests fuzz-build
.DEFAULT_GOAL := all

all: $(PROG)

# `./yeok` at the top of the tree is the binary of the current mode.
$(PROG): $(BIN)
	$(Q)cp $(BIN) $(PROG).tmp && mv -f $(PROG).tmp $(PROG)

$(BIN): $(MAIN_OBJ) $(CLI_OBJ) $(UI_OBJ) $(LIB)
	$(call say,LINK,$@)
	$(Q)$(CC) $(OPT) $(LDOPT) -o $@ $(MAIN_OBJ) $(CLI_OBJ) $(UI_OBJ) $(LIB) \
		$(PROG_LIBS) $(LDFLAGS)

$(LIB): $(CORE_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(CORE_OBJ)

$(B)/obj/src/ui/%.o: src/ui/%.c
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(UI_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/obj/src/main.o: src/main.c
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(UI_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/obj/%.o: %.c
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/obj/tests/unit/test-ui%.o: tests/unit/test-ui%.c
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(UI_CFLAGS) $(CMOCKA_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/tests/test-ui%: $(B)/obj/tests/unit/test-ui%.o $(TESTUTIL_OBJ) $(UI_OBJ) $(LIB)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT) $(LDOPT) -o $@ $^ $(UI_LIBS) $(CORE_LIBS) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/tests/test-%: $(B)/obj/tests/unit/test-%.o $(TESTUTIL_OBJ) $(LIB)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT) $(LDOPT) -o $@ $^ $(CORE_LIBS) $(CMOCKA_LIBS) $(LDFLAGS)

# test-sync also links the synthetic upstream-edit generator.
$(B)/tests/test-sync: $(B)/obj/tests/tools/upstream-edits.o

unit-tests: $(UNIT_BINS)

# ---- fuzzing (clang's libFuzzer) --------------------------------------------
# Two builds: build/fuzz (ASan + UBSan, also the smoke run of make test)
# and build/fuzz-ubsan (FUZZ_SAN=ubsan: clang's UBSan alone, with its extra
# checks, faster).  `make fuzz` runs every target under both.
ifeq ($(FUZZ_SAN),ubsan)
FUZZ_B    := build/fuzz-ubsan
FUZZ_SANS := undefined,float-divide-by-zero,local-bounds
else
FUZZ_SANS := address,undefined
endif
FUZZ_BINS := $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_B)/%)
FUZZ_CORE_OBJ := $(CORE_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_UI_OBJ := $(UI_SRC:%.c=$(FUZZ_B)/obj/%.o)
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer-no-link,$(FUZZ_SANS) -fno-sanitize-recover=all

$(FUZZ_B)/obj/src/ui/%.o: src/ui/%.c
	$(call say,CLANG,$<)
	@mkdir -p $(@D)
	$(Q)$(CLANG) $(CPPFLAGS) -DFUZZING -std=c11 $(WARN) -Wno-unused-command-line-argument \
		$(FUZZ_FLAGS) $(CORE_CFLAGS) $(UI_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(FUZZ_B)/obj/%.o: %.c
	$(call say,CLANG,$<)
	@mkdir -p $(@D)
	$(Q)$(CLANG) $(CPPFLAGS) -DFUZZING -std=c11 $(WARN) -Wno-unused-command-line-argument \
		$(FUZZ_FLAGS) $(CORE_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(FUZZ_B)/libyeok.a: $(FUZZ_CORE_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(FUZZ_CORE_OBJ)

$(FUZZ_B)/%: $(FUZZ_B)/obj/tests/fuzz/%.o $(FUZZ_B)/libyeok.a
	$(call say,LINK,$@)
	$(Q)$(CLANG) -fsanitize=fuzzer,$(FUZZ_SANS) -o $@ $^ $(CORE_LIBS)

fuzz-build: $(FUZZ_BINS)

# `make fuzz`: each target for FUZZ_SECONDS (default 60) on its seed corpus.
fuzz: deps
	@if ! command -v $(CLANG) >/dev/null; then echo "make fuzz: clang is not installed (apt-get install clang)"; exit 1; fi
	@if [ -z "$(FUZZ_SRC)" ]; then echo "make fuzz: no fuzz targets yet"; exit 0; fi
	$(Q)$(MAKE) --no-print-directory fuzz-build
	$(Q)$(MAKE) --no-print-directory FUZZ_SAN=ubsan fuzz-build
	$(Q)tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BINS) \
		$(FUZZ_SRC:tests/fuzz/%.c=build/fuzz-ubsan/%)

# ---- the commands of the README ---------------------------------------------
deps:
	@tests/deps.sh

run: deps
	$(Q)$(MAKE) --no-print-directory $(PROG)
	$(Q)tests/run-sample.sh ./$(PROG)

test: deps
	$(Q)$(MAKE) --no-print-directory SANITIZE=1 unit-tests build/san/$(PROG)
	@# the benchmark programs must keep compiling (they are built by make bench only)
	$(Q)for f in $(BENCH_SRC); do $(CC) $(CPPFLAGS) -std=c11 $(WARN) $(CORE_CFLAGS) \
		$(UI_CFLAGS) -fsyntax-only $$f || exit 1; done
	$(Q)if command -v $(CLANG) >/dev/null && [ -n "$(FUZZ_SRC)" ]; then \
		$(MAKE) --no-print-directory fuzz-build; fi
	$(Q)YEOK=build/san/$(PROG) UNIT_DIR=build/san/tests FUZZ_DIR=$(FUZZ_B) \
		FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) tests/run.sh

bench: deps
	@tests/deps.sh --bench
	$(Q)$(MAKE) --no-print-directory $(PROG) $(BENCH_BINS)
	$(Q)YEOK=./$(PROG) tests/bench/run.sh

# Benchmark programs link the release core (and the UI objects, for the
# first-frame measurement on a fake terminal).
build/bench/%: tests/bench/%.c build/release/libyeok.a $(UI_SRC:%.c=build/release/obj/%.o)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) -std=c11 $(WARN) -O2 -g $(CORE_CFLAGS) $(UI_CFLAGS) -o $@ $< \
		$(UI_SRC:%.c=build/release/obj/%.o) build/release/libyeok.a $(UI_LIBS) $(CORE_LIBS)

# The synthetic upstream-edit generator as a program (tests/bench/sync-dir.sh).
build/tools/upstream-edits: tests/tools/upstream-edits-main.c tests/tools/upstream-edits.c build/release/libyeok.a
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) -std=c11 $(WARN) -O2 $(CORE_CFLAGS) -o $@ $(filter %.c,$^) \
		build/release/libyeok.a $(CORE_LIBS)

install: $(PROG)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(DATADIR)/themes $(DESTDIR)$(DATADIR)/glossary
	install -m 755 $(PROG) $(DESTDIR)$(BINDIR)/$(PROG)
	install -m 644 src/yeok.1 $(DESTDIR)$(MANDIR)/man1/yeok.1
	@for f in themes/*.yaml; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(DATADIR)/themes/ || true; done
	@for f in glossary/*.yaml glossary/*.txt; do [ -e "$$f" ] && install -m 644 "$$f" $(DESTDIR)$(DATADIR)/glossary/ || true; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/$(PROG) $(DESTDIR)$(MANDIR)/man1/yeok.1
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build $(PROG)

help:
	@echo 'yeok — make targets'
	@echo '  make            build ./yeok (release; DEBUG=1 debug, SANITIZE=1 ASan+UBSan)'
	@echo '                 (its libraries linked statically when installed; STATIC_LIBS=0: shared)'
	@echo '  make run        install missing packages, build, open the bundled sample'
	@echo '  make test       unit, layering, CLI, tmux end-to-end and fuzz-smoke tests'
	@echo '  make bench      performance table (issue 10)'
	@echo '  make fuzz       each fuzz target for FUZZ_SECONDS (default 60)'
	@echo '  make deps       check the libraries and tools; apt-get install what is missing'
	@echo '  make install    to $$(DESTDIR)$$(PREFIX) (default /usr/local)'
	@echo '  make uninstall  remove what install put there'
	@echo '  make clean      remove build/ and ./yeok'
	@echo '  V=1             show the commands'

-include $(shell find build -name '*.d' 2>/dev/null)
