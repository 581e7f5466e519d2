import AFSerialization
import AFVectorFormat

/// The canonical layout of a vector file: file-level members one per line, one vector per line.
/// Diffs of vector changes stay one line per vector; `Tools/vectorgen/vectorfile.py` writes the same layout,
/// so a regenerated or re-blessed file differs only where vectors changed.
public enum VectorFileWriter {
    public static func text(_ doc: JSONValue) -> String {
        guard case .object(let members) = doc else { return doc.jsonText + "\n" }
        var lines = ["{"]
        for (i, m) in members.enumerated() {
            let comma = i == members.count - 1 ? "" : ","
            let key = JSONValue.string(m.key).jsonText
            if m.key == "vectors", let items = m.value.arrayValue, !items.isEmpty {
                lines.append("  \(key): [")
                for (j, v) in items.enumerated() {
                    lines.append("    " + v.jsonText + (j == items.count - 1 ? "" : ","))
                }
                lines.append("  ]" + comma)
            } else {
                lines.append("  \(key): \(m.value.jsonText)\(comma)")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension JSONValue {
    /// A copy with member `key` set (replaced in place, or appended).
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.lastIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(.init(key, value))
        }
        return .object(members)
    }
}
