"""The overnight driver: its crash signatures (one bucket per kind of failure, not per input) and its
differential phase, run against a fake `conformance` that talks and writes as `conformance fuzz` does."""
import argparse
import json
import os
import stat
import sys
import tempfile
import threading
import time
import unittest
from unittest import mock

from afstools import fuzz
from afstools.overnight import campaign, cli, differential
from afstools.overnight.campaign import normalize_signature as norm
from afstools.overnight.report import svg_plot, write_report


class SignatureTests(unittest.TestCase):
    def test_an_invariant_message_is_cut_before_the_values_it_quotes(self):
        self.assertEqual(norm('invariant broken: $[0].a: leaves: [["x", 1]] differ'), "invariant broken: leaves")
        self.assertEqual(norm('invariant broken: escape("ab") gave {"x"} at 3'), "invariant broken: escape(…) gave")
        self.assertEqual(norm("invariant broken: not deterministic"), "invariant broken: not deterministic")

    def test_numbers_and_addresses_become_placeholders(self):
        self.assertEqual(norm("SUMMARY: AddressSanitizer: heap-buffer-overflow /s/x.swift:12:5 in f 0xdeadbeef"),
                         "SUMMARY: AddressSanitizer: heap-buffer-overflow /s/x.swift:N:N in f 0x…")
        self.assertEqual(norm("Fatal error: Index out of range 42"), "Fatal error: Index out of range N")
        self.assertEqual(len(norm("x" * 300)), 200)


# `conformance fuzz` as the driver sees it: progress on stderr, the summary on stdout, OUT/state.json
# carried over from run to run, a finding only for a class the state does not know yet, exit 1 when
# one was found. FAKE_CALLS gets each argv; FAKE_MODE=hang waits to be killed, FAKE_MODE=fail exits 2.
FAKE = r'''
import json, os, sys, time
args = sys.argv[1:]
with open(os.environ["FAKE_CALLS"], "a") as f:
    f.write(json.dumps(args) + "\n")
opt = lambda name: args[args.index(name) + 1]
out, seconds = opt("--out"), float(opt("--seconds"))
began = time.time()
if os.environ.get("FAKE_MODE") == "fail":
    print("error: the adapter did not start", file=sys.stderr)
    sys.exit(2)
print("fuzz: 1 target(s), 5 corpus inputs; fake", flush=True)
for line in ("fuzz: 1000 inputs, 7 disagreements, 0 new", "fuzz: 2500 inputs, 12 disagreements, 1 new"):
    time.sleep(0.1)
    print(line, file=sys.stderr, flush=True)
if os.environ.get("FAKE_MODE") == "hang":
    time.sleep(60)
time.sleep(max(0, seconds - (time.time() - began)))
os.makedirs(out, exist_ok=True)
path = os.path.join(out, "state.json")
state = json.load(open(path)) if os.path.exists(path) else {"inputs": 0, "runs": 0, "disagreements": 0, "seconds": 0,
                                                           "evaluationSeconds": 0, "classes": {}, "known": []}
sig = "output.text: core writes ~ where the implementation writes %7E"
key = "fake\tquery-string\toutput.text: core writes ~ where the implementation writes %XX"
other = "fake\tpercent-escape\toutput: core rejects, implementation accepts"
for k, n in ((key, 12), (other, 3)):
    state["classes"][k] = state["classes"].get(k, 0) + n
new = key not in state["known"]
state["known"] = sorted(set(state["known"]) | {key, other})
state.update(inputs=state["inputs"] + 3000, runs=state["runs"] + 9000, disagreements=state["disagreements"] + 15,
             seconds=state["seconds"] + 1.5, evaluationSeconds=state["evaluationSeconds"] + 1.2)
folder = os.path.join(out, "findings", "fake", "query-string-0123456789abcdef")
if new:
    os.makedirs(folder)
    json.dump({"implementation": "fake", "command": "python3 fake.py", "target": "query-string",
               "component": "query-string", "profile": "af3", "signature": sig, "input": "0103002708",
               "original": "01030027080700052366", "send": "printf ...", "replay": "conformance replay ..."},
              open(os.path.join(folder, "case.json"), "w"))
json.dump(state, open(path, "w"))
print("fuzz: 3000 inputs (9000 runs) in 1.5 s, 0.3 s of it minimizing: 2500 inputs/s through the core and 1 implementation(s)")
if new:
    print("new: fake query-string: " + sig)
    print("     5 bytes (from 10) \u2192 " + folder)
print("fuzz: %d new class(es); campaign so far: %d inputs, 2 s, 2 classes seen (%s)" % (new, state["inputs"], path))
sys.exit(1 if new else 0)
'''


