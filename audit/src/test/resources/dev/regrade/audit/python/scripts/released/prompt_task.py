"""Sends one extraction and one check whose verdict the offline world does not tie to their wording."""
from typing import Optional

from pydantic import BaseModel

from mind2web2 import Evaluator

EXTRACTION_PROMPT = "Extract the book of the answer."
CLAIM = "The answer names a book."


class Node:
    def __init__(self, node_id):
        self.id = node_id


class Book(BaseModel):
    title: Optional[str] = None


async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
    evaluator = Evaluator(client, model)
    book = await evaluator.extract(EXTRACTION_PROMPT, Book, extraction_name="book_title")
    verdict = await evaluator.verify(CLAIM, Node("book_named"))
    score = 1.0 if verdict else 0.0
    leaf = {"id": "book_named", "desc": "The answer names a book", "critical": False, "score": score,
            "status": "passed" if verdict else "failed", "strategy": None, "children": []}
    tree = {"id": "root", "desc": "prompt task", "critical": False, "score": score,
            "status": "passed" if verdict else "failed", "strategy": "parallel", "children": [leaf]}
    return {"agent_name": agent_name, "answer_name": answer_name, "final_score": score, "judge_model": model,
            "extract_model": model, "eval_breakdown": [{"info": [{"book_title": book.model_dump()}],
                                                         "verification_tree": tree}]}
