/// Every bound from SPEC §8, as options with safe defaults. Exceeding one is a typed error.
public struct Limits: Sendable, Hashable {
    /// Parameter-tree nesting depth (SPEC §2, §8).
    public var maxParameterDepth: Int = 512
    /// JSON nesting depth for parsing and writing (SPEC §6.4, §8).
    public var maxJSONDepth: Int = 512
    /// Multipart parts per body, for the writer and the parser (SPEC §5, §8).
    public var maxMultipartParts: Int = 10_000
    /// Header bytes per multipart part (SPEC §5.7).
    public var maxPartHeaderBytes: Int = 16 * 1024
    /// Total bytes the multipart parser accepts (SPEC §5.7).
    public var maxMultipartBytes: Int = 1 << 30
    /// Decoded Content-Encoding output (SPEC §7).
    public var maxDecodedSize: Int = 64 * 1024 * 1024
    /// Image pixel count, width × height (SPEC §6.5).
    public var maxImagePixels: Int = 100_000_000

    public init() {}

    public static let `default` = Limits()
}
