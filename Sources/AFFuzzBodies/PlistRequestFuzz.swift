import AFCorpusFormat
import AFFoundationCompat
import AFSerialization
import Foundation
import Synchronization

/// SPEC §3.4 property-list request bodies against Foundation's `PropertyListSerialization`.
///
/// Input: ``PlistRequestInput`` (the frozen option header and the payload).
///
/// Checks: no parameters, no body and no Content-Type of ours; a tree with a null or a set fails
/// with NSCocoaErrorDomain 3851 (SPEC §3.4), as Foundation's writer refuses it; otherwise the body
/// is byte-identical to `PropertyListSerialization.data(fromPropertyList:format: .xml, options: 0)`
/// of AF's object (AFFoundationCompat's `foundationPlistObject`; with keys an NSDictionary would
/// merge, Foundation reads both bodies to the same object), Content-Type `application/x-plist`
/// unless the request had one. Trees deeper than ``RequestFuzz/foundationDepth`` are only read back, and
/// so are trees with arrays where Foundation cannot write them (``foundationWritesArrays``).
/// A tree and body Foundation has already passed in this process are not compared again
/// (``FoundationVerdicts``); the executable says how many at its exit. The executable compares in
/// `afs-oracle-host`, outside the sanitizers, where it can start one (``FoundationHost``).
public enum PlistRequestFuzz: FuzzBody {
    public static var name: String { PlistRequestInput.name }

    /// False where Foundation is linked statically (OSS-Fuzz's builds): swift-corelibs-foundation then
    /// cannot write a Swift array (what it reads a property list's arrays back as) nor an `NSArray` in
    /// a dictionary ("property lists cannot contain objects of type 'Not A Type'", docs/matrix/FINDINGS.md
    /// F-5), so a tree with an array is only read back there; the dynamic builds (ours, the replay
    /// tests) compare every tree byte for byte.
    static let foundationWritesArrays: Bool = {
        let inDictionary = NSMutableDictionary()
        inDictionary["k" as NSString] = NSArray()
        return [inDictionary, ["x"] as [Any]].allSatisfy {
            (try? PropertyListSerialization.data(fromPropertyList: $0, format: .xml, options: 0)) != nil
        }
    }()

    public static var exitReport: String? {
        ([FoundationVerdicts.summary] + [FoundationHost.summary].compactMap { $0 }).joined(separator: "\n")
    }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = PlistRequestInput.setUp(&input)
        let result = setup.serialize()
        let contentType = setup.flags & 2 != 0 ? "text/mine" : PropertyListRequestSerializer.contentType
        guard let parameters = setup.parameters else {
            guard case .success(let out) = result else { throw FuzzFailure("error without parameters: \(result)") }
            try check(
                out.body.isNone && out.headers["Content-Type"] == (setup.flags & 2 != 0 ? "text/mine" : nil),
                "no parameters: body or Content-Type added")
            return
        }
        let notPlist = !parameters.allNodes { v in
            switch v {
            case .null, .set: false
            default: true
            }
        }
        let nested = parameters.nestedContainers
        switch result {
        case .failure(let e):
            if e.kind == .nestingTooDeep {
                // SPEC §8: the limit admits maxParameterDepth nested containers, empty ones included.
                try check(
                    nested > Limits.default.maxParameterDepth, "depth error with \(nested) nested containers")
                return
            }
            try check(notPlist, "rejected a property-list tree: \(e)")
            try check(
                e.domain == AFSError.cocoaDomain && e.code == PlistXMLWriter.writeInvalidCode,
                "wrong error for a null or a set: \(e)")
        case .success(let out):
            try check(!notPlist, "wrote a null or a set")
            try check(
                nested <= Limits.default.maxParameterDepth, "wrote \(nested) nested containers, over maxParameterDepth")
            try check(
                out.headers["Content-Type"] == contentType, "Content-Type \(out.headers["Content-Type"] ?? "none")")
            guard let body = out.body.bytes else { throw FuzzFailure("no body") }
            let tree = TreeWire.encode(parameters)
            let verdict = FoundationVerdicts.digest(tree, body)
            if FoundationVerdicts.passed(verdict) { return }
            if let host = FuzzOracles.installed.foundationHost {
                try FoundationHost.check(host, parameters, tree: tree, body: body)
            } else {
                try checkAgainstFoundation(parameters, body)
            }
            FoundationVerdicts.remember(verdict)
        }
    }

    /// The body against Foundation: its own bytes for the same object, or (keys an NSDictionary
    /// merges, trees Foundation cannot write) what it reads back.
    static func checkAgainstFoundation(_ parameters: ParameterValue, _ body: [UInt8]) throws(FuzzFailure) {
        guard parameters.depth <= RequestFuzz.foundationDepth,
            Self.foundationWritesArrays
                || parameters.allNodes(where: { if case .array = $0 { false } else { true } })
        else {
            try check(
                (try? PropertyListSerialization.propertyList(from: Data(body), options: [], format: nil)) != nil,
                "PropertyListSerialization cannot read the body of a \(parameters.depth)-deep tree"
                    + (parameters.depth <= RequestFuzz.foundationDepth ? " with arrays" : ""))
            return
        }
        guard let theirs = FoundationPlistXML.bytes(parameters.plistNSObject) else {
            throw FuzzFailure("PropertyListSerialization refuses a tree without null or set")
        }
        if !parameters.dictionaryShape.duplicateKeys {
            try check(
                body == theirs,
                "body differs from PropertyListSerialization: \(String(decoding: body, as: UTF8.self).prefix(400)) "
                    + "vs \(String(decoding: theirs, as: UTF8.self).prefix(400))"
            )
        } else {
            // An NSDictionary keeps one of the equal keys; the model writes every entry, and a
            // reader keeps the last. Both bodies must read back to the same property list
            // (Foundation's reading, compared as ordered JSON with each value's type).
            let a = PropertyListReader.foundation.read(body), b = PropertyListReader.foundation.read(theirs)
            try check((try? a.get()) != nil && a == b, "body does not read back to PropertyListSerialization's")
        }
    }
}

