"""The sparse-tensor cases (``COOTensor``/``CSRTensor``, the sparse ``ops`` functions and
primitives) that ``make_ops_sparse_fixture.py`` runs through real MindSpore; encoded as in
``ops_cases.py``. A sparse argument is the tuple ``("coo", indices, values, shape)`` or
``("csr", indptr, indices, values, shape)``; ``SparseView`` builds it with the library's
class and flattens a sparse answer to ``(indices..., values, shape Tensor)``, so
``oracle_io.run_case`` records and differentiates it like any tuple of Tensors."""
import numpy as onp

from ops_cases import D, T, V, _case

PRIMS = ("SparseToDense", "SparseTensorDenseMatmul", "SparseTensorDenseAdd", "SparseSlice")


class SparseView:
    """Stands in for ``ops``: ``SparseView(lib, ops).coo_abs(("coo", i, v, s))`` builds
    ``lib.COOTensor(i, v, s)`` and calls ``ops.coo_abs``; ``"COOTensor.abs"`` calls the
    method (or reads the property) of the sparse first argument; ``"COOTensor"`` builds;
    a primitive or ``"nn.<Cell>"`` is built from the case's ``init`` first."""

    def __init__(self, lib, ops):
        self.lib, self.ops = lib, ops

    def build(self, value):
        if isinstance(value, tuple) and value and value[0] in ("coo", "csr"):
            kind = self.lib.COOTensor if value[0] == "coo" else self.lib.CSRTensor
            return kind(*value[1:])
        if isinstance(value, tuple):
            return tuple(self.build(v) for v in value)
        return value

    def flat(self, out):
        lib = self.lib
        if isinstance(out, (lib.COOTensor, lib.CSRTensor)):
            parts = out.to_tuple()
            return tuple(parts[:-1]) + (lib.Tensor(onp.array(parts[-1], onp.int64)),)
        if isinstance(out, tuple):
            return tuple(self.flat(o) for o in out)
        return out

    def __getattr__(self, name):
        if name in PRIMS or name.startswith("nn."):
            def make(*init):
                home = self.lib.nn if name.startswith("nn.") else self.ops
                prim = getattr(home, name.split(".")[-1])(*init)
                return lambda *args: self.flat(prim(*[self.build(a) for a in args]))
            return make

        def call(*args, **kwargs):
            args = [self.build(a) for a in args]
            kwargs = {k: self.build(v) for k, v in kwargs.items()}
            if name in ("COOTensor", "CSRTensor"):
                return self.flat(getattr(self.lib, name)(*args, **kwargs))
            if "." in name:
                attr = getattr(args[0], name.split(".")[1])
                return self.flat(attr(*args[1:], **kwargs) if callable(attr) else attr)
            return self.flat(getattr(self.ops, name)(*args, **kwargs))
        return call


def coo(values, indices=((0, 1), (1, 2), (2, 0)), shape=(3, 4), dtype="float32",
        index="int32"):
    return {"tuple": ["coo", V([list(i) for i in indices], index), V(values, dtype),
                      list(shape)]}


def csr(values, indptr=(0, 2, 2, 3), indices=(0, 3, 1), shape=(3, 4), dtype="float32",
        index="int32"):
    return {"tuple": ["csr", V(list(indptr), index), V(list(indices), index),
                      V(values, dtype), list(shape)]}


