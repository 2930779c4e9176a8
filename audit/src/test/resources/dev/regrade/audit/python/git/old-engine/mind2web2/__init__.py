from .evaluator import Evaluator, BinaryEvalResult
from .utils.cache import CacheClass
