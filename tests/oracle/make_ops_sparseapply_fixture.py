"""Run the sparse optimizer-step and embedding cases of ``ops_sparseapply_cases.py``
through real MindSpore 2.10 and keep its answers: from this directory,
``/tmp/msvenv/bin/python make_ops_sparseapply_fixture.py`` writes
``ops_sparseapply_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_sparseapply.py`` replays it on minpy_compat (the optimizer
primitives through ``ops_sparseapply_cases.three_steps``, on both sides).
``record_fixture`` sets ``pynative_synchronize=True``."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_sparseapply_cases import sparseapply_cases, three_steps  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, sparseapply_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   ops_view=three_steps)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_sparseapply_fixture.json"))
