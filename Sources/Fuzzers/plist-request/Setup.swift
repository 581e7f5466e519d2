import AFFuzzBodies

/// Before each input: Foundation's side of the comparison in afs-oracle-host, outside the
/// sanitizers, started once (in this process where no host program is found).
func prepare() {
    FoundationHost.installOnce()
}
