"""MinPy's layers: cs231n-style functions whose gradients come from the tracer.

Every layer is written with ``minpy_compat.numpy``, so ``grad`` differentiates it
(to any order); ``conv2d`` is a custom op with its own gradient (see ``conv``).
Differences from MinPy, all bug fixes: ``affine`` flattens an ``x`` of more than
two dimensions to ``(N, -1)`` as MinPy's docstring promised, ``dropout`` is inverted
(train scales by ``1/(1-p)``, test is the identity) and its ``seed`` really seeds it,
``svm_loss`` is right for every batch size, and ``softmax_cross_entropy`` is finite
when a wrong class has probability 0. Float32 inputs give float32 outputs (running
statistics, masks and targets follow the input's dtype).

The layers live by family in ``layers_dense`` (affine, activations, batchnorm,
dropout), ``layers_losses`` and ``layers_recurrent``; this module gathers them
under MinPy's names.

>>> import minpy_compat.numpy as np
>>> from minpy_compat.nn import layers
>>> x = np.array([[1.0, -2.0]])
>>> layers.relu(layers.affine(x, np.eye(2), np.zeros(2)))
array([[1., 0.]])
"""
from .conv import conv2d, max_pool2d
from .layers_dense import affine, batchnorm, dropout, relu, sigmoid
from .layers_losses import (l2_loss, softmax_cross_entropy, softmax_loss, svm_loss,
                            temporal_softmax_loss)
from .layers_recurrent import (gru_step, lstm_step, lstm_temporal, rnn_step, rnn_temporal,
                               temporal_affine)

__all__ = ["affine", "relu", "sigmoid", "batchnorm", "dropout", "softmax_loss",
           "softmax_cross_entropy", "l2_loss", "svm_loss", "temporal_softmax_loss",
           "rnn_step", "rnn_temporal", "lstm_step", "lstm_temporal", "gru_step",
           "temporal_affine", "conv2d", "max_pool2d"]
