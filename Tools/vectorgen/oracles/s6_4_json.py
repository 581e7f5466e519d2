"""SPEC §6.4 JSON response serializer: Foundation's recorded verdicts, the null-cleaning rule, the number rule.

SPEC §6.4: af3/af4 accept/reject exactly what Foundation's JSONSerialization accepts on this platform.
The verdicts below were produced by FOUNDATION_ORACLE (swift-corelibs-foundation, Swift 6.3.1, Linux),
never by this project; `python3 scripts/gen_vectors.py --check-foundation` re-runs
it and fails if any recorded verdict changed. A verdict is the object Foundation returned (re-written
by JSONSerialization, parsed here with json.loads) or, for a rejection, the "character N" index of
Foundation's "... around character N." message (an index into the UTF-8 text Foundation parses after
transcoding, None when its message gives none). SPEC §6.4 wants the byte offset in the body, so the
expected offset is the length, in the body's own encoding (plus its BOM), of the text before that
UTF-8 index (computed here with Python's codecs): foundation_offset().

Also here: null cleaning (clean, the SPEC §6.4 rule; last_wins, json.loads keeping each duplicate key's
last member, SPEC §6.4 decision) and Foundation's number rule (overflows: a number whose Double is
infinite is rejected; "is infinite" is Python's correctly rounded float()), checked against every
recorded verdict (check_number_rule, check_utf8_rule).
"""
import json
import math
import os
import re
import subprocess
import tempfile

from .s6_responses import COCOA

FOUNDATION_ORACLE = r"""
import Foundation
let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
for line in text.split(separator: "\n") {
    let parts = line.split(separator: "\t")
    let hex = Array(parts[0].utf8)
    var bytes = [UInt8]()
    var i = 0
    while i < hex.count { bytes.append(UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16)!); i += 2 }
    do {
        let o = try JSONSerialization.jsonObject(with: Data(bytes), options: parts[1] == "1" ? [.fragmentsAllowed] : [])
        let d = try JSONSerialization.data(withJSONObject: o, options: [.fragmentsAllowed, .sortedKeys])
        print("ok\t" + String(decoding: d, as: UTF8.self))
    } catch let e as NSError {
        print("err\t\(e.code)\t\(e.userInfo[NSDebugDescriptionErrorKey] ?? "")\t\(e.localizedDescription)")
    }
}
"""

# (document, Foundation's object as JSON text, or None = rejected: "Number … is not representable in Swift.")
FOUNDATION_NUMBERS = [
    ("[1e308]", "[1e+308]"), ("[1.7976931348623157e308]", "[1.7976931348623157e+308]"),
    ("[1.7976931348623158e308]", "[1.7976931348623157e+308]"), ("[1.7976931348623159e308]", None),
    ("[1.8e308]", None), ("[2e308]", None), ("[-2e308]", None), ("[-1.8e308]", None),
    ("[18e307]", None), ("[17e307]", "[1.7e+308]"), ("[0.18e309]", None), ("[0.17e309]", "[1.7e+308]"),
    ("[0.0018e311]", None), ("[0.0017e311]", "[1.7e+308]"), ("[0.0000018e314]", None), ("[0.0000017e314]", "[1.7e+308]"),
    ("[1000000000000000000000000e284]", "[1e+308]"), ("[1800000000000000000000000e284]", None), ("[123e306]", "[1.23e+308]"),
    ("[1e0000000000000000000000309]", None), ("[1e0000000000000000000000308]", "[1e+308]"), ("[1e+308]", "[1e+308]"),
    ("[10e307]", "[1e+308]"), ("[0.1e309]", "[1e+308]"), ("[0.000000000000000000000000000000000000001e347]", "[1e+308]"),
    ("[1E+309]", None), ("[1e400]", None), ("[1e999999]", None), ("[1e1000000]", None), ("[1e1000001]", None), ("[1e99999999999]", None),
    ("[0e99999]", "[0]"), ("[0.0e400]", "[0]"), ("[-0e400]", "[-0]"), ("[1e-400]", "[0]"), ("[1e-99999999999]", "[0]"),
    ("[1e-324]", "[0]"), ("[4.9e-324]", "[5e-324]"), ("[12345678901234567890123456789]", "[12345678901234567890123456789]"),
    ("[" + str(2**1024 - 2**970 - 1) + "]", "[1.7976931348623157e+308]"), ("[" + str(2**1024 - 2**970) + "]", None),
    ('{"a":1e400,"a":1}', '{"a":1}'), ('{"a":1,"a":1e400}', None), ('{"a":[1e400],"b":1,"a":2}', '{"a":2,"b":1}'),
    ("[[1e400]]", None), ('{"x":{"y":[1e400]}}', None), ("[1, 2e308, 3e308]", None), ("[1e309, -1e309]", None),
]

