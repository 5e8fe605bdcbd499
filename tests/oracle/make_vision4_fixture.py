"""Record MindSpore 2.10 on the cases of ``vision4_cases.py`` (as ``make_vision3_fixture.py``
does for the third set). Run with a MindSpore install (never by CI):
python tests/oracle/make_vision4_fixture.py; it rewrites vision4_fixture.json here."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vision4_cases  # noqa: E402
from vision_case_recorder import record  # noqa: E402


def main():
    record([vision4_cases.DETERMINISTIC, vision4_cases.RANDOM, vision4_cases.RANDOM_MANY,
            vision4_cases.ERRORS],
           vision4_cases.ERRORS, "vision4_fixture.json")


if __name__ == "__main__":
    main()