class DifferentialOptionTests(unittest.TestCase):
    def options(self, *argv):
        ap = cli.parser()
        args = ap.parse_args(list(argv))
        with mock.patch.object(ap, "exit", side_effect=SystemExit(2)), mock.patch("sys.stderr"):
            cli.check_differential(ap, args)
        return args

    def test_implementations_repeat_and_turn_the_phase_on_with_its_defaults(self):
        args = self.options("--implementation", "python3 a.py", "--implementation", "node b.js")
        self.assertEqual(args.implementation, ["python3 a.py", "node b.js"])
        self.assertEqual(args.differential_share, 0.25)
        self.assertEqual(args.differential_out, ".fuzz-campaign")
        self.assertEqual(self.options().differential_share, 0.0)

    def test_the_share_and_folder_are_taken_and_checked(self):
        args = self.options("--implementation", "x", "--differential-share", "0.5", "--differential-out", "camp")
        self.assertEqual(args.differential_share, 0.5)
        self.assertEqual(args.differential_out, os.path.abspath("camp"))  # the caller's, before the driver moves to ROOT
        for bad in (["--differential-share", "0.5"], ["--differential-out", "d"], ["--implementation", "x", "--differential-share", "0"],
                    ["--implementation", "x", "--differential-share", "1.5"]):
            with self.assertRaises(SystemExit, msg=bad):
                self.options(*bad)

    def test_the_budget_split_and_the_runs(self):
        self.assertEqual(differential.budgets(8 * 3600, 0.1, 0.25), (8 * 3600 * 0.9 * 0.75, 8 * 3600 * 0.9 * 0.25))
        self.assertEqual(differential.budgets(1000, 0.1, 0.0), (900, 0))
        self.assertEqual(differential.fuzz_targets(None, ["json", "request"]), [])
        self.assertEqual(differential.fuzz_targets(["json", "canary"], ["json", "request"]), ["json"])
        self.assertIsNone(differential.fuzz_targets(["canary"], ["json", "request"]))
        self.assertEqual(differential.command("c", ["a", "b c"], ["json"], 6480.04, "OUT"),
                         ["c", "fuzz", "--implementation", "a", "--implementation", "b c", "--target", "json",
                          "--seconds", "6480", "--out", "OUT"])

    def test_the_tools_lines_are_parsed(self):
        s = differential.Series("conformance fuzz", 100)
        self.assertTrue(s.line("fuzz: 1000 inputs, 7 disagreements, 0 new", 30))
        self.assertFalse(s.line("fuzz: 0 new class(es); campaign so far: 1 inputs", 31))
        s.base = {"inputs": 5000, "disagreements": 20, "new": 2}
        s.line("fuzz: 10 inputs, 1 disagreements, 1 new", 60)
        self.assertEqual(s.points, [{"t": 130, "inputs": 1000, "disagreements": 7, "new": 0},
                                    {"t": 160, "inputs": 5010, "disagreements": 21, "new": 3}])
        m = differential.SUMMARY.match("fuzz: 110400 inputs (993600 runs) in 60.1 s, 0.2 s of it minimizing: "
                                       "1843 inputs/s through the core and 3 implementation(s)")
        self.assertEqual(m.groups(), ("110400", "993600", "60.1", "0.2", "1843"))


