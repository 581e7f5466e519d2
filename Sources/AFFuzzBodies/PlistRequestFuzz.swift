import AFCorpusFormat
import AFFoundationCompat
import AFSerialization
import Foundation

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
        switch result {
        case .failure(let e):
            if e.kind == .nestingTooDeep {
                try check(
                    parameters.depth > Limits.default.maxParameterDepth, "depth error at depth \(parameters.depth)");
                return
            }
            try check(notPlist, "rejected a property-list tree: \(e)")
            try check(
                e.domain == AFSError.cocoaDomain && e.code == PlistXMLWriter.writeInvalidCode,
                "wrong error for a null or a set: \(e)")
        case .success(let out):
            try check(!notPlist, "wrote a null or a set")
            try check(
                out.headers["Content-Type"] == contentType, "Content-Type \(out.headers["Content-Type"] ?? "none")")
            guard let body = out.body.bytes else { throw FuzzFailure("no body") }
            guard parameters.depth <= RequestFuzz.foundationDepth,
                Self.foundationWritesArrays
                    || parameters.allNodes(where: { if case .array = $0 { false } else { true } })
            else {
                try check(
                    (try? PropertyListSerialization.propertyList(from: Data(body), options: [], format: nil)) != nil,
                    "PropertyListSerialization cannot read the body of a \(parameters.depth)-deep tree")
                return
            }
            guard
                let theirs = try? PropertyListSerialization.data(
                    fromPropertyList: parameters.foundationPlistObject, format: .xml, options: 0)
            else {
                throw FuzzFailure("PropertyListSerialization refuses a tree without null or set")
            }
            if !parameters.dictionaryShape.duplicateKeys {
                try check(
                    body == Array(theirs),
                    "body differs from PropertyListSerialization: \(String(decoding: body, as: UTF8.self).prefix(400)) "
                        + "vs \(String(decoding: theirs, as: UTF8.self).prefix(400))"
                )
            } else {
                // An NSDictionary keeps one of the equal keys; the model writes every entry, and a
                // reader keeps the last. Both bodies must read back to the same property list.
                func read(_ d: Data) -> Data? {
                    (try? PropertyListSerialization.propertyList(from: d, options: [], format: nil)).flatMap {
                        try? PropertyListSerialization.data(fromPropertyList: $0, format: .xml, options: 0)
                    }
                }
                let a = read(Data(body)), b = read(theirs)
                try check(a != nil && a == b, "body does not read back to PropertyListSerialization's")
            }
        }
    }
}
