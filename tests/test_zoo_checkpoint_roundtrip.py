"""A conv net trained through Model, checkpointed (ModelCheckpoint, save_checkpoint with
append_dict), loaded into a fresh net and run again in the same folder
(tests/oracle_zoo/checkpoint_roundtrip.py, MindSpore 1.x imports: mindspore.train.callback,
mindspore.nn.metrics, mindspore.train.serialization, dataset.*.transforms): on
minpy_compat, with only the imports changed, it shows what MindSpore 2.10 showed. The
checkpoint files stay within each library (the formats differ)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402
from zoo_replay import assert_matches, assert_printed_matches  # noqa: E402

RECORDED = script_loader.recorded("checkpoint_roundtrip", "zoo_fixture.json")


def test_the_round_trip_and_the_second_run_go_as_on_mindspore(tmp_path):
    ours = script_loader.run("checkpoint_roundtrip", "minpy_compat", str(tmp_path))
    assert_printed_matches(ours.pop("printed"), RECORDED["printed"])
    assert_matches(ours, {k: v for k, v in RECORDED.items() if k != "printed"})


def test_the_recording_shows_the_loaded_net_equal_to_the_trained_one():
    assert RECORDED["not_loaded"] == [[], ["epoch_num", "lr"]]
    assert RECORDED["files"] == ["small-2_5.ckpt", "small_1-1_5.ckpt", "small_final.ckpt"]
    assert RECORDED["again"]["acc"] == RECORDED["trained"]["acc"]
