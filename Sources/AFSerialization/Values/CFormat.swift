#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// C `printf` formatting of one double, for the places where AF/Foundation's output is defined by
/// a format string (`%0.1g` in Accept-Language, `%.16g` in descriptions, `%.17g` in XML property
/// lists, `%0.2f` in the User-Agent's scale). No output is ever cut: a text longer than the stack
/// buffer is formatted again at the length `vsnprintf` measured (`%0.2f` of 1e61 is 64 characters).
enum CFormat {
    static func double(_ format: String, _ value: Double) -> String {
        var text = ""
        write(format, value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Hands `body` the formatted bytes (no NUL). One `vsnprintf` into a stack buffer covers every
    /// `%.17g`; a longer text is formatted again into a buffer of the length the first call measured.
    static func write(_ format: String, _ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { small in
            let needed = Int(
                withVaList([value]) { args in
                    small.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, $0.count, format, args) }
                })
            guard needed > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            if needed < small.count { return body(UnsafeBufferPointer(rebasing: small[..<needed])) }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: needed + 1) { large in
                // Room for the measured text and its NUL: the same format and value write it whole.
                _ = withVaList([value]) { args in
                    large.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, $0.count, format, args) }
                }
                body(UnsafeBufferPointer(rebasing: large[..<needed]))
            }
        }
    }
}
