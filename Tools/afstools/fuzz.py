"""The fuzz targets, from the one list scripts/fuzz/targets.json (each target's body, frozen option
header and oracles; which targets reach each core file), and their libFuzzer options. For the shell
scripts (targets.sh): `python3 -m afstools.fuzz names` (no canary), `... flags TARGET`."""
import fnmatch
import os
import sys
from dataclasses import dataclass

from afstools import ROOT, load_json

LIST = "scripts/fuzz/targets.json"


@dataclass(frozen=True)
class TargetList:
    targets: list  # the entries of targets.json, the canary included
    reaches: dict  # core-file glob -> [target], in the order the fuzz layer tries them

    def names(self, canary=False):
        return [t["name"] for t in self.targets if canary or not t.get("canary")]

    def reaching(self, file):
        """The targets that reach `file` (relative to Sources/AFSerialization): every matching glob's, in order."""
        out = []
        for pattern, targets in self.reaches.items():
            if fnmatch.fnmatch(file, pattern):
                out += [t for t in targets if t not in out]
        return out


def load(path=LIST):
    """The list, checked: unique names, header bytes 0, 1, 2… in order, reaches naming listed targets."""
    data = load_json(path, None) or sys.exit(f"{path}: no such file")
    names = [t["name"] for t in data["targets"]]
    if len(set(names)) != len(names):
        raise ValueError(f"{path}: a target is listed twice: {names}")
    for t in data["targets"]:
        at = [b for f in t["header"] for b in (range(f["byte"][0], f["byte"][1] + 1) if isinstance(f["byte"], list) else [f["byte"]])]
        if at != list(range(len(at))):
            raise ValueError(f"{path}: {t['name']}: header bytes not in order from 0: {at}")
    unknown = sorted({n for ns in data["reaches"].values() for n in ns} - set(names))
    if unknown:
        raise ValueError(f"{path}: reaches names targets not listed: {unknown}")
    return TargetList(data["targets"], data["reaches"])


def bin_dir():
    """Where scripts/fuzz/build.sh puts fuzz-<target> (relative to ROOT): $FUZZ_BIN, or $FUZZ_SCRATCH/release."""
    return os.environ.get("FUZZ_BIN") or f"{os.environ.get('FUZZ_SCRATCH') or '.build-fuzz'}/release"


def options(target, root=ROOT):
    """The [libfuzzer] section of Corpus/<t>/<t>.options (the OSS-Fuzz format ClusterFuzzLite reads
    too), in order; '#' starts a comment. No file: {}."""
    return options_at(os.path.join(root, "Corpus", target, target + ".options"))


def options_at(path):
    """The [libfuzzer] section of the .options file at `path`; {} when there is none."""
    out, section = {}, None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line.startswith("["):
                    section = line.strip("[]").strip()
                elif "=" in line and section == "libfuzzer":
                    key, value = (s.strip() for s in line.split("=", 1))
                    out[key] = value
    return out


def flags(target, root=ROOT):
    """The target's flags as run.sh and the mutation fuzz layer pass them: the file's options, then
    -max_len=4096 when it sets none."""
    opts = options(target, root)
    return [f"-{k}={v}" for k, v in opts.items()] + ([] if "max_len" in opts else ["-max_len=4096"])


if __name__ == "__main__":
    if sys.argv[1:] == ["names"]:
        print(" ".join(load().names()))
    elif len(sys.argv) == 3 and sys.argv[1] == "flags":
        print(" ".join(flags(sys.argv[2])))
    else:
        sys.exit("usage: python3 -m afstools.fuzz names | flags TARGET")
