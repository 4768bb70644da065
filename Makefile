# trending: `make demo` and `make test` do all the set-up on a fresh Debian machine.

# System packages: what each is for is in the README.
APT_PACKAGES := libncurses-dev ncurses-term libturbojpeg0-dev libchafa-dev libglib2.0-dev pkg-config tmux
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: setup build release demo test bench lint format install clean

## setup: installs the missing system packages with apt-get (as root, or through sudo).
setup:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: setup
	$(SWIFT) build $(SWIFT_FLAGS)

release: setup
	$(SWIFT) build -c release $(SWIFT_FLAGS)

## demo: builds and starts the browser on the embedded demo data (no key, no network).
demo: release
	./.build/release/trending --demo

## test: builds and runs every test (unit, loopback HTTP, snapshots, tmux end-to-end).
test: build
	$(SWIFT) test $(SWIFT_FLAGS)

## bench: a release build, then every benchmark as a ratio to a floor measured in the same run.
bench: setup
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product trending
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product trending-bench
	./.build/release/trending-bench ./.build/release/trending

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

install: release
	install -m 0755 .build/release/trending $${PREFIX:-/usr/local}/bin/trending

clean:
	rm -rf .build
