"""Run the cases of ``ops_opsmath_cases.py`` (the scalar functions and
``sparse_segment_mean``) through real MindSpore 2.10 and keep its answers: from this
directory, ``/tmp/msvenv/bin/python make_ops_opsmath_fixture.py`` writes
``ops_opsmath_fixture.json`` (a ``"cases"`` list) that
``tests/test_cell_oracle_ops_opsmath.py`` replays on minpy_compat. ``record_fixture`` sets
``pynative_synchronize=True``."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_opsmath_cases import opsmath_cases  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, opsmath_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_opsmath_fixture.json"))
