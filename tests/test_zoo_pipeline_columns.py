"""A pipeline's columns through map(output_columns), rename, project, batch with a short
last batch, repeat and the iterators' epochs, feeding a Model of a hand-built
TrainOneStepCell with History (tests/oracle_zoo/pipeline_columns.py): on minpy_compat,
with only the imports changed, it shows what MindSpore 2.10 showed."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402
from zoo_replay import assert_matches, assert_printed_matches  # noqa: E402

RECORDED = script_loader.recorded("pipeline_columns", "zoo_fixture.json")


def test_the_pipeline_and_its_model_go_as_on_mindspore(tmp_path):
    ours = script_loader.run("pipeline_columns", "minpy_compat", str(tmp_path))
    assert_printed_matches(ours.pop("printed"), RECORDED["printed"])
    assert_matches(ours, {k: v for k, v in RECORDED.items() if k != "printed"})


def test_the_recording_keeps_the_short_batch_in_both_epochs():
    assert [row[2][0] for row in RECORDED["rows"]] == [4, 4, 2] * 4
    assert [row[0] for row in RECORDED["rows"]] == [0] * 6 + [1] * 6
