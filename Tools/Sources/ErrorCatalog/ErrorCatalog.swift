import SwiftSyntax

/// Every error the core can report, read from its source: the `AFSError.Kind` declarations (name,
/// doc comment) and every `AFSError(…)` construction, with its kind or domain and code, messages,
/// context keys and whether it carries an offset. Rendered as the two tables of VECTORS.md §6.
public struct ErrorCatalog {
    public struct Kind: Equatable {
        public var name: String
        public var doc: String
        public var file: String
    }

    /// One `AFSError(…)` construction, its arguments resolved through helper parameters.
    public struct Site: Equatable {
        public var file: String
        public var kinds: [String]
        public var domains: [String]
        public var codes: [String]
        public var messages: [String]
        public var reasons: [String]
        public var contextKeys: [String]
        public var offset: Offset
    }

    /// Whether the offset argument can be a value, and whether it can be absent (nil).
    public struct Offset: Equatable {
        public var some: Bool
        public var none: Bool
        public init(_ some: Bool, _ none: Bool) {
            self.some = some
            self.none = none
        }
    }

    public var kinds: [Kind] = []
    /// Every construction along every call path that binds its helper's parameters.
    public var sites: [Site] = []
    /// `AFSError(…)` expressions in the source.
    public var constructionCount = 0

    public init(sources: [(path: String, text: String)]) {
        let index = SourceIndex(sources: sources)
        let values = ArgumentValues(index: index)
        for f in index.files {
            for ext in Syntax(f.tree).descendants(ExtensionDeclSyntax.self)
            where ext.extendedType.trimmedDescription == "AFSError.Kind" {
                for member in ext.memberBlock.members {
                    guard let v = member.decl.as(VariableDeclSyntax.self), let b = v.bindings.first,
                        let call = b.initializer?.value.as(FunctionCallExprSyntax.self),
                        let raw = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
                    else { continue }
                    kinds.append(Kind(name: ArgumentValues.render(raw), doc: Self.doc(v.leadingTrivia), file: f.path))
                }
            }
        }
        for call in index.calls["AFSError"] ?? [] {
            let args = Array(call.arguments)
            guard let first = args.first, first.label == nil || first.label?.text == "domain" else { continue }
            let found = values.frames(around: call, args: args.map(\.expression)).map {
                Self.site(call, args, frame: $0, values: values, file: index.path(of: call))
            }
            // A domain read from the input at run time (a vector's custom-serialization closure
            // returning its own error) is the caller's error passed through, not one the core makes.
            if !found.isEmpty,
                found.allSatisfy({ !$0.domains.isEmpty && $0.domains.allSatisfy { $0.hasPrefix("‹") } })
            {
                continue
            }
            constructionCount += 1
            sites += found
        }
    }

    /// One construction read along one call path.
    static func site(
        _ call: FunctionCallExprSyntax, _ args: [LabeledExprSyntax], frame: Frame?, values: ArgumentValues, file: String
    ) -> Site {
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func eval(_ e: ExprSyntax?) -> Set<Value> { values.values(e, frame: frame) }
        var site = Site(
            file: file, kinds: [], domains: [], codes: [], messages: [], reasons: [], contextKeys: [],
            offset: Offset(false, false))
        if args[0].label == nil {
            site.kinds = eval(args[0].expression).compactMap { if case .kind(let k) = $0 { k } else { nil } }.sorted()
            site.messages = texts(eval(args.count > 1 && args[1].label == nil ? args[1].expression : nil))
        } else {
            site.domains = texts(eval(arg("domain")))
            site.codes = eval(arg("code")).map { v -> String in
                switch v {
                case .number(let n): n
                case .opaque(let o): "‹\(o)›"
                default: "?"
                }
            }.sorted()
            site.messages = texts(eval(arg("message")))
            if let r = arg("failureReason") { site.reasons = texts(eval(r)) }
        }
        site.contextKeys = eval(arg("context")).compactMap { if case .key(let k) = $0 { k } else { nil } }.sorted()
        let offsets = eval(arg("offset"))
        site.offset = Offset(offsets.contains { $0 != .none }, offsets.contains(.none))
        return site
    }

    /// The `///` lines before a declaration, joined.
    static func doc(_ trivia: Trivia) -> String {
        trivia.compactMap { piece -> String? in
            if case .docLineComment(let t) = piece { return String(t.dropFirst(3)).trimmingSpaces() }
            return nil
        }.joined(separator: " ")
    }

    static func texts(_ v: Set<Value>) -> [String] {
        v.compactMap { value -> String? in
            switch value {
            case .text(let t): t
            case .opaque(let o): "‹\(o)›"
            default: nil
            }
        }.sorted()
    }

    /// Kinds declared but never constructed (a table row would have nothing to say).
    public var kindsWithoutSites: [String] {
        let thrown = Set(sites.flatMap(\.kinds))
        return kinds.map(\.name).filter { !thrown.contains($0) }
    }

    /// Sites whose kind could not be read (a variable the reader cannot follow).
    public var unresolvedSites: [Site] {
        sites.filter { $0.kinds.isEmpty && $0.domains.isEmpty }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
