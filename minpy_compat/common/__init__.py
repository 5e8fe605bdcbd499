"""``minpy_compat.common``: parameter initializers (MindSpore's ``common.initializer``)."""
