package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PerRow.Spool} with rows held in memory up to a bound and the rest spilled: for bounds around its
 * 64 KB first block (0, 1, 100, 65535, 65536, 65537, 200000) and rows of random sizes (one larger than all
 * the others), the results file is {@code PyJson.dumps(head + per_row, INDENT_2)} and the summary the head's;
 * no temp file is left after writeResults and close, nor after a close without writeResults (a failed run);
 * an output in a directory still to be made works; the results file has a new file's default permissions.
 */
class SpoolBoundsTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final long[] BOUNDS = {0, 1, 100, 65_535, 65_536, 65_537, 200_000};

    @TempDir
    Path tmp;

    @Test
    void everyBoundWritesWhatPyJsonDumps() throws IOException {
        int k = 0;
        int spills = 0;
        int fitting = 0;
        List<String> seen = new ArrayList<>();
        for (long bound : BOUNDS) {
            for (int rep = 0; rep < 9; rep++, k++) {
                SplittableRandom r = new SplittableRandom(k);
                RandomNodes nodes = new RandomNodes(r, 0);
                Path dir = Files.createDirectories(tmp.resolve("spool" + k)); // a spool uses its directory when it exists
                // Outputs beside the spool, in another existing directory, and in one still to be made.
                Path output = switch (rep % 3) {
                    case 0 -> dir.resolve("out.json");
                    case 1 -> tmp.resolve("out" + k + ".json");
                    default -> tmp.resolve("new" + k).resolve("sub").resolve("out");
                };
                ObjectNode head = F.objectNode();
                head.put("metric", r.nextDouble());
                head.set("other", nodes.node(2));
                List<JsonNode> perRow = new ArrayList<>();
                int n = rep == 0 ? 0 : rep == 1 ? 1 : rep >= 6 ? 150 + 120 * (rep - 6) + r.nextInt(100) : r.nextInt(2, 300);
                boolean small = rep >= 6; // small rows only, their total near the first block's 64 KB
                int large = n == 0 || small ? -1 : r.nextInt(n);
                Path summary;
                boolean spilledBefore;
                boolean spilledAfter;
                try (PerRow.Spool spool = new PerRow.Spool(dir, bound)) {
                    for (int i = 0; i < n; i++) {
                        ObjectNode row = F.objectNode();
                        row.put("index", i);
                        // Sizes from a few bytes to well past a block; one row past 300 KB (past every bound).
                        int size = i == large ? 300_000 + r.nextInt(10_000)
                                : !small && r.nextInt(4) == 0 ? r.nextInt(70_000) : r.nextInt(200);
                        row.put("text", "x\u00e9\"".repeat(size / 8) + nodes.text());
                        row.set("node", nodes.node(2));
                        if (r.nextBoolean()) {
                            spool.add(row);
                        } else {
                            spool.add(new Fixed(row));
                        }
                        perRow.add(row);
                    }
                    spilledBefore = spills(dir);
                    summary = spool.writeResults(output, head);
                    spilledAfter = spills(dir);
                }
                String why = "bound " + bound + " case " + k + " rows " + n;
                ObjectNode results = head.deepCopy();
                results.set("per_row", F.arrayNode().addAll(perRow));
                String want = PyJson.dumps(results, PerRow.INDENT_2);
                String got = Files.readString(output, StandardCharsets.UTF_8);
                if (!want.equals(got)) {
                    int at = mismatch(want, got);
                    assertEquals(near(want, at), near(got, at), why + ": first difference at char " + at);
                }
                assertEquals(want.length(), got.length(), why);
                // The rows' bytes (ASCII) spill only when they outgrow the blocks that fit in the bound, and
                // have spilled before writeResults when more than the writer's 64 KB buffer is past them.
                String open = "\n  \"per_row\": [";
                long written = n == 0 ? 0 : want.length() - (want.indexOf(open) + open.length()) - "\n  ]\n}".length();
                String bytes = why + ", " + written + " bytes of rows";
                if (written <= inBlocks(bound)) {
                    assertFalse(spilledBefore || spilledAfter, bytes + ": nothing spilled");
                } else if (written > inBlocks(bound) + (1 << 16)) {
                    assertTrue(spilledBefore, bytes + ": spilled");
                }
                spills += spilledBefore ? 1 : 0;
                fitting += n > 1 && !spilledAfter ? 1 : 0;
                if (small) {
                    seen.add(bound + ":" + written + ":" + spilledAfter);
                }
                assertEquals(PerRow.summaryPath(output), summary, why);
                assertEquals(PyJson.dumps(head, PerRow.INDENT_2), Files.readString(summary, StandardCharsets.UTF_8), why);
                assertNoTemps(why, dir, output.getParent());
                assertDefaultPermissions(output, why);
            }
        }
        assertTrue(spills > 20 && spills < BOUNDS.length * 9, "spools that spilled: " + spills);
        assertTrue(fitting > 3, "spools of more than one row that did not spill: " + fitting + " " + seen);
    }

    /** The bytes of the blocks a spool holds in memory under {@code bound}: 64 KB, then doubling up to 4 MB each. */
    private static long inBlocks(long bound) {
        long held = 0;
        for (long size = 1 << 16; held + size <= bound; size = Math.min(4 << 20, size * 2)) {
            held += size;
        }
        return held;
    }

    /** A run that fails before writeResults: close leaves no temp file, past the bound or not. */
    @Test
    void closeWithoutWriteResultsLeavesNoTempFile() throws IOException {
        int k = 0;
        for (long bound : BOUNDS) {
            for (int rows : new int[] {0, 1, 50}) {
                Path dir = Files.createDirectories(tmp.resolve("failed" + k++));
                try (PerRow.Spool spool = new PerRow.Spool(dir, bound)) {
                    for (int i = 0; i < rows; i++) {
                        spool.add(F.objectNode().put("text", "y".repeat(5_000)));
                    }
                    assertTrue(temps(dir).size() >= 1, "the results file is made up front");
                }
                assertNoTemps("bound " + bound + " rows " + rows, dir);
            }
        }
    }

    /** writeResults failing (the output is a directory): close still removes every temp file. */
    @Test
    void aFailedWriteResultsLeavesNoTempFile() throws IOException {
        for (long bound : new long[] {0, 65_536, 200_000}) {
            Path dir = tmp.resolve("bad" + bound);
            Path output = tmp.resolve("isadir" + bound);
            Files.createDirectories(output.resolve("inside"));
            boolean failed = false;
            try (PerRow.Spool spool = new PerRow.Spool(dir, bound)) {
                for (int i = 0; i < 40; i++) {
                    spool.add(F.objectNode().put("text", "z".repeat(4_000)));
                }
                spool.writeResults(output, F.objectNode().put("a", 1));
            } catch (RuntimeException e) {
                failed = true;
            }
            assertTrue(failed, "a results file over a non-empty directory fails");
            assertNoTemps("bound " + bound, dir, tmp);
            assertTrue(Files.isDirectory(output.resolve("inside")), "the directory is left as it was");
        }
    }

    /**
     * As write_results: no directory is made before writeResults (a run that fails first leaves none), and
     * an output that is an existing empty directory is IsADirectoryError, the directory left as it was.
     */
    @Test
    void noDirectoryBeforeWriteResultsAndAnEmptyDirectoryIsNotReplaced() throws IOException {
        Path dir = tmp.resolve("made").resolve("late");
        try (PerRow.Spool spool = new PerRow.Spool(dir, 0)) {
            spool.add(F.objectNode().put("a", 1));
        }
        assertFalse(Files.exists(tmp.resolve("made")), "a failing run leaves no new directory");
        Path output = Files.createDirectories(tmp.resolve("empty"));
        try (PerRow.Spool spool = new PerRow.Spool(tmp, 0)) {
            spool.add(F.objectNode().put("a", 1));
            dev.regrade.pycompat.PyException e = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.regrade.pycompat.PyException.class, () -> spool.writeResults(output, F.objectNode()));
            assertEquals("IsADirectoryError: [Errno 21] Is a directory: '" + output + "'", e.toString());
        }
        assertTrue(Files.isDirectory(output), "the directory is left as it was");
        try (var s = Files.list(output)) {
            assertEquals(0, s.count(), "nothing written into it");
        }
    }

    /** The default spool writes the same file as one that spills at once. */
    @Test
    void theDefaultBoundAndASpillingOneAgree() throws IOException {
        SplittableRandom r = new SplittableRandom(9);
        RandomNodes nodes = new RandomNodes(r, 0);
        List<ObjectNode> rows = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            rows.add(F.objectNode().put("i", i).set("n", nodes.node(3)));
        }
        ObjectNode head = F.objectNode().put("accuracy", 0.5);
        List<String> texts = new ArrayList<>();
        for (PerRow.Spool spool : new PerRow.Spool[] {PerRow.spool(tmp.resolve("a")), new PerRow.Spool(tmp.resolve("b"), 0)}) {
            Path out = tmp.resolve("out" + texts.size() + ".json");
            try (spool) {
                rows.forEach(spool::add);
                spool.writeResults(out, head);
            }
            texts.add(Files.readString(out, StandardCharsets.UTF_8));
        }
        assertEquals(texts.get(0), texts.get(1));
    }

    private void assertDefaultPermissions(Path output, String why) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Path plain = output.resolveSibling("plain-" + output.getFileName());
        Files.createFile(plain);
        try {
            Set<PosixFilePermission> want = Files.getPosixFilePermissions(plain);
            assertEquals(want, Files.getPosixFilePermissions(output), why + ": the results file's permissions");
            assertEquals(want, Files.getPosixFilePermissions(PerRow.summaryPath(output)), why + ": the summary's");
        } finally {
            Files.delete(plain);
        }
    }

    private static boolean spills(Path dir) throws IOException {
        return temps(dir).stream().anyMatch(f -> f.startsWith(".per_row"));
    }

    private static void assertNoTemps(String why, Path... dirs) throws IOException {
        for (Path d : dirs) {
            assertEquals(List.of(), temps(d), why + ": temp files left in " + d.getFileName());
        }
    }

    /** The spool's temp files in {@code dir} (none when it does not exist). */
    private static List<String> temps(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".tmp") && (f.startsWith(".results") || f.startsWith(".per_row")))
                    .sorted().toList();
        }
    }

    private static int mismatch(String a, String b) {
        int i = 0;
        while (i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    private static String near(String s, int at) {
        return s.substring(Math.max(0, at - 80), Math.min(s.length(), at + 80));
    }

    /** An entry written through its own writer (PyJson.dump at level 2), as the scorers' entries are. */
    private record Fixed(ObjectNode node) implements PerRow.Entry {
        @Override
        public void writeTo(Utf8Sink out) {
            PyJson.dump(node, PerRow.INDENT_2, 2, out);
        }
    }
}
