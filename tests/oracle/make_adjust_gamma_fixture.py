"""Record MindSpore 2.10's vision.AdjustGamma on every uint8 value (its lookup table) for a
few (gamma, gain) pairs into ``adjust_gamma_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_adjust_gamma_fixture.py
"""
import json
import os

import numpy as np
import mindspore.dataset.vision as vision

HERE = os.path.dirname(os.path.abspath(__file__))
PAIRS = [(0.5, 1.2), (2.2, 1.0), (1.0, 0.7), (0.8, 3.0), (1.3, 0.9), (0.3, 1.0)]


def main():
    img = np.arange(256, dtype=np.uint8).reshape(16, 16, 1).repeat(3, axis=2)
    tables = {f"{gamma} {gain}": np.asarray(vision.AdjustGamma(gamma, gain)(img))[..., 0]
              .ravel().tolist() for gamma, gain in PAIRS}
    with open(os.path.join(HERE, "adjust_gamma_fixture.json"), "w") as handle:
        json.dump(tables, handle, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
