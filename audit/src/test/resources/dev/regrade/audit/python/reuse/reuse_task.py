# Written for PythonJudgePipeTest (no upstream code): counts the runs its module has served, so the
# test sees whether the driver loaded the module again.
RUNS = []


async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
    RUNS.append(answer)
    return {"runs": len(RUNS)}
