"""The activation, padding, channel-dropout, ``Identity`` and ``Unflatten`` Cells recorded
from MindSpore 2.10 (``make_act_fixture.py``) and replayed in
``tests/test_cell_oracle_act.py``. Plain data only: both sides import it.

A case: (id, class name, constructor kwargs, training?, inputs). An input is
(shape, dtype) for seeded normal floats, or ('values', list) for float32 values at the
kinks (0, +-1, +-3, 6 ...).
"""
F32 = "float32"
KINKS = ("values", [[-6.0, -3.0, -1.0, -0.5, 0.0, 0.5], [1.0, 3.0, 6.0, -2.0, 2.0, 0.25]])
MATRIX = [((2, 3), F32)]

ACTIVATIONS = [
    ("leakyrelu", "LeakyReLU", {}, False, MATRIX),
    ("leakyrelu_kinks", "LeakyReLU", {"alpha": 0.1}, False, [KINKS]),
    ("leakyrelu_int_alpha", "LeakyReLU", {"alpha": 2}, False, MATRIX),
    ("prelu", "PReLU", {}, False, MATRIX),
    ("prelu_kinks", "PReLU", {}, False, [KINKS]),
    ("prelu_channels", "PReLU", {"channel": 3}, False, [((2, 3, 4), F32)]),
    ("prelu_channels_2d", "PReLU", {"channel": 3}, False, [((4, 3), F32)]),
    ("prelu_list", "PReLU", {"channel": 2, "w": [0.1, 0.3]}, False, [((2, 2, 2, 2), F32)]),
    ("gelu", "GELU", {}, False, MATRIX),
    ("gelu_exact", "GELU", {"approximate": False}, False, [KINKS]),
    ("elu", "ELU", {}, False, [KINKS]),
    ("silu", "SiLU", {}, False, MATRIX),
    ("hswish", "HSwish", {}, False, [KINKS]),
    ("hsigmoid", "HSigmoid", {}, False, [KINKS]),
    ("logsigmoid", "LogSigmoid", {}, False, [KINKS]),
    ("mish", "Mish", {}, False, [KINKS]),
    ("softmin", "Softmin", {}, False, MATRIX),
    ("softmin_axis0", "Softmin", {"axis": 0}, False, [((3, 2), F32)]),
    ("softmin_axes", "Softmin", {"axis": (0, 1)}, False, MATRIX),
    ("hardtanh", "Hardtanh", {}, False, [KINKS]),
    ("hardtanh_range", "Hardtanh", {"min_val": -3.0, "max_val": 1}, False, [KINKS]),
    ("tanhshrink", "Tanhshrink", {}, False, [KINKS]),
    ("softsign", "Softsign", {}, False, [KINKS]),
    ("identity", "Identity", {}, False, MATRIX),
]

DROPOUTS = [
    ("dropout1d_eval", "Dropout1d", {"p": 0.3}, False, [((2, 3, 4), F32)]),
    ("dropout1d_p0_train", "Dropout1d", {"p": 0.0}, True, [((3, 4), F32)]),
    ("dropout2d_eval", "Dropout2d", {}, False, [((1, 2, 3, 3), F32)]),
    ("dropout2d_p0_train", "Dropout2d", {"p": 0.0}, True, [((1, 2, 3, 3), F32)]),
    ("dropout3d_eval", "Dropout3d", {"p": 0.9}, False, [((1, 2, 2, 2, 2), F32)]),
    ("dropout3d_p0_train", "Dropout3d", {"p": 0.0}, True, [((1, 2, 2, 2, 2), F32)]),
]

PADS = [
    ("zeropad2d_int", "ZeroPad2d", {"padding": 1}, False, [((1, 1, 3, 3), F32)]),
    ("zeropad2d_tuple", "ZeroPad2d", {"padding": (1, 0, 2, 1)}, False, [((2, 3, 3), F32)]),
    ("zeropad2d_pair", "ZeroPad2d", {"padding": (2, 1)}, False, [((1, 2, 3, 3), F32)]),
    ("zeropad2d_crop", "ZeroPad2d", {"padding": (-1, 1, 0, -2)}, False, [((1, 1, 4, 4), F32)]),
    ("constpad1d", "ConstantPad1d", {"padding": (1, 2), "value": 0.5}, False,
     [((2, 3, 4), F32)]),
    ("constpad1d_int", "ConstantPad1d", {"padding": 2, "value": -1}, False, [((3, 2), F32)]),
    ("constpad2d", "ConstantPad2d", {"padding": (1, 1, 0, 2), "value": 1.5}, False,
     [((1, 2, 3, 3), F32)]),
    ("constpad3d_int", "ConstantPad3d", {"padding": 1, "value": 0.0}, False,
     [((1, 2, 2, 2), F32)]),
    ("constpad3d_tuple", "ConstantPad3d", {"padding": (0, 1, 2, 0, 1, 1), "value": 2},
     False, [((1, 1, 2, 2, 3), F32)]),
    ("constpad3d_short", "ConstantPad3d", {"padding": (1, 0, 0, 1), "value": 3.0}, False,
     [((2, 2, 2), F32)]),
    ("reflpad1d", "ReflectionPad1d", {"padding": (2, 1)}, False, [((2, 3, 4), F32)]),
    ("reflpad1d_int", "ReflectionPad1d", {"padding": 1}, False, [((2, 3), F32)]),
    ("reflpad2d", "ReflectionPad2d", {"padding": (1, 2, 2, 0)}, False, [((1, 2, 4, 4), F32)]),
    ("reflpad2d_3d", "ReflectionPad2d", {"padding": 1}, False, [((2, 3, 3), F32)]),
    ("replpad1d", "ReplicationPad1d", {"padding": (2, 1)}, False, [((2, 3, 4), F32)]),
    ("replpad1d_2d", "ReplicationPad1d", {"padding": 3}, False, [((3, 2), F32)]),
    ("replpad2d", "ReplicationPad2d", {"padding": (1, 2, 2, 0)}, False,
     [((1, 2, 3, 3), F32)]),
    ("replpad2d_3d", "ReplicationPad2d", {"padding": 1}, False, [((2, 3, 2), F32)]),
    ("unflatten", "Unflatten", {"axis": 1, "unflattened_size": (2, 3)}, False,
     [((2, 6, 3), F32)]),
    ("unflatten_last", "Unflatten", {"axis": -1, "unflattened_size": [2, -1]}, False,
     [((3, 4), F32)]),
    ("unflatten_neg", "Unflatten", {"axis": -2, "unflattened_size": (3, 1)}, False,
     [((2, 3, 2), F32)]),
]