def class_cases():
    i32, f32 = V([[0, 1], [1, 2]], "int32"), V([1.5, -2.0])
    a, a64 = coo([1.5, -2.0, 0.5]), coo([1.5, -2.0, 0.5], dtype="float64")
    c = csr([1.5, -2.0, 0.5])
    dense = V(onp.round(onp.linspace(-2, 2, 12), 3).reshape(3, 4).tolist())
    cases = [_case("COOTensor", i32, f32, [3, 4], grad=True),
             _case("COOTensor", V([[0., 1.]]), V([1.0]), [3, 4]),
             _case("COOTensor", i32, V([[1.0], [2.0]]), [3, 4]),
             _case("COOTensor", i32, V([1.0, 2.0, 3.0]), [3, 4]),
             _case("COOTensor", i32, f32, [3, 4, 5]),
             _case("CSRTensor", V([0, 1, 1, 2], "int32"), V([1, 2], "int32"), f32, [3, 4],
                   grad=True),
             _case("CSRTensor", V([0, 1, 1, 2], "int32"), V([1, 2], "int64"), f32, [3, 4]),
             _case("CSRTensor", V([0, 1, 2], "int32"), V([1, 2], "int32"), f32, [3, 4])]
    c64 = csr([1.5, -2.0, 0.5], dtype="float64")
    for kind, x, x64 in (("COOTensor", a, a64), ("CSRTensor", c, c64)):
        cases += [_case(f"{kind}.to_dense", x, grad=True), _case(f"{kind}.to_dense", x64,
                                                                 grad=True),
                  _case(f"{kind}.abs", x, grad=True), _case(f"{kind}.astype", x, D("float64")),
                  _case(f"{kind}.__neg__", x, grad=True), _case(f"{kind}.__add__", x, dense,
                                                                grad=True),
                  _case(f"{kind}.__mul__", x, dense, grad=True),
                  _case(f"{kind}.__truediv__", x, V([[2.0] * 4] * 3), grad=True)]
        cases += [_case(f"{kind}.{p}", x) for p in ("shape", "size", "itemsize", "ndim")]
    cases += [_case("COOTensor.to_csr", a, grad=True), _case("CSRTensor.to_coo", c, grad=True),
              _case("CSRTensor.__add__", c, csr([1.0, 2.0], (0, 1, 2, 2), (3, 0)), grad=True),
              _case("CSRTensor.add", c, csr([1.0, 2.0], (0, 1, 2, 2), (3, 0)), V(2.0),
                    V(-1.0), grad=True),
              _case("CSRTensor.mm", c, T((4, 2)), grad=True),
              _case("CSRTensor.mv", c, T((4, 1)), grad=True), _case("CSRTensor.mv", c, T((4,))),
              _case("CSRTensor.sum", c, 1, grad=True)]
    i64 = [[1, 2], [0, 1], [1, 2]]
    cases += [_case("COOTensor.coalesce", coo([1.0, -2.0, 4.0], i64, index="int64"), grad=True),
              _case("COOTensor.add", coo([1.0, -2.0], [[0, 1], [1, 2]], index="int64"),
                    coo([2.5, 3.0], [[1, 2], [0, 0]], index="int64"), V(1.0), grad=True)]
    return cases


def function_cases():
    c, dense = csr([1.5, -2.0, 0.5]), T((3, 4))
    c64 = csr([1.5, -2.0, 0.5], dtype="float64")
    x1 = coo([1.0, -2.0], [[0, 1], [1, 2]], index="int64")
    x2 = coo([2.5, 3.0, -1.0], [[0, 0], [1, 2], [2, 3]], index="int64")
    cases = [_case("dense_to_sparse_coo", V([[0., 1.5], [-2., 0.]]), grad=True),
             _case("dense_to_sparse_coo", V([[0, 3], [4, 0]], "int32")),
             _case("dense_to_sparse_csr", V([[0., 1.5, 0.], [-2., 0., 3.]]), grad=True),
             _case("csr_to_coo", c, grad=True), _case("csr_to_dense", c, grad=True),
             _case("csr_to_dense", c64, grad=True),
             _case("coo2csr", V([0, 0, 2], "int32"), 3),
             _case("csr2coo", V([0, 2, 2, 3], "int32"), 3),
             _case("csr_mv", c, T((4, 1)), grad=True), _case("csr_mul", c, dense, grad=True),
             _case("csr_div", c, T((3, 4), low=1.0, high=2.0), grad=True),
             _case("csr_gather", V([0, 2, 2, 3], "int32"), V([0, 3, 1], "int32"), dense, (3, 4),
                   grad=True),
             _case("csr_reduce_sum", c, 1, grad=True),
             _case("csr_softmax", c, D("float32"), grad=True),
             _case("csr_softmax", c64, D("float64"), grad=True),
             _case("csr_add", c, csr([1.0, 2.0], (0, 1, 2, 2), (3, 0)), V(1.0), V(0.5), grad=True),
             _case("coo_add", x1, x2, V(0.0), grad=True), _case("coo_add", x1, x2, V(2.0)),
             _case("coo_add", x1, coo([1.0], [[1, 2]], index="int64"), V(2.0), grad=True),
             _case("coo_concat", {"tuple": [x1, x2]}, grad=True),
             _case("coo_concat", {"tuple": [x1, x2]}, 1, grad=True),
             _case("coo_concat", {"tuple": [x1, x2]}, 2)]
    for name in ("indices", "values", "dense_shape"):
        cases.append(_case(f"coo_tensor_get_{name}", coo([1.0, 2.0, 3.0])))
    for name in ("indptr", "indices", "values", "dense_shape"):
        cases.append(_case(f"csr_tensor_get_{name}", c))
    return cases


