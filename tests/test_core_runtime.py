"""Runtime guarantees: threads, memory, clean state after errors, lazy MXNet."""
import subprocess
import sys
import threading
import tracemalloc

import pytest

import minpy_compat.numpy as np
from minpy_compat import context, cpu, gpu, grad


def test_grad_from_many_threads_at_once_gives_each_its_own_answer():
    errors, results = [], {}
    start = threading.Barrier(8)

    def work(k):
        try:
            start.wait()
            for _ in range(30):
                # nested grad: any mixing of trace ids between threads would break it
                value = grad(grad(lambda x: k * x ** 3))(2.0)
                assert float(value) == 12.0 * k, (k, float(value))
            results[k] = float(value)
        except Exception as err:  # reported below, so the test fails with the cause
            errors.append(err)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == {k: 12.0 * k for k in range(1, 9)}


def test_context_is_per_thread_and_restored_after_errors():
    seen = {}

    def other():
        seen["other"] = context.current_context()

    with pytest.raises(RuntimeError):
        with gpu(1):
            thread = threading.Thread(target=other)
            thread.start()
            thread.join()
            assert context.current_context() == gpu(1)
            raise RuntimeError("body fails")
    assert seen["other"] == cpu() and context.current_context() == cpu()


def test_error_inside_grad_leaves_no_tracing_state():
    def broken(x):
        np.sum(x)
        raise KeyError("user bug")

    for _ in range(3):
        with pytest.raises(KeyError):
            grad(broken)(np.ones(2))
    from autograd.tracer import trace_stack
    assert trace_stack.top == -1
    assert float(grad(grad(lambda x: x ** 3))(1.0)) == 6.0


def test_ten_thousand_grad_calls_do_not_grow_memory():
    f = grad(lambda w, x: np.sum(np.tanh(np.dot(x, w)) ** 2))
    w, x = np.ones((8, 4)), np.ones((3, 8))
    for _ in range(500):
        f(w, x)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(10_000):
        f(w, x)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    growth = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert growth < 200_000, f"memory grew by {growth} bytes over 10,000 grad calls"


def test_importing_the_package_does_not_import_mxnet():
    code = ("import sys, minpy_compat, minpy_compat.numpy, minpy_compat.core, "
            "minpy_compat.primitive; print('mxnet' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


def test_the_cell_modules_load_when_a_name_is_first_used():
    code = ("import sys, minpy_compat; from minpy_compat import nn; "
            "print('minpy_compat.nn.rnns' in sys.modules); nn.LSTM; "
            "print('minpy_compat.nn.rnns' in sys.modules); "
            "print(all(hasattr(nn, name) for name in nn.__all__), 'Dense' in dir(nn))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True", "True", "True"]
    from minpy_compat import nn
    with pytest.raises(AttributeError, match="module 'minpy_compat.nn' has no attribute 'Nope'"):
        nn.Nope


def test_the_breadth_ops_and_the_training_api_load_when_first_used():
    code = ("import sys, minpy_compat as ms; from minpy_compat import ops; "
            "print(any(m in sys.modules for m in ('minpy_compat.ops.math_linalg', "
            "'minpy_compat.ops.nnf_losses', 'minpy_compat.train'))); "
            "from minpy_compat.ops import einsum; ms.Model; "
            "print('minpy_compat.ops.math_linalg' in sys.modules, 'minpy_compat.train' in "
            "sys.modules, all(hasattr(ops, n) for n in ops.__all__), 'mse_loss' in dir(ops))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True", "True", "True", "True"]


def test_customop_mxnet_without_mxnet_names_the_install_command():
    from conftest import HAS_MXNET
    if HAS_MXNET:
        pytest.skip("MXNet is installed here; the no-MXNet path is tested in the core env")
    from minpy_compat import customop
    with pytest.raises(ImportError, match=r'pip install "mxnet==1.9.1" "numpy<1.24"'):
        customop('mxnet')
