"""Record MindSpore 2.10's compile settings (``compile_hints_cases.py``: Tensor(shape=,
dtype=) without data, Parameter.requires_grad_, Primitive.recompute, Cell flags /
recompute / set_boost / set_inputs) into ``compile_hints_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_compile_hints_fixture.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases_recorder  # noqa: E402

if __name__ == "__main__":
    cases_recorder.record("compile_hints")
