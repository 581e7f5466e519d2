@testable import AFFuzzBodies
import AFFoundationCompat
import AFSerialization
import Testing

/// fuzz-response reads property lists in a child process (``ForkedPlistReader``); its answer crosses
/// a socket as ``PlistReply``. What comes out must be exactly what Foundation's reader gave in the
/// child: the values here are Foundation's own answers, read in this process.
@Suite struct PlistReplyTests {
    static let bodies: [String] = [
        """
        <plist version="1.0"><dict><key>b</key><array><integer>-7</integer><real>0.5</real><true/><false/>\
        <string>é &amp; 😀</string><data>AAE=</data><date>2001-01-01T00:00:00Z</date><dict/></array>\
        <key>a</key><string></string></dict></plist>
        """,
        "<plist><array><array><array/></array><integer>18446744073709551615</integer></array></plist>",
        "<plist><dict><key>a</key></plist>",
        "not a property list",
        "",
    ]

    @Test(arguments: bodies) func foundationsAnswerCrossesUnchanged(_ body: String) throws {
        let answer = PropertyListReader.foundation.read(Array(body.utf8))
        let wire = PlistReply.encode(answer)
        #expect(PlistReply.decode(wire) == answer)
        // A truncated or padded answer is refused, never read as another value.
        #expect(PlistReply.decode(Array(wire.dropLast())) == nil)
        #expect(PlistReply.decode(wire + [0]) == nil)
    }

    @Test func everyValueKindAndErrorFieldRoundTrips() {
        let value = JSONValue.array([
            .null, .bool(true), .bool(false), .number("-0.5e3"), .string("\u{0}\u{FEFF}é"),
            .object([.init("k", .array([])), .init("k", .object([]))]),
        ])
        #expect(PlistReply.decode(PlistReply.encode(.success(value))) == .success(value))
        let error = AFSError(
            domain: AFSError.cocoaDomain, code: 3840, message: "m", context: ["debugDescription": "d", "z": ""])
        #expect(PlistReply.decode(PlistReply.encode(.failure(error))) == .failure(error))
    }
}
