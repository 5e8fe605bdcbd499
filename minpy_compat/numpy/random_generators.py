"""NumPy's random generators with the facade's results: ``Generator`` (what
``default_rng`` returns) and the legacy ``RandomState``.

Each is a subclass of NumPy's class whose drawing methods hand back Arrays (NumPy
scalars become 0-d Arrays, as everywhere in the facade); the numbers are NumPy's own,
drawn from the same bit generator, so a seed gives the same draws as ``numpy.random``.
As in ``minpy_compat.numpy.random``, ``normal`` and ``uniform`` take traced parameters
(the reparameterization trick: the standard variate NumPy would draw, shifted and scaled
with traced arithmetic). ``permutation``, ``choice`` and ``shuffle`` take traced data: the
drawn positions are constants, the picked values stay traced (``picked_from``). Every other
method refuses a traced argument by name.
"""
import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import TracedValueError, message
from ._namespace import contains_box
from .discrete_results import unboxed

_KEPT_AS_NUMPY_GIVES = frozenset(["get_state", "set_state", "seed", "bytes"])
PICKING = frozenset(["permutation", "choice", "shuffle"])


def refuse_traced(where, args, kwargs):
    """Raise the house message when a drawing function gets a traced parameter."""
    if contains_box(args) or contains_box(tuple(kwargs.values())):
        raise TracedValueError(message(
            where, "constant parameters (normal and uniform take traced ones, and "
            "permutation, choice and shuffle traced data)",
            "a traced parameter", "Draw a standard variate and transform it with traced "
            "arithmetic, or pass x.asnumpy() if no gradient should flow."))


def picked_from(draw, where, x, args, kwargs):
    """``draw(x, *args, **kwargs)`` (NumPy's ``permutation``, ``choice`` or ``shuffle``) on
    traced data ``x``: NumPy's own function runs on a numbering of ``x``'s elements (its
    draws depend on the shape, not the values: the same numbers as on ``x``) and the
    numbered elements of ``x`` are picked, differentiably. ``shuffle`` writes them into
    ``x``; a list of traced values is shuffled as NumPy shuffles a list."""
    from . import asarray, reshape
    refuse_traced(where, args, kwargs)  # p=, size=, axis=: constants
    shuffling = where.endswith(".shuffle")
    if shuffling and type(x) is list:
        return draw(x, *args, **kwargs)
    if onp.ndim(getval(x)) == 0:
        raise TracedValueError(message(
            where, "traced data of at least one dimension (a number n draws from range(n), "
            "which has no gradient)", "a traced 0-d value",
            "Pass n as a plain int, or the traced values to draw from as an array."))
    shape = onp.shape(getval(x))
    numbering = onp.arange(int(onp.prod(shape, dtype=onp.int64))).reshape(shape)
    picked = draw(numbering, *args, **kwargs)
    if shuffling:
        picked = numbering  # NumPy shuffled the numbering in place
    values = reshape(asarray(x), (-1,))[onp.asarray(picked)]
    if not shuffling:
        return values
    x[...] = values
    return None


def _variate_shape(size, *parameters):
    if size is not None:
        return size
    shape = onp.broadcast_shapes(*(onp.shape(getval(p)) for p in parameters))
    return shape or None  # scalar parameters, no size: NumPy draws a Python float


# Where NumPy's own draw checks traced parameters' values (scale < 0, a range that
# overflows, a size they do not broadcast to) before the state moves: the user's is untouched.
SCRATCH_GENERATOR = onp.random.Generator(onp.random.PCG64(0))
SCRATCH_STATE = onp.random.RandomState(0)


def shifted_normal(standard_normal, loc, scale, size, checked_by):
    """``loc + scale * z`` with ``z = standard_normal(shape)``: the draw ``normal(loc,
    scale, size)`` makes from the same state, with gradients for ``loc`` and ``scale``.
    ``checked_by``: NumPy's ``normal`` on a scratch state, for its errors first."""
    from . import asarray
    checked_by(unboxed(loc), unboxed(scale), size)
    z = standard_normal(_variate_shape(size, loc, scale))
    return asarray(loc) + asarray(scale) * z


