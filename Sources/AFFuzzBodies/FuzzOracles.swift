/// The references a fuzz body checks the core against that live in modules of their own (expat,
/// vapor/multipart-kit), so that `conformance` and builds without them link none: the executable or
/// test that links one installs it here, once per process, and a body whose reference is nil skips
/// that comparison. The one place such hooks are kept.
public struct FuzzOracles {
    /// vapor/multipart-kit (AFFuzzMultipartKitOracle): the parts of (body, boundary), or nil when
    /// it rejects the input.
    public var multipartReference: (([UInt8], String) -> [MultipartParserFuzz.ReferencePart]?)?
    /// expat (AFFuzzXMLOracle): nil when it accepts a whole document, else (error code, byte index).
    public var xmlReference: (([UInt8]) -> (code: Int, byteIndex: Int)?)?

    public init() {}

    /// Written by ``install(_:)`` before the first input is run, then only read: libFuzzer and the
    /// replay tests call a body from one thread at a time.
    nonisolated(unsafe) public private(set) static var installed = FuzzOracles()

    /// Adds references to the installed set.
    public static func install(_ change: (inout FuzzOracles) -> Void) { change(&installed) }
}
