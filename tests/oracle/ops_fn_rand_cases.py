"""Area fn_rand's function ops (random, segment/scatter, shaping, unfold/fold) that
``make_ops_fn_rand_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``.
Random ops are replayed for dtype, shape and raise/no-raise only (values need not agree)."""
from ops_cases import D, T, V, _case

RANDOM = {"rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "uniform",
          "standard_normal", "normal", "multinomial", "bernoulli", "shuffle", "randperm",
          "random_gamma", "random_poisson", "laplace", "standard_laplace",
          "random_categorical"}


def _random_cases():
    x, i8 = T((2, 3)), T((3,), "int8", 0, 3)
    one, two = V(1.0), V(2.0)
    return [
        _case("rand", 2, 3), _case("rand", [2, 3], dtype=D("float64")),
        _case("rand", 2, dtype=D("int32")), _case("rand", 3, seed="a"),
        _case("rand_like", T((2, 3), "float64")), _case("rand_like", T((2,), "int32")),
        _case("randn", 2, 3), _case("randn_like", T((2, 3), "float64")),
        _case("randint", 0, 5, [2, 3]), _case("randint", 0, 5, [2], dtype=D("float32")),
        _case("randint", 0, 5, [2], dtype=D("int32")), _case("randint_like", i8, 0, 5),
        _case("randint_like", x, 0, 5),
        _case("uniform", [2, 3], one, two), _case("uniform", [2, 3], 1.0, 2.0),
        _case("uniform", [2, 3], V(1, "int32"), V(5, "int32"), dtype=D("int32")),
        _case("uniform", [2, 3], V(1.0, "float64"), V(2.0, "float64"), dtype=D("float64")),
        _case("standard_normal", [2, 3]), _case("normal", [2, 3], one, two),
        _case("normal", [3], T((2, 1)), 1.0),
        _case("normal", [2, 3], V(1.0, "float64"), V(2.0, "float64")),
        _case("multinomial", V([0.0, 9.0, 4.0, 0.0]), 2),
        _case("multinomial", V([0.0, 9.0, 4.0, 0.0]), 2, replacement=False),
        _case("multinomial", V([[0.0, 9.0, 4.0, 0.0], [1.0, 1.0, 1.0, 1.0]]), 5, False),
        _case("bernoulli", x), _case("bernoulli", T((2, 3), "int32", 0, 1)),
        _case("bernoulli", x, V([0.0, 1.0, 1.0])),
        _case("shuffle", V([1, 2, 3, 4], "int64")), _case("shuffle", x),
        _case("randperm", 5), _case("randperm", 5, dtype=D("float32")),
        _case("randperm", -1),
        _case("random_gamma", V([2, 1], "int32"), V([1.0, 2.0, 3.0])),
        _case("random_gamma", V([2], "int64"), V([1.0, 2.0], "float64")),
        _case("random_poisson", V([2], "int32"), V([1.0, 2.0, 3.0])),
        _case("random_poisson", V([2, 1], "int32"), V([1.0, 2.0]), dtype=D("int64")),
        _case("laplace", [2, 3], one, two), _case("standard_laplace", [2, 3]),
        _case("random_categorical", T((2, 4)), 3),
        _case("random_categorical", T((2, 4)), 3, dtype=D("int32")),
        _case("random_categorical", T((4,)), 3),
    ]


def _scatter_cases():
    x, ids = T((3, 2)), V([0, 2, 0], "int32")
    nd, upd = V([[1, 0], [2, 1]], "int32"), V([4.0, 3.0])
    rep = V([[1, 0], [1, 0]], "int32")
    cases = [_case(f"unsorted_segment_{k}", x, ids, 3, grad=True)
             for k in ("sum", "max", "min", "prod")]
    cases += [_case("unsorted_segment_sum", x, V([0, -1, 0], "int32"), 3, grad=True),
              _case("unsorted_segment_max", T((3,), "int32"), ids, 4),
              _case("unsorted_segment_sum", x, V([0.0, 1.0, 0.0]), 3)]
    for kind in ("sub", "mul", "div", "max", "min"):
        cases += [_case(f"tensor_scatter_{kind}", x, nd, upd, grad=True),
                  _case(f"tensor_scatter_{kind}", x, rep, upd),
                  _case(f"scatter_nd_{kind}", x, nd, upd),
                  _case(f"tensor_scatter_{kind}", x, nd, V([4.0]))]
    cases += [_case("scatter_nd_update", x, nd, upd), _case("scatter_nd_update", x, nd, V([1.0]))]
    for kind in ("update", "mul", "div", "max", "min"):
        cases += [_case(f"scatter_{kind}", x, V([1, 0], "int32"), T((2, 2))),
                  _case(f"scatter_{kind}", x, V([1], "int32"), T((2, 2)))]
    return cases


