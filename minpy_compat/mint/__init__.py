"""``minpy_compat.mint``: MindSpore 2.x's PyTorch-style namespace (placeholder: only the
``nn`` submodule, loaded on first use)."""
from ..lazy_names import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {}, globals(), submodules=("nn",))
