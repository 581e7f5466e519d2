"""Vectors/percent-escape/batching.json: AF's 50-unit batches widened to whole clusters, for every batch size (SPEC §1.4).

Expected batches: the SPEC §1.4 rule over `regex` \\X clusters (oracles/s1); only strings made of the cluster
kinds SPEC §1.4 names are used. Text: urllib quote.
"""
from ...oracles.s1_percent_escaping import STYLES, af, batches
from ...vectorfile import VectorFile
from ._shared import verdict


def batch_samples():
    old = "\U0001F474\U0001F3FB"  # 👴🏻, 4 UTF-16 units, one cluster
    fam = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # 11 units
    flag = "\U0001F1EB\U0001F1F7"
    comb = "a\u0301\u0302\u0303"
    samples = [
        ("a" * 49 + old, "SPEC §1.4 example: the 50th code unit falls inside 👴🏻 → first batch [0, 53)"),
        ("a" * 49 + old + "tail", "SPEC §1.4 example followed by more text"),
        ("a" * 50, "exactly one full batch"),
        ("a" * 51, "one unit past a batch"),
        ("a" * 100, "two full batches"),
        ("a" * 120 + "/?&", "three batches, last one partial"),
        ("", "empty string: no batches"),
        ("x", "single character"),
        ("a" * 48 + old, "cluster ends exactly at 52"),
        ("a" * 46 + old, "cluster exactly fills units 46..50"),
        ("a" * 47 + old + "b", "cluster straddles 50 by two units"),
        ("a" * 45 + fam + "z" * 10, "ZWJ family sequence straddles the boundary"),
        ("a" * 49 + flag + "b", "flag pair straddles the boundary"),
        ("a" * 48 + comb + "b", "base letter with three combining marks straddles the boundary"),
        (old * 30, "thirty 4-unit clusters back to back"),
        (fam * 8, "ZWJ sequences back to back"),
        (flag * 30, "flags back to back"),
        ("é" * 60, "precomposed letters (one unit each)"),
        ("e\u0301" * 40, "decomposed letters (two units each)"),
        ("中" * 75, "BMP CJK, 75 units"),
        ("\U0001F600" * 26, "26 surrogate pairs (52 units)"),
        ("a" * 49 + "\U0001F600" + "b" * 60, "a surrogate pair straddles the boundary"),
        (("ab" + old) * 20, "mixed text and clusters"),
        ("%&=" * 40, "escapable ASCII across batches"),
    ]
    return samples


def modifier_samples():
    """Appended after the style vectors, so the ids before them stay."""
    flag = "\U0001F1EB\U0001F1F7"
    return [
        # A flag pair followed by an emoji modifier is one cluster (UAX #29 GB9: the modifier is Extend), so no batch
        # may start at the flag's second half; FoundationNetworking's composed-sequence ranges overlap there and AF's
        # loop writes that half twice (docs/matrix/FINDINGS.md F-4, found by `conformance fuzz`).
        (flag + "\U0001F3FD", "a flag pair followed by an emoji modifier: one cluster"),
        (flag * 13 + "\U0001F3FD", "thirteen flags, the last with an emoji modifier: its cluster straddles unit 50"),
    ]


def build():
    f = VectorFile("percent-escape", "batching",
                   "AF's 50-unit batches widened to whole composed character sequences; output identical for every batch size (SPEC §1.4)",
                   ["SPEC§1.4", "SPEC§1.2"], verdict=verdict)
    for s, what in batch_samples():
        exp_text = af(s)
        f.add("%s; batches from SPEC §1.4 over regex \\X clusters, text from urllib quote" % what,
              {"text": s}, {"text": exp_text, "batches": batches(s, 50)}, options={"reportBatches": True})
        for size in (1, 3, 7, 64, 1000):
            f.add("%s, batchSize %d: same text (SPEC §1.4), batches by the same rule" % (what, size),
                  {"text": s}, {"text": exp_text, "batches": batches(s, size)},
                  options={"reportBatches": True, "batchSize": size})
    for style, fn, oracle, refs in STYLES[1:]:
        s = "a" * 49 + "\U0001F474\U0001F3FB" + " ~/?"
        f.add("batching with the %s style; expected text from %s" % (style, oracle), {"text": s},
              {"text": fn(s), "batches": batches(s, 50)}, options={"reportBatches": True, "style": style}, refs=refs)
    for s, what in modifier_samples():
        exp_text = af(s)
        for size in (50, 1, 2, 3):
            f.add("%s, batchSize %d: the whole escape once (SPEC §1.4: each batch starts where the last ended), batches "
                  "from SPEC §1.4 over regex \\X clusters, text from urllib quote" % (what, size),
                  {"text": s}, {"text": exp_text, "batches": batches(s, size)},
                  options={"reportBatches": True, "batchSize": size})
    return f
