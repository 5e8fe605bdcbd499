"""Load and run one model-zoo style script on MindSpore or on minpy_compat.

Every script is written once, as a model-zoo user writes it: its imports name one library
(``mindspore`` for the scripts of this folder; ``minpy_compat`` for the ones kept in
``examples/cell/``, runnable there as they are). For the other library only its import
lines change, which is the promise to MindSpore users:
- ``from mindspore ...`` / ``import mindspore.x`` name the other library;
- a bare ``import mindspore`` becomes ``import minpy_compat as mindspore`` (and back), so
  the code's ``mindspore.`` names still hold.
A script run on the library it is written for is imported from its own file: ``ms.jit``
on MindSpore parses the source, which needs a real file. Otherwise the rewritten text is
compiled under the file's path (only import lines differ, so line numbers hold).
A script has ``main()`` or ``main(workdir)``: ``run`` gives ``main``'s JSON-able dict; a
script given a workdir is judged on what it prints too (under ``"printed"``).
Both the fixture generators (``make_*_fixture.py``, under MindSpore) and the replay tests
load scripts through here.
"""
import contextlib
import functools
import importlib.util
import io
import json
import os
import re
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "cell")
# scripts kept in examples/cell (written for minpy_compat): name -> file there
IN_EXAMPLES = {"lenet_model": "train_lenet_model.py",
               "clip_train_step": "zoo_clip_train_step.py"}
LIBRARIES = ("mindspore", "minpy_compat")
_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)(?:mindspore|minpy_compat)\b", re.M)
_BARE = re.compile(r"^(\s*)import (?:mindspore|minpy_compat as mindspore)[ \t]*$", re.M)


def path_of(name):
    """``(file, the library its imports name)`` of script ``name``."""
    if name in IN_EXAMPLES:
        return os.path.join(EXAMPLES, IN_EXAMPLES[name]), "minpy_compat"
    return os.path.join(HERE, name + ".py"), "mindspore"


def source_for(name, lib):
    """The text of script ``name`` with its import lines naming ``lib``."""
    if lib not in LIBRARIES:
        raise ValueError(f"script_loader: lib must be one of {LIBRARIES}, got {lib!r}")
    with open(path_of(name)[0]) as handle:
        source = handle.read()
    bare = "import mindspore" if lib == "mindspore" else f"import {lib} as mindspore"
    return _IMPORT.sub(r"\g<1>" + lib, _BARE.sub(rf"\g<1>{bare}", source))


def load(name, lib):
    """Script ``name`` as a module (registered in ``sys.modules``) whose imports name
    ``lib``."""
    module_name = f"zoo_{name}_{lib}"
    path, written_for = path_of(name)
    if lib == written_for:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = sys.modules[module_name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        module = sys.modules[module_name] = types.ModuleType(module_name)
        module.__file__ = path
        exec(compile(source_for(name, lib), path, "exec"), vars(module))
    return module


def run(name, lib, workdir=None):
    """What ``main()`` of script ``name`` returns with its imports naming ``lib``; given a
    ``workdir``, ``main(workdir)``'s dict with the lines it printed under ``"printed"``."""
    module = load(name, lib)
    if workdir is None:
        return module.main()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = module.main(workdir)
    result["printed"] = printed.getvalue().splitlines()
    return result


@functools.lru_cache(maxsize=None)
def _fixture(fixture):
    with open(os.path.join(HERE, fixture)) as handle:
        return json.load(handle)


def recorded(name, fixture):
    """What MindSpore 2.10 gave for script ``name``, as ``fixture`` (a file of this folder)
    recorded it."""
    return _fixture(fixture)[name]


def _overflow(self, status, grads):
    """Whether any gradient holds inf or NaN: MindSpore 2.10's CPU build lacks the kernels
    (FloatStatus, NPUGetFloatStatusV2) of TrainOneStepWithLossScaleCell's own check; the
    rest of the Cell (sens scaling, unscaling, the update cells, the skipped update) is
    MindSpore's."""
    from mindspore import ops
    return ops.logical_not(ops.stack([ops.isfinite(g).all() for g in grads]).all())


def record_fixture(scripts, fixture, printing=()):
    """Run each of ``scripts`` on MindSpore 2.10 (CPU, PyNative, synchronous; the loss-scale
    check as ``_overflow`` says) and write what ``main()`` gave to ``fixture`` here, with
    each of ``printing`` run as ``main(workdir)`` in a fresh folder (its printed lines kept):
    the one recording step of the ``make_*_fixture.py`` generators of the scripts."""
    import mindspore
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU",
                          pynative_synchronize=True)
    mindspore.nn.TrainOneStepWithLossScaleCell.get_overflow_status = _overflow
    results = {name: run(name, "mindspore") for name in scripts}
    for name in printing:
        with tempfile.TemporaryDirectory() as workdir:
            results[name] = run(name, "mindspore", workdir)
    with open(os.path.join(HERE, fixture), "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
