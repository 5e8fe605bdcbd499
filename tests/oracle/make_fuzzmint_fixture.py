"""Record real MindSpore 2.10's answers to the fuzz cases (``fuzzmint_cases*.py``):
``/tmp/msvenv/bin/python make_fuzzmint_fixture.py`` (from this directory) writes
``fuzzmint_fixture.json``, which ``tests/test_cell_oracle_fuzzmint.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import mint  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from fuzzmint_cases import (FuzzView, elementwise_cases, reduction_cases,  # noqa: E402
                            shaping_cases)
from fuzzmint_cases_nn import activation_cases, loss_cases  # noqa: E402


def all_cases():
    return elementwise_cases() + reduction_cases() + shaping_cases() + activation_cases() \
        + loss_cases()


def main(path):
    record_fixture(path, all_cases(), skipped_key=False,
                   ops_view=lambda mindspore, ops: FuzzView(mint))


if __name__ == "__main__":
    main(os.path.join(HERE, "fuzzmint_fixture.json"))
