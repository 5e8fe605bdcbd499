"""``ops``' lazy table (``ops/_lazy_table.py``): each name listed once, each one loads,
and ``ops.__all__`` is exactly the imported names plus the table's."""
import collections
import subprocess
import sys
import types

import minpy_compat.ops as ops
from minpy_compat.ops._lazy_table import LAZY


def _eager_names():
    return {name for name, value in vars(ops).items() if not name.startswith("_")
            and not isinstance(value, types.ModuleType) and name not in _lazy_names()}


def _lazy_names():
    return [name for names in LAZY.values() for name in names]


def test_no_name_is_listed_twice():
    counts = collections.Counter(_lazy_names())
    assert [name for name, count in counts.items() if count > 1] == []


def test_no_lazy_name_is_also_imported_at_once():
    code = ("import types, minpy_compat.ops as o; from minpy_compat.ops._lazy_table import LAZY;"
            "lazy = {n for v in LAZY.values() for n in v};"
            "print(sorted(n for n, v in vars(o).items() if n in lazy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_all_is_the_imported_names_and_the_table():
    assert sorted(ops.__all__) == sorted(_eager_names() | set(_lazy_names()))
    assert len(ops.__all__) == len(set(ops.__all__))


def test_every_lazy_name_loads_from_its_module():
    for module, names in LAZY.items():
        for name in names:
            value = getattr(ops, name)
            assert value is getattr(sys.modules[f"minpy_compat.ops.{module}"], name)
