"""``histogram2d`` and ``histogramdd`` with traced ``weights``: each bin adds up the weights
of the samples in it, so each weight gets its bin's gradient.

NumPy finds the bin edges (its checks, its values: the weights never move them); each
sample's bin is read back from them as NumPy's ``histogramdd`` does it (half-open bins,
the last one closed, samples outside in the two outlier bins that are cut off), and the
weights are added up with ``bincount``, differentiable in them. The samples themselves
get no gradient: the counts are piecewise constant in them.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import isbox

from ..array import wrap
from ._namespace import contains_box
from .derived_gradients import refuse


def _bin_numbers(sample, edges):
    """Each sample's flat bin in the histogram padded with an outlier bin at both ends."""
    counts = []
    for i, edge in enumerate(edges):
        numbers = onp.searchsorted(edge, sample[:, i], side="right")
        numbers[sample[:, i] == edge[-1]] -= 1  # the last bin is closed
        counts.append(numbers)
    return onp.ravel_multi_index(counts, [len(edge) + 1 for edge in edges])


def weighted_histogramdd(sample, edges, weights, density):
    """The histogram of ``sample`` (N, D) over ``edges`` with traced ``weights``."""
    padded = tuple(len(edge) + 1 for edge in edges)
    total = anp.bincount(_bin_numbers(sample, edges), weights, int(onp.prod(padded)))
    hist = anp.reshape(total, padded)[(slice(1, -1),) * len(edges)]
    if density:
        whole = anp.sum(hist)
        for i, edge in enumerate(edges):
            shape = [1] * len(edges)
            shape[i] = len(edge) - 1
            hist = hist / onp.diff(edge).reshape(shape)
        hist = hist / whole
    return hist


def _traced_weights(name, numpy_function):
    """``make(facade)`` for ``override``: a call with traced ``weights`` (and constant
    samples: traced ones go to the facade, which refuses them by name) is computed here."""
    signature = inspect.signature(numpy_function)
    sample_names = ("x", "y") if name == "histogram2d" else ("sample",)

    def make(facade):
        def call(*args, **kwargs):
            options = signature.bind(*args, **kwargs).arguments
            if not isbox(options.get("weights")) or \
                    contains_box(tuple(options[n] for n in sample_names)):
                return facade(*args, **kwargs)
            if options.get("normed") is not None:
                refuse(name, f"{list(signature.parameters).index('normed')} 'normed'",
                       "normed=None (NumPy 1.x deprecated it)", f"normed={options['normed']}",
                       "Pass density=True.")
            untraced = dict(options, weights=None, density=None)
            untraced.pop("normed", None)
            _, *edges = numpy_function(**untraced)  # NumPy's checks and edges
            edges = [wrap(edge) for edge in (edges if name == "histogram2d" else edges[0])]
            if name == "histogram2d":
                samples = onp.stack([onp.asarray(options["x"]), onp.asarray(options["y"])], -1)
            else:
                samples = _as_samples(options["sample"])
            hist = weighted_histogramdd(samples, edges, options["weights"],
                                        options.get("density"))
            return (hist, *edges) if name == "histogram2d" else (hist, edges)
        return call
    return make


def _as_samples(sample):
    """NumPy's reading of ``histogramdd``'s sample: an (N, D) array, or D sequences."""
    if onp.ndim(sample) == 2 and hasattr(sample, "shape"):
        return onp.asarray(sample)
    return onp.atleast_2d(onp.asarray(sample)).T


OVERRIDES = {name: _traced_weights(name, getattr(onp, name))
             for name in ("histogram2d", "histogramdd")}
