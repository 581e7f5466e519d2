"""Who decides a vector's expected value: its `level` and `authority` (VECTORS.md §1.3), one per profile.

Every vector gets them here, never by hand. A topic module names a Verdict for the whole file
(`VectorFile(…, verdict=…)`), per vector (`add(…, verdict=…)`), or as a function of the vector; a
per-profile dict (keys a profile or a tuple of profiles) gives different authorities to different profiles:

    must("RFC2046#5.1.1", "MUST NOT")       an RFC/WHATWG requirement: the section and its keyword
    should("RFC3986#2.1", "SHOULD")         a recommendation, likewise
    af("2.2/set-order")                     AFNetworking's observable behaviour: a row of Vectors/af-audit.json,
                                            cited at the tag of the run's profile (af3: 3.2.1; af4, strict: 4.0.1)
    decision("SPEC§2.3")                    this project's own choice, by its SPEC rule (the harness's own rules:
                                            VECTORS.md§4)
    implementation_defined("RFC2046#5.1.1", ANY_ERROR, …)
                                            the text leaves the outcome open: `expected` is this core's answer,
                                            and each further argument an `acceptable` alternative (VECTORS.md §4)
"""
import json
import os
import re

LEVELS = ("must", "should", "af", "decision", "implementation-defined")
PROFILES = ("af3", "af4", "strict")
KEYWORDS = {"must": ("MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT"),
            "should": ("SHOULD", "SHOULD NOT", "RECOMMENDED", "NOT RECOMMENDED")}
# The AFNetworking release each profile reproduces (SPEC §0); strict keeps AF 4.0.1's layout where it corrects nothing.
AF_TAG = {"af3": "3.2.1", "af4": "4.0.1", "strict": "4.0.1"}
NORMATIVE = re.compile(r"^(RFC\d+#\d+(\.\d+)*|WHATWG-URL#[0-9.]+|HTML#[a-z0-9-]+|XML#\d+(\.\d+)*)$")
SPEC_RULE = re.compile(r"^(SPEC|VECTORS\.md)§\d+(\.\d+)*$")
AUDIT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Vectors", "af-audit.json")

# An acceptable alternative that is any error at all: a reader may refuse an input the text leaves open.
ANY_ERROR = {"error": {"$any": True}}


class Verdict:
    """One authority: a level, what it cites, and (implementation-defined only) the other acceptable outcomes."""

    def __init__(self, level, authority, acceptable=()):
        assert level in LEVELS, level
        self.level = level
        self.authority = authority
        self.acceptable = list(acceptable)

    def cite(self, profile):
        if self.level == "af":
            return af_citation(self.authority, profile)
        return self.authority

    def __repr__(self):
        return "Verdict(%r, %r)" % (self.level, self.authority)


def must(ref, keyword="MUST"):
    return Verdict("must", _normative(ref, keyword, "must"))


def should(ref, keyword="SHOULD"):
    return Verdict("should", _normative(ref, keyword, "should"))


def af(row):
    audit_row(row)  # fails now, at the module that names it, when the row does not exist
    return Verdict("af", row)


def decision(rule):
    if not SPEC_RULE.match(rule):
        raise ValueError("a decision cites its SPEC rule (SPEC§N.M) or VECTORS.md§N, not %r" % rule)
    return Verdict("decision", rule)


def implementation_defined(ref, *acceptable):
    if not (SPEC_RULE.match(ref) or NORMATIVE.match(ref)):
        raise ValueError("an implementation-defined vector cites the text that leaves it open, not %r" % ref)
    if not acceptable:
        raise ValueError("an implementation-defined vector lists at least one acceptable outcome besides expected")
    return Verdict("implementation-defined", ref, acceptable)


def _normative(ref, keyword, level):
    if not NORMATIVE.match(ref):
        raise ValueError("a %s vector cites an RFC or WHATWG section (RFC3986#2.1), not %r" % (level, ref))
    if keyword not in KEYWORDS[level]:
        raise ValueError("a %s vector's keyword is one of %s, not %r" % (level, ", ".join(KEYWORDS[level]), keyword))
    return "%s %s" % (ref, keyword)


_audit = None


def audit_row(row_id):
    global _audit
    if _audit is None:
        with open(AUDIT, encoding="utf-8") as f:
            _audit = {r["id"]: r for r in json.load(f)["rows"]}
    if row_id not in _audit:
        raise KeyError("no row %r in Vectors/af-audit.json" % row_id)
    return _audit[row_id]


def af_citation(row_id, profile):
    """`AF-<tag>/<file>#L<a>-L<b>` for each place the audit row names at the profile's tag (VECTORS.md §1.3)."""
    tag = AF_TAG[profile]
    where = audit_row(row_id)["af"].get(tag)
    if not where:
        raise ValueError("audit row %r has no lines at AF %s, so it cannot decide a %s run" % (row_id, tag, profile))
    return " ".join("AF-%s/%s" % (tag, part) for part in where.split())


def by_profile(chosen, profiles, vid):
    """{profile: Verdict} for exactly the vector's profiles."""
    if isinstance(chosen, Verdict):
        return {p: chosen for p in profiles}
    if not isinstance(chosen, dict):
        raise SystemExit("%s: no level: give the file or the vector a verdict (Tools/vectorgen/levels.py)" % vid)
    out = {}
    for key, verdict in chosen.items():
        for p in (key if isinstance(key, tuple) else (key,)):
            assert p in PROFILES, (vid, p)
            out[p] = verdict
    missing = [p for p in profiles if p not in out]
    if missing:
        raise SystemExit("%s: no level for profile(s) %s" % (vid, ", ".join(missing)))
    return {p: out[p] for p in profiles}


def attach(v, chosen):
    """The vector with `level` and `authority` after its profiles and `acceptable` after `expected`: one string when
    every profile agrees, else an object by profile."""
    profiles = v.get("profiles") or list(PROFILES)
    per = by_profile(chosen, profiles, v["id"])
    levels = {p: per[p].level for p in profiles}
    cites = {p: per[p].cite(p) for p in profiles}
    acceptable = []
    for p in profiles:
        for alt in per[p].acceptable:
            if alt not in acceptable:
                acceptable.append(alt)
    out = {}
    for key, value in v.items():
        out[key] = value
        if key == "comment" and "profiles" not in v or key == "profiles":
            out["level"] = _collapse(levels)
            out["authority"] = _collapse(cites)
        if key == "expected" and acceptable:
            out["acceptable"] = acceptable
    return out


def _collapse(by):
    values = list(by.values())
    return values[0] if all(x == values[0] for x in values) else dict(by)
