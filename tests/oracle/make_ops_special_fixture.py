"""Record real MindSpore 2.10's answers for the special-function cases
(``ops_special_cases.py``), with SciPy's float64 values as high-precision references.

Run with a Python that has MindSpore (CPU, PyNative) and SciPy, from this directory:
``/tmp/msvenv/bin/python make_ops_special_fixture.py`` writes ``ops_special_fixture.json``,
which ``tests/test_cell_oracle_ops_special.py`` replays on minpy_compat.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as onp  # noqa: E402
import scipy.special as sp  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_special_cases import special_cases, special_library  # noqa: E402

_rng = onp.random.RandomState(61)


def references():
    """SciPy's float64 values on wide random grids (finite ones only)."""
    x = onp.round(onp.concatenate([_rng.uniform(-40, 40, 300), 10 ** _rng.uniform(-6, 3, 100)]),
                  6)
    positive = onp.abs(x) + 1e-3
    a = onp.round(10 ** _rng.uniform(-2, 2.5, 300), 6)
    b = onp.round(10 ** _rng.uniform(-2, 2, 300), 6)
    t = onp.round(_rng.uniform(0, 1, 300), 6)
    s, ax = onp.round(_rng.uniform(1.05, 12, 300), 6), onp.round(a * _rng.uniform(0, 3, 300), 6)
    table = {"lgamma": ([x], sp.gammaln(x)), "digamma": ([x], sp.digamma(x)),
             "polygamma3": ([positive], sp.polygamma(3, positive)),
             "zeta": ([s, positive[:300]], sp.zeta(s, positive[:300])),
             "igamma": ([a, ax], sp.gammainc(a, ax)), "igammac": ([a, ax], sp.gammaincc(a, ax)),
             "betainc": ([a, b, t], sp.betainc(a, b, t))}
    for name in ("i0", "i0e", "i1", "i1e", "j0", "j1"):
        table["bessel_" + name] = ([x], getattr(sp, name)(x))
    for name in ("y0", "y1", "k0", "k0e", "k1", "k1e"):
        table["bessel_" + name] = ([positive], getattr(sp, name)(positive))
    out = {}
    for name, (args, values) in table.items():
        keep = onp.isfinite(values) & (onp.abs(values) < 1e300)
        out[name] = {"args": [arg[keep].tolist() for arg in args], "value": values[keep].tolist()}
    return out


def main(path):
    import mindspore
    record_fixture(path, special_cases(), skipped_key=False,
                   ops_view=lambda ms, ops: special_library(ops, mindspore.nn),
                   scipy=__import__("scipy").__version__,
                   references=references())


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_special_fixture.json"))
