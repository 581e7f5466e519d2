"""Coverage, one way for every tool: an instrumented debug build (SwiftPM's --enable-code-coverage:
-profile-generate -profile-coverage-mapping for Swift, the clang equivalents for C), profiles merged by
llvm-profdata, then llvm-cov's per-file summary (mutate's report), text report or HTML (overnight's)."""
import json
import os
import re
import shutil
import subprocess
import tempfile

from afstools import ROOT, proc, toolchain

FLAGS = ("--enable-code-coverage",)


def build(product, scratch, logpath=None, nice=False, flags=FLAGS):
    """Builds `product` with coverage counters into `scratch` (debug); its path, or None when the
    build fails (the output is appended to `logpath`, else its tail goes to stderr)."""
    cmd = (proc.NICE if nice else []) + ["swift", "build", "--scratch-path", scratch, "--product", product] + list(flags)
    if logpath:
        r = proc.run_logged(cmd, logpath, cwd=ROOT)
    else:
        r = proc.sh(cmd, check=False, capture=True)
        if r.returncode != 0:
            proc.log(r.stdout[-6000:])
    binary = os.path.join(ROOT, scratch, "debug", product)
    return binary if r.returncode == 0 and os.path.exists(binary) else None


def merge(raws, out):
    """llvm-profdata merge -sparse: one profile from the per-process .profraw files (CalledProcessError on failure)."""
    subprocess.run([toolchain.require("llvm-profdata"), "merge", "-sparse", "-o", out] + list(raws), check=True,
                   capture_output=True)


def summary(profdata, binary, under):
    """Per file below `under` (a directory): {relative path: {"lines": [covered, count], "regions": […]}}
    from llvm-cov export -summary-only; None when llvm-cov fails."""
    r = subprocess.run([toolchain.require("llvm-cov"), "export", "-summary-only", "-instr-profile", profdata, binary],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        proc.log(r.stderr[-2000:])
        return None
    out, prefix = {}, os.path.join(under, "")
    for f in json.loads(r.stdout)["data"][0]["files"]:
        if f["filename"].startswith(prefix):
            s = f["summary"]
            out[f["filename"][len(prefix):]] = {"lines": [s["lines"]["covered"], s["lines"]["count"]],
                                                "regions": [s["regions"]["covered"], s["regions"]["count"]]}
    return out


def profiled_run(binary, args, under):
    """Runs the instrumented `binary` with `args` (output discarded); summary() of what it executed
    below `under`, or None when it wrote no profile."""
    d = tempfile.mkdtemp()
    try:
        subprocess.run([binary] + args, cwd=ROOT, env={**os.environ, "LLVM_PROFILE_FILE": f"{d}/%p.profraw"},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        raws = [os.path.join(d, x) for x in os.listdir(d) if x.endswith(".profraw")]
        if not raws:
            return None
        merge(raws, os.path.join(d, "merged.profdata"))
        return summary(os.path.join(d, "merged.profdata"), binary, under)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def html_and_report(profdata, binary, src, html_dir, title):
    """llvm-cov's HTML (line counts or regions) of `src` into `html_dir`, and its text report:
    (report text, {"regions_percent", "functions_percent", "lines_percent"} from the TOTAL line)."""
    cov = toolchain.require("llvm-cov")
    subprocess.run([cov, "show", "-format=html", "-instr-profile=" + profdata, "-output-dir=" + html_dir,
                    "-show-line-counts-or-regions", "-project-title=" + title, binary, src], check=True, capture_output=True)
    text = subprocess.run([cov, "report", "-instr-profile=" + profdata, binary, src], capture_output=True, text=True).stdout
    total = [line for line in text.splitlines() if line.startswith("TOTAL")]
    # TOTAL regions missed cover% functions missed executed% lines missed cover% [branches …]
    pct = re.findall(r"(\d+\.\d+)%", total[0]) if total else []
    keys = ("regions_percent", "functions_percent", "lines_percent")
    return text, ({k: float(v) for k, v in zip(keys, pct)} if len(pct) >= 3 else {})
