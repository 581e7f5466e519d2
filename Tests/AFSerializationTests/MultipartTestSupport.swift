import Foundation
@testable import AFSerialization

/// Shared helpers for the Multipart* suites.
enum MP {
    static let crlf = "\r\n"

    /// Runs `body` and returns the AFSError it threw (nil when it did not throw).
    static func error<T>(_ body: () throws(AFSError) -> T) -> AFSError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Reads a stream to its end, cycling through `sizes` for the buffer size.
    static func drain(_ stream: any RequestBodyStream, sizes: [Int] = [64 * 1024]) throws(AFSError) -> [UInt8] {
        var out: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: sizes.max()!, alignment: 16)
        defer { buffer.deallocate() }
        var k = 0
        while true {
            let n = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<sizes[k % sizes.count]]))
            k += 1
            if n == 0 { return out }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    static func bytes(of form: MultipartFormData, sizes: [Int] = [64 * 1024], packet: Int? = nil) throws(AFSError)
        -> [UInt8]
    {
        try drain(form.makeStream(throttle: MultipartThrottle(packetSize: packet)), sizes: sizes)
    }

    /// A fresh temporary directory, removed by the caller with `cleanup`.
    static func tempDir() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("afs-mp-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cleanup(_ url: URL) { try? FileManager.default.removeItem(at: url) }
}

/// An in-memory stream for tests: yields `bytes` in pieces of at most `chunk`, optionally failing
/// once `failAfter` bytes are out.
final class TestByteStream: MultipartByteStream {
    let bytes: [UInt8]
    let chunk: Int
    let failAfter: Int?
    var position = 0

    init(_ bytes: [UInt8], chunk: Int = .max, failAfter: Int? = nil) {
        self.bytes = bytes
        self.chunk = chunk
        self.failAfter = failAfter
    }

    static let failure = AFSError(.streamReadFailed, "test stream broke")

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        var end = bytes.count
        if let f = failAfter {
            if position >= f { throw Self.failure }
            end = min(end, f)
        }
        let n = min(buffer.count, end - position, chunk)
        if n > 0 {
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
            position += n
        }
        return n
    }
}

extension MultipartStreamSource {
    static func bytes(_ b: [UInt8], chunk: Int = .max, failAfter: Int? = nil) -> MultipartStreamSource {
        MultipartStreamSource { TestByteStream(b, chunk: chunk, failAfter: failAfter) }
    }
}
