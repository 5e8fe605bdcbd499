"""MindSpore 2.x's quickstart loop (value_and_grad over the optimizer's parameters with
has_aux, a GeneratorDataset pipeline, the quickstart's prints;
tests/oracle_zoo/quickstart_loop.py): on minpy_compat, with only ``import mindspore``
changed, it prints what MindSpore 2.10 printed."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402
from zoo_replay import assert_matches, assert_printed_matches  # noqa: E402

RECORDED = script_loader.recorded("quickstart_loop", "zoo_fixture.json")


def test_the_quickstart_loop_prints_and_learns_as_on_mindspore(tmp_path):
    ours = script_loader.run("quickstart_loop", "minpy_compat", str(tmp_path))
    assert_printed_matches(ours.pop("printed"), RECORDED["printed"])
    assert_matches(ours, {k: v for k, v in RECORDED.items() if k != "printed"})


def test_a_bare_import_keeps_the_name_mindspore():
    source = script_loader.source_for("quickstart_loop", "minpy_compat")
    assert "import minpy_compat as mindspore\n" in source
    assert "from minpy_compat import nn\n" in source and "import mindspore\n" not in source
