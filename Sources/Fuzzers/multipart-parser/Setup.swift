import AFFuzzBodies
#if AFS_FUZZ_KIT
    import AFFuzzMultipartKitOracle
#endif

/// Before each input: vapor/multipart-kit as the reference parser, installed once, in the builds
/// that link it (AFS_FUZZ_KIT, OSS-Fuzz's included).
func prepare() {
    #if AFS_FUZZ_KIT
        if FuzzOracles.installed.multipartReference == nil { MultipartKitOracle.install() }
    #endif
}
