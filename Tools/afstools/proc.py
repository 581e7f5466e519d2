"""Logging and child processes, one way for every tool: commands captured or not, a timeout that
kills the command's whole tree, and fuzzers that die with the driver."""
import json
import os
import signal
import subprocess
import sys
import threading
import time

from afstools import ROOT

NICE = ["nice", "-n", "10"]  # builds and mutants yield to the person at the machine


def log(*parts):
    """Progress on stderr: stdout stays for a command's result (JSON, a summary line)."""
    print(*parts, file=sys.stderr, flush=True)


def say(*parts):
    """Progress on stdout, for a driver whose console is its log (overnight)."""
    print(*parts, flush=True)


def sh(cmd, env=None, check=True, capture=False, timeout=None, cwd=ROOT):
    """Runs `cmd` in `cwd` with `env` added to ours; capture: stdout and stderr together in .stdout.
    check: a failure ends the tool (SystemExit), with the output's tail when captured."""
    r = subprocess.run(cmd, cwd=cwd, env={**os.environ, **(env or {})}, text=True, timeout=timeout,
                       stdout=subprocess.PIPE if capture else None, stderr=subprocess.STDOUT if capture else None)
    if check and r.returncode != 0:
        if capture:
            log(r.stdout[-6000:])
        raise SystemExit(f"command failed ({r.returncode}): {' '.join(cmd)}")
    return r


def run_logged(cmd, logpath, **kw):
    """Runs `cmd` with its output appended to `logpath`, after a `$ cmd` line."""
    with open(logpath, "a", encoding="utf-8", errors="replace") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        return subprocess.run(cmd, stdout=f, stderr=f, **kw)


def run_one(cmd, env, timeout, cwd=ROOT, stop=None):
    """Runs `cmd` silently, in a session of its own: (failed, how) with how "", "timeout",
    "signal N" or "exit N". On timeout the whole tree is killed (kill_tree). `stop`, a compiled
    pattern: the first line of output (stdout or stderr) it matches is taken as the failure the
    exit status would report later, so the tree is killed then and (True, "failed early") returned."""
    p = subprocess.Popen(cmd, cwd=cwd, env={**os.environ, **env}, start_new_session=True,
                         stdout=subprocess.PIPE if stop else subprocess.DEVNULL,
                         stderr=subprocess.STDOUT if stop else subprocess.DEVNULL)
    matched = threading.Event()

    def watch():
        # Reads to the end, so a command that never matches never blocks on a full pipe.
        for raw in p.stdout:
            if not matched.is_set() and stop.search(raw.decode("utf-8", "replace")):
                matched.set()
    reader = threading.Thread(target=watch, daemon=True)
    if stop:
        reader.start()
    deadline = time.monotonic() + timeout
    rc = None
    while rc is None and not matched.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            kill_tree(p)
            return True, "timeout"
        try:
            rc = p.wait(timeout=min(left, 0.05) if stop else left)
        except subprocess.TimeoutExpired:
            pass
    if stop and rc is not None:
        reader.join(timeout=5)  # the same verdict either way; the same words too
    if matched.is_set():
        if rc is None:
            kill_tree(p)
        return True, "failed early"
    if rc == 0:
        return False, ""
    if rc < 0:
        return True, f"signal {-rc}"
    return True, f"exit {rc}"


def descendants(pid, proc="/proc"):
    """Every live process below `pid` (from /proc), children before their own children."""
    children = {}
    for d in os.listdir(proc):
        if d.isdigit():
            try:
                with open(f"{proc}/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kill_tree(p):
    """Kills `p`'s group and every process below it. `swift test` starts its test runner (the
    .xctest) in a process group of its own, so killing the group alone left the runner going (a
    timed-out mutant's tests kept both cores busy). The tree is found before anything is reparented."""
    tree = descendants(p.pid)
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in tree:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    p.wait()


def die_with_parent():
    """preexec_fn: the child gets SIGINT (and stops cleanly) if the driver itself is SIGKILLed, so no
    orphan keeps writing into what the next run recovers. Linux only; best effort."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGINT))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def read_jsonl(path):
    """The records of a JSON-lines progress file (none when it does not exist); a line cut short by an
    interrupted run is skipped, so a resumed run redoes only that record."""
    if not os.path.exists(path):
        return
    with open(path) as f:
        for line in f:
            try:
                yield json.loads(line)
            except ValueError:
                continue
