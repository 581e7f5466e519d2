import AFSerialization
import AFVectorFormat

/// One row of the VECTORS.md component table: decodes `input`/`options`, calls the core,
/// encodes the output. Throw ``HarnessError`` for bad test input, ``AFSError`` for what the core
/// reports (it becomes `{"error": …}`).
public protocol EvalComponent: Sendable {
    var name: String { get }
    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue
}

/// Every component the harness knows. Add a component by appending it here.
public enum Components {
    public static let all: [any EvalComponent] = [
        EchoComponent(),
        RequestComponent(),
        MultipartComponent(),
        MultipartParseComponent(),
        PercentEscapeComponent(),
        QueryStringComponent(),
        MediaTypeComponent(),
        ResponseComponent(),
        NullCleanComponent(),
        ContentDecodeComponent(),
    ]

    public static let byName: [String: any EvalComponent] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    public static var names: [String] { all.map(\.name).sorted() }
}

/// Returns its input unchanged: lets outside harnesses check the protocol itself.
struct EchoComponent: EvalComponent {
    let name = "echo"
    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue { input.value }
}