# (what, body bytes, fragments, verdict: JSON text | ("error", N, (codec, bom length)) | ("error", None, None)
#  | ("error", "whole", None): the text does not transcode, offset 0)
def _enc(text, codec, bom=b""):
    return bom + text.encode(codec)


_B16LE, _B16BE, _B32LE, _B32BE, _B8 = b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"\xef\xbb\xbf"
FOUNDATION_ENCODINGS = []
for _text, _frag in [('{"a":"é"}', 0), ('[1,"x"]', 0), ("[]", 0), ('["😀"]', 0), ("1", 1), ("12", 1), ("[true]", 0), ('{"k":[null]}', 0)]:
    for _name, _codec, _bom, _why in [
            ("UTF-16LE", "utf-16-le", b"", "no BOM: NUL pattern (x,0,x,0) or, under 4 bytes, second byte 0"),
            ("UTF-16LE", "utf-16-le", _B16LE, "BOM FF FE"),
            ("UTF-16BE", "utf-16-be", b"", "no BOM: NUL pattern (0,x,0,x) or, under 4 bytes, first byte 0"),
            ("UTF-16BE", "utf-16-be", _B16BE, "BOM FE FF"),
            ("UTF-32LE", "utf-32-le", b"", "no BOM: NUL pattern (x,0,0,0)"),
            ("UTF-32LE", "utf-32-le", _B32LE, "BOM FF FE 00 00 (checked before UTF-16's FF FE)"),
            ("UTF-32BE", "utf-32-be", b"", "no BOM: NUL pattern (0,0,0,x)"),
            ("UTF-32BE", "utf-32-be", _B32BE, "BOM 00 00 FE FF")]:
        FOUNDATION_ENCODINGS.append(("%s %s, %s" % (_name, _text, _why), _enc(_text, _codec, _bom), _frag, _text))
