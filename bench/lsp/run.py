#!/usr/bin/env python3
"""The language server's benchmark (not part of `make test`).

Usage: python3 bench/lsp/run.py [--json] [PUPPET_EVAL] [MODULES] [CLASSES_PER_MODULE] [ROUNDS]
(default target/release/puppet-eval, 100 modules of 10 classes: 1,000 classes, 50 rounds; --json: also a
last line of JSON with every measure, for bench/run_all.py).
With PES_DIR naming a checkout of puppetlabs/puppet-editor-services (run on this machine's Ruby and
Puppet, `apt-get install puppet puppet-lint`), the same measures are taken of its
`puppet-languageserver --stdio` on the same repository, and the ratios printed.

Writes a control repository with bench/environment/generate.py into a temporary folder, starts
`puppet-eval lsp` on it, and measures: the time from `initialize` to the first diagnostics of an
opened class; then, for each round, an edit of that class (a line added and taken away) followed
at once by hover, definition, completion and references, each timed from request to answer; and
the server's peak resident memory (VmHWM). Prints p50 and p95 of each request in milliseconds.
"""

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATE = os.path.join(HERE, "..", "environment", "generate.py")


class Server:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def _fill(self, timeout):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return False
        chunk = os.read(self.process.stdout.fileno(), 1 << 20)
        if not chunk:
            raise RuntimeError("the server ended")
        self.buffer += chunk
        return True

    def message(self, timeout=60.0):
        """The next message (framed), or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if sep:
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length"))
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.monotonic()
            if left <= 0 or not self._fill(left):
                return None

    def request(self, method, params):
        self.next_id += 1
        wanted = self.next_id
        self.send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        while True:
            message = self.message()
            if message is None:
                raise RuntimeError("no answer to " + method)
            if message.get("id") == wanted and "method" not in message:
                return message

    def peak_kib(self):
        """The peak resident memory of the server and the processes it started (a sidecar)."""
        total = 0
        pending = [self.process.pid]
        while pending:
            pid = pending.pop()
            try:
                with open("/proc/%d/status" % pid) as status:
                    for line in status:
                        if line.startswith("VmHWM:"):
                            total += int(line.split()[1])
                with open("/proc/%d/task/%d/children" % (pid, pid)) as children:
                    pending.extend(int(child) for child in children.read().split())
            except OSError:
                pass
        return total


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100.0 * (len(ordered) - 1))))]


def measure(name, command, root, rounds):
    """Start `command` as a language server on `root` and take the measures; a dict of them."""
    uri = "file://" + root
    path = os.path.join(root, "modules/m1/manifests/c1.pp")
    doc = "file://" + path
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")

    def at(needle, n):
        for number, line in enumerate(lines):
            if needle in line:
                return {"line": number, "character": line.index(needle) + n}
        raise KeyError(needle)

    server = Server(command)
    started = time.monotonic()
    answer = server.request("initialize", {
        "processId": None, "rootUri": uri, "capabilities": {},
        "workspaceFolders": [{"uri": uri, "name": "bench"}],
        "initializationOptions": {"node": "bench", "compileDelay": 100}})
    sync = answer.get("result", {}).get("capabilities", {}).get("textDocumentSync", 1)
    incremental = (sync.get("change") if isinstance(sync, dict) else sync) == 2
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": doc, "languageId": "puppet", "version": 1, "text": text}})
    while True:
        message = server.message(timeout=600.0)
        if message is None:
            raise RuntimeError(name + ": no diagnostics")
        if message.get("method") == "textDocument/publishDiagnostics" \
                and message["params"]["uri"] == doc:
            break
    first = (time.monotonic() - started) * 1000
    # A server that loads the workspace in the background (puppet-editor-services' sidecar) is given
    # SETTLE_SECONDS before the queries, so that they are not measured against a half-loaded index.
    settle = float(os.environ.get("SETTLE_SECONDS", "0"))
    if settle:
        time.sleep(settle)

    queries = {
        "hover": ("textDocument/hover", at("file {", 2), {}),
        "definition": ("textDocument/definition", at("include m1::params", 14), {}),
        "completion": ("textDocument/completion", at("include m1::params", 10), {}),
        "references": ("textDocument/references", at("include m1::params", 12),
                       {"context": {"includeDeclaration": True}}),
    }
    times = {name: [] for name in queries}
    failed = {name: 0 for name in queries}
    empty = {name: 0 for name in queries}
    version = 1
    for round_ in range(rounds):
        # An edit: a comment line added, then taken away again (the whole text for a server that
        # takes only whole texts).
        version += 1
        edit_at = {"line": 5, "character": 0}
        change = {"range": {"start": edit_at, "end": edit_at}, "text": "  # edit %d\n" % round_}
        if round_ % 2:
            change = {"range": {"start": edit_at, "end": {"line": 6, "character": 0}}, "text": ""}
        if not incremental:
            edited = lines[:5] + (["  # edit %d" % round_] if round_ % 2 == 0 else []) + lines[5:]
            change = {"text": "\n".join(edited)}
        server.notify("textDocument/didChange", {"textDocument": {"uri": doc, "version": version},
                                                 "contentChanges": [change]})
        for query, (method, position, extra) in queries.items():
            if round_ % 2 == 0:
                position = dict(position, line=position["line"] + (1 if position["line"] >= 5 else 0))
            params = dict({"textDocument": {"uri": doc}, "position": position}, **extra)
            before = time.monotonic()
            answer = server.request(method, params)
            times[query].append((time.monotonic() - before) * 1000)
            if "error" in answer:
                failed[query] += 1
            elif answer.get("result") in (None, [], {}):
                empty[query] += 1
    peak = server.peak_kib()
    try:
        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=60)
    except (RuntimeError, subprocess.TimeoutExpired, BrokenPipeError):
        server.process.kill()
    return {"first": first, "times": times, "failed": failed, "empty": empty, "peak": peak}


def report(name, result):
    print("%s: first diagnostics after initialize %.1f ms; peak memory %.1f MB"
          % (name, result["first"], result["peak"] / 1024.0))
    for query, values in result["times"].items():
        notes = []
        if result["failed"][query]:
            notes.append("%d answered with an error" % result["failed"][query])
        if result["empty"][query]:
            notes.append("%d answered with nothing" % result["empty"][query])
        print("  %-10s p50 %8.2f ms  p95 %8.2f ms%s" % (
            query, percentile(values, 50), percentile(values, 95),
            "  (%s)" % ", ".join(notes) if notes else ""))


def main(argv):
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    binary = argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "..", "target", "release", "puppet-eval")
    modules = argv[2] if len(argv) > 2 else "100"
    classes = argv[3] if len(argv) > 3 else "10"
    rounds = int(argv[4]) if len(argv) > 4 else 50
    root = tempfile.mkdtemp(prefix="lsp-bench-")
    try:
        subprocess.run([sys.executable, GENERATE, root, modules, classes], check=True,
                       stdout=subprocess.DEVNULL)
        root = os.path.realpath(root)
        print("control repository: %s modules x %s classes; %d rounds" % (modules, classes, rounds))
        ours = measure("puppet-eval lsp", [binary, "lsp"], root, rounds)
        report("puppet-eval lsp", ours)
        pes = os.environ.get("PES_DIR")
        theirs = None
        if pes:
            theirs = measure("puppet-editor-services",
                             ["ruby", os.path.join(pes, "puppet-languageserver"), "--stdio"],
                             root, rounds)
            report("puppet-editor-services", theirs)
            print("ratios (puppet-editor-services / puppet-eval lsp):")
            print("  first diagnostics %.1fx; peak memory %.1fx" % (
                theirs["first"] / ours["first"], theirs["peak"] / max(ours["peak"], 1)))
            for query in ours["times"]:
                print("  %-10s p50 %.1fx  p95 %.1fx" % (
                    query,
                    percentile(theirs["times"][query], 50) / percentile(ours["times"][query], 50),
                    percentile(theirs["times"][query], 95) / percentile(ours["times"][query], 95)))
        if as_json:
            print(json.dumps({"modules": int(modules), "classes": int(classes), "rounds": rounds,
                              "ours": ours, "theirs": theirs}))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv)
