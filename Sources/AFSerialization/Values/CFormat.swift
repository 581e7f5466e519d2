#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// C `printf` formatting of one double, for the places where AF/Foundation's output is defined by
/// a format string (`%0.1g` in Accept-Language, `%.16g` in descriptions, `%.17g` in XML property
/// lists, `%0.2f` in the User-Agent's scale). The length is measured first, so no output is ever
/// cut (`%0.2f` of 1e61 is 64 characters; a fixed 64-byte buffer used to lose the last ones).
enum CFormat {
    static func double(_ format: String, _ value: Double) -> String {
        let needed = Int(withVaList([value]) { vsnprintf(nil, 0, format, $0) })
        guard needed > 0 else { return "" }
        return String(unsafeUninitializedCapacity: needed + 1) { out in
            // The buffer's own size bounds the write: a wrong capacity can cut the text, never overrun.
            out.withMemoryRebound(to: CChar.self) { p in
                Int(withVaList([value]) { vsnprintf(p.baseAddress, p.count, format, $0) })
            }
        }
    }
}
