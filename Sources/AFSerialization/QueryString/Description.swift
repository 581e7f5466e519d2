#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text AF sends for a leaf value: its `description` (SPEC §2.3).
public enum ValueDescription {
    /// Description of a leaf. Containers get a deterministic bracketed rendering (only used to
    /// sort sets that contain containers, where AF's order is Foundation's plist-style text).
    public static func of(_ value: ParameterValue, boolStyle: BoolStyle = .numeric) -> String {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .bool(let b):
            switch boolStyle {
            case .numeric: return b ? "1" : "0"
            case .literal: return b ? "true" : "false"
            }
        case .double(let d): return double(d)
        case .null: return ""
        case .data(let bytes): return "{length = \(bytes.count)}"
        case .array(let xs), .set(let xs):
            return "(" + xs.map { of($0, boolStyle: boolStyle) }.joined(separator: ", ") + ")"
        case .dictionary(let es):
            return "{" + es.map { "\($0.key) = \(of($0.value, boolStyle: boolStyle))" }.joined(separator: "; ") + "}"
        }
    }

    /// Darwin NSNumber's `%.16g` (SPEC §2.3): `1.0` → `1`, `1e100` → `1e+100`, `-0.0` → `-0`,
    /// NaN → `nan` (any sign), ±∞ → `inf`/`-inf`. **Decision**: Darwin, not Linux Foundation.
    public static func double(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        var buffer = [CChar](repeating: 0, count: 40)
        let n = buffer.withUnsafeMutableBufferPointer { p in
            withVaList([d]) { vsnprintf(p.baseAddress, 40, "%.16g", $0) }
        }
        return String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
