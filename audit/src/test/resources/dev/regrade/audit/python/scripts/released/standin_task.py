"""Records what the offline world gives a script: extraction, verdict, page, maps, clock, set order."""
import datetime as dt
from datetime import date, datetime
from typing import Optional

from pydantic import BaseModel

from mind2web2 import Evaluator
from mind2web2.api_tools.tool_googlemap import GoogleMapsTool

DESC = "stand-in task"
PAGE = "https://standin.example.test/books/page-1/#reviews"


class Node:
    def __init__(self, node_id):
        self.id = node_id


class Book(BaseModel):
    title: Optional[str] = None


async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
    evaluator = Evaluator(client, model)
    book = await evaluator.extract("Extract the book of the answer.", Book, extraction_name="book")
    verdict = await evaluator.verify("The answer names a book.", Node("book_named"))
    found = cache.has(PAGE)
    page = cache.get_web(PAGE)[0] if found else None
    metres = await GoogleMapsTool().calculate_distance("Columbus, OH", "Austin, TX")
    order = list({f"item-{i}" for i in range(16)})
    info = [{"book": book.model_dump()}, {"verdict": verdict}, {"page": page}, {"maps": metres},
            {"now": datetime.now().isoformat()}, {"today": date.today().isoformat()},
            {"module_today": dt.date.today().isoformat()}, {"order": order}, {"answer": answer}]
    score = 1.0 if verdict else 0.0
    tree = {"id": "root", "desc": DESC, "critical": False, "score": score,
            "status": "passed" if verdict else "failed", "strategy": "parallel", "children": []}
    return {"agent_name": agent_name, "answer_name": answer_name, "final_score": score, "judge_model": model,
            "extract_model": model, "eval_breakdown": [{"info": info, "verification_tree": tree}]}
