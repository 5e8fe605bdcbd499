"""Properties that hold for all inputs (hypothesis)."""
import numpy as onp
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import minpy_compat.numpy as np
from minpy_compat import grad

BINARY = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum,
          "subtract": np.subtract, "hypot": np.hypot}


@settings(max_examples=40, deadline=None)
@given(shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
       op=st.sampled_from(sorted(BINARY)), dtype=st.sampled_from([onp.float32, onp.float64]))
def test_gradients_have_their_inputs_shape_and_dtype_under_broadcasting(shapes, op, dtype):
    x, y = (onp.linspace(0.5, 1.5, int(onp.prod(s))).reshape(s).astype(dtype)
            for s in shapes.input_shapes)
    gx, gy = grad(lambda x, y: np.sum(BINARY[op](x, y) ** 2), [0, 1])(x, y)
    assert gx.shape == x.shape and gy.shape == y.shape
    assert gx.dtype == dtype and gy.dtype == dtype


@settings(max_examples=30, deadline=None)
@given(shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
       op=st.sampled_from(sorted(BINARY)), traced=st.sampled_from([(0,), (1,), (0, 1)]))
def test_mixed_precision_gradients_keep_each_inputs_dtype(shapes, op, traced):
    # float32 meets float64: the result is float64, each gradient has its own input's dtype.
    x, y = (onp.linspace(0.5, 1.5, int(onp.prod(s))).reshape(s).astype(dtype)
            for s, dtype in zip(shapes.input_shapes, (onp.float32, onp.float64)))
    grads = grad(lambda x, y: np.sum(BINARY[op](x, y) ** 2), list(traced))(x, y)
    grads = grads if isinstance(grads, list) else [grads]
    for argnum, g in zip(traced, grads):
        assert g.dtype == (x, y)[argnum].dtype and g.shape == (x, y)[argnum].shape
        expected = grad(lambda x, y: np.sum(BINARY[op](x, y) ** 2), argnum)(
            x.astype(onp.float64), y)
        onp.testing.assert_allclose(g, expected, rtol=1e-5)


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(onp.float64, hnp.array_shapes(max_dims=3, max_side=4),
                  elements=st.floats(-3, 3)))
def test_facade_values_equal_numpys(x):
    for ours, theirs in [(np.tanh(x) * 2 - np.exp(-x), onp.tanh(x) * 2 - onp.exp(-x)),
                         (np.sum(x ** 2, axis=-1), onp.sum(x ** 2, axis=-1)),
                         (np.maximum(x, 0.5), onp.maximum(x, 0.5))]:
        assert ours.shape == onp.shape(theirs) and ours.dtype == onp.asarray(theirs).dtype
        onp.testing.assert_array_equal(ours, theirs)


@settings(max_examples=25, deadline=None)
@given(hnp.arrays(onp.float32, hnp.array_shapes(min_dims=1, max_dims=2, max_side=4),
                  elements=st.floats(-2, 2, width=32)))
def test_float32_stays_float32_through_a_chain(x):
    def f(x):
        h = np.maximum(np.tanh(x) * 1.5, 0.1)
        return np.sum(np.where(h > 0.5, h ** 2, -h) / 3.0)
    g = grad(f)(x)
    assert g.dtype == onp.float32 and g.shape == x.shape