UNIT, ABOVE, POSITIVE = ("acos", "asin", "atanh"), ("acosh",), ("log", "log1p", "sqrt")
FACTS = ("isfinite", "isinf", "isnan")
UNARY = ("abs acos acosh asin asinh atan atanh ceil cos cosh exp expm1 floor inv isfinite "
         "isinf isnan log log1p neg relu relu6 round sigmoid sin sinh softsign sqrt square "
         "tan tanh").split()


def unary_cases():
    cases = []
    for name in UNARY:
        values = [0.3, -0.6, 0.8] if name in UNIT else [1.5, 2.0, 3.5] \
            if name in ABOVE else [0.5, 2.0, 1.2] if name in POSITIVE else [0.7, -1.3, 6.2]
        grad = name not in FACTS
        cases += [_case(f"coo_{name}", coo(values), grad=grad),
                  _case(f"csr_{name}", csr(values), grad=grad)]
    cases += [_case("coo_relu", V([1.0])), _case("csr_sqrt", coo([1.0, 2.0, 3.0]))]
    return cases


def prim_cases():
    idx, vals = V([[0, 1], [2, 3], [0, 1]], "int64"), V([1.5, -2.0, 0.5])
    cases = [_case("SparseToDense", idx, vals, (3, 4), init=(), grad=True),
             _case("SparseToDense", idx, V([1.5, -2.0, 0.5], "float64"), (3, 4), init=(),
                   grad=True),
             _case("SparseTensorDenseAdd", idx, vals, V([3, 4], "int64"), T((3, 4)), init=(),
                   grad=True),
             _case("SparseTensorDenseAdd", idx, vals, V([3, 4], "int64"), T((3, 5)), init=()),
             _case("SparseSlice", V([[0, 1], [1, 2], [2, 3]], "int64"), vals, V([3, 4], "int64"),
                   V([1, 1], "int64"), V([2, 3], "int64"), init=(), grad=True),
             _case("SparseSlice", V([[0, 1], [1, 2], [2, 3]], "int64"), vals, V([3, 4], "int64"),
                   V([2, 2], "int64"), V([5, 5], "int64"), init=())]
    for adj in ((False, False), (True, False), (False, True), (True, True)):
        dense = T((4, 2) if adj[0] == adj[1] and not adj[0] else (3, 2) if adj == (True, False)
                  else (2, 4) if adj == (False, True) else (2, 3))
        cases.append(_case("SparseTensorDenseMatmul", idx, vals, (3, 4), dense, init=adj,
                           grad=True))
    cases += [_case("nn.SparseToDense", coo([1.5, -2.0, 0.5]), init=(), grad=True),
              _case("nn.SparseToDense", V([1.0]), init=()),
              _case("nn.SparseTensorDenseMatmul", idx, vals, (3, 4), T((3, 2)), init=(True,),
                    grad=True),
              _case("SparseTensorDenseMatmul", idx, vals, (3, 4), T((5, 2)), init=()),
              _case("SparseTensorDenseMatmul", idx, vals, (3, 4), T((4, 2)), init=(1,))]
    return cases


def sparse_cases():
    return class_cases() + function_cases() + unary_cases() + prim_cases()
