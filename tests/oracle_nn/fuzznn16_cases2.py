"""More fuzz cases (see ``fuzznn16_cases.py`` for the format): ``mint.optim`` over parameter
groups and several steps, the in-place Tensor methods under ``ms.grad``, ``value_and_grad``,
``GradOperation`` and ``TrainOneStepCell``, this session's metrics over several batches, its
Cells (PSNR, SSIM, MSSSIM, MultiFieldEmbeddingLookup, LGamma, ...) and bad arguments."""
OPTIMS = [
    ("SGD", {"lr": 0.1}), ("SGD", {"lr": 0.1, "momentum": 0.9}),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True}),
    ("SGD", {"lr": 0.05, "momentum": 0.5, "dampening": 0.3, "weight_decay": 0.01}),
    ("SGD", {"lr": 0.1, "maximize": True, "weight_decay": 0.2}),
    ("Adam", {"lr": 0.01}), ("Adam", {"lr": 0.01, "amsgrad": True}),
    ("Adam", {"lr": 0.02, "weight_decay": 0.1, "maximize": True}),
    ("Adam", {"lr": 0.01, "betas": (0.5, 0.9), "eps": 1e-3}),
    ("AdamW", {"lr": 0.01}), ("AdamW", {"lr": 0.01, "weight_decay": 0.5, "amsgrad": True}),
    ("AdamW", {"lr": 0.03, "maximize": True, "betas": (0.8, 0.99)}),
]
GROUPS = {"plain": "[w, b]",
          "groups": "[{'params': [w], 'lr': 0.05}, {'params': [b]}]",
          "groups_wd": "[{'params': [w], 'weight_decay': 0.1}, {'params': [b], 'lr': 0.2}]"}
OPTIM_CODE = """class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T((2, 3)), name='w')
        self.b = ms.Parameter(T((2,)), name='b')
    def construct(self, x):
        return ((ops.matmul(x, ops.transpose(self.w, (1, 0))) + self.b) ** 2).sum()
net = Net()
w, b = net.w, net.b
x = T((4, 3))
opt = mint.optim.{name}({params}, **{kwargs!r})
out = []
for _ in range(3):
    opt(ms.grad(net, None, opt.parameters)(x))
    out.append((onp.array(w.asnumpy()), onp.array(b.asnumpy())))"""

# (id, the in-place statement on y = x * 1 (x, w are (3, 4) floats))
INPLACE = [
    ("add", "y.add_(w, alpha=2)"), ("sub", "y.sub_(w * 3)"), ("mul", "y.mul_(w)"),
    ("div", "y.div_(w * w + 1)"), ("clamp", "y.clamp_(-0.5, 0.5)"),
    ("masked_fill", "y.masked_fill_(x > 0, 2.0)"),
    ("index_add", "y.index_add_(0, ms.Tensor([2, 0], ms.int64), w[:2], alpha=0.5)"),
    ("copy", "y.copy_(w)"), ("fill", "y.fill_(1.5)"), ("zero", "y.zero_()"),
    ("index_fill", "y.index_fill_(1, ms.Tensor([0, 3], ms.int64), -1.0)"),
    ("scatter_add", "y.scatter_add_(1, ms.Tensor([[0, 1, 1, 0]] * 3, ms.int64), w)"),
    ("exp", "y.exp_()"), ("sigmoid", "y.sigmoid_()"), ("tanh", "y.tanh_()"),
    ("chain", "y.mul_(2).add_(w).clamp_(min=-1.0)"),
    ("addmm", "y.addmm_(w[:, :3], w[:3, :], beta=0.5)"),
    ("masked_scatter", "y.masked_scatter_(x > 0, w * 10)"),
    ("index_put", "y.index_put_((ms.Tensor([0, 2], ms.int64),), w[1:3] * 2, True)"),
]
INPLACE_WRAP = {
    "grad": "out = ms.grad(net, 0, net.trainable_params())(x)",
    "vag": "out = ms.value_and_grad(net, (0,), net.trainable_params())(x)",
    "gradop": "out = ops.GradOperation(get_all=True, get_by_list=True)(net, "
              "net.trainable_params())(x)",
    "sens": "out = ops.GradOperation(sens_param=True)(net)(x, ms.Tensor(2.0))",
}
# a Parameter reaches the gradient through a Cell attribute (read directly in a free
# function, ours treats it as a constant: see the report)
INPLACE_CODE = """class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T((3, 4)), name='w')
    def construct(self, x):
        w = self.w
        y = x * 1
        {stmt}
        return (y * w).sum() + (y * y).sum()
net = Net()
x = T((3, 4))
{wrap}"""
STEP_CODE = INPLACE_CODE.split("net = Net()")[0] + """net = Net()
x = T((3, 4))
step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
out = (step(x), step(x), onp.array(net.w.asnumpy()))"""

