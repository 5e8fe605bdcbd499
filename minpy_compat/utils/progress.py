"""``progress``: a tqdm progress bar for long loops, drawn the way the place it runs wants.

* In Jupyter the bar is a widget (``tqdm.notebook``); without ``ipywidgets`` it is text on
  standard output, so a notebook shows no TqdmWarning and no red stderr box.
* In a terminal, a script or a pipe it is tqdm's text bar on standard error.
* ``verbose=False`` draws nothing, and neither does tqdm's ``TQDM_DISABLE`` environment
  variable: it is read at each call, so ``%env TQDM_DISABLE=1`` in a notebook takes effect
  (tqdm reads it once, at import, and its notebook bar ignores it).

Lines printed while a bar is open go through ``bar.write(line)``, which keeps them from
tearing the text bar.

>>> import io
>>> with progress(range(3), desc='steps', file=io.StringIO()) as bar:
...     total = sum(bar)
>>> total, bar.n
(3, 3)
>>> progress(range(3), verbose=False).disable
True
"""
import os
import sys
import warnings

_OFF = ("", "0", "false", "no", "off")


def bar_disabled():
    """Whether ``TQDM_DISABLE`` asks for no bar now: any value but '', '0', 'false',
    'no', 'off' (case and spaces ignored)."""
    return os.environ.get("TQDM_DISABLE", "").strip().lower() not in _OFF


def progress(iterable=None, total=None, desc=None, unit="it", verbose=True, **options):
    """A tqdm bar over ``iterable`` (or one to ``update()`` by hand, with ``total``).

    ``options`` go to tqdm as they are (``leave``, ``position``, ``file``, ...).
    """
    bar_class, defaults = _bar_class()
    settings = dict(defaults, total=total, desc=desc, unit=unit, dynamic_ncols=True,
                    disable=not verbose or bar_disabled())
    settings.update(options)
    return bar_class(iterable, **settings)


def _bar_class():
    """tqdm's own choice (``tqdm.autonotebook``), without its warning when a notebook lacks
    ipywidgets; the text bar it falls back to then writes to stdout, not stderr."""
    from tqdm import TqdmWarning
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TqdmWarning)  # also its TqdmExperimentalWarning
        from tqdm.autonotebook import tqdm as chosen
    from tqdm.std import tqdm as text_bar
    if chosen is text_bar and _in_notebook():
        return text_bar, {"file": sys.stdout}
    return chosen, {}


def _in_notebook():
    """A Jupyter kernel (tqdm's test: notebook, lab, VS Code, Colab)."""
    return "ipykernel.zmqshell" in sys.modules
