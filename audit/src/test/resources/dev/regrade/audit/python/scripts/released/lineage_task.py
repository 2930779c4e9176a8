"""A task Regrade has not ported (stand-in written for the tests): nested extractions, a name requested
twice, the default name used with two templates, pages, verdicts per person, the maps tool."""
from typing import List, Optional

from pydantic import BaseModel

from mind2web2 import Evaluator
from mind2web2.api_tools.tool_googlemap import GoogleMapsTool

CLAIM = "{name} belongs to the lineage."


class Node:
    def __init__(self, node_id):
        self.id = node_id


class Person(BaseModel):
    name: str
    born: Optional[int] = None
    url: Optional[str] = None


class PeopleList(BaseModel):
    people: List[Person] = []
    count: int = 0
    note: Optional[str] = None


class Founder(BaseModel):
    founder: Optional[str] = None


class Place(BaseModel):
    place: Optional[str] = None


async def extract_or_empty(evaluator, prompt, template, name):
    try:
        return await evaluator.extract(prompt, template, extraction_name=name)
    except Exception:  # the engine's fallback: pydantic rejected the reply
        return template()


async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
    evaluator = Evaluator(client, model)
    people = await extract_or_empty(evaluator, "Extract the people of the answer.", PeopleList, "people")
    again = await extract_or_empty(evaluator, "Extract the people again.", PeopleList, "people")
    founder = await extract_or_empty(evaluator, "Who founded it?", Founder, "extraction")
    place = await extract_or_empty(evaluator, "Where?", Place, "extraction")
    children, passed = [], 0
    for i, person in enumerate(people.people[:3]):
        ok = await evaluator.verify(CLAIM.format(name=person.name), Node(f"person_{i}"))
        page = None
        if person.url and cache.has(person.url):
            page = len(cache.get_web(person.url)[0])
        passed += 1 if ok else 0
        children.append({"id": f"person_{i}", "desc": CLAIM.format(name=person.name), "critical": False,
                         "score": 1.0 if ok else 0.0, "status": "passed" if ok else "failed",
                         "strategy": "parallel", "children": []})
    metres = await GoogleMapsTool().calculate_distance("Columbus, OH", "Austin, TX")
    score = passed / len(children) if children else 0.0
    tree = {"id": "root", "desc": "lineage", "critical": False, "score": score,
            "status": "passed" if score > 0 else "failed", "strategy": "parallel", "children": children}
    info = [{"people": people.model_dump()}, {"again": again.model_dump()}, {"founder": founder.model_dump()},
            {"place": place.model_dump()}, {"maps": metres}]
    return {"agent_name": agent_name, "answer_name": answer_name, "final_score": score, "judge_model": model,
            "extract_model": model, "eval_breakdown": [{"info": info, "verification_tree": tree}]}
