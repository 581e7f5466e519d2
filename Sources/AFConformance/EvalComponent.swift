import AFSerialization
import AFVectorFormat

/// One row of the VECTORS.md component table: decodes `input`/`options`, calls the core,
/// encodes the output. Throw ``HarnessError`` for bad test input, ``AFSError`` for what the core
/// reports (it becomes `{"error": …}`).
public protocol EvalComponent: Sendable {
    var name: String { get }
    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue

    /// The value an absent option has (VECTORS.md §3), for the options a request may spell out at
    /// their default; taken from the same constants `evaluate` uses.
    var optionDefaults: [String: JSONValue] { get }
    /// Options the output never depends on (chunking and read sizes, SPEC §1.4 and §5.5): a request
    /// sent to another implementation leaves them out.
    var outputIndependentOptions: Set<String> { get }
    /// The `input` that a file's raw bytes make (`conformance promote` without `--field`); nil when
    /// this component needs the caller to say which field the bytes are.
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue?
    /// `input` as sent to another implementation: what only this harness can compute from it is
    /// spelt out (`output` is the core's answer to `input` under af4).
    func portable(input: JSONValue, output: JSONValue) -> JSONValue
}

extension EvalComponent {
    public var optionDefaults: [String: JSONValue] { [:] }
    public var outputIndependentOptions: Set<String> { [] }
    public func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? { nil }
    public func portable(input: JSONValue, output: JSONValue) -> JSONValue { input }
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
