/// Where a GET/HEAD/DELETE query goes in the URL string (SPEC §3.2).
public enum URLQueryAppending {
    /// Appends a non-empty `query`: with `&` when the URL already has a query component (a `?`
    /// before any `#`, even with nothing after it), else with `?`.
    /// AF profiles append at the very end of the string, after a fragment (`http://h/p#f?a=1`), as
    /// AF does with `absoluteString`; `strict` inserts before the fragment (RFC 3986 §3.5).
    public static func appending(_ query: String, to url: String, profile: Profile) -> String {
        if query.isEmpty { return url }
        let bytes = Array(url.utf8)
        let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = bytes[..<(hash ?? bytes.count)]
        let separator = beforeFragment.contains(UInt8(ascii: "?")) ? "&" : "?"
        guard !profile.isAF, let hash else { return url + separator + query }
        return String(decoding: bytes[..<hash], as: UTF8.self) + separator + query
            + String(decoding: bytes[hash...], as: UTF8.self)
    }
}
