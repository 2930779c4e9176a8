package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The replay's counts in one vocabulary, the same words in the console's summary line, the Markdown, the
 * HTML, the JSON ({@code counts}) and docs/replay.md: every status by its report name (a status added to
 * {@link Status} is counted here with no other change), then what the replayed results hold.
 *
 * @param rows one row per count, in reading order
 */
public record ReplayCounts(List<Row> rows) {
    /**
     * One count.
     *
     * @param key     its name in reports and in the JSON, e.g. {@code replayed}, {@code may_change}
     * @param label   its words, as in the summary line, e.g. {@code may change}
     * @param count   how many results
     * @param meaning what it counts, in one sentence for people
     * @param nested  true for a count of replayed results (shown indented under {@code replayed})
     */
    public record Row(String key, String label, long count, String meaning, boolean nested) {
    }

    public ReplayCounts {
        rows = List.copyOf(rows);
    }

    /** The counts of a report. */
    public static ReplayCounts of(ReplayReport report) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("results", "results", report.results().size(), "result files read", false));
        for (Status s : Status.values()) {
            rows.add(new Row(s.value(), s.value(), report.count(s), meaning(s), false));
            if (s == Status.REPLAYED) {
                long unknown = report.results().stream().filter(r -> r.status() == Status.REPLAYED && !r.exact()
                        && !r.unknownClaims().isEmpty()).count();
                long rounded = report.results().stream().filter(r -> r.status() == Status.REPLAYED && !r.exact()
                        && !r.roundedUndecided().isEmpty()).count();
                long overSeeds = report.results().stream().filter(r -> r.status() == Status.REPLAYED
                        && r.seedsSampled() > 0).count();
                long raises = report.results().stream()
                        .filter(r -> r.status() == Status.REPLAYED && r.afterMin() == null).count();
                rows.add(new Row("may_change", "may change", report.changed(),
                        "the after-score differs from the stored score, or is an interval [min, max] holding "
                                + "another score", true));
                rows.add(new Row("unknown_verdicts", "with unknown verdicts", unknown,
                        "the after-variant sends a claim the stored run never sent: the after-score is the interval "
                                + "over its verdicts (exact with --judge-url)", true));
                rows.add(new Row("rounded", "undecided by a rounded number", rounded,
                        "a comparison on a number the result stores only rounded (gas_stations' legs) goes either way "
                                + "within the rounding: the after-score is the interval over it", true));
                rows.add(new Row("over_seeds", "over hash seeds", overSeeds,
                        ReplayReport.seedRange(Replayer.AFTER_SEED_SAMPLE) + ", never exact", true));
                rows.add(new Row("raises", "raises", raises,
                        "the after-variant raises on the stored data under every assignment (the Python error is "
                                + "shown); left out of the after-metrics as the runner leaves it out", true));
            }
        }
        return new ReplayCounts(rows);
    }

    /** What a status means; a status this class does not know yet is shown with its name alone. */
    static String meaning(Status s) {
        return switch (s.value()) {
            case "replayed" -> "rebuilt under --before exactly as stored (the self-check), then re-scored under "
                    + "--after";
            case "mismatch" -> "the stored tree is not what --before rebuilds (a hand edit, another script or "
                    + "engine); in no total";
            case "over-budget" -> "the self-check's search for the PYTHONHASHSEED or evaluation date ran out of "
                    + "--search-budget before reproducing the stored tree (not proven a mismatch: raise the budget); "
                    + "in no total";
            case "skipped" -> "cannot be rebuilt from what the result stores (the reason is shown); in no total";
            default -> "";
        };
    }

    /** The count under {@code key}. */
    public long count(String key) {
        return rows.stream().filter(r -> r.key().equals(key)).mapToLong(Row::count).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no count " + key));
    }

    /** The counts as the JSON's {@code counts} object: key to count, in reading order. */
    public ObjectNode json() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        rows.forEach(r -> o.put(r.key(), r.count()));
        return o;
    }
}