CASES = ACTIVATIONS + DROPOUTS + PADS

# Wrong constructor arguments: (id, class name, args, kwargs); compared by exception class
# (None where MindSpore takes them).
BAD_TYPES = [
    ("leakyrelu_alpha_str", "LeakyReLU", ("0.2",), {}),
    ("prelu_channel0", "PReLU", (0,), {}),
    ("prelu_channel_float", "PReLU", (2.5,), {}),
    ("prelu_w_int", "PReLU", (), {"w": 1}),
    ("prelu_w_len", "PReLU", (2,), {"w": [0.1]}),
    ("prelu_w_list_int", "PReLU", (2,), {"w": [1, 2]}),
    ("gelu_approx_str", "GELU", ("tanh",), {}),
    ("elu_alpha_str", "ELU", ("1",), {}),
    ("elu_alpha_2", "ELU", (2.0,), {}),
    ("softmin_axis_float", "Softmin", (1.0,), {}),
    ("hardtanh_order", "Hardtanh", (1.0, -1.0), {}),
    ("hardtanh_equal", "Hardtanh", (0.5, 0.5), {}),
    ("hardtanh_str", "Hardtanh", ("a",), {}),
    ("identity_args", "Identity", (1,), {"a": 2}),
    ("dropout1d_p_int", "Dropout1d", (0,), {}),
    ("dropout1d_p1", "Dropout1d", (1.0,), {}),
    ("dropout2d_range", "Dropout2d", (1.5,), {}),
    ("dropout3d_p_str", "Dropout3d", ("0.5",), {}),
    ("dropout3d_neg", "Dropout3d", (-0.1,), {}),
    ("zeropad_float", "ZeroPad2d", (1.5,), {}),
    ("zeropad_list", "ZeroPad2d", ([1, 1],), {}),
    ("zeropad_odd", "ZeroPad2d", ((1, 2, 3),), {}),
    ("zeropad_long", "ZeroPad2d", ((1,) * 6,), {}),
    ("constpad1d_len4", "ConstantPad1d", ((1, 1, 1, 1), 0.0), {}),
    ("constpad1d_value_str", "ConstantPad1d", (1, "0"), {}),
    ("constpad3d_long", "ConstantPad3d", ((1,) * 8, 0.0), {}),
    ("constpad2d_item_float", "ConstantPad2d", ((1.5, 1), 0.0), {}),
    ("reflpad1d_neg", "ReflectionPad1d", ((-1, 1),), {}),
    ("reflpad1d_float", "ReflectionPad1d", (1.0,), {}),
    ("reflpad2d_list", "ReflectionPad2d", ([1, 1, 1, 1],), {}),
    ("reflpad2d_odd", "ReflectionPad2d", ((1, 1, 1),), {}),
    ("replpad1d_float", "ReplicationPad1d", (1.5,), {}),
    ("replpad2d_odd", "ReplicationPad2d", ((1, 2, 3),), {}),
    ("replpad2d_item_float", "ReplicationPad2d", ((1.0, 1, 1, 1),), {}),
    ("unflatten_axis_float", "Unflatten", (1.0, (2, 3)), {}),
    ("unflatten_size_int", "Unflatten", (1, 6), {}),
]

# Wrong inputs in the forward pass: (id, class name, kwargs, input shape).
BAD_INPUTS = [
    ("prelu_channel_mismatch", "PReLU", {"channel": 3}, (2, 4)),
    ("reflpad_too_wide", "ReflectionPad1d", {"padding": 3}, (2, 3)),
    ("dropout2d_rank", "Dropout2d", {"p": 0.5}, (2, 3)),
    ("dropout1d_rank", "Dropout1d", {"p": 0.5}, (2, 3, 4, 5)),
    ("constpad_overcrop", "ConstantPad1d", {"padding": (-2, -2), "value": 0.0}, (2, 3)),
    ("replpad2d_rank", "ReplicationPad2d", {"padding": 1}, (4, 4)),
    ("unflatten_size", "Unflatten", {"axis": 1, "unflattened_size": (4, 2)}, (2, 6)),
]

SIGNATURE_CELLS = sorted({case[1] for case in CASES})
