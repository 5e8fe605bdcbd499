"""The ``ops`` cases of the pools16 area (``ResizeBicubic``, bicubic ``interpolate``, pools
with ``ceil_mode`` and ``dilation``, ``avg_pool2d``'s 4-tuple padding) that
``make_ops_pools16_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``."""
from ops_cases import T, V, _case


def pools16_cases():
    image, i32 = T((1, 2, 4, 5)), "int32"
    cases = [_case("ResizeBicubic", image, V([7, 3], i32), init=init, grad=True)
             for init in ((False, False), (True, False), (False, True))]
    cases += [
        _case("ResizeBicubic", T((2, 1, 3, 3), "float64"), V([5, 5], i32), grad=True,
              init=(False, True)),
        _case("ResizeBicubic", image, V([2, 2], i32), init=(True, True)),
        _case("interpolate", image, size=(6, 8), mode="bicubic", grad=True),
        _case("interpolate", image, size=(3, 9), mode="bicubic", align_corners=True,
              grad=True),
        _case("max_pool2d", T((1, 2, 7, 6)), 3, 2, 1, 2, ceil_mode=True, grad=True),
        _case("max_pool3d", T((1, 1, 5, 4, 5)), 2, 2, 1, (1, 2, 1), True, True, grad=True),
        _case("avg_pool1d", T((2, 3, 7)), 3, 2, 1, True, False, grad=True),
        _case("avg_pool2d", T((1, 2, 7, 6)), 3, 2, (1, 0, 0, 1), grad=True),
        _case("avg_pool2d", T((1, 2, 7, 6)), 3, 2, (1, 2), grad=True),
        _case("lp_pool2d", T((1, 2, 7, 6)), 2, 3, 2, True, grad=True),
    ]
    return cases
