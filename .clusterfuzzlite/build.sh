#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script, following the OSS-Fuzz Swift conventions:
# - flags come from the base image's `precompile_swift` (SWIFTFLAGS: -sanitize=fuzzer,$SANITIZER
#   passed to swiftc, --sanitize=$SANITIZER (and, added here, --sanitize=fuzzer) to SwiftPM, static stdlib, $CFLAGS/$CXXFLAGS via
#   -Xcc/-Xcxx; for SANITIZER=coverage: -profile-generate -profile-coverage-mapping -sanitize=fuzzer);
# - every fuzz target goes to $OUT/<target> with $OUT/<target>_seed_corpus.zip (Corpus/<target>/,
#   regressions included), $OUT/<target>.dict and $OUT/<target>.options.
# Outside the image (no precompile_swift) the same SWIFTFLAGS are computed here, so the script can
# be tried locally:
#   OUT=$(mktemp -d) SRC=$(mktemp -d) WORK=$(mktemp -d) SANITIZER=address FUZZING_ENGINE=libfuzzer \
#   CFLAGS= CXXFLAGS= .clusterfuzzlite/build.sh
# Intermediate files go to $WORK (the SwiftPM scratch path), nothing is written to the checkout.
cd "$(dirname "$(readlink -f "$0")")"/..
[ -f Package.swift ] || cd "$SRC/afserialization"

SANITIZER=${SANITIZER:-address}
if command -v precompile_swift > /dev/null; then
  . precompile_swift
else
  # Same recipe as OSS-Fuzz's infra/base-images/base-builder-swift/precompile_swift.
  SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
  if [ "$SANITIZER" = "coverage" ]; then
    SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
  else
    SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER"
    for f in ${CFLAGS:-}; do SWIFTFLAGS="$SWIFTFLAGS -Xcc=$f"; done
    for f in ${CXXFLAGS:-}; do SWIFTFLAGS="$SWIFTFLAGS -Xcxx=$f"; done
  fi
fi

# Both sanitizer flags: SwiftPM must also be told about libFuzzer (--sanitize=fuzzer). Otherwise it
# renames each executable's entry point to <module>_main and links with --defsym main=<module>_main,
# which fails ("undefined symbol fuzz_json_main"): our fuzz executables have no main, libFuzzer's is used.
SWIFTFLAGS="$SWIFTFLAGS --sanitize=fuzzer"

source scripts/fuzz/targets.sh
export AFS_FUZZ=1  # Package.swift declares the fuzz-<target> executables only then
export AFS_FUZZ_GLOBAL_FLAGS=1  # the flags above go to every module; libFuzzer supplies main
scratch="$WORK/swift-build-$SANITIZER"
for t in "${FUZZ_TARGETS[@]}"; do
  # shellcheck disable=SC2086  # SWIFTFLAGS is a list of flags
  swift build -c release --scratch-path "$scratch" --product "fuzz-$t" $SWIFTFLAGS
  cp "$scratch/release/fuzz-$t" "$OUT/$t"

  corpus="Corpus/$t"
  rm -f "$OUT/${t}_seed_corpus.zip"
  if [ -d "$corpus" ]; then
    find "$corpus" -type f ! -name '*.dict' ! -name '*.md' ! -name '*.txt' ! -name '*.options' -print0 \
      | xargs -0 -r zip -q -j "$OUT/${t}_seed_corpus.zip"
  fi
  if [ -f "$corpus/$t.dict" ]; then cp "$corpus/$t.dict" "$OUT/$t.dict"; fi
  if [ -f "$corpus/$t.options" ]; then
    cp "$corpus/$t.options" "$OUT/$t.options"
  else
    # The limits scripts/fuzz/run.sh and the overnight driver use (timeout/RSS are set by the infra).
    printf '[libfuzzer]\nmax_len = 4096\nuse_value_profile = 1\n' > "$OUT/$t.options"
  fi
done
