import Testing
@testable import AFSerialization

/// SPEC §8 for the request serializers: hostile depth and huge strings give a typed error or a
/// defined result, never a crash or a stack overflow.
@Suite struct RequestBadInputTests {
    /// Dismantles a deep chain one level at a time: letting it go at once would free it
    /// recursively and overflow the stack in the test itself, not in the code under test.
    static func release(_ value: inout ParameterValue) {
        while true {
            switch value {
            case .array(let xs) where xs.count == 1: value = xs[0]
            case .dictionary(let es) where es.count == 1: value = es[0].value
            default: return
            }
        }
    }

    static func deep(_ depth: Int, dictionaries: Bool) -> ParameterValue {
        var v = ParameterValue.integer(1)
        for _ in 0..<depth { v = dictionaries ? .dictionary([.init("k", v)]) : .array([v]) }
        return v
    }

    static let serializers: [(String, any RequestSerializer)] = [
        ("http", HTTPRequestSerializer()), ("json", JSONRequestSerializer()),
        ("plist", PropertyListRequestSerializer()),
    ]

    @Test(arguments: [false, true])
    func hundredThousandDeepIsNestingTooDeep(dictionaries: Bool) {
        var tree = Self.deep(100_000, dictionaries: dictionaries)
        for (name, s) in Self.serializers {
            for method in ["GET", "POST"] {
                do {
                    _ = try s.serialize(Request(method: method, url: "http://h/"), parameters: .dict(["p": tree]))
                    Issue.record("\(name) \(method): no error")
                } catch {
                    #expect(error.kind == .nestingTooDeep, "\(name) \(method): \(error)")
                    #expect(error.context["limit"] == "512")
                }
            }
        }
        Self.release(&tree)
    }

    @Test func depthLimitIsAnOption() throws {
        var limits = Limits()
        limits.maxJSONDepth = 3
        limits.maxParameterDepth = 3
        let base = HTTPRequestSerializer(queryOptions: QueryStringOptions(limits: limits))
        let post = Request(method: "POST", url: "http://h/")
        // Depth 3 = three nested containers: allowed; four: refused.
        _ = try JSONRequestSerializer(base: base).serialize(post, parameters: Self.deep(3, dictionaries: false))
        _ = try PropertyListRequestSerializer(base: base).serialize(post, parameters: Self.deep(3, dictionaries: true))
        #expect(throws: AFSError.self) {
            try JSONRequestSerializer(base: base).serialize(post, parameters: Self.deep(4, dictionaries: false))
        }
        #expect(throws: AFSError.self) {
            try PropertyListRequestSerializer(base: base).serialize(post, parameters: Self.deep(4, dictionaries: true))
        }
    }

    @Test func hundredMegabyteStringHasADefinedBody() throws {
        let n = 100 * 1024 * 1024
        let big = String(decoding: [UInt8](repeating: UInt8(ascii: "a"), count: n), as: UTF8.self)
        let post = Request(method: "POST", url: "http://h/")
        let json = try JSONRequestSerializer().serialize(post, parameters: .array([.string(big)]))
        #expect(json.body.bytes?.count == n + 4)  // ["…"]
        let plist = try PropertyListRequestSerializer().serialize(post, parameters: .string(big))
        let frame = PlistXMLWriter.header.utf8CodeUnitCount + "<string></string>\n</plist>\n".utf8.count
        #expect(plist.body.bytes?.count == n + frame)
    }
}
