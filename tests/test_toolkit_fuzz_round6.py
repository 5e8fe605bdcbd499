"""Round 6 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

The Solver's bar is ``utils.progress``'s (no tqdm warning or red stderr box in a notebook
without ipywidgets); batchnorm and the update rules refuse hyper-parameters that turn a
step NaN; float32 parameters, their init draws and their optimizer state stay float32;
a 'roll_over' training iterator's epochs are counted as they come.
"""
import os
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat.nn import init, io as nnio, layers, optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
WIDGET = "application/vnd.jupyter.widget-view+json"
rng = onp.random.RandomState(6)


class Normalised(ModelBase):
    """An affine layer then batchnorm, whose running statistics are aux params."""

    def __init__(self, dtype=None):
        super().__init__()
        self.add_param("w", (3, 2), dtype=dtype).add_param(
            "gamma", (2,), init_rule="constant", init_config={"value": 1.0}, dtype=dtype)
        self.add_param("beta", (2,), init_rule="constant", dtype=dtype)
        self.add_aux_param("mean", onp.zeros(2, dtype or onp.float64))
        self.add_aux_param("var", onp.ones(2, dtype or onp.float64))

    def forward(self, X, mode):
        h = np.dot(X, self.params["w"])
        out, mean, var = layers.batchnorm(h, self.params["gamma"], self.params["beta"], mode,
                                          running_mean=self.aux_params["mean"],
                                          running_var=self.aux_params["var"])
        if mode == "train":
            self.aux_params["mean"], self.aux_params["var"] = mean, var
        return out

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def data(n=5, dtype=onp.float64):
    X = rng.rand(n, 2).astype(dtype)
    return X, (X[:, 0] > X[:, 1]).astype(int)


def run_notebook(tmp_path, cells, hide=()):
    """Run code cells in a kernel that cannot import the modules in ``hide``."""
    for module in ("nbformat", "nbclient", "ipykernel"):
        pytest.importorskip(module, reason=f"{module} is not installed (the notebook tests "
                            "run in the full environment)")
    import nbclient
    import nbformat
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\nfor name in %r:\n    sys.modules[name] = None\n" % (list(hide),))
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), ROOT, TESTS]))
    env.pop("TQDM_DISABLE", None)
    nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": TESTS}}).execute(env=env)
    return book


def stream(cell, name):
    return "".join(o.text for o in cell.outputs
                   if o.output_type == "stream" and o.name == name)


def two_epochs():
    X, y = data(8)
    return Solver(Linear(), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y),
                  num_epochs=2, print_every=0)


