// Hummingbird's URLEncodedFormEncoder behind the eval protocol (VECTORS.md §5): the query-string
// component. The parameter tree is handed to the encoder as an Encodable value (AFSAdapterKit's
// EncodableParam); README.md in Implementations/swift-hummingbird lists the option mapping.
import AFSAdapterKit
import Hummingbird

let library = "hummingbird"

func queryString(_ input: JSON, _ options: JSON) throws -> JSON {
    try onlyOptions(
        options, ["arrayStyle", "boolStyle", "style", "maxParameterDepth"],
        library: "Hummingbird's URLEncodedFormEncoder")
    let parameters = try queryParameters(input)
    let arrayStyle = try stringOption(
        options, "arrayStyle", default: "brackets", allowed: ["brackets", "noBrackets", "indexInBrackets"])
    let boolStyle = try stringOption(options, "boolStyle", default: "numeric", allowed: ["numeric", "literal"])
    // One escaping for every style: the node's percentEncoded (README).
    _ = try stringOption(
        options, "style", default: "afnetworking", allowed: ["afnetworking", "whatwgForm", "rfc3986Unreserved"])
    if try checkDepthOption(options, "maxParameterDepth") != nil {
        throw Unsupported("maxParameterDepth: URLEncodedFormEncoder has no nesting limit to set")
    }
    // Data is written as one base64 value, not as an array.
    let hasArray = parameters.contains {
        switch $0 {
        case .array, .set: true
        default: false
        }
    }
    if hasArray, arrayStyle != "brackets" {
        throw Unsupported("arrayStyle \(arrayStyle): URLEncodedFormEncoder writes arrays as key[] (brackets) only")
    }
    if boolStyle == "numeric", parameters.contains({ if case .bool = $0 { true } else { false } }) {
        throw Unsupported("boolStyle numeric: URLEncodedFormEncoder writes Bool as true/false (literal) only")
    }
    do {
        let text = try URLEncodedFormEncoder().encode(EncodableParam(parameters))
        return .obj(["text": .string(text)])
    } catch {
        return libraryError(library, error)
    }
}

Adapter(
    name: "swift-hummingbird",
    version: "\(Pinned.hummingbird) (URLEncodedFormEncoder), \(swiftVersion)",
    supports: .obj([
        "components": .obj(["query-string": .array([.string("strict")])]),
        "omits": .obj(["query-string": .array([.string("pairs"), .string("error.*")])]),
    ]),
    components: ["query-string": queryString]
).run()
