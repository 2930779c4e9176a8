"""Stand-in for `python -m vllm.entrypoints.cli.main serve ...`: the scripted judge is served by
model.find_free_port in the scorer's own process, so this only stays alive until the upstream
`_VllmJudgeServer` kills its process group."""
import time

while True:
    time.sleep(60)
