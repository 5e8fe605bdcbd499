"""The part of ``mindspore.parallel`` a standalone (one-device) script can use: the
strategy-search settings. Sharding, checkpoint transforms and pipelines need a
distributed runtime, which minpy_compat does not have."""
from .parallel_context import get_algo_parameters, reset_algo_parameters, set_algo_parameters

__all__ = ["get_algo_parameters", "reset_algo_parameters", "set_algo_parameters"]
