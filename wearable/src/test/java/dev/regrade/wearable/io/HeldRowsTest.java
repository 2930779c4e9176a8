package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.wearable.ScorerAccess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HeldRows}: for any sequence of added nodes, {@code get(i)} and {@code open()} give each row back
 * equal ({@code equals}: node types and nested order count) with its fields in the same order (a row held
 * as it is: the same instance), before and after {@code trim()}, through growth past 1024 rows and past 256
 * distinct texts of a field; {@code concat} gives a's rows then b's and leaves both as they were.
 */
class HeldRowsTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Names a row may have; a held set is a subset, the others are "outside" fields. */
    private static final String[] POOL = {"video_path", "task", "__gold_tags__", "answers", "", "a", "b", "\u00e9",
        "\ud83d\ude00", "z"};
    /** The texts of a label-like field: repeated across rows. */
    private static final String[] LABELS = {"cooking", "repair", "", "\u00e9t\u00e9", "\ud83d\ude00", "x"};

    /** A seed's sequence of rows, the set it is held under, and the rows as added. */
    private record Case(Set<String> names, List<JsonNode> added, HeldRows held) {
    }

    @Test
    void anyRowsComeBackEqualInTheirFieldOrder() {
        int rows = 0;
        int whole = 0;
        for (long seed = 0; seed < 400; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            Case c = build(r, names(r), size(r, seed));
            String why = "seed " + seed + " names " + c.names();
            check(c.held(), c.added(), c.names(), why);
            c.held().trim();
            check(c.held(), c.added(), c.names(), why + " after trim");
            rows += c.added().size();
            whole += (int) c.added().stream().filter(n -> heldAsItIs(n, c.names())).count();
        }
        assertTrue(rows > 100_000, "rows checked: " + rows);
        assertTrue(whole > 10_000 && whole < rows / 2, "rows held as they are: " + whole + " of " + rows);
    }

    /** Rows counts around the first growth (1024) and well past it, a wide and an empty set of names. */
    @Test
    void growthAndEdgeSizes() {
        long seed = 1_000;
        for (int n : new int[] {0, 1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 5000}) {
            for (Set<String> names : List.of(Set.<String>of(), Set.of("video_path"), Set.of(POOL), wide(127))) {
                if (names.size() > 100 && n > 2049) {
                    continue; // the widest set: growth is already past by then
                }
                SplittableRandom r = new SplittableRandom(++seed);
                Case c = build(r, names, n);
                check(c.held(), c.added(), names, "seed " + seed + " n " + n + " names " + names.size());
                check(c.held().trim(), c.added(), names, "seed " + seed + " n " + n + " trimmed");
            }
        }
    }

    /**
     * A label field (few texts) shares one node per text; a field of more than 256 distinct texts keeps
     * them all right, those repeated after the 256th included; every row still equals the one added.
     */
    @Test
    void repeatedTextsAreSharedAndManyDistinctOnesKept() {
        Set<String> names = Set.of("video_path", "task");
        HeldRows held = new HeldRows(names);
        List<JsonNode> added = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(77);
        for (int i = 0; i < 3000; i++) {
            ObjectNode o = F.objectNode();
            // A fresh TextNode per row, as a parser makes them: the sharing is HeldRows' own.
            o.set("task", TextNode.valueOf(new String(LABELS[r.nextInt(LABELS.length)])));
            o.set("video_path", TextNode.valueOf(r.nextInt(4) == 0 ? "v" + r.nextInt(600) : "id-" + i));
            if (r.nextBoolean()) {
                o.set("task", o.remove("task")); // the other field order
            }
            held.add(o);
            added.add(o);
        }
        check(held, added, names, "labels and ids");
        for (int i = 1; i < added.size(); i++) {
            for (int j = Math.max(0, i - 50); j < i; j++) {
                JsonNode a = held.get(i).get("task");
                JsonNode b = held.get(j).get("task");
                if (a.equals(b)) {
                    assertSame(a, b, "rows " + j + " and " + i + " share their task text");
                }
            }
        }
        check(held.trim(), added, names, "labels and ids, trimmed");
    }

    @Test
    void concatIsAsRowsThenBsAndLeavesBothAsTheyWere() {
        for (long seed = 5_000; seed < 5_300; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            Set<String> names = names(r);
            Case a = build(r, names, size(r, seed));
            Case b = build(r, names, size(r, seed + 1));
            if (r.nextBoolean()) {
                a.held().trim();
            }
            if (r.nextBoolean()) {
                b.held().trim();
            }
            List<JsonNode> aBefore = rows(a.held());
            List<JsonNode> bBefore = rows(b.held());
            HeldRows c = a.held().concat(b.held());
            List<JsonNode> both = new ArrayList<>(a.added());
            both.addAll(b.added());
            String why = "seed " + seed + " names " + names + " sizes " + a.added().size() + "+" + b.added().size();
            check(c, both, names, why);
            check(a.held(), a.added(), names, why + " a afterwards");
            check(b.held(), b.added(), names, why + " b afterwards");
            assertEquals(aBefore, rows(a.held()), why);
            assertEquals(bBefore, rows(b.held()), why);
            // And once more: a concatenation concatenated (what two halves of halves would make).
            Case d = build(r, names, r.nextInt(50));
            List<JsonNode> all = new ArrayList<>(both);
            all.addAll(d.added());
            check(c.concat(d.held()), all, names, why + " then " + d.added().size());
        }
    }

    @Test
    void concatOfOtherNamesIsRefused() {
        HeldRows a = new HeldRows(Set.of("a"));
        HeldRows b = new HeldRows(Set.of("a", "b"));
        assertThrows(IllegalArgumentException.class, () -> a.concat(b));
    }

    /**
     * An EMPTY HeldRows, once trimmed (or the concat of two empty ones, which is trimmed), has arrays of
     * length 0; adding an object row of the names grows them (doubling alone left them at 0).
     */
    @Test
    void anEmptyTrimmedHeldRowsTakesMoreRows() {
        ObjectNode row = F.objectNode().put("a", 1);
        HeldRows trimmed = new HeldRows(Set.of("a")).trim();
        trimmed.add(row);
        check(trimmed, List.of(row), Set.of("a"), "after trim()");
        HeldRows joined = new HeldRows(Set.of("a")).concat(new HeldRows(Set.of("a")));
        joined.add(row);
        check(joined, List.of(row), Set.of("a"), "after concat of two empty ones");
    }

    /**
     * Rows.loaded as proactive reads its golden file (answers read as tags from their bytes, held as columns):
     * the rows are those of one sequential pass with {@code compact} applied, field order included, in one
     * pass and in two halves.
     */
    @Test
    void loadedRowsAreThoseOfASequentialPassCompacted(@TempDir Path tmp) throws IOException {
        Set<String> fields = Set.of("video_path", "task", "answers");
        Set<String> held = Set.of("video_path", "task", "__gold_tags__");
        String[] answers = {"[]", "[\"$interrupt$ now\"]", "[\" $interrupt$\", \"$silent$\", \"\"]", "[\"x\", 3]", "\"s\"",
            "null", "[\"\\u00e9\", \"$interrupt$\"]", "{\"a\": 1}"};
        String[] values = {"\"v\"", "\"\u00e9\"", "3", "null", "[1]", "{}", "\"\\ud83d\\ude00\""};
        long before = ParallelSplit.minBytes;
        try {
            for (long seed = 9_000; seed < 9_020; seed++) {
                ParallelSplit.minBytes = seed % 2 == 0 ? before : 1;
                SplittableRandom r = new SplittableRandom(seed);
                StringBuilder sb = new StringBuilder();
                for (int i = 0, n = seed % 4 == 0 ? 2_500 : r.nextInt(1, 200); i < n; i++) {
                    List<String> parts = new ArrayList<>();
                    if (r.nextInt(10) > 0) {
                        parts.add("\"video_path\": " + (r.nextBoolean() ? "\"id" + i + "\"" : values[r.nextInt(values.length)]));
                    }
                    if (r.nextInt(10) > 1) {
                        parts.add("\"task\": " + (r.nextBoolean() ? "\"t" + r.nextInt(5) + "\"" : values[r.nextInt(values.length)]));
                    }
                    if (r.nextInt(10) > 0) {
                        parts.add("\"answers\": " + answers[r.nextInt(answers.length)]);
                    }
                    if (r.nextInt(4) == 0) {
                        parts.add("\"dialog\": [\"q\"]");
                    }
                    java.util.Collections.shuffle(parts, new java.util.Random(r.nextLong()));
                    sb.append(r.nextInt(30) == 0 ? "[1, 2]" : "{" + String.join(", ", parts) + "}").append('\n');
                }
                Path p = tmp.resolve("golden" + seed + ".jsonl");
                Files.writeString(p, sb, StandardCharsets.UTF_8);
                List<JsonNode> want = new ArrayList<>();
                try (JsonlReader it = new JsonlReader(p, fields)) {
                    it.forEachRemaining(row -> want.add(ScorerAccess.compact(row)));
                }
                HeldRows got = (HeldRows) Rows.loaded(p, Set.of("video_path", "task"), "answers", ScorerAccess::compactFromBytes,
                        ScorerAccess::compact, held);
                // Rows of another pass: equal, not the same instances.
                check(got, want, "seed " + seed + " split " + (ParallelSplit.at(p) > 0), n -> false);
            }
        } finally {
            ParallelSplit.minBytes = before;
        }
    }

    /** Checks count, get, open and the bounds against the rows as added (a row held as it is: that instance). */
    private static void check(HeldRows held, List<JsonNode> added, Set<String> names, String why) {
        check(held, added, why, n -> heldAsItIs(n, names));
    }

    /** {@link #check(HeldRows, List, Set, String)}, the same instance asked only where {@code same} says. */
    private static void check(HeldRows held, List<JsonNode> added, String why, Predicate<JsonNode> same) {
        assertEquals(added.size(), held.count(), why);
        for (int i = 0; i < added.size(); i++) {
            sameRow(added.get(i), held.get(i), same, why + " row " + i);
        }
        try (Rows.RowIterator it = held.open()) {
            for (int i = 0; i < added.size(); i++) {
                assertTrue(it.hasNext(), why);
                JsonNode got = it.next();
                assertEquals(i, it.lastIndex(), why);
                sameRow(added.get(i), got, same, why + " open() row " + i);
            }
            assertFalse(it.hasNext(), why);
            assertThrows(NoSuchElementException.class, it::next, why);
        }
        for (int i : new int[] {-1, added.size(), added.size() + 1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertThrows(IndexOutOfBoundsException.class, () -> held.get(i), why + " get(" + i + ")");
        }
    }

    private static void sameRow(JsonNode want, JsonNode got, Predicate<JsonNode> same, String why) {
        assertEquals(want, got, why);
        assertEquals(fieldNames(want), fieldNames(got), why + " field order");
        if (same.test(want)) {
            assertSame(want, got, why + " held as it is");
        }
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** A non-object, or an object with a field outside the names. */
    private static boolean heldAsItIs(JsonNode n, Set<String> names) {
        if (!(n instanceof ObjectNode)) {
            return true;
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            if (!names.contains(it.next())) {
                return true;
            }
        }
        return false;
    }

    private static List<JsonNode> rows(HeldRows held) {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < held.count(); i++) {
            out.add(held.get(i));
        }
        return out;
    }

    /** A random subset of the pool (sometimes empty, sometimes all). */
    private static Set<String> names(SplittableRandom r) {
        Set<String> s = new TreeSet<>();
        int k = r.nextInt(10);
        for (String n : POOL) {
            if (k == 9 || (k > 0 && r.nextInt(3) != 0)) {
                s.add(n);
            }
        }
        return Set.copyOf(s);
    }

    private static int size(SplittableRandom r, long seed) {
        return seed % 20 == 0 ? r.nextInt(1024, 4000) : r.nextInt(seed % 7 == 0 ? 3 : 600);
    }

    private static Set<String> wide(int n) {
        Set<String> s = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            s.add("f" + i);
        }
        return Set.copyOf(s);
    }

    private static Case build(SplittableRandom r, Set<String> names, int n) {
        RandomNodes nodes = new RandomNodes(r, 0);
        List<String> inside = new ArrayList<>(new TreeSet<>(names));
        HeldRows held = new HeldRows(names);
        List<JsonNode> added = new ArrayList<>();
        JsonNode previous = null;
        for (int i = 0; i < n; i++) {
            JsonNode row = row(r, nodes, inside, names, previous);
            held.add(row);
            added.add(row);
            previous = row;
        }
        return new Case(names, added, held);
    }

    private static JsonNode row(SplittableRandom r, RandomNodes nodes, List<String> inside, Set<String> names,
                                JsonNode previous) {
        int k = r.nextInt(100);
        if (k < 8) {
            return nodes.node(2); // anything: a non-object mostly
        }
        if (k < 11) {
            return List.of(F.nullNode(), F.arrayNode().add(1).add(2), TextNode.valueOf("x"), F.numberNode(3),
                    F.numberNode(Double.NaN), F.booleanNode(true), F.arrayNode()).get(r.nextInt(7));
        }
        if (k < 14) {
            return F.objectNode();
        }
        if (k < 18 && previous instanceof ObjectNode p) {
            return p.deepCopy(); // the same shape and values again
        }
        if (k < 22 && previous != null) {
            return previous; // the very same node again
        }
        List<String> fields = new ArrayList<>(inside);
        java.util.Collections.shuffle(fields, new java.util.Random(r.nextLong()));
        int keep = k < 35 ? fields.size() : r.nextInt(fields.size() + 1);
        fields = new ArrayList<>(fields.subList(0, keep));
        if (k >= 90) {
            // A field outside the names, anywhere among them.
            String outside = r.nextBoolean() ? nodes.text() : POOL[r.nextInt(POOL.length)];
            if (!names.contains(outside)) {
                fields.add(r.nextInt(fields.size() + 1), outside);
            }
        }
        ObjectNode o = F.objectNode();
        for (String f : fields) {
            o.set(f, value(r, nodes, f));
        }
        return o;
    }

    private static JsonNode value(SplittableRandom r, RandomNodes nodes, String field) {
        int k = r.nextInt(10);
        if (k < 4 && (field.equals("task") || field.equals("a"))) {
            return TextNode.valueOf(LABELS[r.nextInt(LABELS.length)]);
        }
        if (k < 2) {
            return TextNode.valueOf("v" + r.nextInt(400)); // some repeats, more than 256 distinct
        }
        return nodes.node(2);
    }
}