METRIC_CODE = """m = ms.train.{name}(**{kwargs!r})
m.clear()
out = []
for batch in {batches}:
    m.update(*batch)
    out.append(m.eval())"""
_BLOB = "(onp.arange({n}).reshape({shape}) % {k} == 0).astype(onp.float32)"
METRICS = [
    ("bleu1", "BleuScore", {"n_gram": 1}, "[[[['a', 'b', 'a']], [[['a', 'b'], ['b', 'a', "
     "'a']]]], [[['c']], [[['c', 'd']]]]]"),
    ("bleu3_smooth", "BleuScore", {"n_gram": 3, "smooth": True}, "[[[['a', 'b', 'c', 'd']], "
     "[[['a', 'b', 'c', 'e']]]], [[['x', 'y']], [[['x', 'y', 'z']]]]]"),
    ("bleu_empty", "BleuScore", {}, "[[[[]], [[['a']]]]]"),
    ("bleu_len", "BleuScore", {}, "[[[['a'], ['b']], [[['a']]]]]"),
    ("cm_tp", "ConfusionMatrixMetric", {"metric_name": "f1 score"},
     "[(A((2, 3, 4)) > 0, A((2, 3, 4)) > 0), (A((1, 3, 5)) > 0, A((1, 3, 5)) > 0)]"),
    ("cm_calc", "ConfusionMatrixMetric", {"skip_channel": False, "metric_name": "threat score",
                                          "calculation_method": True, "decrease": "mean_batch"},
     "[(A((2, 3, 4)) > 0, A((2, 3, 4)) > 0), (A((2, 3, 4)) > 0, A((2, 3, 4)) > 0)]"),
    ("cm_sum", "ConfusionMatrixMetric", {"metric_name": "accuracy", "calculation_method": True,
                                         "decrease": "sum_channel"},
     "[(A((3, 2, 2, 2)) > 0, A((3, 2, 2, 2)) > 0)]"),
    ("cm_none", "ConfusionMatrixMetric", {"metric_name": "tpr", "calculation_method": True,
                                          "decrease": "none"},
     "[(A((2, 3)) > 0, A((2, 3)) > 0)]"),
    ("hd_cheb", "HausdorffDistance", {"distance_metric": "chessboard", "percentile": 80.0},
     f"[({_BLOB.format(n=30, shape=(5, 6), k=3)}, {_BLOB.format(n=30, shape=(5, 6), k=4)}, 1)]"),
    ("hd_directed", "HausdorffDistance", {"directed": True, "crop": False,
                                          "distance_metric": "taxicab"},
     f"[({_BLOB.format(n=24, shape=(2, 3, 4), k=5)}, {_BLOB.format(n=24, shape=(2, 3, 4), k=7)},"
     " 1), (onp.eye(4), onp.eye(4)[::-1], 1)]"),
    ("hd_empty", "HausdorffDistance", {}, "[(onp.zeros((3, 3)), onp.eye(3), 1)]"),
    ("msd_sym", "MeanSurfaceDistance", {"symmetric": True},
     f"[({_BLOB.format(n=30, shape=(5, 6), k=3)}, {_BLOB.format(n=30, shape=(5, 6), k=4)}, 1),"
     " (onp.eye(4), onp.eye(4)[::-1], 1)]"),
    ("rmsd_taxi", "RootMeanSquareDistance", {"distance_metric": "taxicab"},
     f"[({_BLOB.format(n=36, shape=(6, 6), k=5)}, onp.eye(6), 1)]"),
    ("rmsd_label2", "RootMeanSquareDistance", {"symmetric": True},
     "[(onp.eye(5) * 2, onp.eye(5)[::-1] * 2, 2)]"),
]

