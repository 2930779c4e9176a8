"""The released stand-in task with another root description: a change the audit must see."""
import os

_RELEASED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "released", "standin_task.py")
with open(_RELEASED, encoding="utf-8") as _f:
    exec(compile(_f.read(), _RELEASED, "exec"))
DESC = "stand-in task, fixed"
