"""Six hand-built evaluations of realistic shape (a few dozen nodes, nested
PARALLEL/SEQUENTIAL, critical gates, partial scores, skipped nodes, extractions),
run through the original engine and saved the way eval_runner saves results."""
from __future__ import annotations

import random


class B:
    """Small op builder that mirrors the original's unique-id rule."""

    def __init__(self, name, task_id, agent, answer, root="parallel", task_description=None, seed=0):
        self.sc = {"name": name, "description": f"realistic evaluation {name}", "task_id": task_id,
                   "agent_name": agent, "answer_name": answer}
        if task_description is not None:
            self.sc["task_description"] = task_description
        self.sc["root_strategy"] = root
        self.judge = {"default": True, "votes": {}, "url_votes": {}, "raise": []}
        self.sc["judge"] = self.judge
        self.ops = self.sc["ops"] = []
        self.used = {"root"}
        self.rng = random.Random(seed)

    def _id(self, base):
        nid = base
        k = 1
        while nid in self.used:
            nid = f"{base}_{k}"
            k += 1
        self.used.add(nid)
        return nid

    def node(self, op, id, desc, parent=None, **kw):
        nid = self._id(id)
        self.ops.append({"op": op, "id": id, "desc": desc, "parent": parent, **kw})
        return nid

    def par(self, id, desc, parent=None, **kw):
        return self.node("parallel", id, desc, parent, **kw)

    def seq(self, id, desc, parent=None, **kw):
        return self.node("sequential", id, desc, parent, **kw)

    def leaf(self, id, desc, parent=None, **kw):
        return self.node("leaf", id, desc, parent, **kw)

    def custom(self, result, id, desc, parent=None, **kw):
        nid = self._id(id)
        self.ops.append({"op": "custom", "result": bool(result), "id": id, "desc": desc, "parent": parent, **kw})
        return nid

    def verify(self, claim, node, sources=None, p_true=0.8, **kw):
        if self.rng.random() < 0.85:
            self.judge["votes"][claim] = [self.rng.random() < p_true for _ in range(3)]
        self.ops.append({"op": "verify", "claim": claim, "node": node, "sources": sources, **kw})

    def extract(self, name, result, source=None):
        self.ops.append({"op": "extract", "name": name, "source": source, "result": result})

    def done(self):
        self.sc["judge"] = {k: v for k, v in self.judge.items() if v or k == "default"}
        return self.sc


def active_stock_like():
    b = B("active_stock_like", "active_stock", "agent_x", "answer_2.md", seed=11,
          task_description="Find ten actively traded U.S. companies with market cap at most $15 billion.")
    names = ["Acme Corp", "Borealis Inc", "Cobalt Mining", "Delta Freight", "Ember Foods", "Fjord Energy", "Gale Media"]
    b.extract("company_names", {"companies": names})
    for i in range(10):
        n = i + 1
        if i < len(names):
            urls = [f"https://finance.example/{n}", f"https://sec.example/cik/{1000 + n}"][: 1 + (i % 2)]
            info = {"name": names[i], "ticker": f"T{n}" if i != 4 else None, "cik": str(1000 + n), "urls": urls}
            b.extract(f"company_{n}_info", info)
            c = b.par(f"company_{n}", f"Company {n}: {names[i]}")
            b.custom(bool(info["ticker"] and info["cik"] and urls), f"company_{n}_exists", "ticker, CIK and urls present", parent=c)
            p1 = b.leaf(f"company_{n}_info_provenance", "CIK supported", parent=c, critical=True)
            b.verify(f"{names[i]} CIK is {1000 + n}", p1, urls, p_true=0.9)
            p2 = b.leaf(f"company_{n}_info_provenance", "ticker supported", parent=c, critical=True)
            b.verify(f"{names[i]} ticker is T{n}", p2, urls, p_true=0.9)
            v = b.leaf(f"company_{n}_volume_verify", "volume over 10M", parent=c, critical=True)
            b.verify(f"{names[i]} volume over 10M", v, urls, p_true=0.7)
            m = b.leaf(f"company_{n}_market_cap_verify", "market cap at most 15B", parent=c, critical=True)
            b.verify(f"{names[i]} market cap at most 15B", m, urls, p_true=0.7)
        else:
            b.par(f"company_{n}", f"Company {n}: [Missing]", score=0.0, status="skipped")
    return b.done()


