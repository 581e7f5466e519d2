#!/usr/bin/env bash
# Runs fuzz targets built by scripts/fuzz/build.sh, each for SECONDS, one after the other, and
# prints executions per second. Seeds come from Corpus/<target>/ (read only: new inputs go to
# fuzz-out/<target>/corpus, crashes to fuzz-out/<target>/); the target's .dict and .options are used.
# Exits non-zero if any target crashes, leaks, times out or runs out of memory.
# Usage: scripts/fuzz/run.sh [-j N] [-c CANARY_SECONDS] SECONDS [TARGET...]   (default: every target,
# one at a time; -j N runs N at a time and prints each target's line, in the list's order, once all
# have ended; -c runs fuzz-canary alone for CANARY_SECONDS before the targets and again after them,
# and prints both rates: the machine's own speed beside the targets' figures)
# A run of 240 s or more also prints each target's rate at a quarter, half and three quarters of it.
# Keep a crash: copy it to Corpus/<target>/regressions/<name> (replayed by `swift test`).
set -uo pipefail
export SWIFT_BACKTRACE=enable=no  # the Swift backtracer confuses ASan reports
# Throughput: no allocation stacks and a small quarantine (each malloc otherwise unwinds the stack,
# and a 256 MB quarantine keeps touching fresh pages). A saved crash replayed without these
# options (the reproduction command) gets ASan's full report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0:quarantine_size_mb=16}
cd "$(dirname "$0")/../.." || exit 2
source scripts/fuzz/targets.sh || exit 2
usage="usage: run.sh [-j N] [-c CANARY_SECONDS] SECONDS [TARGET...]"
case "${1:-}" in -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
jobs=1 canary=0
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=${2:?$usage}; shift 2 ;;
    -c) canary=${2:?$usage}; shift 2 ;;
    *) break ;;
  esac
done
seconds=${1:?$usage}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${FUZZ_TARGETS[@]}")

# The average rate libFuzzer printed once a quarter, a half and three quarters of the run had
# passed (its status lines: "#<execs> ... exec/s: <rate>", execs / rate = seconds so far), as
# "  (a / b / c at 1/4, 1/2, 3/4)"; nothing for a run shorter than 240 s.
rates_along() {
  [ "$seconds" -ge 240 ] || return 0
  awk -v total="$seconds" '
    match($0, /^#[0-9]+/) && match($0, /exec\/s: [0-9]+/) {
      split($0, a, /[# \t]+/); n = a[2] + 0
      r = substr($0, RSTART + 8, RLENGTH - 8) + 0
      if (r <= 0) next
      for (q = 1; q <= 3; q++) if (!(q in at) && n / r >= total * q / 4) at[q] = r
    }
    END { printf "  (%s / %s / %s at 1/4, 1/2, 3/4)", (1 in at ? at[1] : "?"), (2 in at ? at[2] : "?"), (3 in at ? at[3] : "?") }
  ' "$1"
}

# fuzz-canary alone (an empty body: libFuzzer and ASan themselves) for $canary seconds; prints its
# exec/s. Its rate moves with the machine's, so a target's figure is read beside it.
canary_rate() {
  local dir
  dir=$(mktemp -d) || return 1
  "$FUZZ_BIN/fuzz-canary" "$dir" -max_total_time="$canary" -print_final_stats=1 > "$dir.log" 2>&1
  sed -n 's/^stat::average_exec_per_sec: *//p' "$dir.log" | grep . || echo "?"
  rm -rf "$dir" "$dir.log"
}

# One target: its lines go to fuzz-out/<target>/result, its status is the function's.
run_one() {
  local t=$1 out="fuzz-out/$1" rc execs rate cov
  mkdir -p "$out/corpus"
  local log="$out/run.log"
  local flags
  flags=$(target_flags "$t") || { echo "FAIL fuzz-$t: its libFuzzer options cannot be read" > "$out/result"; return 1; }
  # shellcheck disable=SC2086  # one flag per word
  "$FUZZ_BIN/fuzz-$t" "$out/corpus" "Corpus/$t" -dict="Corpus/$t/$t.dict" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $flags \
    -print_final_stats=1 -artifact_prefix="$out/" > "$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1)
  if [ $rc -eq 0 ]; then
    printf 'ok   fuzz-%-16s %4ss %10s execs %8s exec/s  %s%s\n' "$t" "$seconds" "${execs:-?}" "${rate:-?}" "$cov" \
      "$(rates_along "$log")" > "$out/result"
  else
    { printf 'FAIL fuzz-%-16s exit %s after %s execs; see %s\n' "$t" "$rc" "${execs:-?}" "$log"
      grep -E "invariant broken|ERROR:|SUMMARY|Test unit written" "$log" | head -5; } > "$out/result"
  fi
  return $rc
}

status=0
running=0
if [ "$canary" -gt 0 ]; then before=$(canary_rate); fi
for t in "${targets[@]}"; do
  if [ "$jobs" -le 1 ]; then
    run_one "$t" || status=1
    cat "fuzz-out/$t/result"
    continue
  fi
  if [ $running -ge "$jobs" ]; then wait -n || status=1; running=$((running - 1)); fi
  run_one "$t" &
  running=$((running + 1))
done
if [ "$jobs" -gt 1 ]; then
  while [ $running -gt 0 ]; do wait -n || status=1; running=$((running - 1)); done
  for t in "${targets[@]}"; do cat "fuzz-out/$t/result"; done
fi
if [ "$canary" -gt 0 ]; then
  echo "fuzz-canary alone for ${canary}s: $before exec/s before, $(canary_rate) exec/s after"
fi
exit $status
