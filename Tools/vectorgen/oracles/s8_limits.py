"""SPEC §8 Limits and bad input: the default of every limit, as the SPEC table states it.

A default N is pinned by an input of exactly N (accepted) and one of N + 1 (limitExceeded or nestingTooDeep),
in the component that enforces it (the limits-defaults.json files).
"""
MAX_PARAMETER_DEPTH = 512
MAX_JSON_DEPTH = 512
MAX_MULTIPART_PARTS = 10000
MAX_PART_HEADER_BYTES = 16 * 1024
MAX_MULTIPART_BYTES = 1 << 30   # not pinned by a vector: it would need a 1 GiB body (a Swift test does it)
MAX_DECODED_SIZE = 64 << 20     # pinned by a Swift test (ContentEncodingTests.defaultDecodedSizeIs64MiB), see content_decode/limits_defaults.py
MAX_IMAGE_PIXELS = 10 ** 8
MAX_CODINGS = 5                 # a fixed bound, not an option