def shopping_list_like():
    b = B("shopping_list_like", "ikea_shopping_list", "agent_y", "answer_1.md", seed=12)
    items = [("white desk", 129.0), ("white chair", 49.99), ("lamp", 19.99), ("bookshelf", 89.0), ("rug", None)]
    b.extract("shopping_items", {"items": [{"name": n, "price": p} for n, p in items],
                                 "total": sum(p for _, p in items if p)})
    b.ground_truth = None
    b.ops.append({"op": "ground_truth", "info": {"budget": [200, 600], "required_items": 5}, "type": "requirements"})
    for i, (name, price) in enumerate(items):
        it = b.seq(f"item_{i + 1}", f"Item {i + 1}: {name}")
        ok = b.custom(price is not None, f"item_{i + 1}_url_valid", "Has a valid IKEA product URL and price", parent=it)
        pg = b.par(f"item_{i + 1}_page", "Product page checks", parent=it)
        for attr in ("name", "price", "color"):
            lf = b.leaf(f"item_{i + 1}_{attr}", f"{attr} matches page", parent=pg, critical=(attr == "name"))
            b.verify(f"{name} {attr} on page", lf, f"https://ikea.example/p/{i + 1}", p_true=0.75)
        st = b.leaf(f"item_{i + 1}_stock", "in stock", parent=it)
        b.verify(f"{name} in stock", st, f"https://ikea.example/p/{i + 1}")
    total = sum(p for _, p in items if p)
    b.custom(200 <= total <= 600, "budget", f"Total price ${total} within budget", critical=False)
    b.ops.append({"op": "custom_info", "info": {"total": total, "items_with_price": 4}, "info_type": "price_stats"})
    return b.done()


def paper_collaboration_like():
    b = B("paper_collaboration_like", "paper_collaboration", "agent_z", "answer_3.md", root="sequential", seed=13)
    b.extract("authors", {"author_a": "R. Alvarez", "author_b": "K. Mbeki", "urls": ["https://scholar.example/a"]})
    s1 = b.par("authors_identified", "Both authors identified")
    b.custom(True, "authors_exist", "Both author names extracted", parent=s1)
    for who in ("a", "b"):
        lf = b.leaf(f"author_{who}_profile", f"profile for author {who}", parent=s1, critical=True)
        b.verify(f"profile of author {who} exists", lf, "https://scholar.example/a", p_true=0.95)
    s2 = b.par("papers", "Co-authored papers")
    papers = ["Deep Tides", "Sparse Winds", "Quiet Graphs", "Loud Trees"]
    for j, title in enumerate(papers):
        b.extract(f"paper_{j + 1}", {"title": title, "year": 2019 + j, "url": f"https://arxiv.example/{j}"})
        p = b.par(f"paper_{j + 1}", f"Paper: {title}", parent=s2)
        both = b.leaf(f"paper_{j + 1}_coauthored", "both authors are co-authors", parent=p, critical=True)
        b.verify(f"{title} coauthored", both, [f"https://arxiv.example/{j}", "https://scholar.example/a"], p_true=0.7)
        yr = b.leaf(f"paper_{j + 1}_year", "published after 2018", parent=p)
        b.verify(f"{title} after 2018", yr, None)
        ven = b.leaf(f"paper_{j + 1}_venue", "peer-reviewed venue", parent=p)
        b.verify(f"{title} venue", ven, f"https://arxiv.example/{j}", p_true=0.5)
    s3 = b.seq("summary", "Final summary")
    c = b.leaf("summary_count", "count of papers is stated", parent=s3)
    b.verify("count stated", c)
    d = b.leaf("summary_dates", "dates consistent", parent=s3)
    b.verify("dates consistent", d)
    return b.done()