FOUNDATION_ENCODINGS += [
    ("2 bytes 31 00: second byte NUL → UTF-16LE '1'", bytes.fromhex("3100"), 1, "1"),
    ("2 bytes 00 31: first byte NUL → UTF-16BE '1'", bytes.fromhex("0031"), 1, "1"),
    ("3 bytes 00 31 00: UTF-16BE, the odd trailing byte is dropped", bytes.fromhex("003100"), 1, "1"),
    ("3 bytes 31 00 32: UTF-16LE, the odd trailing byte is dropped", bytes.fromhex("310032"), 1, "1"),
    ("5 bytes of UTF-16LE '12' + '3': the odd trailing byte is dropped", bytes.fromhex("3100320033"), 1, "12"),
    ("UTF-16LE '[]' plus a stray NUL byte: dropped", bytes.fromhex("5b005d0000"), 0, "[]"),
    ("UTF-16BE '[]' plus a stray NUL byte: dropped", bytes.fromhex("005b005d00"), 0, "[]"),
    ("UTF-16LE '\"é\"' fragment (2-byte units, no BOM)", bytes.fromhex("2200e9002200"), 1, '"é"'),
    ("UTF-16BE '\"é\"' fragment (2-byte units, no BOM)", bytes.fromhex("002200e90022"), 1, '"é"'),
    ("UTF-8 BOM skipped: [1]", _B8 + b"[1]", 0, "[1]"),
    ("UTF-8 BOM skipped: fragment 1", _B8 + b"1", 1, "1"),
    ("UTF-16LE BOM then '1'", _B16LE + "1".encode("utf-16-le"), 1, "1"),
    ("UTF-16BE BOM then '1'", _B16BE + "1".encode("utf-16-be"), 1, "1"),
    ("UTF-32LE BOM then '[]'", _B32LE + "[]".encode("utf-32-le"), 0, "[]"),
    ("UTF-32BE BOM then '[]'", _B32BE + "[]".encode("utf-32-be"), 0, "[]"),
    ("UTF-32BE '1' without BOM (0,0,0,x)", bytes.fromhex("00000031"), 1, "1"),
    ("UTF-32LE '1' without BOM (x,0,0,0)", bytes.fromhex("31000000"), 1, "1"),
    ("UTF-16LE trailing comma [1,] (Foundation dialect after transcoding)", "[1,]".encode("utf-16-le"), 0, "[1]"),
    ("UTF-32LE trailing comma [1,]", "[1,]".encode("utf-32-le"), 0, "[1]"),
    ("UTF-16LE surrogate pair D83D DE00 in a string", bytes.fromhex("5b0022003dd800de22005d00"), 0, '["😀"]'),
    # rejections: ("error", N, (codec, bom length)) maps Foundation's UTF-8 index N back to a body offset
    ("UTF-8 BOM + [1 2]: error at the '2'", _B8 + b"[1 2]", 0, ("error", 3, ("utf-8", 3))),
    ("UTF-16LE BOM + [1 2]: error at the '2'", _B16LE + "[1 2]".encode("utf-16-le"), 0, ("error", 3, ("utf-16-le", 2))),
    ("UTF-16BE BOM + [1 2]: error at the '2'", _B16BE + "[1 2]".encode("utf-16-be"), 0, ("error", 3, ("utf-16-be", 2))),
    ("UTF-16LE [1 2]: error at the '2'", "[1 2]".encode("utf-16-le"), 0, ("error", 3, ("utf-16-le", 0))),
    ("UTF-16BE [1 2]: error at the '2'", "[1 2]".encode("utf-16-be"), 0, ("error", 3, ("utf-16-be", 0))),
    ("UTF-32LE [1 2]: error at the '2'", "[1 2]".encode("utf-32-le"), 0, ("error", 3, ("utf-32-le", 0))),
    ("UTF-32BE [1 2]: error at the '2'", "[1 2]".encode("utf-32-be"), 0, ("error", 3, ("utf-32-be", 0))),
    ('UTF-8 ["é" 1]: error at the 1', '["é" 1]'.encode("utf-8"), 0, ("error", 6, ("utf-8", 0))),
    ('UTF-16LE ["é" 1]: é is 2 bytes in UTF-8 but one 2-byte unit here', '["é" 1]'.encode("utf-16-le"), 0, ("error", 6, ("utf-16-le", 0))),
    ('UTF-16BE BOM + ["é" 1]', _B16BE + '["é" 1]'.encode("utf-16-be"), 0, ("error", 6, ("utf-16-be", 2))),
    ('UTF-32LE ["é" 1]', '["é" 1]'.encode("utf-32-le"), 0, ("error", 6, ("utf-32-le", 0))),
    ('UTF-16LE ["😀" 1]: 😀 is 4 bytes in UTF-8 and a 4-byte surrogate pair here', '["😀" 1]'.encode("utf-16-le"), 0, ("error", 8, ("utf-16-le", 0))),
    ('UTF-16BE BOM + ["😀" 1]', _B16BE + '["😀" 1]'.encode("utf-16-be"), 0, ("error", 8, ("utf-16-be", 2))),
    ('UTF-32LE ["😀" 1]: 😀 is one 4-byte unit', '["😀" 1]'.encode("utf-32-le"), 0, ("error", 8, ("utf-32-le", 0))),
    ('UTF-16LE {"é":1 2}', '{"é":1 2}'.encode("utf-16-le"), 0, ("error", 8, ("utf-16-le", 0))),
    ('UTF-16BE BOM + {"é":1 2}', _B16BE + '{"é":1 2}'.encode("utf-16-be"), 0, ("error", 8, ("utf-16-be", 2))),
    ('UTF-32LE {"é":1 2}', '{"é":1 2}'.encode("utf-32-le"), 0, ("error", 8, ("utf-32-le", 0))),
    ("UTF-16LE BOM + a bare surrogate pair outside a string: error at the pair", bytes.fromhex("fffe5b003dd800de"), 0, ("error", 1, ("utf-16-le", 2))),
    ("5b 00 00 d8 5d 00: no NUL pattern in the first 4 bytes → UTF-8, the NUL at 1 is invalid", bytes.fromhex("5b0000d85d00"), 0, ("error", 1, ("latin-1", 0))),
    ("5b 31 5d 00: UTF-8 (no NUL pattern), NUL at 3 is garbage", bytes.fromhex("5b315d00"), 0, ("error", 3, ("utf-8", 0))),
    ("00 5b 31 5d: (0,x,x,x) is no pattern → UTF-8, NUL at 0", bytes.fromhex("005b315d"), 0, ("error", 0, ("utf-8", 0))),
    ("5b 00 31 5d: (x,0,x,x) is no pattern → UTF-8, NUL at 1", bytes.fromhex("5b00315d"), 0, ("error", 1, ("utf-8", 0))),
    ("5b 31 00 5d: UTF-8, NUL at 2", bytes.fromhex("5b31005d"), 0, ("error", 2, ("utf-8", 0))),
    ("FF FE alone (2 bytes: no BOM rule under 4 bytes) → UTF-8, invalid at 0", bytes.fromhex("fffe"), 1, ("error", 0, ("latin-1", 0))),
    ("FE FF alone → UTF-8, invalid at 0", bytes.fromhex("feff"), 1, ("error", 0, ("latin-1", 0))),
    ("EF BB BF alone (3 bytes: the BOM is not skipped under 4 bytes) → invalid at 0", _B8, 1, ("error", 0, ("latin-1", 0))),
    ("UTF-8 BOM + one space: the document is empty after the BOM", _B8 + b" ", 1, ("error", None, None)),
    ("UTF-32LE BOM + '[' + ']' cut to 2 bytes: the partial unit is dropped, the array is unterminated", bytes.fromhex("fffe00005b0000005d00"), 0, ("error", None, None)),
    ("UTF-16LE with a lone high surrogate D800 in a string: cannot transcode", bytes.fromhex("5b00220000d822005d00"), 0, ("error", "whole", None)),
    ("UTF-16LE with a lone low surrogate DC00 in a string: cannot transcode", bytes.fromhex("5b00220000dc22005d00"), 0, ("error", "whole", None)),
    ("UTF-32BE with the unit 0x00110000 (above U+10FFFF): cannot transcode", bytes.fromhex("0000005b001100000000005d"), 0, ("error", "whole", None)),
    ("UTF-32LE with the unit 0xD800 (a surrogate): cannot transcode", bytes.fromhex("5b00000000d800005d000000"), 0, ("error", "whole", None)),
    ("UTF-32LE with a surrogate code point in a string: cannot transcode", bytes.fromhex("5b0000002200000000d80000220000005d000000"), 0, ("error", "whole", None)),
]
# Near-BOMs: only an exact BOM decides (Foundation: UTF-8, error at byte 0/1), so a UTF-32 BOM check must look at every byte.
FOUNDATION_NEAR_BOMS = [
    ("00 31 FE FF: not the UTF-32BE BOM (second byte not 00) → UTF-8, NUL at 0", bytes.fromhex("0031feff"), 1, ("error", 0, ("latin-1", 0))),
    ("31 00 FE FF: not the UTF-32BE BOM (first byte not 00) → UTF-8, NUL at 1", bytes.fromhex("3100feff"), 1, ("error", 1, ("latin-1", 0))),
    ("FF FE 00 5B 5D 00 00 00: FF FE 00 5B is not the UTF-32LE BOM (fourth byte not 00) → UTF-16LE, U+5B00 at byte 2 is no value",
     bytes.fromhex("fffe005b5d000000"), 0, ("error", 0, ("utf-16-le", 2))),
]
# Offsets after characters of every UTF-8 length (lead bytes C2…DF, E0…EF, F0…F4): U+07FF, U+0800, U+20AC, U+FFFF, U+10000.
for _ch, _n in [("\u07ff", 6), ("\u0800", 7), ("€", 7), ("\uffff", 7), ("\U00010000", 8)]:
    for _codec, _bom in [("utf-8", b""), ("utf-16-le", b""), ("utf-16-be", _B16BE), ("utf-32-be", b"")]:
        FOUNDATION_ENCODINGS.append(('%s ["U+%04X" 1]: error at the 1' % (_codec.upper(), ord(_ch)), _bom + ('["%s" 1]' % _ch).encode(_codec), 0,
                                     ("error", _n, (_codec, len(_bom)))))
