"""The golden-vector generators: every generated file under Vectors/, laid out like SPEC.md.

    python3 scripts/gen_vectors.py [--check]          # the entry point (cli.py)
    python3 -m unittest discover -s vectorgen -p 'test_*.py'

Map:
    cli.py          finds the topic modules, builds each file, writes it or checks it (--check); the
                    --foundation / --check-foundation re-checks against Foundation (need swift)
    vectorfile.py   the VECTORS.md file layout (VectorFile, dumps, bytes_value, core_error), stable ids
    images.py       PNG/GIF/BMP/JPEG/ICO/TIFF built byte by byte
    oracles/        the independent expectations, one module per SPEC section, shared by the topics:
        s1_percent_escaping   §1  urllib quote, the WHATWG serializer, the §1.4 batching rule
        s2_query_string       §2  flattening, descriptions, Swift String order; the parameter model
        s3_requests           §3  headers, URL queries, Foundation's JSON and plist writers restated
        s5_multipart          §5  framing, parts, SplitMix64 boundaries, email/werkzeug/python-multipart
        s6_responses          §6.1–6.3  the response input, status phrases, error texts
        s6_2_media_type       §6.2  the af rule and the RFC 9110 grammar
        s6_4_json             §6.4  Foundation's recorded JSON verdicts, null cleaning, the number rule
        s6_5_serializers      §6.5  expat, Pillow, pypng, file(1) verdicts
        s7_content_encoding   §7  gzip/zlib, hand-written RFC 1950–1952 fields
        s8_limits             §8  the default limits
    vectors/<component>/<topic>.py
                    one module per file: build() returns Vectors/<component>/<topic>.json (dashes spelled
                    as underscores); a component's _shared.py holds what several of its files use
    test_*.py       unit tests of the shared pieces

Rules: a topic module holds its file's vectors and imports only oracles/, images, vectorfile and its own
component's _shared.py, never another topic module.

Installed editable from pyproject.toml (.ci/setup): the generators find Vectors/ from this folder.
"""
import os

if not os.path.isfile(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Package.swift")):
    raise ImportError("vectorgen must be imported from its repository, not a copy in %s: "
                      "pip install -e Tools/vectorgen (or .ci/setup)" % os.path.dirname(os.path.abspath(__file__)))
