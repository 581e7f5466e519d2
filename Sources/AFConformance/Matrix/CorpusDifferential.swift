import AFSerialization
import AFVectorFormat

/// The fuzz corpora as a differential suite: each corpus input that its fuzz body can restate as
/// a vector request is evaluated by the core (in-process) and by an implementation, and the two
/// outputs are compared. No golden value is involved: a difference is a disagreement between two
/// implementations, sorted into classes by what differs, each with its shortest input.
public enum CorpusDifferential {
    /// One corpus input as a request, with the core's output under each profile.
    public struct Item: Sendable {
        /// `<target>/<file>` (relative to Corpus/).
        public var id: String
        public var component: String
        public var input: JSONValue
        public var options: JSONValue
        /// The core's output per profile (profiles where the core gave a harness error are left out).
        public var core: [(profile: String, output: JSONValue)]

        public init(id: String, component: String, input: JSONValue, options: JSONValue) {
            (self.id, self.component, self.input, self.options) = (
                id, component, input, Self.project(component, options)
            )
            core = []
            if let c = Components.byName[component],
                case .output(let o) = Evaluator.evaluate(
                    component: component, profile: "af4", options: self.options, input: input)
            {
                self.input = c.portable(input: input, output: o)
            }
            for p in Vector.allProfiles {
                if case .output(let o) = Evaluator.evaluate(
                    component: component, profile: p, options: self.options, input: input)
                {
                    core.append((p, o))
                }
            }
        }

        /// The component's output-independent options, and options spelt out at their default
        /// (VECTORS.md §3), are dropped, so an implementation is not sent a request it must refuse
        /// for their sake: percent-escape's batching (SPEC §1.4) and e.g. `allowUTF8Headers: false`.
        static func project(_ component: String, _ options: JSONValue) -> JSONValue {
            guard case .object(let m) = options, let c = Components.byName[component] else { return options }
            let drop = c.outputIndependentOptions, defaults = c.optionDefaults
            return .object(m.filter { !drop.contains($0.key) && defaults[$0.key] != $0.value })
        }
    }

    /// A kind of disagreement in one component, with how often it was seen and its shortest input.
    public struct DisagreementClass: Sendable, Hashable {
        public var signature: String
        public var count: Int
        public var example: String
        public var exampleRequest: String
    }

    public struct ComponentResult: Sendable {
        public var component: String
        /// Inputs sent (not n/a).
        public var tried = 0
        public var agree = 0
        public var classes: [DisagreementClass] = []
        public var differ: Int { tried - agree }
    }

    public struct Result: Sendable {
        public var components: [ComponentResult]
    }

    /// Each item once per profile the core answered, the core's output as the expected value; the run's
    /// vector id is `corpus/<item id>`.
    public static func runItems(_ items: [Item]) -> [RunItem] {
        var runs: [RunItem] = []
        for item in items {
            for (p, output) in item.core {
                let v = Vector(
                    id: "corpus/\(item.id)", component: item.component, profiles: [p], options: item.options,
                    input: item.input, expected: output, comment: nil, refs: [], review: false, file: item.id, index: 0)
                runs.append(RunItem(vector: v, profile: p))
            }
        }
        return runs
    }

    /// Sends every item (each profile the core answered) through `source`, against the core's output.
    public static func run(_ items: [Item], source: some EvaluationSource) -> Result {
        var requestOf: [String: Item] = [:]
        for item in items { requestOf[item.id] = item }
        let runs = runItems(items)
        let results = source.evaluate(runs).results
        var byComponent: [String: ComponentResult] = [:]
        var members: [String: [String: [String]]] = [:]  // component → signature → item ids
        for r in results {
            var c = byComponent[r.vector.component] ?? ComponentResult(component: r.vector.component)
            switch r.status {
            case .notApplicable: break
            case .passed:
                c.tried += 1
                c.agree += 1
            default:
                c.tried += 1
                members[r.vector.component, default: [:]][signature(r), default: []].append(
                    String(r.vector.id.dropFirst(7)))
            }
            byComponent[r.vector.component] = c
        }
        for (component, sigs) in members {
            byComponent[component]!.classes = sigs.map { sig, ids in
                let shortest = ids.min {
                    size(requestOf[$0]) < size(requestOf[$1]) || (size(requestOf[$0]) == size(requestOf[$1]) && $0 < $1)
                }!
                let item = requestOf[shortest]!
                let request = JSONValue.object([.init("options", item.options), .init("input", item.input)]).jsonText
                return DisagreementClass(
                    signature: sig, count: ids.count, example: shortest,
                    exampleRequest: request.count > 300 ? String(request.prefix(297)) + "…" : request)
            }.sorted { $0.count > $1.count || ($0.count == $1.count && $0.signature < $1.signature) }
        }
        return Result(components: byComponent.keys.sorted().map { byComponent[$0]! })
    }

