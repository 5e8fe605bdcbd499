"""Record real MindSpore 2.10's answers for area primsidx's cases (``ops_primsidx_cases.py``):
``/tmp/msvenv/bin/python make_ops_primsidx_fixture.py`` (from this directory) writes
``ops_primsidx_fixture.json``, which ``tests/test_cell_oracle_ops_primsidx.py`` replays.
``record_fixture`` sets ``pynative_synchronize=True`` before the first case."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_primsidx_cases import prims, primsidx_cases  # noqa: E402


def main(path):
    from mindspore import ops
    shared = our_names()
    record_fixture(path, primsidx_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   ops_view=prims)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_primsidx_fixture.json"))
