"""A MindSpore script's imports by module path (``ops.operations as P``, ``ops.functional
as F``, ``ops.composite as C``, ``common.dtype as mstype``, ``nn.wrap.cell_wrapper``,
``nn.optim.optimizer``) train one step as real MindSpore 2.10 does
(``tests/oracle/module_paths_fixture.json``)."""
import json
import os
import sys

import numpy as onp

ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, ORACLE)

from modpaths_snippet import train_one_step  # noqa: E402


def test_one_training_step_matches_mindspore():
    with open(os.path.join(ORACLE, "module_paths_fixture.json")) as f:
        expected = json.load(f)
    got = train_one_step("minpy_compat")
    assert got["dtype"] == expected["dtype"] == "float32"
    onp.testing.assert_allclose(got["loss"], expected["loss"], rtol=1e-6)
    onp.testing.assert_allclose(got["grad"], expected["grad"], rtol=1e-6, atol=1e-7)
    onp.testing.assert_allclose(got["w"], expected["w"], rtol=1e-6, atol=1e-7)
