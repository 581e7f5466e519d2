"""The coverage-instrumented `afs-fuzz-replay` (debug, .build-cov): it replays every target's corpus
through the fuzz bodies for the llvm-cov report of Sources/AFSerialization; and stored crashes
restated as vector requests (`conformance snapshot --vector-request`)."""
import os
import re
import signal
import subprocess

from afstools import ROOT, coverage
from afstools.overnight.campaign import input_files

COV_SCRATCH = ".build-cov"
MAX_REPLAY_CRASHES = 50  # per target: past this, the rest of that target's inputs are not replayed


def build_tools(run_dir, replay, promote):
    """Builds, with coverage instrumentation into one scratch path, `afs-fuzz-replay` when `replay`
    (the coverage report's corpus replay) and `conformance` when `promote` (stored crashes restated
    as vector requests): {"replay": path or None, "conformance": path or None}, None for a tool not
    asked for or whose build failed (logs/coverage-build.log says why)."""
    log = os.path.join(run_dir, "logs", "coverage-build.log")
    return {"replay": coverage.build("afs-fuzz-replay", COV_SCRATCH, logpath=log) if replay else None,
            "conformance": coverage.build("conformance", COV_SCRATCH, logpath=log) if promote else None}


def replay_target(tool, target, files, profdir, logf):
    """Replays `files` through `afs-fuzz-replay --target T` with LLVM_PROFILE_FILE=<dir>/T-%p-%m.profraw.
    A process that dies (trap, signal, hang) writes no profile; its last announced input is recorded
    as crashing and every other input of that process is replayed again in a new one, so a crashing
    input loses only its own coverage. Returns (crashed [{file, why}], failed [{file, message}])."""
    crashed, failed = [], []
    remaining = list(files)
    listfile = os.path.join(profdir, target + ".list")
    while remaining:
        with open(listfile, "w", encoding="utf-8") as f:
            f.write("\n".join(remaining) + "\n")
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no",
                   LLVM_PROFILE_FILE=os.path.join(os.path.abspath(profdir), target + "-%p-%m.profraw"))
        timeout = 120 + 2 * len(remaining)
        p = subprocess.Popen([tool, "--target", target, "--list", listfile], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env, start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
            hung = False
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            hung = True
        out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
        logf.write("$ %s --target %s (%d inputs) -> exit %s%s\n" % (tool, target, len(remaining), p.returncode, " (hung)" if hung else ""))
        started, done = None, []
        for line in out.splitlines():
            if line.startswith("start "):
                started = line[6:]
            elif line.startswith("ok ") or line.startswith("fail "):
                path = line.split(" ", 1)[1]
                if line.startswith("fail "):
                    path, message = path.split(": ", 1) if ": " in path else (path, "")
                    failed.append({"file": path, "message": message})
                done.append(path)
                started = None
        if not hung and p.returncode in (0, 1) and len(done) == len(remaining):
            break
        # The process died: its profile is lost (never written, or partial: removed).
        for name in os.listdir(profdir):
            if name.startswith("%s-%d-" % (target, p.pid)):
                os.remove(os.path.join(profdir, name))
        if started is None:
            logf.write(err[-2000:] + "\n")
            crashed.append({"file": "(%d inputs not replayed: the replay process died before an input)" % len(remaining),
                            "why": "exit %s" % p.returncode})
            break
        why = "hang (no result in %d s)" % timeout if hung else None
        for pattern in (r"Fatal error: .*", r"AFS_REPLAY_TRAP: .*"):
            m = re.search(pattern, err)
            if why is None and m:
                why = m.group(0)[:200]
        if why is None:
            why = "killed by signal %d" % -p.returncode if p.returncode < 0 else "exit %d" % p.returncode
        crashed.append({"file": started, "why": why})
        logf.write("  crashed on %s: %s\n" % (started, crashed[-1]["why"]))
        failed = [f for f in failed if f["file"] not in done]  # they are replayed again
        remaining = [f for f in remaining if f != started]
        if len(crashed) >= MAX_REPLAY_CRASHES:
            crashed.append({"file": "(%d inputs not replayed: more than %d crashing inputs)" % (len(remaining), MAX_REPLAY_CRASHES), "why": ""})
            break
    return crashed, failed


def promote_command(tool, target, crash):
    """Restates a stored crash as a vector request (`conformance snapshot --vector-request`) and
    returns the exact `conformance promote` command for it, or the two-step recipe without a tool."""
    request = crash["vector_request"]
    step = "swift run conformance snapshot --target %s --vector-request %s --write-to %s" % (target, crash["file"], request)
    if tool is None:
        return step + "  # then run the promote command it prints"
    os.makedirs(os.path.dirname(request), exist_ok=True)
    r = subprocess.run([tool, "snapshot", "--target", target, "--vector-request", crash["file"], "--write-to", request],
                       capture_output=True, text=True, errors="replace", env=dict(os.environ, LLVM_PROFILE_FILE="/dev/null"))
    lines = [line for line in r.stdout.splitlines() if "conformance promote" in line]
    if r.returncode != 0 or not lines:
        crash["promote_error"] = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
        return None
    notes = [line[6:] for line in r.stderr.splitlines() if line.startswith("note: ")]
    if notes:
        crash["promote_notes"] = notes
    return lines[-1].strip()


def coverage_report(run_dir, tool, targets):
    """Replays every target's (merged) corpus through the instrumented `afs-fuzz-replay`, merges
    the per-process profiles and writes llvm-cov's HTML and text report restricted to
    Sources/AFSerialization. Inputs that crash the replay are skipped and listed."""
    if tool is None:
        return {"error": "the coverage build of afs-fuzz-replay failed (see logs/coverage-build.log)"}
    profdir = os.path.join(run_dir, "profiles")
    os.makedirs(profdir, exist_ok=True)
    logpath = os.path.join(run_dir, "logs", "coverage.log")
    info = {"log": logpath, "crashed": [], "failed": [], "inputs": 0}
    with open(logpath, "w", encoding="utf-8", errors="replace") as logf:
        for t in targets:
            files = input_files(os.path.join("Corpus", t))
            info["inputs"] += len(files)
            crashed, failed = replay_target(tool, t, files, profdir, logf)
            info["crashed"] += [dict(c, target=t) for c in crashed]
            info["failed"] += [dict(f, target=t) for f in failed]
            logf.flush()
    raws = sorted(os.path.join(profdir, f) for f in os.listdir(profdir) if f.endswith(".profraw"))
    info["profiles"] = len(raws)
    if not raws:
        info["error"] = "no coverage data (see %s)" % logpath
        return info
    profdata = os.path.join(run_dir, "coverage.profdata")
    coverage.merge(raws, profdata)
    for p in raws:
        os.remove(p)
    html = os.path.join(run_dir, "coverage")
    text, percents = coverage.html_and_report(profdata, tool, os.path.join(ROOT, "Sources", "AFSerialization"), html,
                                              "AFSerialization (corpus replay)")
    info.update(percents)
    with open(os.path.join(run_dir, "coverage-summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    info["html"] = os.path.join(html, "index.html")
    info["summary"] = os.path.join(run_dir, "coverage-summary.txt")
    return info