def course_book_like():
    b = B("course_book_like", "rl_course_book", "agent_x", "answer_1.md", seed=14)
    b.extract("book", {"title": "Reinforcement Learning: An Introduction", "authors": ["Sutton", "Barto"]})
    b.custom(True, "book_uniqueness_check", "Book is unique across universities")
    for u in ("mit", "cmu", "stanford"):
        cv = b.seq(f"{u}_course_verification", f"{u} course uses the book")
        ok = b.custom(u != "stanford", f"{u}_course_urls_exist", "course URLs provided", parent=cv)
        ce = b.leaf(f"{u}_course_exists", "course page exists", parent=cv, critical=True)
        b.verify(f"{u} course exists", ce, [f"https://{u}.example/rl", f"https://{u}.example/syllabus"], p_true=0.8)
        bk = b.par(f"{u}_book", "book used in course", parent=cv)
        t = b.leaf(f"{u}_book_title", "title matches", parent=bk, critical=True)
        b.verify(f"{u} uses the book", t, f"https://{u}.example/syllabus", p_true=0.8)
        ed = b.leaf(f"{u}_book_edition", "second edition", parent=bk)
        b.verify(f"{u} second edition", ed, f"https://{u}.example/syllabus", p_true=0.5)
        ins = b.par(f"{u}_instructors", "instructors correct", parent_node=cv, critical=False)
        ie = b.custom(True, f"{u}_instructors_exist", "instructors named", parent=ins)
        il = b.leaf(f"{u}_instructors_match", "instructors match page", parent=ins)
        b.verify(f"{u} instructors", il, f"https://{u}.example/rl", p_true=0.7)
    return b.done()


def county_aqi_like():
    b = B("county_aqi_like", "county_AQI", "agent_y", "answer_4.md", seed=15)
    b.ops.append({"op": "ground_truth", "info": {"year": 2024, "counties": 6}, "type": "constants"})
    counties = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
    b.extract("counties", {"names": counties[:5], "state": "Somestate"})
    for k, cn in enumerate(counties):
        c = b.par(f"county_{k + 1}", f"County {cn}")
        if k == 5:
            b.custom(False, f"county_{k + 1}_provided", "county provided", parent=c)
            b.leaf(f"county_{k + 1}_aqi", "AQI below 50", parent=c, critical=True)
            continue
        b.custom(True, f"county_{k + 1}_provided", "county provided", parent=c)
        sq = b.seq(f"county_{k + 1}_checks", "checks", parent=c, critical=True)
        for step in ("in_state", "aqi", "source"):
            lf = b.leaf(f"county_{k + 1}_{step}", step, parent=sq, critical=True)
            b.verify(f"{cn} {step}", lf, f"https://aqi.example/{k}" if step != "in_state" else None, p_true=0.8)
        extra = b.leaf(f"county_{k + 1}_population", "population stated", parent=c)
        b.verify(f"{cn} population", extra, None, p_true=0.6)
    b.ops.append({"op": "score"})
    b.ops.append({"op": "custom_info", "info": {"note": "score() was called before get_summary"}, "info_type": "run",
                  "info_name": "run_notes"})
    return b.done()


def marc_station_like():
    b = B("marc_station_like", "baltimore_marc_station", "agent_z", "answer_2.md", seed=16,
          task_description="List the MARC stations in Baltimore County — with sources.")
    expected = ["Halethorpe", "St. Denis", "Martin State Airport", "Edgewood", "Aberdeen", "Perryville",
                "Odenton", "Bowie State", "Seabrook"]
    b.ops.append({"op": "ground_truth", "info": {"expected_stations": expected, "total_expected_stations": 13},
                  "type": "expected_marc_stations"})
    listed = expected[:6] + ["Nowhere Junction"]
    b.extract("stations", {"stations": [{"name": n, "url": f"https://mta.example/{i}"} for i, n in enumerate(listed)]})
    cnt = b.custom(len(listed) >= 5, "enough_stations", "at least five stations listed", critical=False)
    allp = b.par("stations", "Each listed station")
    for i, n in enumerate(listed):
        st = b.par(f"station_{i + 1}", f"Station {n}", parent=allp)
        nm = b.custom(n in expected, f"station_{i + 1}_expected", f"{n} is an expected station", parent=st)
        src = b.leaf(f"station_{i + 1}_source", "source supports the station", parent=st)
        b.verify(f"{n} is a MARC station", src, f"https://mta.example/{i}", p_true=0.85)
        line = b.leaf(f"station_{i + 1}_line", "line named correctly", parent=st)
        b.verify(f"{n} line", line, None, p_true=0.7)
    for j in range(3):
        b.leaf(f"missing_{j + 1}", f"expected station {expected[6 + j]} missing", parent=allp, status="skipped")
    return b.done()


BUILDERS = [active_stock_like, shopping_list_like, paper_collaboration_like, course_book_like,
            county_aqi_like, marc_station_like]
