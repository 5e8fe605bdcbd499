"""The image-quality and embedding Cell cases of ``make_metrics16_fixture.py``:
``[Cell name, kwargs, inputs]``."""
import numpy as onp

_RNG = onp.random.RandomState(1616)


def _image(shape):
    return _RNG.uniform(0, 1, size=shape).astype(onp.float32)


_A, _B = _image((2, 3, 16, 16)), _image((2, 3, 16, 16))
_BIG_A = _image((1, 2, 40, 40))
_BIG_B = onp.clip(_BIG_A + _RNG.normal(0, 0.1, size=_BIG_A.shape), 0, 1).astype(onp.float32)
_U8A = (_A * 255).astype(onp.uint8)
_U8B = (_B * 255).astype(onp.uint8)

CELL_CASES = [["PSNR", {}, [_A, _B]], ["PSNR", {"max_val": 2.0}, [_A, _B]],
              ["PSNR", {"max_val": 255}, [_U8A, _U8B]],
              ["SSIM", {}, [_A, _B]], ["SSIM", {"filter_size": 7, "filter_sigma": 1.0},
                                       [_BIG_A, _BIG_B]],
              ["SSIM", {"filter_size": 4, "k1": 0.02, "k2": 0.05, "max_val": 2}, [_A, _B]],
              ["MSSSIM", {"filter_size": 3, "power_factors": (0.3, 0.3, 0.4)},
               [_BIG_A, _BIG_B]],
              ["MSSSIM", {"filter_size": 2, "max_val": 255}, [_BIG_A * 255, _BIG_B * 255]]]

# MultiFieldEmbeddingLookup(vocab 6, size 3, fields 3): [kwargs, indices, values, field_ids]
EMBED_TABLE = _RNG.normal(0, 1, size=(6, 3)).astype(onp.float32)
_IDS = onp.array([[0, 1, 2, 5], [3, 3, 4, 0]], onp.int32)
_VALUES = onp.array([[1.0, -2.0, 0.0, 0.5], [0.0, 1.5, 2.0, -1.0]], onp.float32)
_FIELDS = onp.array([[0, 0, 1, 2], [2, 0, 0, 1]], onp.int32)
EMBED_CASES = [[{"operator": op}, _IDS, _VALUES, _FIELDS] for op in ("SUM", "MEAN", "MAX")]
EMBED_CASES += [[{"operator": "SUM", "max_norm": 0.8}, _IDS, _VALUES, _FIELDS]]