def scaled_uniform(unit_uniform, low, high, size, checked_by):
    """``low + (high - low) * u`` with ``u = unit_uniform(shape)`` in [0, 1): the draw
    ``uniform(low, high, size)`` makes from the same state, differentiable in both.
    ``checked_by``: NumPy's ``uniform`` on a scratch state, for its errors first."""
    from . import asarray
    checked_by(unboxed(low), unboxed(high), size)
    u = unit_uniform(_variate_shape(size, low, high))
    low = asarray(low)
    return low + (asarray(high) - low) * u


def _drawing(base, name):
    """``base.<name>`` as a method whose results are Arrays and which refuses traced
    parameters (normal and uniform take them, see the module docstring)."""
    raw = getattr(base, name)
    class_name = base.__name__

    def method(self, *args, **kwargs):
        traced = contains_box(args) or contains_box(tuple(kwargs.values()))
        if traced and name in ("normal", "uniform"):
            return _traced_draw(self, base, name, *args, **kwargs)
        if traced and name in PICKING and args and contains_box(args[0]):
            return picked_from(lambda *a, **k: raw(self, *a, **k),
                               f"minpy_compat.numpy.random.{class_name}.{name}", args[0],
                               args[1:], kwargs)
        refuse_traced(f"minpy_compat.numpy.random.{class_name}.{name}", args, kwargs)
        result = raw(self, *args, **kwargs)
        return result if name in _KEPT_AS_NUMPY_GIVES else wrap(result)
    method.__name__ = name
    method.__qualname__ = f"{class_name}.{name}"
    method.__doc__ = raw.__doc__
    return method


def _traced_draw(self, base, name, *args, **kwargs):
    if name == "normal":
        return _traced_normal(self, base, *args, **kwargs)
    return _traced_uniform(self, base, *args, **kwargs)


def _traced_normal(self, base, loc=0.0, scale=1.0, size=None):
    scratch = SCRATCH_GENERATOR if base is onp.random.Generator else SCRATCH_STATE
    return shifted_normal(lambda shape: base.standard_normal(self, shape), loc, scale, size,
                          scratch.normal)


def _traced_uniform(self, base, low=0.0, high=1.0, size=None):
    scratch = SCRATCH_GENERATOR if base is onp.random.Generator else SCRATCH_STATE
    return scaled_uniform(lambda shape: base.random(self, shape), low, high, size,
                          scratch.uniform)


def _rebuild(cls, constructor, args):
    """Unpickle: NumPy's constructor builds its own generator; we take over its state."""
    plain = constructor(*args)
    bits = plain.bit_generator if isinstance(plain, onp.random.Generator) else \
        plain._bit_generator
    return cls(bits)


def _facade_class(base, doc):
    namespace = {"__doc__": doc, "__module__": __name__}
    for name in dir(base):
        if not name.startswith("_") and callable(getattr(base, name)) and name != "spawn":
            namespace[name] = _drawing(base, name)

    def __reduce__(self):
        constructor, args, *state = base.__reduce__(self)
        return (_rebuild, (type(self), constructor, args), *state)
    namespace["__reduce__"] = __reduce__
    return type(base.__name__, (base,), namespace)


Generator = _facade_class(onp.random.Generator, """``numpy.random.Generator`` with
    Array results: the same draws for the same bit generator.""")
RandomState = _facade_class(onp.random.RandomState, """``numpy.random.RandomState`` with
    Array results: the same draws for the same seed.""")

if hasattr(onp.random.Generator, "spawn"):  # NumPy >= 1.25
    def _spawn(self, n_children):
        return [Generator(child.bit_generator)
                for child in onp.random.Generator.spawn(self, n_children)]
    _spawn.__doc__ = onp.random.Generator.spawn.__doc__
    Generator.spawn = _spawn


def default_rng(seed=None):
    """``numpy.random.default_rng``, giving the facade's ``Generator`` (Array results)."""
    if isinstance(seed, Generator):
        return seed  # NumPy hands a Generator back unaltered
    refuse_traced("minpy_compat.numpy.random.default_rng", (seed,), {})
    return Generator(onp.random.default_rng(seed).bit_generator)


default_rng.__wrapped__ = onp.random.default_rng
