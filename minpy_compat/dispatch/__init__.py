"""``minpy_compat.dispatch``: which backend runs an op."""
