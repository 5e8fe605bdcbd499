"""Load a model-zoo style script (``PATHS``) for MindSpore or for minpy_compat.

Each script is written once, as a MindSpore user writes it (``import mindspore as ms``,
``from mindspore.train.callback import ...``; the one in examples/cell names minpy_compat
there, to run as it is). ``load(name, lib)`` changes only the import lines, which is the
promise to MindSpore users; the generator (``make_zoo_fixture.py``, real MindSpore) and
the replay tests share this one loader.
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
EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "cell")
# where each script lives: here, or (the best one, runnable on minpy_compat) in examples/cell
PATHS = {"lenet_model": os.path.join(EXAMPLES, "train_lenet_model.py"),
         **{name: os.path.join(HERE, name + ".py")
            for name in ("checkpoint_roundtrip", "quickstart_loop", "pipeline_columns")}}
SCRIPTS = tuple(PATHS)
_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)(?:mindspore|minpy_compat)\b", re.M)
_BARE = re.compile(r"^(\s*)import (?:mindspore|minpy_compat as mindspore)[ \t]*$", re.M)


def source_for(name, lib):
    """The script's text with its import lines naming ``lib`` (a bare ``import mindspore``
    becomes ``import minpy_compat as mindspore``, so the code's ``mindspore.`` names hold)."""
    with open(PATHS[name]) as f:
        source = f.read()
    bare = "import mindspore" if lib == "mindspore" else f"import {lib} as mindspore"
    return _IMPORT.sub(r"\g<1>" + lib, _BARE.sub(rf"\g<1>{bare}", source))


def load(name, lib):
    """The script ``name`` as a module whose imports name ``lib``."""
    module = types.ModuleType(f"zoo_{name}_{lib}")
    module.__file__ = PATHS[name]
    exec(compile(source_for(name, lib), PATHS[name], "exec"), module.__dict__)
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
