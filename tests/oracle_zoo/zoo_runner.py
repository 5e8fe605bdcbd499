"""Run one model-zoo style script on MindSpore or on minpy_compat.

Each script is written as a model-zoo user writes it, its imports naming one library
(``mindspore`` for the scripts of this folder, ``minpy_compat`` for those in
``examples/cell/``); for the other library only its import lines change, nothing else.
A script defines ``main()``, which returns a JSON-able dict of what it would print.
"""
import importlib.util
import os
import re
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "cell")
IN_EXAMPLES = {"clip_train_step": "zoo_clip_train_step.py"}  # written for minpy_compat
_IMPORT = re.compile(r"^(\s*)(import|from) (mindspore|minpy_compat)\b", re.MULTILINE)


def path_of(name):
    """``(file, the library its imports name)`` of script ``name``."""
    if name in IN_EXAMPLES:
        return os.path.join(EXAMPLES, IN_EXAMPLES[name]), "minpy_compat"
    return os.path.join(HERE, name + ".py"), "mindspore"


def source(name, lib):
    """The text of script ``name`` with its imports naming ``lib``."""
    with open(path_of(name)[0]) as handle:
        return _IMPORT.sub(lambda m: f"{m.group(1)}{m.group(2)} {lib}", handle.read())


def run(name, lib):
    """What ``main()`` of script ``name`` returns with the imports naming ``lib``."""
    module_name = f"zoo_{name}_{lib}"
    path, written_for = path_of(name)
    if lib == written_for:  # ms.jit parses the source: the file itself, as a module
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    else:
        module = sys.modules[module_name] = types.ModuleType(module_name)
        exec(compile(source(name, lib), f"<{name} on {lib}>", "exec"), vars(module))
    return module.main()
