#!/usr/bin/env bash
# One fuzz target for `make test-fuzz`: runs build/fuzz/<target> for FUZZ_SECONDS on a scratch
# copy of its seed corpus (fuzz/corpus/<target>/), so the seeds in the repository stay as they
# are; a crash input lands in build/fuzz/artifacts/. A fuzzer still running long after its time is
# killed: after an out-of-memory report the sanitizer runtime has been seen to hang instead of
# exiting. Prints the target's summary, or the tail of its log on a failure (exit status 1).
# Usage: FUZZ_DIR=build/fuzz FUZZ_SECONDS=20 bash scripts/fuzz-one.sh <target>
set -uo pipefail
target="$1"
dir="${FUZZ_DIR:-build/fuzz}"
seconds="${FUZZ_SECONDS:-20}"
work="$dir/corpus-work/$target"
log="$dir/$target.log"
rm -rf "$work"
mkdir -p "$work" "$dir/artifacts"
if [[ -d "fuzz/corpus/$target" ]]; then cp -r "fuzz/corpus/$target/." "$work"/; fi
if ! UBSAN_OPTIONS=print_stacktrace=1 timeout -k 10 $((seconds * 2 + 120)) \
  "./$dir/$target" -max_total_time="$seconds" -timeout=60 -print_final_stats=1 \
  -artifact_prefix="$dir/artifacts/$target-" "$work" >"$log" 2>&1; then
  tail -n 200 "$log"
  echo "fuzz: $target failed; full log $log, input in $dir/artifacts/"
  exit 1
fi
summary=$(grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | tr '\n' ' ')
echo "fuzz: $target passed ($seconds s): $summary"
