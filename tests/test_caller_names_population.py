"""Every error names what the user called, over whole populations: each ``Primitive``
subclass in ``ops`` (``LogSoftmax input: ...``, not ``ops.log_softmax input: ...``), each
Tensor method (``Tensor.softmax input: ...``), each ``mint.nn.functional`` name and each
functional in-place op (``ops.uniform_: ...``, not ``Tensor.uniform_: ...``).

Each case calls with ``caller_probe.Probe`` arguments: the first use of one records the
name errors carry at that moment. A name added later that forgets the mechanism fails here.
"""
import inspect

import numpy as onp
import pytest

import minpy_compat as ms
from caller_probe import Probe, named_by, with_probes
from minpy_compat import ops
from minpy_compat.array import Array
from minpy_compat.errors import current_caller
from minpy_compat.mint.nn import functional as F
from minpy_compat.ops import tensor_methods
from minpy_compat.ops._lazy_table import LAZY
from minpy_compat.ops.primitives import Primitive
from minpy_compat.traced_methods import NdarrayMethods


def _primitives():
    names = sorted(n for n in set(dir(ops)) | set(LAZY) if n[:1].isupper())
    return [n for n in names if inspect.isclass(getattr(ops, n))
            and issubclass(getattr(ops, n), Primitive) and getattr(ops, n) is not Primitive]


def _made(cls):
    """An instance made with the fewest int arguments its constructor takes, or None."""
    for count in range(5):
        try:
            return cls(*[1] * count)
        except (TypeError, ValueError):
            continue
    return None


PRIMITIVES = _primitives()
METHODS = sorted(set(tensor_methods.FORWARDED)
                 | {n for names in tensor_methods.MODULES.values() for n in names})
IN_PLACE = sorted(n for n in set(dir(ops)) | set(LAZY)
                  if n.endswith("_") and not n.startswith("_") and callable(getattr(ops, n))
                  and n != "print_") + ["inplace_sigmoid"]  # print_ prints anything
# primitives whose constructor needs more than ints, or whose call takes no Tensor to probe
# (Print, the summaries and Depend pass their arguments through): this many, no more
UNJUDGED_PRIMITIVES = 40


def test_the_populations_are_whole():
    assert len(PRIMITIVES) >= 400 and len(METHODS) >= 280 and len(F.__all__) >= 70
    assert {"LogSoftmax", "Elu", "OneHot", "Tan", "MatMul"} <= set(PRIMITIVES)
    assert {"clamp_", "uniform_", "zero_", "random_"} <= set(IN_PLACE)


def test_every_primitive_names_itself():
    verdicts = {}
    for name in PRIMITIVES:
        primitive = _made(getattr(ops, name))
        verdicts[name] = ("unjudged: constructor" if primitive is None
                          else named_by(with_probes(primitive), name))
        assert current_caller() is None, name  # reset once the call is over, even by an error
    unnamed = {n: v for n, v in verdicts.items() if v.startswith("unnamed")}
    unjudged = sorted(n for n, v in verdicts.items() if v.startswith("unjudged"))
    assert unnamed == {}
    assert len(unjudged) <= UNJUDGED_PRIMITIVES, unjudged


@pytest.mark.parametrize("name", METHODS)
def test_every_tensor_method_names_itself(name):
    # a Probe as ``self``: the method's first use of it happens under its own name
    method = vars(Array)[name]
    assert vars(NdarrayMethods)[name] is method  # the traced values share the same one
    verdict = named_by(with_probes(method, Probe()), f"Tensor.{name}")
    assert not verdict.startswith("unnamed"), verdict
    assert current_caller() is None


def test_nearly_every_tensor_method_is_judged():
    # the few that pass a Probe through (x.to(), x.value()) or whose message names a
    # primitive they run (x.reverse: "ReverseV2 axis: ...") are left unjudged
    unjudged = [n for n in METHODS if named_by(with_probes(vars(Array)[n], Probe()),
                                               f"Tensor.{n}").startswith("unjudged")]
    assert len(unjudged) <= 8, unjudged


@pytest.mark.parametrize("name", sorted(F.__all__))
def test_every_mint_nn_functional_name_names_itself(name):
    verdict = named_by(with_probes(getattr(F, name)), f"mint.nn.functional.{name}")
    assert verdict == "named"


