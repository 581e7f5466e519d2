"""Overnight fuzzing driver. Python 3 standard library only.

    scripts/overnight/overnight.py --duration 8h            # all targets, all cores
    scripts/overnight/overnight.py --duration 15m --jobs 1  # a short run on one core
    scripts/overnight/overnight.py --finish-only            # merge what a killed run left behind
    scripts/overnight/overnight.py --implementation 'python3 Examples/urllib-adapter/adapter.py'
                                                            # also fuzz an adapter against the core

What one run does:
 1. builds the libFuzzer+ASan targets with scripts/fuzz/build.sh (skip with --no-build);
 2. recovers anything a previous, killed run left in fuzz-out/overnight/pending/ (merge + crashes);
 3. fuzzes every target in turn for its share of the budget with libFuzzer -fork=JOBS
    (-ignore_crashes/-ignore_timeouts/-ignore_ooms, so a crash does not end the run), the target's
    dictionary, -max_len, -timeout, -rss_limit_mb and -use_value_profile=1, printing progress
    (elapsed/remaining, execs, exec/s, coverage, features, new inputs, crashes);
 4. merges the new inputs into Corpus/<target>/ with -merge=1 (only inputs adding coverage are kept),
    minimizes each distinct crash (-minimize_crash=1) into Corpus/<target>/regressions/;
 5. writes the morning report under fuzz-out/overnight/runs/<UTC time>/: report.md, report.json,
    progress.svg (coverage and exec/s over time), timeseries.json, libFuzzer logs, and an llvm-cov
    HTML coverage report of Sources/AFSerialization from replaying the merged corpus
    (swift test --enable-code-coverage --filter CorpusReplayTests; skip with --no-coverage).
With --implementation CMD (repeatable), after step 4 a differential phase runs `conformance fuzz
--implementation CMD…` (.build/release/conformance, built when missing unless --no-build) for its
share of the fuzzing time (--differential-share, default 0.25) in a campaign folder that outlives
the night (--differential-out, default .fuzz-campaign/); the report gets its totals, its classes
per implementation and component and the night's new findings, and progress.svg its inputs and
disagreements over time.

Nothing found is lost on interruption: libFuzzer writes new inputs and crashes to
fuzz-out/overnight/pending/<target>/ as it finds them; Ctrl-C / SIGTERM stop fuzzing and run step 4
and 5 before exiting; after SIGKILL or a power cut the next run (or --finish-only) does step 4.
`conformance fuzz` saves its campaign after every round: a stop loses the round under way, and the
next night goes on from its state.
"""
import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import time

from afstools import ROOT, fuzz
from afstools.overnight import campaign, differential
from afstools.overnight.campaign import PENDING, STATE, Clock, Series, finish_target, hms, input_files, run_target, stop_orphan
from afstools.overnight.replay import COV_SCRATCH, build_tools, coverage_report, promote_command
from afstools.overnight.report import svg_plot, write_report
from afstools.proc import say


def parse_duration(text):
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError("duration like 8h, 15m, 900s or 900")
    return float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


def count_inputs(target):
    return len(input_files(os.path.join("Corpus", target)))


def utc(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).isoformat(timespec="seconds")


def parser():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 1)[1])
    ap.add_argument("--duration", type=parse_duration, default=parse_duration("8h"), help="total budget (default 8h)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="libFuzzer -fork jobs per target (default: all cores)")
    ap.add_argument("--targets", nargs="*", help="subset of targets (default: scripts/fuzz/targets.sh)")
    ap.add_argument("--finish-reserve", type=float, default=0.1,
                    help="share of the budget kept for merging, minimizing and reporting (default 0.1)")
    ap.add_argument("--no-build", action="store_true", help="use the existing .build-fuzz binaries")
    ap.add_argument("--no-coverage", action="store_true", help="skip the llvm-cov HTML report")
    ap.add_argument("--finish-only", action="store_true", help="only merge/save what a killed run left behind")
    ap.add_argument("--coverage-only", action="store_true",
                    help="only the coverage report of the current Corpus/ (no fuzz build, no fuzzing)")
    ap.add_argument("--progress-every", type=float, default=10, help="seconds between progress lines (default 10)")
    ap.add_argument("--implementation", action="append", metavar="CMD",
                    help="an eval-protocol adapter to fuzz against the core with `conformance fuzz` (repeatable; "
                         "turns the differential phase on)")
    ap.add_argument("--differential-share", type=float, metavar="F",
                    help="share of the fuzzing time for the differential phase (default %g)" % differential.DEFAULT_SHARE)
    ap.add_argument("--differential-out", metavar="DIR",
                    help="the differential campaign folder, kept from night to night (default %s/ at the repository root)"
                         % differential.DEFAULT_OUT)
    return ap


def check_differential(ap, args):
    """Fills in the differential options' defaults; they mean nothing without --implementation. A
    relative --differential-out is the caller's, made absolute before the driver moves to ROOT."""
    if not args.implementation:
        if args.differential_share is not None or args.differential_out is not None:
            ap.error("--differential-share and --differential-out need --implementation")
        args.differential_share = 0.0
        return
    if args.differential_share is None:
        args.differential_share = differential.DEFAULT_SHARE
    if not 0 < args.differential_share <= 1:
        ap.error("--differential-share must be more than 0 and at most 1")
    args.differential_out = os.path.abspath(args.differential_out) if args.differential_out else differential.DEFAULT_OUT


def on_signals(args):
    """Ctrl-C / SIGTERM / SIGHUP stop fuzzing (merging and the report still run); a second one skips the coverage report."""
    def on_signal(signum, _frame):
        if not campaign.stop_requested:
            say("\n%s: stopping fuzzing; merging and saving what was found (signal again to skip the coverage report)"
                % signal.Signals(signum).name)
        elif not args.no_coverage:
            args.no_coverage = True
        campaign.stop_requested = True
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, on_signal)


