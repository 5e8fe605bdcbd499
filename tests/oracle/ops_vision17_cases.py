"""The deformable-convolution, volume-patch and suppression cases that
``make_ops_vision17_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``. Offsets stay off the integer grid (no bilinear kink meets a finite
difference) and scores are distinct (no sort meets a tie)."""
import numpy as onp

from ops_cases import T, V, _case

_rng = onp.random.RandomState(17)


def _offsets(n, groups, taps, h, w, dtype="float32", spread=1.4):
    moves = onp.round(_rng.uniform(-spread, spread, (n, 2 * groups * taps, h, w)), 2) + 0.003
    masks = onp.round(_rng.uniform(0.2, 1.0, (n, groups * taps, h, w)), 2)
    return V(onp.concatenate([moves, masks], 1).tolist(), dtype)


def deform_cases():
    x = T((1, 2, 4, 4))
    cases = [_case("DeformableOffsets", x, _offsets(1, 1, 4, 3, 3),
                   init=((1, 1, 1, 1), (0, 0, 0, 0), (2, 2)), grad=True),
             _case("DeformableOffsets", T((2, 4, 5, 4)), _offsets(2, 2, 2, 3, 4),
                   init=((1, 1, 2, 1), (1, 0, 1, 0), (1, 2), (1, 1, 1, 2), "NCHW", 2),
                   grad=True),
             _case("DeformableOffsets", T((1, 1, 3, 3), "float64"),
                   _offsets(1, 1, 1, 3, 3, "float64", 3.0), init=((1, 1, 1, 1), (0,) * 4, (1, 1)),
                   grad=True),
             _case("DeformableOffsets", T((1, 1, 3, 3), "float16"),
                   _offsets(1, 1, 1, 3, 3, "float16"), init=((1, 1, 1, 1), (0,) * 4, (1, 1))),
             _case("DeformableOffsets", x, _offsets(1, 1, 4, 2, 2),
                   init=((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))),
             _case("DeformableOffsets", x, _offsets(1, 1, 4, 3, 3),
                   init=((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), (1, 1, 1, 1), "NHWC")),
             _case("DeformableOffsets", x, _offsets(1, 1, 4, 3, 3),
                   init=((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), (1, 1, 1, 1), "NCHW", 1, False))]
    w = T((3, 2, 2, 2))
    off = _offsets(1, 1, 4, 3, 3)
    args = ((2, 2), (1, 1, 1, 1), (0, 0, 0, 0))
    cases += [_case("deformable_conv2d", x, w, off, *args, grad=True),
              _case("deformable_conv2d", x, w, off, *args, T((3,)), grad=True),
              _case("deformable_conv2d", T((1, 4, 5, 5)), T((4, 2, 3, 2)),
                    _offsets(1, 2, 6, 2, 4), (3, 2), (1, 1, 2, 1), (1, 1, 0, 1), None,
                    (1, 1, 1, 1), 2, 2, grad=True),
              _case("deformable_conv2d", T((1, 2, 4, 4), "float64"), T((2, 2, 1, 1), "float64"),
                    _offsets(1, 1, 1, 4, 4, "float64"), (1, 1), (1, 1, 1, 1), (0, 0, 0, 0),
                    grad=True),
              _case("deformable_conv2d", x, T((3, 2, 3, 3)), off, *args),
              _case("deformable_conv2d", x, w, off, *args, modulated=False)]
    return cases


