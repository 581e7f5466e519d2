import AFCorpusFormat
import AFFoundationCompat
import AFSerialization
import Foundation

/// SPEC §3 request serialization (HTTP form and JSON serializers).
///
/// Input: ``RequestInput`` (the frozen option header and the payload).
///
/// Checks: GET/HEAD/DELETE put the query in the URL (`?` or `&`, AF after a fragment, strict
/// before it), no body, no Content-Type of ours; other methods: form body = the query (or empty)
/// with the form Content-Type, or JSON body byte-identical to `JSONSerialization` (same options;
/// compared structurally when a dictionary has several keys and keys are not sorted, because a
/// Swift dictionary hands Foundation its keys in hash order) with `application/json`, and the
/// −1016 error exactly when `JSONSerialization.isValidJSONObject` says no for the values of every
/// entry (duplicate keys included: SPEC §3.3 judges the model; ``foundationAccepts(_:)``). Trees
/// deeper than ``foundationDepth`` are too slow for Foundation's writer: their body must read back.
/// An existing Content-Type always wins. Foundation's objects come from AFFoundationCompat's
/// `foundationBodyObject` (AF's NSDictionary: duplicate keys collapse, so those compare structurally).
public enum RequestFuzz: FuzzBody {
    public static var name: String { RequestInput.name }
    /// The deepest tree whose JSON body is compared with Foundation's bytes. On Linux,
    /// `data(withJSONObject:)` re-bridges every nested container at every level (depth × size): a
    /// 226-byte input nesting 200 dictionaries took 160 ms, and such inputs held the 10-minute
    /// request run to 224 exec/s. A deeper tree's body must parse with `JSONSerialization`.
    static let foundationDepth = 32

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = RequestInput.setUp(&input)
        let (json, method, profile, flags, url) = (setup.json, setup.method, setup.profile, setup.flags, setup.url)
        let (parameters, request, options, serializer) = (
            setup.parameters, setup.request, setup.options, setup.serializer
        )
        let result = Result { () throws(AFSError) in try serializer.serialize(request, parameters: parameters) }
        let inURL = ["GET", "HEAD", "DELETE"].contains(method.uppercased())

        if inURL || !json {
            // The query, from the query-string component (its own target checks it).
            let query = parameters.map { p in
                Result { () throws(AFSError) in try QueryString.encode(p, profile: profile) }
            }
            if case .failure(let e)? = query {
                guard case .failure(let mine) = result else { throw FuzzFailure("query error \(e) not reported") }
                try check(mine == e, "different error \(mine) for query error \(e)")
                return
            }
            guard case .success(let out) = result else { throw FuzzFailure("unexpected error \(result)") }
            let q = (try? query?.get()) ?? nil
            if inURL {
                try check(out.body.isNone, "\(method) got a body")
                try check(
                    out.headers["Content-Type"] == (flags & 1 != 0 ? "text/mine" : nil),
                    "\(method) Content-Type changed")
                try check(
                    out.url == expectedURL(url, query: q ?? "", profile: profile), "URL \(out.url) for query \(q ?? "")"
                )
            } else {
                try check(out.url == url, "\(method) changed the URL")
                try check(out.body.bytes == Array((q ?? "").utf8), "form body differs from the query")
                try check(
                    out.headers["Content-Type"] == (flags & 1 != 0 ? "text/mine" : "application/x-www-form-urlencoded"),
                    "form Content-Type")
            }
            return
        }

        // JSON body, non-URI method.
        guard let parameters else {
            guard case .success(let out) = result else { throw FuzzFailure("error without parameters") }
            try check(
                out.body.isNone && out.headers["Content-Type"] == (flags & 1 != 0 ? "text/mine" : nil),
                "no parameters: body or Content-Type added")
            return
        }
        let depth = parameters.depth
        let shape = parameters.dictionaryShape
        let valid = foundationAccepts(parameters)
        switch result {
        case .failure(let e):
            if depth >= Limits.default.maxJSONDepth, e.kind == .nestingTooDeep { return }
            try check(!valid, "rejected a valid JSON object: \(e) for \(String(describing: parameters).prefix(400))")
            try check(e.domain == AFSError.requestDomain && e.code == -1016, "wrong invalid-JSON error \(e)")
        case .success(let out):
            try check(valid, "accepted parameters JSONSerialization finds invalid")
            try check(
                out.headers["Content-Type"] == (flags & 1 != 0 ? "text/mine" : "application/json"), "JSON Content-Type")
            guard let body = out.body.bytes else { throw FuzzFailure("no JSON body") }
            // `valid` held, so the tree has no set or data: Foundation writes it up to `foundationDepth`.
            guard depth <= foundationDepth else {
                // Too deep to compare with Foundation's bytes: Foundation must at least read it.
                try check(
                    (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil,
                    "JSONSerialization cannot read the JSON body of a \(depth)-deep tree")
                return
            }
            var foundationOptions: JSONSerialization.WritingOptions = []
            if options.contains(.sortedKeys) { foundationOptions.insert(.sortedKeys) }
            if options.contains(.withoutEscapingSlashes) { foundationOptions.insert(.withoutEscapingSlashes) }
            if options.contains(.prettyPrinted) { foundationOptions.insert(.prettyPrinted) }
            guard
                let theirs = try? JSONSerialization.data(
                    withJSONObject: parameters.foundationBodyObject, options: foundationOptions)
            else {
                throw FuzzFailure("JSONSerialization failed on a valid object")
            }
            if (options.contains(.sortedKeys) || !shape.multiKey) && !shape.duplicateKeys {
                try check(
                    body == Array(theirs),
                    "JSON body differs from JSONSerialization: \(String(decoding: body, as: UTF8.self).prefix(300)) "
                        + "vs \(String(decoding: theirs, as: UTF8.self).prefix(300))"
                )
            } else {
                // Same document up to key order: both read by Foundation and compared as values
                // (``sameJSON(_:_:)``; not `NSObject ==` on the parsed trees: its bridging of nested
                // values differs between the static and dynamic Foundation, so it fails equal trees in
                // a static build such as ClusterFuzzLite's).
                func read(_ data: Data) -> Any? {
                    try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                }
                try check(
                    read(Data(body)).flatMap { ours in read(theirs).map { sameJSON(ours, $0) } } ?? false,
                    "JSON body does not parse to JSONSerialization's: "
                        + "\(String(decoding: body, as: UTF8.self).prefix(300)) vs "
                        + "\(String(decoding: theirs, as: UTF8.self).prefix(300))"
                )
            }
        }
    }

