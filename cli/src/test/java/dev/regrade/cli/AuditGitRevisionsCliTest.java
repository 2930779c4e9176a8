package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit --python CHECKOUT --base REV --head REV} on the command line: the options that go
 * together and those that exclude each other, an unknown revision, and a script needing a module its
 * engine lacks, end to end on a two-commit repository this test writes (its own minimal stand-in
 * engine; no upstream code). The audit module's GitRevisionsTest covers the selection and the runs.
 */
class AuditGitRevisionsCliTest {
    @TempDir
    Path tmp;

    @Test
    void theRevisionOptionsGoTogetherAndExcludeTheScriptsDirectories() {
        assertEquals("regrade audit: --base and --head need --python M2W2_CHECKOUT (the git checkout whose revisions "
                + "they name)\n", err("audit", "--base", "a", "--head", "b"));
        assertEquals("regrade audit: --base needs --head REV\n", err("audit", "--python", ".", "--base", "a"));
        assertEquals("regrade audit: --engine and --scripts-path need --base REV and --head REV\n",
                err("audit", "--python", ".", "--engine", "a"));
        assertTrue(err("audit", "--python", ".", "--base", "a", "--head", "b", "--before-scripts", "x")
                .startsWith("regrade audit: --base/--head and --before-scripts/--after-scripts exclude each other"));
        assertTrue(err("audit", "--python", ".", "--base", "a", "--head", "b", "--shard", "1/2")
                .startsWith("regrade audit: --shard with --base/--head is not supported yet"));
    }

    @Test
    void anUnknownRevisionIsExit2WithTheBranchProbablyMeant() {
        assumeTrue(hasGit(), "no git on PATH");
        Path repo = repository();
        String e = err("audit", "--python", repo.toString(), "--base", "mian", "--head", "HEAD");
        assertTrue(e.startsWith("regrade audit: --base mian: no such revision (commit, branch or tag) in " + repo), e);
        assertTrue(e.endsWith("; did you mean 'main'?\n"), e);
    }

    @Test
    void aScriptNeedingAModuleItsEngineLacksIsExit2NamingTheRevisionsThatHaveIt() {
        assumeTrue(hasGit(), "no git on PATH");
        assumeTrue(hasPython(), "no python3 on PATH");
        Path repo = repository();
        String first = git(repo, "rev-parse", "--short", "main~1").strip();
        String second = git(repo, "rev-parse", "--short", "main").strip();
        CliRun run = CliRun.of("audit", "--python", repo.toString(), "--base", "main~1", "--head", "main",
                "--policies", "empty", "--seeds", "0", "--quiet", "--out", tmp.resolve("out").toString());
        assertEquals(ExitCodes.BAD_INPUT, run.status(), run.err());
        // head's engine dropped utils/legacy.py, which head's own script still imports
        assertEquals("regrade audit: eval_scripts/set/task.py (head " + second + " (main)) imports "
                + "mind2web2.utils.legacy, which the engine of " + second + " (main) lacks; the engines of " + first + " have it (pin one of them for "
                + "both sides with --engine REV)\n", run.err());
        assertFalse(run.err().contains("pip install"));
    }

    // ------------------------------------------------------------------ a two-commit repository

    /** main~1: an engine with utils/legacy.py and a script importing it; main: the engine without it. */
    private Path repository() {
        Path repo = tmp.resolve("m2w2");
        try {
            Files.createDirectories(repo);
            git(repo, "init", "-q", "-b", "main");
            git(repo, "config", "user.email", "test@regrade.invalid");
            git(repo, "config", "user.name", "Regrade test");
            git(repo, "config", "commit.gpgsign", "false");
            write(repo, "mind2web2/__init__.py", "class Evaluator:\n"
                    + "    \"\"\"A stand-in: the driver wraps these two; this test's script calls neither.\"\"\"\n"
                    + "    async def extract(self, prompt, template_class, extraction_name='extraction', source=None):\n"
                    + "        raise NotImplementedError\n\n"
                    + "    async def verify(self, claim, node=None):\n"
                    + "        raise NotImplementedError\n");
            write(repo, "mind2web2/utils/__init__.py", "");
            write(repo, "mind2web2/utils/cache.py", "class CacheClass:\n    def __init__(self, cache_path=None):\n"
                    + "        self.text_cache, self.screenshot_cache, self.pdf_cache = {}, {}, {}\n");
            write(repo, "mind2web2/utils/legacy.py", "VALUE = 1\n");
            write(repo, "eval_scripts/set/task.py", "from mind2web2.utils.legacy import VALUE\n\n\n"
                    + "async def evaluate_answer(client, answer, agent_name, answer_name, cache, semaphore, logger,"
                    + " model='o4-mini'):\n"
                    + "    tree = {'id': 'root', 'desc': 'task', 'critical': False, 'score': 1.0, 'status': 'passed',"
                    + " 'strategy': 'parallel', 'children': []}\n"
                    + "    return {'agent_name': agent_name, 'answer_name': answer_name, 'final_score': 1.0,"
                    + " 'eval_breakdown': [{'info': [], 'verification_tree': tree}]}\n");
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "engine with legacy");
            Files.delete(repo.resolve("mind2web2/utils/legacy.py"));
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "legacy removed");
            return repo;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path repo, String path, String text) throws IOException {
        Path f = repo.resolve(path);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private static String git(Path dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean hasGit() {
        return runs("git", "--version");
    }

    private static boolean hasPython() {
        return runs("python3", "--version");
    }

    private static boolean runs(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private String err(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--out";
        all[args.length + 1] = tmp.resolve("audit").toString();
        CliRun run = CliRun.of(all);
        assertEquals(ExitCodes.BAD_INPUT, run.status(), run.err());
        return run.err();
    }
}
