import AFSerialization
import AFVectorFormat

/// What the bytes of a corpus input mean for one fuzz target, apart from any check made on them:
/// the target's frozen option header and payload (decoded by its `setUp`), the core's output for
/// them as text (output snapshots, `conformance snapshot`), and the same call as a golden-vector
/// request (`snapshot --vector-request`, the corpus differential).
///
/// This is the corpus file format, the one home of every target's header: the fuzz bodies
/// (AFFuzzBodies) decode their inputs with it and add the invariants; the snapshot and corpus
/// tooling (AFCorpus, `conformance`) read corpora with it and never see a fuzz body.
public protocol CorpusTarget {
    /// The target's name: its corpus is `Corpus/<name>/`, its fuzz executable `fuzz-<name>`.
    static var name: String { get }
    /// The frozen header, payload and oracles (scripts/fuzz/targets.json is rendered from these).
    static var descriptor: FuzzTargetDescriptor { get }
    /// The canonical output text for `input`: a pure, platform-independent function of the bytes.
    /// It reads the header as the body does, prints the decoded options on the first line, then
    /// the core's output (text or error: domain, code or kind, offset, message). Its digest is
    /// recorded per corpus input, so any behaviour change on any corpus input shows up.
    static func describeOutput(_ input: inout CorpusInput) -> String
    /// The component, profile and request for `input` in VECTORS.md's encodings (`{"input": {…},
    /// "options": {…}}`), reading the header exactly as the body reads it, or nil when it cannot be
    /// expressed. A minimized crash becomes a vector through it (`conformance promote FILE
    /// --component C --profile P`), and the corpus differential sends it to another implementation.
    static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest?
    /// Hand-made inputs (`conformance seeds` writes them as `Corpus/<name>/seed-<label>`): the
    /// header's cases and the payloads the body's oracles care about.
    static var seeds: [Seed] { get }
    /// The input that exercises this target with `vector`'s request (written as `vec-<id>`), or nil
    /// when the vector is not this target's or cannot be expressed in its input format.
    static func seed(from vector: SeedVector) -> [UInt8]?
    /// The header bit that bounds the parameter tree, when the target has one.
    static var boundedBit: BoundedBit? { get }
    /// What the payload after the header is, for mutators that keep its structure.
    static var payloadKind: PayloadKind { get }
}

/// The structure of a target's payload (``CorpusMutator`` mutates it as that structure).
public enum PayloadKind: Sendable, Equatable {
    /// Bytes with no structure the mutator knows.
    case bytes
    /// A ``ParameterProgram``: mutated as the tree it decodes to.
    case parameterProgram
    /// CRLF-separated lines (a multipart body): lines are dropped, repeated, swapped or cut.
    case lines
}

extension CorpusTarget {
    public static func seed(from vector: SeedVector) -> [UInt8]? { nil }
    public static var boundedBit: BoundedBit? { nil }
    public static var payloadKind: PayloadKind { .bytes }
}

extension CorpusTarget {
    /// ``describeOutput(_:)`` from the start of `bytes`.
    public static func describe(_ bytes: [UInt8]) -> String {
        var input = CorpusInput(bytes)
        return describeOutput(&input)
    }

    /// ``vectorRequest(_:)`` from the start of `bytes`.
    public static func vectorRequest(bytes: [UInt8]) -> VectorRequest? {
        var input = CorpusInput(bytes)
        return vectorRequest(&input)
    }
}

/// Every target with a corpus (the canary has none: it crashes by design). The fuzz bodies'
/// `FuzzTargets.all` names the same targets in the same order (a test checks it).
public enum CorpusTargets {
    public static var all: [any CorpusTarget.Type] {
        [
            PercentEscapeInput.self,
            QueryStringInput.self,
            JSONInput.self,
            RequestInput.self,
            MultipartWriterInput.self,
            MultipartParserInput.self,
            MediaTypeInput.self,
            ContentDecodeInput.self,
            ImageInput.self,
            ResponseInput.self,
            PlistRequestInput.self,
        ]
    }

    /// The target called `name`, or nil.
    public static func named(_ name: String) -> (any CorpusTarget.Type)? {
        all.first { $0.name == name }
    }
}
