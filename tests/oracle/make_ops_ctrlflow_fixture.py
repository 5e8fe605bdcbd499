"""Record real MindSpore 2.10's answers for the cases in ``ops_ctrlflow_cases.py``:
``/tmp/msvenv/bin/python make_ops_ctrlflow_fixture.py`` (from this directory) writes
``ops_ctrlflow_fixture.json``, which ``tests/test_cell_oracle_ops_ctrlflow.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_ctrlflow_cases import FunctionView, ctrlflow_cases  # noqa: E402


def main(path):
    record_fixture(path, ctrlflow_cases(), skipped_key=False, ops_view=FunctionView)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_ctrlflow_fixture.json"))