def _shaping_cases():
    x, img = T((3, 2)), T((1, 2, 4, 4))
    seq = T((3, 4))
    return [
        _case("reverse", x, [0], grad=True), _case("reverse", T((2, 3, 2)), [0, 2]),
        _case("reverse_sequence", seq, V([1, 2, 3], "int32"), 1, grad=True),
        _case("reverse_sequence", T((2, 3, 2)), V([3, 1], "int64"), 1, batch_dim=0, grad=True),
        _case("reverse_sequence", seq, V([4, 1, 2, 3], "int32"), 0, batch_dim=1),
        _case("reverse_sequence", seq, V([1, 2], "int32"), 1),
        _case("strided_slice", T((3, 4)), (0, 1), (3, 4), (2, 2), grad=True),
        _case("strided_slice", T((3, 4, 2)), (1, 0), (3, 4), (1, 1), shrink_axis_mask=1),
        _case("strided_slice", T((3, 4)), (0, 0), (3, 4), (1, 0)),
        _case("slice", x, (1, 0), (2, -1), grad=True), _case("slice", x, (2, 0), (2, 1)),
        _case("repeat_elements", x, 2, 1, grad=True),
        _case("repeat_elements", T((2, 2), "int8", 0, 3), 3),
        _case("space_to_batch_nd", img, 2, [[0, 0], [0, 0]], grad=True),
        _case("space_to_batch_nd", T((1, 1, 3, 4)), (2, 2), [[1, 0], [0, 2]], grad=True),
        _case("space_to_batch_nd", T((1, 1, 3, 4)), (2, 2), [[0, 0], [0, 0]]),
        _case("batch_to_space_nd", T((4, 1, 2, 2)), 2, [[0, 0], [1, 0]], grad=True),
        _case("batch_to_space_nd", T((8, 2, 2, 3)), (2, 2), [[1, 1], [0, 2]], grad=True),
        _case("batch_to_space_nd", T((3, 1, 2, 2)), 2, [[0, 0], [0, 0]]),
        _case("channel_shuffle", T((1, 4, 2, 2)), 2, grad=True),
        _case("channel_shuffle", T((2, 6, 1, 2, 1)), 3),
        _case("channel_shuffle", T((1, 4, 2, 2)), 3),
        _case("mirror_pad", x, V([[1, 1], [1, 1]], "int64"), "REFLECT", grad=True),
        _case("mirror_pad", x, V([[1, 2], [2, 0]], "int64"), "SYMMETRIC", grad=True),
        _case("mirror_pad", x, V([[3, 0], [0, 0]], "int64"), "REFLECT"),
        _case("sequence_mask", V([1, 3, 2], "int32"), 4),
        _case("sequence_mask", V([[1, 3], [2, 0]], "int64")),
        _case("top_k", T((2, 3)), 2, grad=True), _case("top_k", V([1, 5, 3], "int32"), 2, False),
        _case("top_k", T((2, 3)), 4),
        _case("tril_indices", 3, 4, 1), _case("tril_indices", 4, 3, -1, dtype=D("int32")),
        _case("triu_indices", 3, 4, -1, dtype=D("int32")), _case("triu_indices", 2, 2),
        _case("unfold", img, 2, grad=True),
        _case("unfold", T((2, 3, 5, 5)), 2, 1, 1, 2, grad=True),
        _case("unfold", T((1, 1, 5, 6)), (2, 3), (2, 1), (1, 0), (1, 2), grad=True),
        _case("unfold", T((3, 5, 5)), 2),
        _case("fold", T((2, 12, 9)), V([4, 4], "int32"), 2, 1, 1, 2, grad=True),
        _case("fold", T((1, 8, 9)), V([4, 4], "int32"), 2, grad=True),
        _case("fold", T((1, 6, 6)), V([5, 6], "int32"), (2, 3), (2, 1), (1, 0), (1, 2),
              grad=True),
    ]


def fn_rand_cases():
    return _random_cases() + _scatter_cases() + _shaping_cases()
