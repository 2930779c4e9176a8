import regrade_absent_browser_lib  # noqa: F401  (a module no environment has: the driver stands in for it)

from .evaluator import Evaluator, BinaryEvalResult
from .utils.cache_filesys import CacheFileSys
