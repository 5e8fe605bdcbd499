"""The one loader of the model-zoo scripts (``tests/oracle_zoo/script_loader.py``): only
import lines change, a bare ``import mindspore`` keeps its name, scripts kept in
examples/cell are found there, and a script runs on its own library from its own file."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402


@pytest.mark.parametrize("name", ["clip_train_step", "jit_value_and_grad", "quickstart_loop"])
def test_the_two_sources_differ_only_in_import_lines(name):
    ours = script_loader.source_for(name, "minpy_compat").splitlines()
    theirs = script_loader.source_for(name, "mindspore").splitlines()
    changed = [(a, b) for a, b in zip(ours, theirs) if a != b]
    assert len(ours) == len(theirs) and changed
    for mine, recorded in changed:
        assert mine.lstrip().startswith(("import minpy_compat", "from minpy_compat")), mine
        assert recorded.lstrip().startswith(("import mindspore", "from mindspore")), recorded
        same = mine.replace("minpy_compat", "mindspore").replace(
            "import mindspore as mindspore", "import mindspore")
        assert same == recorded, (mine, recorded)


def test_scripts_written_for_minpy_compat_live_in_examples_cell():
    for name in ("clip_train_step", "lenet_model"):
        path, written_for = script_loader.path_of(name)
        assert written_for == "minpy_compat" and os.path.isfile(path)
        assert os.path.basename(os.path.dirname(path)) == "cell"
    path, written_for = script_loader.path_of("quickstart_loop")
    assert written_for == "mindspore" and os.path.dirname(path) == script_loader.HERE


def test_a_script_on_its_own_library_is_imported_from_its_file():
    module = script_loader.load("clip_train_step", "minpy_compat")
    assert module.__file__ == script_loader.path_of("clip_train_step")[0]
    assert sys.modules["zoo_clip_train_step_minpy_compat"] is module


def test_an_unknown_library_is_refused_by_name():
    with pytest.raises(ValueError, match=r"script_loader: lib must be one of .* got 'torch'"):
        script_loader.source_for("quickstart_loop", "torch")
