package dev.regrade.audit.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.reports.model.PythonOriginals;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.webcache.SyntheticPages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Git revisions as the two sides of a Python audit, on a small repository this test builds in a
 * temporary folder from stand-ins written for it (test resources {@code git/}; no upstream code):
 * <ol>
 * <li>{@code v1} (tag): the pre-2.0 engine ({@code utils/cache.py}), tasks alpha, beta, gamma;
 * <li>{@code fix} (branch): alpha's script changed, gamma removed, delta added;
 * <li>{@code engine} (tag): the engine changed ({@code mind2web2/evaluator.py});
 * <li>{@code v2}: the 2.0 engine (no {@code utils/cache.py}; {@code utils/cache_filesys.py}), the
 *     scripts ported to it, and a second scripts folder.
 * </ol>
 * The repository's work tree is left dirty (a modified file, an untracked one) and must stay as it
 * is: status, HEAD and refs are compared after every test.
 */
class GitRevisionsTest {
    private static final String PAGE = "https://standin.example.test/git/page-1";
    private static Path repo;
    private static Map<String, String> commits;
    private static String untouched;

    @BeforeAll
    static void buildRepository() throws IOException {
        assumeTrue(PythonSetupProbe.python3(), "no python3 on PATH: these tests run the driver");
        assumeTrue(git(Path.of("."), "--version").startsWith("git version"), "no git on PATH");
        repo = Files.createTempDirectory("regrade-git-test-");
        git(repo, "init", "-q", "-b", "main");
        git(repo, "config", "user.email", "test@regrade.invalid");
        git(repo, "config", "user.name", "Regrade test");
        git(repo, "config", "commit.gpgsign", "false");
        java.util.LinkedHashMap<String, String> c = new java.util.LinkedHashMap<>();
        copyEngine("old-engine");
        script("alpha", "alpha", false);
        script("beta", "beta", false);
        script("gamma", "gamma", false);
        c.put("v1", commit("pre-2.0 engine, three tasks"));
        git(repo, "tag", "v1");
        script("alpha", "alpha, fixed", false);
        Files.delete(repo.resolve("eval_scripts/set/gamma.py"));
        script("delta", "delta", false);
        c.put("fix", commit("alpha fixed, gamma removed, delta added"));
        git(repo, "branch", "fix");
        Path evaluator = repo.resolve("mind2web2/evaluator.py");
        Files.writeString(evaluator, Files.readString(evaluator).replace("\"\"\"The two calls",
                "\"\"\"(engine changed) The two calls"));
        c.put("engine", commit("engine change"));
        git(repo, "tag", "engine");
        deleteTree(repo.resolve("mind2web2"));
        copyEngine("new-engine");
        for (String t : List.of("alpha", "beta", "delta")) {
            script(t, t, true);
        }
        Files.createDirectories(repo.resolve("eval_scripts/other"));
        Files.writeString(repo.resolve("eval_scripts/other/omega.py"), "# another folder of scripts\n");
        c.put("v2", commit("2.0 engine"));
        git(repo, "tag", "v2");
        commits = Map.copyOf(c);
        // the user's own work in progress, which the audit must leave alone
        Files.writeString(repo.resolve("eval_scripts/set/beta.py"), "# work in progress\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(repo.resolve("notes.txt"), "untracked\n");
        untouched = state();
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (repo != null) {
            deleteTree(repo);
        }
    }

    @AfterEach
    void theRepositoryIsUntouched() {
        assertEquals(untouched, state());
    }

    // ------------------------------------------------------------------ the repository

    private static String state() {
        return git(repo, "status", "--porcelain") + "\nHEAD " + git(repo, "rev-parse", "HEAD") + "\n"
                + git(repo, "symbolic-ref", "HEAD") + "\n" + git(repo, "for-each-ref") + "\n"
                + git(repo, "stash", "list");
    }

    private static String abbrev(String name) {
        return git(repo, "rev-parse", "--short", commits.get(name)).strip();
    }

    private static void copyEngine(String which) throws IOException {
        Path from = PythonDriverTest.resource("git/" + which);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Path target = repo.resolve(from.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void script(String task, String desc, boolean newEngine) throws IOException {
        String text = Files.readString(PythonDriverTest.resource("git/script.py.txt"))
                .replace("@DESC@", desc)
                .replace("@CACHE_IMPORT@", newEngine ? "from mind2web2.utils.cache_filesys import CacheFileSys"
                        : "from mind2web2.utils.cache import CacheClass")
                .replace("@PAGE_TEXT@", newEngine ? "cache.get_web(PAGE)[0]" : "cache.get_text(PAGE)");
        Path f = repo.resolve("eval_scripts/set/" + task + ".py");
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private static String commit(String message) {
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", message);
        return git(repo, "rev-parse", "HEAD").strip();
    }

    static String git(Path dir, String... args) {
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

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static GitRevisions open(String base, String head, String engine, List<String> scripts) {
        return GitRevisions.open(new GitRevisions.Request(repo, base, head, engine, null, scripts, null, null));
    }

    private static Map<String, String> reasons(GitRevisions g) {
        java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
        g.revisions().tasks().forEach(s -> out.put(s.task(), (s.audited() ? "audited: " : "not audited: ") + s.reason()));
        return out;
    }

    private static Audit.Outcome audit(GitRevisions g, List<String> policies) {
        AuditConfig config = new AuditConfig(g.tasks(), policies, null, g.before(), g.after(), Expectations.shipped(),
                List.of(0L), JudgeMode.HTTP, 1).withPython(g.setup(PythonSetup.DEFAULT_PYTHON));
        return Audit.run(config, (done, total) -> { });
    }

    private static JsonNode info(String resultFile, String key) {
        for (JsonNode record : JsonFiles.parse(resultFile).path("eval_breakdown").get(0).path("info")) {
            if (record.has(key)) {
                return record.get(key);
            }
        }
        throw new AssertionError("no info record " + key + " in " + resultFile);
    }

    // ------------------------------------------------------------------ the tests

    @Test
    void aScriptChangeSelectsThatTaskAndNamesTheOthers() {
        try (GitRevisions g = open("v1", "fix", null, null)) {
            assertEquals(List.of("alpha"), g.tasks());
            assertEquals(Map.of("alpha", "audited: script changed", "beta", "not audited: unchanged",
                    "gamma", "not audited: removed in head", "delta", "not audited: added in head"), reasons(g));
            // the variants (result paths) are the short hashes; the report adds the names given
            assertEquals(abbrev("v1"), g.before());
            assertEquals(abbrev("fix"), g.after());
            PythonOriginals.Revisions r = g.revisions();
            assertEquals(abbrev("v1") + " (v1)", r.base().label());
            assertEquals(abbrev("fix") + " (fix)", r.head().label());
            assertEquals("eval_scripts/set", r.scriptsPath());
            assertEquals(List.of(), r.engineChanges());
            assertEquals(List.of("Revisions: base " + abbrev("v1") + " (v1) → head " + abbrev("fix") + " (fix) · scripts "
                            + "eval_scripts/set · each side on its own engine (mind2web2/ unchanged)",
                    "Audited: script changed: alpha",
                    "Not audited: 1 unchanged task · added in head: delta · removed in head: gamma"), r.lines());
        }
    }

    @Test
    void theAuditRunsEachSidesScriptOnThePre20EngineWithPagesFromRegrade() {
        Path readInto;
        try (GitRevisions g = open("v1", "fix", null, null)) {
            PythonSetup setup = g.setup(PythonSetup.DEFAULT_PYTHON);
            readInto = setup.engine(g.before());
            // each side its own engine, read into Regrade's folder, never the user's work tree
            assertNotEquals(setup.engine(g.before()), setup.engine(g.after()));
            assertFalse(setup.engine(g.before()).startsWith(repo));
            assertTrue(Files.isRegularFile(setup.engine(g.after()).resolve("mind2web2/utils/cache.py")));
            // the committed beta, not the work in progress
            assertFalse(read(setup.scriptFile("beta", g.after())).contains("work in progress"));
            Audit.Outcome outcome = audit(g, List.of("full"));
            // alpha's root description changed: no expectation allows it for this task
            assertEquals(1, outcome.unexpected());
            assertEquals("root", outcome.report().unexpected().get(0).node());
            String after = outcome.resultFiles().get("results/alpha/" + abbrev("fix") + "/policy-full.json");
            assertTrue(after != null, outcome.resultFiles().keySet().toString());
            // the engine's CacheClass, filled from the page Regrade served
            assertEquals("CacheClass", info(after, "cache").asText());
            assertEquals(new SyntheticPages(Map.of(), List.of(), 0L).page(PAGE).orElseThrow().text(),
                    info(after, "page").asText());
            // the report carries the revisions and reads back
            PythonOriginals python = outcome.report().python();
            assertEquals(g.revisions(), python.revisions());
            String md = dev.regrade.reports.Markdown.render(outcome.report());
            assertTrue(md.contains("Audited: script changed: alpha"), md);
            assertTrue(dev.regrade.reports.Html.render(outcome.report()).contains("<p class=\"python\">Revisions: base "));
            String json = dev.regrade.reports.model.ReportJson.toFileText(outcome.report());
            assertEquals(python, dev.regrade.reports.model.ReportJson.read(null, JsonFiles.parse(json)).python());
        }
        assertFalse(Files.exists(readInto), "the temporary trees are deleted");
    }

    @Test
    void anEngineChangeSelectsEveryTaskOfBothRevisions() {
        try (GitRevisions g = open("fix", "engine", null, null)) {
            assertEquals(List.of("alpha", "beta", "delta"), g.tasks());
            assertEquals(Map.of("alpha", "audited: engine changed", "beta", "audited: engine changed",
                    "delta", "audited: engine changed"), reasons(g));
            assertEquals(List.of("mind2web2/evaluator.py"), g.revisions().engineChanges());
            assertTrue(g.revisions().lines().get(0).endsWith("(mind2web2/ changed: mind2web2/evaluator.py)"));
        }
    }

    @Test
    void enginePinsOneEngineForBothSidesAndSelectsTheChangedScripts() {
        try (GitRevisions g = open("v1", "fix", "engine", null)) {
            assertEquals(List.of("alpha"), g.tasks());
            PythonSetup setup = g.setup(PythonSetup.DEFAULT_PYTHON);
            assertEquals(setup.engine(g.before()), setup.engine(g.after()));
            assertTrue(read(setup.engine(g.before()).resolve("mind2web2/evaluator.py")).contains("(engine changed)"));
            assertTrue(g.revisions().lines().get(0).endsWith("engine of " + abbrev("engine") + " (engine) (--engine) on "
                    + "both sides"), g.revisions().lines().get(0));
        }
        // pinned, an engine change alone leaves nothing to audit
        BadInputException e = assertThrows(BadInputException.class, () -> open("fix", "engine", "engine", null));
        assertTrue(e.getMessage().contains("nothing to audit"), e.getMessage());
    }

    @Test
    void scriptsNarrowsOrWidensAndATaskAbsentFromASideIsBadInput() {
        try (GitRevisions g = open("v1", "fix", null, List.of("beta"))) {
            assertEquals(List.of("beta"), g.tasks());
            assertEquals("audited: unchanged (named by --scripts)", reasons(g).get("beta"));
            assertEquals("not audited: script changed (not named by --scripts)", reasons(g).get("alpha"));
        }
        try (GitRevisions g = open("v1", "fix", null, List.of("all"))) {
            assertEquals(List.of("alpha", "beta"), g.tasks());
        }
        BadInputException e = assertThrows(BadInputException.class, () -> open("v1", "fix", null, List.of("gamma")));
        assertTrue(e.getMessage().startsWith("--scripts gamma: head " + abbrev("fix") + " (fix) has no "
                + "eval_scripts/set/gamma.py"), e.getMessage());
    }

    @Test
    void anUnknownRevisionIsBadInputWithTheNameProbablyMeant() {
        BadInputException e = assertThrows(BadInputException.class, () -> open("fxi", "v2", null, null));
        assertTrue(e.getMessage().startsWith("--base fxi: no such revision"), e.getMessage());
        assertTrue(e.getMessage().endsWith("did you mean 'fix'?"), e.getMessage());
        BadInputException same = assertThrows(BadInputException.class, () -> open("fix", "fix", null, null));
        assertTrue(same.getMessage().contains("the same commit"), same.getMessage());
    }

    @Test
    void severalScriptsFoldersAreBadInputListingThemAndScriptsPathChooses() {
        BadInputException e = assertThrows(BadInputException.class, () -> open("engine", "v2", null, null));
        assertTrue(e.getMessage().contains("(eval_scripts/other, eval_scripts/set); choose one with --scripts-path"),
                e.getMessage());
        try (GitRevisions g = GitRevisions.open(new GitRevisions.Request(repo, "engine", "v2", null, "eval_scripts/set/",
                null, null, null))) {
            assertEquals(List.of("alpha", "beta", "delta"), g.tasks()); // engine and scripts changed
            assertEquals("audited: script and engine changed", reasons(g).get("alpha"));
            // the 2.0 engine runs the ported scripts with its CacheFileSys
            Audit.Outcome outcome = audit(g, List.of("full"));
            String after = outcome.resultFiles().get("results/beta/" + abbrev("v2") + "/policy-full.json");
            assertEquals("CacheFileSys", info(after, "cache").asText());
            assertEquals(new SyntheticPages(Map.of(), List.of(), 0L).page(PAGE).orElseThrow().text(),
                    info(after, "page").asText());
        }
    }

    @Test
    void aScriptNeedingAModuleItsEngineLacksIsBadInputNamingTheRevisionsThatHaveIt() {
        try (GitRevisions g = open("v1", "fix", "v2", null)) {
            MissingEngineModuleException missing = assertThrows(MissingEngineModuleException.class,
                    () -> audit(g, List.of("full")));
            assertEquals("mind2web2.utils.cache", missing.module());
            assertFalse(missing.getMessage().contains("pip install"), missing.getMessage());
            BadInputException e = g.explain(missing);
            String side = missing.variant().equals(g.before()) ? "base " + abbrev("v1") + " (v1)"
                    : "head " + abbrev("fix") + " (fix)";
            assertEquals("eval_scripts/set/alpha.py (" + side + ") imports mind2web2.utils.cache, which the engine of "
                    + abbrev("v2") + " (v2) (--engine) lacks; the engines of " + abbrev("v1") + "…" + abbrev("engine")
                    + " have it (choose one of them with --engine, or drop --engine so that each side runs its own)",
                    e.getMessage());
        }
    }

    @Test
    void aNameMissingFromAnEngineModuleIsFoundInTheHistoryToo() {
        try (GitRevisions g = open("v1", "fix", null, null)) {
            // CacheFileSys is defined from v2 on: the newest revisions still have it
            assertEquals(List.of("from " + abbrev("v2") + " on"), g.history("mind2web2.utils.cache_filesys", "CacheFileSys"));
            assertEquals(List.of(abbrev("v1") + "…" + abbrev("engine")), g.history("mind2web2.utils.cache", null));
            assertEquals(List.of(), g.history("mind2web2.utils.nowhere", null));
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