CELLS2 = [
    ("psnr_f64", "net = nn.PSNR(max_val=2.0)\nout = net(T((1, 2, 4, 4), 'float64'), "
     "T((1, 2, 4, 4), 'float64'))"),
    ("psnr_grad", "net = nn.PSNR()\na, b = P((2, 1, 3, 3)), P((2, 1, 3, 3))\n"
     "out = (net(a, b), ms.grad(lambda a: net(a, b).sum())(a))"),
    ("psnr_same", "net = nn.PSNR()\na = P((1, 1, 3, 3))\nout = net(a, a)"),
    ("ssim_small", "net = nn.SSIM(filter_size=3)\nout = net(P((2, 1, 5, 5)), P((2, 1, 5, 5)))"),
    ("ssim_grad", "net = nn.SSIM(max_val=1.0, filter_size=3, filter_sigma=0.8)\n"
     "a, b = P((1, 2, 6, 6)), P((1, 2, 6, 6))\nout = (net(a, b), ms.grad(lambda a: net(a, b)"
     ".sum())(a))"),
    ("ssim_f16", "net = nn.SSIM(filter_size=3)\nout = net(P((1, 1, 4, 4), 'float16'), "
     "P((1, 1, 4, 4), 'float16'))"),
    ("msssim", "net = nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3)\n"
     "out = net(P((1, 1, 12, 12)), P((1, 1, 12, 12)))"),
    ("lgamma", "net = nn.LGamma()\nx = T((5,)) * 3\nout = (net(x), ms.grad(lambda x: "
     "net(x).sum())(x))"),
    ("digamma", "net = nn.DiGamma()\nx = P((5,)) * 4\nout = (net(x), ms.grad(lambda x: "
     "net(x).sum())(x))"),
    ("igamma", "net = nn.IGamma()\na, x = P((2, 3)) * 3, P((3,)) * 2\nout = (net(a, x), "
     "ms.grad(lambda x: net(a, x).sum())(x))"),
    ("lbeta", "net = nn.LBeta()\na, b = P((2, 3)) * 3, P((2, 3)) * 2\nout = (net(a, b), "
     "ms.grad(lambda a, b: net(a, b).sum(), (0, 1))(a, b))"),
    ("lbeta_f64", "net = nn.LBeta()\nout = net(P((4,), 'float64') + 1, P((4,), 'float64'))"),
    ("mfel_sum", "net = nn.MultiFieldEmbeddingLookup(6, 3, 2, param_init=ms.Tensor("
     "A((6, 3))))\nout = net(ms.Tensor([[1, 5, 2], [0, 3, 3]], ms.int32), ms.Tensor("
     "[[1., 2., 0.5], [1., 1., 1.]]), ms.Tensor([[0, 1, 1], [1, 0, 1]], ms.int32))"),
    ("mfel_max", "net = nn.MultiFieldEmbeddingLookup(6, 2, 3, param_init=ms.Tensor("
     "A((6, 2))), operator='MAX')\nout = net(ms.Tensor([[1, 5], [0, 3]], ms.int32), ms.Tensor("
     "[[1., -2.], [1., 1.]]), ms.Tensor([[0, 0], [2, 0]], ms.int32))"),
    ("mfel_mean", "net = nn.MultiFieldEmbeddingLookup(6, 2, 3, param_init=ms.Tensor("
     "A((6, 2))), operator='MEAN')\nout = net(ms.Tensor([[1, 5, 4]], ms.int32), ms.Tensor("
     "[[1., -2., 3.]]), ms.Tensor([[0, 0, 2]], ms.int32))"),
]

