"""Record MindSpore 2.10's vision.Resize(..., Inter.BICUBIC) on seeded uint8 and float32
images (up, down, same size, mixed) into ``resize_bicubic_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_resize_bicubic_fixture.py
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [(9, 13, 12, 20), (16, 16, 7, 5), (10, 10, 10, 10), (6, 8, 13, 3), (20, 30, 20, 11)]


def image(index, dtype):
    """The input of case ``index``: the same in the generator and the test."""
    h, w = CASES[index][:2]
    img = np.random.RandomState(index).randint(0, 256, size=(h, w, 3)).astype(dtype)
    return img / np.float32(255) if dtype == "float32" else img


def main():
    import mindspore.dataset.vision as vision  # here, so that the tests can import image()
    from mindspore.dataset.vision import Inter
    out = {}
    for index, (_, _, height, width) in enumerate(CASES):
        for dtype in ("uint8", "float32"):
            result = np.asarray(vision.Resize((height, width), Inter.BICUBIC)(image(index, dtype)))
            out[f"{index} {dtype}"] = {"shape": list(result.shape),
                                       "dtype": str(result.dtype),
                                       "v": result.astype(np.float64).ravel().tolist()}
    with open(os.path.join(HERE, "resize_bicubic_fixture.json"), "w") as handle:
        json.dump({"cases": CASES, "outputs": out}, handle, sort_keys=True)


if __name__ == "__main__":
    main()
