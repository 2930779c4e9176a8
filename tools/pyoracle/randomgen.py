"""Seeded random scenarios (100-random-000 ...) and compute_score vectors."""
from __future__ import annotations

import random

URL_POOL = ["https://site-a.example/p1", "https://site-b.example/p2", "http://site-c.example/q?x=1",
            "https://www.site-d.example/r/", "https://site-e.example/s#frag"]
CONTAINER_BASES = ["grp", "sec", "item", "item_1", "block"]
LEAF_BASES = ["check", "leaf", "v", "item", "check_2"]
CUSTOM_BASES = ["exists", "gate", "check"]


class _Ids:
    """Mirror of Evaluator._generate_unique_id, so ops can name the ids the original returns."""

    def __init__(self):
        self.used = {"root"}
        self.base_of = {}

    def take(self, base):
        nid = base
        if base in self.used:
            k = 1
            while f"{base}_{k}" in self.used:
                k += 1
            nid = f"{base}_{k}"
        self.used.add(nid)
        self.base_of[nid] = base
        return nid


def _rand_info(rng):
    kinds = [lambda: rng.randint(-5, 100), lambda: rng.choice(["x", "Ünïcode ✓", "a\"b", ""]),
             lambda: None, lambda: rng.random() < 0.5, lambda: round(rng.uniform(0, 1000), 2),
             lambda: [rng.randint(0, 9) for _ in range(rng.randint(0, 3))],
             lambda: {"inner": rng.choice(URL_POOL)}]
    return {f"f{j}": rng.choice(kinds)() for j in range(rng.randint(0, 4))}


