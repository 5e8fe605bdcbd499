"""Record real MindSpore 2.10's answers to Tensor-method calls
(``tensor_methods_cases*.py``): ``/tmp/msvenv/bin/python make_tensor_methods_fixture.py``
(from this directory) writes ``tensor_methods_fixture.json``, which
``tests/test_cell_oracle_tensor_methods.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from tensor_methods_cases import METHODS, elementwise_cases, matrix_cases  # noqa: E402
from tensor_methods_cases_more import (indexing_cases, reduction_cases,  # noqa: E402
                                       shaping_cases, special_cases)


def main(path):
    cases = elementwise_cases() + matrix_cases() + shaping_cases() + indexing_cases() \
        + reduction_cases() + special_cases()
    record_fixture(path, cases, skipped_key=False, ops_view=lambda mindspore, ops: METHODS)


if __name__ == "__main__":
    main(os.path.join(HERE, "tensor_methods_fixture.json"))