# (id, code that should raise: the class and message are recorded)
BAD = [
    ("linear_zero_in", "mint.nn.Linear(0, 2)(T((2, 0)))"),
    ("conv2d_pad_mode", "mint.nn.Conv2d(1, 1, 2, padding_mode='wrap')"),
    ("conv2d_channels", "mint.nn.Conv2d(2, 1, 2)(T((1, 3, 4, 4)))"),
    ("bn_features", "mint.nn.BatchNorm2d(3)(T((1, 2, 2, 2)))"),
    ("layernorm_shape", "mint.nn.LayerNorm(4)(T((2, 3)))"),
    ("groupnorm_channels", "mint.nn.GroupNorm(2, 4)(T((2, 6, 3)))"),
    ("softmax_dim", "mint.nn.Softmax(dim=3)(T((2, 3)))"),
    ("glu_odd", "mint.nn.GLU()(T((2, 3)))"),
    ("pixelshuffle_div", "mint.nn.PixelShuffle(2)(T((1, 3, 2, 2)))"),
    ("maxpool_kernel0", "mint.nn.MaxPool2d(0)(T((1, 1, 4, 4)))"),
    ("avgpool_pad_big", "mint.nn.AvgPool2d(2, padding=2)(T((1, 1, 4, 4)))"),
    ("embedding_range", "mint.nn.Embedding(3, 2)(ms.Tensor([3], ms.int64))"),
    ("ce_target_shape", "mint.nn.CrossEntropyLoss()(T((2, 3)), I((3,), 3))"),
    ("mse_reduction", "mint.nn.MSELoss(reduction='avg')(T((2,)), T((2,)))"),
    ("sgd_lr_neg", "mint.optim.SGD([ms.Parameter(T((2,)), name='p')], lr=-0.1)"),
    ("sgd_nesterov", "mint.optim.SGD([ms.Parameter(T((2,)), name='p')], lr=0.1, "
     "nesterov=True)"),
    ("adam_betas", "mint.optim.Adam([ms.Parameter(T((2,)), name='p')], betas=(0.9, 1.0))"),
    ("adamw_eps", "mint.optim.AdamW([ms.Parameter(T((2,)), name='p')], eps=-1e-8)"),
    ("bleu_ngram", "ms.train.BleuScore(n_gram=5)"),
    ("cm_name", "ms.train.ConfusionMatrixMetric(metric_name='recall')"),
    ("hd_metric", "ms.train.HausdorffDistance(distance_metric='cosine')"),
    ("hd_percentile", "ms.train.HausdorffDistance(percentile=120.0)"),
    ("hd_eval_empty", "ms.train.HausdorffDistance().eval()"),
    ("msd_update_args", "ms.train.MeanSurfaceDistance().update(onp.eye(3), onp.eye(3))"),
    ("psnr_shape", "nn.PSNR()(T((1, 1, 3, 3)), T((1, 1, 4, 4)))"),
    ("ssim_filter", "nn.SSIM(filter_size=0)"),
    ("msssim_small", "nn.MSSSIM(filter_size=3)(P((1, 1, 6, 6)), P((1, 1, 6, 6)))"),
    ("mfel_operator", "nn.MultiFieldEmbeddingLookup(4, 2, 2, operator='PROD')"),
]


def cases():
    out = []
    for i, (name, kwargs) in enumerate(OPTIMS):
        for group, params in GROUPS.items():
            out.append((f"optim{i}_{name}_{group}", OPTIM_CODE.format(
                name=name, params=params, kwargs=kwargs)))
    for key, stmt in INPLACE:
        for wrap, line in INPLACE_WRAP.items():
            out.append((f"inplace_{key}_{wrap}", INPLACE_CODE.format(stmt=stmt, wrap=line)))
        out.append((f"inplace_{key}_step", STEP_CODE.format(stmt=stmt)))
    for key, name, kwargs, batches in METRICS:
        out.append((f"metric_{key}", METRIC_CODE.format(name=name, kwargs=kwargs,
                                                        batches=batches)))
    out += [(f"cell2_{key}", code) for key, code in CELLS2]
    out += [(f"bad_{key}", f"out = {code}") for key, code in BAD]
    return out
