"""Record real MindSpore 2.10's answers for the Tensor-method cases in
``ops_tinplace_cases.py``: ``/tmp/msvenv/bin/python make_ops_tinplace_fixture.py`` (from
this directory) writes ``ops_tinplace_fixture.json``, which
``tests/test_cell_oracle_tensor_inplace.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_tinplace_cases import Methods, tinplace_cases  # noqa: E402


def main(path):
    cases = tinplace_cases()
    record_fixture(path, cases, skipped_key=False, ops_view=lambda mindspore, ops: Methods())


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_tinplace_fixture.json"))
