import AFSerialization
import CEscapeBaseline
import CPercentEscape
import Foundation

/// Issue 26: the core's escaping against its own scalar path, a plain C table loop built in the
/// same package (-O3 -march=native), Foundation's addingPercentEncoding and memcpy, on four input
/// classes at 4 KB (in cache) and 64 MB (memory), in one run. Every contender's output is checked
/// against the core's before anything is timed. MB/s are of input.
let escapingPeersBenchmark = Benchmark(name: "escaping-peers") {
    let allowed = afAllowedTable()
    let set = afAllowedCharacterSet()
    print(
        "  load average: \(loadAverage()); AVX2 kernel: "
            + "\(afs_percent_escape_vectorized() == 1 ? "on" : "off (scalar only)")"
    )
    print("  ratios are against the C table loop; memcpy is the machine's copy speed for the same bytes")
    for (size, label) in [(4 << 10, "4 KB"), (4 << 20, "4 MB"), (64 << 20, "64 MB")] {
        for (kind, text) in [
            ("ASCII-URL", urlLikeText(bytes: size)), ("query-ASCII", queryLikeText(bytes: size)),
            ("mixed", mixedText(bytes: size)), ("CJK", cjkText(bytes: size)),
            ("all-escape", allEscapeText(bytes: size)),
        ] {
            let input = Array(text.utf8)
            let n = input.count
            var out = [UInt8](repeating: 0, count: n * 3 + 3)
            let expected = PercentEscape.escape(text)
            let cLoop = input.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { afs_baseline_escape(src.baseAddress, n, $0.baseAddress, allowed) }
            }
            precondition(String(decoding: out[..<cLoop], as: UTF8.self) == expected, "the C loop disagrees on \(kind)")
            afs_percent_escape_allow_vector(0)
            precondition(PercentEscape.escape(text) == expected, "the scalar path disagrees on \(kind)")
            afs_percent_escape_allow_vector(1)
            if size < 1 << 20 {
                precondition(text.addingPercentEncoding(withAllowedCharacters: set) == expected, "Foundation disagrees")
            }

            // Best of many: on 2 shared cores one slow repeat in five decides too much.
            let repeats = size < 1 << 20 ? 2000 : size < 16 << 20 ? 40 : 8
            let core = measure(repeats: repeats) { PercentEscape.escape(text) }
            let kernel = measure(repeats: repeats) {
                input.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { PercentEscape.escape(utf8: src, into: $0) }
                }
            }
            afs_percent_escape_allow_vector(0)
            let scalar = measure(repeats: repeats) { PercentEscape.escape(text) }
            afs_percent_escape_allow_vector(1)
            let c = measure(repeats: repeats) {
                input.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer {
                        afs_baseline_escape(src.baseAddress, n, $0.baseAddress, allowed)
                    }
                }
            }
            let foundation = measure(repeats: size < 1 << 20 ? 200 : 1) {
                text.addingPercentEncoding(withAllowedCharacters: set)
            }
            let copy = measure(repeats: repeats) {
                input.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { memcpy($0.baseAddress!, src.baseAddress!, n) }
                }
            }
            let mbps = { (s: Double) in Double(n) / s / 1e6 }
            print(
                String(
                    format:
                        "  %@ %-10@ into a buffer %6.0f MB/s (×%.2f C loop) | escape() → String "
                        + "%6.0f (×%.2f) | scalar path %5.0f (×%.2f) | C loop %5.0f | "
                        + "addingPercentEncoding %4.0f (×%.3f) | memcpy %6.0f (buffer at %.0f %%)",
                    label as NSString, kind as NSString, mbps(kernel), c / kernel, mbps(core), c / core, mbps(scalar),
                    c / scalar, mbps(c),
                    mbps(foundation), c / foundation, mbps(copy), 100 * copy / kernel))
        }
    }
}

/// AF's allowed set as a 256-entry table for the C loop.
func afAllowedTable() -> [UInt8] {
    var t = [UInt8](repeating: 0, count: 256)
    for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = 1 }
    for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = 1 }
    for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = 1 }
    for b in "-._~/?".utf8 { t[Int(b)] = 1 }
    return t
}

/// What AF hands the escaper in a URL: single keys and values (it escapes each one, then joins them
/// with `=` and `&`): paths, ids, slugs, tokens, emails, dates, search words. Mostly unreserved: an
/// escaped byte (`@`, `:`, `+`, a space) about one in 60.
func urlLikeText(bytes: Int) -> String {
    let values = [
        "users/12345/profile", "header-banner_2x.png", "9f3c2a7e-4b1d-4c8a-9e2f-1a2b3c4d5e6f", "en-US",
        "widget-pro-max", "john.doe@example.com", "2026-11-25T21:36:00Z", "swift server", "v2.3.1",
        "api/v2/search", "eyJhbGciOiJIUzI1NiJ9", "page_size", "descending", "static/images/logo.svg",
        "a1b2c3d4e5f6", "category/books/fiction", "utm_campaign", "summer-sale-2026", "+15551234567",
    ]
    return repeated(values, bytes: bytes)
}

/// Query syntax fed to the escaper whole (separators included): `=`, `&`, `,`, `:` and spaces about
/// one byte in 25. Harder than what AF escapes, kept as the sparse-but-not-rare case.
func queryLikeText(bytes: Int) -> String {
    let pieces = [
        "/api/v2/users/12345/profile", "?fields=name,email&sort=asc", "/static/images/header-banner_2x.png",
        "/search?q=swift server", "/docs/getting-started/install.html", "/v1/orders/9f3c2a7e-4b1d/items",
        "?page=2&per_page=50", "/assets/app.min.js", "/en-US/products/widget-pro-max",
    ]
    return repeated(pieces, bytes: bytes)
}

func cjkText(bytes: Int) -> String {
    repeated(
        [
            "日本語のテキストと中文字符、", "한국어 텍스트입니다。",
            "東京都千代田区丸の内一丁目",
        ], bytes: bytes)
}

func allEscapeText(bytes: Int) -> String {
    repeated(["[]{}<>#%&=+,;:@!$'()*\" ^`|\\"], bytes: bytes)
}

func repeated(_ pieces: [String], bytes: Int) -> String {
    var s = ""
    s.reserveCapacity(bytes + 64)
    var i = 0
    while s.utf8.count < bytes {
        s += pieces[i % pieces.count]
        i += 1
    }
    return s
}
