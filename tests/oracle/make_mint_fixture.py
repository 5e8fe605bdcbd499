"""Record real MindSpore 2.10's answers for ``mint``'s functions (``mint_cases.py``,
``mint_cases_more.py``): ``/tmp/msvenv/bin/python make_mint_fixture.py`` (from this directory)
writes ``mint_fixture.json``, which ``tests/test_cell_oracle_mint.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import mint  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from mint_cases import MintView, elementwise_cases, reduction_cases  # noqa: E402
from mint_cases_more import (creation_cases, indexing_cases, linear_cases,  # noqa: E402
                             shaping_cases)


def main(path):
    cases = elementwise_cases() + reduction_cases() + shaping_cases() + indexing_cases() \
        + creation_cases() + linear_cases()
    record_fixture(path, cases, skipped_key=False, ops_view=lambda mindspore, ops: MintView(mint))


if __name__ == "__main__":
    main(os.path.join(HERE, "mint_fixture.json"))
