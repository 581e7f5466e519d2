#if canImport(Glibc)
    import Glibc
#endif

/// `afs-oracle-host SERVICE`: the program side of ``ForkedChild/Venue/exec(path:arguments:)``. A fuzz
/// executable starts it with a Unix socket as file descriptor 3 and sends requests in
/// ``ForkedChild/Frame``s; it answers each with the service's function, until the socket closes.
/// Built without sanitizers (scripts/fuzz/build.sh), so an oracle whose cost is allocation runs at
/// its own speed while the core stays under ASan in the fuzzing process.
public enum OracleHost {
    /// The services by name: the function that answers a request.
    static let services: [String: @Sendable ([UInt8]) -> [UInt8]] = [FoundationHost.service: FoundationHost.answer]

    static let socket: Int32 = 3

    static var usage: String {
        """
        usage: afs-oracle-host SERVICE
          Answers a fuzz executable's requests on file descriptor 3 (a Unix socket), one frame
          (4-byte little-endian length, then the bytes) per request and per answer; fuzz
          executables start it themselves. Services: \(services.keys.sorted().joined(separator: ", ")).
        """
    }

    /// Runs the service named in `arguments` (the command line, program first); exit status 2 on a
    /// usage error, 0 when the socket closes.
    public static func main(_ arguments: [String]) -> Never {
        let rest = arguments.dropFirst()
        if rest.contains("--help") || rest.contains("-h") {
            print(usage)
            exit(0)
        }
        guard rest.count == 1, let serve = services[rest.first!] else {
            let given = rest.isEmpty ? "no service" : "unknown service '\(rest.joined(separator: " "))'"
            standardError("afs-oracle-host: \(given)\n\(usage)")
            exit(2)
        }
        guard fcntl(socket, F_GETFD) >= 0 else {
            standardError("afs-oracle-host: no socket on file descriptor 3 (a fuzz executable starts this program)")
            exit(2)
        }
        ForkedChild.Frame.serve(socket, serve)
        exit(0)
    }
}
