"""``ModelBase``: a model declares its parameters; ``Solver`` initialises and trains them.

>>> import minpy_compat.numpy as np
>>> from minpy_compat.nn import layers
>>> class Linear(ModelBase):
...     def __init__(self):
...         super().__init__()
...         self.add_param('w', (4, 3)).add_param('b', (3,), init_rule='constant')
...     def forward(self, X, mode):
...         return layers.affine(X, self.params['w'], self.params['b'])
...     def loss(self, predict, y):
...         return layers.softmax_loss(predict, y)
>>> Linear().param_configs['b']
{'shape': (3,), 'init_rule': 'constant'}
"""
import os

import numpy as onp

from ..array import to_numpy, wrap
from ..errors import message
from .options import as_shape, check_keys

CONFIG_KEYS = ("init_rule", "init_config", "dtype")  # a parameter's keys besides 'shape'


class ModelBase:
    """Base of models trained by ``Solver``.

    ``params`` maps names to the arrays ``forward`` reads (``Solver.init`` fills it
    from ``param_configs``); ``aux_params`` holds values that are not trained, such
    as batchnorm's running statistics. Subclasses implement ``forward(X, mode)``
    (mode ``'train'`` or ``'test'``) and ``loss(predict, y)``.
    """

    def __init__(self):
        self.params = {}
        self.param_configs = {}
        self.aux_params = {}
        self.aux_param_configs = {}

    def add_param(self, name, shape, **kwargs):
        """Declare parameter ``name`` of ``shape``; keyword arguments (``init_rule``,
        ``init_config``) override the solver's for this parameter, and ``dtype`` (a
        floating dtype such as ``'float32'``) is the one ``Solver.init`` gives it
        (without it, the init rule's: float64 for a Python-float config). Returns ``self``.

        >>> ModelBase().add_param('w', (2,), dtype='float32').param_configs['w']['dtype']
        dtype('float32')
        """
        where = f"{type(self).__name__}.add_param"
        self._check_new(where, name)
        self.param_configs[name] = _declared(f"{where} {name!r}", shape, kwargs)
        return self

    def add_params(self, param_dict):
        """Declare several parameters: ``{name: {'shape': ..., **kwargs}}``. All are checked
        first, so a bad one declares none of them."""
        where = f"{type(self).__name__}.add_params"
        declared = {}
        for name, config in param_dict.items():
            if not isinstance(config, dict):
                raise TypeError(message(f"{where} {name!r}", "a dict such as {'shape': (3, 4)}",
                                        f"{config!r:.60}"))
            if "shape" not in config:
                raise ValueError(message(f"{where} {name!r}", "a 'shape' entry",
                                         f"{config!r:.60}", "Add 'shape': (3, 4), say."))
            self._check_new(where, name)
            config = dict(config)
            declared[name] = _declared(f"{where} {name!r}", config.pop("shape"), config)
        self.param_configs.update(declared)
        return self

    def add_aux_param(self, name, value):
        """Declare a value that is kept but not trained (e.g. a running mean)."""
        self._check_new(f"{type(self).__name__}.add_aux_param", name)
        self.aux_param_configs[name] = value
        self.aux_params[name] = value
        return self

    def _check_new(self, where, name):
        if name in self.param_configs or name in self.aux_param_configs:
            raise ValueError(message(where, "a new parameter name",
                                     f"{name!r}, which is already declared",
                                     "Give each parameter its own name."))

    def forward(self, X, mode):
        raise NotImplementedError(f"{type(self).__name__}.forward(X, mode) is not written")

    def loss(self, predict, y):
        raise NotImplementedError(f"{type(self).__name__}.loss(predict, y) is not written")

    def forward_batch(self, batch, mode):
        """``forward`` on a ``DataBatch``'s first data array."""
        return self.forward(batch.data[0], mode)

    def loss_batch(self, batch, forward_outputs):
        """``loss`` against a ``DataBatch``'s first label array."""
        return self.loss(forward_outputs, batch.label[0])

    # ---- files -------------------------------------------------------------------
    def save(self, prefix):
        """Write params and aux params to ``prefix + '.params'`` (NumPy's .npz format);
        ``prefix`` is a string or a path object.

        >>> import os, tempfile, numpy
        >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
        >>> model = ModelBase().add_param('w', (2,))
        >>> model.params['w'] = numpy.array([1.0, 2.0])
        >>> model.save(prefix)
        >>> ModelBase().add_param('w', (2,)).load(prefix).params['w']
        array([1., 2.])
        """
        arrays = {f"param_{k}": self._numbers("param", k, v) for k, v in self.params.items()}
        arrays.update({f"aux_param_{k}": self._numbers("aux param", k, v)
                       for k, v in self.aux_params.items()})
        with open(os.fspath(prefix) + ".params", "wb") as handle:
            onp.savez(handle, **arrays)

    def _numbers(self, kind, name, value):
        """``value`` as a numeric array (an object array would need pickle to load)."""
        array = onp.asarray(to_numpy(value))
        if array.dtype.kind not in "biufc":
            raise ValueError(message(f"{type(self).__name__}.save {kind} {name!r}",
                                     "numbers", f"{value!r:.60}", "Give it a value (an array "
                                     "or a number) before saving."))
        return array

    def load(self, prefix, strict=True):
        """Read what ``save(prefix)`` wrote; shapes must match the declared ones (aux
        params: the shape of a declared array). Nothing changes on a mistake. A parameter
        declared with ``add_param(dtype=...)`` gets that dtype (a float64 file loads
        into a float32 model as float32); a complex value for it is refused.

        ``strict=True`` (the default) also refuses a file that lacks a declared
        parameter or aux param, or holds one the model does not have, naming them
        (a model half loaded would train or predict from fresh values unnoticed);
        ``strict=False`` loads what the file has and leaves the others as they are.

        >>> import os, tempfile
        >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
        >>> ModelBase().save(prefix)
        >>> ModelBase().add_param('w', (2,)).load(prefix)
        Traceback (most recent call last):
        ...
        ValueError: ModelBase.load: expected every declared parameter in the file, got \
none for parameter 'w'. Save this model's parameters, or load with strict=False.
        """
        params, aux_params = {}, {}
        saved = read_arrays(f"{type(self).__name__}.load", os.fspath(prefix) + ".params")
        for key, value in saved.items():
            if key.startswith("aux_param_"):
                name = key[len("aux_param_"):]
                aux_params[name] = self._checked(f"aux param {name!r}",
                                                 self._aux_shape(name), value)
            else:
                name = key[len("param_"):]
                config = self.param_configs.get(name, {})
                params[name] = self._checked(f"parameter {name!r}", config.get("shape"),
                                             value, config.get("dtype"))
        if strict:
            self._check_complete(params, aux_params)
        self.params.update(params)
        self.aux_params.update(aux_params)
        return self

    def _check_complete(self, params, aux_params):
        """Refuse a file that lacks a declared name or holds one this model lacks."""
        kinds = (("parameter", params, self.param_configs, self.params),
                 ("aux param", aux_params, self.aux_param_configs, self.aux_params))
        missing = [f"{kind} {name!r}" for kind, loaded, declared, _ in kinds
                   for name in declared if name not in loaded]
        extra = [f"{kind} {name!r}" for kind, loaded, declared, values in kinds
                 for name in loaded if name not in declared and name not in values]
        where = f"{type(self).__name__}.load"
        if missing:
            raise ValueError(message(where, "every declared parameter in the file",
                                     "none for " + ", ".join(missing), "Save this model's "
                                     "parameters, or load with strict=False."))
        if extra:
            raise ValueError(message(where, "only parameters this model declares",
                                     ", ".join(extra) + " in the file", "Declare them with "
                                     "add_param / add_aux_param, or load with strict=False."))

    def _aux_shape(self, name):
        """The declared aux param's shape; None (unchecked) for a scalar or None, which
        may stand in for an array set later."""
        declared = self.aux_param_configs.get(name)
        shape = None if declared is None else onp.shape(to_numpy(declared))
        return shape or None

    def _checked(self, what, declared, value, dtype=None):
        """``value`` if it has the declared shape, cast to the declared ``dtype`` (a
        floating one; a complex value would lose its imaginary part, so it is refused)."""
        where = f"{type(self).__name__}.load {what}"
        if declared is not None and tuple(declared) != value.shape:
            raise ValueError(message(where, f"shape {tuple(declared)}", f"shape {value.shape}",
                                     "Load a file saved from the same model."))
        if dtype is not None and value.dtype != dtype:
            if value.dtype.kind == "c":
                raise TypeError(message(where, f"values castable to its declared dtype {dtype}",
                                        f"{value.dtype}", "Save real values, or declare no "
                                        "dtype."))
            value = value.astype(dtype)
        return wrap(value)


