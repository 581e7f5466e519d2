import AFFoundationCompat
import AFSerialization
import Foundation

/// SPEC §3.3–3.4: JSON and XML-plist request bodies for a 10,000-leaf tree, our Foundation-free
/// writers vs Foundation's JSONSerialization / PropertyListSerialization on prebuilt Foundation
/// objects (what AF calls; baseline). Outputs are checked byte-identical first (sorted keys, so
/// Foundation's unordered dictionaries compare).
let requestBenchmark = Benchmark(name: "request") {
    let tree = requestBodyTree()
    let objects = tree.foundationBodyObject

    let ourJSON = try! FoundationJSONWriter.write(tree, options: [.sortedKeys])
    let theirJSON = [UInt8](try! JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]))
    precondition(ourJSON == theirJSON, "JSON writer disagrees with JSONSerialization")
    let ourPlist = try! PlistXMLWriter.write(tree)
    let theirPlist = [UInt8](try! PropertyListSerialization.data(fromPropertyList: objects, format: .xml, options: 0))
    precondition(ourPlist == theirPlist, "plist writer disagrees with PropertyListSerialization")

    print("  load average: \(requestLoadAverage())")
    print("  input: 10,000 leaves (strings with escapes and non-ASCII, integers, doubles, bools)")
    let fj = measure(repeats: 5) { try! JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) }
    let oj = measure(repeats: 5) { try! FoundationJSONWriter.write(tree, options: [.sortedKeys]) }
    let ojm = measure(repeats: 5) { try! FoundationJSONWriter.write(tree, options: []) }
    report("JSONSerialization, sortedKeys (baseline)", bytes: ourJSON.count, seconds: fj)
    report("FoundationJSONWriter, sortedKeys", bytes: ourJSON.count, seconds: oj, baseline: fj)
    report("FoundationJSONWriter, model order", bytes: ourJSON.count, seconds: ojm, baseline: fj)
    let fp = measure(repeats: 5) {
        try! PropertyListSerialization.data(fromPropertyList: objects, format: .xml, options: 0)
    }
    let op = measure(repeats: 5) { try! PlistXMLWriter.write(tree) }
    report("PropertyListSerialization XML (baseline)", bytes: ourPlist.count, seconds: fp)
    report("PlistXMLWriter", bytes: ourPlist.count, seconds: op, baseline: fp)
}

/// 100 × 10 dictionaries × 10 leaves, only types both JSON and property lists accept.
func requestBodyTree() -> ParameterValue {
    var top: [ParameterValue.Entry] = []
    for i in 0..<100 {
        var sub: [ParameterValue.Entry] = []
        for j in 0..<10 {
            var items: [ParameterValue] = []
            for k in 0..<10 {
                switch k % 5 {
                case 0: items.append(.string("value \(i)-\(j)-\(k) \"quoted\" & <tag>/path\n中文ü😀"))
                case 1: items.append(.integer(Int64(i * 1000 + j * 10 + k) * 7919))
                case 2: items.append(.double(Double(i) / 7 + Double(k) * 1e-3))
                case 3: items.append(.bool(k % 2 == 0))
                default: items.append(.string(String(repeating: "plain ascii text ", count: 4)))
                }
            }
            sub.append(.init("Field\(j)", .array(items)))
        }
        top.append(.init("user\(i)", .dictionary(sub)))
    }
    return .dictionary(top)
}

func requestLoadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
        separator: " ") ?? "?"
}
