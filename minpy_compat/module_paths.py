"""MindSpore's module paths (``from mindspore.ops import operations as P``,
``import mindspore.common.dtype as mstype``, ``from mindspore.nn.wrap.cell_wrapper import
WithLossCell``), served from the table ``_module_paths.py`` by one import hook.

Why a hook and not ~200 small generated modules: the table is MindSpore's own list (rebuilt
by ``tests/oracle/make_module_paths.py``), and each path is only a view of a namespace we
already have, so one finder that turns a table entry into a module keeps the paths, their
names and the code in one place. The finder sits last on ``sys.meta_path``: a real module
(``ops.functional``, ``nn.wrap``, ``train.model``) always wins, and the table is read only
when an import finds nothing else, so ``import minpy_compat`` loads none of it.

A path's module reads each name at access time from our namespaces (``SOURCES``), so it is
the same object (``P.MatMul is ops.MatMul``) and names added there later appear here with
no change to the table. A name MindSpore has there but we lack raises ``ModulePathError``
(an ``AttributeError``); ``dir()`` and ``__all__`` list only the names we have.

>>> from minpy_compat.ops import operations as P
>>> from minpy_compat import ops
>>> P.MatMul is ops.MatMul
True
"""
import importlib
import importlib.util
import sys
from types import ModuleType

from .errors import ModulePathError, message

PACKAGE = __name__.rpartition(".")[0]
# our namespaces for each MindSpore path, by the longest prefix of the path (in order)
SOURCES = {
    "ops": ("ops", ""),
    "common": ("", "common", "ops"),
    "common.dtype": ("dtype", ""),
    "nn": ("nn", ""),
    "nn.probability": ("nn.probability",),
    "nn.probability.bijector": ("nn.probability.bijector",),
    "nn.probability.distribution": ("nn.probability.distribution",),
    "nn.probability.bnn_layers": ("nn.probability",),
    "train": ("train", ""),
    "context": ("",),
}
_TABLE = []  # the table, once read


def table():
    """``{path: [MindSpore's names]}``, read on first use."""
    if not _TABLE:
        _TABLE.append(importlib.import_module(f"{PACKAGE}._module_paths").PATHS)
    return _TABLE[0]


def sources(path):
    """Our module names that ``path``'s names are read from, in order."""
    prefix = max((p for p in SOURCES if path == p or path.startswith(p + ".")), key=len)
    return tuple(f"{PACKAGE}.{name}".rstrip(".") for name in SOURCES[prefix])


def _children(path):
    start = path + "."
    return sorted(p[len(start):] for p in table() if p.startswith(start)
                  and "." not in p[len(start):])


def have(path):
    """The names of MindSpore's ``path`` that we have (read from the namespaces' ``dir``, so
    no module behind a lazy name is loaded)."""
    ours = set()
    for name in sources(path):
        ours |= set(dir(importlib.import_module(name)))
    return sorted(set(table().get(path, ())) & ours)


def resolve(path, name):
    """``name`` of MindSpore's ``path``, read from our namespaces."""
    if name.startswith("__"):  # __path__, __all__, ...: asked by the import system
        raise AttributeError(f"module '{PACKAGE}.{path}' has no attribute {name!r}")
    if name not in table().get(path, ()):  # a name wins over a submodule (ops.function.grad)
        if name in _children(path):
            return importlib.import_module(f"{PACKAGE}.{path}.{name}")
        raise AttributeError(f"module '{PACKAGE}.{path}' has no attribute {name!r}")
    for source in sources(path):
        module = importlib.import_module(source)
        if name in dir(module):
            return getattr(module, name)
    looked = ", ".join(sources(path))
    raise ModulePathError(message(
        f"{PACKAGE}.{path}", f"a name minpy_compat implements (looked in {looked})",
        f"{name!r}, which MindSpore 2.10 has at mindspore.{path} but minpy_compat does not "
        "yet", "Use another op, or write it with minpy_compat.ops' building blocks."))


def fallback(module_name):
    """``(__getattr__, __dir__)`` for a real module at a MindSpore path (``ops.functional``):
    its own names first, then MindSpore's names there read from our namespaces."""
    path = module_name[len(PACKAGE) + 1:]

    def __getattr__(name):
        if name == "__all__":
            raise AttributeError(name)
        return resolve(path, name)

    def __dir__():
        return sorted(set(vars(sys.modules[module_name])) | set(have(path)))
    return __getattr__, __dir__


def after_own_names(module_name, own_getattr, own_dir, with_path_dir=True):
    """``(__getattr__, __dir__)`` for a real module with lazily loaded names of its own
    (``own_getattr``/``own_dir``, from ``lazy_names`` or ``reexport``): those first, then
    MindSpore's names there read from our namespaces (``fallback``). ``with_path_dir=False``
    keeps ``dir()`` to the module's own names (``train``, which is among its own sources)."""
    path_getattr, path_dir = fallback(module_name)

    def __getattr__(name):
        return own_getattr(name) if name in own_dir() else path_getattr(name)

    def __dir__():
        return sorted(set(own_dir()) | set(path_dir())) if with_path_dir else own_dir()
    return __getattr__, __dir__


def _named(module, name):
    """Whether ``name`` is one of ``module``'s own names, or of MindSpore's there (the
    function ``ops.function.grad``, beside the module of that name)."""
    path = module.__name__[len(PACKAGE) + 1:]
    return name in vars(module) or name in table().get(path, ())


class _KeepsOwnNames(ModuleType):
    """A module whose own names win over a path module of the same name: the import system
    binds ``nn.optim.adam`` on ``nn.optim`` after loading it, where MinPy's rule ``adam``
    must stay (and ``common.dtype`` must stay ``minpy_compat.dtype``)."""

    def __setattr__(self, name, value):
        if getattr(value, "__loader__", None) is _PathModules and _named(self, name):
            return
        super().__setattr__(name, value)


class _PathModules:
    """The finder and loader of the table's paths that have no module of their own."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        key = fullname[len(PACKAGE) + 1:]
        if not fullname.startswith(PACKAGE + ".") or key not in table():
            return None
        return importlib.util.spec_from_loader(fullname, _PathModules, is_package=True)

    @staticmethod
    def create_module(spec):
        return None

    @staticmethod
    def exec_module(module):
        path = module.__name__[len(PACKAGE) + 1:]
        parent, _, child = module.__name__.rpartition(".")
        if _named(sys.modules[parent], child) and type(sys.modules[parent]) is ModuleType:
            sys.modules[parent].__class__ = _KeepsOwnNames
        module.__doc__ = f"MindSpore's ``mindspore.{path}``, read from {', '.join(sources(path))}."

        def __getattr__(name):
            if name == "__all__":
                module.__all__ = have(path)
                return module.__all__
            return resolve(path, name)

        def __dir__():
            return sorted(set(have(path)) | set(_children(path)))
        module.__getattr__, module.__dir__ = __getattr__, __dir__


def install():
    """Put the finder last on ``sys.meta_path`` (once)."""
    if _PathModules not in sys.meta_path:
        sys.meta_path.append(_PathModules)
