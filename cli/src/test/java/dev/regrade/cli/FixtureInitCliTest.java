package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code regrade fixture init} and the audit of its fixture, on a stand-in mind2web2 and an unported
 * task written by this test (no upstream code).
 */
class FixtureInitCliTest {
    @TempDir
    static Path tmp;
    static Path checkout;
    static Path scripts;

    @BeforeAll
    static void standIn() throws IOException, InterruptedException {
        boolean python;
        try {
            python = new ProcessBuilder("python3", "-c", "import pydantic").start().waitFor() == 0;
        } catch (IOException e) {
            python = false;
        }
        assumeTrue(python, "no python3 with pydantic on PATH");
        checkout = tmp.resolve("m2w2");
        Files.createDirectories(checkout.resolve("mind2web2/utils"));
        Files.writeString(checkout.resolve("mind2web2/__init__.py"), """
                from pydantic import BaseModel


                class BinaryEvalResult(BaseModel):
                    reasoning: str
                    result: bool


                class Evaluator:
                    def __init__(self, client, model="o4-mini"):
                        self.client, self.model = client, model

                    async def extract(self, prompt, template_class, extraction_name="extraction", source=None):
                        return await self.client.async_response(
                            model=self.model, messages=[{"role": "user", "content": prompt}],
                            response_format=template_class)

                    async def verify(self, claim, node=None):
                        prompt = "Here is the claim or the statement to be verified:\\n```\\n" + claim + "\\n```\\n"
                        reply = await self.client.async_response(
                            model=self.model, messages=[{"role": "user", "content": prompt}],
                            response_format=BinaryEvalResult)
                        return reply.result
                """);
        Files.writeString(checkout.resolve("mind2web2/utils/__init__.py"), "");
        Files.writeString(checkout.resolve("mind2web2/utils/cache_filesys.py"), """
                class CacheFileSys:
                    def __init__(self, task_dir):
                        self.task_dir = task_dir

                    def has(self, url):
                        return None
                """);
        scripts = tmp.resolve("scripts");
        Files.createDirectories(scripts);
        Files.writeString(scripts.resolve("tiny_task.py"), """
                from typing import List
                from pydantic import BaseModel
                from mind2web2 import Evaluator


                class Item(BaseModel):
                    title: str


                class Items(BaseModel):
                    items: List[Item] = []


                class Node:
                    def __init__(self, node_id):
                        self.id = node_id


                async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger, model="o4-mini"):
                    ev = Evaluator(client, model)
                    got = await ev.extract("Extract the items.", Items, extraction_name="items")
                    oks = [await ev.verify(f"The answer names {i.title}.", Node(f"item_{n}")) for n, i in enumerate(got.items)]
                    score = sum(oks) / len(oks) if oks else 0.0
                    tree = {"id": "root", "desc": "tiny", "critical": False, "score": score, "status": "passed",
                            "strategy": "parallel", "children": []}
                    return {"agent_name": agent_name, "answer_name": answer_name, "final_score": score,
                            "judge_model": model, "extract_model": model,
                            "eval_breakdown": [{"info": [{"items": got.model_dump()}], "verification_tree": tree}]}
                """);
    }

    private static CliRun init(Path out, String... more) {
        String[] base = {"fixture", "init", "--python", checkout.toString(), "--scripts", scripts.toString(),
            "--script", "tiny_task", "--out", out.toString()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliRun.of(args);
    }

    private static CliRun audit(Path fixtures, Path out) {
        return CliRun.of("audit", "--python", checkout.toString(), "--before-scripts", scripts.toString(),
                "--after-scripts", scripts.toString(), "--before", "a", "--after", "b", "--scripts", "tiny_task",
                "--policies", "none", "--seeds", "0", "--quiet", "--fixtures", fixtures.toString(), "--out", out.toString());
    }

    @Test
    void initWritesAFixtureTheAuditAcceptsAndRefusesToOverwriteIt() throws IOException {
        Path file = tmp.resolve("fx/tiny_task/start.json");
        CliRun first = init(file);
        assertEquals(0, first.status(), first.err());
        assertTrue(first.out().startsWith("Wrote " + file + ": tiny_task under the 'hash' policy (scored, score "),
                first.out());
        String text = Files.readString(file);
        assertTrue(text.contains("\"fallback_policy\": \"hash\""), text);
        assertTrue(text.contains("\"claim\": \"The answer names "), text);
        CliRun again = init(file);
        assertEquals(2, again.status());
        assertEquals("regrade fixture init: " + file + " exists; pass --force to replace it, or --out another FILE\n",
                again.err());
        assertEquals(0, init(file, "--force").status());
        // unedited: accepted by an audit of the Python originals
        CliRun ok = audit(tmp.resolve("fx"), tmp.resolve("audit-ok"));
        assertEquals(0, ok.status(), ok.out() + ok.err());
        // a typo in a field: exit 2, the file, the path and the name meant, before any report
        Files.writeString(file, text.replace("\"title\"", "\"titel\""));
        Path out = tmp.resolve("audit-typo");
        CliRun typo = audit(tmp.resolve("fx"), out);
        assertEquals(2, typo.status(), typo.out() + typo.err());
        assertEquals("regrade audit: " + file + ": $.extractions.items.items[0].titel: unknown field (expected a field "
                + "of Item (title)); did you mean 'title'?\n", typo.err());
        assertTrue(!Files.exists(out.resolve("report.md")), "no report");
    }

    @Test
    void anUnknownPolicyOrTaskIsBadInputWithDidYouMean() {
        CliRun policy = init(tmp.resolve("p.json"), "--policy", "hsah");
        assertEquals(2, policy.status());
        assertTrue(policy.err().contains("did you mean 'hash'?"), policy.err());
        CliRun task = CliRun.of("fixture", "init", "--python", checkout.toString(), "--scripts", scripts.toString(),
                "--script", "tiny_tsak", "--out", tmp.resolve("t.json").toString());
        assertEquals(2, task.status());
        assertEquals("regrade fixture init: --script tiny_tsak: no tiny_tsak.py in " + scripts
                + "; did you mean 'tiny_task'?\n", task.err());
    }
}
