"""LeNet-5 through GeneratorDataset, vision maps, Model.train with LossMonitor, a custom
Callback and ModelCheckpoint, then Model.eval (tests/oracle_zoo/lenet_model.py, MindSpore
2.x imports): run on minpy_compat with only the imports changed, it shows what MindSpore
2.10 showed (zoo_fixture.json)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402
from zoo_replay import assert_matches, assert_printed_matches  # noqa: E402

RECORDED = script_loader.recorded("lenet_model", "zoo_fixture.json")


def test_lenet_trains_evaluates_and_prints_as_on_mindspore(tmp_path):
    ours = script_loader.run("lenet_model", "minpy_compat", str(tmp_path))
    assert_printed_matches(ours.pop("printed"), RECORDED["printed"])
    assert_matches(ours, {k: v for k, v in RECORDED.items() if k != "printed"})


def test_the_recording_covers_the_whole_run():
    assert len(RECORDED["losses"]) == 12 and RECORDED["events"][-1] == "train_end"
    assert RECORDED["checkpoints"] == ["lenet-2_4.ckpt", "lenet-3_4.ckpt"]


def test_the_comparison_bites():
    import pytest
    losses = RECORDED["losses"]
    with pytest.raises(AssertionError, match=r"result\[3\]"):
        assert_matches(losses[:3] + [losses[3] * 1.001] + losses[4:], losses)
    with pytest.raises(AssertionError):
        assert_matches("float16", "Float32")
    with pytest.raises(AssertionError):
        assert_matches(1.0, 1)  # a count must stay an int
    assert_printed_matches(["metrics: {'acc': np.float64(1.0)}"], ["metrics: {'acc': 1.0}"])
    with pytest.raises(AssertionError, match="line 0"):
        assert_printed_matches(["epoch: 1 step: 2, loss was 0.5"],
                               ["epoch: 1 step: 2, loss is 0.5"])


def test_the_example_runs_as_a_script_and_prints_what_its_docstring_says(capsys):
    from cell_helpers import run_example
    run_example("train_lenet_model.py")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines[:6]] == [
        f"epoch: {e} step: {s}" for e in (1, 2, 3) for s in (2, 4)]
    assert lines[6].startswith("metrics: {'acc': 1.0, 'loss': ")
    assert lines[7] == "checkpoints kept: ['lenet-2_4.ckpt', 'lenet-3_4.ckpt']"


def test_only_the_import_lines_differ_between_the_two_runs():
    ours = script_loader.source_for("lenet_model", "minpy_compat").splitlines()
    theirs = script_loader.source_for("lenet_model", "mindspore").splitlines()
    changed = [(a, b) for a, b in zip(ours, theirs) if a != b]
    assert len(ours) == len(theirs) and len(changed) == 6
    assert all(a.startswith(("import minpy_compat", "from minpy_compat"))
               and a.replace("minpy_compat", "mindspore") == b for a, b in changed)