def new_run_dir():
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H-%M-%SZ")
    run_dir = os.path.join(STATE, "runs", stamp)
    os.makedirs(os.path.join(run_dir, "logs"), exist_ok=True)
    latest = os.path.join(STATE, "latest")
    if os.path.islink(latest) or os.path.exists(latest):
        os.remove(latest)
    os.symlink(os.path.join("runs", stamp), latest)
    say("overnight: run directory %s" % run_dir)
    return run_dir


def fuzz_all(args, targets, binary, run_dir, report, fuzz_budget):
    """Each target in turn for an equal share of what is left of `fuzz_budget`; (start, series, seconds fuzzed)."""
    start = time.time()
    clock = Clock(start, args.duration, args.progress_every)
    all_series, fuzz_seconds = [], 0.0
    before = {t: count_inputs(t) for t in targets}
    for i, t in enumerate(targets):
        if campaign.stop_requested:
            break
        share = (fuzz_budget - (time.time() - start)) / (len(targets) - i)
        if share < 5:
            say("overnight: no time left for %s" % t)
            break
        say("overnight: fuzzing %s (%d/%d) for %s with -fork=%d" % (t, i + 1, len(targets), hms(share), args.jobs))
        series = Series(t, time.time() - start)
        rc, seconds, new = run_target(binary(t), t, share, args.jobs, run_dir, series, clock)
        fuzz_seconds += seconds
        all_series.append(series)
        report["targets"].append({"name": t, "seconds": round(seconds, 1), "exit_code": rc, "execs": series.execs,
                                  "exec_per_second": int(series.execs / seconds) if seconds else 0,
                                  "cov": series.cov, "ft": series.ft, "corpus_before": before[t], "new_inputs": new})
        say("overnight: %s done: %d execs in %s, cov %d ft %d, %d new inputs" % (t, series.execs, hms(seconds), series.cov, series.ft, new))
    return start, all_series, fuzz_seconds


def differential_phase(args, conformance, corpus_targets, start, seconds, run_dir):
    """The differential phase for `seconds` (the caller's share of what is left): (its series, its
    report entry, {"skipped": why} when it did not run)."""
    targets = differential.fuzz_targets(args.targets, corpus_targets)
    series = differential.Series("conformance fuzz", time.time() - start)
    if targets is None:
        return series, {"skipped": "none of --targets is a corpus target"}
    if seconds < differential.MIN_SECONDS:
        return series, {"skipped": "no time left (%s)" % hms(seconds)}
    say("overnight: differential fuzzing of %s for %s (%s, campaign %s)" % (
        ", ".join(args.implementation), hms(seconds), conformance, args.differential_out))
    record = differential.run_phase(conformance, args.implementation, targets, seconds, args.differential_out, run_dir,
                                    series, Clock(start, args.duration, args.progress_every))
    entry = differential.summarize(record)
    night = entry["night"]
    say("overnight: differential %s: %d inputs in %s (%d/s evaluating), %d disagreements, %d new class(es)%s" % (
        "stopped" if entry["interrupted"] else "done", night["inputs"], hms(entry["seconds"]), night["inputs_per_second"],
        night["disagreements"], len(entry["new"]), "; " + entry["error"] if entry["error"] else ""))
    return series, entry


def all_crashes(report):
    """(target, crash entry) of every target fuzzed, then of every recovered one."""
    return [(t["name"], c) for t in report["targets"] for c in t["crashes"]] + \
           [(k, c) for k, v in report["recovered"].items() for c in v["crashes"]]


