"""Record MindSpore 2.10 on the cases of ``vision2_cases*.py`` (as ``make_vision_fixture.py``
does for the first set). Run with a MindSpore install (never by CI):
python tests/oracle/make_vision2_fixture.py; it rewrites vision2_fixture.json here."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vision2_cases  # noqa: E402
import vision2_cases_batch  # noqa: E402
import vision2_cases_warp  # noqa: E402
from vision_case_recorder import record  # noqa: E402


def main():
    errors = {**vision2_cases.ERRORS, **vision2_cases_warp.ERRORS,
              **vision2_cases_batch.ERRORS}
    record([vision2_cases.DETERMINISTIC, vision2_cases.RANDOM,
            vision2_cases_warp.DETERMINISTIC, vision2_cases_warp.RANDOM,
            vision2_cases_batch.DETERMINISTIC, vision2_cases_batch.SAMPLES, errors],
           errors, "vision2_fixture.json")


if __name__ == "__main__":
    main()
