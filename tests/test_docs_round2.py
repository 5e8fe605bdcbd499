"""Documentation truth, round 2: the calls the READMEs spell out take the parameters they
name, the benchmark commands run the scripts with flags those scripts accept, and every
public name a user reaches through ``minpy_compat``, ``ops`` and ``nn`` has a docstring."""
import argparse
import ast
import inspect
import pathlib
import re

import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import customop, nn, ops
from minpy_compat.core import Function
from minpy_compat.dispatch.policy import AutoBlacklistPolicy
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
BENCH_README = (ROOT / "benchmarks" / "README.md").read_text()


@customop('numpy')
def _op(x, y):
    return x * y


# ---- the call forms README.md writes out -----------------------------------------------------

# (the text as README.md writes it, the function it describes)
CALL_FORMS = [
    ("op.def_grad(func, argnum)", _op.def_grad),
    ("def_grad_kw(func, key)", _op.def_grad_kw),
    ("np.slice_axis(data, axis, begin, end)", np.slice_axis),
    ("np.onehot_encode(indices, out)", np.onehot_encode),
    ("np.softmax_output(x, label)", np.softmax_output),
    ("AutoBlacklistPolicy(gen_rule, append_rule, loc)", AutoBlacklistPolicy),
    ("Function(symbol, input_shapes=None)", Function),
    ("ModelBase.load(prefix, strict=True)", ModelBase.load),
    ("Solver.save(prefix)", Solver.save),
    ("Solver.load(prefix)", Solver.load),
    ("Solver(verbose=False)", Solver),
    ("nn.Momentum(use_nesterov=True)", nn.Momentum),
    ("nn.Adagrad(update_slots=False)", nn.Adagrad),
    ("set_context(mode=GRAPH_MODE)", ms.set_context),
    ("set_context(device_target='GPU')", ms.set_context),
    ("np.linalg.qr(a, mode='complete')", np.linalg.qr),
    ("np.cov(m, aweights=w)", np.cov),
    ("np.polyfit(x, y, deg, w=w)", np.polyfit),
]


def _named(form):
    """The parameter names a call form gives, positional and keyword alike."""
    arguments = form.split("(", 1)[1].rsplit(")", 1)[0]
    return [part.split("=")[0].strip() for part in arguments.split(",") if part.strip()]


@pytest.mark.parametrize("form, function", CALL_FORMS, ids=[form for form, _ in CALL_FORMS])
def test_each_call_form_names_the_real_parameters(form, function):
    assert f"{form}`" in README, form
    signature = inspect.signature(function)
    keywords = [name for name, value in signature.parameters.items()
                if value.kind is not value.VAR_KEYWORD]
    takes_any = any(v.kind is v.VAR_KEYWORD for v in signature.parameters.values())
    for name in _named(form):
        if f"{name}=" in form and takes_any:
            continue  # a **kwargs function: its keyword test is below
        assert name in keywords, f"{form}: {name!r} is not a parameter of {signature}"


def test_def_grad_kw_takes_its_name_as_readme_calls_it():
    """``def_grad_kw(func, key)``: the keyword form works, and names the parameter."""
    @customop('numpy')
    def scaled(x, factor):
        return x * factor
    scaled.def_grad_kw(func=lambda ans, x, factor: lambda g: np.sum(g * x), key='factor')
    assert float(ms.grad(lambda f: np.sum(scaled(np.arange(3.0), f)))(2.0)) == 3.0


def test_solver_takes_verbose_as_the_readme_gives_it():
    from toolkit_helpers import Linear
    from minpy_compat.nn.io import NDArrayIter
    data = NDArrayIter(np.ones((4, 3)), np.zeros(4, dtype=int), batch_size=2)
    assert Solver(Linear(), data, data, verbose=False).verbose is False


def test_set_context_takes_the_keywords_the_readme_gives():
    try:
        ms.set_context(mode=ms.GRAPH_MODE)  # accepted, runs eagerly
        assert float(ms.grad(lambda x: x * x)(3.0)) == 6.0
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


# ---- benchmarks/README.md: scripts and flags ---------------------------------------------

def _flags(script):
    """The ``--flags`` a benchmark script's argparse parser declares."""
    tree = ast.parse((ROOT / "benchmarks" / script).read_text())
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument"
            and node.args and isinstance(node.args[0], ast.Constant)}


COMMANDS = re.findall(r"(\S*python) (benchmarks/(\w+\.py))([^\n#]*)", BENCH_README)


def test_the_benchmark_readme_gives_a_command_for_each_script():
    named = {script for _, _, script, _ in COMMANDS}
    there = {path.name for path in (ROOT / "benchmarks").glob("*.py")}
    assert named == there


@pytest.mark.parametrize("python, path, script, rest", COMMANDS,
                         ids=[script for _, _, script, _ in COMMANDS])
def test_each_benchmark_command_uses_flags_its_script_accepts(python, path, script, rest):
    assert python.startswith(".venv/") and (ROOT / path).exists()
    rest = rest.replace("[", "").replace("]", "")
    env = python.split("/")[1]
    assert env in ("core", "full")
    if script == "bench_mxnet.py":
        assert env == "full", "MXNet lives in the full environment only"
    flags = re.findall(r"--[\w-]+", rest.split("#", 1)[0])
    assert flags and set(flags) <= _flags(script), (script, flags, _flags(script))
    parser = argparse.ArgumentParser()
    for flag in _flags(script):
        parser.add_argument(flag, type=int)
    parser.parse_args(rest.split("#", 1)[0].split())  # the values parse as the script's


def test_the_scripts_own_usage_lines_use_their_flags():
    for script in ("bench_core.py", "bench_floor.py", "bench_mxnet.py"):
        doc = ast.get_docstring(ast.parse((ROOT / "benchmarks" / script).read_text())) or ""
        assert set(re.findall(r"--[\w-]+", doc)) <= _flags(script), script


# ---- docstrings on the public names ------------------------------------------------------

def _public(module):
    for key in sorted(dir(module)):
        value = getattr(module, key)
        if not key.startswith("_") and (inspect.isfunction(value) or inspect.isclass(value)) \
                and getattr(value, "__module__", "").startswith("minpy_compat"):
            yield key, value


@pytest.mark.parametrize("module", [ms, ops, nn], ids=["minpy_compat", "ops", "nn"])
def test_every_public_name_has_a_docstring(module):
    missing = [key for key, value in _public(module) if not (value.__doc__ or "").strip()]
    assert not missing, f"{module.__name__}: public names with no docstring: {missing}"


def test_every_function_of_ops_functional_has_its_own_docstring():
    """The oldest function ops (gt, exp, add, reshape, ...), once exempt, each say what they
    compute and take; ``ops.functional`` gathers them from the modules that hold them."""
    from minpy_compat.ops import functional
    names = [key for key in dir(functional) if not key.startswith("_")
             and inspect.isfunction(getattr(functional, key))]
    assert {"gt", "abs", "add", "relu", "reshape", "sum", "cast", "depend"} <= set(names)
    missing = [key for key in names if not (getattr(functional, key).__doc__ or "").strip()]
    assert not missing, f"ops.functional: functions with no docstring: {missing}"


def test_a_cell_docstring_is_its_own_not_its_base_class():
    inherited = [key for key, value in _public(nn) if inspect.isclass(value)
                 and value.__doc__ and value.__doc__ == value.__mro__[1].__doc__]
    assert not inherited
