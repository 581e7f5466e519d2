import AFSerialization

/// A golden-vector request, `{"input": {…}, "options": {…}}` in VECTORS.md's encodings, for a
/// component and profile: what `conformance promote` turns into a vector, and what the corpus
/// differential sends to other implementations. The fuzz bodies restate their inputs as these.
public struct VectorRequest: Sendable {
    public var component: String
    public var profile: Profile
    public var input: JSONValue
    public var options: JSONValue
    /// What the vector cannot express (e.g. a fuzz-only limit); empty when exact.
    public var notes: [String]

    /// `{"input": …, "options": …}`, the file `conformance promote` reads.
    public var requestText: String {
        JSONValue.object([.init("input", input), .init("options", options)]).jsonText
    }

    public init(component: String, profile: Profile, input: JSONValue, options: JSONValue, notes: [String] = []) {
        self.component = component
        self.profile = profile
        self.input = input
        self.options = options
        self.notes = notes
    }
}
