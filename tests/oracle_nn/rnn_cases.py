"""The recurrent Cells recorded from MindSpore 2.10 (``make_rnn_fixture.py``) and replayed
in ``tests/test_cell_oracle_rnn.py``. Plain data only: both sides import it.

A case: (id, class name, constructor kwargs, training?, inputs). Inputs are named:
``x`` and ``hx`` (shape), ``cx`` (shape; LSTM's c0, passed as ``hx=(h0, c0)``) and
``seq_length`` (a list of ints, passed as an int32 Tensor). The recorded call is
``cell(x, hx)`` for the single-step Cells, else ``cell(x, hx=None, seq_length=None)``.
"""
S, B, I, H = 3, 2, 3, 3  # steps, batch, input_size, hidden_size
BASE = {"input_size": I, "hidden_size": H}

CELLS = [
    ("rnncell_tanh", "RNNCell", {}, {"x": (B, I), "hx": (B, H)}),
    ("rnncell_relu", "RNNCell", {"nonlinearity": "relu"}, {"x": (B, I), "hx": (B, H)}),
    ("rnncell_nobias", "RNNCell", {"has_bias": False}, {"x": (B, I), "hx": (B, H)}),
    ("lstmcell", "LSTMCell", {}, {"x": (B, I), "hx": (B, H), "cx": (B, H)}),
    ("lstmcell_nobias", "LSTMCell", {"has_bias": False},
     {"x": (B, I), "hx": (B, H), "cx": (B, H)}),
    ("grucell", "GRUCell", {}, {"x": (B, I), "hx": (B, H)}),
    ("grucell_nobias", "GRUCell", {"has_bias": False}, {"x": (B, I), "hx": (B, H)}),
]


def _sequences(kind):
    """The same variants for RNN, LSTM and GRU."""
    lstm = kind == "LSTM"

    def state(layers):
        shape = (layers, B, H)
        return {"hx": shape, "cx": shape} if lstm else {"hx": shape}
    low = kind.lower()
    return [
        (low, kind, {}, {"x": (S, B, I)}),
        (low + "_hx", kind, {}, dict({"x": (S, B, I)}, **state(1))),
        (low + "_nobias", kind, {"has_bias": False}, dict({"x": (S, B, I)}, **state(1))),
        (low + "_two_layers", kind, {"num_layers": 2}, dict({"x": (S, B, I)}, **state(2))),
        (low + "_bi", kind, {"bidirectional": True}, dict({"x": (S, B, I)}, **state(2))),
        (low + "_bi_two_layers", kind, {"bidirectional": True, "num_layers": 2},
         dict({"x": (S, B, I)}, **state(4))),
        (low + "_batch_first", kind, {"batch_first": True}, dict({"x": (B, S, I)}, **state(1))),
        (low + "_seq", kind, {}, {"x": (S, B, I), "seq_length": [3, 1]}),
        (low + "_seq_hx_two_layers", kind, {"num_layers": 2},
         dict({"x": (S, B, I), "seq_length": [2, 3]}, **state(2))),
        (low + "_bi_seq", kind, {"bidirectional": True},
         dict({"x": (S, B, I), "seq_length": [2, 3]}, **state(2))),
        (low + "_bi_seq_batch_first", kind, {"bidirectional": True, "batch_first": True},
         {"x": (B, S, I), "seq_length": [1, 3]}),
    ]


SEQUENCES = (_sequences("RNN") + _sequences("LSTM") + _sequences("GRU") + [
    ("rnn_relu_bi", "RNN", {"nonlinearity": "relu", "bidirectional": True}, {"x": (S, B, I)}),
    ("rnn_seq_zero", "RNN", {}, {"x": (S, B, I), "seq_length": [0, 2]}),
    ("gru_eval_dropout", "GRU", {"num_layers": 2, "dropout": 0.5}, {"x": (S, B, I)}),
])
CASES = [(cid, cls, dict(BASE, **kw), False, inputs) for cid, cls, kw, inputs in CELLS + SEQUENCES]

# Bad constructor arguments: (id, class name, args, kwargs); the exception class is recorded.
BAD = [
    ("rnn_hidden_zero", "RNN", (3, 0), {}),
    ("rnn_hidden_float", "RNN", (3, 2.0), {}),
    ("rnn_layers_zero", "RNN", (3, 2), {"num_layers": 0}),
    ("rnn_nonlinearity", "RNN", (3, 2), {"nonlinearity": "sigmoid"}),
    ("rnn_has_bias_int", "RNN", (3, 2), {"has_bias": 1}),
    ("lstm_batch_first_none", "LSTM", (3, 2), {"batch_first": None}),
    ("gru_bidirectional_str", "GRU", (3, 2), {"bidirectional": "yes"}),
    ("gru_dropout_one", "GRU", (3, 2), {"dropout": 1.0}),
    ("lstm_dropout_str", "LSTM", (3, 2), {"dropout": "0.1"}),
    ("rnncell_nonlinearity", "RNNCell", (3, 2), {"nonlinearity": "sigmoid"}),
    ("rnncell_nonlinearity_int", "RNNCell", (3, 2), {"nonlinearity": 1}),
    ("lstmcell_has_bias_none", "LSTMCell", (3, 2), {"has_bias": None}),
    ("grucell_input_zero", "GRUCell", (0, 2), {}),
    ("grucell_input_str", "GRUCell", ("3", 2), {}),
]
NAMES = ["RNNCell", "LSTMCell", "GRUCell", "RNN", "LSTM", "GRU"]


# ---- how a recorded case calls its Cell (both sides use these) ----
def flat(out):
    if isinstance(out, (tuple, list)):
        return [leaf for item in out for leaf in flat(item)]
    return [out]


def forward_for(cell, cls, keys):
    """A function of the inputs (in ``keys`` order) that calls ``cell`` the recorded way."""
    def forward(*tensors):
        given = dict(zip(keys, tensors))
        hx = (given["hx"], given["cx"]) if "cx" in given else given.get("hx")
        if cls.endswith("Cell"):
            return cell(given["x"], hx)
        return cell(given["x"], hx, given.get("seq_length"))
    return forward
