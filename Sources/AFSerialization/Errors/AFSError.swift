/// The one error type of the core.
///
/// Two families share it so that chains can mix them (a JSON parse error whose underlying error is
/// an AFNetworking −1011, for instance):
/// - AFNetworking-compatible errors: `domain` + `code` exactly as AF (or Foundation) reports them.
/// - The core's own typed errors: domain ``AFSError/coreDomain`` with a ``Kind``.
/// `context` carries where it happened (byte offset, field path, failing URL) so messages can name it.
public struct AFSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a core error. Extend it with `static let` in the file
    /// that throws it; the raw value is what vectors and `eval` print, so never rename one.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public static let coreDomain = "AFSerialization"
    public static let requestDomain = "com.alamofire.error.serialization.request"
    public static let responseDomain = "com.alamofire.error.serialization.response"
    public static let cocoaDomain = "NSCocoaErrorDomain"

    public var domain: String
    /// AF/Foundation error code; `0` for core errors (their identity is `kind`).
    public var code: Int
    /// Set for core errors only.
    public var kind: Kind?
    /// NSLocalizedDescriptionKey for AF errors; a human sentence for core errors.
    public var message: String
    /// NSLocalizedFailureReasonErrorKey where AF sets one.
    public var failureReason: String?
    /// Byte (or UTF-16 unit, where the input is UTF-16) offset into the input, when known.
    public var offset: Int?
    /// Extra named context: "field", "failingURL", "limit", "statusCode", … Printed in `description`.
    public var context: [String: String]
    private var underlyingBox: [AFSError]

    /// The error this one wraps (NSUnderlyingErrorKey).
    public var underlying: AFSError? {
        get { underlyingBox.first }
        set { underlyingBox = newValue.map { [$0] } ?? [] }
    }

    /// A core error.
    public init(_ kind: Kind, _ message: String, offset: Int? = nil, context: [String: String] = [:]) {
        self.domain = Self.coreDomain
        self.code = 0
        self.kind = kind
        self.message = message
        self.failureReason = nil
        self.offset = offset
        self.context = context
        self.underlyingBox = []
    }

    /// An AFNetworking/Foundation-compatible error.
    public init(
        domain: String, code: Int, message: String, failureReason: String? = nil,
        offset: Int? = nil, context: [String: String] = [:], underlying: AFSError? = nil
    ) {
        self.domain = domain
        self.code = code
        self.kind = nil
        self.message = message
        self.failureReason = failureReason
        self.offset = offset
        self.context = context
        self.underlyingBox = underlying.map { [$0] } ?? []
    }

    /// AF's chaining rule (SPEC §6.3): attaching an underlying error never replaces an existing one;
    /// it is attached at the end of the chain.
    public func chaining(_ error: AFSError?) -> AFSError {
        guard let error else { return self }
        var copy = self
        if let inner = copy.underlying {
            copy.underlying = inner.chaining(error)
        } else {
            copy.underlying = error
        }
        return copy
    }

    /// Every error in the chain, outermost first.
    public var chain: [AFSError] {
        var out = [self]
        var cursor = underlying
        while let e = cursor {
            out.append(e)
            cursor = e.underlying
        }
        return out
    }

    public var description: String {
        var s = kind.map { "\(domain).\($0)" } ?? "\(domain) \(code)"
        s += ": \(message)"
        if let failureReason, failureReason != message { s += " (\(failureReason))" }
        if let offset { s += " at offset \(offset)" }
        for key in context.keys.sorted() { s += ", \(key)=\(context[key]!)" }
        if let underlying { s += "; underlying: \(underlying)" }
        return s
    }
}

extension AFSError.Kind {
    /// A nesting limit (SPEC §8) was exceeded.
    public static let nestingTooDeep = Self("nestingTooDeep")
    /// Some other limit from ``Limits`` was exceeded.
    public static let limitExceeded = Self("limitExceeded")
    /// Raw UTF-16 input held a lone surrogate (SPEC §1.5).
    public static let unpairedSurrogate = Self("unpairedSurrogate")
    /// Raw byte input was not UTF-8 (SPEC §1.5).
    public static let invalidUTF8 = Self("invalidUTF8")
    /// An option value outside its domain (batch size 0, unknown style name, …).
    public static let invalidOption = Self("invalidOption")
}