FOUNDATION_ENCODINGS += FOUNDATION_NEAR_BOMS
# Two characters of one UTF-8 length in a row (and DEL, the last 1-byte character): a mapping that miscounts a lead
# byte cannot realign on the second one.
for _txt, _n in [("\u0800\u0800", 10), ("€€", 10), ("\x7f", 5), ("\x7f\x7f", 6), ("\u07ff\u07ff", 8), ("\U00010000\U00010000", 12)]:
    for _codec in ["utf-16-le", "utf-32-be"]:
        FOUNDATION_ENCODINGS.append(('%s ["%s" 1]: error at the 1' % (_codec.upper(), " ".join("U+%04X" % ord(c) for c in _txt)),
                                     ('["%s" 1]' % _txt).encode(_codec), 0, ("error", _n, (_codec, 0))))


# (body, allowFragments, Foundation's verdict: its object as JSON text, or ("error", N) with N from "around character N"
# when its message has one). Recorded with FOUNDATION_ORACLE (re-checked by --check-foundation).
FOUNDATION_DIALECT = [
    (b'[1, ]', 0, '[1]'),
    (b'[1,\n]', 0, '[1]'),
    (b'[1,\t]', 0, '[1]'),
    (b'{"a":1 , }', 0, '{"a":1}'),
    (b'{"a":1,\r\n}', 0, '{"a":1}'),
    (b'[,]', 0, ('error', 1)),
    (b'[1,,]', 0, ('error', 3)),
    (b'{,}', 0, ('error', 1)),
    (b'{"a":1,,}', 0, ('error', 7)),
    (b'[1,]x', 0, ('error', 4)),
    (b' [1] ', 0, '[1]'),
    (b'\n[1]\n', 0, '[1]'),
    (b'[1/2]', 0, ('error', 2)),
    (b'[1/]', 0, ('error', 2)),
    (b'[1:]', 0, ('error', 2)),
    (b'{"a":1:2}', 0, ('error', 6)),
    (b'[0/]', 0, ('error', 2)),
    (b'[-]', 0, ('error', 2)),
    (b'[-a]', 0, ('error', 2)),
    (b'[- 1]', 0, ('error', 2)),
    (b'[1.]', 0, ('error', 3)),
    (b'[1.e5]', 0, ('error', 3)),
    (b'[.5]', 0, ('error', 1)),
    (b'[1e]', 0, ('error', 3)),
    (b'[1e+]', 0, ('error', 4)),
    (b'[1E-]', 0, ('error', 4)),
    (b'[1d5]', 0, ('error', 2)),
    (b'[1D5]', 0, ('error', 2)),
    (b'[1e5]', 0, '[100000]'),
    (b'[1E+5]', 0, '[100000]'),
    (b'[-0.0e-0]', 0, '[-0]'),
    (b'[1.5]', 0, '[1.5]'),
    (b'[-12.25e+2]', 0, '[-1225]'),
    (b'[tru]', 0, ('error', None)),
    (b'[nul]', 0, ('error', None)),
    (b'[fals]', 0, ('error', None)),
    (b'[truex]', 0, ('error', 5)),
    (b'[true ]', 0, '[true]'),
    (b'[nulll]', 0, ('error', 5)),
    (b'[True]', 0, ('error', 1)),
    (b'[NULL]', 0, ('error', 1)),
    (b'[NaN]', 0, ('error', 1)),
    (b'[Infinity]', 0, ('error', 1)),
    (b'[-Infinity]', 0, ('error', 2)),
    (b'["\\u0041"]', 0, '["A"]'),
    (b'["\\uD83D\\uDE00"]', 0, '["😀"]'),
    (b'["\\ud83d\\ude00"]', 0, '["😀"]'),
    (b'["\\uD83D"]', 0, ('error', None)),
    (b'["\\uDE00"]', 0, ('error', None)),
    (b'["\\uD83Dx"]', 0, ('error', None)),
    (b'["\\uD83D\\u0041"]', 0, ('error', None)),
    (b'["\\u00"]', 0, ('error', None)),
    (b'["\\uzzzz"]', 0, ('error', None)),
    (b'["\\u00e9\\u00E9"]', 0, '["éé"]'),
    (b'["\\uFFFF"]', 0, '["\uffff"]'),
    (b'["\\uFEFF"]', 0, '["\ufeff"]'),
    (b'["\\u0000"]', 0, '["\\u0000"]'),
    (b'["a\\u0000b"]', 0, '["a\\u0000b"]'),
    (b'["\\/"]', 0, '["\\/"]'),
    (b'["\\a"]', 0, ('error', 2)),
    (b'["\\\'"]', 0, ('error', 2)),
    (b'["\\U0041"]', 0, ('error', 2)),
    (b'{"a":1,"b":2}', 0, '{"a":1,"b":2}'),
    (b'{"a" : 1}', 0, '{"a":1}'),
    (b'{"a"\n:\n1}', 0, '{"a":1}'),
    (b'{1:1}', 0, ('error', 1)),
    (b'{"a"}', 0, ('error', 4)),
    (b'{"a":}', 0, ('error', 5)),
    (b'{"a" 1}', 0, ('error', 5)),
    (b'[1}', 0, ('error', 2)),
    (b'{"a":1]', 0, ('error', 6)),
    (b'[[]', 0, ('error', None)),
    (b'[]]', 0, ('error', 2)),
    (b'{}}', 0, ('error', 2)),
    (b'[{}]', 0, '[{}]'),
    (b'{"":""}', 0, '{"":""}'),
    (b'["\xff"]', 0, ('error', None)),
    (b'["\xc0\xaf"]', 0, ('error', None)),
    (b'["\xed\xa0\x80"]', 0, ('error', None)),
    (b'["\xe2\x82"]', 0, ('error', None)),
    (b'["\xf4\x90\x80\x80"]', 0, ('error', None)),
    (b'["\xef\xbf\xbf"]', 0, '["\uffff"]'),
    (b'["\xc3\xa9"]', 0, '["é"]'),
    (b'["\x01"]', 0, ('error', 2)),
    (b'["\x1f"]', 0, ('error', 2)),
    (b'["\x7f"]', 0, '["\x7f"]'),
    (b'["\t"]', 0, ('error', 2)),
    (b'["a\nb"]', 0, ('error', 3)),
    (b'["\xf0\x9f\x98\x80"]', 0, '["😀"]'),
    (b'["\xe0\x80\x80"]', 0, ('error', None)),
    (b'["\xf0\x80\x80\x80"]', 0, ('error', None)),
    (b'["\x80"]', 0, ('error', None)),
    (b'["\xc3"]', 0, ('error', None)),
    (b'[1]\x00', 0, ('error', 3)),
    (b'\x00[1]', 0, ('error', 0)),
    (b'1', 1, '1'),
    (b'-1', 1, '-1'),
    (b'1.5', 1, '1.5'),
    (b'"s"', 1, '"s"'),
    (b'true', 1, 'true'),
    (b'null', 1, 'null'),
    (b'01', 1, ('error', 1)),
    (b'-', 1, ('error', None)),
    (b'1.', 1, ('error', None)),
    (b'1e', 1, ('error', None)),
    (b'-0', 1, '0'),
    (b' 1 ', 1, '1'),
    (b'1 2', 1, ('error', 2)),
    (b'"\\ud83d"', 1, ('error', None)),
    # SPEC §8 depth limit 512: Foundation accepts 512 nested containers and rejects 513 ("Too many nested arrays or
    # dictionaries"); the core's rejection is the typed nestingTooDeep (SPEC §8), so only the boundary comes from Foundation.
    (b"[" * 512 + b"]" * 512, 0, "DEPTH-OK"), (b"[" * 511 + b"{}" + b"]" * 511, 0, "DEPTH-OK"), (b'{"a":' * 512 + b"1" + b"}" * 512, 0, "DEPTH-OK"),
    (b"[" * 513 + b"]" * 513, 0, ("depth", None)), (b"[" * 512 + b"{}" + b"]" * 512, 0, ("depth", None)),
    (b'{"a":' * 513 + b"1" + b"}" * 513, 0, ("depth", None)),
]


