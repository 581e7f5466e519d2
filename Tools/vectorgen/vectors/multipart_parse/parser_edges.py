"""Vectors/multipart-parse/parser-edges.json: delimiter scanning, header values and Content-Disposition edges (SPEC §5.7).

Every body is built byte by byte from the RFC 2046 §5.1.1 framing; expected parts are the bytes we wrote, read back by
the readers that follow the same rule (python-multipart 0.0.34 for the CRLF-only delimiter rule, werkzeug 3.1 and
Python's email where they agree; agree() asserts it when they are importable). Error offsets are computed from the
bytes with the SPEC §5.7 offset table; UTF-8 error offsets come from UnicodeDecodeError.start;
header tokens and OWS from the RFC 9110 §5.6.2/§5.6.3 grammar.
"""
from ...levels import ANY_ERROR, decision, implementation_defined, must
from ...oracles.s5_multipart import B, BB, CLOSE, HEAD, agree
from ...vectorfile import VectorFile, bytes_value, core_error
from ._shared import BIG, cd, one

TCHAR_SPECIALS = "!#$%&'*+-.^_`|~"    # RFC 9110 §5.6.2 tchar, besides DIGIT and ALPHA

# A valid body whose parts follow from RFC 2046 §5.1.1: "The boundary delimiter MUST occur at the beginning of a line,
# i.e., following a CRLF, and the initial CRLF is considered to be attached to the boundary delimiter line".
FRAMING = must("RFC2046#5.1.1", "MUST")


def werkzeug_headers(body):
    """Header values as werkzeug reads them for the first file part (None when not installed)."""
    try:
        import io
        from werkzeug.formparser import MultiPartParser
    except ImportError:
        return None
    _, files = MultiPartParser().parse(io.BytesIO(body), BB, len(body))
    return list(files.values())[0].headers


def werkzeug_filename(body):
    """The file name werkzeug reads for the first file part (None when not installed or no file)."""
    try:
        import io
        from werkzeug.formparser import MultiPartParser
    except ImportError:
        return None
    _, files = MultiPartParser().parse(io.BytesIO(body), BB, len(body))
    return next(iter(files.values())).filename if files else None


