// Benchmarks: each compares the core against a baseline measured in the same run.
// `swift run -c release afbench [name…]` runs all (or the named) benchmarks.
import Foundation

let selected = Set(CommandLine.arguments.dropFirst())
for bench in allBenchmarks where selected.isEmpty || selected.contains(bench.name) {
    print("== \(bench.name)")
    bench.run()
}
