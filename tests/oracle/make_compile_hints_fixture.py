"""Record MindSpore 2.10's compile settings (``compile_hints_cases.py``: Tensor(shape=,
dtype=) without data, Parameter.requires_grad_, Primitive.recompute, Cell flags /
recompute / set_boost / set_inputs) into ``compile_hints_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_compile_hints_fixture.py
"""
import json
import os
import sys

import mindspore

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compile_hints_cases  # noqa: E402


def main():
    results = compile_hints_cases.run(mindspore)
    with open(os.path.join(HERE, "compile_hints_fixture.json"), "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
