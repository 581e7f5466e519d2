"""The night's differential phase: `conformance fuzz --implementation CMD…` (outside implementations
against the core over the eval protocol) for its share of the budget, in a campaign folder that
outlives the night (OUT/state.json: the totals and the known classes; OUT/findings/: one folder per
new class). The tool saves both after every round, so consecutive nights add up and a rerun goes on
where a killed one stopped."""
import json
import os
import re
import select
import shlex
import signal
import subprocess
import time

from afstools import proc
from afstools.overnight import campaign
from afstools.overnight.campaign import PIDFILE, hms

RELEASE = os.path.join(".build", "release", "conformance")
BUILD = ["swift", "build", "-c", "release", "--product", "conformance"]
DEFAULT_OUT = ".fuzz-campaign"
DEFAULT_SHARE = 0.25
MIN_SECONDS = 5  # below this a run would be mostly its replay of the committed corpus
# What `conformance fuzz` prints: progress on stderr every 30 s (counts since the run started), then
# on stdout the run's summary, one `new:` line per new class and the count of new classes.
PROGRESS = re.compile(r"^fuzz: (\d+) inputs, (\d+) disagreements, (\d+) new\s*$")
SUMMARY = re.compile(r"^fuzz: (\d+) inputs \((\d+) runs\) in ([\d.]+) s, ([\d.]+) s of it minimizing: (\d+) inputs/s")
NEW_CLASSES = re.compile(r"^fuzz: (\d+) new class\(es\)")


def conformance_binary(build):
    """The release `conformance` (relative to ROOT): the existing one, else built with BUILD when
    `build`; None when there is none (no build asked for, or the build failed)."""
    if os.path.exists(RELEASE):
        return RELEASE
    if not build:
        return None
    proc.say("overnight: building %s (%s)" % (RELEASE, " ".join(BUILD)))
    if subprocess.run(BUILD).returncode != 0 or not os.path.exists(RELEASE):
        return None
    return RELEASE


def budgets(duration, finish_reserve, share):
    """(libFuzzer targets' budget, differential budget): the fuzzing part of `duration` (what the
    finish reserve leaves) split by `share`. The differential phase later gets whatever the targets
    left of the whole fuzzing part, so time a target did not use is not lost."""
    fuzzing = duration * (1 - finish_reserve)
    return fuzzing * (1 - share), fuzzing * share


def fuzz_targets(requested, names):
    """The `--target` names to pass: none (every corpus target) unless the night has a subset; the
    canary and anything else that is not a corpus target are left out. None when a subset leaves nothing."""
    if not requested:
        return []
    kept = [t for t in requested if t in names]
    return kept or None


def command(binary, implementations, targets, seconds, out):
    cmd = [binary, "fuzz"]
    for impl in implementations:
        cmd += ["--implementation", impl]
    for t in targets:
        cmd += ["--target", t]
    return cmd + ["--seconds", "%g" % round(seconds, 1), "--out", out]


def load_state(out):
    """OUT/state.json, or the empty campaign when it does not exist yet (the tool replaces it
    atomically, so a state that does not parse is not the tool's)."""
    empty = {"inputs": 0, "runs": 0, "disagreements": 0, "seconds": 0.0, "evaluationSeconds": 0.0, "classes": {}, "known": []}
    try:
        with open(os.path.join(out, "state.json"), encoding="utf-8") as f:
            return {**empty, **json.load(f)}
    except (OSError, ValueError):
        return empty


def finding_dirs(out):
    """Every finding's case folder, OUT/findings/<implementation>/<component>-<digest> (OUT as given)."""
    root = os.path.join(out, "findings")
    found = set()
    if os.path.isdir(root):
        for impl in sorted(os.listdir(root)):
            d = os.path.join(root, impl)
            if os.path.isdir(d):
                found |= {os.path.join(d, c) for c in os.listdir(d) if os.path.exists(os.path.join(d, c, "case.json"))}
    return found


