"""Vectors/multipart-parse/limits.json: parser limits, total bytes, part count, header bytes per part (SPEC §8, §5.7).

Where a limit's offset or count rule is new, the vector names the decision.
"""
from ...levels import ANY_ERROR, decision, implementation_defined
from ...oracles.s5_multipart import B, BB, CLOSE, HEAD, MID, agree
from ...vectorfile import VectorFile, bytes_value, core_error
from ._shared import BIG, cd, one


def build():
    f = VectorFile("multipart-parse", "limits",
                   "Parser limits: total bytes, part count, header bytes per part (SPEC §8, §5.7); exceeding one is a typed error",
                   ["SPEC§8", "SPEC§5.7"], verdict=decision("SPEC§5.7"))  # SPEC §5.7 "Limits. Decision"
    # maxMultipartBytes: the input may be exactly the limit; one byte more is limitExceeded at the limit.
    body = one(b"1")
    n = len(body)
    lim = lambda v: {"limit": "maxMultipartBytes=%d" % v}
    f.add("maxMultipartBytes equal to the body's %d bytes: accepted (SPEC §8: only exceeding a limit is an error)" % n,
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "1"}}]}, options={"maxMultipartBytes": n})
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [n - 1, 1]}, ", the last byte in its own chunk")]:
        f.add("maxMultipartBytes one below the body's length → limitExceeded at byte %d, the limit (decision: the offset is the first "
              "byte past the limit; context.limit names the option)%s" % (n - 1, what),
              {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", n - 1, lim(n - 1)),
              options=dict(opts, maxMultipartBytes=n - 1))
    f.add("maxMultipartBytes 0: any non-empty body exceeds it → limitExceeded at byte 0",
          {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", 0, lim(0)), options={"maxMultipartBytes": 0})
    for opts in [{}, {"chunkSizes": [1]}]:
        f.add("maxMultipartBytes -1 (decision: a negative limit is one no body fits) → limitExceeded%s"
              % ("" if not opts else ", fed one byte at a time"),
              {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", None, lim(-1)), options=dict(opts, maxMultipartBytes=-1))
    # An error inside the allowed prefix wins over the limit, whatever the chunking (SPEC §5.7 chunking rule).
    no_colon = HEAD + b"Content-Disposition form-data; name=\"a\"\r\n\r\n1" + CLOSE
    stop = no_colon.index(b"\r\n", len(HEAD)) + 2  # just past the bad line's LF, where the error is found
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [5, BIG]}, ", in chunks of 5 then the rest")]:
        f.add("a header line without a colon inside the first %d bytes, maxMultipartBytes %d < the body's %d bytes: the header error "
              "(at the line's first byte) wins over the limit%s" % (stop, stop, len(no_colon), what),
              {"boundary": B, "body": bytes_value(no_colon)}, core_error("multipartHeaderWithoutColon", len(HEAD)),
              options=dict(opts, maxMultipartBytes=stop))
    nul = HEAD + b"X-A: a\x00b\r\n" + cd("a") + b"1" + CLOSE
    at = nul.index(b"\x00")
    for opts, what in [({"chunkSizes": [at, BIG]}, "the NUL is the only byte of the second chunk still under the limit"),
                       ({}, "one chunk")]:
        f.add("a NUL in a header at byte %d and maxMultipartBytes %d (the NUL is the last byte allowed): "
              "multipartHeaderControlCharacter at the NUL wins over the limit; %s" % (at, at + 1, what),
              {"boundary": B, "body": bytes_value(nul)}, core_error("multipartHeaderControlCharacter", at), options=dict(opts, maxMultipartBytes=at + 1))
    # The limit counts every byte of the input, the epilogue too (decision: a bound on input size).
    epi = body + b"epilogue-epilogue\r\n"
    for opts, what in [({}, ""), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [n, 2]}, ", the epilogue in chunks of 2")]:
        f.add("maxMultipartBytes %d ends inside the epilogue (the parts end at byte %d): limitExceeded at byte %d (decision: the limit "
              "bounds the whole input, epilogue included)%s" % (n + 5, n, n + 5, what),
              {"boundary": B, "body": bytes_value(epi)}, core_error("limitExceeded", n + 5, lim(n + 5)), options=dict(opts, maxMultipartBytes=n + 5))

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
              core_error("limitExceeded", third_lf, {"limit": "maxMultipartParts=2"}), options=dict(opts, maxMultipartParts=2))
    f.add("maxMultipartParts 0 and one part → limitExceeded at byte %d, the first delimiter line's LF" % (len(HEAD) - 1),
          {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", len(HEAD) - 1, {"limit": "maxMultipartParts=0"}),
          options={"maxMultipartParts": 0})
    empty = b"--" + BB + b"--\r\n"
    f.add("maxMultipartParts 0 and an empty form (a close delimiter alone): zero parts, no part was opened (SPEC §5.7 empty form)",
          {"boundary": B, "body": bytes_value(empty)}, {"parts": []}, options={"maxMultipartParts": 0},
          # no part at all, which RFC 2046 §5.1 requires ("must then contain one or more body parts"): a reader may refuse it
          verdict=implementation_defined("RFC2046#5.1", ANY_ERROR))

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
              {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", len(HEAD) + h - 1, ctx(h - 1, 0)),
              options=dict(opts, maxPartHeaderBytes=h - 1))
    f.add("maxPartHeaderBytes 10 → limitExceeded at byte %d, the 11th header byte (a plain header byte, not a line end), context part 0"
          % (len(HEAD) + 10),
          {"boundary": B, "body": bytes_value(body)}, core_error("limitExceeded", len(HEAD) + 10, ctx(10, 0)), options={"maxPartHeaderBytes": 10})
    two = HEAD + cd("a") + b"1" + MID + cd("b") + b"2" + CLOSE
    f.add("two parts whose header sections are %d bytes each, maxPartHeaderBytes %d: accepted (the limit is per part, SPEC §8)" % (h, h),
          {"boundary": B, "body": bytes_value(two)}, {"parts": [{"name": "a"}, {"name": "b"}]}, options={"maxPartHeaderBytes": h})
    hdr2 = b"X-Long: " + b"y" * 40 + b"\r\n" + cd("b")
    two_long = HEAD + cd("a") + b"1" + MID + hdr2 + b"2" + CLOSE
    start2 = two_long.index(MID) + len(MID)
    f.add("the second part's header section is too long for maxPartHeaderBytes %d → limitExceeded at byte %d, context part 1" % (h, start2 + h),
          {"boundary": B, "body": bytes_value(two_long)}, core_error("limitExceeded", start2 + h, ctx(h, 1)), options={"maxPartHeaderBytes": h})
    # A defect that lies past the limit is never reached: the bytes beyond the limit are not parsed, however the input is
    # chunked (a parser that takes a whole chunk in before checking its size reports the defect instead).
    late = one(b"1")[:-len(CLOSE)] + MID + b"Content-Disposition form-data\r\n\r\n2" + CLOSE
    cut = late.index(MID) + len(MID)  # the limit ends where the bad part starts
    for opts, what in [({}, ", in one chunk"), ({"chunkSizes": [1]}, ", fed one byte at a time"), ({"chunkSizes": [BIG]}, ", in one large chunk")]:
        f.add("a header line without a colon past the limit (maxMultipartBytes %d, the bad line starts at byte %d) → limitExceeded at "
              "byte %d: the bytes past a limit are not parsed (SPEC §5.7: a defect before the limit wins, not one after it)%s"
              % (cut, cut, cut, what), {"boundary": B, "body": bytes_value(late)}, core_error("limitExceeded", cut, lim(cut)),
              options=dict(opts, maxMultipartBytes=cut))
    return f