def build():
    f = VectorFile("multipart-parse", "parser-edges",
                   "Delimiter scanning, header values and Content-Disposition edge cases of the strict parser (SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"],
                   # header readings, kinds and offsets are SPEC §5.7's; the framing vectors say otherwise where they are
                   verdict=decision("SPEC§5.7"))

    # A delimiter needs the CR: after a CR whose LF is missing, `LF--B` is data (RFC 2046 §5.1.1).
    data = b"v\rQ\n--" + BB + b"\r\n" + cd("b") + b"2"
    body = one(data)
    who = agree(body, [("a", data)], ["python-multipart"])
    for opts in [None, {"chunkSizes": [1]}]:
        f.add("CR, a byte other than LF, then `LF--B` CRLF and a part's headers: no CRLF before `--B`, so no delimiter; "
              "all of it is part a's data (RFC 2046 §5.1.1 delimiter = CRLF \"--\" boundary; SPEC §5.7; %s reads the same; "
              "Python email and werkzeug also end lines at a bare CR/LF and read two parts)%s"
              % (who, "" if opts is None else ", fed one byte at a time"),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]}, options=opts,
              verdict=FRAMING)
    # The same with the chunk ending a few bytes after a failed CR: the next chunk starts with `LF--B`.
    data = b"v" + b"P" * 20 + b"\rQR" + b"\n--" + BB + b"\r\n" + cd("b") + b"2"
    body = one(data)
    who = agree(body, [("a", data)], ["python-multipart"])
    k = len(HEAD + cd("a")) + len(b"v" + b"P" * 20 + b"\rQR")
    f.add("a chunk ends two bytes after a CR that is not followed by LF, the next chunk starts with `LF--B` CRLF: still data, "
          "a CR in a later chunk starts nothing in this one (RFC 2046 §5.1.1; SPEC §5.7 any chunking; %s reads one part)" % who,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]},
          options={"chunkSizes": [k, BIG]}, verdict=FRAMING)
    # Part data that begins with `LF--B`: the CRLF that ends the headers belongs to the header section.
    for data, what in [(b"\n--" + BB + b"\r\n" + cd("b") + b"2", "`LF--B` CRLF and a part's headers"),
                       (b"\n--" + BB + b"--", "`LF--B--`")]:
        body = one(data)
        who = agree(body, [("a", data)], ["python-multipart"])
        f.add("part data that starts with %s: the blank line's CRLF ends the headers and is not the CRLF of a delimiter, "
              "so the data is kept whole (RFC 2046 §5.1.1; SPEC §5.7; %s reads the same)" % (what, who),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]}, verdict=FRAMING)
    # Transport padding, then `--`: padding may only be followed by CRLF; `--B --` is no close delimiter.
    for pad in [b" ", b"\t", b" \t"]:
        data = b"v\r\n--" + BB + pad + b"--x"
        body = one(data)
        who = agree(body, [("a", data)], ["email", "werkzeug"])
        f.add("`CRLF--B`, transport padding %r, then `--`: the dashes after padding make no close delimiter (RFC 2046 §5.1.1: "
              "close-delimiter is `--B--`, padding only before CRLF), the line is data (SPEC §5.7; %s read the same; "
              "python-multipart rejects the body)" % (pad.decode(), who),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]},
              # `CRLF--B` starts a line inside the part, which RFC 2046 forbids: a reader may refuse the body
              verdict=implementation_defined("RFC2046#5.1.1", ANY_ERROR))

    # Header values exclude trailing whitespace (RFC 9110 §5.5: OWS around a field value is not part of it).
    hdr = (b'Content-Disposition: form-data; name="f"; filename="x.txt" \t\r\nContent-Type: text/plain \t\r\n'
           b"X-A: v \t\r\nX-B:\t w\t \r\n\r\n")
    body = one(b"1", hdr)
    wh = werkzeug_headers(body)
    if wh is not None:
        assert (wh["X-A"], wh["X-B"], wh["Content-Type"]) == ("v", "w", "text/plain"), wh
    f.add("trailing spaces and tabs are not part of a header value, nor leading ones (RFC 9110 §5.5; werkzeug 3.1 reads the same values)",
          {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "f", "filename": "x.txt", "contentType": "text/plain",
                      "headers": [["Content-Disposition", 'form-data; name="f"; filename="x.txt"'], ["Content-Type", "text/plain"],
                                  ["X-A", "v"], ["X-B", "w"]], "body": {"text": "1"}}]}, refs=["RFC9110#5.5"])
    f.add("the same header section fed one byte at a time: the same trimmed values (RFC 9110 §5.5)",
          {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "f", "headers": [["Content-Disposition", 'form-data; name="f"; filename="x.txt"'], ["Content-Type", "text/plain"],
                                                ["X-A", "v"], ["X-B", "w"]]}]}, options={"chunkSizes": [1]})

    # allowUTF8Headers: the bytes must then be UTF-8; the offset is the first byte Python's decoder rejects.
    for line, what in [(b"X-A: a\xffb", "a 0xFF byte"), (b"X-A: \xe2\x82", "a truncated 3-byte sequence at the end of the line"),
                       (b"X-A: ok \xc3\xa9 \xc0\xaf", "an overlong encoding after a valid é")]:
        body = HEAD + line + b"\r\n" + cd("a") + b"1" + CLOSE
        try:
            line.decode("utf-8")
            raise AssertionError(line)
        except UnicodeDecodeError as e:
            at = len(HEAD) + e.start
        f.add("with allowUTF8Headers, a header line holding %s is not UTF-8 → invalidUTF8 at byte %d (offset from Python's "
              "UnicodeDecodeError.start; RFC 7578 §5.1.1 allows UTF-8, not other bytes)" % (what, at),
              {"boundary": B, "body": bytes_value(body)}, core_error("invalidUTF8", at), options={"allowUTF8Headers": True},
              refs=["RFC7578#5.1"])
    body = HEAD + "X-A: é \r\n".encode() + cd("a") + b"1" + CLOSE
    f.add("with allowUTF8Headers, a valid UTF-8 header value is kept as text, trailing space trimmed (RFC 7578 §5.1.1, RFC 9110 §5.5)",
          {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "a", "headers": [["X-A", "é"], ["Content-Disposition", 'form-data; name="a"']], "body": {"text": "1"}}]},
          options={"allowUTF8Headers": True})

    # RFC 9110 §5.6.2 tchar: every special is allowed in a header name and in a token.
    name = TCHAR_SPECIALS + "09AZaz"
    body = HEAD + (name + ": 1\r\n").encode() + cd("a") + b"1" + CLOSE
    f.add("a header name made of every RFC 9110 §5.6.2 tchar special (%s) plus digits and letters is a valid name" % TCHAR_SPECIALS,
          {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "a", "headers": [[name, "1"], ["Content-Disposition", 'form-data; name="a"']]}]}, refs=["RFC9110#5.6.2"])
    for ch in TCHAR_SPECIALS:
        hn = "X" + ch + "A"
        body = HEAD + (hn + ": 1\r\n").encode() + cd("a") + b"1" + CLOSE
        f.add("header name %r: %r is an RFC 9110 §5.6.2 tchar" % (hn, ch), {"boundary": B, "body": bytes_value(body)},
              {"parts": [{"name": "a", "headers": [[hn, "1"], ["Content-Disposition", 'form-data; name="a"']]}]}, refs=["RFC9110#5.6.2"])
    body = HEAD + b"Content-Disposition: form-data; name=!#$%&'*+-.^_`|~\r\n\r\n1" + CLOSE
    f.add("an unquoted Content-Disposition value made of tchar specials is a token (RFC 9110 §5.6.6 parameter value = token)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "!#$%&'*+-.^_`|~"}]}, refs=["RFC9110#5.6.6"])

    # Content-Disposition grammar: type *( OWS ";" OWS param ), OWS = *( SP / HTAB ) (RFC 9110 §5.6.3, §5.6.6).
    cd_at = len(HEAD) + len("Content-Disposition: ")
    for value, what in [(b'form-data;\tname="a"', "a tab after `;`"), (b'form-data\t;\tname="a"', "tabs around `;`"),
                        (b'form-data \t; \tname="a"', "spaces and tabs around `;`")]:
        body = HEAD + b"Content-Disposition: " + value + b"\r\n\r\n1" + CLOSE
        who = agree(body, [("a", b"1")], ["email", "werkzeug"])
        f.add("Content-Disposition with %s: OWS is spaces and tabs (RFC 9110 §5.6.3); %s read name a" % (what, who),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, refs=["RFC9110#5.6.3"])
    bad_cd = [
        (b'form-data; name="a"; ="x"', 21, "a parameter with an empty name (`=` where a token must start)"),
        (b'; name="a"', 0, "an empty disposition type (`;` where the type token must start)"),
        (b'form-data; ="a"', 11, "an empty parameter name before the name parameter"),
        (b"form-data; name=", 16, "`name=` with no value at the end of the header (a token or quoted-string must follow)"),
        (b"form-data; name=;", 16, "`name=` followed by `;`"),
    ]
    for value, at, what in bad_cd:
        assert at <= len(value)
        body = HEAD + b"Content-Disposition: " + value + b"\r\n\r\n1" + CLOSE
        f.add("Content-Disposition with %s → multipartBadContentDisposition at byte %d, the first byte that breaks "
              "`type *( OWS \";\" OWS token \"=\" ( token / quoted-string ) )` (RFC 9110 §5.6.6; SPEC §5.7 offset table)" % (what, cd_at + at),
              {"boundary": B, "body": bytes_value(body)}, core_error("multipartBadContentDisposition", cd_at + at), refs=["RFC9110#5.6.6"])
    body = HEAD + b"Content-Disposition: form-data; name=abc\r\n\r\n1" + CLOSE
    who = agree(body, [("abc", b"1")], ["email", "werkzeug"])
    f.add("an unquoted token value: name=abc is name \"abc\" (RFC 9110 §5.6.6; %s agree)" % who,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "abc", "body": {"text": "1"}}]})

    # The parser is strict RFC 2046: a boundary outside 1–70 bchars, or ending in space, is rejected up front.
    bad_b = [
        ("bad@b", "invalidBoundary", 3, "`@` is not an RFC 2046 bchar: points at it"),
        ("B ", "invalidBoundary", 1, "a boundary ending in space (RFC 2046 §5.1.1 bcharsnospace): points at the space"),
        ("x" * 71, "invalidBoundary", None, "a 71-character boundary (RFC 2046: 1 to 70 characters)"),
        ("", "invalidBoundary", None, "an empty boundary"),
    ]
    for bnd, kind, at, what in bad_b:
        bb = bnd.encode()
        body = b"--" + bb + b"\r\n" + cd("a") + b"1\r\n--" + bb + b"--\r\n"
        f.add("boundary %r: %s → typed error %s before any byte is read (SPEC §5.7 strict RFC 2046 parser; SPEC §5.1 strict "
              "boundary rule)" % (bnd if len(bnd) < 10 else bnd[:3] + "…", what, kind),
              {"boundary": bnd, "body": bytes_value(body)}, core_error(kind, at))
    body = b"--" + b"x" * 70 + b"\r\n" + cd("a") + b"1\r\n--" + b"x" * 70 + b"--\r\n"
    f.add("a 70-character boundary is the longest RFC 2046 §5.1.1 allows: one part",
          {"boundary": "x" * 70, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, verdict=FRAMING)
    bnd = "'()+_,-./:=? A"
    body = ("--%s\r\n" % bnd).encode() + cd("a") + ("1\r\n--%s--\r\n" % bnd).encode()
    f.add("a boundary using every RFC 2046 bchar special and an inner space: one part",
          {"boundary": bnd, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, verdict=FRAMING)

    # Chunk sizes larger than what is left (the last chunk is short): same result as one chunk.
    trunc = HEAD + cd("a") + b"0123456789"
    assert len(trunc) % 7 != 0
    for opts, what in [({"chunkSizes": [7]}, "chunks of 7 (the last one shorter)"),
                       ({"chunkSizes": [len(trunc) + 50]}, "one chunk size larger than the whole input"),
                       ({"chunkSizes": [3, len(trunc)]}, "a second chunk size larger than what is left")]:
        f.add("missing close delimiter, fed in %s → multipartMissingCloseDelimiter at the end of input, byte %d (SPEC §5.7 offset table)"
              % (what, len(trunc)), {"boundary": B, "body": bytes_value(trunc)}, core_error("multipartMissingCloseDelimiter", len(trunc)), options=opts)
    body = one(b"1")
    f.add("a valid body fed with a chunk size larger than the input: one part (SPEC §5.7: any chunking)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]},
          options={"chunkSizes": [len(body) + 50]}, verdict=FRAMING)

    # "The boundary delimiter MUST occur at the beginning of a line" (RFC 2046 §5.1.1): a bare LF or CR, or any other
    # byte, before the first `--B` leaves it in the preamble, and the close delimiter is the body's only delimiter line.
    # python-multipart takes a lone CR or LF for a line break there, multipart-kit any byte (FINDINGS.md P-5, K-7).
    for lead, what in [(b"\n", "a bare LF"), (b"\r", "a bare CR"), (b"x", "the byte `x`")]:
        body = lead + one(b"v")
        f.add("%s before the first `--B`: that `--B` is not at the beginning of a line, so it is no delimiter and "
              "everything up to CRLF `--B--` is preamble → no part (RFC 2046 §5.1.1 dash-boundary after `preamble CRLF`; "
              "SPEC §5.7: preamble and close delimiter alone are an empty form)" % what,
              {"boundary": B, "body": bytes_value(body)}, {"parts": []}, refs=["RFC2046#5.1.1"])

    # "Parameter names are case-insensitive" (RFC 9110 §5.6.6): NAME and FILENAME name the field and the file.
    # multipart-kit ignores `NAME=`, Rack `FILENAME=` (FINDINGS.md K-8, R-12).
    body = HEAD + b'Content-Disposition: form-data; NAME="a"\r\n\r\nv' + CLOSE
    who = agree(body, [("a", b"v")], ["email", "werkzeug"])
    f.add("an upper-case NAME parameter names the field: parameter names are case-insensitive (RFC 9110 §5.6.6; %s agree)"
          % who, {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "v"}}]},
          refs=["RFC9110#5.6.6"])
    body = (HEAD + b'Content-Disposition: form-data; name="a"; FILENAME="x.txt"\r\nContent-Type: text/plain\r\n\r\nv'
            + CLOSE)
    who = agree(body, [("a", b"v")], ["email"])
    if werkzeug_filename(body) is not None:
        assert werkzeug_filename(body) == "x.txt"
        who += ", werkzeug 3.1"
    f.add("an upper-case FILENAME parameter makes the part a file: parameter names are case-insensitive (RFC 9110 "
          "§5.6.6; %s read the file name x.txt)" % who, {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "a", "filename": "x.txt", "contentType": "text/plain", "body": {"text": "v"}}]},
          refs=["RFC9110#5.6.6"])
    return f
