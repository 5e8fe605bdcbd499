"""The CTC cases (``ctc_loss``, ``CTCLossV2``, ``CTCLoss``, ``CTCGreedyDecoder``,
``ctc_greedy_decoder``) that ``make_ops_ctc_fixture.py`` runs through real MindSpore;
encoded as in ``ops_cases.py``. Log-probabilities are log-softmaxed random values, so
both libraries see normalized inputs; a few cases use raw values on purpose."""
import numpy as onp

from ops_cases import T, V, _case

_rng = onp.random.RandomState(15)


def _log_probs(shape, dtype="float32"):
    x = _rng.uniform(-2, 2, size=shape)
    x = x - onp.log(onp.exp(x).sum(-1, keepdims=True))
    return V(onp.round(x, 4).tolist(), dtype)


def ctc_loss_cases():
    lp, i32, i64 = _log_probs((6, 3, 5)), "int32", "int64"
    tg = V([[1, 2, 2], [3, 3, 0], [4, 1, 0]], i32)
    il, tl = V([6, 5, 4], i32), V([3, 2, 2], i32)
    cases = []
    for op, init in (("ctc_loss", None), ("CTCLossV2", ())):
        reductions = ("none", "mean", "sum") if init is None else ("none",)
        for red in reductions:
            kw = {"reduction": red} if init is None else {}
            cases += [
                _case(op, lp, tg, il, tl, init=init, grad=True, **kw),
                _case(op, lp, tg, V([3, 5, 4], i32), tl, init=init, grad=True, **kw),
            ]
            if init is None:
                cases.append(_case(op, lp, tg, V([3, 5, 4], i32), tl, 0, red, True,
                                   grad=True))
        cases += [
            _case(op, _log_probs((6, 3, 5), "float64"), tg, il, tl, init=init, grad=True),
            _case(op, lp, V([[1, 2, 2], [3, 3, 4], [4, 1, 0]], i64), V([6, 6, 2], i64),
                  V([0, 3, 1], i64), init=init, grad=True),
            _case(op, lp, V([[1, 0, 2], [3, 3, 0], [4, 1, 0]], i32), il, tl, init=init,
                  grad=True),
            _case(op, lp, V([[0, 2, 2], [3, 3, 0], [4, 1, 0]], i32), il, tl,
                  init=init if init is None else (4,), grad=True,
                  **({"blank": 4} if init is None else {})),
            _case(op, T((6, 3, 5), "float16"), tg, il, tl, init=init),
            _case(op, lp, V([[1., 2., 2.], [3., 3., 0.], [4., 1., 0.]]), il, tl, init=init),
            _case(op, T((6, 5)), tg, il, tl, init=init),
            _case(op, lp, V([1, 2, 2], i32), il, tl, init=init),
            _case(op, lp, tg, V([6, 5], i32), tl, init=init),
            _case(op, lp, tg, il, V([3, 2, 2, 1], i32), init=init),
            _case(op, lp, tg, V([7, 5, 4], i32), tl, init=init),
            _case(op, lp, tg, il, V([4, 2, 2], i32), init=init),
            _case(op, lp, tg, il, V([-1, 2, 2], i32), init=init),
        ]
    cases += [
        _case("ctc_loss", lp, tg, il, tl, 5), _case("ctc_loss", lp, tg, il, tl, -1),
        _case("ctc_loss", lp, tg, il, tl, 0, "max"),
        _case("ctc_loss", lp, tg, il, tl, 0, "mean", 1),
        _case("ctc_loss", T((6, 3, 5)), tg, il, tl, 0, "sum", grad=True),
        _case("CTCLossV2", lp, tg, il, tl, init=(0, "mean")),
        _case("CTCLossV2", lp, tg, il, tl, init=(0, "none", 1)),
        _case("CTCLossV2", lp, tg, V([3, 5, 4], i32), tl, init=(0, "none", True), grad=True),
    ]
    return cases


def sparse_ctc_cases():
    x, i64, i32 = T((5, 2, 4)), "int64", "int32"
    idx = V([[0, 0], [0, 1], [0, 2], [1, 0]], i64)
    sl = V([5, 4], i32)
    cases = []
    for values in ([0, 1, 2, 2], [1, 1, 0, 2]):
        for init in ((), (True,), (False, False), (False, True), (True, False)):
            cases.append(_case("CTCLoss", x, idx, V(values, i32), sl, init=init, grad=True))
    cases += [
        _case("CTCLoss", T((5, 2, 4), "float64"), idx, V([0, 1, 2, 2], i32), sl, init=(),
              grad=True),
        _case("CTCLoss", x, V([[0, 0], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]], i64),
              V([0, 1, 1, 1, 1, 1], i32), V([5, 3], i32), init=(False, True, True), grad=True),
        _case("CTCLoss", x, idx, V([0, 1, 2, 2], i32), sl, init=(1,)),
        _case("CTCLoss", x, V([[0, 0], [0, 1], [0, 2], [1, 0]], i32), V([0, 1, 2, 2], i32),
              sl, init=()),
        _case("CTCLoss", x, idx, V([0, 1, 2, 2], i64), sl, init=()),
        _case("CTCLoss", T((5, 4)), idx, V([0, 1, 2, 2], i32), sl, init=()),
    ]
    return cases


def greedy_cases():
    x, i32 = T((6, 3, 4)), "int32"
    small = V([[[0.6, 0.4, 0.2], [0.8, 0.6, 0.3]], [[0.0, 0.6, 0.0], [0.5, 0.4, 0.5]]])
    cases = [_case("ctc_greedy_decoder", small, V([2, 2], i32)),
             _case("CTCGreedyDecoder", small, V([2, 2], i32), init=())]
    for op, init in (("ctc_greedy_decoder", None), ("CTCGreedyDecoder", ())):
        for merge in (True, False):
            args = (merge,) if init is None else ()
            use = init if init is None else (merge,)
            cases += [
                _case(op, x, V([6, 3, 0], i32), *args, init=use),
                _case(op, x, V([6, 6, 5], i32), *args, init=use),
                _case(op, T((6, 3, 4), "float64"), V([4, 6, 2], i32), *args, init=use),
            ]
        cases += [_case(op, x, V([7, 3, 5], i32), init=init),
                  _case(op, T((6, 4)), V([6, 3, 5], i32), init=init),
                  _case(op, x, V([6, 3], i32), init=init),
                  _case(op, T((6, 3, 4), "float16"), V([6, 3, 5], i32), init=init)]
    cases += [_case("CTCGreedyDecoder", x, V([6, 3, 5], i32), init=(1,)),
              _case("ctc_greedy_decoder", x, V([6, 3, 5], i32), 1)]
    return cases


def ctc_cases():
    return ctc_loss_cases() + sparse_ctc_cases() + greedy_cases()
