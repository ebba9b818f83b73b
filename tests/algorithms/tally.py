"""What the NetworkX comparison scripts share: counting checks, and the last line CI reads."""

import sys

_counts = {"passed": 0, "failed": 0}


def check(ok, what):
    """Counts one comparison; prints what differed when it fails."""
    if ok:
        _counts["passed"] += 1
    else:
        _counts["failed"] += 1
        print("FAIL:", what)


def finish():
    """Prints `N passed, N failed` and exits non-zero on a failure."""
    print(f"{_counts['passed']} passed, {_counts['failed']} failed")
    sys.exit(1 if _counts["failed"] else 0)