def foundation_offset(body, n, how):
    """The body offset of Foundation's UTF-8 index `n`; `how` = (the body's codec, its BOM length)."""
    codec, bom = how
    text = body[bom:].decode(codec, errors="surrogatepass")
    prefix = text.encode("utf-8", errors="surrogatepass")[:n].decode("utf-8", errors="surrogatepass")
    return bom + len(prefix.encode(codec, errors="surrogatepass"))


def run_swift_oracle(source, lines):
    """Runs a Swift oracle program (needs swift) on a file of input lines; returns its output lines."""
    with tempfile.TemporaryDirectory() as tmp:
        prog, data = os.path.join(tmp, "oracle.swift"), os.path.join(tmp, "docs.txt")
        open(prog, "w").write(source)
        open(data, "w").write("".join(line + "\n" for line in lines))
        return subprocess.run(["swift", prog, data], capture_output=True, text=True, check=True).stdout.splitlines()


def check_foundation():
    """Re-runs FOUNDATION_ORACLE on every recorded document and compares the verdicts."""
    docs = [(d.encode("utf-8"), 0, v) for d, v in FOUNDATION_NUMBERS] + [(b, f, v) for _, b, f, v in FOUNDATION_ENCODINGS]
    docs += [(b, f, None if v == ("depth", None) else v) for b, f, v in FOUNDATION_DIALECT]
    from .s6_4_json_messages import FOUNDATION_DEEP_MESSAGES, FOUNDATION_MESSAGES, FOUNDATION_MESSAGES_AFTER_DEEP, JSON_READING_DESCRIPTION
    docs += [(b, 1 if f else 0, ("message", text)) for _, b, f, text in FOUNDATION_MESSAGES + FOUNDATION_MESSAGES_AFTER_DEEP]
    docs += [(b, 0, ("message", text)) for _, b, text in FOUNDATION_DEEP_MESSAGES]
    lines = run_swift_oracle(FOUNDATION_ORACLE, ["%s\t%d" % (b.hex(), f) for b, f, _ in docs])
    bad = 0
    for (b, f, v), line in zip(docs, lines):
        parts = line.split("\t")
        if v == "DEPTH-OK":
            ok = parts[0] == "ok"
        elif isinstance(v, str):
            ok = parts[0] == "ok" and json.loads(parts[1]) == json.loads(v)
        elif v is not None and v[0] == "message":
            ok = parts[0] == "err" and parts[1] == "3840" and parts[2:] == [v[1], JSON_READING_DESCRIPTION]
        elif v is None or v[1] is None:
            ok = parts[0] == "err" and parts[1] == "3840"
        elif v[1] == "whole":
            ok = parts[0] == "err" and parts[1] == "3840" and parts[2] == "Cannot convert input string to valid utf8 input."
        else:
            ok = parts[0] == "err" and parts[1] == "3840" and parts[2].endswith("around character %d." % v[1])
        if not ok:
            bad += 1
            print("verdict changed for %s: recorded %r, Foundation says %r" % (b.hex(), v, line))
    print("%d documents, %d changed verdicts" % (len(docs), bad))
    return 1 if bad else 0


