"""The released prompt task with a reworded extraction prompt and claim: a prompt-only change."""
import os

_RELEASED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "released", "prompt_task.py")
with open(_RELEASED, encoding="utf-8") as _f:
    exec(compile(_f.read(), _RELEASED, "exec"))
EXTRACTION_PROMPT = "Extract the title of the book the answer names."
CLAIM = "The answer names a book by its title."
