/// How arrays name their fields (SPEC §2.4).
public enum ArrayStyle: String, Sendable, Hashable, CaseIterable {
    /// `parent[]` — AF.
    case brackets
    /// `parent`
    case noBrackets
    /// `parent[i]`
    case indexInBrackets
}

/// How booleans are described (SPEC §2.4).
public enum BoolStyle: String, Sendable, Hashable, CaseIterable {
    /// `1` / `0` — NSNumber's description, as AF sends it.
    case numeric
    /// `true` / `false`
    case literal
}

/// The independent query options of SPEC §0 (escape, array and bool styles, limits).
public struct QueryStringOptions: Sendable, Hashable {
    public var escapeStyle: EscapeStyle = .afnetworking
    public var arrayStyle: ArrayStyle = .brackets
    public var boolStyle: BoolStyle = .numeric
    public var limits: Limits = .default

    public init(
        escapeStyle: EscapeStyle = .afnetworking, arrayStyle: ArrayStyle = .brackets,
        boolStyle: BoolStyle = .numeric, limits: Limits = .default
    ) {
        self.escapeStyle = escapeStyle
        self.arrayStyle = arrayStyle
        self.boolStyle = boolStyle
        self.limits = limits
    }
}
