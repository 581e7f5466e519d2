"""Shared by error-details.json and buffers.json: the error context, the offset decisions, one vector per chunking."""
from ...vectorfile import bytes_value


def ctx(coding, layer=0, **more):
    c = {"coding": coding, "layer": str(layer)}
    c.update({k: str(v) for k, v in more.items()})
    return c


LIMIT_OFFSET_RULE = ("decision to record (README §7): a size-limit error's offset is the length of the shortest prefix of the layer's "
                     "input from which zlib.decompressobj decodes more than the limit")

OFFSET_RULE = ("decision to record (README §7): an error's offset counts bytes of the failing layer's input up to the "
               "end of the field in which the defect is found")


def add_rejected(f, what, coding, body, expected, ref, why, chunkings, options=None):
    """One vector per chunking (None: one-shot) expecting `expected`'s error, options merged."""
    for opts in chunkings:
        how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
        o = dict(options or {})
        o.update(opts or {})
        f.add("%s%s → %s (%s)" % (what, how, expected["error"]["kind"], why), {"contentEncoding": coding, "body": bytes_value(body)},
              expected, options=o or None, refs=[ref] if ref else None)
