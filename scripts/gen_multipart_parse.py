#!/usr/bin/env python3
"""Generates Vectors/multipart-parse/parser-edges.json, Vectors/multipart-parse/limits.json and
Vectors/response/validation-edges.json: edge cases of the strict multipart parser (SPEC §5.7, §8)
and of response validation (SPEC §6.3).

Oracles: every body is built byte by byte here from the RFC 2046 §5.1.1 framing; expected parts are
the bytes we wrote, read back by the readers that follow the same rule (python-multipart 0.0.34 for
the CRLF-only delimiter rule, werkzeug 3.1 and Python's `email` where they agree, asserted when
importable; the comments name which). Error offsets are computed from the bytes with the offset
rules of README "Decisions" (§5.7) and, where the rule is new, the decision named in the vector.
UTF-8 error offsets come from Python's `UnicodeDecodeError.start`. Header tokens and OWS from the
RFC 9110 §5.6.2/§5.6.3 grammar, transcribed below. Response expectations come from the SPEC §6.3
text and its phrase table (gen_response.PHRASES).
"""
import sys

from gen_multipart import B, oracle_parts
from gen_response import ABSENT, RESP, URL, resp
from gen_response import phrase as _phrase
from vectorlib import VectorFile, bytes_value, write_all, core_error

GEN = "scripts/gen_multipart_parse.py"
CORE = "AFSerialization"
BB = B.encode()
HEAD = b"--" + BB + b"\r\n"            # first delimiter line (29 bytes)
CLOSE = b"\r\n--" + BB + b"--\r\n"     # close delimiter line
MID = b"\r\n--" + BB + b"\r\n"         # delimiter line between parts
TCHAR_SPECIALS = "!#$%&'*+-.^_`|~"    # RFC 9110 §5.6.2 tchar, besides DIGIT and ALPHA
BIG = 1 << 20


def cd(name):
    return ('Content-Disposition: form-data; name="%s"\r\n\r\n' % name).encode()


def one(data, headers=None):
    """A one-part form: `--B`, the part's headers (default: name "a"), the data, the close delimiter."""
    return HEAD + (cd("a") if headers is None else headers) + data + CLOSE


err = core_error  # vectorlib: the core domain's expected error


def agree(body, want, readers):
    """Assert that each named reader (when installed) reads (name, body) pairs `want` from `body`."""
    names = []
    for which in readers:
        got = oracle_parts(body, B, which)
        if got is None:
            continue
        exp = [d for _, d in want] if which == "python-multipart" else want
        assert got == exp, (which, got, exp)
        names.append({"email": "Python's email", "werkzeug": "werkzeug 3.1",
                      "python-multipart": "python-multipart 0.0.34"}[which])
    return ", ".join(names)


def werkzeug_headers(body):
    """Header values as werkzeug reads them for the first file part (None when not installed)."""
    try:
        import io
        from werkzeug.formparser import MultiPartParser
    except ImportError:
        return None
    _, files = MultiPartParser().parse(io.BytesIO(body), BB, len(body))
    return list(files.values())[0].headers


