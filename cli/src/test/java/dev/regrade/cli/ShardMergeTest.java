package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.audit.shard.Shards;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code audit --shard K/N} and {@code merge}: the merge of N shards is the unsharded audit's output,
 * byte for byte over the whole tree, for the default audit and a filtered one; and merge refuses
 * anything but the N shards of one audit.
 */
class ShardMergeTest {
    /** The default audit (as in a checkout: the shipped fixtures). */
    private static final List<String> DEFAULT = List.of("--fixtures", "../fixtures");
    /** Two scripts with runs that read their hash seed (evaluated again under the other seeds), two policies. */
    private static final List<String> FILTERED = List.of("--fixtures", "../fixtures", "--scripts",
            "drone_delivery,popular_ai_books", "--policies", "hash,full");
    /** The filtered audit's inputs: two policies and the fixtures of its two scripts. */
    private static int filteredInputs;

    @TempDir
    static Path dir;

    @TempDir
    Path tmp;

    private static Map<String, String> defaultAudit;
    private static Map<String, String> filteredAudit;

    @BeforeAll
    static void unsharded() throws IOException {
        defaultAudit = audit(DEFAULT, dir.resolve("default"));
        filteredAudit = audit(FILTERED, dir.resolve("filtered"));
        filteredInputs = 4 + fixtures("drone_delivery") + fixtures("popular_ai_books");
    }

