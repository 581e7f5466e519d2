import AFFoundationCompat
import AFSerialization
import Foundation

/// SPEC §3.4 property-list request bodies against Foundation's `PropertyListSerialization`.
///
/// Header (2 bytes, frozen): `[0]` profile, `Profile.allCases[b % 3]`; `[1]` bit 0: bounded tree
/// (``ParameterProgram/decode(_:bounded:)``); bit 1: the request already has a Content-Type;
/// bit 2: no parameters; bits 3–7 reserved. Payload: a ``ParameterProgram``. The method is POST.
///
/// Checks: no parameters, no body and no Content-Type of ours; a tree with a null or a set fails
/// with NSCocoaErrorDomain 3851 (SPEC §3.4), as Foundation's writer refuses it; otherwise the body
/// is byte-identical to `PropertyListSerialization.data(fromPropertyList:format: .xml, options: 0)`
/// of AF's object (AFFoundationCompat's `foundationBodyObject`; with keys an NSDictionary would
/// merge, Foundation reads both bodies to the same object), Content-Type `application/x-plist`
/// unless the request had one. Trees deeper than ``RequestFuzz/foundationDepth`` are only read back.
public enum PlistRequestFuzz: FuzzBody {
    public static let name = "plist-request"

    struct Setup {
        let profile: Profile, flags: UInt8
        let parameters: ParameterValue?
        let request: Request
        var header: String { "\(profile) flags \(flags)" }
        func serialize() -> Result<Request, AFSError> {
            Result { () throws(AFSError) in
                try PropertyListRequestSerializer(base: HTTPRequestSerializer(profile: profile)).serialize(request, parameters: parameters)
            }
        }
    }

    static func setUp(_ input: inout FuzzInput) -> Setup {
        let profile = input.pick(Profile.self), flags = input.option()
        let tree = ParameterProgram.decode(&input, bounded: flags & 1 != 0)
        var headers: HTTPHeaders = []
        if flags & 2 != 0 { headers.set("content-type", "text/mine") }
        return Setup(profile: profile, flags: flags, parameters: flags & 4 != 0 ? nil : tree,
                     request: Request(method: "POST", url: "http://h/p", headers: headers))
    }

    public static func run(_ input: inout FuzzInput) throws(FuzzFailure) {
        let setup = setUp(&input)
        let result = setup.serialize()
        let contentType = setup.flags & 2 != 0 ? "text/mine" : PropertyListRequestSerializer.contentType
        guard let parameters = setup.parameters else {
            guard case .success(let out) = result else { throw FuzzFailure("error without parameters: \(result)") }
            try check(out.body.isNone && out.headers["Content-Type"] == (setup.flags & 2 != 0 ? "text/mine" : nil), "no parameters: body or Content-Type added")
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
            if e.kind == .nestingTooDeep { try check(parameters.depth > Limits.default.maxParameterDepth, "depth error at depth \(parameters.depth)"); return }
            try check(notPlist, "rejected a property-list tree: \(e)")
            try check(e.domain == AFSError.cocoaDomain && e.code == PlistXMLWriter.writeInvalidCode, "wrong error for a null or a set: \(e)")
        case .success(let out):
            try check(!notPlist, "wrote a null or a set")
            try check(out.headers["Content-Type"] == contentType, "Content-Type \(out.headers["Content-Type"] ?? "none")")
            guard let body = out.body.bytes else { throw FuzzFailure("no body") }
            guard parameters.depth <= RequestFuzz.foundationDepth else {
                try check((try? PropertyListSerialization.propertyList(from: Data(body), options: [], format: nil)) != nil,
                          "PropertyListSerialization cannot read the body of a \(parameters.depth)-deep tree")
                return
            }
            guard let theirs = try? PropertyListSerialization.data(fromPropertyList: parameters.foundationBodyObject, format: .xml, options: 0) else {
                throw FuzzFailure("PropertyListSerialization refuses a tree without null or set")
            }
            if !parameters.dictionaryShape.duplicateKeys {
                try check(body == Array(theirs), "body differs from PropertyListSerialization: \(String(decoding: body, as: UTF8.self).prefix(400)) vs \(String(decoding: theirs, as: UTF8.self).prefix(400))")
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
