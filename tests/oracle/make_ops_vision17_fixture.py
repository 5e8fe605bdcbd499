"""Run the deformable, volume-patch and suppression cases of ``ops_vision17_cases.py``
through real MindSpore 2.10 and keep its answers: from this directory, ``/tmp/msvenv/bin/python
make_ops_vision17_fixture.py`` writes ``ops_vision17_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_vision17.py`` replays it on minpy_compat."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_vision17_cases import vision17_cases  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, vision17_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_vision17_fixture.json"))
