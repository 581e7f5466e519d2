"""The suite for people without Swift (README "Without Swift"): a static runner, a versioned tarball, a wheel,
the vectors' changelog, and the check in a Debian root with no Swift. Entry point: scripts/release.py."""