class DifferentialPhaseTests(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = tmp.name
        self.fake = os.path.join(self.tmp, "conformance")
        with open(self.fake, "w") as f:
            f.write("#!%s\n%s" % (sys.executable, FAKE))
        os.chmod(self.fake, os.stat(self.fake).st_mode | stat.S_IXUSR)
        self.out, self.calls = os.path.join(self.tmp, "campaign"), os.path.join(self.tmp, "calls.jsonl")
        self.run_dir = os.path.join(self.tmp, "run")
        os.makedirs(self.run_dir)
        for patch in (mock.patch.dict(os.environ, FAKE_CALLS=self.calls), mock.patch.object(differential, "MIN_SECONDS", 0.5),
                      mock.patch.object(differential, "PIDFILE", os.path.join(self.tmp, "fuzzer.pid")),
                      mock.patch.object(campaign, "stop_requested", False), mock.patch("afstools.proc.say")):
            patch.start()
            self.addCleanup(patch.stop)

    def phase(self, seconds=1.2, start=None):
        args = argparse.Namespace(implementation=["python3 fake.py"], targets=None, differential_out=self.out,
                                  duration=3600, progress_every=10)
        with mock.patch.object(cli, "say"):
            return cli.differential_phase(args, self.fake, ["json", "query-string"], start or time.time(),
                                          seconds, self.run_dir)

    def argvs(self):
        with open(self.calls) as f:
            return [json.loads(line) for line in f]

    def test_a_night_runs_the_tool_for_its_share_and_records_what_it_found(self):
        series, entry = self.phase()
        self.assertEqual(self.argvs(), [["fuzz", "--implementation", "python3 fake.py", "--seconds", "1.2", "--out", self.out]])
        # progress lines as they came, then the run's end with what it saved
        self.assertEqual([(p["inputs"], p["disagreements"], p["new"]) for p in series.points],
                         [(0, 0, 0), (1000, 7, 0), (2500, 12, 1), (3000, 15, 1)])
        self.assertTrue(all(0 <= p["t"] < 5 for p in series.points))
        with open(os.path.join(self.run_dir, "differential.log")) as f:
            log = f.read()
        self.assertIn("$ %s fuzz --implementation 'python3 fake.py' --seconds 1.2" % self.fake, log)
        self.assertIn("fuzz: 2500 inputs, 12 disagreements, 1 new", log)
        self.assertIn("new: fake query-string: output.text: core writes ~", log)
        self.assertEqual(entry["night"], {"inputs": 3000, "runs": 9000, "disagreements": 15, "seconds": 1.5,
                                          "evaluation_seconds": 1.2, "inputs_per_second": 2500})
        self.assertEqual(entry["exit_code"], 1)
        self.assertEqual(entry["summary"], {"inputs": 3000, "runs": 9000, "seconds": 1.5, "minimizing_seconds": 0.3,
                                            "inputs_per_second": 2500, "new_classes": 1})
        self.assertIsNone(entry["error"])
        self.assertEqual([(r["implementation"], r["component"], r["classes"], r["disagreements"], r["new"]) for r in entry["classes"]],
                         [("fake", "percent-escape", 1, 3, 0), ("fake", "query-string", 1, 12, 1)])
        [new] = entry["new"]
        self.assertEqual((new["signature"], new["size"], new["original_size"], new["target"]),
                         ("output.text: core writes ~ where the implementation writes %7E", 5, 10, "query-string"))
        self.assertEqual(new["case"], os.path.join(self.out, "findings", "fake", "query-string-0123456789abcdef"))
        self.assertFalse(os.path.exists(differential.PIDFILE))

    def test_the_next_night_goes_on_from_the_campaigns_state(self):
        self.phase()
        _, entry = self.phase()
        self.assertEqual(entry["night"]["inputs"], 3000)
        self.assertEqual(entry["campaign"]["inputs"], 6000)
        self.assertEqual(entry["new"], [])  # the class is known: counted, not new
        self.assertEqual(entry["classes"][1]["night_disagreements"], 12)
        self.assertEqual(entry["classes"][1]["disagreements"], 24)

    def test_a_stop_ends_the_tool_and_keeps_what_earlier_runs_saved(self):
        self.phase()
        os.environ["FAKE_MODE"] = "hang"
        threading.Timer(0.6, lambda: setattr(campaign, "stop_requested", True)).start()
        series, entry = self.phase(seconds=30)
        self.assertTrue(entry["interrupted"])
        self.assertLess(entry["seconds"], 10)
        self.assertEqual(entry["campaign"]["inputs"], 3000)  # the round under way is lost; the first night's stays
        self.assertEqual(entry["night"]["inputs"], 0)
        self.assertEqual(series.points[-1]["inputs"], 2500)

    def test_a_failing_tool_is_an_error_and_nothing_is_skipped_silently(self):
        os.environ["FAKE_MODE"] = "fail"
        _, entry = self.phase()
        self.assertIn("exited 2", entry["error"])
        args = argparse.Namespace(implementation=["x"], targets=["canary"], differential_out=self.out, duration=60, progress_every=10)
        self.assertEqual(cli.differential_phase(args, self.fake, ["json"], 0, 100, self.run_dir)[1],
                         {"skipped": "none of --targets is a corpus target"})

    def test_a_night_with_only_the_differential_phase_end_to_end(self):
        # main() in a scratch root: no libFuzzer target (share 1), no build, no coverage; the fake is the release binary.
        root, cwd, names = os.path.join(self.tmp, "root"), os.getcwd(), fuzz.load()
        os.makedirs(root)
        self.addCleanup(os.chdir, cwd)
        argv = ["overnight.py", "--duration", "1.5", "--no-build", "--no-coverage", "--implementation", "python3 fake.py",
                "--differential-share", "1", "--differential-out", self.out]
        with mock.patch.object(cli, "ROOT", root), mock.patch.object(cli.fuzz, "load", return_value=names), \
                mock.patch.object(cli, "on_signals"), mock.patch.object(differential, "RELEASE", self.fake), \
                mock.patch.object(cli, "say"), mock.patch("sys.argv", argv):
            rc = cli.main()
        self.assertEqual(rc, 1)  # a new class, as a stored crash
        [call] = self.argvs()
        self.assertEqual(call[:3], ["fuzz", "--implementation", "python3 fake.py"])
        self.assertAlmostEqual(float(call[call.index("--seconds") + 1]), 1.35, delta=0.2)  # 90 % of the budget
        latest = os.path.join(root, "fuzz-out", "overnight", "latest")
        with open(os.path.join(latest, "report.md")) as f:
            md = f.read()
        with open(os.path.join(latest, "timeseries.json")) as f:
            points = json.load(f)["differential"]
        with open(os.path.join(latest, "progress.svg")) as f:
            svg = f.read()
        self.assertIn("This night: 3000 inputs (9000 runs)", md)
        self.assertIn("case: `%s`" % os.path.join(self.out, "findings", "fake", "query-string-0123456789abcdef"), md)
        self.assertEqual(points[-1]["inputs"], 3000)
        self.assertIn("Differential: inputs through the core", svg)
        self.assertTrue(os.path.exists(os.path.join(latest, "differential.log")))


class DifferentialReportTests(unittest.TestCase):
    ENTRY = {"implementations": ["python3 fake.py"], "targets": [], "out": ".fuzz-campaign", "binary": "c",
             "log": "/r/differential.log", "budget_seconds": 6480, "seconds": 6490.2, "interrupted": False, "error": None,
             "exit_code": 1, "night": {"inputs": 3000, "runs": 9000, "disagreements": 15, "seconds": 1.5,
                                   "evaluation_seconds": 1.2, "inputs_per_second": 2500},
             "campaign": {"inputs": 6000, "runs": 18000, "disagreements": 30, "seconds": 3.0, "evaluation_seconds": 2.4,
                          "inputs_per_second": 2500},
             "classes": [{"implementation": "fake", "component": "query-string", "classes": 1, "disagreements": 24,
                          "night_disagreements": 12, "new": 1}],
             "new": [{"implementation": "fake", "component": "query-string", "target": "query-string", "profile": "af3",
                      "signature": "output.text: core writes ~ where the implementation writes %7E", "size": 5,
                      "original_size": 10, "case": ".fuzz-campaign/findings/fake/query-string-0123456789abcdef"}]}

    def report(self, entry):
        run = {"started": "2025-01-01T00:00:00+00:00", "ended": "x", "budget_seconds": 60, "fuzz_seconds": 0, "jobs": 1,
               "interrupted": False, "commit": "abc"}
        with tempfile.TemporaryDirectory() as d:
            write_report(d, {"run": run, "targets": [], "recovered": {}, "differential": entry})
            with open(os.path.join(d, "report.md")) as f:
                return f.read()

    def test_the_section_has_the_totals_the_classes_and_the_new_findings(self):
        md = self.report(dict(self.ENTRY))
        self.assertIn("## Differential fuzzing", md)
        self.assertIn("This night: 3000 inputs (9000 runs) in 01:48:10 (budget 01:48:00), 2500 inputs/s while evaluating", md)
        self.assertIn("15 disagreements, 1 new class(es)", md)
        self.assertIn("Campaign so far: 6000 inputs", md)
        self.assertIn("| fake | query-string | 1 | 24 | 12 | 1 |", md)
        self.assertIn("**fake** query-string (query-string, af3): `output.text: core writes ~ where the implementation writes %7E`", md)
        self.assertIn("5 bytes (minimized from 10); case: `.fuzz-campaign/findings/fake/query-string-0123456789abcdef`", md)
        self.assertIn("Sort each new differential finding", md)

    def test_no_section_without_implementations_and_a_note_when_skipped_or_failed(self):
        self.assertNotIn("Differential", self.report(None))
        self.assertIn("Not run: no time left.", self.report({"skipped": "no time left"}))
        md = self.report(dict(self.ENTRY, new=[], error="`c fuzz` exited 2", interrupted=True))
        self.assertIn("**Failed**: `c fuzz` exited 2", md)
        self.assertIn("**interrupted**", md)
        self.assertIn("None: every disagreement was of a known class.", md)

    def test_the_plot_gets_the_differential_panels_on_the_same_time_axis(self):
        s = differential.Series("conformance fuzz", 600)
        s.add(0, 0, 0, 0)
        s.add(300, 5000, 40, 1)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "p.svg")
            svg_plot([], path, 600, differential=s)
            with open(path) as f:
                svg = f.read()
            svg_plot([], path, 600)
            with open(path) as f:
                plain = f.read()
        self.assertIn('height="1000"', svg)
        self.assertIn("Differential: inputs through the core", svg)
        self.assertIn("Differential: disagreements with the core", svg)
        self.assertEqual(svg.count("<polyline"), 2)
        self.assertIn("00:15:00", svg)  # the axis reaches the phase's end (900 s)
        self.assertNotIn("Differential", plain)


if __name__ == "__main__":
    unittest.main()
