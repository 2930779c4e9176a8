package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyRound;
import dev.regrade.pycompat.PyStr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The upstream {@code summarize}: failed and missing rows are excluded, never counted as zero. */
public final class Summary {
    public static final String FORMULA = "0.9 * consistency + 0.1 * logic";
    public static final String SCALE = "0\u2013100";
    public static final String NOTE = "Failed/missing rows are excluded, never silently zero-filled. "
            + "Partial runs are not leaderboard-comparable.";

    /** The fields of a row that {@link #summarize} reads. */
    private static final List<String> SUMMARIZED = List.of("status", "task_id", "level", "vereval_100");

    private Summary() {
    }

    /**
     * @param results  the rows of this run: cached ok rows and the rows scored now (ok or error)
     * @param expected the number of benchmark rows
     */
    public static ObjectNode summarize(List<? extends JsonNode> results, int expected) {
        List<JsonNode> good = new ArrayList<>();
        int failed = 0;
        for (JsonNode r : results) {
            if (isOk(r)) {
                good.add(r);
            } else {
                failed++;
            }
        }
        Map<String, List<JsonNode>> byTask = new TreeMap<>(PyStr.ORDER);
        Map<JsonNode, List<JsonNode>> byLevel = new TreeMap<>(Summary::compareLevels);
        for (JsonNode r : good) {
            byTask.computeIfAbsent(r.get("task_id").textValue(), k -> new ArrayList<>()).add(r);
            byLevel.computeIfAbsent(r.get("level"), k -> new ArrayList<>()).add(r);
        }
        ObjectNode s = VerEvalJson.F.objectNode();
        s.put("formula", FORMULA);
        s.put("scale", SCALE);
        s.put("expected", expected);
        s.put("successful", good.size());
        s.put("failed", failed);
        s.put("missing", expected - results.size());
        s.put("complete", good.size() == expected);
        if (expected != 0) {
            s.put("coverage", (double) good.size() / expected);
        } else {
            s.put("coverage", 0);
        }
        putAvg(s, "micro_average", good);
        ObjectNode tasks = VerEvalJson.F.objectNode();
        double macroSum = 0;
        for (Map.Entry<String, List<JsonNode>> e : byTask.entrySet()) {
            ObjectNode t = tasks.putObject(e.getKey());
            t.put("count", e.getValue().size());
            putAvg(t, "score", e.getValue());
            macroSum += t.get("score").doubleValue();
        }
        if (byTask.isEmpty()) {
            s.putNull("task_macro_average");
        } else {
            s.put("task_macro_average", PyRound.round(macroSum / byTask.size(), 6));
        }
        s.set("by_task", tasks);
        ObjectNode levels = VerEvalJson.F.objectNode();
        for (Map.Entry<JsonNode, List<JsonNode>> e : byLevel.entrySet()) {
            ObjectNode l = levels.putObject(PyJsonValue.str(e.getKey()));
            l.put("count", e.getValue().size());
            putAvg(l, "score", e.getValue());
        }
        s.set("by_level", levels);
        s.put("note", NOTE);
        return s;
    }

    /**
     * The row as {@link #summarize} reads it: its {@code status}, {@code task_id}, {@code level} and
     * {@code vereval_100} (those present), so that a run keeps a few fields per row, not every row.
     */
    public static ObjectNode slim(JsonNode row) {
        ObjectNode s = VerEvalJson.F.objectNode();
        for (String key : SUMMARIZED) {
            JsonNode v = row.get(key);
            if (v != null) {
                s.set(key, v);
            }
        }
        return s;
    }

    static boolean isOk(JsonNode r) {
        JsonNode st = r.get("status");
        return st != null && st.isTextual() && st.textValue().equals("ok");
    }

    private static void putAvg(ObjectNode o, String key, List<JsonNode> rows) {
        if (rows.isEmpty()) {
            o.putNull(key);
            return;
        }
        double sum = 0;
        for (JsonNode r : rows) {
            sum += r.get("vereval_100").doubleValue();
        }
        o.put(key, PyRound.round(sum / rows.size(), 6));
    }

    /** Levels sort as Python sorts them: numbers numerically (the benchmark's levels are ints 1–3). */
    private static int compareLevels(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return Double.compare(a.doubleValue(), b.doubleValue());
        }
        return PyStr.compare(PyJsonValue.str(a), PyJsonValue.str(b));
    }
}
