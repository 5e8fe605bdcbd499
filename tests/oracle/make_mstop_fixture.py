"""Record the standalone top-level calls (``mstop_cases``) on real MindSpore 2.10.

Run with the oracle's interpreter: ``python tests/oracle/make_mstop_fixture.py``.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import mindspore  # noqa: E402

import mstop_cases  # noqa: E402


def main():
    fixture = {"cases": [[mstop_cases.case_id(case), mstop_cases.run_case(mindspore, case)]
                         for case in mstop_cases.CASES],
               "constants": {name: mstop_cases.plain(mstop_cases.resolve(mindspore, name))
                             for name in mstop_cases.MODULE_CONSTANTS}}
    path = os.path.join(os.path.dirname(__file__), "mstop_fixture.json")
    with open(path, "w") as f:
        json.dump(fixture, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
