"""Solver and NDArrayIter options: bad lr decay, update rules and last-batch handles are
named; a shuffled batch index numbers the samples as given."""
import numpy as onp
import pytest
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn.io import NDArrayIter
from test_nn_model_solver import make_solver


# ---- Solver and NDArrayIter options --------------------------------------------------------
def test_solver_refuses_an_infinite_lr_decay():
    # It was accepted; the second epoch trained with an infinite learning rate (nan).
    with pytest.raises(ValueError, match=r"Solver option 'lr_decay': expected a real number "
                       r">= 0, got inf\."):
        make_solver(lr_decay=float("inf"))


def test_the_solver_options_module_example_runs():
    import doctest
    from minpy_compat.nn import solver_options
    result = doctest.testmod(solver_options)
    assert result.attempted > 0 and result.failed == 0


def test_solver_names_an_update_rule_that_returns_a_weight_of_another_shape():
    solver = make_solver(update_rule=lambda w, dw, config: (onp.zeros(3), config), num_epochs=1)
    solver.init()
    before = {k: onp.array(v) for k, v in solver.model.params.items()}
    # affine then complained about 'w' on the next batch, far from the cause.
    with pytest.raises(ValueError, match=r"Solver update_rule for parameter 'w1': expected "
                       r"next_w of shape \(4, 16\), got shape \(3,\)\."):
        solver.train()
    for name, value in before.items():
        onp.testing.assert_array_equal(solver.model.params[name], value)


@pytest.mark.parametrize("handle", [["pad"], print, None])
def test_ndarrayiter_refuses_a_last_batch_handle_that_is_not_a_name(handle):
    # A list raised "unhashable type: 'list'"; a callable was accepted and acted as 'pad'.
    with pytest.raises(UnknownOptionError, match=r"NDArrayIter argument 'last_batch_handle': "
                       r"expected one of 'pad', 'discard', 'roll_over', got "):
        NDArrayIter(onp.zeros((4, 2)), None, batch_size=2, last_batch_handle=handle)


def test_solver_refuses_an_update_rule_given_as_a_list():
    # TypeError: unhashable type: 'list'.
    with pytest.raises(UnknownOptionError, match=r"Solver option 'update_rule': expected one "
                       r"of 'sgd', .* or a callable, got \['sgd'\]\."):
        make_solver(update_rule=["sgd"])


def test_a_shuffled_batch_index_numbers_the_samples_as_given():
    data = onp.arange(14.0).reshape(7, 2)
    onp.random.seed(1)
    it = NDArrayIter(data, onp.arange(7) * 10, batch_size=3, shuffle=True)
    for batch in it:
        # The index gave positions in the shuffled copy: data[index] was other samples.
        onp.testing.assert_array_equal(batch.data[0], data[batch.index])
        onp.testing.assert_array_equal(batch.label[0], batch.index * 10)
    onp.random.seed(2)
    sub = it.getsubiter(4)
    for batch in sub:
        onp.testing.assert_array_equal(batch.data[0], data[batch.index])
