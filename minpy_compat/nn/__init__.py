"""``minpy_compat.nn``: MinPy's training toolkit and MindSpore-style Cells.

MinPy's toolkit lives in submodules (``layers``, ``model``, ``solver``, ``optim``,
``init``, ``io``); the Cell layer's names (``Cell``, ``Dense``, losses, optimizers,
wrappers) are exported here.
"""
