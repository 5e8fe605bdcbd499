"""Run the functional-composite scenarios of ``ops_composite_cases.py`` through real
MindSpore 2.10: from this directory, ``/tmp/msvenv/bin/python
make_ops_composite_fixture.py`` writes ``ops_composite_fixture.json`` (a ``"cases"``
list), which ``tests/test_cell_oracle_ops_composite.py`` replays on minpy_compat."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_composite_cases import ScenarioOps, composite_cases  # noqa: E402


def main(path):
    record_fixture(path, composite_cases(), ops_view=ScenarioOps)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_composite_fixture.json"))
