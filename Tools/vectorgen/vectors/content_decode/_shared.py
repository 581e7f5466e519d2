"""Shared by the content-decode topics: the error context, the offset decisions, one vector per chunking, and the
authorities (levels.py) the topics cite."""
from ...levels import decision, implementation_defined, must, should
from ...vectorfile import bytes_value

# A valid stream decodes to its data: each format's compliance clause ("a compliant decompressor must be able to accept
# and decompress any file/data set that conforms to all the specifications presented here").
GZIP = must("RFC1952#1.4", "MUST")
ZLIB = must("RFC1950#1.4", "MUST")
# "A compliant decompressor must accept the full range of possible values defined in the previous section" (distances to 32768).
DEFLATE_RANGE = must("RFC1951#3.3", "MUST")
# gzip: check ID1, ID2, CM and give an error; skip FEXTRA, FNAME, FCOMMENT, FHCRC; error on a reserved FLG bit.
GZIP_HEADER = must("RFC1952#2.3.1.2", "MUST")
# zlib: "must check CMF, FLG, and ADLER32, and provide an error indication"; FDICT without a known dictionary is an error.
ZLIB_CHECKS = must("RFC1950#2.3", "MUST")
# The sender lists the codings in the order applied, so they are undone last-applied first.
ORDER = must("RFC9110#8.4", "MUST")
# "A recipient MUST parse and ignore a reasonable number of empty list elements" and accept #element with OWS.
LIST = must("RFC9110#5.6.1.2", "MUST")
# Leading and trailing whitespace is excluded from a field value.
TRIM = must("RFC9110#5.5", "MUST")
# "A recipient SHOULD consider "x-gzip" to be equivalent to "gzip"."
X_GZIP = should("RFC9110#8.4.1.3", "SHOULD")
# SPEC §7: raw-deflate fallback, identity, padding and trailing bytes, 5 layers, case-insensitive names, error kinds,
# offsets and context; SPEC §8: maxDecodedSize.
SPEC7 = decision("SPEC§7")
SPEC8 = decision("SPEC§8")


def trailer_unchecked(plain, wrap=None):
    """RFC 1952 §2.3.1.2: a decompressor "need not examine any other part of the header or trailer" than ID1, ID2, CM,
    the flags and the optional fields, so one that ignores CRC32, ISIZE and CRC16 returns the data: acceptable too."""
    return implementation_defined("RFC1952#2.3.1.2", wrap(plain) if wrap else {"body": bytes_value(plain)})


def ctx(coding, layer=0, **more):
    c = {"coding": coding, "layer": str(layer)}
    c.update({k: str(v) for k, v in more.items()})
    return c


LIMIT_OFFSET_RULE = ("SPEC §7 decision: a size-limit error's offset is the length of the shortest prefix of the layer's "
                     "input from which zlib.decompressobj decodes more than the limit")

OFFSET_RULE = ("SPEC §7 decision: an error's offset counts bytes of the failing layer's input up to the "
               "end of the field in which the defect is found")


def add_rejected(f, what, coding, body, expected, ref, why, chunkings, options=None, verdict=SPEC7):
    """One vector per chunking (None: one-shot) expecting `expected`'s error, options merged."""
    for opts in chunkings:
        how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
        o = dict(options or {})
        o.update(opts or {})
        f.add("%s%s → %s (%s)" % (what, how, expected["error"]["kind"], why), {"contentEncoding": coding, "body": bytes_value(body)},
              expected, options=o or None, refs=[ref] if ref else None, verdict=verdict)
