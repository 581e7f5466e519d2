"""Vectors/multipart-parse/errors.json: malformed multipart bodies are typed errors (SPEC §5.7, §8).

Offsets point at the defect (SPEC §5.7 offset table): the end of input for a missing delimiter, the first byte of a bad
header line / name byte / CR or LF / Content-Disposition byte.
"""
from ...levels import ANY_ERROR, decision, implementation_defined
from ...oracles.s5_multipart import B, body_bytes, form, oracle_parts
from ...vectorfile import CORE, VectorFile, bytes_value, core_error


def build():
    core = body_bytes([form("a", "1")], B)
    e = VectorFile("multipart-parse", "errors", "Malformed multipart bodies are typed errors (SPEC §5.7, §8)",
                   ["SPEC§5.7", "SPEC§8", "RFC2046#5.1.1"],
                   # the kinds, offsets and contexts, and the readings of valid header sections, are SPEC §5.7's
                   verdict=decision("SPEC§5.7"))
    head = ("--%s\r\n" % B).encode()
    cd_at = len(head) + len("Content-Disposition: ")  # where the first part's Content-Disposition value starts

    no_colon = ("--%s\r\nContent-Disposition form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    non_ascii = ("--%s\r\nContent-Disposition: form-data; name=\"ä\"\r\nX-Ünï: 1\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    no_blank = ("--%s\r\nContent-Disposition: form-data; name=\"a\"\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    truncated_after_delimiter = core[: -len("--\r\n") - 2]
    truncated_in_body = core[:-len(("\r\n--%s--\r\n" % B).encode())]
    # Offsets point at the defect (SPEC §5.7 offset table): the end of input for a missing delimiter,
    # the first byte of a bad header line / name byte / CR or LF / Content-Disposition byte.
    bad = [
        (b"", "empty body: no delimiter at all", "multipartBadDelimiter", 0),
        (b"no delimiter here\r\n", "text without any delimiter", "multipartBadDelimiter", 19),
        (truncated_after_delimiter, "missing close delimiter (ends after the last delimiter)", "multipartMissingCloseDelimiter", len(truncated_after_delimiter)),
        (truncated_in_body, "missing close delimiter (ends inside the body)", "multipartMissingCloseDelimiter", len(truncated_in_body)),
        (no_colon, "header line without a colon", "multipartHeaderWithoutColon", len(head)),
        (non_ascii, "non-ASCII in a header (the first byte >= 0x80)", "multipartNonASCIIHeader", non_ascii.index(b"\xc3")),
        (("--%s\r\nContent-Type: text/plain\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "missing Content-Disposition (points at the part's first header byte)", "multipartMissingContentDisposition", len(head)),
        (("--%s\r\nContent-Disposition: form-data\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "Content-Disposition without a name (points at its value)", "multipartMissingName", cd_at),
        (no_blank, "no empty line after the headers: the body line is a header line without a colon", "multipartHeaderWithoutColon", no_blank.index(b"1\r\n")),
    ]
    for body, what, kind, offset in bad:
        e.add(what + " → typed error %s at byte %d (SPEC §5.7 names each defect with its offset)" % (kind, offset),
              {"boundary": B, "body": bytes_value(body)}, core_error(kind, offset))
    # errors/010 is no error but stays in this file (ids are stable): SPEC §5.7 decision — `--B` followed by other bytes
    # is no delimiter line.
    garbage_first = ("--%sXYZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    e.add("first delimiter followed by garbage: `--BXYZ` is not a delimiter line (SPEC §5.7 decision, RFC 2046 §5.1.1 grammar), "
          "so everything before the close delimiter is preamble and the form is empty; werkzeug reads zero parts too",
          {"boundary": B, "body": bytes_value(garbage_first)}, {"parts": []},
          # no part at all, which RFC 2046 §5.1 requires ("must then contain one or more body parts"): a reader may refuse it
          verdict=implementation_defined("RFC2046#5.1", ANY_ERROR))
    assert oracle_parts(garbage_first, B, "werkzeug") in (None, []), "werkzeug"
    for body, what, kind, offset in bad[:4]:
        e.add(what + ", fed one byte at a time → the same typed error %s at byte %d" % (kind, offset),
              {"boundary": B, "body": bytes_value(body)}, core_error(kind, offset), options={"chunkSizes": [1]})
    # Header defects, each its own kind (SPEC §5.7 "Errors name the defect"; RFC 9110 §5.6.2 token,
    # header lines end in CRLF per RFC 2046 §5.1 / RFC 5322 §2.2).
    def one_header(line, utf8=False):
        return head + line + ("\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % B).encode()

    def with_cd(value):
        return head + b"Content-Disposition: " + value + ("\r\n\r\n1\r\n--%s--\r\n" % B).encode()
    nbsp = with_cd("form-data;\u00a0name=\"a\"".encode())
    header_cases = [
        (one_header(b": x"), None, "an empty header field name", "multipartBadHeaderName", len(head)),
        (one_header(b"Bad Name: x"), None, "a header field name with a space (not an RFC 9110 tchar): points at the space", "multipartBadHeaderName", len(head) + 3),
        (one_header(b"X(y): 1"), None, "a header field name with a separator `(`", "multipartBadHeaderName", len(head) + 1),
        (one_header(b"X-A: a\nb"), None, "a bare LF inside a header line: points at the LF", "multipartBareLineBreak", len(head) + 6),
        (one_header(b"X-A: a\rb"), None, "a bare CR inside a header line: points at the CR", "multipartBareLineBreak", len(head) + 6),
        (one_header(b"X-A: a\x00b"), None, "a NUL byte in a header value", "multipartHeaderControlCharacter", len(head) + 6),
        (one_header(b"X-A: a\x7fb"), None, "a DEL byte in a header value", "multipartHeaderControlCharacter", len(head) + 6),
        (one_header("X-A: é".encode()), None, "a UTF-8 byte in a header value while allowUTF8Headers is off", "multipartNonASCIIHeader", len(head) + 5),
        (with_cd(b"form-data; name"), None, "Content-Disposition parameter without `=`: points past the parameter name", "multipartBadContentDisposition", cd_at + 15),
        (with_cd(b"form-data; name=\"a"), None, "Content-Disposition with an unterminated quoted string: points at the end of the value", "multipartBadContentDisposition", cd_at + 18),
        (with_cd(b"form-data name=\"a\""), None, "Content-Disposition parameters without `;`", "multipartBadContentDisposition", cd_at + 10),
        (nbsp, {"allowUTF8Headers": True}, "a UTF-8 no-break space (C2 A0) as the Content-Disposition separator, with allowUTF8Headers: a malformed value, pointed at the C2 byte", "multipartBadContentDisposition", nbsp.index(b"\xc2")),
        (with_cd(b"attachment; name=\"a\""), None, "a Content-Disposition type other than form-data (RFC 7578 §4.2): points at the type", "multipartNotFormData", cd_at),
    ]
    for body, opts, what, kind, offset in header_cases:
        e.add(what + " → %s at byte %d" % (kind, offset), {"boundary": B, "body": bytes_value(body)}, core_error(kind, offset),
              options=opts, refs=["RFC9110#5.6.2"] if "Name" in kind else None)
        e.add(what + ", fed one byte at a time → the same error", {"boundary": B, "body": bytes_value(body)}, core_error(kind, offset),
              options=dict(opts or {}, chunkSizes=[1]))
    # Header values and part context, from the header grammar (RFC 5322 §2.2: the value follows the
    # colon; leading whitespace is not part of it) and SPEC §5.7 (errors name the defect and where).
    ok_tail = ("\r\n\r\n1\r\n--%s--\r\n" % B).encode()
    tab_value = head + b"Content-Disposition:\t attachment; name=\"a\"" + ok_tail
    e.add("a tab and a space after the colon are not part of the value: the non-form-data error points at `attachment`",
          {"boundary": B, "body": bytes_value(tab_value)}, core_error("multipartNotFormData", tab_value.index(b"attachment")))
    no_space = head + b"Content-Disposition:form-data;name=\"a\"" + ok_tail
    e.add("no space after the colon or the `;` (OWS is optional, RFC 9110 §5.6.3): a valid part named a",
          {"boundary": B, "body": bytes_value(no_space)},
          {"parts": [{"name": "a", "headers": [["Content-Disposition", "form-data;name=\"a\""]], "body": {"text": "1"}}]})
    blank = head + b"Content-Disposition: form-data; name=\"a\"\r\nX-Empty:\t \r\n\r\n1\r\n--" + B.encode() + b"--\r\n"
    e.add("a header whose value is only whitespace has the empty value",
          {"boundary": B, "body": bytes_value(blank)},
          {"parts": [{"name": "a", "headers": [["Content-Disposition", "form-data; name=\"a\""], ["X-Empty", ""]], "body": {"text": "1"}}]})
    two = (head + b"Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--" + B.encode() + b"\r\nX-A: 1\r\n"
           b"Content-Disposition: attachment; name=\"b\"" + ok_tail)
    e.add("the second part's non-form-data Content-Disposition: the offset points into that part, the context names part 1",
          {"boundary": B, "body": bytes_value(two)},
          {"error": {"domain": CORE, "kind": "multipartNotFormData", "offset": two.index(b"attachment"), "context": {"part": "1"}}})
    for body, kind, at in [
            (("--%s\r\nContent-Type: text/plain\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "multipartMissingContentDisposition", len(head)),
            (with_cd(b"form-data; name"), "multipartBadContentDisposition", cd_at + 15),
            (with_cd(b"attachment; name=\"a\""), "multipartNotFormData", cd_at),
            (("--%s\r\nContent-Disposition: form-data\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "multipartMissingName", cd_at)]:
        e.add("%s in the first part: the error's context names part 0 (SPEC §5.7: errors say where)" % kind,
              {"boundary": B, "body": bytes_value(body)},
              {"error": {"domain": CORE, "kind": kind, "offset": at, "context": {"part": "0"}}})
    empty_q = head + b"Content-Disposition: form-data; name=\"\"; filename=\"\"" + ok_tail
    assert oracle_parts(empty_q, B, "email") == [("", b"1")]
    e.add("empty quoted strings: name \"\" and filename \"\" are empty, not malformed (RFC 9110 §5.6.4 quoted-string; Python email reads name '')",
          {"boundary": B, "body": bytes_value(empty_q)}, {"parts": [{"name": "", "filename": "", "body": {"text": "1"}}]})
    # Input that ends inside a delimiter candidate (`--B`, `--B-`, `--B` + padding, `--B` CR): no
    # delimiter line is complete (RFC 2046 §5.1.1: dash-boundary transport-padding CRLF, and a close
    # delimiter is `--B--`). Begun in the preamble, no delimiter was ever found; begun after a part's
    # data, that part has no close delimiter. SPEC §5.7 reports these as different kinds, at the end of
    # input (SPEC §5.7 offset table). Python email is no oracle here: it reads a last line without CRLF as
    # a boundary line.
    in_body = head + b'Content-Disposition: form-data; name="a"\r\n\r\n1\r\n'
    for tail, state in [(b"", "the boundary"), (b"-", "one dash of `--`"), (b" \t", "transport padding"),
                        (b" \t\r", "padding and the CR of CRLF")]:
        for prefix, where, kind in [(b"pre\r\n", "in the preamble (no delimiter line yet)", "multipartBadDelimiter"),
                                    (in_body, "after a part's data (no close delimiter)", "multipartMissingCloseDelimiter")]:
            body = prefix + b"--" + B.encode() + tail
            for chunks in (None, [1]):
                e.add("input ends after %s of a delimiter candidate %s%s → %s at the end, byte %d "
                      "(RFC 2046 §5.1.1 grammar: the line is incomplete; SPEC §5.7 names the defect)"
                      % (state, where, ", fed one byte at a time" if chunks else "", kind, len(body)),
                      {"boundary": B, "body": bytes_value(body)}, core_error(kind, len(body)),
                      options={"chunkSizes": chunks} if chunks else None)
    return e
