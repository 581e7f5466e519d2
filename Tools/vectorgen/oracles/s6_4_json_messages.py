"""Foundation's texts for rejected JSON (SPEC §6.4): the localized description of every 3840 and the
NSDebugDescription sentence, recorded from Linux Foundation's JSONSerialization (swift-corelibs-foundation,
Swift 6.3) with FOUNDATION_ORACLE (oracles/s6_4_json.py); `python3 scripts/gen_vectors.py --check-foundation`
runs the oracle again on every row and reports a changed text.

The rows are in the id order of json-messages.json (ids are stable): FOUNDATION_MESSAGES, the deep row, then
FOUNDATION_MESSAGES_AFTER_DEEP.

The triggers reach every branch of Foundation's reader: misspelled literals, each state of its number scanner,
strings (control bytes, ill-formed UTF-8 found only when a run ends), escapes and surrogate pairs, objects,
bytes after the value, UTF-8 BOM and UTF-16/32 input (positions count the UTF-8 text Foundation parses), and
the top-level checks (fragments before numbers).
"""

# Linux Foundation's localizedDescription of NSCocoaErrorDomain 3840 (the same for every row below).
JSON_READING_DESCRIPTION = "The operation could not be completed. The data is not in the correct format."

# (what, body, allowFragments, NSDebugDescription)
FOUNDATION_MESSAGES = [
    ("'['", b'[', False, 'Unexpected end of file during JSON parse.'),
    ("'[1'", b'[1', False, 'Unexpected end of file during JSON parse.'),
    ("'[1,'", b'[1,', False, 'Unexpected end of file during JSON parse.'),
    ("'{'", b'{', False, 'Unexpected end of file during JSON parse.'),
    ('\'{"a"\'', b'{"a"', False, 'Unexpected end of file during JSON parse.'),
    ('\'{"a":\'', b'{"a":', False, 'Unexpected end of file during JSON parse.'),
    ('\'{"a":1\'', b'{"a":1', False, 'Unexpected end of file during JSON parse.'),
    ('\'{"a":1,\'', b'{"a":1,', False, 'Unexpected end of file during JSON parse.'),
    ('\'["a"\'', b'["a"', False, 'Unexpected end of file during JSON parse.'),
    ("'[tr'", b'[tr', False, 'Unexpected end of file during JSON parse.'),
    ("'[t]'", b'[t]', False, 'Unexpected end of file during JSON parse.'),
    ("'[nul]'", b'[nul]', False, 'Unexpected end of file during JSON parse.'),
    ("'[fals'", b'[fals', False, 'Unexpected end of file during JSON parse.'),
    ("'[tru]x'", b'[tru]x', False, 'Invalid value around character 4.'),
    ("'[trux]'", b'[trux]', False, 'Invalid value around character 4.'),
    ("'[nulL]'", b'[nulL]', False, 'Invalid value around character 4.'),
    ("'[x]'", b'[x]', False, 'Invalid value around character 1.'),
    ("'[.5]'", b'[.5]', False, 'Invalid value around character 1.'),
    ("'[+1]'", b'[+1]', False, 'Invalid value around character 1.'),
    ("'[]]'", b'[]]', False, 'Invalid value around character 2.'),
    ("'[] x'", b'[] x', False, 'Invalid value around character 3.'),
    ("'{} {}'", b'{} {}', False, 'Invalid value around character 3.'),
    ("'[1 2]'", b'[1 2]', False, 'Invalid value around character 3.'),
    ("'[1x]'", b'[1x]', False, 'Invalid value around character 2.'),
    ("'[1.5.3]'", b'[1.5.3]', False, 'Invalid value around character 4.'),
    ("'[1-]'", b'[1-]', False, 'Invalid value around character 2.'),
    ("'[-]'", b'[-]', False, 'Invalid value around character 2.'),
    ("'[-a]'", b'[-a]', False, 'Invalid value around character 2.'),
    ("'[1.]'", b'[1.]', False, 'Invalid value around character 3.'),
    ("'[1e]'", b'[1e]', False, 'Invalid value around character 3.'),
    ("'[1e+]'", b'[1e+]', False, 'Invalid value around character 4.'),
    ("'[1E-]'", b'[1E-]', False, 'Invalid value around character 4.'),
    ("'[1ee]'", b'[1ee]', False, 'Invalid value around character 3.'),
    ("'[1e+-1]'", b'[1e+-1]', False, 'Invalid value around character 4.'),
    ("'[1.e5]'", b'[1.e5]', False, 'Invalid value around character 3.'),
    ("'[01]'", b'[01]', False, 'Number with leading zero around character 2.'),
    ("'[-01]'", b'[-01]', False, 'Number with leading zero around character 3.'),
    ("'[00]'", b'[00]', False, 'Number with leading zero around character 2.'),
    ("'[0x1]'", b'[0x1]', False, 'Invalid value around character 2.'),
    ("'-'", b'-', False, 'Unexpected end of file during JSON parse.'),
    ("'1.'", b'1.', False, 'Unexpected end of file during JSON parse.'),
    ('\'[1"a"]\'', b'[1"a"]', False, 'Invalid value around character 2.'),
    ("'{1:2}'", b'{1:2}', False, 'Invalid value around character 1.'),
    ('\'{"a" 1}\'', b'{"a" 1}', False, 'Invalid value around character 5.'),
    ('\'{"a":1 "b":2}\'', b'{"a":1 "b":2}', False, 'Invalid value around character 7.'),
    ('\'{"a":1]\'', b'{"a":1]', False, 'Invalid value around character 6.'),
    ('\'{"a":1x}\'', b'{"a":1x}', False, 'Invalid value around character 6.'),
    ('\'{"a":1,2}\'', b'{"a":1,2}', False, 'Invalid value around character 7.'),
    ("'{,}'", b'{,}', False, 'Invalid value around character 1.'),
    ("'[,]'", b'[,]', False, 'Invalid value around character 1.'),
    ("'[1,,2]'", b'[1,,2]', False, 'Invalid value around character 3.'),
    ('\'["abc\'', b'["abc', False, 'Unexpected end of file during JSON parse.'),
    ('\'{"a\'', b'{"a', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\x"]\'', b'["\\x"]', False, 'Invalid escape sequence around character 2.'),
    ('\'["ab\\\\q"]\'', b'["ab\\q"]', False, 'Invalid escape sequence around character 4.'),
    ('\'["\\\\u12G4"]\'', b'["\\u12G4"]', False, 'Invalid hex encoded sequence in "12G4" at 4.'),
    ('\'["\\\\u12"]\'', b'["\\u12"]', False, 'Invalid hex encoded sequence in "12"]" at 4.'),
    ('\'["\\\\u00\'', b'["\\u00', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\\'', b'["\\', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\ud800"]\'', b'["\\ud800"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\ud800\\\\u0041"]\'', b'["\\ud800\\u0041"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\ud800\\\\ud800"]\'', b'["\\ud800\\ud800"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\ud800\'', b'["\\ud800', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\ud800\\\\\'', b'["\\ud800\\', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\ud800x"]\'', b'["\\ud800x"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\udc00"]\'', b'["\\udc00"]', False, 'Unable to convert hex escape sequence (no high character) to UTF8-encoded character.'),
    ('\'["\\\\udfff"]\'', b'["\\udfff"]', False, 'Unable to convert hex escape sequence (no high character) to UTF8-encoded character.'),
    ("'1'", b'1', False, 'JSON text did not start with array or object and option to allow fragments not set.'),
    ('\'"a"\'', b'"a"', False, 'JSON text did not start with array or object and option to allow fragments not set.'),
    ("'null'", b'null', False, 'JSON text did not start with array or object and option to allow fragments not set.'),
    ("'true'", b'true', False, 'JSON text did not start with array or object and option to allow fragments not set.'),
    ("'[1e400]'", b'[1e400]', False, 'Number 1e400 is not representable in Swift.'),
    ("'[-1e400]'", b'[-1e400]', False, 'Number -1e400 is not representable in Swift.'),
    ('\'{"a":[1e400]}\'', b'{"a":[1e400]}', False, 'Number 1e400 is not representable in Swift.'),
    ('UTF-8 invalid byte FF in a string', b'["\xff"]', False, 'Invalid UTF-8 sequence 1 bytes starting from character 2.'),
    ('UTF-8 FF then a control byte', b'["\xff\x01"]', False, 'Invalid UTF-8 sequence 2 bytes starting from character 2.'),
    ('UTF-8 cut lead C3 before the quote', b'["a\xc3"]', False, 'Invalid UTF-8 sequence 2 bytes starting from character 2.'),
    ('UTF-8 FF in an unterminated string', b'["\xff', False, 'Unexpected end of file during JSON parse.'),
    ('UTF-8 FF before an escape', b'["\xff\\n"]', False, 'Invalid UTF-8 sequence 1 bytes starting from character 2.'),
    ('UTF-8 bad byte in a key', b'{"\xc0\xaf":1}', False, 'Invalid UTF-8 sequence 2 bytes starting from character 2.'),
    ('escape of a non-ASCII byte', b'["\\\xc3\xa9"]', False, 'Invalid UTF-8 sequence 2 bytes starting from character 2.'),
    ('hex escape with a non-ASCII byte', b'["\\u00\xc3\xa9"]', False, 'Invalid hex encoded sequence in "00é" at 4.'),
    ('control byte 1F in a string', b'["a\x1fb"]', False, 'Unescaped control character around character 3.'),
    ('control byte 0A in a key', b'{"a\nb":1}', False, 'Unescaped control character around character 3.'),
    ('whitespace only', b' \n\t ', False, 'Unexpected end of file during JSON parse.'),
    ('UTF-8 BOM then [1 2]', b'\xef\xbb\xbf[1 2]', False, 'Invalid value around character 3.'),
    ('UTF-16LE BOM [1 2]', b'\xff\xfe[\x001\x00 \x002\x00]\x00', False, 'Invalid value around character 3.'),
    ('UTF-16BE no BOM {"a" 1}', b'\x00{\x00"\x00a\x00"\x00 \x001\x00}', False, 'Invalid value around character 5.'),
    ('UTF-32LE BOM [tru]', b'\xff\xfe\x00\x00[\x00\x00\x00t\x00\x00\x00r\x00\x00\x00u\x00\x00\x00]\x00\x00\x00', False, 'Unexpected end of file during JSON parse.'),
    ('fragment 1 with fragments allowed then garbage', b'1 2', True, 'Invalid value around character 2.'),
    ('fragment "a" with fragments allowed, bad escape', b'"\\x"', True, 'Invalid escape sequence around character 1.'),
    ('number at the end with fragments', b'-', True, 'Unexpected end of file during JSON parse.'),
    ('number 1e400 with fragments', b'1e400', True, 'Number 1e400 is not representable in Swift.'),
    ('\'["\\\\ud800xudc00"]\'', b'["\\ud800xudc00"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\ud800\\\\\\\\"]\'', b'["\\ud800\\\\"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\ud800\\\\udc00\\\\ud800"]\'', b'["\\ud800\\udc00\\ud800"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'{"a":1}x\'', b'{"a":1}x', False, 'Invalid value around character 7.'),
    ("'[1]]'", b'[1]]', False, 'Invalid value around character 3.'),
    ("'[1e01x]'", b'[1e01x]', False, 'Invalid value around character 5.'),
]

