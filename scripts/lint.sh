#!/usr/bin/env bash
# clang-tidy with the project's .clang-tidy (naming rules) over C++ files: the ones
# given, else those changed since BASE (default: the merge base with origin/main, or
# HEAD when there is no origin), uncommitted changes included. Needs the build
# directory's compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS is on).
#   scripts/lint.sh BUILD_DIR [BASE] [FILE...]
set -euo pipefail
build_dir="$1"
base="${2:-}"
shift 2 || shift $#
cd "$(dirname "$0")/.."
if ! command -v clang-tidy >/dev/null; then
  echo "lint: installing clang-tidy"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get install -y -qq --no-install-recommends clang-tidy
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  if [ -z "$base" ]; then
    base=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD)
  fi
  mapfile -t files < <( (git diff --name-only --diff-filter=d "$base"; git ls-files --others --exclude-standard) |
    grep -E '\.(cpp|h)$' | sort -u)
fi
# Headers are checked through the sources that include them (HeaderFilterRegex); a
# header alone has no compile command.
sources=()
for f in "${files[@]}"; do
  case "$f" in
    *.cpp) [ -f "$f" ] && sources+=("$f") ;;
  esac
done
if [ ${#sources[@]} -eq 0 ]; then
  echo "lint: no changed .cpp files"
  exit 0
fi
echo "lint: clang-tidy over ${#sources[@]} files"
status=0
for f in "${sources[@]}"; do
  if ! clang-tidy -p "$build_dir" --quiet "$f" 2>/dev/null; then
    status=1
  fi
done
if [ "$status" -eq 0 ]; then echo "lint: clean"; else echo "lint: naming violations above"; fi
exit "$status"
