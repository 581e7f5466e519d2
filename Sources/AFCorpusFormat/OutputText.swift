import AFSerialization
import AFVectorFormat

/// The pieces every target's ``CorpusTarget/describeOutput(_:)`` writes its output text with.
package enum OutputText {
    /// One line per error in the chain: identity, offset and message (context keys sorted).
    package static func render(_ error: AFSError) -> String {
        "error " + error.description
    }

    /// Bytes as an escaped string when they are UTF-8, else hex.
    package static func render(bytes b: [UInt8]) -> String {
        String(validating: b, as: UTF8.self)?.debugDescription ?? "hex " + Codec.hex(b)
    }

    /// A count, FNV-1a digest and short hex prefix: for outputs that may be large (decoded bodies).
    package static func summary(_ b: [UInt8]) -> String {
        "\(b.count) bytes fnv \(String(FNV1a64.hash(b), radix: 16)) head " + Codec.hex(Array(b.prefix(32)))
    }

    package static func render<T>(_ result: Result<T, AFSError>, _ ok: (T) -> String) -> String {
        switch result {
        case .success(let v): ok(v)
        case .failure(let e): render(e)
        }
    }
}
