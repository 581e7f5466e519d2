#if canImport(Glibc)
    import Glibc
#endif

import AFFoundationCompat

/// The references a fuzz body checks the core against that live in modules of their own (expat,
/// vapor/multipart-kit), so that `conformance` and builds without them link none, and the oracles a
/// night-long run needs out of its own process (Foundation's property-list reader in a child, its
/// writer's comparison in a program without sanitizers): the
/// executable or test that wants one installs it here, once per process; a body whose reference is
/// nil skips that comparison, and one without a reader reads in process. The one place such hooks are kept.
public struct FuzzOracles {
    /// vapor/multipart-kit (AFFuzzMultipartKitOracle): the parts of (body, boundary), or nil when
    /// it rejects the input.
    public var multipartReference: (([UInt8], String) -> [MultipartParserFuzz.ReferencePart]?)?
    /// expat (AFFuzzXMLOracle): nil when it accepts a whole document, else (error code, byte index).
    public var xmlReference: (([UInt8]) -> (code: Int, byteIndex: Int)?)?
    /// Foundation's property-list reader in a child process (``ForkedPlistReader``); nil: Foundation
    /// reads in this process, whose per-refusal leak a night-long run cannot afford.
    public var plistReader: PropertyListReader?
    /// fuzz-plist-request's comparison with Foundation in `afs-oracle-host`, built without
    /// sanitizers (``FoundationHost``); nil: in this process.
    public var foundationHost: ForkedChild?

    public init() {}

    /// Written by ``install(_:)`` before the first input is run, then only read: libFuzzer and the
    /// replay tests call a body from one thread at a time.
    nonisolated(unsafe) public private(set) static var installed = FuzzOracles()

    /// Adds references to the installed set.
    public static func install(_ change: (inout FuzzOracles) -> Void) { change(&installed) }

    /// The oracles kept here, by the names the targets' descriptors give them (`scripts/fuzz/targets.json`),
    /// each with whether it is installed.
    public var presence: [(name: String, installed: Bool)] {
        [
            ("multipart-kit-differential", multipartReference != nil),
            ("expat-strict-xml-verdict", xmlReference != nil),
            ("forked-plist-reader", plistReader != nil),
            ("foundation-in-oracle-host", foundationHost != nil),
        ]
    }

    nonisolated(unsafe) private static var announced = false

    /// Writes, once per process, which of these oracles the executable runs with: a build that links
    /// one but never installs it would otherwise skip its comparisons in silence. The OSS-Fuzz build
    /// check (`afstools.ossfuzz`) reads this line and fails a target whose descriptor names an oracle
    /// that is not installed.
    public static func announceOnce(target: String) {
        guard !announced else { return }
        announced = true
        func list(_ installed: Bool) -> String {
            let names = Self.installed.presence.filter { $0.installed == installed }.map(\.name)
            return names.isEmpty ? "none" : names.joined(separator: ", ")
        }
        standardError("fuzz-\(target): oracles installed: \(list(true)); not installed: \(list(false))")
    }
}
