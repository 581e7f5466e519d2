// The site model: what afs-mutate lists in sites.json.
//
// A *site* is one place in the source that one runtime-helper call switches (`__afsLT(17, a, b)`);
// its *mutants* are the alternatives that call can select (17: `a <= b`, 18: `a >= b`). Mutants of
// one site share `group`, so the Python pruning drops them together when the call does not compile.

/// One mutant an operator proposes: the operator's name as reports show it ("relational <→<="), and
/// the source text before and after (on one line).
public struct Replacement: Equatable, Sendable {
    public var op: String
    public var original: String
    public var mutated: String

    public init(_ op: String, _ original: String, _ mutated: String) {
        self.op = op
        self.original = original
        self.mutated = mutated
    }
}

/// A mutant as sites.json lists it. `id` is the value of AFS_MUTANT that activates it; `key`
/// (file|declaration|operator|original→mutated|#occurrence) survives line moves, so reviewed lists
/// and baselines use it instead of the id.
public struct Mutant: Equatable, Sendable {
    public var id: Int
    public var group: Int
    public var key: String
    public var file: String
    /// Where the site starts (1-based; for a binary operator: the operator itself).
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var op: String
    public var original: String
    public var mutated: String
    /// The enclosing declarations, outermost first ("JSONCursor.next(in:)"), or "<file>".
    public var function: String
    public var declStart: Int = 0
    public var declEnd: Int = 0
    /// String literals: "callee#argIndex:label|first=…" of the call they are an argument of.
    public var context: String = ""
    /// The runtime helper whose call switches this site, as the schemata call it ("__afsLT"; in
    /// `@inlinable` code the global copy, "__afsGGT"): a compiler error naming a helper belongs
    /// to the sites of that helper on its line.
    public var helper: String = ""
    /// Numbering tier of the operator family (see `Numbering`); not written to sites.json.
    var tier: Int = 0

    public var replacement: Replacement { Replacement(op, original, mutated) }
}

extension Mutant {
    /// One JSON object, fields in a fixed order (the Python side and the byte-identical checks
    /// compare this text).
    public var json: String {
        "{\"id\": \(id), \"group\": \(group), \"key\": \(jsonString(key)), \"file\": \(jsonString(file)), "
            + "\"line\": \(line), \"column\": \(column), \"end_line\": \(endLine), \"operator\": \(jsonString(op)), "
            + "\"original\": \(jsonString(original)), \"mutated\": \(jsonString(mutated)), "
            + "\"function\": \(jsonString(function)), \"decl_lines\": [\(declStart), \(declEnd)], "
            + "\"context\": \(jsonString(context)), \"helper\": \(jsonString(helper))}"
    }
}

/// sites.json: a JSON array, one mutant per line.
public func sitesJSON(_ mutants: [Mutant]) -> String {
    "[\n" + mutants.map { "  " + $0.json }.joined(separator: ",\n") + "\n]\n"
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
