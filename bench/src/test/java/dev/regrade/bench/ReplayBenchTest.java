package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ReplayBench}: its table, exactly, and the command its child processes start with. */
class ReplayBenchTest {
    @Test
    void theTableOfBothLeaderboardSizes() {
        String doc = """
                {"target_ms": 5000.0, "660": {"agents": 20, "wall_ms_median": 1234.5},
                 "1320": {"agents": 40, "wall_ms_median": 2345.6}, "met": true, "ratio_2x": 1.9}
                """;
        assertEquals("""
                replay (child process, from process start)
                  660 results     1234.5 ms  (target < 5000 ms: met)
                  1,320 results   2345.6 ms  (ratio 1.90)

                """, ReplayBench.table(BenchTableTest.json(doc)));
    }

    @Test
    void theTableWithTheRunnersFiles() {
        String doc = """
                {"target_ms": 5000.0, "660": {"agents": 20, "wall_ms_median": 1234.5},
                 "1320": {"agents": 40, "wall_ms_median": 2345.6}, "met": true, "ratio_2x": 1.9,
                 "runner": {"target_ms": 10000.0, "files": 699, "wall_ms_median": 7654.3, "met": true}}
                """;
        assertEquals("""
                replay (child process, from process start)
                  660 results     1234.5 ms  (target < 5000 ms: met)
                  1,320 results   2345.6 ms  (ratio 1.90)
                  699 runner files  7654.3 ms  (target <= 10000 ms: met)

                """, ReplayBench.table(BenchTableTest.json(doc)));
        String skipped = doc.replaceFirst("\\{\"target_ms\": 10000.0.*}}", "{\"status\": \"skipped\", \"reason\": \"no zips\"}}");
        assertEquals(true, ReplayBench.table(BenchTableTest.json(skipped)).contains("  runner files: skipped (no zips)\n"),
                ReplayBench.table(BenchTableTest.json(skipped)));
    }

    @Test
    void theRunnersFilesAreInTheRepositoryTheLauncherIsIn() {
        assertEquals(Path.of("/opt/regrade-home"), ReplayBench.home(Path.of("/opt/regrade-home/regrade")));
        assertEquals(true, java.nio.file.Files.isRegularFile(Path.of("..").resolve(ReplayBench.RUNNER_ZIPS).resolve("hash.zip")),
                "the zips are where the bench looks for them");
    }

    @Test
    void childrenStartWithTheLauncherElseJavaDashJar() {
        assertEquals(List.of("/opt/regrade"), ReplayBench.prefix(Path.of("/opt/regrade"), Path.of("/x/regrade.jar")));
        List<String> jar = ReplayBench.prefix(null, Path.of("/x/regrade.jar"));
        assertEquals(List.of("-jar", "/x/regrade.jar"), jar.subList(1, 3));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), jar.get(0));
    }
}
