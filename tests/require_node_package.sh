# Sourced by the scripts that run node tests (tests/*/run_*.sh): exits 77 — ctest's
# "skipped" — saying why, when node or an npm package the test needs is missing.
#   require_node_package DIR PACKAGE   (DIR: the folder whose node_modules must hold it)
require_node_package() {
  if ! command -v node >/dev/null; then
    echo "skipped: node is not installed (scripts/setup.sh installs Debian's nodejs)"
    exit 77
  fi
  if [ ! -d "$1/node_modules/$2" ]; then
    echo "skipped: the $2 package is not installed in ${1##*/tests/} (scripts/setup.sh runs npm ci there)"
    exit 77
  fi
}
