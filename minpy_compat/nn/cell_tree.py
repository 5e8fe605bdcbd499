"""Walking a Cell's tree: its sub-cells and Parameters with their paths (``fc1.weight``),
each once however often it is held, in MindSpore's order. ``Cell`` inherits it.
"""
from collections import OrderedDict

from ..errors import CellArgumentError, message


class CellTree:
    """Mixed into ``Cell`` (which keeps ``_cells`` and ``_params``, name -> value)."""

    def cells_and_names(self, cells=None, name_prefix=""):
        """``(path, cell)`` for this Cell (path ``''``) and every sub-cell, each once."""
        seen = cells if cells is not None else set()
        if id(self) in seen:
            return
        seen.add(id(self))
        yield name_prefix, self
        for name, cell in self._cells.items():
            if cell is not None:
                path = f"{name_prefix}.{name}" if name_prefix else name
                yield from cell.cells_and_names(seen, path)

    def cells(self):
        """The direct sub-cells, each once (a Cell held by two attributes counts once)."""
        return list(self.name_cells().values())

    def name_cells(self):
        """``{name: cell}`` of the direct sub-cells; a Cell held twice keeps its first name."""
        named, seen = OrderedDict(), set()
        for name, cell in self._cells.items():
            if cell is not None and id(cell) not in seen:
                seen.add(id(cell))
                named[name] = cell
        return named

    def parameters_and_names(self, name_prefix="", expand=True):
        """``(path, parameter)`` for this Cell's Parameters, then its sub-cells', each once."""
        seen = set()
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        for path, cell in cells:
            for name, param in cell._params.items():
                if param is not None and id(param) not in seen:
                    seen.add(id(param))
                    yield (f"{path}.{name}" if path else name), param

    def check_names_and_refresh_name(self):
        """MindSpore's check on a Cell's first call: when Parameters of this tree share a
        name (two sub-cells built apart, both ``fc1.weight``), every Parameter of the tree
        is renamed to its path here (``network.discriminator.fc1.weight``)."""
        names = [param.name for _, param in self.parameters_and_names()]
        if len(set(names)) < len(names):
            self.update_parameters_name()
            self.check_names()

    def check_names(self):
        """Refuse two Parameters of this tree with one name."""
        seen = {}
        for path, param in self.parameters_and_names():
            if param.name in seen:
                raise CellArgumentError(message(
                    f"{type(self).__name__}.check_names", "a unique name for each Parameter",
                    f"'{param.name}' for both '{seen[param.name]}' and '{path}'",
                    "Give the Parameters distinct names."))
            seen[param.name] = path

    def get_parameters(self, expand=True):
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    def trainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def init_parameters_data(self, auto_parallel_mode=False):
        """``{parameter: parameter}``, as MindSpore returns once deferred data is made; ours
        is made when a Parameter is (``nn.no_init_parameters`` defers nothing here)."""
        return {param: param for param in self.get_parameters()}

    # ---- printing: the tree, as MindSpore 2.10 prints it -----------------------------
    def extend_repr(self):
        return ""

    def __repr__(self):
        """MindSpore 2.10's layout: ``Dense(input_channels=2, ...)``, sub-cells indented below."""
        extra = self.extend_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({name}): " + repr(cell).replace("\n", "\n  ")
                       for name, cell in self._cells.items()]
        if len(extra_lines) == 1 and not child_lines:
            return f"{type(self).__name__}({extra_lines[0]})"
        lines = extra_lines + child_lines
        body = "\n  " + "\n  ".join(lines) + "\n" if lines else ""
        return f"{type(self).__name__}({body})"
