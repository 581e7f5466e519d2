"""Foundation's texts for property lists it cannot read (SPEC §6.5): NSCocoaErrorDomain 3840 with the one localized
description and an NSDebugDescription sentence, recorded from Linux Foundation's PropertyListSerialization
(swift-corelibs-foundation, Swift 6.3) with PLIST_ORACLE; `python3 scripts/gen_vectors.py
--check-foundation` runs the oracle again on every row and reports a changed text.
"""
from .s6_4_json import run_swift_oracle

# Linux Foundation's localizedDescription of NSCocoaErrorDomain 3840 (the same for every row below).
PLIST_READING_DESCRIPTION = 'The operation could not be completed. The data is not in the correct format.'

# (what, body, NSDebugDescription)
PLIST_MESSAGES = [
    ('a key without a value', b'<plist><dict><key>a</key></plist>', 'Value missing for key inside <dict> at line 1'),
    ('a close tag that does not match', b'<plist><array><string>a</array></plist>', 'Close tag on line 1 does not match open tag string'),
    ('two top-level objects', b'<?xml version="1.0"?><plist version="1.0"><string>a</string><string>b</string></plist>', 'Encountered unexpected element at line 1 (plist can only include one object)'),
    ('an OpenStep dictionary cut short', b'{a=1', 'Unexpected character { at line 1'),
    ('letters in <integer>', b'<plist><integer>zz</integer></plist>', "Unknown character 'z' (0x7a) in <integer> on line 1"),
    ('an empty <plist>', b'<plist>', 'Encountered empty plist tag'),
    ('bytes FF FE', b'\xff\xfe', 'Unexpected character ÿ at line 1'),
    ('letters in <real>', b'<plist><real>x</real></plist>', 'Encountered misformatted real on line 1'),
    ('a <date> that is no date', b'<plist><date>nope</date></plist>', 'Could not interpret <date> at line 1'),
    ('a <string> where a <key> must be', b'<plist><dict><string>a</string></dict></plist>', 'Found non-key inside <dict> at line 1'),
    ('an unknown tag', b'<plist><unknown/></plist>', 'Encountered unknown tag unknown on line 1'),
    ('an OpenStep array cut short', b'(1,2', 'Unexpected character ( at line 1'),
    ('an unterminated OpenStep string', b'"abc', 'Unexpected character " at line 1'),
    ('a binary plist header with no trailer', b'bplist00\x00\x01', 'Unexpected character b at line 1'),
    ('<true> not closed as an empty tag', b'<plist><true></plist>', 'Encountered non-empty <true> on line 1'),
]

PLIST_ORACLE = r"""
import Foundation
let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
for line in text.split(separator: "\n") {
    let hex = Array(line.utf8)
    var bytes = [UInt8]()
    var i = 0
    while i < hex.count { bytes.append(UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16)!); i += 2 }
    do {
        _ = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        print("ok")
    } catch let e as NSError {
        print("err\t\(e.domain)\t\(e.code)\t\(e.userInfo[NSDebugDescriptionErrorKey] ?? "")\t\(e.localizedDescription)")
    }
}
"""


def check_foundation():
    """Re-runs PLIST_ORACLE (needs swift) on every recorded body; returns the number of changed texts."""
    lines = run_swift_oracle(PLIST_ORACLE, [b.hex() for _, b, _ in PLIST_MESSAGES])
    bad = 0
    for (what, body, text), line in zip(PLIST_MESSAGES, lines):
        if line.split("\t") != ["err", "NSCocoaErrorDomain", "3840", text, PLIST_READING_DESCRIPTION]:
            bad += 1
            print("text changed for %s: recorded %r, Foundation says %r" % (what, text, line))
    print("%d property lists, %d changed texts" % (len(PLIST_MESSAGES), bad))
    return bad
