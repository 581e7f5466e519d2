#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C `printf` formatting of one double, for the places where AF/Foundation's output is defined by
/// a format string (`%0.1g` in Accept-Language, `%.17g` in XML property lists).
enum CFormat {
    static func double(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBufferPointer { p in
            withVaList([value]) { vsnprintf(p.baseAddress, 64, format, $0) }
        }
        return String(decoding: buffer[0..<Int(max(0, min(n, 63)))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
