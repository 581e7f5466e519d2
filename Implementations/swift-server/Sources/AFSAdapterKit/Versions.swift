// The library versions this package is pinned to (Package.resolved); the handshake reports them.
#if compiler(>=6.3)
    public let swiftVersion = "Swift 6.3"
#else
    public let swiftVersion = "Swift < 6.3"
#endif

public enum Pinned {
    public static let multipartKit = "multipart-kit 4.7.1"
    public static let vapor = "vapor 4.122.3"
    public static let hummingbird = "hummingbird 2.28.1"
    public static let nioExtras = "swift-nio-extras 1.35.2"
    public static let nio = "swift-nio 2.101.3"
}

/// `maxParameterDepth` is range-checked (VECTORS.md §3) before it is found unsupported.
public func checkDepthOption(_ options: JSON, _ key: String) throws -> Int? {
    guard let v = option(options, key) else { return nil }
    guard case .number(let t) = v, let n = Int(t) else { throw HarnessError("options.\(key): expected an integer") }
    guard (1...100_000).contains(n) else { throw HarnessError("options.\(key): must be between 1 and 100000") }
    return n
}