class Series:
    """The differential phase over time, for the plot: inputs evaluated, disagreements and new classes
    since the phase began (the tool's own count, plus `base`: what it had saved when it ended)."""

    def __init__(self, name, offset):
        self.name, self.offset, self.points = name, offset, []
        self.inputs = self.disagreements = self.new = 0
        self.base = {"inputs": 0, "disagreements": 0, "new": 0}

    def add(self, t, inputs, disagreements, new):
        self.inputs, self.disagreements, self.new = (self.base["inputs"] + inputs, self.base["disagreements"] + disagreements,
                                                     self.base["new"] + new)
        self.points.append({"t": round(self.offset + t, 2), "inputs": self.inputs, "disagreements": self.disagreements,
                            "new": self.new})

    def line(self, text, t):
        """Parses one line of the tool's output; a progress line becomes a point."""
        m = PROGRESS.match(text)
        if m:
            self.add(t, *(int(g) for g in m.groups()))
        return m is not None


def run_once(cmd, logf, series, clock, phase_start):
    """One `conformance fuzz` run, its stdout and stderr into `logf` (progress lines parsed as they
    come); on a stop request its process group (the tool and its adapters) gets SIGTERM, SIGKILL 15 s
    later: the round under way is lost, the rounds before it are saved.
    Returns (exit code, what its last lines said, stopped)."""
    logf.write("$ " + shlex.join(cmd) + "\n")
    logf.flush()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=proc.die_with_parent, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    with open(PIDFILE, "w") as f:
        f.write("%d %s\n" % (p.pid, cmd[0]))
    streams = {p.stdout.fileno(): b"", p.stderr.fileno(): b""}
    summary, stopped, deadline, last_print, exited = {}, False, None, 0.0, None
    while streams:
        if campaign.stop_requested and not stopped:
            stopped, deadline = True, time.time() + 15
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        if stopped and time.time() > deadline and p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        # An adapter left running with the tool's stderr would keep the pipe open after the tool is gone.
        if exited is None and p.poll() is not None:
            exited = time.time()
        if exited is not None and time.time() - exited > 10:
            break
        for fd in select.select(list(streams), [], [], 0.2)[0]:
            chunk = os.read(fd, 65536)
            if chunk:
                *lines, streams[fd] = (streams[fd] + chunk).split(b"\n")
            else:
                rest = streams.pop(fd)
                lines = [rest] if rest else []
            for raw in lines:
                text = raw.decode("utf-8", "replace")
                logf.write(text + "\n")
                series.line(text, time.time() - phase_start)
                m = SUMMARY.match(text)
                if m:
                    summary.update(inputs=int(m.group(1)), runs=int(m.group(2)), seconds=float(m.group(3)),
                                   minimizing_seconds=float(m.group(4)), inputs_per_second=int(m.group(5)))
                m = NEW_CLASSES.match(text)
                if m:
                    summary["new_classes"] = int(m.group(1))
        now = time.time()
        if now - last_print >= clock.every:
            last_print = now
            elapsed, phase = now - clock.start, now - phase_start
            proc.say("[%s elapsed, %s left] %-16s %s  inputs %d  inputs/s %d  disagreements %d  new classes %d"
                     % (hms(elapsed), hms(clock.budget - elapsed), "differential", hms(phase), series.inputs,
                        series.inputs / phase if phase > 0 else 0, series.disagreements, series.new))
    p.stdout.close()
    p.stderr.close()
    p.wait()
    logf.write("(exit %d)\n" % p.returncode)
    logf.flush()
    if os.path.exists(PIDFILE):
        os.remove(PIDFILE)
    return p.returncode, summary, stopped