def _declared(where, shape, config):
    """A parameter's config: its shape as a tuple, its ``dtype`` (None: undeclared) a
    floating NumPy dtype, checked here rather than when the Solver initialises it; the
    other keys are MinPy's ``init_rule`` (checked by ``Solver.init``) and ``init_config``
    (a dict or None), and a misspelt one is refused rather than ignored."""
    check_keys(where, config, CONFIG_KEYS)
    if not isinstance(config.get("init_config") or {}, dict):
        raise TypeError(message(f"{where} 'init_config'", "a dict such as {'value': 0.0} or "
                                "None", f"{config['init_config']!r:.60}"))
    config = dict(shape=as_shape(where, shape), **config)
    if config.get("dtype") is not None:
        try:
            dtype = onp.dtype(config["dtype"])
        except TypeError:
            dtype = None
        if dtype is None or dtype.kind != "f":
            raise TypeError(message(f"{where} 'dtype'", "a floating dtype such as 'float32'",
                                    f"{config['dtype']!r:.60}"))
        config["dtype"] = dtype
    return config


def read_arrays(where, path):
    """``{name: array}`` from a file in NumPy's .npz format, which ``save`` writes.

    >>> import os, tempfile
    >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
    >>> ModelBase().add_aux_param('step', 3).save(prefix)
    >>> read_arrays('example', prefix + '.params')
    {'aux_param_step': array(3)}
    """
    saved = onp.load(path, allow_pickle=False)
    if not hasattr(saved, "files"):  # a lone .npy array
        raise ValueError(message(f"{where} {path!r}", "named arrays (NumPy's .npz format)",
                                 f"one array of shape {saved.shape}",
                                 "Read a file that save() wrote."))
    with saved:
        return {key: saved[key] for key in saved.files}
