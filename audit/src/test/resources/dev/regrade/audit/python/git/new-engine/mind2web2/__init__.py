from .evaluator import Evaluator, BinaryEvalResult
from .utils.cache_filesys import CacheFileSys
