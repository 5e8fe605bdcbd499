"""``minpy_compat.utils``: helpers such as the gradient checker."""
