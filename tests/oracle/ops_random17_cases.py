"""Area random17's random and sampling ops (``RandomChoiceWithMask``, ``choice_with_mask``,
``ParameterizedTruncatedNormal``, ``NonDeterministicInts``, the candidate samplers and
``nn.SampledSoftmaxLoss``) that ``make_ops_random17_fixture.py`` runs through real
MindSpore; encoded as in ``ops_cases.py``.

Each case's ``check`` says how the replay compares: ``exact`` (values too), ``kind``
(dtype and shape: random draws), ``counts`` (a sampler's ids by kind, its expected counts
exactly). Errors are compared by class in every mode."""
from ops_cases import D, V, _case


def _with(check, case):
    case["check"] = check
    return case


def kind(op, *args, **kwargs):
    return _with("kind", _case(op, *args, **kwargs))


def exact(op, *args, **kwargs):
    return _with("exact", _case(op, *args, **kwargs))


def sampled_softmax(nn):
    """``SampledSoftmaxLoss`` as a function of its inputs, its Cell arguments as keywords."""
    def loss(weights, biases, labels, logits, **cell_args):
        return nn.SampledSoftmaxLoss(**cell_args)(weights, biases, labels, logits)
    return loss


def view(lib, ops):
    """``ops`` plus ``SampledSoftmaxLoss`` (from ``lib.nn``) for ``run_case``."""
    class View:
        SampledSoftmaxLoss = staticmethod(sampled_softmax(lib.nn))

        def __getattr__(self, name):
            return getattr(ops, name)
    return View()


def _choice_cases():
    mask = V([[True, False, True], [False, True, True]], "bool")
    none = V([False, False, False], "bool")
    op = "RandomChoiceWithMask"
    return [
        kind(op, mask, init=(4, 1, 1)), kind(op, V([True, False, True, True], "bool"),
                                             init=(3, 1)),
        kind(op, V([[[True, True], [True, True]]] * 2, "bool"), init=(5, 1)),
        kind(op, mask, init=(10, 1)), exact(op, none, init=(2,)),
        exact(op, V([1, 0, 1], "int32"), init=(3, 1)), exact(op, V(True, "bool"), init=(2,)),
        exact(op, V([[[[[[True]]]]]], "bool"), init=(2,)),
        kind(op, V([[[[[True]]]]], "bool"), init=(2,)),
        exact(op, mask, init=(0,)), exact(op, mask, init=(2.0,)),
        kind("choice_with_mask", mask, count=4), kind("choice_with_mask", mask, 3, seed=5),
        exact("choice_with_mask", none, 2), exact("choice_with_mask", mask, 2, seed=1.5),
        exact("choice_with_mask", mask, 0),
    ]


def _truncated_cases():
    op, shape = "ParameterizedTruncatedNormal", V([2, 3], "int32")
    zero, one, low = V(0.0), V(1.0), V(-1.0)
    pair = (V([0.0, 1.0]), V([1.0, 1.0]), V([-1.0, 0.0]), V([1.0, 2.0]))
    f64 = [V([0.0, 1.0], "float64"), V([1.0, 1.0], "float64"), V([-1.0, 0.0], "float64"),
           V([1.0, 2.0], "float64")]
    f16 = [V(p["t"], "float16") for p in pair]
    return [
        kind(op, shape, *pair, init=(1,)),
        kind(op, V([2, 3], "int64"), zero, one, low, one, init=()),
        kind(op, shape, *f64, init=(1, 2)), kind(op, shape, *f16, init=()),
        kind(op, V([2, 4], "int64"), zero, one, V(5.0), V(6.0), init=(3,)),
        kind(op, V([2, 2, 3], "int32"), *pair, init=(1,)),
        exact(op, V([2.0, 3.0]), zero, one, low, one, init=()),
        exact(op, V([3], "int32"), zero, one, low, one, init=()),
        exact(op, shape, V([0.0, 1.0, 2.0]), *pair[1:], init=()),
        exact(op, shape, f64[0], *pair[1:], init=()),
        exact(op, shape, *[V(p["t"], "int32") for p in pair], init=()),
        exact(op, shape, zero, V(-1.0), low, one, init=()),
        exact(op, shape, zero, V(0.0), low, one, init=()),
        exact(op, shape, pair[0], pair[1], V([1.0, 0.0]), V([-1.0, 2.0]), init=()),
    ]


def _ints_cases():
    op = "NonDeterministicInts"
    return [
        kind(op, V([2, 3], "int32"), init=()), kind(op, V([2, 3], "int64"), init=(D("int32"),)),
        kind(op, V([2, 3], "int64"), init=(D("uint64"),)),
        kind(op, V([4, 1, 2], "int32"), init=(D("uint32"),)),
        exact(op, V([2, 3], "int32"), init=(D("float32"),)),
        exact(op, V([2.0, 3.0]), init=()), exact(op, V([[2, 3]], "int32"), init=()),
        exact(op, V([2, 0], "int32"), init=()), exact(op, V([3], "int64"), init=()),
    ]


