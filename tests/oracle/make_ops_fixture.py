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
    its ``__all__ = [...]`` and any ``__all__ += [...]`` block after it."""
    with open(os.path.join(HERE, "..", "..", "minpy_compat", "ops", "__init__.py")) as f:
        tree = ast.parse(f.read())
    names = set()
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target",
                                                                              None)
        if getattr(target, "id", None) == "__all__":
            names |= set(ast.literal_eval(node.value))
    if not names:
        raise LookupError("minpy_compat/ops/__init__.py: expected __all__, got none.")
    return names


def main(path):
    cases = elementwise_cases() + reduction_cases() + shaping_cases() + creation_cases() \
        + indexing_cases()
    shared = our_names()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   not_in_mindspore=sorted(n for n in shared if not hasattr(ops, n)))


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fixture.json"))
