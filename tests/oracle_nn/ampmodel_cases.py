"""Cases of ``ampmodel_fixture.json``, shared by its maker (MindSpore) and its replay (here):
a Dense/BatchNorm1d/ReLU/Dense net, its data, and the ``Model`` arguments of each run."""
import numpy as onp

_RNG = onp.random.default_rng(3)
X = _RNG.standard_normal((16, 4)).astype(onp.float32)
Y = _RNG.integers(0, 3, 16).astype(onp.int32)

# run id -> (amp_level, keyword arguments): ("fixed", s) is FixedLossScaleManager(s,
# drop_overflow_update=False), the only scaling manager MindSpore trains with on CPU
RUNS = {"O0": ("O0", {}),
        "O1": ("O1", {}),
        "O2_fixed": ("O2", {"loss_scale_manager": ("fixed", 128.0)}),
        "O2_none": ("O2", {"loss_scale_manager": None}),
        "O2_nobn": ("O2", {"keep_batchnorm_fp32": False, "loss_scale_manager": None}),
        "O3": ("O3", {}),
        "O3_fixed": ("O3", {"loss_scale_manager": ("fixed", 64.0)})}


def add_layers(cell, nn):
    """The layers of the test network (a Cell class defined at module level in the maker and
    the replay: MindSpore's O1 rewrite re-imports it), built with ``nn``; its construct is
    ``fc2(relu(bn(fc1(x))))``."""
    cell.fc1 = nn.Dense(4, 8)
    cell.bn = nn.BatchNorm1d(8)
    cell.relu = nn.ReLU()
    cell.fc2 = nn.Dense(8, 3)
    cell.tag = "hello"


def model_kwargs(kwargs, fixed_manager):
    """``kwargs`` with ("fixed", s) turned into ``fixed_manager(s, drop_overflow_update=False)``."""
    out = dict(kwargs)
    spec = out.get("loss_scale_manager")
    if spec is not None:
        out["loss_scale_manager"] = fixed_manager(spec[1], drop_overflow_update=False)
    return out


def loss_scale(kwargs):
    """The optimizer's ``loss_scale`` matching the run's manager (1.0 without one)."""
    spec = kwargs.get("loss_scale_manager")
    return 1.0 if spec is None else spec[1]
