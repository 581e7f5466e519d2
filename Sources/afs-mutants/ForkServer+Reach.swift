import AFConformance
import AFSerialization
#if canImport(Glibc)
    import Glibc
#endif

/// `--reach`: which mutation sites each unit's runs execute, from the schemata build itself.
///
/// Each unit runs in a child forked from the loaded server, as a mutant's child would, with the
/// switch recording (`__afsRecordReach`): no mutant is active, and every site that runs marks its
/// first id. A mutant whose site a unit never executes behaves there as the original program, so
/// that unit cannot kill it; mutate.py's ratchet sends each mutant only the units that reach its
/// site. Lazily built tables are built in each child as in a mutant's child, so a site that only
/// builds a table is recorded for every unit that needs the table.
extension ForkServer {
    enum ReachFailure: Error {
        case fork(unit: String, errno: Int32)
        case child(unit: String, how: String)
    }

    /// Each unit of the loaded runs, in the runs' order, with the first ids of the sites its runs
    /// execute (ascending).
    func reach() throws(ReachFailure) -> [(unit: String, sites: [Int])] {
        let units = runs.map(Self.unit)
        var order: [String] = []
        var seen: Set<String> = []
        for u in units where seen.insert(u).inserted { order.append(u) }
        var out: [(unit: String, sites: [Int])] = []
        for unit in order {
            out.append((unit, try reach(of: unit, units: units)))
        }
        return out
    }

    /// One unit in a child, which writes the site ids to a pipe as 8-byte integers and exits 0;
    /// exit 3 when an id was beyond the record's capacity.
    private func reach(of unit: String, units: [String]) throws(ReachFailure) -> [Int] {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .fork(unit: unit, errno: errno) }
        fflush(nil)
        let pid = fork()
        if pid < 0 {
            let error = errno
            close(fds[0])
            close(fds[1])
            throw .fork(unit: unit, errno: error)
        }
        if pid == 0 {
            close(fds[0])
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 1); dup2(null, 2) }
            __afsRecordReach()
            for i in runs.indices where units[i] == unit {
                arm(runTimeout)
                _ = VectorRunner.evaluate(runs[i].vector, profile: runs[i].profile)
            }
            arm(0)
            guard let ids = __afsReachedIDs() else { _exit(3) }
            let sent = ids.withUnsafeBytes { bytes in
                var done = 0
                while done < bytes.count {
                    let k = write(fds[1], bytes.baseAddress! + done, bytes.count - done)
                    if k < 0, errno == EINTR { continue }
                    guard k > 0 else { return false }
                    done += k
                }
                return true
            }
            _exit(sent ? 0 : 4)
        }
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let k = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress!, $0.count) }
            if k < 0, errno == EINTR { continue }
            guard k > 0 else { break }
            bytes += buffer[..<k]
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            let sig = status & 0x7F
            let how =
                sig == SIGALRM
                ? "a run took longer than --run-timeout"
                : sig != 0
                    ? "killed by signal \(sig)"
                    : (status >> 8) & 0xFF == 3
                        ? "a site id beyond the record's capacity" : "exit status \((status >> 8) & 0xFF)"
            throw .child(unit: unit, how: how)
        }
        return bytes.withUnsafeBytes { raw in
            (0..<raw.count / 8).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int.self) }
        }
    }
}
