/// The vector wire format (codecs, harness errors, digests) is part of the runner's API: its
/// clients (the CLI, adapters written in Swift, tests) get it with `import AFConformance`.
@_exported import AFVectorFormat
