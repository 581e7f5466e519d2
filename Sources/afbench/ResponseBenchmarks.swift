import AFSerialization
import Foundation

/// SPEC §6.4 hot path: parse + null-clean a ~10 MB JSON document, against Foundation's
/// `JSONSerialization` plus AF's recursive clean (on `Any`) in the same run. Target ≥ 2×.
let responseBenchmarks: [Benchmark] = [
    Benchmark(name: "json-parse-clean") {
        let doc = makeJSONDocument(targetBytes: 10_000_000)
        let data = Data(doc)
        var parser = JSONParser(allowFragments: false)
        parser.dialect = .foundation
        // Same answer first: both sides must agree on the element count after cleaning.
        var fused = parser
        fused.nullCleaning = .membersAndElements  // what JSONResponseSerializer does (af4)
        // Same answer first (in a scope of its own, so no tree outlives the check into the timings).
        let count = { () -> Int in
            let ours = try! NullCleaning.clean(parser.parse(doc), profile: .af4)
            let theirs = afClean(try! JSONSerialization.jsonObject(with: data))
            precondition(ours.arrayValue?.count == (theirs as? [Any])?.count, "benchmark inputs disagree")
            precondition(try! fused.parse(doc) == ours, "fused cleaning disagrees with NullCleaning.clean")
            return ours.arrayValue?.count ?? 0
        }()

        let baseline = measure { afClean(try! JSONSerialization.jsonObject(with: data)) }
        report("Foundation JSONSerialization + AF clean", bytes: doc.count, seconds: baseline)
        let core = measure { try! fused.parse(doc) }
        report("JSONParser(.foundation), cleaning fused", bytes: doc.count, seconds: core, baseline: baseline)
        let twoStep = measure { try! NullCleaning.clean(parser.parse(doc), profile: .af4) }
        report("  (JSONParser, then NullCleaning.clean)", bytes: doc.count, seconds: twoStep, baseline: baseline)
        let parseOnly = measure { try! parser.parse(doc) }
        report("  (JSONParser alone)", bytes: doc.count, seconds: parseOnly, baseline: baseline)
        comparePeers(doc: doc, count: count, core: core)
    },
    // Our side only, for profiling (`perf record afbench json-parse-only`); no ratio printed.
    Benchmark(name: "json-parse-only") {
        let doc = makeJSONDocument(targetBytes: 10_000_000)
        var parser = JSONParser(allowFragments: false)
        parser.dialect = .foundation
        parser.nullCleaning = .membersAndElements
        let t = measure { try! parser.parse(doc) }
        report("JSONParser(.foundation), cleaning fused", bytes: doc.count, seconds: t)
    },
]

/// The same bytes through every installed `JSONPeer`, and the core's parse + clean time against each.
func comparePeers(doc: [UInt8], count: Int, core: Double) {
    let file = NSTemporaryDirectory() + "afbench-json-\(getpid()).json"
    FileManager.default.createFile(atPath: file, contents: Data(doc))
    defer { try? FileManager.default.removeItem(atPath: file) }
    for peer in JSONPeer.all {
        switch peer.time(file: file, repeats: 5, expectedCount: count) {
        case .success(let seconds):
            report(peer.name, bytes: doc.count, seconds: seconds)
            print(String(format: "  → core parse + clean is ×%.2f %@", seconds / core, peer.name as NSString))
        case .failure(let failure):
            print("  \(peer.name): not timed (\(failure.reason))")
        }
    }
}

/// AF 4's `AFJSONObjectByRemovingKeysWithNullValues`, on Foundation objects.
func afClean(_ v: Any) -> Any {
    if let a = v as? [Any] {
        return a.compactMap { $0 is NSNull ? nil : afClean($0) }
    }
    if let d = v as? [String: Any] {
        var out: [String: Any] = [:]
        out.reserveCapacity(d.count)
        for (k, x) in d where !(x is NSNull) { out[k] = (x is [Any] || x is [String: Any]) ? afClean(x) : x }
        return out
    }
    return v
}

/// A deterministic API-like document: an array of records with strings (some escaped or
/// non-ASCII), integers, doubles, booleans, nulls and nested arrays/objects.
func makeJSONDocument(targetBytes: Int) -> [UInt8] {
    var out: [UInt8] = Array("[".utf8)
    var i = 0
    var seed: UInt64 = 42
    func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
    while out.count < targetBytes {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        let r = next()
        let record = """
            {"id":\(i),"name":"user \
            \(r % 100000)","email":"u\(r % 977)@example.com","score":\(Double(r % 100000) / 7.0),\
            "active":\(r % 2 == 0),"note":\(r % 3 == 0 ? "null" : "\"caf\\u00e9 \\\"quoted\\\" ünïcode\""),\
            "tags":["a","b\(r % 10)",null,\(r % 1000)],"address":{"street":"\(r % 999) Main St","zip":null,\
            "geo":[\(Double(r % 180) - 90.5),\(Double(r % 360) - 180.25)]},\
            "friends":[{"id":\(r % 5000),"name":"f","since":null},{"id":\(r % 7000),"name":"g"}]}
            """
        out += Array(record.utf8)
        i += 1
    }
    out.append(UInt8(ascii: "]"))
    return out
}