    static func size(_ item: Item?) -> Int {
        (item?.input.jsonText.utf8.count ?? 0) + (item?.options.jsonText.utf8.count ?? 0)
    }

    /// What differs, in words that group: who rejected the input, or the first differing field.
    /// `unit` names the bytes quoted where two texts part (by default, the bytes themselves), `path`
    /// the field (by default without its array indices).
    public static func signature(
        _ r: RunResult, unit: ([UInt8]) -> String = escaped, path: (String) -> String = indexless
    ) -> String {
        if case .harnessError(let m) = r.status {
            return "harness error: " + String(RequestIDs.stripped(m).prefix { $0 != ";" }.prefix(120))
        }
        let coreError = r.vector.expected["error"]
        let implError = r.actual?["error"]
        switch (coreError, implError) {
        case (let c?, nil):
            return "core rejects (\(c["kind"]?.stringValue ?? c["code"]?.jsonText ?? "error")), implementation accepts"
        case (nil, _?):
            return "implementation rejects, core accepts"
        default:
            guard let m = r.mismatches.first else { return "differs" }
            if let e = m.expected.flatMap(DiffFormatter.byteView), let a = m.actual.flatMap(DiffFormatter.byteView) {
                return "\(path(m.path)): " + textDifference(e, a, unit: unit)
            }
            return "\(path(m.path)): \(m.note)"
        }
    }

    /// What differs at the first differing byte, in words that group alike differences: an escape
    /// against a raw byte (`core writes %5B where the implementation writes [`), or which side stops.
    static func textDifference(_ e: [UInt8], _ a: [UInt8], unit name: ([UInt8]) -> String = escaped) -> String {
        guard let i = DiffFormatter.firstDifference(e, a) else { return "same bytes" }
        // Query strings with the same pairs in another order (key or set order).
        let ep = e.split(separator: 0x26).sorted { $0.lexicographicallyPrecedes($1) }
        let ap = a.split(separator: 0x26).sorted { $0.lexicographicallyPrecedes($1) }
        if ep.count > 1, ep.elementsEqual(ap, by: { $0.elementsEqual($1) }) {
            return "the same &-separated pairs in another order"
        }
        func unit(_ b: [UInt8]) -> String {
            guard i < b.count else { return "" }
            let n = b[i] == 0x25 && i + 2 < b.count ? 3 : 1  // an escape is one unit
            return name(Array(b[i..<min(b.count, i + n)]))
        }
        if i >= a.count { return "the implementation stops where the core writes \(unit(e))" }
        if i >= e.count { return "the implementation writes more (\(unit(a)))" }
        return "core writes \(unit(e)) where the implementation writes \(unit(a))"
    }

    public static func escaped(_ b: [UInt8]) -> String {
        b.map { x -> String in
            switch x {
            case 0x20...0x7E: String(UnicodeScalar(x))
            case 0x0D: "\\r"
            case 0x0A: "\\n"
            default: "\\x" + Codec.hex([x])
            }
        }.joined()
    }

    /// `output.parts[3].body` → `output.parts[].body`.
    public static func indexless(_ path: String) -> String {
        var out = ""
        var skipping = false
        for ch in path {
            if ch == "[" { skipping = true; out += "["; continue }
            if ch == "]" { skipping = false; out += "]"; continue }
            if !skipping { out.append(ch) }
        }
        return out
    }
}