def run_phase(binary, implementations, targets, seconds, out, run_dir, series, clock):
    """`conformance fuzz` for `seconds` in the campaign folder `out`, logged to run_dir/differential.log.
    Returns the phase's record for the report: OUT/state.json before and after, the new findings
    (case folders that were not there before), the run's exit code, an error if it failed."""
    before, known_before = load_state(out), finding_dirs(out)
    log = os.path.join(run_dir, "differential.log")
    phase_start = time.time()
    cmd = command(binary, implementations, targets, seconds, out)
    record = {"implementations": list(implementations), "targets": list(targets), "out": out, "binary": binary,
              "command": cmd, "log": log, "budget_seconds": round(seconds, 1), "interrupted": False, "error": None,
              "before": before}
    series.add(0, 0, 0, 0)
    with open(log, "a", encoding="utf-8", errors="replace") as logf:
        rc, summary, stopped = run_once(cmd, logf, series, clock, phase_start)
    record.update(exit_code=rc, summary=summary, interrupted=stopped, seconds=round(time.time() - phase_start, 1))
    after = load_state(out)
    series.base = {"inputs": after["inputs"] - before["inputs"], "disagreements": after["disagreements"] - before["disagreements"],
                   "new": len(finding_dirs(out) - known_before)}
    # The end: what the tool saved (after a stop, unless the round under way was past its last progress line).
    if not stopped or series.base["inputs"] >= series.inputs:
        series.add(time.time() - phase_start, 0, 0, 0)
    if not stopped and rc not in (0, 1):  # 1: new classes found, which is what the phase is for
        record["error"] = "`%s` exited %d (see %s)" % (shlex.join(cmd), rc, log)
    record["after"] = after
    record["new"] = [c for c in (case_summary(d) for d in sorted(finding_dirs(out) - known_before)) if c]
    return record


def case_summary(folder):
    """A finding's case.json as the report lists it; None for one a kill cut short while it was written."""
    try:
        with open(os.path.join(folder, "case.json"), encoding="utf-8") as f:
            case = json.load(f)
    except (OSError, ValueError):
        return None
    return {"implementation": case.get("implementation", ""), "component": case.get("component", ""),
            "target": case.get("target", ""), "profile": case.get("profile", ""), "signature": case.get("signature", ""),
            "size": len(case.get("input", "")) // 2, "original_size": len(case.get("original", "")) // 2,
            "case": folder, "send": case.get("send"), "replay": case.get("replay")}


def totals(before, after):
    """The night's and the campaign's totals: inputs, runs, disagreements, seconds, evaluation seconds
    and the throughput (inputs per evaluation second: minimizing is not evaluating)."""
    def one(get):
        inputs, evaluating = get("inputs"), get("evaluationSeconds")
        return {"inputs": inputs, "runs": get("runs"), "disagreements": get("disagreements"),
                "seconds": round(get("seconds"), 1), "evaluation_seconds": round(evaluating, 1),
                "inputs_per_second": int(inputs / evaluating) if evaluating > 0 else 0}
    return {"night": one(lambda k: after[k] - before[k]), "campaign": one(lambda k: after[k])}


def classes(before, after, new):
    """Per implementation and component: classes seen in the campaign, their disagreements in the
    campaign and this night, and this night's new classes. Keys are implementation\\tcomponent\\tkind."""
    rows = {}
    for key, count in after.get("classes", {}).items():
        impl, component, _ = (key.split("\t", 2) + ["", ""])[:3]
        row = rows.setdefault((impl, component), {"implementation": impl, "component": component, "classes": 0,
                                                  "disagreements": 0, "night_disagreements": 0, "new": 0})
        row["classes"] += 1
        row["disagreements"] += count
        row["night_disagreements"] += count - before.get("classes", {}).get(key, 0)
    for f in new:
        row = rows.setdefault((f["implementation"], f["component"]), {
            "implementation": f["implementation"], "component": f["component"], "classes": 0,
            "disagreements": 0, "night_disagreements": 0, "new": 0})
        row["new"] += 1
    return [rows[k] for k in sorted(rows)]


def summarize(record):
    """The report's "differential" entry: the phase's record with totals and classes, without the raw states."""
    before, after = record.pop("before"), record.pop("after")
    record.update(totals(before, after))
    record["classes"] = classes(before, after, record["new"])
    return record
