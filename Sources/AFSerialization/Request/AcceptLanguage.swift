/// AF's default `Accept-Language` value, built from an injected list of preferred languages
/// (SPEC §3.2) instead of the process locale, so it is reproducible.
public enum AcceptLanguage {
    /// `en;q=1, fr;q=0.9, …`: entry i gets q = 1.0 − 0.1·i printed with `%0.1g`; the list stops
    /// after the entry whose q ≤ 0.5, so at most 6 entries. AF computes q in `float`, so we do too
    /// (the printed digits are the same either way at one significant digit). An empty list is the
    /// empty value: AF joins whatever list it has and sets the header unconditionally.
    public static func value(for languages: [String]) -> String {
        var parts: [String] = []
        for (i, language) in languages.enumerated() {
            let q: Float = 1.0 - Float(i) * 0.1
            parts.append("\(language);q=\(CFormat.double("%0.1g", Double(q)))")
            if q <= 0.5 { break }
        }
        return parts.joined(separator: ", ")
    }
}
