@testable import AFFuzzBodies
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fuzz executable's thread and its helper process share one CPU (``SharedCPU``), chosen again
/// for each helper; a helper that does not ask for it runs where the kernel puts it.
@Suite struct SharedCPUTests {
    static func bytes(_ set: cpu_set_t?) -> [UInt8] {
        guard var set else { return [] }
        return withUnsafeBytes(of: &set) { Array($0) }
    }

    @Test func setsHoldTheirCPUs() {
        #expect(SharedCPU.count(cpu_set_t()) == 0)
        for cpu: Int32 in [0, 1, 7, 8, 63, 1023] {
            let set = SharedCPU.only(cpu)
            #expect(SharedCPU.count(set) == 1)
            #expect(Self.bytes(set)[Int(cpu) / 8] == 1 << UInt8(cpu % 8), "CPU \(cpu)")
        }
        #expect(SharedCPU.count(SharedCPU.only(-1)) == 0 && SharedCPU.count(SharedCPU.only(1024)) == 0)
    }

    /// What a thread of its own saw (pinning a thread of the test pool would outlast the test).
    final class Seen: @unchecked Sendable {
        var before: [UInt8] = [], unshared: [UInt8] = [], threadAfterUnshared: [UInt8] = []
        var childrenAndThread: [(child: [UInt8], thread: [UInt8])] = []
        var children = 0
    }

    @Test(.enabled(if: (SharedCPU.affinity(0).map(SharedCPU.count) ?? 0) > 1, "one CPU: nothing to share"))
    func theThreadAndEachChildRunOnOneCPU() throws {
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            seen.before = Self.bytes(SharedCPU.affinity(0))
            // The child answers with the CPUs it may run on.
            let serve: ([UInt8]) -> [UInt8] = { _ in Self.bytes(SharedCPU.affinity(0)) }
            let plain = ForkedChild(name: "test: anywhere", requestsPerChild: 10, serve: serve)
            if case .answered(let mask) = plain.ask([]) { seen.unshared = mask }
            plain.shutDown()
            seen.threadAfterUnshared = Self.bytes(SharedCPU.affinity(0))
            let shared = ForkedChild(name: "test: one CPU", requestsPerChild: 2, serve: serve)
            shared.sharesCPU = true
            for _ in 0..<3 {
                guard case .answered(let mask) = shared.ask([]) else { return }
                seen.childrenAndThread.append((mask, Self.bytes(SharedCPU.affinity(0))))
            }
            seen.children = shared.children
            shared.shutDown()
        }
        thread.start()
        done.wait()
        #expect(SharedCPU.count(try #require(SharedCPU.affinity(0))) > 1, "the test's own thread stays free")
        #expect(seen.unshared == seen.before && seen.threadAfterUnshared == seen.before)
        // Three requests, two per child: two children, each pinned with the thread to one CPU.
        #expect(seen.children == 2 && seen.childrenAndThread.count == 3)
        for (child, thread) in seen.childrenAndThread {
            #expect(child == thread)
            #expect(child.reduce(0) { $0 + $1.nonzeroBitCount } == 1)
        }
    }
}