def edges_file():
    f = VectorFile("multipart-parse", "parser-edges",
                   "Delimiter scanning, header values and Content-Disposition edge cases of the strict parser (SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"], GEN)

    # A delimiter needs the CR: after a CR whose LF is missing, `LF--B` is data (RFC 2046 §5.1.1).
    data = b"v\rQ\n--" + BB + b"\r\n" + cd("b") + b"2"
    body = one(data)
    who = agree(body, [("a", data)], ["python-multipart"])
    for opts in [None, {"chunkSizes": [1]}]:
        f.add("CR, a byte other than LF, then `LF--B` CRLF and a part's headers: no CRLF before `--B`, so no delimiter; "
              "all of it is part a's data (RFC 2046 §5.1.1 delimiter = CRLF \"--\" boundary; SPEC §5.7; %s reads the same; "
              "Python email and werkzeug also end lines at a bare CR/LF and read two parts)%s"
              % (who, "" if opts is None else ", fed one byte at a time"),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]}, options=opts)
    # The same with the chunk ending a few bytes after a failed CR: the next chunk starts with `LF--B`.
    data = b"v" + b"P" * 20 + b"\rQR" + b"\n--" + BB + b"\r\n" + cd("b") + b"2"
    body = one(data)
    who = agree(body, [("a", data)], ["python-multipart"])
    k = len(HEAD + cd("a")) + len(b"v" + b"P" * 20 + b"\rQR")
    f.add("a chunk ends two bytes after a CR that is not followed by LF, the next chunk starts with `LF--B` CRLF: still data, "
          "a CR in a later chunk starts nothing in this one (RFC 2046 §5.1.1; SPEC §5.7 any chunking; %s reads one part)" % who,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]},
          options={"chunkSizes": [k, BIG]})
    # Part data that begins with `LF--B`: the CRLF that ends the headers belongs to the header section.
    for data, what in [(b"\n--" + BB + b"\r\n" + cd("b") + b"2", "`LF--B` CRLF and a part's headers"),
                       (b"\n--" + BB + b"--", "`LF--B--`")]:
        body = one(data)
        who = agree(body, [("a", data)], ["python-multipart"])
        f.add("part data that starts with %s: the blank line's CRLF ends the headers and is not the CRLF of a delimiter, "
              "so the data is kept whole (RFC 2046 §5.1.1; SPEC §5.7; %s reads the same)" % (what, who),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]})
    # Transport padding, then `--`: padding may only be followed by CRLF; `--B --` is no close delimiter.
    for pad in [b" ", b"\t", b" \t"]:
        data = b"v\r\n--" + BB + pad + b"--x"
        body = one(data)
        who = agree(body, [("a", data)], ["email", "werkzeug"])
        f.add("`CRLF--B`, transport padding %r, then `--`: the dashes after padding make no close delimiter (RFC 2046 §5.1.1: "
              "close-delimiter is `--B--`, padding only before CRLF), the line is data (SPEC §5.7; %s read the same; "
              "python-multipart rejects the body)" % (pad.decode(), who),
              {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]})

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
              {"boundary": B, "body": bytes_value(body)}, err("invalidUTF8", at), options={"allowUTF8Headers": True},
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
              "`type *( OWS \";\" OWS token \"=\" ( token / quoted-string ) )` (RFC 9110 §5.6.6; README offset rule)" % (what, cd_at + at),
              {"boundary": B, "body": bytes_value(body)}, err("multipartBadContentDisposition", cd_at + at), refs=["RFC9110#5.6.6"])
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
              {"boundary": bnd, "body": bytes_value(body)}, err(kind, at))
    body = b"--" + b"x" * 70 + b"\r\n" + cd("a") + b"1\r\n--" + b"x" * 70 + b"--\r\n"
    f.add("a 70-character boundary is the longest RFC 2046 §5.1.1 allows: one part",
          {"boundary": "x" * 70, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]})
    bnd = "'()+_,-./:=? A"
    body = ("--%s\r\n" % bnd).encode() + cd("a") + ("1\r\n--%s--\r\n" % bnd).encode()
    f.add("a boundary using every RFC 2046 bchar special and an inner space: one part",
          {"boundary": bnd, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]})

    # Chunk sizes larger than what is left (the last chunk is short): same result as one chunk.
    trunc = HEAD + cd("a") + b"0123456789"
    assert len(trunc) % 7 != 0
    for opts, what in [({"chunkSizes": [7]}, "chunks of 7 (the last one shorter)"),
                       ({"chunkSizes": [len(trunc) + 50]}, "one chunk size larger than the whole input"),
                       ({"chunkSizes": [3, len(trunc)]}, "a second chunk size larger than what is left")]:
        f.add("missing close delimiter, fed in %s → multipartMissingCloseDelimiter at the end of input, byte %d (SPEC §5.7; README offset rule)"
              % (what, len(trunc)), {"boundary": B, "body": bytes_value(trunc)}, err("multipartMissingCloseDelimiter", len(trunc)), options=opts)
    body = one(b"1")
    f.add("a valid body fed with a chunk size larger than the input: one part (SPEC §5.7: any chunking)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]},
          options={"chunkSizes": [len(body) + 50]})
    return f


