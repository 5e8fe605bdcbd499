"""Record real MindSpore 2.10's answers for area scatter's cases (``ops_scatter3_cases.py``):
``/tmp/msvenv/bin/python make_ops_scatter3_fixture.py`` (from this directory) writes
``ops_scatter3_fixture.json``, which ``tests/test_cell_oracle_ops_scatter3.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_scatter3_cases import in_place, scatter3_cases  # noqa: E402


def main(path):
    from mindspore import ops
    shared = our_names()
    record_fixture(path, scatter3_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   ops_view=in_place)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_scatter3_fixture.json"))
