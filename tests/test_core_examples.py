"""The seed-004 example and the demo run as scripts and print what they should."""
import pathlib
import re
import subprocess
import sys

import numpy as onp

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def run(script):
    return subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True,
                          text=True, check=True, cwd=EXAMPLES).stdout


def test_seed_004_prints_loss_and_softmax_minus_onehot_gradient():
    out = run("seed_004_customop.py")
    x = onp.array([[0.5, 1.0, -0.5], [2.0, 0.1, 0.3]])
    probs = onp.exp(x) / onp.exp(x).sum(axis=1, keepdims=True)
    loss = -onp.log(probs[[0, 1], [1, 0]]).mean()
    assert re.search(r"loss ([0-9.]+)", out).group(1)[:10] == f"{loss:.10f}"[:10]
    probs[[0, 1], [1, 0]] -= 1
    printed = onp.array([float(v) for v in re.findall(r"-?\d+\.\d+", out.split("gradient")[1])])
    onp.testing.assert_allclose(printed, (probs / 2).ravel(), rtol=1e-6)
