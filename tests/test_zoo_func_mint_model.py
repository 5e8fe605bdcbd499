"""A model written with mindspore.mint (Linear, SiLU, mean, cat, sqrt, softmax, log),
initialised by net.apply, with recompute / add_flags_recursive / set_boost, trained by
ms.value_and_grad and Adam, against MindSpore 2.10 (``tests/oracle_zoo/func_mint_model.py``).

Accepted difference: MindSpore's recompute() wraps the Cell's construct in two helper
sub-cells (``embed._recompute_cell``, ``...wrap_cell``) that cells_and_names lists; we add
none, so the flags are compared on the user's own cells.
"""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_mint_model", fixture=FIXTURE)


def test_apply_visits_children_before_the_net_as_mindspore(both):
    ours, theirs = both
    assert ours["visited"] == theirs["visited"] == ["Linear", "SiLU", "Linear",
                                                    "MintClassifier"]
    assert ours["applied_returns_net"] is theirs["applied_returns_net"] is True


def test_compile_settings_match_mindspore(both):
    ours, theirs = both
    assert ours["recompute_result"] is theirs["recompute_result"] is None
    assert ours["boost_returns_net"] is theirs["boost_returns_net"] is True
    user_cells = {k: v for k, v in theirs["flags"].items() if "_recompute_cell" not in k}
    assert {k: [list(item) for item in v] for k, v in ours["flags"].items()} == user_cells


def test_training_matches_mindspore(both):
    ours, theirs = both
    assert ours["param_names"] == theirs["param_names"]
    for key in ("losses", "top_probs", "probs", "sums"):
        close(ours[key], theirs[key])
    assert ours["losses"][-1] < ours["losses"][0]
