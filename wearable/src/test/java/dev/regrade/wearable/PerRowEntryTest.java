package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import dev.regrade.wearable.io.PerRow;
import dev.regrade.wearable.io.Utf8Sink;
import dev.regrade.wearable.io.RandomNodes;
import dev.regrade.wearable.io.IoAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Every {@link PerRow.Entry} writes the bytes of {@code PyJson.dump(node(), INDENT_2, 2)} (UTF-8), for
 * random components of every kind; a spool of entries and plain rows writes the results file that
 * {@code PyJson.dumps} makes of the head with per_row, and its summary of the head.
 */
class PerRowEntryTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @TempDir
    Path tmp;

    @Test
    void proactiveRowWritesWhatItsNodeDumpsTo() throws IOException {
        int tagged = randomEntries(0x5eed_0001L, PerRowEntryTest::proactiveRow,
                e -> ((ProactiveScorer.Row) e).tagCount() > 0);
        assertTrue(tagged > 3_000, "rows with tags: " + tagged);
    }

    @Test
    void longQaScoredWritesWhatItsNodeDumpsTo() throws IOException {
        int correct = randomEntries(0x5eed_0002L, PerRowEntryTest::scored, e -> ((LongQaScorer.Scored) e).correct());
        assertTrue(correct > 2_000, "correct rows: " + correct);
    }

    /** 5000 random entries each checked by {@link #sameBytes}; returns how many were {@code counted}. */
    private static int randomEntries(long seed, BiFunction<SplittableRandom, RandomNodes, PerRow.Entry> make,
                                     Predicate<PerRow.Entry> counted) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        RandomNodes nodes = new RandomNodes(r, 1_000);
        int n = 0;
        for (int k = 0; k < 5_000; k++) {
            PerRow.Entry e = make.apply(r, nodes);
            n += counted.test(e) ? 1 : 0;
            int c = k;
            sameBytes(e, () -> "seed " + seed + " case " + c + " " + e);
        }
        return n;
    }

    /** The tag codes (gold x shown), the first and a later item alike, and an empty list. */
    @Test
    void everyTagCodeInEveryPlace() throws IOException {
        List<byte[]> lists = new ArrayList<>();
        lists.add(new byte[0]);
        for (boolean gold : new boolean[] {true, false}) {
            for (int shown = 0; shown < 3; shown++) {
                byte c = (byte) ProactiveScorer.tagCode(gold, shown);
                lists.add(new byte[] {c});
                for (int other = 0; other < 6; other++) {
                    lists.add(new byte[] {c, (byte) other, c});
                }
            }
        }
        for (byte[] tags : lists) {
            for (int count = 0; count <= tags.length; count++) {
                int c = count;
                sameBytes(new ProactiveScorer.Row(0, F.textNode("v"), "t", tags.length, tags, count),
                        () -> "tags " + java.util.Arrays.toString(tags) + " count " + c);
            }
        }
        ObjectNode node = new ProactiveScorer.Row(1, F.textNode("v"), "t", 2, new byte[] {0, 5}, 2).node();
        assertEquals("[{\"gold\":\"interrupt\",\"pred\":\"interrupt\"},{\"gold\":\"silent\",\"pred\":\"(unanswered)\"}]",
                node.get("tags").toString(), "codes 0 and 5");
    }

    /** A 1 MB text (past Utf8Sink's 64 KB buffer, with astral and escaped chars) in each component in turn. */
    @Test
    void hugeTextsInEachComponent() throws IOException {
        String huge = "ab\"\u00e9\ud83d\ude00\n".repeat(1 << 17) + "\udfff";
        JsonNode text = F.textNode(huge);
        JsonNode small = F.textNode("v");
        JsonNode nested = F.arrayNode().add(F.objectNode().set(huge, text));
        for (int at = 0; at < 4; at++) {
            int a = at;
            sameBytes(new ProactiveScorer.Row(7, at == 0 ? text : at == 1 ? nested : small, at == 2 ? huge : "t", 1,
                    new byte[] {3}, 1), () -> "proactive, huge text in place " + a);
        }
        for (int at = 0; at < 7; at++) {
            int a = at;
            sameBytes(new LongQaScorer.Scored(-3, at == 0 ? text : small, at == 1 ? nested : small, at == 2 ? huge : "g",
                    at == 3 ? huge : "p", at == 4 ? huge : "q", at % 2 == 0, at == 5 ? text : small, "c"),
                    () -> "longqa, huge text in place " + a);
        }
    }

    /** Spools of 0, 1 and many entries (entries and plain rows mixed), with random heads. */
    @Test
    void aSpoolWritesTheResultsPyJsonDumps() throws IOException {
        long seed = 0x5eed_0003L;
        SplittableRandom r = new SplittableRandom(seed);
        RandomNodes nodes = new RandomNodes(r, 0);
        for (int k = 0; k < 60; k++) {
            int n = k < 10 ? 0 : k < 20 ? 1 : r.nextInt(2, k % 10 == 0 ? 3_000 : 60);
            ObjectNode head = F.objectNode();
            for (int h = r.nextInt(k % 3 == 0 ? 1 : 6); h > 0; h--) {
                String key = nodes.text();
                if (!key.equals("per_row")) {
                    head.set(key, nodes.node(3));
                }
            }
            List<JsonNode> perRow = new ArrayList<>();
            Path dir = Files.createDirectories(tmp.resolve("spool" + k)); // a spool uses its directory when it exists
            // Some outputs in a directory still to be made, some over an existing file.
            Path output = (k % 5 == 1 ? tmp.resolve("new" + k).resolve("sub") : tmp)
                    .resolve("out" + k + (k % 4 == 0 ? "" : ".json"));
            if (k % 5 == 2) {
                Files.writeString(output, "old content, longer than some results files ".repeat(50));
            }
            Path summary;
            try (PerRow.Spool spool = PerRow.spool(dir)) {
                for (int i = 0; i < n; i++) {
                    switch (r.nextInt(3)) {
                        case 0 -> {
                            ProactiveScorer.Row row = proactiveRow(r, nodes);
                            spool.add(row);
                            perRow.add(row.node());
                        }
                        case 1 -> {
                            LongQaScorer.Scored s = scored(r, nodes);
                            spool.add(s);
                            perRow.add(s.node());
                        }
                        default -> {
                            ObjectNode o = r.nextInt(5) == 0 ? F.objectNode() : (ObjectNode) object(r, nodes);
                            spool.add(o);
                            perRow.add(o);
                        }
                    }
                }
                summary = spool.writeResults(output, head);
            }
            String why = "seed " + seed + " case " + k + " rows " + n;
            ObjectNode results = head.deepCopy();
            results.set("per_row", F.arrayNode().addAll(perRow));
            assertEquals(PyJson.dumps(results, PerRow.INDENT_2), Files.readString(output, StandardCharsets.UTF_8), why);
            assertEquals(PerRow.summaryPath(output), summary, why);
            assertEquals(PyJson.dumps(head, PerRow.INDENT_2), Files.readString(summary, StandardCharsets.UTF_8), why);
            try (var left = Files.list(dir)) {
                assertEquals(0, left.count(), why + ": the spool file is removed");
            }
            try (var left = Files.list(output.getParent())) {
                assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(f -> f.startsWith(".results"))
                        .toList(), why + ": no temporary results file is left");
            }
        }
    }

    /** The comparison itself sees an entry written at the wrong level. */
    @Test
    void aWrongWriterIsCaught() {
        PerRow.Entry wrong = new PerRow.Entry() {
            @Override
            public ObjectNode node() {
                return F.objectNode().put("index", 1).set("tags", F.arrayNode().add(2));
            }

            @Override
            public void writeTo(Utf8Sink out) {
                PyJson.dump(node(), PerRow.INDENT_2, 3, out);
            }
        };
        assertThrows(AssertionFailedError.class, () -> sameBytes(wrong, () -> "wrong level"));
    }

    /** writeTo's bytes (through a Utf8Sink) equal PyJson.dump of node() at level 2, encoded UTF-8. */
    private static void sameBytes(PerRow.Entry e, Supplier<String> why) throws IOException {
        StringBuilder sb = new StringBuilder();
        PyJson.dump(e.node(), PerRow.INDENT_2, 2, sb);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Utf8Sink sink = IoAccess.sink(bytes)) {
            e.writeTo(sink);
        }
        byte[] want = sb.toString().getBytes(StandardCharsets.UTF_8);
        byte[] got = bytes.toByteArray();
        if (!java.util.Arrays.equals(want, got)) {
            // The text (cut short around the first difference) says more than an array index.
            int at = java.util.Arrays.mismatch(want, got);
            Function<byte[], String> near = b -> new String(b, Math.max(0, at - 80),
                    Math.min(b.length, at + 80) - Math.max(0, at - 80), StandardCharsets.UTF_8);
            assertEquals(near.apply(want), near.apply(got), () -> why.get() + ": first difference at byte " + at);
            assertArrayEquals(want, got, why);
        }
    }

    private static ProactiveScorer.Row proactiveRow(SplittableRandom r, RandomNodes nodes) {
        int length = r.nextInt(5) == 0 ? 0 : r.nextInt(r.nextInt(10) == 0 ? 400 : 12);
        byte[] tags = new byte[length];
        for (int j = 0; j < length; j++) {
            tags[j] = (byte) ProactiveScorer.tagCode(r.nextBoolean(), r.nextInt(3));
        }
        int count = length == 0 || r.nextInt(4) != 0 ? length : r.nextInt(length + 1);
        return new ProactiveScorer.Row(nodes.anInt(), nodes.node(3), nodes.text(), nodes.anInt(), tags, count);
    }

    private static LongQaScorer.Scored scored(SplittableRandom r, RandomNodes nodes) {
        JsonNode category = nodes.node(3);
        return new LongQaScorer.Scored(nodes.anInt(), nodes.node(3), nodes.node(3), nodes.text(), nodes.text(),
                nodes.text(), r.nextBoolean(), category, nodes.text());
    }

    private static JsonNode object(SplittableRandom r, RandomNodes nodes) {
        JsonNode n;
        do {
            n = nodes.node(3);
        } while (!n.isObject());
        return n;
    }
}
