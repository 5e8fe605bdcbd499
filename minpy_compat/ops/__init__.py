"""``minpy_compat.ops``: MindSpore-style function and primitive ops, Custom, GradOperation."""
