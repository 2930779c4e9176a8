package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-check's PYTHONHASHSEED search under its budget ({@code --search-budget}), on the files the runner wrote
 * under the hash judge ({@code tools/runoracle}, PYTHONHASHSEED 2635): the search finds the seed a whole run of every
 * seed in turn finds (its shortcuts change no answer), within the default budget; a budget that does not reach it
 * stops the search and says so, never a replay under another seed.
 */
class ReplaySearchBudgetTest {
    private static final Path ZIP = Paths.get("src", "test", "resources", "dev", "regrade", "audit", "replay", "runner",
            "hash.zip");
    private static final Replayer SAME = new Replayer(RubricScripts::byName, "released", "released");

    @TempDir
    static Path unzipped;
    /** The popular_ai_books files (their tree reads the set order). */
    private static final List<StoredResult> BOOKS = new ArrayList<>();

    @BeforeAll
    static void unzip() throws IOException {
        try (ZipInputStream z = new ZipInputStream(Files.newInputStream(ZIP))) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                Path target = unzipped.resolve(e.getName()).normalize();
                Files.createDirectories(target.getParent());
                Files.write(target, z.readAllBytes());
            }
        }
        List<Path> results;
        try (Stream<Path> s = Files.walk(unzipped)) {
            results = ResultLayout.latestPerAnswer(s.filter(p -> p.getParent().getFileName().toString().equals("results")
                    && p.toString().contains("popular_ai_books")).sorted().toList());
        }
        for (Path file : results) {
            StoredResult read = StoredResult.read(file, JsonFiles.parse(Files.readString(file)));
            BOOKS.add(read.withAnswerText(Files.readString(ResultLayout.answerCopy(file, read.answer()).orElseThrow())));
        }
    }

    /** The first seed from 0 up whose whole run of the before-variant reproduces the stored tree (no shortcut). */
    private static long firstReproducingSeed(StoredResult stored) {
        RubricScript script = RubricScripts.byName(stored.task()).orElseThrow();
        ReplayWorld world = new ReplayWorld(stored);
        LocalDate date = ResultLayout.fileDate(Path.of(stored.file())).orElseThrow();
        for (long s = 0; s < Replayer.SEED_BOUND; s++) {
            ReplayWorld.Run run = world.run(script, "released", s, date, (request, prompt, r) -> {
                if (request.nodeId() == null) {
                    r.unknowns.putIfAbsent(request.claim(), request.claim());
                }
                return world.storedVerdict(request.nodeId());
            });
            if (Replayer.selfCheckProblem(stored, run) == null) {
                return s;
            }
        }
        return -1;
    }

    @Test
    void theSearchFindsTheSeedThatRunningEverySeedFindsWithinTheDefaultBudget() {
        assertTrue(BOOKS.size() >= 20, "popular_ai_books files " + BOOKS.size());
        long largest = 0;
        for (StoredResult stored : BOOKS) {
            ReplayResult r = SAME.replay(stored);
            long truth = firstReproducingSeed(stored);
            assertTrue(truth >= 0, stored.file());
            assertEquals(Status.REPLAYED, r.status(), stored.file() + ": " + r.reason());
            assertEquals(truth, r.hashSeed(), stored.file());
            largest = Math.max(largest, truth);
        }
        assertEquals(2635, largest, "the runner's own seed is the largest needed");
        assertTrue(largest < Replayer.DEFAULT_SEARCH_BUDGET);
    }

    @Test
    void aBudgetOfAsManyRunsAsSeedsBeforeTheFoundOneReachesIt() {
        // Seeds passed over (a set ordered as a failed run ordered it) cost no run: 2635 runs always reach seed 2635.
        StoredResult stored = BOOKS.stream().filter(s -> Long.valueOf(2635).equals(SAME.replay(s).hashSeed()))
                .findFirst().orElseThrow();
        ReplayResult tight = SAME.withSearchBudget(2635).replay(stored);
        assertEquals(Status.REPLAYED, tight.status(), tight.reason());
        assertEquals(2635L, tight.hashSeed());
    }

    @Test
    void aBudgetThatDoesNotReachTheSeedStopsTheSearchAndSaysSo() {
        StoredResult stored = BOOKS.stream().filter(s -> Long.valueOf(2635).equals(SAME.replay(s).hashSeed()))
                .findFirst().orElseThrow();
        ReplayResult r = SAME.withSearchBudget(10).replay(stored);
        assertEquals(Status.OVER_BUDGET, r.status());
        assertTrue(r.reason().startsWith("no PYTHONHASHSEED within the search budget of 10 runs reproduces the stored "
                + "tree; raise --search-budget (seeds 0.."), r.reason());
        assertTrue(r.reason().contains("; under 0: "), "the first seed's difference: " + r.reason());
        assertEquals(0L, r.hashSeed(), "the seed its self-check ran under");
        assertNull(r.afterMin(), "no after-score");

        ReplayResult none = SAME.withSearchBudget(0).replay(stored);
        assertEquals(Status.OVER_BUDGET, none.status());
        assertTrue(none.reason().startsWith("no PYTHONHASHSEED within the search budget of 0 runs reproduces the "
                + "stored tree; raise --search-budget (no other seed tried; under 0: "), none.reason());

        ReplayReport report = new ReplayReport(List.of(r));
        assertTrue(report.selfCheckFailed());
        assertTrue(report.text().contains(": over-budget (no PYTHONHASHSEED within the search budget of 10 runs"),
                report.text());
        assertEquals(1, JsonFiles.parse(report.json()).get("counts").get("over-budget").asInt());
        assertThrows(IllegalArgumentException.class, () -> SAME.withSearchBudget(-1));
    }
}
