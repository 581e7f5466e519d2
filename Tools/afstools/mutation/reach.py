"""The vectors' reach recorded in the mutant world itself (`afs-mutants --reach`; docs/mutation/README.md,
"Selection by the sites' reach"): for every vector unit (a vector file under a profile, as in the
coverage maps), the mutation sites its runs execute with no mutant active.

Each unit runs in a child forked from the loaded fork server, exactly as a mutant's child runs it,
with the schemata's switch recording: every site that runs marks its first id. A mutant whose site a
unit never executes runs there as the original program, so that unit cannot kill it. The ratchet sends
each mutant only the units that reach its site, and a mutant no unit reaches is "not covered". Unlike
the coverage maps (covmap) this needs no instrumented build and is exact to the site, not the
function: the schemata build the layer runs anyway records it in one pass over the vectors, which a
clean clone pays in seconds. Sound for deterministic code, as the maps are.

Mutants in property initializers are sent to `--fresh` children with every unit (layers), so their
reach is not used."""
import re
import time

from afstools import proc
from afstools.mutation.build import mutant_env
from afstools.mutation.layers import mutants_bin

LINE = re.compile(r"^(\S+@\S+) (-|\d+(?:,\d+)*)$")


def parse(text):
    """{unit: [site ids]} from `afs-mutants --reach`'s output; SystemExit on a line of another form."""
    reach = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = LINE.match(line)
        if not m:
            raise SystemExit(f"afs-mutants --reach, line {n}: unexpected output {line[:200]!r}")
        reach[m.group(1)] = [] if m.group(2) == "-" else [int(i) for i in m.group(2).split(",")]
    if not reach:
        raise SystemExit("afs-mutants --reach printed no unit")
    return reach


def record(binary=None, env_of=mutant_env, run_timeout=10.0):
    """Runs `afs-mutants --reach` (the plain schemata build's by default): ({unit: [site ids]}, seconds)."""
    t0 = time.time()
    r = proc.sh(proc.NICE + [binary or mutants_bin(), "--reach", "--run-timeout", f"{run_timeout:.1f}",
                             "--timeout", f"{run_timeout:.1f}"], env=env_of(), capture=True, check=False)
    if r.returncode != 0:
        raise SystemExit(f"afs-mutants --reach failed (exit {r.returncode}): {r.stdout[-3000:]}")
    return parse(r.stdout), time.time() - t0


class ReachSelector:
    """covmap.Selector's interface (`units`, `units_for`) over a reach record: a site's units are those
    that executed its group's helper call (a site's mutants share one call and one first id)."""
    name = "the sites' reach"

    def __init__(self, reach, sites):
        group_of = {s["id"]: s["group"] for s in sites}
        strays = sorted({i for ids in reach.values() for i in ids if i not in group_of})
        if strays:
            # The record is of another schemata build than these sites: selecting by it could
            # leave a mutant without the unit that kills it.
            raise SystemExit(f"afs-mutants --reach names site ids that the sites list does not have: {strays[:10]}")
        self.units = sorted(reach)
        self.always = set()
        self.seconds = {}
        self.by_group = {}
        for unit, ids in reach.items():
            for i in ids:
                self.by_group.setdefault(group_of[i], set()).add(unit)

    def units_for(self, site):
        """The sorted units that execute the site; empty when none does."""
        return sorted(self.by_group.get(site["group"], ()))
