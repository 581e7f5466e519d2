#!/usr/bin/env python3
"""A stand-in "other implementation" for `conformance run --implementation` tests.

It forwards every request line to a real `conformance eval` child and its replies back, like an
adapter around another library would, and misbehaves on purpose in one way chosen by MODE:

    fake_implementation.py MODE [ARG...] -- EVAL_COMMAND...

MODE:
  forward                  pass everything through unchanged
  lowercase-hex            percent-escape replies: %XX escapes in output.text get lowercase hex
                           (a deterministic deviation in one component)
  drop-double-tilde        percent-escape replies: a "~~" in output.text loses one "~" (a planted bug that
                           the committed corpus never shows, for the differential fuzzer to find)
  crash-on PREFIX          die by SIGSEGV on reading a request whose id starts with PREFIX
  hang-on PREFIX           stop reading requests (and never answer) at a request whose id starts with PREFIX
  wrong-id-on PREFIX       answer a request whose id starts with PREFIX under another id
  crash-once-after N FILE  exit with status 3 on reading the Nth request, once (FILE marks that it happened)
  exit-at-start            write to stderr and exit with status 2 before reading anything
  lone-surrogate PREFIX    answer a request whose id starts with PREFIX with output {"text": "a\uD83Db"}: valid
                           RFC 8259 JSON holding a lone surrogate escape, as Java or JavaScript libraries write

Request ids from the runner are "<vector id>@<profile>#<n>", so PREFIX "<vector id>@<profile>#"
names one run however often it is re-sent.
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time


def main():
    args = sys.argv[1:]
    sep = args.index("--")
    mode, params, eval_command = args[0], args[1:sep], args[sep + 1:]

    if mode == "exit-at-start":
        sys.stderr.write("fake implementation: refusing to start\n")
        sys.stderr.flush()
        os._exit(2)

    child = subprocess.Popen(eval_command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = sys.stdout.buffer
    escape_ids = set()  # ids of percent-escape requests (drop-double-tilde), whatever the id says

    def pump_requests():
        count = 0
        for line in sys.stdin.buffer:
            count += 1
            request_id = ""
            match = re.match(rb'\{"id":"((?:[^"\\]|\\.)*)"', line)
            if match:
                request_id = match.group(1).decode()
            if mode == "drop-double-tilde" and b'"component":"percent-escape"' in line:
                escape_ids.add(request_id)
            if mode == "crash-on" and request_id.startswith(params[0]):
                sys.stderr.write("fake implementation: crashing on %s\n" % request_id)
                sys.stderr.flush()
                os.kill(os.getpid(), signal.SIGSEGV)
            if mode == "hang-on" and request_id.startswith(params[0]):
                sys.stderr.write("fake implementation: hanging on %s\n" % request_id)
                sys.stderr.flush()
                while True:
                    time.sleep(3600)
            if mode == "crash-once-after" and count == int(params[0]) and not os.path.exists(params[1]):
                open(params[1], "w").close()
                sys.stderr.write("fake implementation: exiting at request %d\n" % count)
                sys.stderr.flush()
                os._exit(3)
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()

    threading.Thread(target=pump_requests, daemon=True).start()

    for reply in child.stdout:
        if mode == "lowercase-hex" and b'"percent-escape/' in reply[:200]:
            reply = re.sub(rb'(?<="text":")((?:[^"\\]|\\.)*)',
                           lambda m: re.sub(rb'%[0-9A-F]{2}', lambda e: e.group(0).lower(), m.group(1)),
                           reply, count=1)
        reply_id = re.match(rb'\{"id":"((?:[^"\\]|\\.)*)"', reply)
        if mode == "drop-double-tilde" and reply_id and reply_id.group(1).decode() in escape_ids:
            reply = re.sub(rb'(?<="text":")((?:[^"\\]|\\.)*)', lambda m: m.group(1).replace(b"~~", b"~", 1), reply, count=1)
        if mode == "lone-surrogate":
            match = re.match(rb'\{"id":"((?:[^"\\]|\\.)*)"', reply)
            if match and match.group(1).decode().startswith(params[0]):
                reply = b'{"id":"' + match.group(1) + b'","output":{"text":"a\\uD83Db"}}\n'
        if mode == "wrong-id-on":
            reply = reply.replace(b'{"id":"' + params[0].encode(), b'{"id":"wrong-' + params[0].encode(), 1)
        out.write(reply)
        out.flush()
    child.wait()


if __name__ == "__main__":
    main()
