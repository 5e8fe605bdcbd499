"""A hand-unrolled nn.LSTMCell decoder (nn.Embedding, P.Stack, P.Concat, teacher forcing,
nn.RMSProp with momentum), greedy decoding with P.ArgMaxWithValue and ops.select on an
end-of-sequence mask, then ms.amp.auto_mixed_precision(net, 'O2'), against MindSpore
2.10 (``tests/oracle_zoo/seq_lstmcell_greedy_decode.py``).

Accepted difference: the float16 forward after O2 rounds in its own order; its logits
agree with MindSpore's to one float16 ulp (about 1e-3), so their sum is compared to 1e-3."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_lstmcell_greedy_decode", fixture="seq_fixture.json")


def test_losses_and_greedy_tokens_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 5
    close(ours["losses"], theirs["losses"])
    assert ours["decoded"] == theirs["decoded"]
    assert ours["decoded_is_int32"] and theirs["decoded_is_int32"]


def test_mixed_precision_forward_matches_mindspore(both):
    ours, theirs = both
    close(ours["amp_sum"], theirs["amp_sum"], rtol=1e-3)
    for key in ("amp_is_f32", "amp_shape", "weights_are_f32", "amp_head_is_f16",
                "amp_wrapper", "param_names"):
        assert ours[key] == theirs[key], key
