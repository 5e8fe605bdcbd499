"""Record real MindSpore 2.10's answers for the cases in ``ops_cases*.py``.

Run with a Python that has MindSpore (CPU, PyNative), from this directory:
``/tmp/msvenv/bin/python make_ops_fixture.py`` writes ``ops_fixture.json``, which
``tests/test_cell_oracle_ops.py`` replays on minpy_compat. Only cases whose op exists
in both libraries are kept.
"""
import ast
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from oracle_io import record_fixture  # noqa: E402
from ops_cases import elementwise_cases  # noqa: E402
from ops_cases_more import (creation_cases, indexing_cases, reduction_cases,  # noqa: E402
                            shaping_cases)


HERE = os.path.dirname(os.path.abspath(__file__))


def our_names():
    """``minpy_compat.ops.__all__``, read without importing minpy_compat (no autograd here):
    the names ``ops/__init__.py`` imports from its modules, and every name of the lazy
    table ``ops/_lazy_table.py``."""
    ops_dir = os.path.join(HERE, "..", "..", "minpy_compat", "ops")
    with open(os.path.join(ops_dir, "__init__.py")) as f:
        init = ast.parse(f.read())
    names = {alias.asname or alias.name for node in init.body
             if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
             and not node.module.startswith("_") for alias in node.names}
    with open(os.path.join(ops_dir, "_lazy_table.py")) as f:
        table = ast.parse(f.read())
    lazy = [node.value for node in table.body if isinstance(node, ast.Assign)
            and getattr(node.targets[0], "id", None) == "LAZY"]
    if not names or len(lazy) != 1:
        raise LookupError("minpy_compat/ops: expected imported names in __init__.py and one "
                          f"LAZY table in _lazy_table.py, got {len(names)} and {len(lazy)}.")
    return names | {name for module in ast.literal_eval(lazy[0]).values() for name in module}


def main(path):
    cases = elementwise_cases() + reduction_cases() + shaping_cases() + creation_cases() \
        + indexing_cases()
    shared = our_names()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   not_in_mindspore=sorted(n for n in shared if not hasattr(ops, n)))


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fixture.json"))
