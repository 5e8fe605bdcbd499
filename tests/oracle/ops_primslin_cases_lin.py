"""Area primslin's linear-algebra primitive classes (``minpy_compat/ops/prims_linalg2.py``)
that ``make_ops_primslin_fixture.py`` runs through real MindSpore 2.10."""
from ops_cases import T, V, _case
from ops_fn_lin_cases import low, spd

# an LU factorization (getrf's packed L\U and 1-based pivots) of a well-conditioned matrix
_LU = V([[4.0, 1.0, 0.0], [0.25, 2.75, 1.0], [0.0, 0.364, 1.636]])
_TALL = V([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])


def linalg_prim_cases():
    b32, b64 = T((3, 2)), T((3, 2), "float64")
    return [
        _case("CholeskyInverse", low(3), init=(), grad=True),
        _case("CholeskyInverse", low(3, "float64"), init=(True,)),
        _case("CholeskyInverse", V([[1, 0], [1, 1]], "int32"), init=()),
        _case("CholeskyInverse", low(3), init=(1,)),
        _case("CholeskySolve", b32, low(3), init=(), grad=True),
        _case("CholeskySolve", b64, low(3, "float64"), init=(True,)),
        _case("Eig", spd(3), init=()), _case("Eig", spd(3, "float64"), init=(True,)),
        _case("Eig", T((2, 3)), init=()),
        _case("Geqrf", T((3, 2)), init=()), _case("Geqrf", T((2, 2, 3), "float64"), init=()),
        _case("Geqrf", V([[1, 2]], "int32"), init=()),
        _case("Lstsq", _TALL, V([[1.0], [2.0], [2.0]]), init=()),
        _case("Lstsq", _TALL, V([1.0, 2.0, 2.0]), init=()),
        _case("Lstsq", V([[1.0, 0.0, 1.0], [1.0, 1.0, 2.0]], "float64"),
              V([[1.0], [2.0]], "float64"), init=()),
        _case("Lstsq", _TALL, V([[1.0], [2.0], [2.0]]), init=(True, 0.5)),
        _case("LuSolve", b32, _LU, V([1, 2, 3], "int32"), init=()),
        _case("LuSolve", b32, _LU, V([2, 2, 3], "int32"), init=()),
        _case("LuUnpack", _LU, V([2, 2, 3], "int32"), init=()),
        _case("LuUnpack", _LU, V([1, 3, 3], "int32"), init=(False, True)),
        _case("MatrixPower", T((2, 2, 2)), init=(2,), grad=True),
        _case("MatrixPower", V([[[2.0, 1.0], [0.0, 1.0]]], "float64"), init=(-1,), grad=True),
        _case("MatrixPower", V([[[2, 1], [0, 1]]], "int32"), init=(3,)),
        _case("MatrixPower", T((1, 2, 2)), init=(0,)),
        _case("MatrixPower", T((1, 2, 3)), init=(2,)),
        _case("MatrixSolve", spd(3), b32, init=(), grad=True),
        _case("MatrixSolve", V([[1.0, 2.0], [0.0, 1.0]]), V([[1.0], [1.0]]), init=(True,)),
        _case("MatrixSolveLs", _TALL, V([[1.0], [2.0], [2.0]]), V(0.0, "float64"), init=()),
        _case("MatrixSolveLs", _TALL, V([[1.0], [2.0], [2.0]]), V(0.5, "float64"),
              init=(False,)),
        _case("MatrixSolveLs", T((3, 3), "float64"), T((3, 2), "float64"),
              V(0.25, "float64"), init=()),
        _case("MatrixTriangularSolve", low(3), b32, init=(), grad=True),
        _case("MatrixTriangularSolve", V([[2.0, 5.0], [1.0, 1.0]]), V([[2.0], [3.0]]),
              init=(False,)),
        _case("MatrixTriangularSolve", V([[2.0, 0.0], [1.0, 1.0]], "float64"),
              V([[2.0], [3.0]], "float64"), init=(True, True), grad=True),
        _case("Qr", T((3, 2)), init=()), _case("Qr", T((3, 2), "float64"), init=(True,)),
        _case("Qr", T((2, 4, 3)), init=()),
        _case("Svd", T((3, 2)), init=(False, False), grad=True),
        _case("Svd", T((2, 3, 2), "float64"), init=(False, False)),
        _case("Svd", V([[3.0, 0.0], [0.0, 1.0], [0.0, 0.0]]), init=()),
        _case("NuclearNorm", T((3, 2)), init=()),
        _case("NuclearNorm", T((2, 3, 2)), init=([1, 0],)),
        _case("NuclearNorm", T((3, 2), "float64"), init=([0, 1], True)),
        _case("NuclearNorm", T((2, 3, 2)), init=()),
        _case("Pdist", T((4, 3)), init=(), grad=True),
        _case("Pdist", T((3, 2), "float64"), init=(1.0,), grad=True),
        _case("Pdist", T((2, 3, 2)), init=()), _case("Pdist", T((3, 2)), init=(1,)),
        _case("Renorm", T((3, 4)), init=(2, 0, 1.0), grad=True),
        _case("Renorm", T((2, 3), "float64"), init=(1, 1, 0.5)),
        _case("Renorm", T((3, 4)), init=(1.0, 0, 1.0)),
        _case("TridiagonalMatMul", T((1, 3)), T((1, 3)), T((1, 3)), T((3, 2)), init=(),
              grad=True),
        _case("TridiagonalMatMul", T((2, 1, 4), "float64"), T((2, 1, 4), "float64"),
              T((2, 1, 4), "float64"), T((2, 4, 3), "float64"), init=()),
        _case("TridiagonalMatMul", T((3,)), T((3,)), T((3,)), T((3, 2)), init=()),
    ]
