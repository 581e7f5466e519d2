import Testing
@testable import ErrorCatalog

/// afs-errors reads short snippets shaped like the core's throw sites.
@Suite struct ErrorCatalogTests {
    static let kinds = """
        extension AFSError.Kind {
            /// A nesting limit was exceeded.
            public static let nestingTooDeep = Self("nestingTooDeep")
            /// Parser: a header line without `:`.
            /// (continued)
            public static let headerWithoutColon = Self("headerWithoutColon")
            public static let neverThrown = Self("neverThrown")
        }
        """

    func catalog(_ sources: String...) -> ErrorCatalog {
        ErrorCatalog(
            sources: sources.enumerated().map { ("Sources/AFSerialization/Dir\($0.offset)/F.swift", $0.element) })
    }

    @Test func kindsAndTheirDocComments() {
        let c = catalog(Self.kinds)
        #expect(c.kinds.map(\.name) == ["nestingTooDeep", "headerWithoutColon", "neverThrown"])
        #expect(c.kinds[1].doc == "Parser: a header line without `:`. (continued)")
        #expect(c.kindsWithoutSites == ["nestingTooDeep", "headerWithoutColon", "neverThrown"])
    }

    @Test func aDirectConstruction() {
        let c = catalog(
            Self.kinds,
            """
            func f(depth: Int, field: String) throws {
                throw AFSError(.nestingTooDeep, "deeper than \\(depth)", \
            offset: depth, context: ["limit": "512", "field": field])
            }
            """)
        #expect(c.sites.count == 1)
        let s = c.sites[0]
        #expect(s.kinds == ["nestingTooDeep"])
        #expect(s.messages == ["deeper than ‹depth›"])
        #expect(s.contextKeys == ["field", "limit"])
        #expect(s.offset == .init(true, false))
    }

    /// A helper's parameters are bound per call: each call's kind keeps its own context and offset.
    @Test func helperParametersAreBoundPerCall() {
        let c = catalog(
            Self.kinds,
            """
            struct Parser {
                mutating func fail(_ kind: AFSError.Kind, _ message: String, at \
            offset: Int? = nil, context: [String: String] = [:]) -> AFSError {
                    AFSError(kind, message, offset: offset, context: context)
                }
                mutating func run() throws {
                    throw fail(.headerWithoutColon, "no colon", at: 3, context: ["part": "0"])
                    throw fail(.nestingTooDeep, "too deep")
                }
            }
            """)
        let colon = c.sites.filter { $0.kinds == ["headerWithoutColon"] }
        let deep = c.sites.filter { $0.kinds == ["nestingTooDeep"] }
        #expect(colon.count == 1 && deep.count == 1)
        #expect(colon.first?.contextKeys == ["part"] && colon.first?.offset == .init(true, false))
        #expect(colon.first?.messages == ["no colon"])
        #expect(deep.first?.contextKeys == [] && deep.first?.offset == .init(false, true))
        #expect(c.kindsWithoutSites == ["neverThrown"])
    }

