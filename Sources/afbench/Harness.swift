import Foundation

struct Benchmark: Sendable {
    let name: String
    let run: @Sendable () -> Void
}

/// Every benchmark; add yours here.
let allBenchmarks: [Benchmark] =
    [requestBenchmark, escapingBenchmark, escapingPeersBenchmark, queryBenchmark]
    + multipartBenchmarks
    + responseBenchmarks + decodeBenchmarks

/// Best-of-`repeats` wall time of `body`, in seconds. The result is passed to `blackHole`.
func measure<T>(repeats: Int = 5, _ body: () -> T) -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        blackHole(body())
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = min(best, elapsed)
    }
    return best
}

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

/// Prints one row: name, MB/s, and the ratio against `baseline` seconds when given.
func report(_ label: String, bytes: Int, seconds: Double, baseline: Double? = nil) {
    let mbps = Double(bytes) / seconds / 1e6
    var line = String(format: "  %-44@ %10.1f MB/s  %9.3f ms", label as NSString, mbps, seconds * 1e3)
    if let baseline { line += String(format: "  ×%.1f vs baseline", baseline / seconds) }
    print(line)
}
