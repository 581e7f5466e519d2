import Foundation
import PropertyBased
import Testing
@testable import AFSerialization

/// SPEC §2 beyond the worked examples: AF's nil-key semantics (§2.6), set ordering, the depth
/// limit (§8) and descriptions checked against an independent formatter.
@Suite struct QueryStringTests {
    // MARK: AF's nil top-level key (SPEC §2.6)

    @Test func topLevelSetPassesTheNilKeyToItsElements() throws {
        // AFQueryStringPairsFromKeyAndValue(nil, set) recurses with key nil for each element, so
        // a dictionary element names its fields by bare key and an array element `(null)[]`. In
        // af4 the dictionary has no sort key (no `description` entry) and comes first.
        let p = ParameterValue.set([.string("s"), .dict(["k": .integer(1)])])
        #expect(
            try QueryString.pairs(p, profile: .af4) == [
                QueryPair(field: "k", value: .integer(1)),
                QueryPair(field: "", value: .string("s")),
            ])
        #expect(try QueryString.encode(.set([.array([.integer(2)])]), profile: .af4) == "%28null%29%5B%5D=2")
        let strict = ParameterValue.set([.dict(["k": .integer(1)]), .array([.integer(2)]), .string("s")])
        // "(2)" < "s" < "{k = 1}"
        #expect(try QueryString.encode(.dict(["t": strict]), profile: .strict) == "t%5B%5D=2&t=s&t%5Bk%5D=1")
    }

    // MARK: AF's set order (SPEC §2.3): a sort descriptor on `description`, through key-value coding

    @Test func afCannotOrderASetHoldingAnArrayOrASet() throws {
        for member in [ParameterValue.array([.string("a")]), .set([.string("a")])] {
            for profile in [Profile.af3, .af4] {
                #expect {
                    try QueryString.pairs(.dict(["s": .set([.string("b"), member])]), profile: profile)
                } throws: { e in
                    let e = e as? AFSError
                    return e?.kind == .unsortableSetMember
                        && e?.context == ["field": "s", "type": member == .array([.string("a")]) ? "array" : "set"]
                }
            }
            // One member is never compared: it is flattened under the set's field.
            #expect(
                try QueryString.encode(.dict(["s": .set([member])]), profile: .af4)
                    == (member == .array([.string("a")]) ? "s%5B%5D=a" : "s=a"))
            #expect(
                try QueryString.encode(.dict(["s": .set([.string("b"), member])]), profile: .strict)
                    == (member == .array([.string("a")]) ? "s%5B%5D=a&s=b" : "s=a&s=b"))
        }
    }

    @Test func afSortsADictionaryMemberByItsOwnDescriptionEntry() throws {
        let b = ParameterValue.dictionary([.init("description", .string("b")), .init("x", .integer(1))])
        let a = ParameterValue.dictionary([.init("y", .integer(2)), .init("description", .string("a"))])
        let noKey = ParameterValue.dict(["z": .integer(3)])
        let p = ParameterValue.dict(["s": .set([b, .string("a0"), noKey, a])])
        // No key first (input order), then "a" < "a0" < "b"; each dictionary's own entries in key order.
        #expect(
            try QueryString.encode(p, profile: .af4)
                == "s%5Bz%5D=3&s%5Bdescription%5D=a&s%5By%5D=2&s=a0&s%5Bdescription%5D=b&s%5Bx%5D=1")
        // A non-string `description` entry is no key either.
        let numeric = ParameterValue.dict(["description": .integer(0)])
        #expect(
            try QueryString.encode(.dict(["s": .set([.string("a"), numeric])]), profile: .af3)
                == "s%5Bdescription%5D=0&s=a")
    }

    @Test func emptyKeyIsNotTheNilKey() throws {
        // A real "" key is non-nil: its children are bracketed, `[x]`.
        let p = ParameterValue.dict(["": .dict(["x": .integer(1)])])
        #expect(try QueryString.pairs(p).map(\.field) == ["[x]"])
    }

    @Test func topLevelNullAndScalars() throws {
        #expect(try QueryString.encode(.null) == "")
        #expect(try QueryString.encode(.integer(7)) == "=7")
        #expect(try QueryString.encode(.bool(true)) == "=1")
        #expect(try QueryString.encode(.array([]), profile: .af3) == "")
        #expect(
            try QueryString.encode(.array([.integer(1)]), options: .init(arrayStyle: .indexInBrackets))
                == "%28null%29%5B0%5D=1")
    }

    @Test func nullInASetSortsAsNSNullDescription() throws {
        // AF sorts set elements by -description; NSNull's is "<null>" (0x3C): after "0", before "a".
        let p = ParameterValue.dict(["s": .set([.string("a"), .null, .string("0")])])
        #expect(try QueryString.encode(p) == "s=0&s&s=a")
    }

    /// SPEC §2.3 defines the order as Swift documents it, the NFC forms' scalars; Swift 6.3's `<`
    /// departs from it where a decomposed string's NFC form is a proper prefix of the other: false both
    /// ways for `e` + U+0301 against `é]`, and `Ά]` first against `Α` + U+0301.
    /// The expected order comes from that definition through Foundation's NFC, not from `<`.
    @Test func setMembersAndKeysFollowTheNFCOrderWhereSwiftsLessThanDoesNot() throws {
        let strings = ["é\u{0}", "e\u{301}", "éa", "é]", "b", "\u{386}]", "\u{391}\u{301}"]
        func nfcPrecedes(_ a: String, _ b: String) -> Bool {
            Array(a.precomposedStringWithCanonicalMapping.utf8)
                .lexicographicallyPrecedes(Array(b.precomposedStringWithCanonicalMapping.utf8))
        }
        let expected = strings.sorted(by: nfcPrecedes)
        #expect(
            expected.map { Array($0.utf8) }
                == ["b", "e\u{301}", "é\u{0}", "é]", "éa", "\u{391}\u{301}", "\u{386}]"].map { Array($0.utf8) })
        for order in [strings, strings.reversed(), [5, 0, 3, 6, 1, 4, 2].map { strings[$0] }] {
            for profile in [Profile.af4, .strict] {
                let set = ParameterValue.dict(["s": .set(order.map { .string($0) })])
                #expect(
                    try QueryString.pairs(set, profile: profile).map(\.value) == expected.map { .string($0) },
                    "\(profile) \(order)")
            }
            let dict = ParameterValue.dictionary(order.map { .init($0, .integer(1)) })
            #expect(try QueryString.pairs(dict).map(\.field) == expected, "\(order)")
        }
    }

    @Test func dictionariesInASetSortByTheirSortedKeys() throws {
        // strict's rendering (SPEC §2.3) is independent of the dictionaries' input key order:
        // {a = 2; b = 1} < {a = 3; …}.
        let first = ParameterValue.dictionary([.init("b", .integer(1)), .init("a", .integer(2))])
        let second = ParameterValue.dictionary([.init("a", .integer(3)), .init("b", .integer(0))])
        #expect(ValueDescription.sortKey(first) == "{a = 2; b = 1}")
        let p = ParameterValue.dict(["s": .set([second, first])])
        #expect(
            try QueryString.pairs(p, profile: .strict).map(\.value) == [
                .integer(2), .integer(1), .integer(3), .integer(0),
            ])
    }

    @Test func setsNestedInSetsSortByTheirOwnDescriptions() throws {
        // SPEC §2.3 (strict): every set sorts its items by rendering, at every level. The outer set's
        // items render as "(b, a)", "(a)" and "(c, {k = (z, y)})" (sets in input order), so they
        // sort "(a)" < "(b, a)" < "(c, …)"; the inner sets then sort a < b and y < z.
        let p = ParameterValue.dict([
            "s": .set([
                .set([.string("b"), .string("a")]),
                .set([.string("a")]),
                .array([.string("c"), .dictionary([.init("k", .set([.string("z"), .string("y")]))])]),
            ])
        ])
        let pairs = try QueryString.pairs(p, profile: .strict).map { "\($0.field)=\(ValueDescription.of($0.value))" }
        #expect(pairs == ["s=a", "s=a", "s=b", "s[]=c", "s[][k]=y", "s[][k]=z"])
    }

    @Test func boolStyleChangesSetOrder() throws {
        // Sorting uses the description that is sent: "1"/"0" numeric, "true"/"false" literal.
        let p = ParameterValue.dict(["s": .set([.bool(true), .string("m"), .bool(false)])])
        #expect(try QueryString.encode(p) == "s=0&s=1&s=m")
        #expect(try QueryString.encode(p, options: .init(boolStyle: .literal)) == "s=false&s=m&s=true")
    }

    @Test func duplicateKeysKeepInputOrder() throws {
        let p = ParameterValue.dictionary([.init("k", .integer(2)), .init("a", .null), .init("k", .integer(1))])
        #expect(try QueryString.encode(p) == "a&k=2&k=1")
    }

    @Test func nonFiniteDoublesHaveDefinedDescriptions() throws {
        let p = ParameterValue.dict([
            "a": .double(.nan), "b": .double(.infinity), "c": .double(-.infinity), "d": .double(-0.0),
        ])
        #expect(try QueryString.encode(p) == "a=nan&b=inf&c=-inf&d=-0")
    }

    @Test func pairsKeepDataLeavesForMultipart() throws {
        let pairs = try QueryString.pairs(.dict(["f": .data([0xFF])]))
        #expect(pairs == [QueryPair(field: "f", value: .data([0xFF]))])
    }

    // MARK: Descriptions vs an independent formatter

    /// `%.16g` via Foundation's `String(format:)` (CoreFoundation's formatter) on random bit
    /// patterns, including the integral fast path.
    @Test func doubleDescriptionMatchesFoundationFormat() async {
        let bits = Gen<UInt64>.value(in: 0...UInt64.max)
        let integral = Gen<Int64>.value(in: -(1 << 53)...(1 << 53))
        await propertyCheck(count: 3000, input: bits, integral) { b, i in
            for d in [Double(bitPattern: b), Double(i), Double(i) / 8] where d.isFinite {
                #expect(ValueDescription.double(d) == String(format: "%.16g", d), "\(d)")
            }
        }
        for d in [
            0.0, 1.0, 1e15, 1e16 - 1, 1e16, 123456789012345.0, 9007199254740993.0, 5e-324, .greatestFiniteMagnitude,
        ] {
            #expect(ValueDescription.double(d) == String(format: "%.16g", d), "\(d)")
        }
    }

    // MARK: Depth limit (SPEC §8)

    @Test func defaultDepthLimitIs512() throws {
        var ok = ParameterValue.integer(1)
        for _ in 0..<511 { ok = .array([ok]) }
        let top = ParameterValue.dict(["k": ok])  // 512 containers deep
        #expect(try QueryString.pairs(top).count == 1)
        #expect {
            try QueryString.pairs(.dict(["k": .array([ok])]))
        } throws: { e in
            let e = e as? AFSError
            return e?.kind == .nestingTooDeep && e?.context["limit"] == "512"
        }
        var limits = Limits.default
        limits.maxParameterDepth = 3
        #expect(throws: AFSError.self) {
            try QueryString.pairs(.dict(["a": .dict(["b": .set([.array([])])])]), options: .init(limits: limits))
        }
        #expect(try QueryString.pairs(.dict(["a": .dict(["b": .set([])])]), options: .init(limits: limits)) == [])
    }

    /// 100,000 levels of each container kind: a typed error, no stack overflow. The values are
    /// taken apart iteratively afterwards, because *destroying* an indirect enum that deep
    /// recurses in the Swift runtime and overflows the stack (measured: 100,000 levels crash even
    /// on an 8 MiB main thread). That is a property of `ParameterValue`, not of this API.
    @Test(arguments: ["array", "set", "dictionary"])
    func hostileNestingIsATypedError(kind: String) throws {
        var v = Self.nested(kind, depth: 100_000)
        for profile in Profile.allCases {
            #expect {
                try QueryString.encode(.dict(["k": v]), profile: profile)
            } throws: { ($0 as? AFSError)?.kind == .nestingTooDeep }
        }
        // A set whose element is the hostile tree: its sort key is built iteratively.
        do {
            let wrapped = ParameterValue.dict(["k": .set([v, .string("x")])])
            #expect { try QueryString.pairs(wrapped, profile: .strict) } throws: {
                ($0 as? AFSError)?.kind == .nestingTooDeep
            }
        }  // `wrapped` is released here; `v` still holds the chain.
        #expect(ValueDescription.sortKey(v).utf8.count > 200_000)
        Self.dismantle(&v)
    }

    static func nested(_ kind: String, depth: Int) -> ParameterValue {
        var v = ParameterValue.string("leaf")
        for _ in 0..<depth {
            switch kind {
            case "array": v = .array([v])
            case "set": v = .set([v])
            default: v = .dictionary([.init("k", v)])
            }
        }
        return v
    }

    /// Frees a single-child chain one level at a time (each step drops one box while the child
    /// is still referenced), so no recursive release happens.
    static func dismantle(_ v: inout ParameterValue) {
        while true {
            switch v {
            case .array(let xs) where xs.count == 1, .set(let xs) where xs.count == 1: v = xs[0]
            case .dictionary(let es) where es.count == 1: v = es[0].value
            default: return
            }
        }
    }

    // MARK: Descriptions and strict top-level errors, called directly

    /// A null's description is the empty string in both bool styles. Expected: the doc comment of the
    /// public `ValueDescription.of` ("null → `""` (a null pair sends no value; multipart sends an empty
    /// body)"), SPEC §5.3 ("null is an empty body"). The query and multipart paths handle null before
    /// calling it, so only a direct call sees the value.
    @Test func nullDescribesAsTheEmptyString() {
        #expect(ValueDescription.of(.null) == "")
        #expect(ValueDescription.of(.null, boolStyle: .literal) == "")
    }

    /// strict refuses a top-level value that is not a dictionary (SPEC §2.6) with an error that names
    /// the value's type.
    @Test func strictTopLevelErrorNamesTheValueType() {
        // The type names are SPEC §2.1's value model words.
        let cases: [(ParameterValue, String)] = [
            (.string("s"), "string"), (.integer(1), "integer"), (.double(1.5), "double"), (.bool(true), "bool"),
            (.null, "null"), (.array([.integer(1)]), "array"), (.set([.integer(1)]), "set"), (.data([1]), "data"),
        ]
        for (value, name) in cases {
            let e = MP.error { () throws(AFSError) in try QueryString.pairs(value, profile: .strict) }
            #expect(e?.context["type"] == name, "\(name)")
        }
    }
}
