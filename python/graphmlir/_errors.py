"""The package's exceptions."""


class Error(Exception):
    """Base class of graphmlir's own exceptions."""


class GraphError(Error):
    """An export function or libgraphrt returned an error status; the message
    is graphrt_last_error(), one line (e.g. "CSR neighbor 7 of vertex 2 out
    of range [0, 3)")."""


class WeightError(GraphError, ValueError):
    """Edge weights the program cannot take: a fractional weight for int
    edge weights, a NaN or infinite one for float or double weights. Also a
    ValueError, as other rejected array values are."""


class CompileError(Error):
    """graphc rejected the program or schedule. ``diagnostics`` holds
    graphc's messages (``file:line:col: error: ...``); a program or schedule
    given as text is named ``<string>`` and ``<schedule>`` in them."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


class GraphcNotFoundError(Error, FileNotFoundError):
    """No graphc was found (or the one named does not exist)."""