def clean(v, profile, top=True):
    """SPEC §6.4 null cleaning."""
    if isinstance(v, dict):
        return {k: clean(x, profile, False) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [clean(x, profile, False) for x in v if not (x is None and profile != "af3")]
    return v


def last_wins(text):
    """json.loads keeping only each key's last member, at its own place in the text (SPEC §6.4 decision: the last
    member wins, as in the NSDictionary AF cleans)."""
    return json.loads(text, object_pairs_hook=lambda ps: {k: v for i, (k, v) in enumerate(ps) if all(k2 != k for k2, _ in ps[i + 1:])})


def cocoa_error(offset=None, **extra):
    """Foundation's 3840 (NSCocoaErrorDomain), with the byte offset and more members when given."""
    e = {"domain": COCOA, "code": 3840}
    if offset is not None:
        e["offset"] = offset
    e.update(extra)
    return e


def overflows(text):
    """Foundation's rule (SPEC §6.4): the number's Double is infinite (Python's float is correctly rounded)."""
    return math.isinf(float(text))


def check_number_rule():
    """The rule must reproduce every recorded Foundation verdict (documents without duplicate keys)."""
    for doc, verdict in FOUNDATION_NUMBERS:
        if doc.startswith("{"):
            continue
        nums = re.findall(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?", doc)
        assert any(overflows(n) for n in nums) == (verdict is None), doc


def check_utf8_rule():
    """bytes.decode must agree with every recorded Foundation verdict on a string with non-ASCII bytes."""
    n = 0
    for body, frag, verdict in FOUNDATION_DIALECT:
        if body.startswith(b'["') and body.endswith(b'"]') and any(b >= 0x80 for b in body) and b"\\" not in body:
            try:
                body.decode("utf-8")
                ok = True
            except UnicodeDecodeError:
                ok = False
            assert ok == isinstance(verdict, str), body
            n += 1
    assert n >= 10, n
