"""A model the toolkit tests share: one affine layer and a softmax loss."""
from minpy_compat.nn import layers
from minpy_compat.nn.model import ModelBase


class Linear(ModelBase):
    """2 features to 2 classes; ``dtype`` is the parameters' declared dtype (None: float64)."""

    def __init__(self, dtype=None):
        super().__init__()
        self.add_param("w", (2, 2), dtype=dtype)
        self.add_param("b", (2,), init_rule="constant", dtype=dtype)

    def forward(self, X, mode):
        return layers.affine(X, self.params["w"], self.params["b"])

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)
