"""RandomHorizontalFlip in a seeded pipeline and nn.Dropout (p= and keep_prob=) in
training and evaluation, against MindSpore 2.10 (``tests/oracle_zoo/cv_dropout_augment.py``).

The draws are random in both libraries (and not the same draws), so what is compared is
what holds for any draw: every image comes out as itself or its mirror, about half are
mirrored, Dropout zeroes about p of the elements and scales the rest by 1 / (1 - p), and
evaluation returns the input unchanged."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_dropout_augment", fixture=FIXTURE)


def test_flips_give_the_image_or_its_mirror_about_half_the_time(both):
    ours, theirs = both
    assert ours["kinds"] == theirs["kinds"] == ["mirror", "same"]
    assert ours["count"] == theirs["count"] == 64
    assert ours["batch_shapes"] == theirs["batch_shapes"]
    # 64 fair draws: 0.5 +- 4 standard deviations (0.0625 each)
    for share in (ours["mirrored"], theirs["mirrored"]):
        assert 0.25 <= share <= 0.75


@pytest.mark.parametrize("name", ["p", "keep_prob"])
def test_dropout_drops_a_quarter_and_scales_the_rest(both, name):
    ours, theirs = both[0]["dropout"][name], both[1]["dropout"][name]
    for key in ("eval_equal", "dtype", "shape"):
        assert ours[key] == theirs[key], key
    close(ours["kept_values"], theirs["kept_values"], rtol=1e-6)
    close(ours["kept_values"], [2.0 / 0.75], rtol=1e-6)
    # 10000 draws at 0.25: standard deviation 0.0043; 5 of them either side
    for dropped in (ours["dropped"], theirs["dropped"]):
        assert abs(dropped - 0.25) < 0.022