# Nested deeper than Foundation's 512 with a caller's limit above it (maxJSONDepth 1000): the core reads on to
# the syntax error, Foundation stops at its own limit. (what, body, NSDebugDescription)
FOUNDATION_DEEP_MESSAGES = [
    ("513 '[' then x", b"[" * 513 + b"x", "Too many nested arrays or dictionaries around character 513."),
]

# The sentences that tell Foundation's reader from near misses of it: bodies on which FoundationJSONDiagnosis, the
# core's restatement of those sentences, would give another sentence if one of its branches were off.
# (what, body, allowFragments, NSDebugDescription)
FOUNDATION_MESSAGES_MORE = [
    ("'[1\\r2]' (CR ends the number)", b'[1\r2]', False, 'Invalid value around character 3.'),
    ('\'["a" 1]\'', b'["a" 1]', False, 'Invalid value around character 5.'),
    ('UTF-8 FF after an escape', b'["\\n\xff"]', False, 'Invalid UTF-8 sequence 1 bytes starting from character 4.'),
    ('\'["\\\\ud801"]\'', b'["\\ud801"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ("'[0.01x]' (a zero after the dot is no leading zero)", b'[0.01x]', False, 'Invalid value around character 5.'),
    ("'[true 1]'", b'[true 1]', False, 'Invalid value around character 6.'),
    ("'[false 1]'", b'[false 1]', False, 'Invalid value around character 7.'),
    ("'[null 1]'", b'[null 1]', False, 'Invalid value around character 6.'),
    ('\'["\\\\ud800\\\\udc01" x]\' (a pair with an odd low surrogate, then a stray x)', b'["\\ud800\\udc01" x]', False, 'Invalid value around character 16.'),
    ("UTF-16LE BOM, '[', a lone high surrogate D800, ']'", b'\xff\xfe[\x00\x00\xd8]\x00', False, 'Cannot convert input string to valid utf8 input.'),
    ("UTF-32BE BOM, '[', the unit 0x110000 (no scalar)", b'\x00\x00\xfe\xff\x00\x00\x00[\x00\x11\x00\x00', False, 'Cannot convert input string to valid utf8 input.'),
    ("'1e400' without allowFragments (the fragment check comes before the number check)", b'1e400', False, 'JSON text did not start with array or object and option to allow fragments not set.'),
]

# More such sentences, for the branches of FoundationJSONDiagnosis a near miss can take: a space or a control byte
# in a string read to the end, UTF-8 checks after a high surrogate, uppercase hex in surrogate escapes, the number
# scanner's leading-zero and operator states. Each body is one the core rejects with a sentence of its own that
# differs from Foundation's, or where the near miss reads on.
# (what, body, allowFragments, NSDebugDescription)
FOUNDATION_MESSAGES_NEAR_MISSES = [
    ('\'["\' then control byte 1F, unterminated', b'["\x1f', False, 'Unescaped control character around character 2.'),
    ('\'["\' then control byte 01, unterminated', b'["\x01', False, 'Unescaped control character around character 2.'),
    ('\'["a b\' unterminated (a space is no control character)', b'["a b', False, 'Unexpected end of file during JSON parse.'),
    ('\'["a b" x]\'', b'["a b" x]', False, 'Invalid value around character 7.'),
    ('\'["\\\\ud800\' then bytes FF FF (not an escape)', b'["\\ud800\xff\xff"]', False, 'Invalid UTF-8 sequence 8 bytes starting from character 2.'),
    ('\'["\\\\ud800\' then C3 A9 (an e-acute, not an escape)', b'["\\ud800\xc3\xa9"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ('\'["\\\\u001\' (three hex digits, then the end)', b'["\\u001', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\uDC00x\' uppercase lone low surrogate, unterminated', b'["\\uDC00x', False, 'Unable to convert hex escape sequence (no high character) to UTF8-encoded character.'),
    ('\'["\\\\uD800\\\\uDC00x\' uppercase pair, unterminated', b'["\\uD800\\uDC00x', False, 'Unexpected end of file during JSON parse.'),
    ('\'["\\\\uDBFF\' uppercase high then x', b'["\\uDBFFxy"]', False, 'Unexpected end of file during string parse (expected low-surrogate code point but did not find one).'),
    ("'[01x]'", b'[01x]', False, 'Number with leading zero around character 2.'),
    ("'[-01x]'", b'[-01x]', False, 'Number with leading zero around character 3.'),
    ("'[-0x]'", b'[-0x]', False, 'Invalid value around character 3.'),
    ("'[-.5x]'", b'[-.5x]', False, 'Invalid value around character 2.'),
    ("'[1.5e3x]'", b'[1.5e3x]', False, 'Invalid value around character 6.'),
    ("'[0e01x]'", b'[0e01x]', False, 'Invalid value around character 5.'),
    ("'[0.e1]'", b'[0.e1]', False, 'Invalid value around character 3.'),
    ("'[0e1x]'", b'[0e1x]', False, 'Invalid value around character 4.'),
    ("'[0.0x]'", b'[0.0x]', False, 'Invalid value around character 4.'),
    ("'[-0.01x]'", b'[-0.01x]', False, 'Invalid value around character 6.'),
    ("control byte 1F at the 9th byte of a string (inside the core's 8-byte scan)", b'["abcdefgh\x1fijklmnop"]', False, 'Unescaped control character around character 10.'),
    ('control byte 1F at the 9th byte of a key', b'{"abcdefgh\x1fijklmnop":1}', False, 'Unescaped control character around character 10.'),
    ('\'{"a":null,"b":1e400}\' (a null member beside an overflowing number)', b'{"a":null,"b":1e400}', False, 'Number 1e400 is not representable in Swift.'),
    ('\'{"a":null,"b":[1e400,]}\' (an overflowing number before a trailing comma)', b'{"a":null,"b":[1e400,]}', False, 'Number 1e400 is not representable in Swift.'),
    ('\'{"a":[null,1e400,],}\' (trailing commas in both containers)', b'{"a":[null,1e400,],}', False, 'Number 1e400 is not representable in Swift.'),
]

# Every row after the deep one, in id order (json-messages.json and --check-foundation read this).
FOUNDATION_MESSAGES_AFTER_DEEP = FOUNDATION_MESSAGES_MORE + FOUNDATION_MESSAGES_NEAR_MISSES
