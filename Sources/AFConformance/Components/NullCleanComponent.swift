import AFSerialization
import AFVectorFormat

/// `null-clean` (VECTORS.md): `json` → `json` with AF's null removal for the profile (SPEC §6.4).
struct NullCleanComponent: EvalComponent {
    let name = "null-clean"

    /// The bytes are the JSON text.
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? {
        do { return .obj(["json": try JSONParser().parse(bytes)]) } catch {
            throw HarnessError("input", "null-clean needs a JSON file: \(error)")
        }
    }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(options, known: [])
        try rejectUnknownKeys(input, known: ["json"])
        guard let json = input.raw("json") else {
            throw HarnessError(input.sub("json"), "required JSON value is missing")
        }
        return .obj(["json": try NullCleaning.clean(json, profile: profile)])
    }
}