    /// Foundation's verdict on the model: SPEC §3.3 judges every entry, so an invalid value shadowed
    /// by a later duplicate key is still invalid (an NSDictionary would keep only the last).
    /// `isValidJSONObject` wants an array or a dictionary at the top and, below it, accepts a
    /// container exactly when it accepts each member (swift-corelibs-foundation's
    /// `isValidJSONObjectInternal`), so it is asked about the top level's kind and about each leaf
    /// in a one-element array. Asked about the whole tree, it tests each nested Swift array against
    /// class types (`is NSNull`, `as? NSNumber`) and bridges it to an `NSArray` every time: about an
    /// eighth of an execution under ASan, and depth × size for deep trees. A set or data is never
    /// JSON, and bridging nested sets to `NSSet` takes time exponential in their depth (AnyHashable
    /// re-canonicalizes every level), so Foundation is not asked about those.
    static func foundationAccepts(_ parameters: ParameterValue) -> Bool {
        !parameters.hasSetOrData && JSONSerialization.isValidJSONObject(parameters.foundationTopLevel)
            && parameters.allLeaves { JSONSerialization.isValidJSONObject([$0.foundationBodyObject]) }
    }

    /// Whether two values `JSONSerialization` read are the same JSON value: objects as maps (key
    /// order does not count; keys and strings compared byte for byte), arrays item by item, numbers
    /// by value. Values of different dynamic types differ (`true` is a `Bool`, `1` an `NSNumber`).
    static func sameJSON(_ a: Any, _ b: Any) -> Bool {
        guard type(of: a) == type(of: b) else { return false }
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            return x.count == y.count
                && x.allSatisfy { k, v in
                    // A Swift dictionary finds a canonically equivalent key: its bytes must match too.
                    guard let i = y.index(forKey: k) else { return false }
                    return y[i].key.utf8.elementsEqual(k.utf8) && sameJSON(v, y[i].value)
                }
        case let (x as [Any], y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        case let (x as String, y as String): return x.utf8.elementsEqual(y.utf8)
        case let (x as Bool, y as Bool): return x == y
        case let (x as NSNumber, y as NSNumber): return x == y
        case (is NSNull, is NSNull): return true
        default: return false
        }
    }

    static func expectedURL(_ url: String, query: String, profile: Profile) -> String {
        if query.isEmpty { return url }
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let sep = parts[0].contains("?") ? "&" : "?"
        if profile != .strict || parts.count == 1 { return url + sep + query }
        return String(parts[0]) + sep + query + "#" + String(parts[1])
    }
}

extension ParameterValue {
    /// Whether some dictionary has several entries, and whether some has keys a Swift dictionary
    /// would merge (equal, or canonically equivalent).
    var dictionaryShape: (multiKey: Bool, duplicateKeys: Bool) {
        var shape = (multiKey: false, duplicateKeys: false)
        _ = allNodes { v in
            if case .dictionary(let es) = v, es.count > 1 {
                shape.multiKey = true
                if !shape.duplicateKeys && Set(es.map(\.key)).count < es.count { shape.duplicateKeys = true }
            }
            return true
        }
        return shape
    }

    /// The top level as `isValidJSONObject` first tests it: an empty container of its kind, or the
    /// leaf's own object.
    var foundationTopLevel: Any {
        switch self {
        case .array: [Any]()
        case .dictionary: NSMutableDictionary()
        case .set: NSSet()
        default: foundationBodyObject
        }
    }

    /// True when a set or data value occurs anywhere.
    var hasSetOrData: Bool {
        !allNodes { v in
            switch v {
            case .set, .data: false
            default: true
            }
        }
    }

    /// True when every leaf (not an array, set or dictionary) satisfies `predicate`.
    func allLeaves(where predicate: (ParameterValue) -> Bool) -> Bool {
        allNodes { v in
            switch v {
            case .array, .set, .dictionary: true
            default: predicate(v)
            }
        }
    }
}
