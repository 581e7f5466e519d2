import AFFuzzBodies
import MultipartKit
import NIOCore

/// vapor/multipart-kit's parser as the multipart-parser target's reference: a separate
/// module so fuzz builds can leave SwiftNIO out (AFS_FUZZ_KIT=0).
public enum MultipartKitOracle {
    /// Installs multipart-kit as ``FuzzOracles/multipartReference``.
    public static func install() { FuzzOracles.install { $0.multipartReference = parse } }

    /// The parts multipart-kit reports, or nil when it throws.
    static func parse(_ body: [UInt8], boundary: String) -> [MultipartParserFuzz.ReferencePart]? {
        guard !boundary.isEmpty else { return nil }  // its initializer preconditions this
        var parts: [MultipartParserFuzz.ReferencePart] = []
        var headers: [(name: String, value: String)] = []
        var bytes: [UInt8] = []
        let parser = MultipartKit.MultipartParser(boundary: boundary)
        parser.onHeader = { headers.append(($0, $1)) }
        parser.onBody = { buffer in bytes += buffer.readBytes(length: buffer.readableBytes) ?? [] }
        parser.onPartComplete = {
            parts.append(.init(headers: headers, body: bytes))
            headers = []
            bytes = []
        }
        do { try parser.execute(body) } catch { return nil }
        return parts
    }
}
