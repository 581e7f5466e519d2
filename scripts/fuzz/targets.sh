# Sourced by the fuzz scripts: the fuzz targets (Sources/Fuzzers/<name>, Corpus/<name>) except the canary.
# Keep in step with the list in Package.swift and FuzzTargets.all.
FUZZ_TARGETS=(percent-escape query-string json request multipart-writer multipart-parser media-type content-decode image)
FUZZ_SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
FUZZ_BIN=${FUZZ_BIN:-"$FUZZ_SCRATCH/release"}