def _sampler_cases():
    ucs, lucs = "UniformCandidateSampler", "LogUniformCandidateSampler"
    ids, ids32 = V([[1, 3], [2, 4]], "int64"), V([[1, 3], [2, 4]], "int32")
    one = V([[1]], "int64")
    cases = [
        _with("counts", _case(ucs, ids, init=(2, 5, False, 10, 1))),
        _with("counts", _case(ucs, ids32, init=(2, 5, False, 10, 1))),
        _with("counts", _case(ucs, one, init=(1, 11, False, 10))),
        _with("counts", _case(lucs, ids, init=(2, 5, False, 10, 1))),
        _with("counts", _case(lucs, one, init=(1, 11, False, 10))),
        _with("counts", _case(lucs, V([[0, 9, 4]], "int64"), init=(3, 4, False, 10))),
        _with("counts", _case("uniform_candidate_sampler", ids, 2, 3, False, 7, seed=2)),
        _with("counts", _case("log_uniform_candidate_sampler", ids, 2, 3, False, 7)),
        kind(ucs, ids, init=(2, 5, True, 10, 1)), kind(ucs, ids32, init=(2, 5, True, 10, 1)),
        kind(ucs, ids, init=(2, 5, True, 10, 1, True)), kind(lucs, ids, init=(2, 5, True, 10)),
        kind("uniform_candidate_sampler", ids, 2, 3, True, 7, remove_accidental_hits=True),
        kind("log_uniform_candidate_sampler", ids, 2, 3, True, 7, 4),
        exact(lucs, ids32, init=(2, 5, True, 10)), exact(ucs, V([[1.0, 2.0]]),
                                                         init=(2, 5, True, 10)),
        exact(ucs, V([1, 2], "int64"), init=(2, 5, True, 10)),
        exact(ucs, ids, init=(3, 5, True, 10)), exact(lucs, ids, init=(3, 5, True, 10)),
        exact(ucs, ids, init=(2, 11, True, 10)), exact(lucs, ids, init=(2, 11, True, 10)),
        exact("uniform_candidate_sampler", ids, 2, 3, 1, 7),
        exact("log_uniform_candidate_sampler", ids, 2, 3, True, 7, -1),
    ]
    for args in ((0, 5, True, 10), (1, 0, True, 10), (1, 5, True, 0), (1, 5, True, 10, -1),
                 (1.0, 5, True, 10), (1, 5, 1, 10)):
        cases += [exact(ucs, one, init=args), exact(lucs, one, init=args)]
    cases.append(exact(ucs, one, init=(1, 5, True, 10, 0, 1)))
    return cases


def _loss_cases():
    weights = V([[round(0.1 * (4 * r + c), 1) for c in range(4)] for r in range(6)])
    biases, logits = V([0.0, 0.1, 0.2, 0.3, 0.4, 0.5]), V([[0.0, 0.2, 0.4, 0.6],
                                                           [0.8, 1.0, 1.2, 1.4]])
    labels, labels2 = V([[0], [2]], "int32"), V([[0, 1], [2, 3]], "int64")
    fixed = {"tuple": [V([1, 2, 4], "int32"), V([[0.5], [0.25]]), V([0.5, 0.4, 0.3])]}
    misses = {"tuple": [V([1, 3, 5], "int32"), V([[0.5], [0.25]]), V([0.5, 0.4, 0.3])]}
    fixed2 = {"tuple": [V([4, 5, 2], "int64"), V([[0.5, 0.5], [0.2, 0.3]]),
                        V([0.5, 0.5, 0.5])]}
    op, data = "SampledSoftmaxLoss", (weights, biases, labels, logits)
    grad = {"grad": True}
    return [
        exact(op, *data, num_sampled=3, num_classes=6, sampled_values=fixed,
              remove_accidental_hits=False, **grad),
        exact(op, *data, num_sampled=3, num_classes=6, sampled_values=misses, **grad),
        exact(op, *data, num_sampled=3, num_classes=6, sampled_values=fixed, **grad),
        exact(op, *data, num_sampled=3, num_classes=6, sampled_values=misses, reduction="mean"),
        exact(op, weights, biases, labels2, logits, num_sampled=3, num_classes=6, num_true=2,
              sampled_values=fixed2, remove_accidental_hits=False, **grad),
        kind(op, *data, num_sampled=3, num_classes=6, seed=1),
        kind(op, weights, biases, labels2, logits, num_sampled=2, num_classes=6, num_true=2),
        exact(op, weights, biases, V([[0], [2]], "float32"), logits, num_sampled=3,
              num_classes=6),
        exact(op, *data, num_sampled=0, num_classes=6), exact(op, *data, num_sampled=7,
                                                              num_classes=6),
        exact(op, *data, num_sampled=3, num_classes=6, num_true=0),
        exact(op, *data, num_sampled=3, num_classes=6, reduction="foo"),
        exact(op, *data, num_sampled=3, num_classes=6, sampled_values=[1, 2]),
        exact(op, *data, num_sampled=3, num_classes=6, seed=-1),
        exact(op, *data, num_sampled=3, num_classes=6, remove_accidental_hits=1),
    ]


def random17_cases():
    return (_choice_cases() + _truncated_cases() + _ints_cases() + _sampler_cases()
            + _loss_cases())
