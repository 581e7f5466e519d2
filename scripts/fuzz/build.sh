#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer + AddressSanitizer (release), then checks the build:
#   1. every binary loads libFuzzer's inline 8-bit coverage counters (N > 0);
#   2. the core (AFSerialization, AFFoundationCompat, the CPercentEscape kernel) has ASan checks and coverage counters, the
#      fuzz bodies and the corpus format (AFCorpusFormat, which decodes their inputs) ASan checks only
#      (nm/readelf on the object files);
#   3. the canary's planted heap overflow (in the shared AFFuzzBodies module) is caught by ASan;
#   4. afs-oracle-host (the oracles a target runs outside its sanitizers, AFFuzzBodies' OracleHost)
#      is built without sanitizers beside the targets, and fuzz-plist-request installs it.
# Exits non-zero if the build or either check fails. Usage: scripts/fuzz/build.sh
#
# Why the sanitizers are set per module in Package.swift and never with `--sanitize` (given two
# -sanitize flags, swiftc keeps one), and how `main` is linked: scripts/fuzz/README.md, "Toolchain
# notes" (this header repeated them, and had fallen behind). The scratch path of its own
# (.build-fuzz, gitignored) keeps the normal debug build untouched.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/fuzz/targets.sh

export AFS_FUZZ=1 SWIFT_BACKTRACE=enable=no
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --manifest-cache none: Package.swift reads scripts/fuzz/targets.json, which SwiftPM's manifest cache does not
# track (a target added there stays invisible until Package.swift itself changes).
flags=(-c release --scratch-path "$FUZZ_SCRATCH" --manifest-cache none)
for t in "${FUZZ_TARGETS[@]}" canary; do
  echo "== building fuzz-$t"
  # (gold's "Cannot export local symbol '__asan_extra_spill_area'" warning is harmless noise)
  if ! swift build "${flags[@]}" --product "fuzz-$t" > "$tmp/build.log" 2>&1; then
    cat "$tmp/build.log"; echo "build of fuzz-$t failed"; exit 1
  fi
  grep -Ev "__asan_extra_spill_area|^\[[0-9]+/[0-9]+\]" "$tmp/build.log" || true
done

# afs-oracle-host: built without AFS_FUZZ (so without sanitizers or coverage) in a scratch path of
# its own, or the one AFS_ORACLE_HOST names (CI's smoke takes the test stage's debug build).
mkdir -p "$FUZZ_BIN"
if [ -n "${AFS_ORACLE_HOST:-}" ]; then
  [ -x "$AFS_ORACLE_HOST" ] || { echo "AFS_ORACLE_HOST=$AFS_ORACLE_HOST is not an executable file"; exit 1; }
  echo "== afs-oracle-host: $AFS_ORACLE_HOST"
  host="$AFS_ORACLE_HOST"
else
  echo "== building afs-oracle-host"
  host_scratch="$FUZZ_SCRATCH-host"
  if ! env -u AFS_FUZZ swift build -c release --scratch-path "$host_scratch" --manifest-cache none \
    --product afs-oracle-host > "$tmp/build.log" 2>&1; then
    cat "$tmp/build.log"; echo "build of afs-oracle-host failed"; exit 1
  fi
  grep -Ev "^\[[0-9]+/[0-9]+\]" "$tmp/build.log" || true
  host="$host_scratch/release/afs-oracle-host"
fi
[ "$host" -ef "$FUZZ_BIN/afs-oracle-host" ] || cp "$host" "$FUZZ_BIN/afs-oracle-host"

fail=0
for t in "${FUZZ_TARGETS[@]}" canary; do
  bin="$FUZZ_BIN/fuzz-$t"
  : > "$tmp/empty"
  "$bin" -runs=1 "$tmp/empty" > "$tmp/$t.log" 2>&1 || true
  n=$(sed -n 's/.*Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' "$tmp/$t.log" | head -1)
  if [ -n "$n" ] && [ "$n" -gt 0 ]; then
    echo "ok   fuzz-$t loads $n inline 8-bit counters"
  else
    echo "FAIL fuzz-$t: no coverage counters loaded"; sed -n 1,20p "$tmp/$t.log"; fail=1
  fi
done

# What each module got (Package.swift sets the flags per module): the core and its Foundation
# interop carry ASan checks and coverage counters; the bodies, oracles and corpus format ASan checks only.
objs="$FUZZ_SCRATCH/$(uname -m)-unknown-linux-gnu/release"
for m in AFSerialization:both AFFoundationCompat:both CPercentEscape:both AFFuzzBodies:asan AFCorpusFormat:asan; do
  mod=${m%%:*} want=${m#*:}
  asan=$(nm "$objs/$mod.build/"*.o 2>/dev/null | grep -Ec ' U __asan_(report|load|store)' || true)
  cov=$(readelf -S "$objs/$mod.build/"*.o 2>/dev/null | grep -c '__sancov_cntrs' || true)
  if [ "$want" = both ]; then good=$(( asan > 0 && cov > 0 )); else good=$(( asan > 0 && cov == 0 )); fi
  if [ "$good" = 1 ]; then
    echo "ok   $mod: $asan ASan check references, $cov coverage-counter sections (wanted: ${want/both/ASan + coverage})"
  else
    echo "FAIL $mod: $asan ASan check references, $cov coverage-counter sections (wanted: ${want/both/ASan + coverage})"; fail=1
  fi
done

nm "$FUZZ_BIN/afs-oracle-host" > "$tmp/host.nm" 2>/dev/null || true
host_symbols=$(wc -l < "$tmp/host.nm")
host_asan=$(grep -c ' __asan_' "$tmp/host.nm" || true)
if [ "$host_symbols" -gt 0 ] && [ "$host_asan" = 0 ]; then
  echo "ok   afs-oracle-host: $host_symbols symbols, none of ASan's"
else
  echo "FAIL afs-oracle-host: $host_asan ASan symbols of $host_symbols (it must run outside the sanitizers)"; fail=1
fi
if [ -f "$tmp/plist-request.log" ]; then
  if grep -q "oracles installed: .*foundation-in-oracle-host.*; not installed" "$tmp/plist-request.log"; then
    echo "ok   fuzz-plist-request compares with Foundation in afs-oracle-host"
  else
    echo "FAIL fuzz-plist-request did not install afs-oracle-host:"; grep -E "oracles|afs-oracle-host" "$tmp/plist-request.log"; fail=1
  fi
fi

printf 'CANARY' > "$tmp/canary-input"
if "$FUZZ_BIN/fuzz-canary" "$tmp/canary-input" > "$tmp/canary.log" 2>&1; then
  echo "FAIL canary: planted heap overflow did not crash"; fail=1
elif grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" "$tmp/canary.log"; then
  echo "ok   canary: ASan reports the planted heap-buffer-overflow"
else
  echo "FAIL canary: crashed without ASan's heap-buffer-overflow report"; sed -n 1,20p "$tmp/canary.log"; fail=1
fi
exit $fail
