"""Shared by the test_mxnet_record_* files: MXNet (the module is skipped without it), the
seeded rng and a small MLP's loss and data."""
import numpy as onp

from mxnet_helpers import need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402


rng = onp.random.RandomState(3)


def _mlp_loss(x, y, w1, b1, w2, b2):
    h = np.maximum(np.dot(x, w1) + b1, 0.0)
    logits = np.dot(h, w2) + b2
    z = logits - np.max(logits, axis=1, keepdims=True)
    log_p = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(log_p * y, axis=1))


def _mlp_data(dtype):
    x = rng.normal(size=(16, 12)).astype(dtype)
    y = onp.eye(5, dtype=dtype)[rng.randint(0, 5, size=16)]
    params = [(rng.normal(size=(12, 8)) / 3).astype(dtype), rng.normal(size=8).astype(dtype),
              (rng.normal(size=(8, 5)) / 3).astype(dtype), rng.normal(size=5).astype(dtype)]
    return x, y, params
