"""Vectors/multipart/names.json: names and filenames, verbatim in AF, HTML-escaped in strict (SPEC §5.3, RFC 7578 §4.2)."""
from ...levels import must
from ...oracles.s5_multipart import B, body_bytes, file, form, part_json
from ...vectorfile import VectorFile, bytes_value
from ._shared import layout


def build():
    e = VectorFile("multipart", "names", "Names and filenames: verbatim in AF, HTML-escaped in strict (SPEC §5.3, RFC 7578 §4.2)",
                   ["SPEC§5.3", "RFC7578#4.2", "HTML#multipart-form-data"])
    for name, fname, what in [('q"uote', 'f"ile.txt', "double quote"), ("cr\rlf\nname", "a\r\nb.txt", "CR and LF"),
                              ("plain", "plain.txt", "nothing to escape"), ("per%cent", "100%.txt", "percent is not escaped"),
                              ("é", "ü.txt", "non-ASCII is not escaped")]:
        parts = [form(name, "v"), file("file", fname, "text/plain", "x")]
        for strict, profiles in [(False, ["af3", "af4"]), (True, ["strict"])]:
            body = body_bytes(parts, B, strict=strict)
            e.add("%s in name/filename: %s (never filename*)" % (what, "HTML escapes LF→%0A CR→%0D \"→%22" if strict else "written verbatim by AF"),
                  {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B},
                  {"body": bytes_value(body), "contentLength": len(body)}, profiles=profiles,
                  # HTML: LF, CR and '"' "must be escaped"; "The user agent must not perform any other escapes". The
                  # file part's header order (SPEC §5.3) is in the body too, which makes these SPEC §5.3 decisions.
                  verdict=layout(must("HTML#multipart-form-data", "MUST" if any(c in name + fname for c in '"\r\n') else "MUST NOT")
                                 if strict else "5.3/raw-names-and-filenames"))
    return e
