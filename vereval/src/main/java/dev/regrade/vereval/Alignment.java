package dev.regrade.vereval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJsonValue;
import dev.regrade.pycompat.PyKeyError;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyValueError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Question IDs and the strict ID join of predictions to the benchmark (upstream {@code canonical_id}, {@code align}). */
public final class Alignment {
    /** Python {@code re.fullmatch(r"[123]_L[123]\.\d+_.+", qid)}: {@code \d} is any Unicode digit, {@code .} no newline. */
    private static final Pattern ID = Pattern.compile("[123]_L[123]\\.\\p{Nd}+_[^\\n]+");

    /** The jobs to score (benchmark fields, {@code prediction}, {@code input_question_id}) and the missing IDs, sorted. */
    public record Aligned(List<ObjectNode> jobs, List<String> missing) {
        public Aligned {
            jobs = List.copyOf(jobs);
            missing = List.copyOf(missing);
        }
    }

    private Alignment() {
    }

    /**
     * The canonical question ID: {@code <level>_<task>_<suffix>} checked (level digit equals the
     * task's), and with {@code legacy} the tasks L2.5 and L3.3 swapped (level rebuilt, suffix kept).
     *
     * @throws PyValueError "Invalid question ID: …" or "Level/task mismatch: …"
     */
    public static String canonicalId(JsonNode qid, boolean legacy) {
        if (qid == null || !qid.isTextual() || !ID.matcher(qid.textValue()).matches()) {
            throw new PyValueError("Invalid question ID: " + (qid == null ? "None" : PyJsonValue.repr(qid)));
        }
        return canonicalId(qid.textValue(), legacy);
    }

    /** {@link #canonicalId(JsonNode, boolean)} for a string. */
    public static String canonicalId(String qid, boolean legacy) {
        if (qid == null || !ID.matcher(qid).matches()) {
            throw new PyValueError("Invalid question ID: " + (qid == null ? "None" : dev.regrade.pycompat.PyRepr.repr(qid)));
        }
        int a = qid.indexOf('_');
        int b = qid.indexOf('_', a + 1);
        String level = qid.substring(0, a);
        String task = qid.substring(a + 1, b);
        String suffix = qid.substring(b + 1);
        if (!level.equals(task.substring(1, 2))) {
            throw new PyValueError("Level/task mismatch: " + qid);
        }
        if (legacy) {
            task = task.equals("L2.5") ? "L3.3" : task.equals("L3.3") ? "L2.5" : task;
        }
        return task.charAt(1) + "_" + task + "_" + suffix;
    }

    /**
     * The upstream {@code align}: benchmark IDs must be unique and agree with {@code task_id}/{@code level};
     * each prediction (key {@code question_id} or legacy {@code id}; answer {@code prediction} or legacy
     * {@code generated}, a string, possibly empty) must name a distinct benchmark ID and may repeat the
     * question text and video name only exactly. {@code answer} is never taken as the prediction.
     *
     * @throws PyValueError on any mismatch, on no predictions, and on missing ones without {@code allowPartial}
     * @throws PyKeyError   when a benchmark row lacks a needed field
     */
    public static Aligned align(List<ObjectNode> benchmark, List<ObjectNode> predictions, boolean legacy,
                                boolean allowPartial) {
        Map<String, ObjectNode> truth = new LinkedHashMap<>();
        for (ObjectNode row : benchmark) {
            String qid = canonicalId(need(row, "question_id"), false);
            if (truth.containsKey(qid)) {
                throw new PyValueError("Duplicate benchmark ID: " + qid);
            }
            JsonNode task = need(row, "task_id");
            String level = PyJsonValue.str(need(row, "level"));
            if (!task.isTextual() || !task.textValue().equals(qid.split("_")[1]) || !level.equals(qid.substring(0, 1))) {
                throw new PyValueError("Inconsistent benchmark metadata: " + qid);
            }
            truth.put(qid, row);
        }
        List<ObjectNode> jobs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ObjectNode pred : predictions) {
            JsonNode rawId = pred.has("question_id") ? pred.get("question_id") : pred.get("id");
            if (pred.has("question_id") && pred.has("id") && !PyJsonValue.equals(pred.get("question_id"), pred.get("id"))) {
                throw new PyValueError("Conflicting id and question_id");
            }
            String qid = canonicalId(rawId, legacy);
            if (seen.contains(qid) || !truth.containsKey(qid)) {
                throw new PyValueError("Duplicate or unknown prediction ID: " + qid);
            }
            seen.add(qid);
            ObjectNode gt = truth.get(qid);
            if (pred.has("question") && !PyJsonValue.equals(pred.get("question"), gt.get("question"))) {
                throw new PyValueError("Question text mismatch: " + qid);
            }
            for (String key : new String[] {"video_path", "video"}) {
                if (pred.has(key) && !baseName(pathText(pred.get(key))).equals(baseName(pathText(need(gt, "video_path"))))) {
                    throw new PyValueError("Video mismatch: " + qid);
                }
            }
            JsonNode candidate = pred.has("prediction") ? pred.get("prediction") : pred.get("generated");
            if (pred.has("prediction") && pred.has("generated")
                    && !PyJsonValue.equals(pred.get("prediction"), pred.get("generated"))) {
                throw new PyValueError("Conflicting prediction/generated: " + qid);
            }
            if (candidate == null || !candidate.isTextual()) {
                throw new PyValueError("Missing string prediction/generated: " + qid
                        + "; 'answer' is ground truth, not prediction");
            }
            ObjectNode job = gt.deepCopy();
            job.set("prediction", candidate);
            job.set("input_question_id", rawId);
            jobs.add(job);
        }
        TreeSet<String> missing = new TreeSet<>(PyStr.ORDER);
        missing.addAll(truth.keySet());
        missing.removeAll(seen);
        if (jobs.isEmpty()) {
            throw new PyValueError("No predictions to evaluate");
        }
        if (!missing.isEmpty() && !allowPartial) {
            throw new PyValueError("Missing " + missing.size() + " / " + truth.size()
                    + " predictions; use --allow-partial explicitly");
        }
        return new Aligned(jobs, new ArrayList<>(missing));
    }

    static JsonNode need(ObjectNode row, String key) {
        JsonNode v = row.get(key);
        if (v == null) {
            throw PyKeyError.forKey(key);
        }
        return v;
    }

    private static String pathText(JsonNode v) {
        if (!v.isTextual()) {
            throw new dev.regrade.pycompat.PyTypeError("expected str, bytes or os.PathLike object, not "
                    + PyJsonValue.typeName(v));
        }
        return v.textValue();
    }

    /** {@code pathlib.PurePosixPath(p).name}: the last component, ignoring empty and "." components. */
    static String baseName(String p) {
        String last = "";
        for (String part : p.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                last = part;
            }
        }
        return last;
    }
}
