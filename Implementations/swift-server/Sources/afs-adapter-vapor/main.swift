// Vapor's URLEncodedFormEncoder behind the eval protocol (VECTORS.md §5): the query-string
// component. The parameter tree is handed to the encoder as an Encodable value (AFSAdapterKit's
// EncodableParam); README.md in Implementations/swift-vapor lists the option mapping and projections.
import AFSAdapterKit
import Vapor

let library = "vapor"

func queryString(_ input: JSON, _ options: JSON) throws -> JSON {
    try onlyOptions(
        options, ["arrayStyle", "boolStyle", "style", "maxParameterDepth"], library: "Vapor's URLEncodedFormEncoder")
    let parameters = try queryParameters(input)
    let arrayStyle = try stringOption(
        options, "arrayStyle", default: "brackets", allowed: ["brackets", "noBrackets", "indexInBrackets"])
    let boolStyle = try stringOption(options, "boolStyle", default: "numeric", allowed: ["numeric", "literal"])
    // One escaping for every style: URLEncodedFormSerializer's fixed set (README).
    _ = try stringOption(
        options, "style", default: "afnetworking", allowed: ["afnetworking", "whatwgForm", "rfc3986Unreserved"])
    if try checkDepthOption(options, "maxParameterDepth") != nil {
        throw Unsupported("maxParameterDepth: URLEncodedFormEncoder has no nesting limit to set")
    }
    // Arrays, sets and Data (which Foundation encodes as an array of its bytes) meet arrayEncoding.
    let hasArray = parameters.contains {
        switch $0 {
        case .array, .set, .data: true
        default: false
        }
    }
    let arrayEncoding: URLEncodedFormEncoder.Configuration.ArrayEncoding
    switch arrayStyle {
    case "brackets": arrayEncoding = .bracket
    case "noBrackets": arrayEncoding = .values
    default:
        if hasArray {
            throw Unsupported(
                "arrayStyle indexInBrackets: URLEncodedFormEncoder's arrayEncoding is .bracket, .values or .separator")
        }
        arrayEncoding = .bracket
    }
    if boolStyle == "numeric", parameters.contains({ if case .bool = $0 { true } else { false } }) {
        throw Unsupported("boolStyle numeric: URLEncodedFormEncoder writes Bool as true/false (literal) only")
    }
    let encoder = URLEncodedFormEncoder(configuration: .init(arrayEncoding: arrayEncoding))
    do {
        let text: String = try encoder.encode(EncodableParam(parameters))
        return .obj(["text": .string(text)])
    } catch {
        return libraryError(library, error)
    }
}

Adapter(
    name: "swift-vapor",
    version: "\(Pinned.vapor) (URLEncodedFormEncoder), \(Pinned.nio), \(swiftVersion)",
    supports: .obj([
        "components": .obj(["query-string": .array([.string("af4")])]),
        "omits": .obj(["query-string": .array([.string("pairs"), .string("error.*")])]),
    ]),
    components: ["query-string": queryString]
).run()
