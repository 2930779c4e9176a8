from .no_such_module import Evaluator  # noqa: F401  (this checkout cannot be imported)
