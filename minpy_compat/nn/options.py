"""Checks shared by the nn toolkit: unknown options and rule names are refused by name."""
from ..errors import UnknownOptionError, message


def _accepted(names):
    return ", ".join(map(repr, names)) or "none"


def check_keys(where, given, accepted):
    """Refuse keys of ``given`` that are not in ``accepted``, naming them all."""
    unknown = [key for key in given if key not in accepted]
    if unknown:
        raise UnknownOptionError(message(
            where, f"options among {_accepted(accepted)}", _accepted(unknown),
            "Check the spelling."))


def lookup(where, table, name):
    """``table[name]`` for a rule given by name; a callable passes through."""
    if callable(name):
        return name
    if name not in table:
        raise UnknownOptionError(message(where, f"one of {_accepted(table)} or a callable",
                                         repr(name)))
    return table[name]
