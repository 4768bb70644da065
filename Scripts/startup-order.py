#!/usr/bin/env python3
"""Writes Scripts/startup-order.txt: the functions a start-up runs, for the release link's
--symbol-ordering-file, which places them together at the front of the text so a start-up
faults in a few dozen pages of code rather than a few hundred.

Runs the release binary under valgrind's callgrind in a pseudo-terminal (80x24), for each
start-up the bench measures: `--version`, the demo to its first frame, and a start from a
warm disk cache against a loopback server on 127.0.0.1 (its first run fills the cache). Each
run quits with `q` once its first frame is on screen. The names are the binary's own symbols,
sorted; a name missing from a later build is skipped by the
linker, so a stale list costs speed, never correctness.

Usage: Scripts/startup-order.py [BINARY]   (default .build/release/trending; needs valgrind)
"""

import fcntl
import http.server
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Scripts", "startup-order.txt")
PAGE = os.path.join(ROOT, "Demo", "answers", "en", "trending", "movie", "week@page=1.json")
MARKER = b"1/20"


class Answers(http.server.BaseHTTPRequestHandler):
    """Every request gets the demo's first trending page: what a list start-up reads."""

    def do_GET(self):
        with open(PAGE, "rb") as page:
            body = page.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-RateLimit-Limit", "1000")
        self.send_header("X-RateLimit-Remaining", "999")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def run(argv, environment, marker):
    """Runs argv in an 80x24 pseudo-terminal until marker shows (or it exits), then types q."""
    pid, descriptor = pty.fork()
    if pid == 0:
        os.execve(argv[0], argv, environment)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    output = b""
    deadline = time.monotonic() + 120
    while marker not in output and time.monotonic() < deadline:
        ready, _, _ = select.select([descriptor], [], [], 1)
        if not ready:
            continue
        try:
            data = os.read(descriptor, 65536)
        except OSError:
            break
        if not data:
            break
        output += data
    if marker not in output:
        sys.exit(f"startup-order: {' '.join(argv[-2:])} never showed {marker!r}")
    try:
        os.write(descriptor, b"q")
    except OSError:
        pass
    while True:
        ready, _, _ = select.select([descriptor], [], [], 30)
        if not ready:
            break
        try:
            if not os.read(descriptor, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    os.close(descriptor)


def functions(profile, binary):
    """The functions of `binary` a callgrind profile names, in the order it first names them."""
    objects, names, order, seen = {}, {}, [], set()
    current = None

    def resolve(value, table):
        match = re.match(r"\((\d+)\)(?: (.*))?", value)
        if not match:
            return value
        if match.group(2):
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                current = resolve(line[3:].strip(), objects)
            elif line.startswith("cob="):
                resolve(line[4:].strip(), objects)
            elif line.startswith("cfn="):
                resolve(line[4:].strip(), names)
            elif line.startswith("fn="):
                name = resolve(line[3:].strip(), names)
                if current == binary and name not in seen:
                    seen.add(name)
                    order.append(name)
    return order


def main():
    # callgrind names an object by its real path (.build/release is a link).
    binary = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/trending"))
    if not shutil.which("valgrind"):
        sys.exit("startup-order: needs valgrind (apt-get install valgrind)")
    symbols = set(subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.split())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    work = tempfile.mkdtemp(prefix="startup-order-")
    # A home of its own: the settings file is looked for and the library opened, as for a user.
    base = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": os.path.join(work, "home")}
    live = dict(
        base,
        AMODB_BASE_URL=f"http://127.0.0.1:{server.server_port}/3",
        AMODB_KEY="order-key",
        XDG_CACHE_HOME=os.path.join(work, "warm"),
    )
    # The first live run fills the cache the second starts from.
    run([binary], live, MARKER)
    starts = [
        (["--version"], base, b"trending "),
        (["--demo"], dict(base, XDG_CACHE_HOME=os.path.join(work, "demo")), MARKER),
        ([], live, MARKER),
    ]
    order, seen = [], set()
    # Twice each: which thread runs what, and how long a wait spins, differs from run to run.
    for index, (arguments, environment, marker) in enumerate(starts * 2):
        profile = os.path.join(work, f"callgrind-{index}.out")
        valgrind = ["/usr/bin/valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"]
        run(valgrind + [binary] + arguments, environment, marker)
        for name in functions(profile, binary):
            if name not in seen and name in symbols:
                seen.add(name)
                order.append(name)
    server.shutdown()
    shutil.rmtree(work)
    # Sorted, so a list written anew differs from the last by what start-up runs, not by the order
    # callgrind happened to name things in (what matters is that they sit together; sorted, each
    # module's and each type's functions sit next to each other as well).
    with open(OUTPUT, "w") as output:
        output.write("\n".join(sorted(order)) + "\n")
    print(f"startup-order: {len(order)} functions written to {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
