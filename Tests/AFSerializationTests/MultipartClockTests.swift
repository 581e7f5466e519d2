import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The throttle's real clock (SPEC §5.5: a delay between packets): `SystemMultipartClock` sleeps with
/// POSIX `nanosleep`, restarted on EINTR (its doc comment). Expected values come from POSIX `timespec`
/// and nanosleep(2).
@Suite struct MultipartClockTests {
    /// A one-second delay sleeps a whole second. Expected: POSIX nanosleep: 10^9 ns is `tv_sec = 1,
    /// tv_nsec = 0`, a one-second sleep (`tv_sec = 0, tv_nsec = 10^9` would be rejected with EINVAL at once).
    @Test func systemClockSleepsAWholeSecond() {
        let start = ContinuousClock.now
        SystemMultipartClock().sleep(nanoseconds: 1_000_000_000)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(990), "slept \(elapsed)")
    }

    /// A delay splits into whole seconds and the nanoseconds left, also for delays of a second or more
    /// (which the real-clock tests do not sleep). Expected: POSIX `timespec`, whose `tv_nsec` is the
    /// nanoseconds left after whole seconds, 0 ≤ tv_nsec < 10⁹; the values are that arithmetic done by hand.
    @Test func systemClockSplitsADelayIntoWholeSecondsAndTheRest() {
        #expect(SystemMultipartClock.split(0) == (0, 0))
        #expect(SystemMultipartClock.split(999_999_999) == (0, 999_999_999))
        #expect(SystemMultipartClock.split(1_000_000_000) == (1, 0))
        #expect(SystemMultipartClock.split(1_999_999_998) == (1, 999_999_998))
        #expect(SystemMultipartClock.split(2_500_000_000) == (2, 500_000_000))
        #expect(SystemMultipartClock.split(UInt64.max) == (18_446_744_073, 709_551_615))
    }

    #if os(Linux)
        /// A signal that interrupts the sleep does not shorten it. Expected: the type's doc comment
        /// ("`nanosleep`, restarted on EINTR"); signal(7): nanosleep fails with EINTR after a handler runs,
        /// whatever SA_RESTART says. SIGUSR2 gets a no-op handler and is unblocked on this thread for the
        /// test (worker threads may block signals); another thread sends it 100 ms into a 400 ms sleep. If
        /// the signal comes too early or too late the test still passes (no false failure), it just proves less.
        @Test func systemClockSleepIsRestartedAfterASignal() {
            let elapsed = Self.interrupted(everyMicroseconds: 100_000, repeating: false) {
                SystemMultipartClock().sleep(nanoseconds: 400_000_000)
            }
            #expect(elapsed >= .milliseconds(390), "slept \(elapsed)")
        }

        /// After EINTR the sleep goes on for what remains, not for the whole request again: a 200 ms sleep
        /// interrupted every 10 ms takes about 200 ms, and ends while the signals keep coming. Expected: the
        /// type's doc comment ("`nanosleep`, restarted on EINTR") and POSIX nanosleep(2) ("rmtp … the
        /// remaining unslept amount"). SIGUSR2 as in `interrupted`; the interrupter stops before the test
        /// returns, so no signal reaches this thread afterwards.
        @Test func interruptedSleepResumesWithTheRemainder() {
            let elapsed = Self.interrupted(everyMicroseconds: 10_000, repeating: true) {
                SystemMultipartClock().sleep(nanoseconds: 200_000_000)
            }
            #expect(elapsed >= .milliseconds(190), "slept \(elapsed)")
        }

        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var raised = false
            var isRaised: Bool { lock.lock(); defer { lock.unlock() }; return raised }
            func raise() { lock.lock(); raised = true; lock.unlock() }
        }

        /// Runs `sleep` on this thread while another thread sends it SIGUSR2 (a no-op handler, the
        /// signal unblocked here for the test: worker threads may block it) after `every` µs, and again
        /// every `every` µs while `repeating`; returns how long `sleep` took. The interrupter has stopped
        /// before this returns, so no signal reaches the thread once it runs another test.
        static func interrupted(everyMicroseconds every: UInt32, repeating: Bool, _ sleep: () -> Void) -> Duration {
            _ = signal(SIGUSR2, { _ in })
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR2)
            var old = sigset_t()
            pthread_sigmask(SIG_UNBLOCK, &set, &old)
            defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
            let sleeper = pthread_self()
            let done = Flag()
            let finished = DispatchSemaphore(value: 0)
            let interrupter = Thread {
                usleep(every)
                while !done.isRaised {
                    _ = pthread_kill(sleeper, SIGUSR2)
                    if !repeating { break }
                    usleep(every)
                }
                finished.signal()
            }
            let start = ContinuousClock.now
            interrupter.start()
            sleep()
            let elapsed = ContinuousClock.now - start
            done.raise()
            finished.wait()
            return elapsed
        }
    #endif
}
