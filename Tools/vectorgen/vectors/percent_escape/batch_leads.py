"""Vectors/percent-escape/batch-leads.json: batch counting for every 4-byte UTF-8 lead and 2/3-byte scalars (SPEC §1.4)."""
from ...oracles.s1_percent_escaping import af, batches
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    g = VectorFile("percent-escape", "batch-leads",
                   "Batch counting for every 4-byte UTF-8 lead (F0–F4) and 2/3-byte scalars (SPEC §1.4)",
                   ["SPEC§1.4"], verdict=verdict)
    for cp, what in [(0x10000, "F0"), (0x20000, "F0 (CJK Ext B)"), (0x40000, "F1"), (0xF0000, "F3 (private use A)"),
                     (0x100000, "F4 (private use B)"), (0x10FFFD, "F4, last private use")]:
        ch = chr(cp)
        for pre in (48, 49):
            t = "a" * pre + ch + "b" * 5
            f_ = batches(t, 50)
            g.add("U+%X (lead %s, 2 UTF-16 units) after %d ASCII: batches from SPEC §1.4 over regex \\X, text from urllib quote" % (cp, what, pre),
                  {"text": t}, {"text": af(t), "batches": f_}, options={"reportBatches": True})
        t = ch * 30
        g.add("thirty U+%X back to back, batch size 7 (odd: a pair can straddle it)" % cp,
              {"text": t}, {"text": af(t), "batches": batches(t, 7)}, options={"reportBatches": True, "batchSize": 7})
    for t, what in [("\u0800" * 60, "3-byte scalars count one unit each"), ("\u00e9\u0800\U00010000" * 20, "1+1+2 units per round"),
                    ("\uffff" * 51, "U+FFFF (3 bytes, EF) is one unit"), ("\u07ff" * 51, "U+07FF (2 bytes, DF) is one unit")]:
        g.add("%s; batches from SPEC §1.4 over regex \\X, text from urllib quote" % what,
              {"text": t}, {"text": af(t), "batches": batches(t, 50)}, options={"reportBatches": True})
    ex = "a" * 49 + "\U0001F474\U0001F3FB" + "b" * 60 + "\U0001F1EB\U0001F1F7" + "c" * 3
    for size in (2, 4, 5, 49, 50, 51, 52, 53, 54, 55, 127, 128):
        g.add("SPEC §1.4 example string with a flag pair later, batchSize %d: batches from SPEC §1.4 over regex \\X, text from urllib quote" % size,
              {"text": ex}, {"text": af(ex), "batches": batches(ex, size)}, options={"reportBatches": True, "batchSize": size})
    return g
