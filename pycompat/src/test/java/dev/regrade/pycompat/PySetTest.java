package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PySetTest {

    private static final List<String> FRUIT = List.of("apple", "banana", "cherry", "apple", "date");

    @Test
    void examplesCheckedWithPython() {
        // PYTHONHASHSEED=0 python3 -c "print(list(set(['apple','banana','cherry','apple','date'])))"
        assertEquals(List.of("banana", "date", "apple", "cherry"), PySet.iterationOrder(FRUIT, 0));
        // PYTHONHASHSEED=42
        assertEquals(List.of("apple", "cherry", "banana", "date"), PySet.iterationOrder(FRUIT, 42));
        assertEquals(List.of(), PySet.iterationOrder(List.of(), 7));
    }

    @Test
    void stringHashesMatchPythonExamples() {
        // PYTHONHASHSEED=0: hash('apple'), hash(''), hash('ß'), hash('😀')
        long[] key0 = PyHash.key(0);
        assertEquals(-2003999543335776700L, PyHash.strHash("apple", key0));
        assertEquals(0L, PyHash.strHash("", key0));
        assertEquals(-4871508398490012646L, PyHash.strHash("ß", key0));
        assertEquals(-3536540696076613844L, PyHash.strHash("\uD83D\uDE00", key0));
        // PYTHONHASHSEED=42: hash('apple')
        assertEquals(6916044473497999889L, PyHash.strHash("apple", PyHash.key(42)));
    }

    @Test
    void rejectsSeedsPythonRejects() {
        assertThrows(IllegalArgumentException.class, () -> PySet.iterationOrder(FRUIT, -1));
        assertThrows(IllegalArgumentException.class, () -> PySet.iterationOrder(FRUIT, 4294967296L));
    }

    @Test
    void stringHashesMatchPythonForSeeds0To100() {
        List<String> pool = pool();
        Vectors.Mismatches m = new Vectors.Mismatches("hash(str)");
        for (JsonNode row : Vectors.lines("str_hash.jsonl")) {
            long seed = row.get(0).asLong();
            String s = pool.get(row.get(1).asInt());
            long expected = Long.parseLong(row.get(2).asText());
            long actual = PyHash.strHash(s, PyHash.key(seed));
            m.check(expected == actual, () -> "PYTHONHASHSEED=" + seed + " hash(" + Vectors.show(s)
                    + "): python " + expected + ", java " + actual);
        }
        m.assertNone(2000);
    }

    @Test
    void iterationOrderMatchesPythonForSeeds0To100() {
        List<String> pool = pool();
        Vectors.Mismatches m = new Vectors.Mismatches("list(set(items))");
        for (JsonNode row : Vectors.lines("set_order.jsonl")) {
            long seed = row.get(0).asLong();
            int start = row.get(1).asInt();
            int n = row.get(2).asInt();
            List<String> items = pool.subList(start, start + n);
            List<String> expected = new ArrayList<>();
            for (JsonNode i : row.get(3)) {
                expected.add(items.get(i.asInt()));
            }
            List<String> actual = PySet.iterationOrder(items, seed);
            m.check(expected.equals(actual), () -> "PYTHONHASHSEED=" + seed + " list(set("
                    + PyRepr.repr(items) + ")):\n    python " + PyRepr.repr(expected)
                    + "\n    java   " + PyRepr.repr(actual));
        }
        m.assertNone(5000);
    }

    @Test
    void iterationOrderMatchesPythonForCollidingStrings() {
        Vectors.Mismatches m = new Vectors.Mismatches("list(set(items)) with colliding hashes");
        for (JsonNode row : Vectors.lines("set_order_clustered.jsonl")) {
            long seed = row.get(0).asLong();
            List<String> items = new ArrayList<>();
            for (JsonNode s : row.get(1)) {
                items.add(s.asText());
            }
            List<String> expected = new ArrayList<>();
            for (JsonNode i : row.get(2)) {
                expected.add(items.get(i.asInt()));
            }
            List<String> actual = PySet.iterationOrder(items, seed);
            m.check(expected.equals(actual), () -> "PYTHONHASHSEED=" + seed + " list(set("
                    + PyRepr.repr(items) + ")):\n    python " + PyRepr.repr(expected)
                    + "\n    java   " + PyRepr.repr(actual));
        }
        m.assertNone(400);
    }

    private static List<String> pool() {
        List<String> pool = new ArrayList<>();
        for (JsonNode s : Vectors.json("set_pool.json")) {
            pool.add(s.asText());
        }
        return pool;
    }
}
