"""``AutoBlacklistPolicy``: try MXNet; where it fails for an op and argument signature,
use NumPy from then on (MinPy's keywords: ``gen_rule``, ``append_rule``, ``loc``).

Rules are kept in a JSON file (MinPy kept YAML keyed by MinPy's own argument types, which
this package cannot read back). With ``loc`` and ``gen_rule``, each new rule is saved to
``loc`` as it is learned (MinPy saved at exit); every save replaces the file at once, so
a concurrent ``load_rules`` reads the old rules or the new ones, never half a file.

>>> from minpy_compat.dispatch.policy import AutoBlacklistPolicy
>>> AutoBlacklistPolicy(gen_rule=False).gen_rule
False
"""
import json
import os
import tempfile

from ..errors import BackendError, PolicyTypeError, message
from .policy import Policy

_KEY = "minpy_compat_blacklist"


class AutoBlacklistPolicy(Policy):
    """Try MXNet; when it fails for an op and argument signature, use NumPy from then on.

    ``gen_rule``: learn a rule from each MXNet failure (False: use the loaded rules only,
    and let an MXNet failure raise; MinPy's default was False, ours learns).
    ``append_rule``: keep the rules already in ``loc`` and add to them when saving
    (False: start from none and overwrite the file).
    ``loc`` (or ``rules_file``): the JSON rules file, loaded if it exists.
    """

    name = "auto_blacklist"
    learns = True

    def __init__(self, gen_rule=True, append_rule=True, loc=None, *, rules_file=None):
        where = "AutoBlacklistPolicy"
        for arg, value in (("gen_rule", gen_rule), ("append_rule", append_rule)):
            if type(value) is not bool:
                raise PolicyTypeError(message(f"{where} argument {arg!r}", "True or False",
                                              repr(value)))
        if loc is not None and rules_file is not None:
            raise PolicyTypeError(message(where, "one of loc and rules_file (the same file)",
                                          "both", "Pass loc=path only."))
        loc = rules_file if loc is None else loc
        if loc is not None and not isinstance(loc, (str, os.PathLike)):
            raise PolicyTypeError(message(f"{where} argument 'loc'", "the path of a rules file",
                                          repr(loc), "Pass a str or a pathlib.Path."))
        if loc is not None and os.path.isdir(loc):
            raise BackendError(message(f"{where} argument 'loc'", "the path of a rules file",
                                       f"the directory {os.fspath(loc)!r}",
                                       "Name a file in it, e.g. rules.json."))
        self.gen_rule, self.append_rule, self.loc = gen_rule, append_rule, loc
        self.rules = set()
        if loc is not None and os.path.exists(loc) and (append_rule or not gen_rule):
            self.load_rules(loc)

    def choose(self, name, has_mxnet):
        return "mxnet" if has_mxnet else "numpy"

    def blacklisted(self, key):
        return key in self.rules

    def learn(self, key):
        self.rules.add(key)
        if self.loc is not None:
            self.save_rules()

    def save_rules(self, path=None):
        """Write the rules to ``path`` (default: ``loc``), replacing the file at once; with
        ``append_rule`` the rules already in the file are kept too."""
        path = self._path(path, "save_rules")
        rules = set(self.rules)
        if self.append_rule and os.path.exists(path):
            rules |= _read_rules(path)
        directory = os.path.dirname(os.path.abspath(path))
        fd, temporary = tempfile.mkstemp(prefix=".rules-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "w") as file:
                json.dump({_KEY: sorted(rules)}, file, indent=1)
            os.replace(temporary, path)
        except BaseException:  # cleaning up, then the same error
            os.unlink(temporary)
            raise

    def load_rules(self, path=None):
        """Add the rules in ``path`` (default: ``loc``), a file written by ``save_rules``."""
        self.rules.update(_read_rules(self._path(path, "load_rules")))

    def _path(self, path, method):
        if path is None and self.loc is None:
            raise PolicyTypeError(message(f"AutoBlacklistPolicy.{method}", "a path (no loc "
                                          "was given)", "none", f"Call {method}(path)."))
        return self.loc if path is None else path


def _read_rules(path):
    where = f"AutoBlacklistPolicy.load_rules({os.fspath(path)!r})"
    with open(path) as file:
        try:
            data = json.load(file)
        except ValueError as err:  # MinPy's YAML rules, or a file cut short
            raise BackendError(message(where, "a JSON file written by save_rules",
                                       "text that is not JSON", "MinPy's YAML rules "
                                       "cannot be read: delete the file to learn anew.")
                               ) from err
    rules = data.get(_KEY) if isinstance(data, dict) else None
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise BackendError(message(where, "a file written by save_rules", "other JSON"))
    return set(rules)
