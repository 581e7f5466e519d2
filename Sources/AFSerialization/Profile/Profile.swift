/// A named bundle of behaviour (SPEC §0). Every public entry point takes one; `af4` is the default.
public enum Profile: String, Sendable, CaseIterable, Hashable, Codable {
    /// AFNetworking 3.2.1 (the seed articles). Differs from `af4` only in null cleaning (SPEC §6.4).
    case af3
    /// AFNetworking 4.0.1, the latest release.
    case af4
    /// AF's layout, corrected wherever AF breaks an RFC or loses data.
    case strict

    public static let `default`: Profile = .af4

    /// True for the two profiles that reproduce AFNetworking quirks verbatim.
    @inlinable public var isAF: Bool { self != .strict }
}
