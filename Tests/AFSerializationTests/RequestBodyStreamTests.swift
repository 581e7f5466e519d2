import Foundation
import Testing
@testable import AFSerialization

/// A body stream with a scripted yield: at most `maxPerRead` bytes per call (short reads), possibly
/// more bytes than it declares; it records the buffer size of every call.
private final class APISurfaceStream: RequestBodyStream, @unchecked Sendable {
    let bytes: [UInt8]
    let contentLength: Int
    let maxPerRead: Int
    var position = 0
    var bufferSizes: [Int] = []

    init(_ bytes: [UInt8], contentLength: Int? = nil, maxPerRead: Int = Int.max) {
        self.bytes = bytes
        self.contentLength = contentLength ?? bytes.count
        self.maxPerRead = maxPerRead
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        bufferSizes.append(buffer.count)
        let n = min(buffer.count, maxPerRead, bytes.count - position)
        var k = 0
        while k < n {
            buffer[k] = bytes[position + k]
            k += 1
        }
        position += n
        return n
    }
}

/// The stream case the multipart writer plugs in (SPEC §3.1): pulled to the end by `readAll`.
@Suite struct RequestBodyStreamTests {
    final class Chunks: RequestBodyStream, @unchecked Sendable {
        let data: [UInt8]
        var offset = 0
        let contentLength: Int
        init(_ data: [UInt8], declared: Int) { self.data = data; contentLength = declared }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
            let n = min(buffer.count, data.count - offset, 3)
            for i in 0..<n { buffer[i] = data[offset + i] }
            offset += n
            return n
        }
    }

    @Test func readAllPullsEveryChunk() throws {
        let bytes = Array("0123456789".utf8)
        #expect(try Chunks(bytes, declared: 10).readAll(chunkSize: 4) == bytes)
        // A stream that overruns its declared length is cut just past it, not read without bound.
        #expect(try Chunks(bytes, declared: 4).readAll(chunkSize: 2).count == 6)
        let body = RequestBody.stream(Chunks(bytes, declared: 10))
        #expect(body.bytes == nil)
        #expect(!body.isNone)
    }

    /// 20 distinct bytes, so a dropped, repeated or stale byte changes the result.
    static let twenty: [UInt8] = Array(1...20)

    // MARK: RequestBody and RequestBodyStream.readAll (SPEC §3.1)

    @Test func isNoneOnlyForNoBody() {
        #expect(RequestBody.none.isNone)
        #expect(!RequestBody.bytes([]).isNone)
        #expect(!RequestBody.stream(APISurfaceStream([1])).isNone)
    }

    @Test func readAllReadsEverythingInTheRequestedChunks() throws {
        // Doc: "Reads to the end in `chunkSize` pulls"; short reads (3 of 8) must not add stale bytes.
        let short = APISurfaceStream(Self.twenty, maxPerRead: 3)
        #expect(try short.readAll(chunkSize: 8) == Self.twenty)
        #expect(!short.bufferSizes.isEmpty)
        #expect(short.bufferSizes.allSatisfy { $0 == 8 })
        // Chunks of one byte: every pull is one byte wide.
        let single = APISurfaceStream(Self.twenty)
        #expect(try single.readAll(chunkSize: 1) == Self.twenty)
        #expect(single.bufferSizes.allSatisfy { $0 == 1 })
        // A whole-buffer read (n == chunk size).
        let exact = APISurfaceStream(Self.twenty)
        #expect(try exact.readAll(chunkSize: 5) == Self.twenty)
    }

    @Test func readAllWithANonPositiveChunkSizeStillReadsTheBody() throws {
        // A 0-byte read means "end" (RequestBodyStream contract), so a chunk size below 1 cannot be
        // honoured literally; readAll still reads to the end.
        #expect(try APISurfaceStream(Self.twenty).readAll(chunkSize: 0) == Self.twenty)
        #expect(try APISurfaceStream(Self.twenty).readAll(chunkSize: -3) == Self.twenty)
    }

    @Test func readAllStopsOneByteAfterAnOverrun() throws {
        // Doc: "Stops at contentLength + 1 bytes so a stream that overruns its declared length"
        // is detectable: 5 declared, 20 yielded, pulled one byte at a time → 6 bytes.
        let overrun = APISurfaceStream(Self.twenty, contentLength: 5)
        #expect(try overrun.readAll(chunkSize: 1) == Array(Self.twenty[0..<6]))
    }
}