def main():
    ap = parser()
    args = ap.parse_args()
    os.chdir(ROOT)
    start = time.time()
    targets, bin_dir = fuzz.load().names(), fuzz.bin_dir()
    all_targets = list(targets)
    if args.targets:
        # (the canary, not in the default list, is accepted when built: it exercises the crash path)
        unknown = {t for t in args.targets if t not in targets and not os.path.exists(os.path.join(bin_dir, "fuzz-" + t))}
        if unknown:
            ap.error("unknown targets: " + ", ".join(sorted(unknown)))
        targets = args.targets
    check_differential(ap, args)
    on_signals(args)
    run_dir = new_run_dir()
    if args.coverage_only:
        args.no_build = args.finish_only = True
    targets_budget, _ = differential.budgets(args.duration, args.finish_reserve, args.differential_share)
    if not args.no_build and targets_budget > 0:
        say("overnight: building fuzz targets (scripts/fuzz/build.sh)")
        if subprocess.run(["scripts/fuzz/build.sh"]).returncode != 0:
            say("overnight: build failed")
            return 2
    conformance = None
    if args.implementation and not args.finish_only:
        conformance = differential.conformance_binary(build=not args.no_build)
        if conformance is None:
            say("overnight: no %s (%s)" % (differential.RELEASE, "drop --no-build to build it" if args.no_build else "build failed"))
            return 2

    def binary(t):
        return os.path.join(bin_dir, "fuzz-" + t)

    report = {"run": {}, "targets": [], "recovered": {}}
    # Leftovers of a killed run first: nothing found is lost.
    stop_orphan()
    if os.path.isdir(PENDING) and not args.coverage_only:
        for t in sorted(os.listdir(PENDING)):
            if os.path.exists(binary(t)):
                say("overnight: recovering pending inputs/crashes of %s from an interrupted run" % t)
                report["recovered"][t] = finish_target(binary(t), t, run_dir)
    for t, v in report["recovered"].items():
        say("  %s: merged %d of %d inputs, %d crash files" % (t, v["merged"], v["pending_inputs"], len(v["crashes"])))
    run_start = start
    start, all_series, fuzz_seconds = fuzz_all(args, [] if args.finish_only or targets_budget <= 0 else targets, binary,
                                               run_dir, report, targets_budget)
    targets_end = time.time()

    say("overnight: merging new inputs into Corpus/ and minimizing crashes")
    for entry in report["targets"]:
        t = entry["name"]
        res = finish_target(binary(t), t, run_dir)
        entry.update(merged=res["merged"], crashes=res["crashes"], corpus_after=count_inputs(t))
        if res.get("merge_error"):
            entry["merge_error"] = res["merge_error"]
        say("  %s: corpus %d -> %d (%d merged of %d new), %d crash files" % (
            t, entry["corpus_before"], entry["corpus_after"], res["merged"], res["pending_inputs"], len(res["crashes"])))

    # After the merge, so the night's new inputs are among those it mutates; its time is what the
    # targets left of the fuzzing budget (the merge's comes from the finish reserve).
    diff_series = None
    if conformance and campaign.stop_requested:
        report["differential"] = {"skipped": "the run was stopped before it"}
    elif conformance:
        fuzzing = args.duration * (1 - args.finish_reserve)
        diff_series, report["differential"] = differential_phase(args, conformance, all_targets, start,
                                                                 fuzzing - (targets_end - start), run_dir)
        if report["differential"].get("skipped"):
            say("overnight: no differential phase: " + report["differential"]["skipped"])
        if not diff_series.points:
            diff_series = None

    with open(os.path.join(run_dir, "timeseries.json"), "w", encoding="utf-8") as f:
        json.dump({**{s.name: s.points for s in all_series}, **({"differential": diff_series.points} if diff_series else {})}, f)
    svg_plot(all_series, os.path.join(run_dir, "progress.svg"), fuzz_seconds, differential=diff_series)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    report["run"] = {"started": utc(run_start), "fuzzing_started": utc(start), "ended": None, "budget_seconds": args.duration,
                     "fuzz_seconds": round(fuzz_seconds, 1), "jobs": args.jobs, "interrupted": campaign.stop_requested,
                     "commit": commit or "unknown", "run_dir": run_dir}
    stored = [c for _, c in all_crashes(report) if c.get("file")]
    tools = {}
    if not args.no_coverage or stored:
        wanted = [t for t, want in (("afs-fuzz-replay", not args.no_coverage), ("conformance", stored)) if want]
        say("overnight: building %s with coverage instrumentation (%s)" % (" and ".join(wanted), COV_SCRATCH))
        tools = build_tools(run_dir, replay=not args.no_coverage, promote=bool(stored))
    for name, c in all_crashes(report):
        if c.get("file"):
            c["promote"] = promote_command(tools.get("conformance"), name, c)
    if not args.no_coverage:
        say("overnight: coverage report (corpus replay under llvm-cov, one process per chunk; Ctrl-C again to skip)")
        try:
            report["coverage"] = coverage_report(run_dir, tools.get("replay"), all_targets)
        except (subprocess.CalledProcessError, OSError) as e:
            report["coverage"] = {"error": str(e)}
    report["run"]["ended"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    write_report(run_dir, report)
    say("overnight: report %s (also report.json, progress.svg%s)" % (
        os.path.join(run_dir, "report.md"), ", coverage/index.html" if report.get("coverage", {}).get("html") else ""))
    found = report.get("differential") or {}
    if found.get("error"):
        return 2
    return 1 if stored or found.get("new") else 0