def random_scenario(rng: random.Random, index: int) -> dict:
    ids = _Ids()
    root_strategy = rng.choice(["parallel", "sequential"])
    # id -> (kind, critical, depth)
    nodes = {"root": ("container", False, 0)}
    containers = ["root"]
    leaves = []
    verified = set()
    claims = []
    judge = {"default": rng.random() < 0.75, "votes": {}, "url_votes": {}, "raise": []}
    ops = []
    scores = 0
    n_steps = rng.randint(6, 40)

    def pick_parent(max_depth):
        cands = [c for c in containers if nodes[c][2] <= max_depth]
        return rng.choices(cands, weights=[nodes[c][2] + 1 for c in cands])[0]

    def child_critical(parent, default_when_absent):
        """Returns (critical value actually used, kwarg dict)."""
        pcrit = nodes[parent][1]
        if pcrit:
            if default_when_absent is True and rng.random() < 0.5:
                return True, {}
            return True, {"critical": True}
        at_root = parent == "root"
        r = rng.random()
        if r < (0.08 if at_root else 0.25):
            return default_when_absent, {}
        crit = rng.random() < (0.08 if at_root else 0.2)
        return crit, {"critical": crit}

    def add_verify(target):
        if claims and rng.random() < 0.1:
            claim = rng.choice(claims)
        else:
            claim = f"claim {len(claims)} of scenario {index}"
            claims.append(claim)
        q = rng.random()
        if q < 0.45:
            sources = None
        elif q < 0.65:
            sources = rng.choice(URL_POOL)
        elif q < 0.70:
            sources = [rng.choice(URL_POOL)]
        elif q < 0.73:
            sources = []
        else:
            k = rng.randint(2, 3)
            sources = rng.sample(URL_POOL, k) if rng.random() < 0.9 else [rng.choice(URL_POOL) for _ in range(k)]
        if rng.random() < 0.7 and claim not in judge["votes"]:
            judge["votes"][claim] = [rng.random() < 0.7 for _ in range(rng.randint(1, 5))]
        if isinstance(sources, list) or isinstance(sources, str):
            urls = [sources] if isinstance(sources, str) else sources
            for u in urls:
                if rng.random() < 0.3:
                    judge["url_votes"].setdefault(claim, {})[u] = [rng.random() < 0.5 for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.04 and claim not in judge["raise"]:
            judge["raise"].append(claim)
        op = {"op": "verify", "claim": claim, "node": target, "sources": sources}
        if rng.random() < 0.12:
            pool = [n for n in nodes if n != "root" and n != target]
            if pool:
                op["extra_prerequisites"] = rng.sample(pool, min(len(pool), rng.randint(1, 2)))
            if target is not None and rng.random() < 0.1:
                op.setdefault("extra_prerequisites", []).append(target)
        if rng.random() < 0.1:
            op["additional_instruction"] = "Allow minor rounding."
        ops.append(op)
        if target is not None:
            verified.add(target)

    for step in range(n_steps):
        r = rng.random()
        if r < 0.24:  # container
            parent = pick_parent(3)
            crit, kw = child_critical(parent, False)
            op = {"op": rng.choice(["parallel", "sequential"]), "_nid": ids.take(rng.choice(CONTAINER_BASES)),
                  "parent": None if parent == "root" and rng.random() < 0.5 else parent}
            op.update(kw)
            if parent != "root" and rng.random() < 0.04:
                # rl_course_book typo: parent_node= is swallowed, the node lands under root
                op["parent_node"], op["parent"], parent = parent, None, "root"
            ops.append(op)
            nodes[op["_nid"]] = ("container", crit, nodes[parent][2] + 1)
            containers.append(op["_nid"])
        elif r < 0.55:  # leaf
            parent = pick_parent(4)
            crit, kw = child_critical(parent, False)
            op = {"op": "leaf", "_nid": ids.take(rng.choice(LEAF_BASES)),
                  "parent": None if parent == "root" and rng.random() < 0.5 else parent}
            op.update(kw)
            q = rng.random()
            if q < 0.05:
                op.update(score=1.0, status="passed")
            elif q < 0.08:
                op["status"] = "failed"
            elif q < 0.11:
                op["status"] = "skipped"
            elif q < 0.14:
                op["score"] = 1.0
            elif q < 0.17:
                op.update(score=0.0, status="initialized")
            ops.append(op)
            nodes[op["_nid"]] = ("leaf", crit, nodes[parent][2] + 1)
            leaves.append(op["_nid"])
        elif r < 0.63:  # custom node
            parent = pick_parent(4)
            crit, kw = child_critical(parent, True)
            op = {"op": "custom", "result": rng.random() < 0.85, "_nid": ids.take(rng.choice(CUSTOM_BASES)),
                  "parent": None if parent == "root" and rng.random() < 0.5 else parent}
            op.update(kw)
            ops.append(op)
            nodes[op["_nid"]] = ("custom", crit, nodes[parent][2] + 1)
        elif r < 0.90:  # verify
            if not leaves:
                continue
            unverified = [x for x in leaves if x not in verified]
            target = rng.choice(unverified if unverified and rng.random() < 0.9 else leaves)
            if rng.random() < 0.05:
                target = None
            add_verify(target)
        elif r < 0.92:
            if step > n_steps // 2 and (scores < 1 or rng.random() < 0.2):
                ops.append({"op": "score"})
                scores += 1
        elif r < 0.97:
            ops.append({"op": "extract", "name": rng.choice(["names", "urls", "details"]),
                        "source": None if rng.random() < 0.7 else rng.choice(URL_POOL), "result": _rand_info(rng)})
        elif r < 0.985:
            op = {"op": "ground_truth", "info": _rand_info(rng)}
            if rng.random() < 0.5:
                op["type"] = rng.choice(["expected", "gt"])
            ops.append(op)
        else:
            op = {"op": "custom_info", "info": _rand_info(rng)}
            if rng.random() < 0.6:
                op["info_type"] = rng.choice(["stats", "notes"])
            if rng.random() < 0.5:
                op["info_name"] = rng.choice(["named", "", "stats"])
            ops.append(op)

    # like real eval scripts, most leaves end up verified
    rest = [x for x in leaves if x not in verified]
    rng.shuffle(rest)
    for target in rest:
        if rng.random() < 0.85:
            add_verify(target)

    # finalise node ops: "id" = the base id requested; "_nid" = what the original returns
    final_ops = []
    for op in ops:
        if "_nid" in op:
            nid = op.pop("_nid")
            base = ids.base_of[nid]
            o = {"op": op["op"]}
            if op["op"] == "custom":
                o["result"] = op["result"]
            o["id"] = base
            o["desc"] = f"{op['op']} node {nid}"
            o["parent"] = op["parent"]
            for k in ("critical", "score", "status", "parent_node"):
                if k in op:
                    o[k] = op[k]
            final_ops.append(o)
        else:
            final_ops.append(op)
    judge = {k: v for k, v in judge.items() if v or k == "default"}
    return {"name": f"random-{index:03d}",
            "description": f"seeded random scenario {index} (mixed strategies, critical flags, gating, votes, URLs)",
            "task_id": f"rnd{index:03d}", "agent_name": "rand_agent", "answer_name": f"answer_{index % 4 + 1}",
            "root_strategy": root_strategy, "judge": judge, "ops": final_ops}


def random_scenarios(seed=20251022, count=300):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        out.append(random_scenario(rng, i))
    return out


# --------------------------------------------------------------------------- #
# compute_score vectors                                                       #
# --------------------------------------------------------------------------- #

LEAF_STATES = [(1.0, "passed")] * 5 + [(0.0, "failed")] * 3 + [(0.0, "skipped")] * 2 + \
              [(0.0, "initialized")] * 2 + [(1.0, "initialized")]


def random_tree(rng: random.Random, vt):
    VN, AS = vt.VerificationNode, vt.AggregationStrategy
    counter = [0]

    def nid():
        counter[0] += 1
        return f"n{counter[0]}"

    budget = [rng.randint(3, 22)]

    def build(node, depth):
        n_children = rng.choice([1, 2, 2, 3, 3, 4, 5, 7]) if depth == 0 else rng.choice([0, 1, 2, 2, 3, 3, 4])
        for _ in range(n_children):
            if budget[0] <= 0:
                break
            budget[0] -= 1
            crit = True if node.critical else rng.random() < 0.3
            make_container = depth < 4 and rng.random() < 0.35
            if make_container:
                child = VN(id=nid(), desc="c", critical=crit,
                           strategy=AS.SEQUENTIAL if rng.random() < 0.4 else AS.PARALLEL)
                node.add_node(child)
                build(child, depth + 1)
            else:
                s, st = rng.choice(LEAF_STATES)
                child = VN(id=nid(), desc="l", critical=crit, score=s, status=st)
                node.add_node(child)

    root = VN(id="root", desc="r", critical=False,
              strategy=AS.SEQUENTIAL if rng.random() < 0.4 else AS.PARALLEL)
    build(root, 0)
    return root


def compute_score_vectors(vt, seed=7, count=2000):
    rng = random.Random(seed)
    for _ in range(count):
        root = random_tree(rng, vt)
        before = root.dict()
        final = root.compute_score(mutate=True)
        yield {"tree": before, "scored": root.dict(), "final": final}
