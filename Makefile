# trending: `make demo` and `make test` do all the set-up on a fresh Debian machine.

# System packages the build needs, then all of them with those the tests (and `make deb`) need
# besides; docs/build.md says what each is for.
BUILD_PACKAGES := libncurses-dev ncurses-term libturbojpeg0-dev libchafa-dev libglib2.0-dev libcurl4-openssl-dev \
  ca-certificates pkg-config libsqlite3-dev libarchive-dev
APT_PACKAGES := $(BUILD_PACKAGES) nginx tmux gettext python3 xvfb xterm x11-apps fonts-dejavu-core kitty libgl1-mesa-dri \
  bash zsh fish groff-base man-db dpkg-dev lintian python3-icalendar sqlite3 syncthing mpv ffmpeg
SWIFT ?= swift
SWIFT_FLAGS ?=
# Where release builds find libstdc++.a, libncursesw.a and libtinfo.a first, so they link statically (docs/build.md).
STATIC_LIBS_DIR := $(CURDIR)/.build/static-libs
# The archives linked in from there, when the toolchain or the system has them.
STATIC_ARCHIVES := libstdc++.a libncursesw.a libtinfo.a
# The functions start-ups run, placed together at the front of the text (Scripts/startup-order.py).
STARTUP_ORDER := $(CURDIR)/Scripts/startup-order.txt
# SwiftPM does not watch the order file: a binary older than it is removed, so it is linked anew.
RELINK_ON_NEW_ORDER = @if [ .build/release/trending -ot $(STARTUP_ORDER) ]; then rm -f .build/release/trending; fi
# Static Swift runtime (with libstdc++ and ncurses from STATIC_LIBS_DIR), metadata through
# accessors rather than mangled names, the toolchain's lld packing the 45,000 relative relocations
# (DT_RELR, 1 MB of RELA to 9 KB), no dynamic symbol table of our 7,600 functions (SwiftPM exports
# them; every symbol look-up of ncurses and libc searched it first), and each function in a section
# of its own so lld can put the start-up's together, libgcc's unwinder linked in and no $ORIGIN run
# path (libgcc_s's loading and the loader's search beside the binary): a faster start-up.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -L$(STATIC_LIBS_DIR) \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
  -Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering \
  --disable-local-rpath -Xswiftc -Xclang-linker -Xswiftc -static-libgcc

.PHONY: setup setup-build setup-deb static-libs build release startup-order demo test bench proxy fuzz fuzz-build fuzz-asan-build fuzz-smoke lint format install uninstall deb clean

FUZZ_TARGETS := decoders text jpeg cache arguments keys headers importjson library sync
FUZZ_BINARY := .build/fuzz/debug/trending-fuzz
# The JPEG target again under AddressSanitizer: TurboJPEG is C, and a bad read there is silent otherwise.
FUZZ_ASAN_BINARY := .build/fuzz-asan/debug/trending-fuzz
# Seeds: our own in Fuzz/seeds, plus (for the decoders) the shared real TMDB responses when beside us.
FUZZ_FIXTURES := $(wildcard ../shared/fixtures/tmdb)

## setup: installs the missing system packages with apt-get (as root, or through sudo); setup-build
## only those a build needs (`make demo`, `make install`), setup-deb those `make deb` packs with.
setup: PACKAGES = $(APT_PACKAGES)
setup-build: PACKAGES = $(BUILD_PACKAGES)
setup-deb: PACKAGES = dpkg-dev lintian
# One apt-get at a time under make -j: each installing target comes after the build's.
setup setup-deb: setup-build
setup setup-build setup-deb:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	  case " $$missing " in *" nginx "*) \
	    if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then \
	      echo "Stopping the system nginx service Debian just started (trending runs its own, on loopback)"; \
	      $$sudo systemctl disable --now nginx >/dev/null 2>&1 || true; \
	    fi ;; \
	  esac; \
	fi

