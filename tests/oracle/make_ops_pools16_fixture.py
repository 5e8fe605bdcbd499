"""Run the cases of ``ops_pools16_cases.py`` through real MindSpore 2.10 and keep its
answers: from this directory, ``/tmp/msvenv/bin/python make_ops_pools16_fixture.py``
writes ``ops_pools16_fixture.json``, which ``tests/test_pools16_ops_replay.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_pools16_cases import pools16_cases  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, pools16_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_pools16_fixture.json"))
