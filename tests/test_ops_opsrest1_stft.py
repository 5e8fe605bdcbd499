"""``ops.stft`` and ``STFT`` (``ops/fn_rest1_stft.py``): frames against a direct NumPy
computation, float64 finite differences (MindSpore 2.10 defines no gradient), float32 stays
float32, and bad arguments name the op and the argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import numpy as np
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

SIGNAL = onp.random.RandomState(16).uniform(-1, 1, (2, 20))


def _by_hand(x, n_fft, hop, window):
    padded = onp.pad(x, [(0, 0), (n_fft // 2, n_fft // 2)], mode="reflect")
    starts = range(0, padded.shape[-1] - n_fft + 1, hop)
    frames = onp.stack([padded[:, s:s + n_fft] * window for s in starts], axis=1)
    return onp.swapaxes(onp.fft.rfft(frames, axis=-1), -1, -2)


def test_stft_matches_a_direct_computation():
    window = onp.hanning(8)
    got = ops.stft(ms.Tensor(SIGNAL), 8, 4, window=ms.Tensor(window), return_complex=True)
    onp.testing.assert_allclose(got, _by_hand(SIGNAL, 8, 4, window), atol=1e-12)
    pairs = ops.stft(ms.Tensor(SIGNAL), 8, 4, window=ms.Tensor(window))
    onp.testing.assert_allclose(pairs[..., 0] + 1j * pairs[..., 1], got, atol=1e-12)
    # without the centring pad of 4, frame s starts where the centred frame s + 1 does
    prim = ops.STFT(8, 4, 8, False, True, True)(ms.Tensor(SIGNAL), ms.Tensor(window))
    onp.testing.assert_allclose(prim, got[..., 1:5], atol=1e-12)


@pytest.mark.parametrize("mode", ["REFLECT", "CONSTANT", "SYMMETRIC"])
def test_stft_gradient_matches_finite_differences(mode):
    def loss(x, w):
        out = ops.stft(x, 6, 2, 4, window=w, pad_mode=mode, normalized=True,
                       return_complex=True)
        return np.real(out) ** 2 + np.imag(out)
    check_grads(loss, modes=["rev"], order=1)(SIGNAL, onp.hanning(4))


def test_float32_stays_float32():
    x = ms.Tensor(SIGNAL.astype(onp.float32))
    assert ops.stft(x, 8, return_complex=True).dtype == onp.complex64
    assert ops.stft(x, 8).dtype == onp.float32
    assert ops.STFT(8, 2, 8, False, True, False)(x, ms.Tensor(onp.ones(8, onp.float32))).dtype \
        == onp.float32


def test_errors_name_the_op_and_argument():
    x = ms.Tensor(SIGNAL)
    with pytest.raises(CellArgumentError, match="ops.stft pad_mode: expected 'CONSTANT'"):
        ops.stft(x, 8, pad_mode="reflect")
    with pytest.raises(CellArgumentError, match="ops.stft n_fft: expected a positive int"):
        ops.stft(x, 0)
    with pytest.raises(CellArgumentError, match="ops.stft window: expected shape \\(8,\\)"):
        ops.stft(x, 8, window=ms.Tensor(onp.ones(5)))
    with pytest.raises(CellArgumentError, match="ops.stft win_length: expected at most"):
        ops.stft(x, 8, win_length=9)
    with pytest.raises(CellTypeError, match="ops.stft x: expected a float32"):
        ops.stft(ms.Tensor(onp.arange(16, dtype=onp.int32)), 8)
    with pytest.raises(CellArgumentError, match="STFT x: expected a 1-D or 2-D signal"):
        ops.STFT(32, 2, 8, False, True, True)(x, ms.Tensor(onp.ones(8)))
    with pytest.raises(CellTypeError, match="STFT onesided: expected a bool"):
        ops.STFT(8, 2, 8, False, 1, True)
