"""Record MindSpore 2.10's vision.ResizedCrop (a given box, resized) on a seeded uint8
image into ``resized_crop_fixture.json``: outputs, and the error class of a bad box.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_resized_crop_fixture.py
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# (top, left, height, width, size, interpolation name)
CASES = {"square_pair": (1, 2, 6, 8, [5, 5], "BILINEAR"),
         "int_size_bicubic": (0, 0, 9, 13, 4, "BICUBIC"),
         "grow_nearest": (2, 3, 7, 10, [12, 7], "NEAREST"),
         "box_outside": (5, 5, 6, 6, 3, "BILINEAR"),
         "negative_top": (-1, 0, 2, 2, 3, "BILINEAR")}


def image():
    return np.random.RandomState(3).randint(0, 256, size=(9, 13, 3)).astype(np.uint8)


def main():
    import mindspore.dataset.vision as vision  # here, so that the tests can import image()
    out = {}
    for name, (top, left, height, width, size, kernel) in CASES.items():
        try:
            op = vision.ResizedCrop(top, left, height, width, size, vision.Inter[kernel])
            result = np.asarray(op(image()))
            out[name] = {"shape": list(result.shape), "v": result.ravel().tolist()}
        except (ValueError, RuntimeError, TypeError) as error:
            out[name] = {"error": type(error).__name__}
    with open(os.path.join(HERE, "resized_crop_fixture.json"), "w") as handle:
        json.dump(out, handle, sort_keys=True)


if __name__ == "__main__":
    main()