@pytest.mark.parametrize("name", IN_PLACE)
def test_every_functional_in_place_op_names_itself(name):
    # a real Tensor first (its checks are the Tensor method's), then a Probe alone
    x = ms.Tensor([0.5, 0.25])
    verdict = named_by(with_probes(getattr(ops, name), x, most=3), f"ops.{name}")
    if verdict == "unjudged: no error":  # zero_(x), tanh_(x): nothing to probe after x
        verdict = named_by(with_probes(getattr(ops, name)), f"ops.{name}")
    assert verdict == "named"


INTS = ms.Tensor(onp.array([1, 2], onp.int32))
FLOATS = ms.Tensor([0.5, 0.25])

# (what the user called, the call, the error class, the words after the name)
WORDED = [
    ("LogSoftmax", lambda: ops.LogSoftmax()(INTS), TypeError, " input: expected a float16"),
    ("Elu", lambda: ops.Elu()(INTS), TypeError, " input_x: expected a float16"),
    ("OneHot", lambda: ops.OneHot()(FLOATS, 3, FLOATS[0], FLOATS[1]), TypeError,
     " indices: expected an int Tensor"),
    ("Tensor.softmax", lambda: INTS.softmax(0), TypeError, " input: expected a float16"),
    ("Tensor.atan2", lambda: INTS.atan2(INTS), TypeError, " input: expected a float"),
    ("Tensor.logit", lambda: INTS.logit(), TypeError, " input: expected a float"),
    ("Tensor.clamp_", lambda: FLOATS.clamp_(), ValueError, ": expected min or max"),
    ("mint.nn.functional.softmax", lambda: F.softmax(INTS, 0), TypeError,
     " input: expected a float16"),
    ("mint.nn.functional.gelu", lambda: F.gelu(INTS), TypeError, " input: expected a float16"),
    ("ops.uniform_", lambda: ops.uniform_(FLOATS, 3, 2), ValueError,
     ": expected from_ <= to"),
    ("ops.normal_", lambda: ops.normal_(FLOATS, 0, -1), ValueError, " std: expected"),
    ("ops.bernoulli_", lambda: ops.bernoulli_(FLOATS, 1.5), ValueError, " p: expected"),
    ("ops.exponential_", lambda: ops.exponential_(FLOATS, 0), ValueError, " lambd: expected"),
    ("ops.random_", lambda: ops.random_(INTS, 5, 2), ValueError, ": expected from_ < to"),
    ("ops.clamp_", lambda: ops.clamp_(FLOATS), ValueError, ": expected min or max"),
    ("IOU", lambda: ops.IOU()(FLOATS, FLOATS), ValueError, " anchor_boxes: expected a 2-D"),
    ("CheckValid", lambda: ops.CheckValid()(3, FLOATS), TypeError, " bboxes: expected a"),
    ("ops.iou", lambda: ops.iou(FLOATS, FLOATS, mode="x"), ValueError, " mode: expected"),
    ("ops.grid_sample", lambda: ops.grid_sample(FLOATS, FLOATS), ValueError,
     " input: expected a 4-D or 5-D"),
    ("AffineGrid", lambda: ops.AffineGrid()(3, (1, 1, 2, 2)), TypeError,
     " theta: expected a Tensor"),
]


@pytest.mark.parametrize("name, call, error, words", WORDED, ids=[w[0] for w in WORDED])
def test_the_message_reads_with_the_name_called(name, call, error, words):
    with pytest.raises(error, match="^" + name.replace(".", r"\.") + words):
        call()
    assert current_caller() is None


def test_a_caller_inside_a_tensor_method_keeps_the_outermost_name():
    # ops.uniform_ runs Tensor.uniform_, which raises "Tensor.uniform_: ..."; the user
    # called ops.uniform_, so that is named (and the method alone names itself)
    with pytest.raises(ValueError, match=r"^Tensor\.uniform_: expected from_ <= to"):
        FLOATS.uniform_(3, 2)
    with pytest.raises(TypeError, match=r"^ops\.softmax input"):
        ops.softmax(INTS)  # the ops function still names itself


def test_a_stub_kept_from_before_its_first_use_still_works():
    fresh = ms.Tensor([1.0, 4.0])
    method = vars(Array)["rsqrt"]  # maybe the stub, maybe the real one: both name it
    for _ in range(3):
        onp.testing.assert_allclose(method(fresh), [1.0, 0.5])
    assert named_by(lambda: method(Probe()), "Tensor.rsqrt") == "named"