/// Foundation's verdicts already taken in this process, by tree (its exact bytes, ``TreeWire``:
/// strings by their bytes, doubles by their bits) and the body the core wrote for it.
/// libFuzzer runs many inputs whose tree is one it has run before (a changed header byte, a byte
/// after the root); Foundation's writer and reader are deterministic, so the same tree and the same
/// body get the same verdict, and only a body the core has not written for that tree before is
/// compared again.
///
/// A verdict is kept as a 128-bit digest of the tree and body (two SipHash values), in a table
/// allocated once and cleared when half full (``slots``): remembering allocates nothing. libFuzzer
/// runs an input a second time, under its leak check, whenever more was allocated than freed while
/// it ran, which a cache that grows with each verdict would make every input with a new one. Two different
/// tree-and-body pairs share a digest with a probability of about 2⁻¹²⁸ per pair kept.
enum FoundationVerdicts {
    static let slots = 1 << 16

    struct Digest: Equatable {
        var a: UInt64, b: UInt64
        static let empty = Digest(a: 0, b: 0)
    }

    struct State {
        var table = [Digest](repeating: .empty, count: slots)
        var kept = 0, lookups = 0, reused = 0
    }

    /// Locked: the replay tests run targets' bodies in parallel.
    static let state = Mutex(State())

    static func digest(_ tree: [UInt8], _ body: [UInt8]) -> Digest {
        func hash(_ salt: UInt8) -> UInt64 {
            var h = Hasher()
            h.combine(salt)
            h.combine(tree.count)
            tree.withUnsafeBytes { h.combine(bytes: $0) }
            body.withUnsafeBytes { h.combine(bytes: $0) }
            return UInt64(UInt(bitPattern: h.finalize()))
        }
        let d = Digest(a: hash(0), b: hash(1))
        return d == .empty ? Digest(a: 0, b: 1) : d
    }

    /// The slot holding `d`, or the empty one where it would go (linear probing).
    static func slot(_ d: Digest, in table: [Digest]) -> Int {
        var i = Int(truncatingIfNeeded: d.a) & (slots - 1)
        while table[i] != .empty && table[i] != d { i = (i + 1) & (slots - 1) }
        return i
    }

    static func passed(_ d: Digest) -> Bool {
        state.withLock { s in
            s.lookups += 1
            guard s.table[slot(d, in: s.table)] == d else { return false }
            s.reused += 1
            return true
        }
    }

    static func remember(_ d: Digest) {
        state.withLock { s in
            if s.kept >= slots / 2 {
                s.table.withUnsafeMutableBufferPointer { $0.update(repeating: .empty) }
                s.kept = 0
            }
            let i = slot(d, in: s.table)
            if s.table[i] == .empty {
                s.table[i] = d
                s.kept += 1
            }
        }
    }

    /// How many verdicts were reused (the fuzz README's throughput).
    static var summary: String {
        state.withLock { "fuzz-plist-request: Foundation's verdict reused for \($0.reused) of \($0.lookups) bodies" }
    }
}
