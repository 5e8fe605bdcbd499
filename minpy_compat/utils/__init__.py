"""``minpy_compat.utils``: MinPy's helpers.

* ``gradient_checker.quick_grad_check``: a gradient against finite differences;
* ``minprof.minprof``: a light profiler (decorator, ``with`` blocks, ``print_stats()``);
* ``log.get_logger``: a logger with short, coloured lines;
* ``common.enforce_type``: convert every argument of a function to one type;
* ``progress.progress`` (not MinPy's): a tqdm bar for long loops, a widget in Jupyter
  (``TQDM_DISABLE`` or ``verbose=False`` hides it).
"""
