@testable import AFSerialization
import Testing

/// The writers' growable buffer (``ByteSink``) never writes past what it allocated: every append,
/// a single byte included, reserves first, also when the buffer is exactly full.
struct ByteSinkTests {
    @Test func everyAppendStaysWithinTheAllocation() {
        for start in [1, 16, 17, 64] {
            var sink = ByteSink(capacity: start)
            var expected: [UInt8] = []
            func check() {
                #expect(sink.count <= sink.capacity && sink.bytes() == expected, "capacity \(start)")
            }
            // Fill to exactly the capacity, then one byte more: the single-byte append must grow.
            let fill = [UInt8](repeating: 0x61, count: sink.capacity)
            fill.withUnsafeBufferPointer { sink.append($0) }
            expected += fill
            check()
            sink.append(0x0A)
            expected.append(0x0A)
            check()
            // Exactly full again, through the repeating append, then one byte more.
            let gap = sink.capacity - sink.count
            sink.append(repeating: 0x09, count: gap)
            expected += [UInt8](repeating: 0x09, count: gap)
            check()
            #expect(sink.count == sink.capacity)
            sink.append(0x0B)
            expected.append(0x0B)
            check()
            sink.append("</plist>\n")
            expected += Array("</plist>\n".utf8)
            sink.append(repeating: 0x09, count: 0)
            sink.append(utf8: "é")
            expected += [0xC3, 0xA9]
            check()
            #expect(sink.string() == String(decoding: expected, as: UTF8.self))
        }
    }
}