## static-libs: links each of STATIC_ARCHIVES where release builds look first, when the toolchain's clang finds it.
static-libs:
	@mkdir -p $(STATIC_LIBS_DIR)
	@clang="$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang"; \
	for name in $(STATIC_ARCHIVES); do \
	  archive=$$("$$clang" -print-file-name=$$name 2>/dev/null); \
	  case "$$archive" in /*) [ -f "$$archive" ] && ln -sf "$$archive" $(STATIC_LIBS_DIR)/$$name ;; esac; \
	done; true

## build: a debug build of everything, tests included in `make test`.
build: setup
	$(SWIFT) build $(SWIFT_FLAGS)

## release: the binary as users get it (static runtime, the flags above).
release: setup-build static-libs
	$(RELINK_ON_NEW_ORDER)
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product trending

## startup-order: lists anew the functions start-ups run, from the release binary under valgrind.
startup-order: release
	@command -v valgrind >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get install -y -qq --no-install-recommends valgrind; }
	python3 Scripts/startup-order.py .build/release/trending

## demo: builds and starts the browser on the embedded demo data (no key, no network).
demo: release
	./.build/release/trending --demo

## test: builds (debug, and release for the package test) and runs every test (a bounded fuzz run, unit,
## loopback HTTP, snapshots, tmux end-to-end, the shells, groff, dpkg-deb and lintian), with TMPDIR a folder
## of its own removed afterwards, so the tests leave nothing in /tmp (open to others, as /tmp is: the
## proxy tests' nginx workers run as nobody and must enter their prefixes under it).
test: build release fuzz-smoke
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/trending-tests.XXXXXX") && trap 'rm -rf "$$scratch"' EXIT && \
	  chmod 755 "$$scratch" && \
	  TMPDIR="$$scratch" $(SWIFT) test $(SWIFT_FLAGS) --skip EndToEndTests && \
	  TMPDIR="$$scratch" $(SWIFT) test $(SWIFT_FLAGS) --filter EndToEndTests

## fuzz-build: the libFuzzer binary (coverage-guided, -sanitize=fuzzer), in its own build folder.
fuzz-build: setup
	$(SWIFT) build $(SWIFT_FLAGS) --product trending-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DTRENDING_FUZZ --build-path .build/fuzz

## fuzz-asan-build: the same binary with AddressSanitizer, for the JPEG target in `make fuzz`.
fuzz-asan-build: setup
	$(SWIFT) build $(SWIFT_FLAGS) --product trending-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTRENDING_FUZZ --build-path .build/fuzz-asan

## fuzz-smoke: every fuzz target for a bounded number of runs, corpus grown under .build/fuzz-corpus.
fuzz-smoke: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz-corpus/$$target; \
	  extra=""; [ $$target = decoders ] && extra="$(FUZZ_FIXTURES)"; \
	  echo "fuzz $$target: 20000 runs"; \
	  SWIFT_BACKTRACE=enable=no TRENDING_FUZZ_TARGET=$$target $(FUZZ_BINARY) -runs=20000 -max_len=65536 -print_final_stats=0 \
	    .build/fuzz-corpus/$$target Fuzz/seeds/$$target $$extra 2>.build/fuzz-corpus/$$target.log \
	    || { tail -40 .build/fuzz-corpus/$$target.log; exit 1; }; \
	done

## fuzz: every fuzz target for FUZZ_SECONDS (default 300) each, then JPEG under AddressSanitizer;
## crashes are saved as crash-* files.
fuzz: fuzz-build fuzz-asan-build
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz-corpus/$$target; \
	  extra=""; [ $$target = decoders ] && extra="$(FUZZ_FIXTURES)"; \
	  SWIFT_BACKTRACE=enable=no TRENDING_FUZZ_TARGET=$$target $(FUZZ_BINARY) -max_total_time=$${FUZZ_SECONDS:-300} -max_len=65536 \
	    .build/fuzz-corpus/$$target Fuzz/seeds/$$target $$extra || exit 1; \
	done
	SWIFT_BACKTRACE=enable=no TRENDING_FUZZ_TARGET=jpeg $(FUZZ_ASAN_BINARY) -max_total_time=$${FUZZ_SECONDS:-300} -max_len=65536 \
	  .build/fuzz-corpus/jpeg Fuzz/seeds/jpeg

# The our-parts floor reaches ncurses, libcurl, TurboJPEG and chafa through the app's own shims.
BENCH_PARTS_MODULES := -I Modules/CNCurses -I Modules/CCurl -I Modules/CTurboJPEG -I Modules/CChafa

## bench: a release build, then every benchmark as a ratio to a floor measured in the same run;
## BENCH_ONLY=render,start-up runs only the sections named (main.swift in Sources/trending-bench lists them).
BENCH_ONLY ?=
bench: release
	$(SWIFT) build -c release $(SWIFT_FLAGS) --scratch-path .build/bench --product trending-bench
	mkdir -p .build/bench-floors
	swiftc -O Scripts/bench-floors/bare/main.swift Scripts/bench-floors/peak.swift -o .build/bench-floors/bare
	swiftc -O Scripts/bench-floors/essentials-json/main.swift Scripts/bench-floors/peak.swift -o .build/bench-floors/essentials-json
	swiftc -O $(BENCH_PARTS_MODULES) Scripts/bench-floors/our-parts/main.swift Scripts/bench-floors/peak.swift Scripts/bench-floors/read.swift -o .build/bench-floors/our-parts
	swiftc -O -static-stdlib -use-ld=lld -Xclang-linker -static-libgcc -L $(STATIC_LIBS_DIR) -I Modules/CNCurses Scripts/bench-floors/first-frame/main.swift Scripts/bench-floors/frame.swift Scripts/bench-floors/read.swift \
	  -o .build/bench-floors/first-frame
	swiftc -O -static-stdlib -use-ld=lld -Xclang-linker -static-libgcc -L $(STATIC_LIBS_DIR) -I Modules/CNCurses -I Modules/CCurl Scripts/bench-floors/loopback-frame/main.swift Scripts/bench-floors/frame.swift \
	  -o .build/bench-floors/loopback-frame
	./.build/bench/release/trending-bench ./.build/release/trending .build/bench-floors/bare .build/bench-floors/essentials-json \
	  .build/bench-floors/our-parts .build/bench-floors/first-frame .build/bench-floors/loopback-frame $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

## proxy: trending's server side (nginx holding the key, one cache for all) on loopback, in the foreground.
proxy: setup
	deploy/nginx/proxy

## lint: swift-format's strict lint, which CI's style rests on.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Plugins

## format: rewrites the sources as lint wants them.
format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Plugins

## install, uninstall: the binary, trending(1) and the bash, zsh and fish completions under
## $(DESTDIR)$(PREFIX), where each shell looks; the page and the completions are written by the
## binary from its own tables. BUILD= BINARY=path installs a binary built elsewhere.
PREFIX ?= /usr/local
BUILD ?= release
BINARY ?= .build/release/trending
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/trending $(MANDIR)/trending.1 $(BASHDIR)/trending $(ZSHDIR)/_trending $(FISHDIR)/trending.fish

install: $(BUILD)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 0755 $(BINARY) $(DESTDIR)$(BINDIR)/trending
	SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null)} $(BINARY) man > $(DESTDIR)$(MANDIR)/trending.1
	$(BINARY) completions bash > $(DESTDIR)$(BASHDIR)/trending
	$(BINARY) completions zsh > $(DESTDIR)$(ZSHDIR)/_trending
	$(BINARY) completions fish > $(DESTDIR)$(FISHDIR)/trending.fish
	chmod 0644 $(DESTDIR)$(MANDIR)/trending.1 $(DESTDIR)$(BASHDIR)/trending $(DESTDIR)$(ZSHDIR)/_trending \
	  $(DESTDIR)$(FISHDIR)/trending.fish

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

## deb: a Debian package of the release binary in .build/deb, depending on the packages of the
## libraries it links and loads (Scripts/deb-depends), naming the ncurses it links in
## (Scripts/deb-embedded: Static-Built-Using, and lintian's override for it), checked with lintian.
DEB_DIR = .build/deb
DEB_ROOT = $(DEB_DIR)/root
deb: setup-deb $(BUILD)
	rm -rf $(DEB_ROOT) && mkdir -p $(DEB_ROOT)/DEBIAN $(DEB_ROOT)/usr/share/doc/trending
	$(MAKE) --no-print-directory install BUILD= BINARY=$(abspath $(BINARY)) PREFIX=/usr DESTDIR=$(abspath $(DEB_ROOT)) \
	  ZSHDIR=/usr/share/zsh/vendor-completions
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/trending.1
	strip --strip-unneeded --remove-section=.comment $(DEB_ROOT)/usr/bin/trending 2>/dev/null || true
	install -m 0644 deploy/debian/copyright $(DEB_ROOT)/usr/share/doc/trending/copyright
	depends=$$(Scripts/deb-depends $(BINARY)) || exit 1; \
	embedded=$$(Scripts/deb-embedded $(BINARY)); \
	if [ -n "$$embedded" ]; then \
	  install -d $(DEB_ROOT)/usr/share/lintian/overrides && \
	  install -m 0644 deploy/debian/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/trending || exit 1; \
	fi; \
	version=$$($(BINARY) --version | cut -d' ' -f2); \
	sed "s/@VERSION@/$$version/; s/@DATE@/$$(date -R -d @$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null || date +%s)})/" \
	  deploy/debian/changelog | gzip -9n > $(DEB_ROOT)/usr/share/doc/trending/changelog.gz; \
	chmod 0644 $(DEB_ROOT)/usr/share/doc/trending/changelog.gz; \
	sed -e "s/@VERSION@/$$version/" -e "s/@ARCH@/$$(dpkg --print-architecture)/" \
	  -e "s/@DEPENDS@/$$depends/" \
	  -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" deploy/debian/control > $(DEB_ROOT)/DEBIAN/control; \
	if [ -n "$$embedded" ]; then echo "Static-Built-Using: $$embedded" >> $(DEB_ROOT)/DEBIAN/control; fi; \
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB_DIR)/trending_$${version}_$$(dpkg --print-architecture).deb
	lintian --fail-on error $(DEB_DIR)/trending_*.deb

## clean: removes every build folder.
clean:
	rm -rf .build