    private static int fixtures(String script) throws IOException {
        try (Stream<Path> s = Files.list(Path.of("..", "fixtures", script))) {
            return (int) s.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    private static Map<String, String> audit(List<String> options, Path out) throws IOException {
        CliRun run = CliRun.of(args(List.of("audit", "--quiet", "--out", out.toString()), options));
        assertEquals(0, run.status(), run.out() + run.err());
        return tree(out);
    }

    private static String[] args(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all.toArray(String[]::new);
    }

    /** Every file under {@code root} (the marker included) by relative path, its bytes as Latin-1 text. */
    private static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString(), new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    /** Runs the N shards into {@code root/1} … {@code root/N}; returns their directories, K in order. */
    private static List<Path> shards(List<String> options, int n, Path root) {
        List<Path> dirs = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            Path out = root.resolve(String.valueOf(k));
            CliRun run = CliRun.of(args(List.of("audit", "--quiet", "--shard", k + "/" + n, "--out", out.toString()),
                    options));
            assertEquals(0, run.status(), run.out() + run.err());
            assertTrue(run.out().startsWith("Shard " + k + "/" + n + ": "), run.out());
            assertTrue(Files.isRegularFile(out.resolve(Shards.MANIFEST)) && Files.isRegularFile(out.resolve(OutputDirectory.MARKER)));
            assertFalse(Files.exists(out.resolve("report.json")) || Files.exists(out.resolve("report.md")),
                    "a shard does not pretend to be a full report");
            dirs.add(out);
        }
        return dirs;
    }

    private static CliRun merge(List<Path> shards, Path out) {
        List<String> a = new ArrayList<>(List.of("merge"));
        shards.forEach(s -> a.add(s.toString()));
        a.addAll(List.of("--out", out.toString()));
        return CliRun.of(a.toArray(String[]::new));
    }

    private void assertMergeIsTheUnshardedAudit(List<String> options, int n, Map<String, String> expected)
            throws IOException {
        List<Path> dirs = new ArrayList<>(shards(options, n, tmp.resolve("shards")));
        java.util.Collections.reverse(dirs); // the order of the directories does not matter
        Path out = tmp.resolve("merged");
        CliRun run = merge(dirs, out);
        assertEquals(0, run.status(), run.out() + run.err());
        Map<String, String> merged = tree(out);
        assertEquals(expected.keySet(), merged.keySet(), "the same files");
        for (String f : expected.keySet()) {
            assertTrue(expected.get(f).equals(merged.get(f)), f + " differs from the unsharded audit's");
        }
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 3})
    void theMergedDefaultAuditIsTheUnshardedOneByteForByte(int n) throws IOException {
        assertMergeIsTheUnshardedAudit(DEFAULT, n, defaultAudit);
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 3})
    void theMergedFilteredAuditIsTheUnshardedOneByteForByte(int n) throws IOException {
        assertMergeIsTheUnshardedAudit(FILTERED, n, filteredAudit);
    }

    @Test
    void moreShardsThanInputsLeaveSomeEmptyAndMergeAllTheSame() throws IOException {
        int n = filteredInputs + 2;
        assertMergeIsTheUnshardedAudit(FILTERED, n, filteredAudit);
        CliRun empty = CliRun.of(args(List.of("audit", "--shard", n + "/" + n, "--out", tmp.resolve("e").toString()),
                FILTERED));
        assertEquals(0, empty.status(), empty.err());
        assertTrue(empty.out().contains("0 of the audit's " + filteredInputs + " inputs, 0 runs")
                && empty.out().contains("more shards than inputs"), empty.out());
    }

    @Test
    void theMergeMayReplaceOneOfItsShardDirectories() throws IOException {
        List<Path> dirs = shards(FILTERED, 2, tmp);
        CliRun run = merge(dirs, dirs.get(0));
        assertEquals(0, run.status(), run.out() + run.err());
        assertEquals(filteredAudit, tree(dirs.get(0)));
    }

    @Test
    void eachRunIsEvaluatedOnceAcrossTheShardsAndAReusedRunStaysWithItsFirstSeedRun() throws IOException {
        List<Path> dirs = shards(FILTERED, 3, tmp);
        int evaluated = 0;
        for (Path d : dirs) {
            for (var r : JsonFiles.parse(Files.readString(d.resolve(Shards.MANIFEST))).get("runs")) {
                evaluated += r.has("file") ? 1 : 0;
            }
        }
        CliRun run = CliRun.of(args(List.of("audit", "--out", tmp.resolve("whole").toString()), FILTERED));
        String line = Arrays.stream(run.err().split("\n")).filter(l -> l.contains("runs evaluated")).findFirst()
                .orElseThrow();
        assertTrue(line.startsWith("regrade audit: " + evaluated + " runs evaluated; "), line + " vs " + evaluated);
    }

    // --- what merge refuses ---

    private static void assertRefused(CliRun run, String... parts) {
        assertEquals(2, run.status(), run.out() + run.err());
        for (String p : parts) {
            assertTrue(run.err().contains(p), "'" + p + "' not in: " + run.err());
        }
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void shardsOfDifferentAuditsAreRefusedNamingTheShardAndWhatDiffers() {
        Path a = shards(FILTERED, 2, tmp.resolve("a")).get(0);
        List<String> other = new ArrayList<>(FILTERED);
        other.set(other.indexOf("hash,full"), "hash");
        Path b = shards(other, 2, tmp.resolve("b")).get(1);
        assertRefused(merge(List.of(a, b), tmp.resolve("out")), b.toString(), "another audit", "policies");
        assertFalse(Files.exists(tmp.resolve("out")), "nothing written");
    }

    @Test
    void shardsOfDifferentSplitsAreRefused() {
        Path a = shards(FILTERED, 2, tmp.resolve("two")).get(0);
        List<Path> three = shards(FILTERED, 3, tmp.resolve("three"));
        assertRefused(merge(List.of(a, three.get(1), three.get(2)), tmp.resolve("out")), three.get(1).toString(),
                "shard 2/3", "1/2");
    }

    @Test
    void aMissingShardIsRefused() {
        List<Path> s = shards(FILTERED, 3, tmp);
        assertRefused(merge(List.of(s.get(0), s.get(2)), tmp.resolve("out")), "shard 2/3 missing", "all 3 shards");
        assertFalse(Files.exists(tmp.resolve("out")), "nothing written");
    }

    @Test
    void aShardGivenTwiceIsRefused() throws IOException {
        List<Path> s = shards(FILTERED, 2, tmp.resolve("s"));
        Path copy = tmp.resolve("copy-of-1");
        copyTree(s.get(0), copy);
        assertRefused(merge(List.of(s.get(0), s.get(1), copy), tmp.resolve("out")), copy.toString(), "shard 1/2 again");
    }

    @Test
    void aDirectoryThatIsNotAShardIsRefused() throws IOException {
        List<Path> s = shards(FILTERED, 1, tmp.resolve("s"));
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertRefused(merge(List.of(empty), tmp.resolve("out")), empty.toString(), "not an audit shard",
                "--shard K/N");
        assertRefused(merge(List.of(dir.resolve("filtered")), tmp.resolve("out")), "filtered",
                "a whole audit's output");
        assertRefused(merge(List.of(tmp.resolve("nowhere")), tmp.resolve("out")), "nowhere", "not a directory");
        Files.writeString(s.get(0).resolve(Shards.MANIFEST), "{\"regrade_audit_shard\": 1,");
        assertRefused(merge(s, tmp.resolve("out")), Shards.MANIFEST, "not valid JSON");
    }

    @Test
    void aShardWhoseManifestLostARunIsRefusedNamingIt() throws IOException {
        List<Path> s = shards(FILTERED, 2, tmp);
        Path manifest = s.get(1).resolve(Shards.MANIFEST);
        ObjectNode m = (ObjectNode) JsonFiles.parse(Files.readString(manifest));
        ArrayNode runs = (ArrayNode) m.get("runs");
        runs.remove(runs.size() - 1);
        Files.writeString(manifest, JsonFiles.toFileText(m));
        assertRefused(merge(s, tmp.resolve("out")), s.get(1).toString(), "is missing from shard 2/2");
    }

    @Test
    void fixturesChangedSinceTheShardsRanAreRefused() throws IOException {
        Path fixtures = tmp.resolve("fixtures");
        copyTree(Path.of("..", "fixtures", "drone_delivery"), fixtures.resolve("drone_delivery"));
        List<String> options = List.of("--fixtures", fixtures.toString(), "--scripts", "drone_delivery",
                "--policies", "none", "--seeds", "0");
        List<Path> s = shards(options, 2, tmp.resolve("s"));
        try (Stream<Path> f = Files.list(fixtures.resolve("drone_delivery"))) {
            Path one = f.sorted().findFirst().orElseThrow();
            Files.writeString(one, Files.readString(one).replaceFirst("\\{", "{ "));
        }
        assertRefused(merge(s, tmp.resolve("out")), s.get(0).toString(), "other inputs");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0/2", "3/2", "1/0", "2", "a/b", "-1/2", "1/2/3"})
    void aBadShardIsRefused(String value) {
        assertRefused(CliRun.of("audit", "--scripts", "gas_stations", "--policies", "empty", "--fixtures", "none",
                "--shard", value, "--out", tmp.resolve("out").toString()), "--shard", value);
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
