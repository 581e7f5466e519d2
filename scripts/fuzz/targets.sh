# Sourced by the fuzz scripts: the fuzz targets (Sources/Fuzzers/<name>, Corpus/<name>) except the
# canary, from the one list scripts/fuzz/targets.json (read by Tools/afstools/fuzz.py).
_afs_tools() { python3 -m afstools.fuzz "$@"; }  # Tools/afstools, installed by .ci/setup
# shellcheck disable=SC2207  # names have no spaces
FUZZ_TARGETS=($(_afs_tools names)) || { echo "targets.sh: cannot read scripts/fuzz/targets.json (python3 -m afstools.fuzz: run .ci/setup)" >&2; return 1; }
# A share of them, for every script that sources this (the OSS-Fuzz emulation builds a rotating quarter).
if [ -n "${AFS_FUZZ_TARGETS:-}" ]; then read -ra FUZZ_TARGETS <<< "$AFS_FUZZ_TARGETS"; fi
FUZZ_SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
FUZZ_BIN=${FUZZ_BIN:-"$FUZZ_SCRATCH/release"}

# The target's libFuzzer flags from Corpus/<t>/<t>.options ([libfuzzer] key = value, the OSS-Fuzz
# format ClusterFuzzLite and scripts/overnight read too), e.g. "-max_len=256". max_len defaults to 4096.
# Fails (status 1, a line on stderr) when the options cannot be read: a run without them would use
# another max_len and measure something else.
target_flags() {
  local flags
  flags=$(_afs_tools flags "$1") || { echo "targets.sh: cannot read the options of $1 (run .ci/setup)" >&2; return 1; }
  # shellcheck disable=SC2086  # one flag per word
  printf -- '%s ' $flags
}
