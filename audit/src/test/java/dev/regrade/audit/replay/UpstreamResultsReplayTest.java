package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.JsonField;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.TreeJson;
import dev.regrade.rubric.script.RubricScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The replay over the summaries the original Python scripts wrote on the original engine: the
 * golden cases of the script ports ({@code tools/scriptoracle}), each input run under the released
 * and the fixed script, under judges that accept, reject by claim and vote by sequence. Each released
 * summary is read as the runner stores it (no hash seed, no evaluation date but the case's), then
 * replayed: the self-check reproduces it (recovering the seed where the set order matters), under
 * the released variant it is exact and unchanged, and under the fixed variant the original's fixed
 * score and tree are the replay's exact ones (no claim changed) or the score lies in its interval, and
 * the all-fail and all-pass bounds are the enumerated interval (the README's monotonicity argument).
 */
class UpstreamResultsReplayTest {
    private static final Path GOLDEN = Paths.get("..", "scripts-2025_10_23", "src", "test", "resources", "dev",
            "regrade", "scripts", "v2025_10_23");

    @Test
    void everyReleasedSummaryOfTheOriginalReplays() throws IOException {
        Replayer same = new Replayer(RubricScripts::byName, "released", "released");
        Replayer toFixed = new Replayer(RubricScripts::byName, "released", "fixed");
        List<String> failures = new ArrayList<>();
        int replayed = 0;
        int exactFixed = 0;
        int intervals = 0;
        int seedsRecovered = 0;
        int edited = 0;
        int boundsChecked = 0;
        int ikeaRefused = 0;
        int needsModel = 0;
        int askedModel = 0;
        Replayer boundsOnly = new Replayer(RubricScripts::byName, "released", "fixed", 0, null, null, Replayer.DEFAULT_SEARCH_BUDGET);
        for (Path file : goldenFiles()) {
            JsonNode c = JsonFiles.parse(Files.readString(file));
            if (!c.path("variant").asText().equals("released") || !c.path("expected").has("summary")) {
                continue;
            }
            String task = file.getParent().getParent().getFileName().toString();
            StoredResult stored = asRunnerStoresIt(file, task, c);
            ReplayResult r = same.replay(stored);
            if (task.equals("gas_stations") && r.status() == Status.SKIPPED) {
                check(failures, file, r.reason().contains("maps tool"), r.reason()); // a leg's distance is not stored
                continue;
            }
            if (r.status() != Status.REPLAYED) {
                failures.add(file + ": " + r.status().value() + " " + r.reason());
                continue;
            }
            replayed++;
            seedsRecovered += r.hashSeed() != null && r.hashSeed() != 0 ? 1 : 0;
            check(failures, file, r.exact() && stored.finalScore().equals(r.afterMin()) && r.changedNodes().isEmpty(),
                    "not exact under its own variant: " + r);
            if (r.hashSeed() == null) { // an edited file fails (a seed-reading one would search every seed first)
                edited++;
                StoredResult edit = new StoredResult(stored.file(), task, stored.agent(), stored.answer(),
                        stored.finalScore(), stored.info(), flipFirstLeaf(stored.tree()), stored.evalDate(), null, stored.answerText());
                ReplayResult e = same.replay(edit);
                check(failures, file, e.status() == Status.MISMATCH && e.reason().startsWith("first differing node: "),
                        "edited file: " + e.status().value() + " " + e.reason());
            }
            Path partner = file.resolveSibling(file.getFileName().toString().replace("released", "fixed"));
            if (!Files.exists(partner)) {
                continue;
            }
            JsonNode fixedCase = JsonFiles.parse(Files.readString(partner));
            ReplayResult f = toFixed.replay(stored);
            if (f.status() == Status.NEEDS_MODEL) {
                // Extractions the stored run never made: no score without the model; with it (the case's own
                // extractions and judge table, as the original's scripted client answered), exactly the original's.
                needsModel++;
                check(failures, partner, f.afterMin() == null && !f.unknownExtractions().isEmpty()
                        && f.reason().contains(f.unknownExtractions().get(0)), "needs-model: " + f);
                JsonNode judge = fixedCase.get("judge");
                if (judge.has("sequence")) {
                    continue; // votes by sequence: not a rule of the claim
                }
                CaseModel model = new CaseModel(fixedCase.get("extractions"), q -> judge.path("table").has(q.claim())
                        ? judge.get("table").get(q.claim()).booleanValue() : judge.path("default").asBoolean(true));
                ReplayResult asked = toFixed.withModelForUnknowns(model).replay(stored);
                if (!fixedCase.path("expected").has("summary")) {
                    check(failures, partner, asked.status() == Status.REPLAYED && asked.afterError() != null,
                            "the original raises; the replay with the model: " + asked);
                    continue;
                }
                JsonNode truth = fixedCase.get("expected").get("summary");
                check(failures, partner, asked.status() == Status.REPLAYED && asked.exact() && model.extractionsAsked > 0
                        && Double.valueOf(truth.get("final_score").doubleValue()).equals(asked.afterMin())
                        && TreeJson.readStored(ResultJson.treeOf(JsonField.root(null, truth))).equals(asked.afterTree()),
                        "with the model: " + asked.afterMin() + ", original " + truth.get("final_score"));
                askedModel++;
                continue;
            }
            if (!fixedCase.path("expected").has("summary")) {
                continue; // the original raises
            }
            JsonNode truth = fixedCase.get("expected").get("summary");
            double truthScore = truth.get("final_score").doubleValue();
            if (f.exact()) {
                exactFixed++;
                Set<String> changed = new LinkedHashSet<>();
                for (Change ch : TreeDiff.diff(treeOf(c.get("expected").get("summary")), treeOf(truth))) {
                    changed.add(ch.nodeId());
                }
                check(failures, partner, f.afterMin() == truthScore, "exact " + f.afterMin() + ", original " + truthScore);
                check(failures, partner, new ArrayList<>(changed).equals(f.changedNodes()),
                        "changed " + f.changedNodes() + ", original " + changed);
                check(failures, partner, TreeJson.readStored(ResultJson.treeOf(JsonField.root(null, truth))).equals(f.afterTree()),
                        "the replayed after-tree is not the original's fixed tree");
            } else {
                intervals++;
                if (f.enumerated() && !task.equals("ikea_shopping_list")) { // the bounds argument (README)
                    ReplayResult bounds = boundsOnly.replay(stored);
                    check(failures, partner, !bounds.enumerated() && f.afterMin().equals(bounds.afterMin())
                            && f.afterMax().equals(bounds.afterMax()), "enumerated [" + f.afterMin() + ", "
                            + f.afterMax() + "], bounds [" + bounds.afterMin() + ", " + bounds.afterMax() + "]");
                    boundsChecked++;
                } else if (task.equals("ikea_shopping_list")) {
                    // Not monotone in its verdicts: beyond the enumeration it is skipped, never bounded.
                    ReplayResult bounds = boundsOnly.replay(stored);
                    check(failures, partner, bounds.status() == ReplayResult.Status.SKIPPED && bounds.afterMin() == null
                            && bounds.reason().contains("no interval is proven"), "ikea beyond the enumeration: "
                            + bounds.status() + " " + bounds.afterMin());
                    ikeaRefused++;
                }
                check(failures, partner, f.afterMin() != null && f.afterMin() <= truthScore && truthScore <= f.afterMax(),
                        "original " + truthScore + " outside [" + f.afterMin() + ", " + f.afterMax() + "]");
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(replayed > 150, "replayed " + replayed);
        assertTrue(exactFixed > 100, "exact " + exactFixed);
        assertTrue(intervals > 0, "intervals " + intervals);
        assertTrue(seedsRecovered > 0, "seeds recovered " + seedsRecovered);
        assertTrue(edited > 150, "edited " + edited);
        assertTrue(boundsChecked > 20, "bounds checked " + boundsChecked);
        assertTrue(ikeaRefused > 0, "ikea intervals refused beyond the enumeration " + ikeaRefused);
        assertTrue(needsModel > 10, "needs-model " + needsModel);
        assertTrue(askedModel > 10, "exact with the model " + askedModel);
    }

    /** The summary alone, as the runner writes it, with the case's evaluation date (the runner's clock) and answer (its copy). */
    private static StoredResult asRunnerStoresIt(Path file, String task, JsonNode c) {
        StoredResult read = StoredResult.read(file, c.get("expected").get("summary"));
        return new StoredResult(read.file(), task, read.agent(), read.answer(), read.finalScore(), read.info(),
                read.tree(), c.path("eval_date").asText(null), null, c.path("answer").asText(null));
    }

    /** The tree with its first leaf's verdict turned over (passed ↔ failed, anything else → passed). */
    private static ResultNode flipFirstLeaf(ResultNode n) {
        if (n.isLeaf()) {
            boolean pass = n.status() != dev.regrade.rubric.Status.PASSED;
            return new ResultNode(n.id(), n.desc(), n.critical(), pass ? 1.0 : 0.0,
                    pass ? dev.regrade.rubric.Status.PASSED : dev.regrade.rubric.Status.FAILED, n.strategy(), List.of());
        }
        List<ResultNode> children = new ArrayList<>(n.children());
        children.set(0, flipFirstLeaf(children.get(0)));
        return new ResultNode(n.id(), n.desc(), n.critical(), n.score(), n.status(), n.strategy(), children);
    }

    private static void check(List<String> failures, Path file, boolean ok, String message) {
        if (!ok) {
            failures.add(file.getParent().getParent().getFileName() + "/" + file.getFileName() + ": " + message);
        }
    }

    private static List<Path> goldenFiles() throws IOException {
        try (Stream<Path> s = Files.walk(GOLDEN)) {
            return s.filter(p -> p.getParent().getFileName().toString().equals("golden")
                    && p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static JsonNode treeOf(JsonNode doc) {
        JsonField tree = ResultJson.treeOf(JsonField.root(null, doc));
        return tree == null ? null : tree.node();
    }
}
