/// One open container during an iterative walk of a ``ParameterValue`` (the writers never recurse,
/// so hostile depth meets a limit, not the thread's stack). Paths are built from the frames only
/// when an error needs one: no per-node strings, so memory stays proportional to the depth.
struct ContainerFrame {
    enum Children {
        case array([ParameterValue])
        case dictionary([ParameterValue.Entry])
    }

    let children: Children
    /// Index of the next child to visit.
    var next = 0

    init(_ children: Children) { self.children = children }

    var count: Int {
        switch children {
        case .array(let xs): xs.count
        case .dictionary(let es): es.count
        }
    }

    /// Returns the next child and its key (nil in arrays), advancing; nil when done.
    mutating func advance() -> (key: String?, value: ParameterValue)? {
        guard next < count else { return nil }
        defer { next += 1 }
        switch children {
        case .array(let xs): return (nil, xs[next])
        case .dictionary(let es): return (es[next].key, es[next].value)
        }
    }

    /// `$[0].key[2]`-style path of the child each frame visited last: at most its first 200
    /// characters (SPEC §3.3, the error context `field`), and no work past them.
    static func path(_ frames: [ContainerFrame]) -> String {
        var s = "$"
        for f in frames where f.next > 0 {
            switch f.children {
            case .array: s += "[\(f.next - 1)]"
            case .dictionary(let es): s += "." + es[f.next - 1].key
            }
            if s.count > 200 { return String(s.prefix(200)) }
        }
        return s
    }

    /// The typed error for nesting past `maxDepth` (SPEC §8).
    static func depthError(_ what: String, _ maxDepth: Int, _ frames: [ContainerFrame]) -> AFSError {
        AFSError(
            .nestingTooDeep, "\(what) nests deeper than \(maxDepth)",
            context: ["limit": String(maxDepth), "field": path(frames)])
    }
}