    /// AF-compatible errors: domain and code through constants, messages through concatenation and
    /// through a two-level helper chain; a private helper is only called from its own file.
    @Test func afCompatibleErrorsThroughConstantsAndHelpers() {
        let c = catalog(
            """
            extension AFSError {
                public static let requestDomain = "com.alamofire.error.serialization.request"
                public static let cocoaDomain = "NSCocoaErrorDomain"
                static func jsonSyntax(_ message: String, offset: Int) -> AFSError {
                    AFSError(domain: AFSError.cocoaDomain, code: 3840, message: message, offset: offset)
                }
            }
            enum J {
                static let invalidJSONCode = -1016
                static let reason = "The `parameters` argument is not valid JSON."
                static func invalid() -> AFSError {
                    AFSError(domain: AFSError.requestDomain, code: invalidJSONCode,
                             message: "The operation could not be completed. " + reason, failureReason: reason)
                }
            }
            struct Cursor {
                var index = 0
                func error(_ message: String, at offset: Int? = nil) -> \
            AFSError { .jsonSyntax(message, offset: offset ?? index) }
                func parse() throws { throw error("Garbage at end.") }
            }
            """,
            """
            func other() { _ = AFSError.jsonSyntax("Cannot convert input string to valid utf8 input.", offset: 0) }
            """)
        let json = c.sites.filter { $0.codes == ["3840"] }
        #expect(
            Set(json.flatMap(\.messages)) == ["Garbage at end.", "Cannot convert input string to valid utf8 input."])
        #expect(json.allSatisfy { $0.domains == ["NSCocoaErrorDomain"] && $0.offset == .init(true, false) })
        let request = c.sites.filter { $0.codes == ["-1016"] }
        #expect(request.count == 1)
        #expect(request.first?.domains == ["com.alamofire.error.serialization.request"])
        #expect(
            request.first?.messages == [
                "The operation could not be completed. The `parameters` argument is not valid JSON."
            ])
        #expect(request.first?.reasons == ["The `parameters` argument is not valid JSON."])
    }

    /// An error whose domain comes from the input (a harness closure returning the caller's own
    /// error) is not listed; a literal domain beside it still is.
    @Test func aDomainReadFromTheInputIsTheCallersError() {
        let c = catalog(
            """
            struct Fields { func string(_ k: String) -> String { k } }
            func closure(_ e: Fields) -> AFSError {
                AFSError(domain: e.string("domain"), code: 1, message: e.string("description"))
            }
            func mine() -> AFSError { AFSError(domain: "com.example", code: 2, message: "m") }
            """)
        #expect(c.sites.map(\.domains) == [["com.example"]])
        #expect(c.constructionCount == 1)
    }

    @Test func contextFromComputedPropertiesMergingAndHelpers() {
        let c = catalog(
            Self.kinds,
            """
            struct D {
                private var context: [String: String] { ["coding": name, "layer": String(layer)] }
                static func ctx(_ r: R) -> [String: String] {
                    var c = ["failingURL": r.url]
                    if let m = r.mime { c["mimeType"] = m }
                    return c
                }
                func a() throws { throw AFSError(.nestingTooDeep, "x", \
            context: context.merging(["limit": "5"]) { a, _ in a }) }
                func b(r: R) throws { throw AFSError(.headerWithoutColon, \
            "y", offset: r.at ?? 0, context: Self.ctx(r)) }
            }
            """)
        #expect(c.sites.first { $0.kinds == ["nestingTooDeep"] }?.contextKeys == ["coding", "layer", "limit"])
        let b = c.sites.first { $0.kinds == ["headerWithoutColon"] }
        #expect(b?.contextKeys == ["failingURL", "mimeType"])
        #expect(b?.offset == .init(true, false))  // `?? 0` is never nil
    }

    @Test func theGeneratedBlockReplacesOnlyItsMarkers() throws {
        let doc = "intro\n\(ReferenceTable.begin)\nold\n\(ReferenceTable.end)\nafter\n"
        let out = try ReferenceTable.replacingBlock(in: doc, with: "TABLE", docName: "V.md")
        #expect(out.hasPrefix("intro\n\(ReferenceTable.begin)\n<!-- Generated from the core's source by afs-errors"))
        #expect(out.hasSuffix("\n\nTABLE\n\n\(ReferenceTable.end)\nafter\n"))
        #expect(try ReferenceTable.replacingBlock(in: out, with: "TABLE", docName: "V.md") == out)  // stable
        #expect(throws: ReferenceTable.BlockError.self) {
            try ReferenceTable.replacingBlock(in: "no markers", with: "T", docName: "V.md")
        }

        let c = catalog(Self.kinds, "func f() throws { throw AFSError(.nestingTooDeep, \"x | y\") }")
        let table = ReferenceTable.markdown(c, stripPrefix: "Sources/AFSerialization/")
        #expect(table.contains("| `nestingTooDeep` |  | A nesting limit was exceeded. | never |  | Dir1/F.swift |"))
    }
}
