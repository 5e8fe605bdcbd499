"""Load a model-zoo style script of this folder for MindSpore or for minpy_compat.

Each script is written once, as a MindSpore user writes it (``import mindspore as ms``,
``from mindspore.train.callback import ...``). ``load(name, "minpy_compat")`` changes only
the import lines, which is the promise to MindSpore users; the generator
(``make_zoo_fixture.py``, real MindSpore) and the replay tests share this one loader.
Every script has ``main(workdir)``: it returns a JSON-able dict of what the run showed.
"""
import contextlib
import io
import json
import os
import re
import types

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "zoo_fixture.json")
SCRIPTS = ("lenet_model", "checkpoint_roundtrip", "quickstart_loop", "pipeline_columns")
_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)mindspore\b", re.M)
_BARE = re.compile(r"^(\s*)import mindspore[ \t]*$", re.M)  # keeps the name ``mindspore``


def source_for(name, lib):
    with open(os.path.join(HERE, name + ".py")) as f:
        source = f.read()
    if lib == "mindspore":
        return source
    return _IMPORT.sub(r"\g<1>" + lib, _BARE.sub(rf"\g<1>import {lib} as mindspore", source))


def load(name, lib):
    """The script ``name`` as a module whose imports name ``lib``."""
    path = os.path.join(HERE, name + ".py")
    module = types.ModuleType(f"zoo_{name}_{lib}")
    module.__file__ = path
    exec(compile(source_for(name, lib), path, "exec"), module.__dict__)
    return module


def run(name, lib, workdir):
    """``main(workdir)``'s dict, with what the script printed under ``"printed"``."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = load(name, lib).main(workdir)
    result["printed"] = printed.getvalue().splitlines()
    return result


def recorded(name):
    with open(FIXTURE) as f:
        return json.load(f)[name]
