// Mutant ids and site groups, numbered across files in tiers.

/// Hands out ids (AFS_MUTANT values) and groups. Tier 0 holds the operator families of the first
/// numbering and is numbered from 1 in (file, source) order, as it always was. A family added later
/// takes a higher tier: its mutants are numbered after every mutant of the lower tiers, so adding a
/// family never renumbers the mutants that existed (reports and schemata of two tool versions stay
/// comparable by id, and a schemata diff shows only the new sites). Within a tier, ids follow
/// (file, source) order.
///
/// Tier-0 ids are final when handed out. Higher tiers' are known only after the last file: their
/// code carries a placeholder that `resolve` replaces.
final class Numbering {
    private(set) var nextID: [Int] = [1]
    private(set) var nextGroup: [Int] = [1]

    /// The next group of `count` ids in `tier`: (first id, group), tier-local for tiers above 0.
    func take(_ count: Int, tier: Int) -> (first: Int, group: Int) {
        while nextID.count <= tier {
            nextID.append(1)
            nextGroup.append(1)
        }
        let r = (nextID[tier], nextGroup[tier])
        nextID[tier] += count
        nextGroup[tier] += 1
        return r
    }

    /// How `id` is written in code: the number itself in tier 0, a placeholder above.
    func text(_ id: Int, tier: Int) -> String {
        tier == 0 ? String(id) : "\(Self.open)\(tier):\(id)\(Self.close)"
    }

    /// What precedes tier `t` once every file is read: (ids, groups) of the lower tiers.
    private func offsets(_ t: Int) -> (Int, Int) {
        (nextID.prefix(t).reduce(0) { $0 + $1 - 1 }, nextGroup.prefix(t).reduce(0) { $0 + $1 - 1 })
    }

    /// The mutant with its final id and group.
    func resolve(_ m: Mutant) -> Mutant {
        guard m.tier > 0 else { return m }
        var m = m
        let (ids, groups) = offsets(m.tier)
        m.id += ids
        m.group += groups
        return m
    }

    /// The code with every placeholder replaced by its final id.
    func resolve(_ code: String) -> String {
        guard code.unicodeScalars.contains(Self.open) else { return code }
        var out = ""
        var rest = Substring(code)
        while let start = rest.firstIndex(of: Character(Self.open)),
            let end = rest[start...].firstIndex(of: Character(Self.close))
        {
            out += rest[..<start]
            let parts = rest[rest.index(after: start)..<end].split(separator: ":")
            let tier = Int(parts[0])!, id = Int(parts[1])!
            out += String(id + offsets(tier).0)
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    /// Private-use code points: never in the core's source (MutationRun checks).
    static let open: Unicode.Scalar = "\u{E000}"
    static let close: Unicode.Scalar = "\u{E001}"
}
