"""MindSpore's ``nn.layer``: the layer Cells (activations, norms, convolutions, pools,
recurrent, attention, utility Cells), re-exported from ``minpy_compat.nn`` (each loaded on
first use), so that ``from mindspore.nn.layer import ...`` ports as ``from
minpy_compat.nn.layer import ...``.
"""
from .reexport import reexport

_NAMES = ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d",
          "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "AvgPool1d", "AvgPool1dExt", "AvgPool2d",
          "AvgPool2dExt", "AvgPool3d", "AvgPool3dExt", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
          "BiDense", "CellDict", "CellList", "CELU", "CentralCrop", "ChannelShuffle", "ClipByNorm",
          "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv1dTranspose", "Conv2d",
          "Conv2dBnAct", "Conv2dTranspose", "Conv3d", "Conv3dTranspose", "Dense", "DenseBnAct",
          "DiGamma", "Dropout", "Dropout1d", "Dropout2d", "Dropout2dExt", "Dropout3d",
          "DropoutExt", "ELU", "Embedding", "EmbeddingExt", "EmbeddingLookup", "FastGelu",
          "Flatten", "FractionalMaxPool2d", "GELU", "get_activation", "GLU", "GroupNorm", "GRU",
          "GRUCell", "Hardtanh", "HShrink", "HSigmoid", "HSwish", "Identity", "IGamma",
          "ImageGradients", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "L1Regularizer",
          "LayerNorm", "LayerNormExt", "LBeta", "LeakyReLU", "LGamma", "Linear", "LogSigmoid",
          "LogSoftmax", "LogSoftmaxExt", "LPPool1d", "LPPool2d", "LRN", "LSTM", "LSTMCell",
          "MatDet", "MatInverse", "MatMul", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag",
          "MaxPool1d", "MaxPool2d", "MaxPool2dExt", "MaxPool3d", "MaxUnpool1d", "MaxUnpool2d",
          "MaxUnpool3d", "Mish", "Moments", "MSSSIM", "MultiFieldEmbeddingLookup",
          "MultiheadAttention", "Norm", "OneHot", "Pad", "PixelShuffle", "PixelUnshuffle", "PReLU",
          "PReLUExt", "PSNR", "Range", "ReduceLogSumExp", "ReflectionPad1d", "ReflectionPad2d",
          "ReflectionPad3d", "ReLU", "ReLU6", "ReplicationPad1d", "ReplicationPad2d",
          "ReplicationPad3d", "RNN", "RNNCell", "Roll", "RReLU", "SeLU", "SequentialCell",
          "Sigmoid", "SiLU", "Softmax", "Softmax2d", "Softmin", "SoftShrink", "Softsign", "SSIM",
          "SyncBatchNorm", "Tanh", "Tanhshrink", "Threshold", "TimeDistributed", "Transformer",
          "TransformerDecoder", "TransformerDecoderLayer", "TransformerEncoder",
          "TransformerEncoderLayer", "Tril", "Triu", "Unflatten", "Unfold", "Upsample", "ZeroPad2d"]
__all__ = list(_NAMES)
__getattr__, __dir__ = reexport(__name__, _NAMES)

# MindSpore's submodules here (``nn.wrap.cell_wrapper``) come from ``module_paths``
__path__ = []
