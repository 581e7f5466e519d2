"""Vectors/multipart-parse/delimiter-lines.json: delimiter lines and the empty form (SPEC §5.7 decisions, RFC 2046 §5.1.1)."""
from ...levels import ANY_ERROR, implementation_defined
from ...oracles.s5_multipart import B, oracle_parts
from ...vectorfile import VectorFile, bytes_value

# Every body here is invalid, so a reader may also refuse it: `CRLF--B` starts a line inside a part (RFC 2046 §5.1: the
# boundary delimiter MUST NOT appear "as the prefix of any line"; §5.1.1: "must not appear within the encapsulated
# material"), or the body has no part at all (§5.1: "The body must then contain one or more body parts"). The core's
# reading, the SPEC §5.7 decisions, stays `expected`.
IN_PART = implementation_defined("RFC2046#5.1.1", ANY_ERROR)
NO_PART = implementation_defined("RFC2046#5.1", ANY_ERROR)


def build():
    """SPEC §5.7 decisions: delimiter lookalikes are data; a close delimiter alone is an empty form."""
    d = VectorFile("multipart-parse", "delimiter-lines",
                   "Delimiter lines and the empty form (SPEC §5.7 decisions, RFC 2046 §5.1.1), at every kind of chunk split",
                   ["SPEC§5.7", "RFC2046#5.1.1"], verdict=IN_PART)
    cd = b'Content-Disposition: form-data; name="a"\r\n\r\n'
    # (tail after CRLF--B, readers that agree, what it shows)
    cases = [
        (b"QQQ\r\ny", ["email", "werkzeug", "python-multipart"], "`--B` followed by other bchars"),
        (b"-Q", ["email", "werkzeug", "python-multipart"], "`--B-` followed by a byte other than `-`"),
        (b"-", ["python-multipart"], "`--B-` then the next line (one dash is no close delimiter)"),
        (b"\rQ", ["python-multipart"], "`--B` CR followed by a byte other than LF (Python email ends a line at a bare CR and werkzeug rejects the body: RFC 2046 needs CRLF)"),
        (b"\r", ["python-multipart"], "`--B` CR, then the real delimiter's CR (CR CR is no line end)"),
        (b" \tQ", ["email", "werkzeug"], "`--B`, transport padding, then a byte other than CR (python-multipart rejects the body)"),
    ]
    for tail, agree, what in cases:
        data = b"v\r\n--" + B.encode() + tail
        body = ("--%s\r\n" % B).encode() + cd + data + ("\r\n--%s--\r\n" % B).encode()
        for which in agree:
            got = oracle_parts(body, B, which)
            want = [data] if which == "python-multipart" else [("a", data)]
            assert got is None or got == want, (what, which, got)
        expected = {"parts": [{"name": "a", "body": bytes_value(data)}]}
        names = ", ".join({"email": "Python's email", "werkzeug": "werkzeug 3.1", "python-multipart": "python-multipart 0.0.34"}[w] for w in agree)
        comment = "%s is part data, not a delimiter (SPEC §5.7 decision; RFC 2046 §5.1.1 delimiter line); %s read the same part body" % (what, names)
        d.add(comment, {"boundary": B, "body": bytes_value(body)}, expected)
        look = len(("--%s\r\n" % B).encode() + cd) + len(b"v\r\n--" + B.encode())  # just after the lookalike's --B
        for k, where in [(look, "right after --boundary"), (look + 1, "after the first byte that follows it")]:
            d.add(comment + "; chunk split %s (byte %d)" % (where, k), {"boundary": B, "body": bytes_value(body)}, expected,
                  options={"chunkSizes": [k, 1 << 20]})
        d.add(comment + "; fed one byte at a time", {"boundary": B, "body": bytes_value(body)}, expected, options={"chunkSizes": [1]})
    empty = [
        (("--%s--" % B).encode(), "a close delimiter alone"),
        (("--%s--\r\n" % B).encode(), "a close delimiter and CRLF"),
        (("This is the preamble.\r\n--%s--\r\n" % B).encode(), "a preamble, then the close delimiter"),
        (("--%s--epilogue\r\n--%s\r\n" % (B, B)).encode(), "a close delimiter, then an epilogue that looks like a delimiter"),
    ]
    for body, what in empty:
        assert oracle_parts(body, B, "werkzeug") in (None, []), what
        comment = "%s is an empty form: zero parts, not an error (SPEC §5.7 decision; werkzeug reads zero parts)" % what
        d.add(comment, {"boundary": B, "body": bytes_value(body)}, {"parts": []}, verdict=NO_PART)
        n = len(("--%s" % B).encode())
        for k, where in [(n, "right after --boundary"), (n + 1, "after one -")]:
            d.add(comment + "; chunk split %s (byte %d)" % (where, k), {"boundary": B, "body": bytes_value(body)}, {"parts": []},
                  options={"chunkSizes": [k, 1 << 20]}, verdict=NO_PART)
    body = ("--%s\r\n" % B).encode() + cd + ("v\r\n--%s--junk\r\n--%s\r\nmore" % (B, B)).encode()
    for which in ["werkzeug", "python-multipart"]:
        got = oracle_parts(body, B, which)
        assert got is None or got in ([("a", b"v")], [b"v"]), (which, got)
    d.add("a close delimiter ends the parts whatever follows it; the rest is epilogue (SPEC §5.7; werkzeug and python-multipart read one part)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "v"}}]})
    # After `CRLF--B` LF, the LF is data and starts no delimiter: `LF--B--` without its CR is no close
    # delimiter (RFC 2046 §5.1.1: a delimiter is CRLF "--" boundary).
    data = b"v\r\n--" + B.encode() + b"\n--" + B.encode() + b"--"
    body = ("--%s\r\n" % B).encode() + cd + data + ("\r\n--%s--\r\n" % B).encode()
    got = oracle_parts(body, B, "python-multipart")
    assert got is None or got == [data], got
    d.add("`--B` then a bare LF and `--B--`: the LF line is no close delimiter (no CR before it), all of it is data "
          "(SPEC §5.7; RFC 2046 §5.1.1; python-multipart 0.0.34 reads the same body)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]})
    return d
