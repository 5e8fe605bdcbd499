"""Run one model-zoo style script of this folder on MindSpore or on minpy_compat.

Each script is written for MindSpore, as a model-zoo user writes it; for minpy_compat
only its import lines change (``mindspore`` becomes ``minpy_compat``), and nothing else.
A script defines ``main()``, which returns a JSON-able dict of what it would print.
"""
import importlib.util
import os
import re
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
_IMPORT = re.compile(r"^(\s*)(import|from) mindspore\b", re.MULTILINE)


def source(name, lib):
    """The text of script ``name`` with its imports naming ``lib``."""
    with open(os.path.join(HERE, name + ".py")) as handle:
        text = handle.read()
    if lib == "mindspore":
        return text
    return _IMPORT.sub(lambda m: f"{m.group(1)}{m.group(2)} {lib}", text)


def run(name, lib):
    """What ``main()`` of script ``name`` returns with the imports naming ``lib``."""
    module_name = f"zoo_{name}_{lib}"
    if lib == "mindspore":  # ms.jit parses the source: the file itself, as a module
        spec = importlib.util.spec_from_file_location(module_name,
                                                      os.path.join(HERE, name + ".py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    else:
        module = sys.modules[module_name] = types.ModuleType(module_name)
        exec(compile(source(name, lib), f"<{name} on {lib}>", "exec"), vars(module))
    return module.main()
