"""examples/cell/train_transformer_reverse.py: a TransformerEncoder learns to reverse
sequences of tokens, trained with TrainOneStepCell and Adam."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "examples", "cell"))
import train_transformer_reverse as example  # noqa: E402


def test_the_encoder_learns_to_reverse_and_prints_its_score(capsys):
    net, losses, accuracy = example.train(steps=120, verbose=False)
    assert accuracy >= 0.9
    assert sum(losses[-10:]) / 10 < 0.2 * losses[0]
    names = [name for name, _ in net.parameters_and_names()]
    assert names[:2] == ["position", "embed.embedding_table"]
    assert "encoder.layers.0.self_attn.in_proj_weight" in names
    assert capsys.readouterr() == ("", "")


def test_main_reports_the_accuracy(capsys):
    accuracy = example.main(steps=5, verbose=False)
    assert f"tokens right on fresh sequences: {accuracy:.1%}" in capsys.readouterr().out
