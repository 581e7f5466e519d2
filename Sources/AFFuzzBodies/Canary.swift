import AFCorpusFormat
/// The build self-check's canary (scripts/fuzz/build.sh): a planted heap overflow in this module,
/// so ASan catching it proves the shared bodies, not just the thin executable, are instrumented.
/// Not in ``FuzzTargets/all``: replaying it would crash by design.
public enum CanaryFuzz: FuzzBody {
    public static let name = "canary"

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        // Input "CANARY" writes one element past a 4-element heap buffer.
        guard input.bytes.starts(with: Array("CANARY".utf8)) else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
        defer { buffer.deallocate() }
        let index = input.bytes.count - 2  // 4 for "CANARY": out of bounds
        buffer[index] = 1
    }
}