# ---- the Solver's progress bar ---------------------------------------------------------
@pytest.mark.parametrize("hide", [(), ("ipywidgets",)], ids=["widgets", "no-ipywidgets"])
def test_in_a_notebook_the_solver_writes_nothing_to_stderr_and_each_epoch_line_once(
        tmp_path, hide):
    if not hide:
        pytest.importorskip("ipywidgets", reason="ipywidgets is not installed (full env)")
    # Without ipywidgets, tqdm.auto printed its "IProgress not found" warning and drew
    # a text bar on stderr: a red box under the cell.
    cell = "from test_toolkit_fuzz_round6 import two_epochs\ntwo_epochs().train();"
    (done,) = run_notebook(tmp_path, [cell], hide=hide).cells
    assert stream(done, "stderr") == ""
    out = stream(done, "stdout")
    assert out.count("(Epoch 1 / 2)") == 1 and out.count("(Epoch 2 / 2)") == 1
    widgets = [o for o in done.outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == (0 if hide else 1)
    if hide:
        assert "4/4" in out and "IProgress" not in out


def test_the_solver_no_longer_imports_tqdm_itself():
    from minpy_compat.nn import solver as solver_module
    assert not hasattr(solver_module, "tqdm")


def test_the_solvers_epoch_lines_go_through_the_bars_own_write(monkeypatch, capsys):
    from minpy_compat.utils import progress as progress_module
    from tqdm.std import tqdm as text_bar
    written = []

    class Recorded(text_bar):
        def write(self, line, *args, **kwargs):  # an instance's write, not tqdm.write
            written.append(line)

    monkeypatch.setattr(progress_module, "_bar_class", lambda: (Recorded, {"file": sys.stdout}))
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    two_epochs().train()
    capsys.readouterr()
    assert [line[:13] for line in written] == ["(Epoch 1 / 2)", "(Epoch 2 / 2)"]


def test_a_solver_with_verbose_false_prints_nothing(capsys):
    solver = two_epochs()
    solver.verbose = False
    solver.train()
    assert capsys.readouterr() == ("", "")


# ---- nn.io split -----------------------------------------------------------------------
def test_the_file_helpers_live_in_io_files_and_are_still_nn_io_names(tmp_path):
    from minpy_compat.nn import io_files
    assert nnio.save_data_labels is io_files.save_data_labels
    assert nnio.load_data_labels is io_files.load_data_labels
    path = tmp_path / "data.npz"
    nnio.save_data_labels(onp.ones((2, 3), onp.float32), onp.array([0, 1]), str(path))
    X, y = nnio.load_data_labels(str(path))
    assert X.dtype == onp.float32 and y.tolist() == [0, 1]
    with open(os.path.join(ROOT, "minpy_compat", "nn", "io.py")) as handle:
        assert len(handle.readlines()) <= 300


# ---- batchnorm hyper-parameters --------------------------------------------------------
@pytest.mark.parametrize("x_shape, gamma_shape", [((4, 3), (3,)), ((2, 3, 2, 2), (3,))],
                         ids=["batchnorm", "spatial"])
@pytest.mark.parametrize("name, value, pattern", [
    ("momentum", 1.5, r"batchnorm argument 'momentum': expected a number in \[0, 1\], "
                      r"got 1\.5\."),
    ("momentum", -0.1, r"batchnorm argument 'momentum': expected a number in \[0, 1\], "
                       r"got -0\.1\."),
    ("momentum", float("nan"), r"batchnorm argument 'momentum': .* got nan\."),
    ("momentum", "0.9", r"batchnorm argument 'momentum': expected a number .* got '0\.9'\."),
    ("eps", -1e-3, r"batchnorm argument 'eps': expected a finite number >= 0, got -0\.001\."),
    ("eps", float("inf"), r"batchnorm argument 'eps': expected a finite number >= 0, "
                          r"got inf\."),
])
def test_batchnorm_refuses_a_momentum_or_eps_that_makes_nan(x_shape, gamma_shape, name,
                                                            value, pattern):
    # They were accepted: a negative eps gave NaN outputs, momentum 1.5 running
    # statistics that run away from the data.
    x = rng.rand(*x_shape)
    with pytest.raises(ValueError, match=pattern):
        layers.batchnorm(x, onp.ones(gamma_shape), onp.zeros(gamma_shape), **{name: value})


@pytest.mark.parametrize("x_shape", [(4, 3), (2, 3, 2, 2)], ids=["batchnorm", "spatial"])
def test_batchnorm_keeps_float32_with_numpy_float64_hyper_parameters(x_shape):
    # Under NumPy 2 a numpy.float64 momentum or eps made every output float64.
    x = rng.rand(*x_shape).astype(onp.float32)
    outs = layers.batchnorm(x, onp.ones(3, onp.float32), onp.zeros(3, onp.float32),
                            momentum=onp.float64(0.5), eps=onp.float64(1e-3))
    assert [o.dtype for o in outs] == [onp.float32] * 3


@pytest.mark.parametrize("momentum, eps", [(0.0, 0.5), (1.0, 1e-5)])
def test_batchnorm_takes_the_ends_of_its_ranges_and_matches_finite_differences(momentum, eps):
    x = rng.rand(5, 3)
    out, mean, var = layers.batchnorm(x, onp.ones(3), onp.zeros(3), momentum=momentum,
                                      eps=eps, running_mean=onp.ones(3))
    assert onp.allclose(mean, 1.0 if momentum == 1.0 else x.mean(axis=0))
    check_grads(lambda x: layers.batchnorm(x, onp.ones(3), onp.zeros(3), eps=eps,
                                           momentum=momentum)[0] ** 2,
                modes=["rev"], order=1)(x)


# ---- dtypes of initialised parameters -------------------------------------------------
@pytest.mark.parametrize("rule, config", [
    ("gaussian", {"stdvar": onp.float32(0.1)}),
    ("gaussian", {"mu": onp.float32(1.0), "stdvar": 0.5}),
    ("uniform", {"low": onp.float32(-0.5), "high": onp.float32(0.5)}),
])
def test_init_rules_draw_in_their_configs_float32(rule, config):
    # They drew float64 whatever the config (constant already kept float32).
    assert init.RULES[rule]((3, 2), config).dtype == onp.float32
    assert init.RULES[rule]((3, 2), {k: float(v) for k, v in config.items()}).dtype == \
        onp.float64


@pytest.mark.parametrize("rule", sorted(init.RULES))
def test_a_parameter_declared_float32_is_float32_after_init(rule):
    # xavier, gaussian, uniform and integer constants gave float64 parameters to a
    # model that declared float32 (the dtype was stored and ignored).
    model = ModelBase().add_param("w", (3, 2), init_rule=rule, dtype="float32")
    model.add_params({"b": {"shape": (2,), "dtype": onp.float32}})
    Solver(model, None, None, verbose=False).init()
    dtypes = {k: v.dtype for k, v in model.params.items()}
    assert dtypes == {"w": onp.float32, "b": onp.float32}


@pytest.mark.parametrize("call", [
    lambda: ModelBase().add_param("w", (2,), dtype="int32"),
    lambda: ModelBase().add_params({"w": {"shape": (2,), "dtype": "floot32"}}),
], ids=["add_param", "add_params"])
def test_a_declared_dtype_that_is_not_floating_is_refused_by_parameter(call):
    with pytest.raises(TypeError, match=r"ModelBase.add_params? 'w' 'dtype': expected a "
                       r"floating dtype such as 'float32', got '(int32|floot32)'\."):
        call()


# ---- Solver: 'roll_over' and 'discard' training iterators, check_accuracy -----------------
def test_a_roll_over_train_iterator_counts_each_epochs_own_batches(capsys, monkeypatch):
    # 5 samples in batches of 2 roll over as 2, 3, 2 batches: the log said
    # "(Iteration 3 / 2)" and the bar ran past its total of 6.
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    X, y = data(5)
    solver = Solver(Linear(), NDArrayIter(X, y, batch_size=2, last_batch_handle="roll_over"),
                    NDArrayIter(X, y), num_epochs=3, print_every=1)
    solver.train()
    out, err = capsys.readouterr()
    counts = [line.split(")")[0] for line in out.splitlines() if line.startswith("(Iter")]
    assert counts == ["(Iteration 1 / 2", "(Iteration 2 / 2", "(Iteration 1 / 3",
                      "(Iteration 2 / 3", "(Iteration 3 / 3", "(Iteration 1 / 2",
                      "(Iteration 2 / 2"]
    assert len(solver.loss_history) == 7 and "7/7" in err and "100%" in err


@given(st.integers(1, 9), st.integers(1, 4), st.integers(1, 4),
       st.sampled_from(["roll_over", "discard", "pad"]))
@settings(max_examples=25, deadline=None)
def test_the_bar_total_is_the_number_of_steps_taken(n, batch_size, epochs, handle):
    X, y = data(n)
    if handle == "discard" and n < batch_size:
        return
    it = NDArrayIter(X, y, batch_size=batch_size, last_batch_handle=handle)
    from minpy_compat.nn.solver_batches import epoch_sizes
    sizes = epoch_sizes(it, epochs)
    solver = Solver(Linear(), it, None, num_epochs=epochs, verbose=False,
                    init_rule="constant")
    solver.train()
    assert sum(sizes) == len(solver.loss_history) and len(sizes) == epochs


def test_a_discard_train_iterator_trains_on_full_batches_and_is_measured_on_all_samples():
    X, y = data(7)
    seen = []

    class Recording(Linear):
        def forward(self, X, mode):
            seen.append((mode, onp.shape(X)[0]))
            return super().forward(X, mode)

    solver = Solver(Recording(), NDArrayIter(X, y, batch_size=3, last_batch_handle="discard"),
                    None, num_epochs=1, verbose=False, train_acc_num_samples=None)
    solver.train()
    assert [size for mode, size in seen if mode == "train"] == [3, 3]
    assert sum(size for mode, size in seen if mode == "test") == 9  # 7 samples, 2 padding
    guess = onp.argmax(solver.model.forward(X, "test"), axis=1)
    assert solver.train_acc_history == [float(onp.mean(guess == y))]


@pytest.mark.parametrize("handle", ["roll_over", "discard", "pad"])
def test_check_accuracy_with_num_samples_counts_that_many_distinct_samples(handle):
    X, y = data(9)
    solver = Solver(Linear(), None, None, verbose=False).init()
    it = NDArrayIter(X, y, batch_size=4, last_batch_handle=handle)
    onp.random.seed(3)
    sub = it.getsubiter(5)
    onp.random.seed(3)
    accuracy = solver.check_accuracy(it, num_samples=5)
    guess = onp.argmax(solver.model.forward(sub.data[0][1], "test"), axis=1)
    assert accuracy == float(onp.mean(guess == sub.label[0][1]))
    everything = solver.check_accuracy(it, num_samples=100)
    guess = onp.argmax(solver.model.forward(X, "test"), axis=1)
    assert everything == float(onp.mean(guess == y))
    with pytest.raises(ValueError, match=r"NDArrayIter.getsubiter: expected 1\.\.9 samples, "
                       r"got 0\."):
        solver.check_accuracy(it, num_samples=0)


# ---- aux params through training, save and load -----------------------------------------
@pytest.mark.parametrize("dtype", [None, onp.float32])
def test_running_statistics_and_float32_survive_a_checkpoint(tmp_path, dtype):
    X, y = data(12, dtype or onp.float64)
    X = onp.hstack([X, X[:, :1]])

    def solver(epochs):
        onp.random.seed(0)
        # 12 samples in batches of 4: 'roll_over' leaves nothing over, so a fresh
        # iterator resumes where the first one stopped (its leftovers are not saved)
        return Solver(Normalised(dtype), NDArrayIter(X, y, batch_size=4,
                                                     last_batch_handle="roll_over"),
                      NDArrayIter(X, y, batch_size=5), num_epochs=epochs, verbose=False,
                      update_rule="adam", optim_config={"learning_rate": 0.05})

    first = solver(2).train()
    prefix = str(tmp_path / "checkpoint")
    first.save(prefix)
    loaded = Normalised(dtype).load(prefix)
    for name in ("mean", "var"):
        assert onp.array_equal(loaded.aux_params[name], first.model.aux_params[name])
        assert not onp.array_equal(loaded.aux_params[name], Normalised().aux_params[name])
    resumed = solver(1).load(prefix).train()
    straight = solver(3).train()
    want = onp.dtype(dtype or onp.float64)
    for model in (loaded, resumed.model, straight.model):
        assert {v.dtype for v in {**model.params, **model.aux_params}.values()} == {want}
    for config in resumed.optim_configs.values():
        assert config["m"].dtype == config["v"].dtype == want
    assert resumed.val_acc_history == straight.val_acc_history
    for name, value in straight.model.aux_params.items():
        onp.testing.assert_array_equal(resumed.model.aux_params[name], value)


# ---- update rules: float32 and hyper-parameter ranges ------------------------------------
@pytest.mark.parametrize("rule", ["sgd_momentum", "rmsprop", "adam"])
@pytest.mark.parametrize("dw_dtype, scalar", [(onp.float64, float), (onp.float32, onp.float64)],
                         ids=["float64-dw", "numpy-float64-config"])
def test_update_rules_keep_float32_state_for_a_float32_weight(rule, dw_dtype, scalar):
    # The velocity, cache and moments came back float64 (the weight was cast back).
    w = onp.ones((2, 3), onp.float32)
    config = {k: scalar(v) for k, v in optim.DEFAULTS[rule].items()}
    for _ in range(2):
        w, config = optim.RULES[rule](w, onp.full((2, 3), 0.5, dw_dtype), config)
    assert w.dtype == onp.float32
    for key in optim.STATE[rule][:2]:
        assert config[key].dtype == onp.float32


@pytest.mark.parametrize("rule, config, pattern", [
    ("sgd", {"learning_rate": float("nan")},
     r"sgd config 'learning_rate': expected a finite real number >= 0, got nan\."),
    ("sgd", {"learning_rate": -0.1},
     r"sgd config 'learning_rate': expected a finite real number >= 0, got -0\.1\."),
    ("sgd_momentum", {"momentum": 1.5},
     r"sgd_momentum config 'momentum': expected a real number in \[0, 1\], got 1\.5\."),
    ("rmsprop", {"decay_rate": 1.0},
     r"rmsprop config 'decay_rate': expected a real number in \[0, 1\), got 1\.0\."),
    ("rmsprop", {"epsilon": -1e-8},
     r"rmsprop config 'epsilon': expected a finite real number >= 0, got -1e-08\."),
    ("adam", {"beta1": 1.0}, r"adam config 'beta1': expected a real number in \[0, 1\), "
                             r"got 1\.0\."),
    ("adam", {"beta2": -0.5}, r"adam config 'beta2': expected a real number in \[0, 1\), "
                              r"got -0\.5\."),
    ("adam", {"t": -1}, r"adam config 't': expected a step count: an int >= 0, got -1\."),
    ("adam", {"t": 1.5}, r"adam config 't': expected a step count: an int >= 0, got 1\.5\."),
])
def test_update_rules_refuse_hyper_parameters_that_make_a_step_nan(rule, config, pattern):
    # Each was accepted: NaN weights (beta1=1, decay_rate 1.5, t=-1) or a runaway step.
    w = onp.ones(3)
    with pytest.raises(ValueError, match=pattern):
        optim.RULES[rule](w, onp.ones(3), dict(config))
    with pytest.raises(ValueError, match=pattern):  # and when the Solver is built
        Solver(Linear(), None, None, update_rule=rule, optim_config=dict(config))


@pytest.mark.parametrize("rule, key, value, got", [
    ("sgd_momentum", "velocity", onp.array(["a", "b", "c"]), r"ndarray of shape \(3,\) <U1"),
    ("adam", "m", onp.ones(3, complex), r"ndarray of shape \(3,\) complex128"),
])
def test_update_rules_refuse_state_that_is_not_real_numbers(rule, key, value, got):
    # NumPy's "can't multiply sequence" came out, or complex moments were silently cut.
    with pytest.raises(TypeError, match=rf"{rule} config '{key}': expected real numbers, "
                       rf"got {got}"):
        optim.RULES[rule](onp.ones(3), onp.ones(3), {key: value})


@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_update_rules_take_the_ends_of_their_ranges(rule):
    edges = {"learning_rate": 0.0, "momentum": 1.0, "decay_rate": 0.0, "beta1": 0.0,
             "beta2": 0.0, "epsilon": 0.5}
    config = {k: edges[k] for k in optim.DEFAULTS[rule]}
    w, _ = optim.RULES[rule](onp.ones(3), onp.ones(3), config)
    onp.testing.assert_array_equal(w, onp.ones(3))


def test_a_float32_model_trains_float32_end_to_end():
    X, y = data(8, onp.float32)
    solver = Solver(Linear("float32"), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y),
                    num_epochs=2, update_rule="rmsprop", verbose=False,
                    optim_config={"learning_rate": onp.float64(0.01)})
    solver.train()
    assert {v.dtype for v in solver.model.params.values()} == {onp.dtype(onp.float32)}
    assert {c["cache"].dtype for c in solver.optim_configs.values()} == {onp.dtype(onp.float32)}
