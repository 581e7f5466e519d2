#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the phase reader sleeps on between packets; injectable so tests never really wait.
public protocol MultipartClock: Sendable {
    func sleep(nanoseconds: UInt64)
}

/// `nanosleep`, restarted on EINTR.
public struct SystemMultipartClock: MultipartClock {
    public init() {}
    public func sleep(nanoseconds: UInt64) {
        let (seconds, rest) = Self.split(nanoseconds)
        var req = timespec(tv_sec: seconds, tv_nsec: rest)
        var rem = timespec()
        while nanosleep(&req, &rem) != 0 && errno == EINTR { req = rem }
    }

    /// A delay as `timespec` wants it: whole seconds and the nanoseconds left (always < 10⁹,
    /// else `nanosleep` fails with EINVAL and does not sleep at all). Separate so tests can check
    /// it without sleeping.
    static func split(_ nanoseconds: UInt64) -> (seconds: Int, nanoseconds: Int) {
        (Int(nanoseconds / 1_000_000_000), Int(nanoseconds % 1_000_000_000))
    }
}

/// AF's throttle (`throttleBandwidthWithPacketSize:delay:`): at most `packetSize` bytes per read
/// call, and `delayNanoseconds` of sleep before every read call after the first.
public struct MultipartThrottle: Sendable {
    /// `nil` = unlimited. Must be ≥ 1 when set.
    public var packetSize: Int?
    public var delayNanoseconds: UInt64
    public var clock: any MultipartClock

    public init(
        packetSize: Int? = nil, delayNanoseconds: UInt64 = 0, clock: any MultipartClock = SystemMultipartClock()
    ) {
        self.packetSize = packetSize
        self.delayNanoseconds = delayNanoseconds
        self.clock = clock
    }
}
