"""Record MindSpore 2.10 on the cases of ``vision3_cases*.py`` (as ``make_vision2_fixture.py``
does for the second set). Run with a MindSpore install (never by CI):
python tests/oracle/make_vision3_fixture.py; it rewrites vision3_fixture.json here."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vision3_cases  # noqa: E402
import vision3_cases_more  # noqa: E402
from vision_case_recorder import record  # noqa: E402


def main():
    errors = {**vision3_cases.ERRORS, **vision3_cases_more.ERRORS}
    record([vision3_cases.DETERMINISTIC, vision3_cases.RANDOM, vision3_cases_more.DETERMINISTIC,
            vision3_cases_more.RANDOM, errors], errors, "vision3_fixture.json")


if __name__ == "__main__":
    main()