def volume_cases():
    v = T((1, 2, 3, 4, 5))
    cases = []
    for kernel, strides, padding in [((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "VALID"),
                                     ((1, 1, 2, 3, 2), (1, 1, 1, 2, 2), "SAME"),
                                     ((1, 1, 3, 1, 2), (1, 1, 2, 1, 3), "VALID"),
                                     ((1, 1, 3, 3, 3), (1, 1, 2, 2, 2), "SAME")]:
        cases.append(_case("ExtractVolumePatches", v, init=(kernel, strides, padding),
                           grad=True))
    cases += [_case("ExtractVolumePatches", T((2, 1, 2, 2, 3), "float64"),
                    init=((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "SAME"), grad=True),
              _case("ExtractVolumePatches", T((1, 1, 2, 2, 2), "int32", -5, 5),
                    init=((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "VALID")),
              _case("ExtractVolumePatches", T((1, 1, 2, 2, 2), "float16"),
                    init=((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "SAME")),
              _case("ExtractVolumePatches", v, init=((1, 1, 4, 1, 1), (1, 1, 1, 1, 1), "VALID")),
              _case("ExtractVolumePatches", v, init=((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "FULL")),
              _case("ExtractVolumePatches", v, init=((2, 1, 2, 2, 2), (1, 1, 1, 1, 1), "SAME")),
              _case("ExtractVolumePatches", T((2, 3, 4, 5)),
                    init=((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "SAME"))]
    return cases


def _i(value):
    return V(value, "int32")


def nms_cases():
    overlaps = V([[1, .6, .2, .7, .3], [.6, 1, .1, .3, .55], [.2, .1, 1, .9, .4],
                  [.7, .3, .9, 1, .65], [.3, .55, .4, .65, 1]])
    scores = V([.9, .8, .5, .7, .62])
    cases = []
    for limit, thresh, floor in [(5, .5, 0.), (5, .6, 0.), (5, .61, 0.), (2, .61, 0.),
                                 (5, .6, .62), (5, .35, 0.), (0, .5, 0.), (5, 1.0, .5)]:
        cases.append(_case("NonMaxSuppressionWithOverlaps", overlaps, scores, _i(limit),
                           V(thresh), V(floor), init=()))
    cases += [_case("NonMaxSuppressionWithOverlaps", V(overlaps["t"], "float16"),
                    V(scores["t"], "float16"), _i(3), V(.5, "float16"), V(0., "float16"),
                    init=()),
              _case("NonMaxSuppressionWithOverlaps", overlaps, V([.9, .8, .5]), _i(3),
                    V(.5), V(0.), init=()),
              _case("NonMaxSuppressionWithOverlaps", overlaps, scores, _i(-1),
                    V(.5), V(0.), init=())]
    boxes = V([[[[0, 0, 1, 1]], [[0, .1, 1, 1.1]], [[0, -.1, 1, .9]], [[0, 10, 1, 11]],
                [[1.2, .5, .2, -.5]], [[.3, .3, .7, .6]]],
               [[[.1, .1, .5, .5]], [[.12, .1, .5, .55]], [[.6, .6, .9, .9]], [[.6, .55, .9, .9]],
                [[0, 0, .2, .2]], [[.5, .5, .6, .6]]]])
    scores = V([[[.9, .1, .33], [.75, .8, .4], [.6, .3, .45], [.95, .05, .5], [.5, .7, .22],
                 [.4, .65, .85]],
                [[.35, .9, .12], [.15, .55, .66], [.8, .44, .21], [.25, .77, .93],
                 [.58, .11, .3], [.48, .62, .7]]])
    for init, per, total, iou, floor in [((), 3, 4, .5, .2), ((False, False), 3, 4, .5, .2),
                                         ((True, True), 1, 8, .5, .2), ((), 2, 20, .5, .2),
                                         ((True, False), 3, 5, .3, .4), ((), 6, 6, 0., 0.),
                                         ((), 6, 18, 1., .6)]:
        cases.append(_case("CombinedNonMaxSuppression", boxes, scores, _i(per), _i(total),
                           V(iou), V(floor), init=init))
    many = V(onp.round(_rng.uniform(0, 1, (1, 6, 3, 4)), 2).tolist())
    cases += [_case("CombinedNonMaxSuppression", many, V(scores["t"][:1]), _i(2), _i(5),
                    V(.5), V(.1), init=()),
              _case("CombinedNonMaxSuppression", boxes, scores, _i(2), _i(5), V(1.5), V(.1),
                    init=()),
              _case("CombinedNonMaxSuppression", boxes, V(scores["t"][:1]), _i(2), _i(5),
                    V(.5), V(.1), init=()),
              _case("CombinedNonMaxSuppression", boxes, scores, _i(0), _i(5), V(.5), V(.1),
                    init=())]
    return cases


def glimpse_cases():
    x = T((2, 5, 6, 3), low=0, high=9)
    zero = (True, True, False, "zero")
    cases = []
    for init, offsets, size in [
            (zero, [[0, 0], [.5, -.5]], [2, 3]), ((False, False, False, "zero"),
                                                  [[-.7, -.6], [4, 5]], [3, 4]),
            ((True, False, False, "zero"), [[1, 2], [-3.1, 2.9]], [2, 2]),
            ((False, True, False, "zero"), [[.2, .3], [.95, .05]], [4, 1]),
            (zero, [[0, 0], [1, 1]], [7, 8]), ((), [[0, 0], [.1, -.2]], [2, 3]),
            ((True, True, False, "gaussian"), [[0, 0], [-.2, .3]], [3, 3])]:
        cases.append(_case("ExtractGlimpse", x, _i(size), V(offsets), init=init, grad=True))
    cases += [_case("ExtractGlimpse", V(x["t"], "float16"), _i([2, 2]), V([[0, 0], [0, 0]]),
                    init=zero),
              _case("ExtractGlimpse", V(x["t"], "float64"), _i([2, 2]), V([[0, 0], [0, 0]]),
                    init=zero),
              _case("ExtractGlimpse", x, V([2, 2], "int64"), V([[0, 0], [0, 0]]), init=zero),
              _case("ExtractGlimpse", x, _i([2, 2]), V([[0, 0]]), init=zero),
              _case("ExtractGlimpse", x, _i([2, 2]), V([[0, 0], [0, 0]]),
                    init=(True, True, True, "zero")),
              _case("ExtractGlimpse", x, _i([2, 2]), V([[0, 0], [0, 0]]),
                    init=(True, True, False, "bad"))]
    return cases


def scale_cases():
    x = T((1, 4, 5, 2), low=0, high=5)
    cases = []
    for kernel in ["lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle",
                   "keyscubic", "mitchellcubic"]:
        cases.append(_case("ScaleAndTranslate", x, _i([7, 3]), V([1.75, 0.65]),
                           V([0.45, -0.35]), init=(kernel,), grad=True))
    cases += [_case("ScaleAndTranslate", x, _i([3, 9]), V([0.7, 1.8]), V([0.2, 1.5]),
                    init=("lanczos3", False), grad=True),
              _case("ScaleAndTranslate", x, _i([6, 6]), V([0.4, 0.9]), V([-2.0, 0.7]),
                    init=("keyscubic", True), grad=True),
              _case("ScaleAndTranslate", T((2, 3, 3, 1), "float64"), _i([5, 4]),
                    V([1.5, 1.2]), V([0.0, 0.0]), init=("triangle",), grad=True),
              _case("ScaleAndTranslate", T((1, 3, 3, 1), "int32", 0, 9), _i([5, 4]),
                    V([1.5, 1.2]), V([0.0, 0.0]), init=("box",)),
              _case("ScaleAndTranslate", T((1, 3, 3, 1), "float16"), _i([5, 4]),
                    V([1.5, 1.2]), V([0.0, 0.0]), init=("triangle",)),
              _case("ScaleAndTranslate", x, _i([4, 4]), V([1.0, 1.0]), V([0.0, 0.0]),
                    init=("cubic",)),
              _case("ScaleAndTranslate", x, _i([0, 4]), V([1.0, 1.0]), V([0.0, 0.0]), init=()),
              _case("ScaleAndTranslate", x, _i([4, 4]), V([1.0, 1.0, 1.0]), V([0.0, 0.0]),
                    init=()),
              _case("ScaleAndTranslate", x, _i([4, 4]), V([1.0, 1.0], "float64"),
                    V([0.0, 0.0]), init=()),
              _case("ScaleAndTranslate", T((4, 5, 2)), _i([4, 4]), V([1.0, 1.0]),
                    V([0.0, 0.0]), init=())]
    return cases


def sample_box_cases():
    """Only answers MindSpore's generator does not pick: the whole-image fallback (no
    attempt can cover a box) and the argument errors."""
    op, box = "SampleDistortedBoundingBoxV2", V([[[0.1, 0.1, 0.5, 0.9]]])
    cases = [_case(op, V([100, 80, 3], dtype), box, V([1.0]), init=(1, 2, (0.75, 1.33),
                                                                    (0.05, 0.1), 5))
             for dtype in ("int32", "int64", "uint8", "int16", "int8")]
    cases += [_case(op, V([100, 80, 3], "float32"), box, V([0.5]), init=()),
              _case(op, _i([100, 80]), box, V([0.5]), init=()),
              _case(op, _i([100, 80, 3]), box, V([0.5]), init=(0, 0, (2.0, 1.0))),
              _case(op, _i([100, 80, 3]), box, V([0.5]), init=(0, 0, (0.75, 1.33), (0, 1))),
              _case(op, _i([100, 80, 3]), box, V([0.5]), init=(0, 0, (0.75, 1.33),
                                                               (0.0, 1.0))),
              _case(op, _i([100, 80, 3]), box, V([0.5]), init=(0, 0, (0.75, 1.33),
                                                               (0.5, 1.5))),
              _case(op, _i([100, 80, 3]), box, V([0.5]), init=(0, 0, (0.75, 1.33),
                                                               (0.05, 1.0), 0)),
              _case(op, _i([100, 80, 3]), V([[[0.1, 0.1, 1.5, 0.9]]]), V([0.5]), init=()),
              _case(op, _i([100, 80, 3]), box, V([1.5]), init=()),
              _case(op, _i([100, 80, 3]), box, V(0.5), init=()),
              _case(op, _i([100, 80, 3]), V([[0.1, 0.1, 0.5, 0.9]]), V([0.5]), init=())]
    return cases


def vision17_cases():
    return deform_cases() + volume_cases() + nms_cases() + glimpse_cases() + scale_cases() + \
        sample_box_cases()
