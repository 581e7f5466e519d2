# Sourced by the fuzz scripts: the fuzz targets (Sources/Fuzzers/<name>, Corpus/<name>) except the canary.
# Keep in step with the list in Package.swift and FuzzTargets.all.
FUZZ_TARGETS=(percent-escape query-string json request multipart-writer multipart-parser media-type content-decode image)
FUZZ_SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
FUZZ_BIN=${FUZZ_BIN:-"$FUZZ_SCRATCH/release"}

# The target's libFuzzer flags from Corpus/<t>/<t>.options ([libfuzzer] key = value, the OSS-Fuzz
# format ClusterFuzzLite and scripts/overnight read too), e.g. "-max_len=256". max_len defaults to 4096.
target_flags() {
  local file="Corpus/$1/$1.options" section="" line key value have_max_len=0
  if [ -f "$file" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      line=${line%%#*}
      case "$line" in
        \[*\]*) section=${line#[}; section=${section%%]*} ;;
        *=*)
          [ "$section" = libfuzzer ] || continue
          key=$(echo "${line%%=*}" | tr -d '[:space:]'); value=$(echo "${line#*=}" | tr -d '[:space:]')
          [ "$key" = max_len ] && have_max_len=1
          printf -- '-%s=%s ' "$key" "$value" ;;
      esac
    done < "$file"
  fi
  [ $have_max_len = 1 ] || printf -- '-max_len=4096 '
}