def limits_file():
    f = VectorFile("multipart-parse", "limits",
                   "Parser limits: total bytes, part count, header bytes per part (SPEC §8, §5.7); exceeding one is a typed error",
                   ["SPEC§8", "SPEC§5.7"], GEN)
    # maxMultipartBytes: the input may be exactly the limit; one byte more is limitExceeded at the limit.
    body = one(b"1")
    n = len(body)
    lim = lambda v: {"limit": "maxMultipartBytes=%d" % v}
    f.add("maxMultipartBytes equal to the body's %d bytes: accepted (SPEC §8: only exceeding a limit is an error)" % n,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, options={"maxMultipartBytes": n})
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [n - 1, 1]}, ", the last byte in its own chunk")]:
        f.add("maxMultipartBytes one below the body's length → limitExceeded at byte %d, the limit (decision: the offset is the first "
              "byte past the limit; context.limit names the option)%s" % (n - 1, what),
              {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", n - 1, lim(n - 1)),
              options=dict(opts, maxMultipartBytes=n - 1))
    f.add("maxMultipartBytes 0: any non-empty body exceeds it → limitExceeded at byte 0",
          {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", 0, lim(0)), options={"maxMultipartBytes": 0})
    for opts in [{}, {"chunkSizes": [1]}]:
        f.add("maxMultipartBytes -1 (decision: a negative limit is one no body fits) → limitExceeded%s"
              % ("" if not opts else ", fed one byte at a time"),
              {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", None, lim(-1)), options=dict(opts, maxMultipartBytes=-1))
    # An error inside the allowed prefix wins over the limit, whatever the chunking (SPEC §5.7 chunking rule).
    no_colon = HEAD + b"Content-Disposition form-data; name=\"a\"\r\n\r\n1" + CLOSE
    stop = no_colon.index(b"\r\n", len(HEAD)) + 2  # just past the bad line's LF, where the error is found
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [5, BIG]}, ", in chunks of 5 then the rest")]:
        f.add("a header line without a colon inside the first %d bytes, maxMultipartBytes %d < the body's %d bytes: the header error "
              "(at the line's first byte) wins over the limit%s" % (stop, stop, len(no_colon), what),
              {"boundary": B, "body": bytes_value(no_colon)}, err("multipartHeaderWithoutColon", len(HEAD)),
              options=dict(opts, maxMultipartBytes=stop))
    nul = HEAD + b"X-A: a\x00b\r\n" + cd("a") + b"1" + CLOSE
    at = nul.index(b"\x00")
    for opts, what in [({"chunkSizes": [at, BIG]}, "the NUL is the only byte of the second chunk still under the limit"),
                       ({}, "one chunk")]:
        f.add("a NUL in a header at byte %d and maxMultipartBytes %d (the NUL is the last byte allowed): "
              "multipartHeaderControlCharacter at the NUL wins over the limit; %s" % (at, at + 1, what),
              {"boundary": B, "body": bytes_value(nul)}, err("multipartHeaderControlCharacter", at), options=dict(opts, maxMultipartBytes=at + 1))
    # The limit counts every byte of the input, the epilogue too (decision: a bound on input size).
    epi = body + b"epilogue-epilogue\r\n"
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [n, 2]}, ", the epilogue in chunks of 2")]:
        f.add("maxMultipartBytes %d ends inside the epilogue (the parts end at byte %d): limitExceeded at byte %d (decision: the limit "
              "bounds the whole input, epilogue included)%s" % (n + 5, n, n + 5, what),
              {"boundary": B, "body": bytes_value(epi)}, err("limitExceeded", n + 5, lim(n + 5)), options=dict(opts, maxMultipartBytes=n + 5))

    # maxMultipartParts: a delimiter line that would open part max+1 is limitExceeded, at that line's LF.
    three = HEAD + cd("a") + b"1" + MID + cd("b") + b"2" + MID + cd("c") + b"3" + CLOSE
    who = agree(three, [("a", b"1"), ("b", b"2"), ("c", b"3")], ["email", "werkzeug", "python-multipart"])
    f.add("three parts with maxMultipartParts 3: accepted (SPEC §8: only exceeding a limit is an error; %s read three parts)" % who,
          {"boundary": B, "body": bytes_value(three)}, {"parts": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}, options={"maxMultipartParts": 3})
    third_lf = three.index(MID, three.index(MID) + 1) + len(MID) - 1
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time")]:
        f.add("three parts with maxMultipartParts 2 → limitExceeded at byte %d, the LF of the delimiter line that opens the third part "
              "(decision: points at the delimiter line that would exceed the limit)%s" % (third_lf, what),
              {"boundary": B, "body": bytes_value(three)},
              err("limitExceeded", third_lf, {"limit": "maxMultipartParts=2"}), options=dict(opts, maxMultipartParts=2))
    f.add("maxMultipartParts 0 and one part → limitExceeded at byte %d, the first delimiter line's LF" % (len(HEAD) - 1),
          {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", len(HEAD) - 1, {"limit": "maxMultipartParts=0"}),
          options={"maxMultipartParts": 0})
    empty = b"--" + BB + b"--\r\n"
    f.add("maxMultipartParts 0 and an empty form (a close delimiter alone): zero parts, no part was opened (SPEC §5.7 empty form)",
          {"boundary": B, "body": bytes_value(empty)}, {"parts": []}, options={"maxMultipartParts": 0})

    # maxPartHeaderBytes: every byte from the part's first header byte through the LF of the blank line.
    h = len(cd("a"))  # 'Content-Disposition: form-data; name="a"' CRLF CRLF
    assert h == 44
    ctx = lambda v, p: {"limit": "maxPartHeaderBytes=%d" % v, "part": str(p)}
    f.add("maxPartHeaderBytes %d, exactly the header section's bytes (decision: the count runs from the first header byte through "
          "the LF of the empty line): accepted" % h,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, options={"maxPartHeaderBytes": h})
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time")]:
        f.add("maxPartHeaderBytes %d, one below the header section → limitExceeded at byte %d, the empty line's LF (the first byte over "
              "the limit), context part 0%s" % (h - 1, len(HEAD) + h - 1, what),
              {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", len(HEAD) + h - 1, ctx(h - 1, 0)),
              options=dict(opts, maxPartHeaderBytes=h - 1))
    f.add("maxPartHeaderBytes 10 → limitExceeded at byte %d, the 11th header byte (a plain header byte, not a line end), context part 0"
          % (len(HEAD) + 10),
          {"boundary": B, "body": bytes_value(body)}, err("limitExceeded", len(HEAD) + 10, ctx(10, 0)), options={"maxPartHeaderBytes": 10})
    two = HEAD + cd("a") + b"1" + MID + cd("b") + b"2" + CLOSE
    f.add("two parts whose header sections are %d bytes each, maxPartHeaderBytes %d: accepted (the limit is per part, SPEC §8)" % (h, h),
          {"boundary": B, "body": bytes_value(two)}, {"parts": [{"name": "a"}, {"name": "b"}]}, options={"maxPartHeaderBytes": h})
    hdr2 = b"X-Long: " + b"y" * 40 + b"\r\n" + cd("b")
    two_long = HEAD + cd("a") + b"1" + MID + hdr2 + b"2" + CLOSE
    start2 = two_long.index(MID) + len(MID)
    f.add("the second part's header section is too long for maxPartHeaderBytes %d → limitExceeded at byte %d, context part 1" % (h, start2 + h),
          {"boundary": B, "body": bytes_value(two_long)}, err("limitExceeded", start2 + h, ctx(h, 1)), options={"maxPartHeaderBytes": h})
    return f


def phrase(code):
    """SPEC §6.3 phrase table; codes outside 100…599 take `server error` (README §6.3 decision)."""
    return _phrase(code) if 100 <= code <= 599 else "server error"


def response_file():
    f = VectorFile("response", "validation-edges",
                   "Validation edge cases: status 0 and negative codes, what errors carry, the compound fallback (SPEC §6.3, §6.5)",
                   ["SPEC§6.3"], GEN)

    def status_error(code, **extra):
        e = {"domain": RESP, "code": -1011, "description": "Request failed: %s (%d)" % (phrase(code), code)}
        e.update(extra)
        return e

    f.add("status 0 with acceptable codes [[0,0]]: 0 is among them, valid and no error (SPEC §6.3 'the code is not among them')",
          resp("http", 0, body="x"), {"valid": True, "object": {"text": "x"}, "error": ABSENT}, options={"acceptableStatusCodes": [[0, 0]]})
    f.add("status 0 with acceptable codes [[0,5]]: valid (SPEC §6.3)",
          resp("http", 0, body="x"), {"valid": True, "error": ABSENT}, options={"acceptableStatusCodes": [[0, 5]]})
    f.add("status -1 with acceptable codes [[-1,1]]: invalid, −1011 'server error (-1)' (decision: a negative status is never "
          "acceptable, as AF's containsIndex:(NSUInteger)statusCode; phrase per README §6.3)",
          resp("http", -1, body="x"), {"valid": False, "error": status_error(-1)}, options={"acceptableStatusCodes": [[-1, 1]]})
    # What the errors carry (SPEC §6.3: the failing URL, the response, the body); context keys are a decision.
    f.add("a 404 with a body: the −1011 error carries the failing URL, the status, the body length and the MIME type "
          "(SPEC §6.3; MIME type per §6.2; decision: context keys failingURL, statusCode, bodyLength, mimeType)",
          resp("http", 404, "Text/HTML; charset=utf-8", "abc"),
          {"valid": False, "error": status_error(404, context={"bodyLength": "3", "failingURL": URL, "mimeType": "text/html", "statusCode": "404"})})
    f.add("a 404 without a body or Content-Type: bodyLength 0 in the error's context (SPEC §6.3; no data is length 0)",
          resp("http", 404), {"valid": False, "object": ABSENT,
                              "error": status_error(404, context={"bodyLength": "0", "failingURL": URL, "statusCode": "404"})})
    f.add("a 500 with an empty body: bodyLength 0 (SPEC §6.3)", resp("http", 500, "text/plain", ""),
          {"valid": False, "object": {"text": ""}, "error": status_error(500, context={"bodyLength": "0", "mimeType": "text/plain"})})
    f.add("unacceptable content type: the −1016 error carries the failing URL, status, body length and MIME type (SPEC §6.3)",
          resp("json", 200, "text/plain", "abc"),
          {"valid": False, "error": {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: text/plain",
                                     "context": {"bodyLength": "3", "failingURL": URL, "mimeType": "text/plain", "statusCode": "200"}}})
    f.add("JSON serializer, no Content-Type and no body at all, with a URL: 'no MIME type and empty body' passes the content-type check; "
          "valid, no object, no error (SPEC §6.3, §6.4)",
          resp("json", 200), {"valid": True, "object": ABSENT, "error": ABSENT})
    f.add("JSON serializer, no Content-Type and no body, status 204: valid, no object, no error (SPEC §6.3, §6.4)",
          resp("json", 204), {"valid": True, "object": ABSENT, "error": ABSENT})
    f.add("image serializer, no Content-Type and no body: valid, no object, no error (SPEC §6.3 exemption, §6.5)",
          resp("image", 200), {"valid": True, "object": ABSENT, "error": ABSENT})
    # The compound serializer falls back to the plain HTTP serializer with the compound's own validation.
    f.add("compound with no serializers and acceptable types [application/json]: the fallback validates with the compound's types, "
          "text/plain fails with −1016 and the body is returned (SPEC §6.5 'behave as the plain HTTP serializer', with its settings)",
          resp("compound", 200, "text/plain", "x"),
          {"valid": False, "object": {"text": "x"},
           "error": {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: text/plain"}},
          options={"serializers": [], "acceptableContentTypes": ["application/json"]}, refs=["SPEC§6.5"])
    f.add("compound [json] with acceptable codes [[200,200]]: JSON rejects text/plain, the fallback checks the compound's codes, 201 fails "
          "with −1011 'created (201)' and the body is returned (SPEC §6.5, §6.3)",
          resp("compound", 201, "text/plain", "x"),
          {"valid": False, "object": {"text": "x"}, "error": status_error(201)},
          options={"serializers": ["json"], "acceptableStatusCodes": [[200, 200]]}, refs=["SPEC§6.5"])
    f.add("compound [json] with acceptable codes [[201,201]]: the fallback accepts 201, valid, body returned (SPEC §6.5)",
          resp("compound", 201, "text/plain", "x"), {"valid": True, "object": {"text": "x"}, "error": ABSENT},
          options={"serializers": ["json"], "acceptableStatusCodes": [[201, 201]]}, refs=["SPEC§6.5"])
    return f


def main():
    print("multipart-parse/response edges: %d vectors" % write_all([edges_file(), limits_file(), response_file()]))


if __name__ == "__main__":
    sys.exit(main())
