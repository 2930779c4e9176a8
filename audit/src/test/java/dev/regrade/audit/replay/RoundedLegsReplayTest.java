package dev.regrade.audit.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.RubricScripts;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * gas_stations results whose legs lie at the script's thresholds (290 and 510 miles a leg, 2291.1 miles a
 * route), written by the port as the runner stores them (no regrade object), replayed in both directions
 * (released → fixed, fixed → released). Properties: an exact after-score is the direct run of the
 * after-variant on the true legs (tree too); an interval holds it; every leg assignment within the
 * rounding that reproduces the stored tree has its after-score inside the interval; and an interval not
 * marked as a bound has both ends attained by such assignments.
 */
class RoundedLegsReplayTest {
    private static final double MPM = 1609.34;
    private static final String LA = "Los Angeles, CA";
    private static final RubricScript GAS = RubricScripts.byName("gas_stations").orElseThrow();
    private static final Path FILE = Paths.get("eval_results", "agent_01", "gas_stations", "answer_1", "results",
            "20251023_090000_answer_1.md.json");

    /** One answer: its stations' addresses and the maps tool's answers (metres, or an error text) by leg. */
    private record Trip(List<String> addresses, Map<String, Object> legs) {
        Object leg(String from, String to) {
            return legs.getOrDefault(from + "|" + to, "Distance not found");
        }
    }

    private static Run run(Trip trip, String variant) {
        ObjectNode extraction = JsonNodeFactory.instance.objectNode();
        ArrayNode stations = extraction.putArray("stations");
        for (int i = 0; i < trip.addresses().size(); i++) {
            stations.addObject().put("name", "Station " + (i + 1)).put("address", trip.addresses().get(i)).putNull("url");
        }
        extraction.putArray("urls");
        EvaluationContext ctx = EvaluationContext.of("answer").withNames("agent_01", "answer_1.md")
                .withExtractor(r -> extraction.deepCopy())
                .withJudge(r -> new JudgeReply("unused", true))
                .withPages(url -> Optional.of(new Page("", List.of())))
                .withMaps((a, b, mode) -> a.equals("Atlanta, GA") && b.equals(LA) ? "Distance not found" : trip.leg(a, b));
        Evaluator evaluator = new Evaluator(ctx);
        GAS.evaluate(evaluator, variant);
        ResultSummary s = ResultSummary.of(evaluator);
        return new Run(ResultJson.toJson(s), s.tree().orElseThrow(), s.finalScore());
    }

    private record Run(ObjectNode doc, ResultNode tree, double score) {
    }

    /** Legs at and around the thresholds, some refused, deterministic. */
    private static List<Trip> trips() {
        SplittableRandom random = new SplittableRandom(7);
        double[] legMiles = {289.96, 289.99, 290.01, 290.04, 509.96, 509.99, 510.01, 510.04, 400.0, 450.55, 600.0};
        double[] routeSlack = {-0.04, -0.01, 0.01, 0.04, -25.0, 30.0}; // around 2291.1 miles in all
        List<Trip> trips = new ArrayList<>();
        for (int t = 0; t < 160; t++) {
            int n = 4 + random.nextInt(2);
            List<String> addresses = new ArrayList<>();
            Map<String, Object> legs = new HashMap<>();
            double cumulative = 0;
            String previous = "Atlanta, GA";
            for (int i = 0; i < n; i++) {
                String address = i == 1 && random.nextInt(12) == 0 ? "" : (100 + i) + " Main St, Town " + t;
                addresses.add(address);
                double prev = legMiles[random.nextInt(legMiles.length)] + random.nextInt(3) * 0.001;
                if (!previous.isEmpty() && !address.isEmpty()) {
                    legs.put(previous + "|" + address, random.nextInt(25) == 0 ? (Object) "Distance not found"
                            : (Object) (int) Math.round(prev * MPM));
                }
                cumulative += prev;
                double end = i == n - 1 ? legMiles[random.nextInt(legMiles.length)]
                        : 2291.1 - cumulative + routeSlack[random.nextInt(routeSlack.length)];
                if (!address.isEmpty()) {
                    legs.put(address + "|" + LA, random.nextInt(30) == 0 ? (Object) "Distance not found"
                            : (Object) (int) Math.round(Math.max(end, 1) * MPM));
                }
                previous = address;
            }
            trips.add(new Trip(addresses, legs));
        }
        // Routes that pass up to the last station, whose leg to Los Angeles is at 290 or 510 miles: the one
        // comparison the fix changes decides the score.
        double[] lastMiles = {289.96, 289.98, 290.02, 290.04, 509.96, 509.98, 510.02, 510.04};
        for (int t = 0; t < 40; t++) {
            List<String> addresses = new ArrayList<>();
            Map<String, Object> legs = new HashMap<>();
            double last = lastMiles[t % lastMiles.length] + random.nextInt(20) * 0.001;
            double prev = (2182 - last) / 4 + random.nextInt(100) * 0.01;
            String previous = "Atlanta, GA";
            double cumulative = 0;
            for (int i = 0; i < 4; i++) {
                String address = (200 + i) + " Route Rd, Stop " + t;
                addresses.add(address);
                legs.put(previous + "|" + address, (int) Math.round(prev * MPM));
                cumulative += prev;
                double end = i == 3 ? last : 2182 - cumulative + random.nextInt(50);
                legs.put(address + "|" + LA, (int) Math.round(end * MPM));
                previous = address;
            }
            trips.add(new Trip(addresses, legs));
        }
        return trips;
    }

    @Test
    void everyAfterScoreIsTheDirectRunsOrAnIntervalHoldingItWithBothEndsAttained() {
        List<String> failures = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String[] direction : new String[][] {{"released", "fixed"}, {"fixed", "released"}}) {
            Replayer replayer = new Replayer(RubricScripts::byName, direction[0], direction[1]);
            int t = 0;
            for (Trip trip : trips()) {
                t++;
                Run before = run(trip, direction[0]);
                StoredResult stored = StoredResult.read(FILE, before.doc());
                ReplayResult r = replayer.replay(stored);
                Run truth = run(trip, direction[1]);
                String at = direction[0] + "→" + direction[1] + " trip " + t;
                if (r.status() != Status.REPLAYED) {
                    failures.add(at + ": " + r.status() + " " + r.reason());
                    continue;
                }
                if (r.exact()) {
                    counts.merge(direction[1] + " exact", 1, Integer::sum);
                    // The tree is given where every comparison is decided (else only the score is one).
                    counts.merge(direction[1] + " exact with its tree", r.afterTree() != null ? 1 : 0, Integer::sum);
                    if (r.afterMin() != truth.score() || r.afterTree() != null && !truth.tree().equals(r.afterTree())) {
                        failures.add(at + ": exact " + r.afterMin() + ", direct " + truth.score());
                    }
                    continue;
                }
                counts.merge(direction[1] + (r.bound() ? " bound" : " interval"), 1, Integer::sum);
                if (r.roundedUndecided().isEmpty() || !(r.afterMin() <= truth.score() && truth.score() <= r.afterMax())) {
                    failures.add(at + ": direct " + truth.score() + " outside [" + r.afterMin() + ", " + r.afterMax()
                            + "] or no comparison named");
                    continue;
                }
                // Leg values within the stored rounding: each that reproduces the stored tree scores inside the
                // interval, and (not a bound) both ends are among them.
                double[] seen = sampleAfterScores(trip, direction, before.tree(), failures, at, r);
                if (!r.bound() && (seen[0] != r.afterMin() || seen[1] != r.afterMax())) {
                    failures.add(at + ": interval [" + r.afterMin() + ", " + r.afterMax() + "], leg values reproducing "
                            + "the stored tree attain [" + seen[0] + ", " + seen[1] + "]");
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(counts.getOrDefault("fixed exact", 0) > 100, counts.toString());
        assertTrue(counts.getOrDefault("fixed exact with its tree", 0) > 50, counts.toString());
        assertTrue(counts.getOrDefault("released exact", 0) > 50, counts.toString());
        assertTrue(counts.getOrDefault("released interval", 0) > 5, counts.toString());
    }

    /**
     * The lowest and highest after-scores over leg assignments near the true ones that reproduce the stored
     * tree: each numeric leg alone moved through ±85 metres (about the width of its rounding) metre by metre,
     * then random moves of every leg at once; each such score must lie in the interval.
     */
    private static double[] sampleAfterScores(Trip trip, String[] direction, ResultNode storedTree, List<String> failures,
                                              String at, ReplayResult r) {
        List<Map<String, Object>> tries = new ArrayList<>();
        for (Map.Entry<String, Object> leg : trip.legs().entrySet()) {
            if (leg.getValue() instanceof Integer m) {
                for (int d = -85; d <= 85; d++) {
                    Map<String, Object> moved = new HashMap<>(trip.legs());
                    moved.put(leg.getKey(), m + d);
                    tries.add(moved);
                }
            }
        }
        SplittableRandom random = new SplittableRandom(11);
        for (int s = 0; s < 1000; s++) {
            Map<String, Object> moved = new HashMap<>();
            trip.legs().forEach((k, v) -> moved.put(k, v instanceof Integer m ? (Object) (m + random.nextInt(171) - 85) : v));
            tries.add(moved);
        }
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Map<String, Object> legs : tries) {
            Trip other = new Trip(trip.addresses(), legs);
            if (!run(other, direction[0]).tree().equals(storedTree)) {
                continue;
            }
            double score = run(other, direction[1]).score();
            if (score < r.afterMin() || score > r.afterMax()) {
                failures.add(at + ": leg values reproducing the stored tree score " + score + " outside ["
                        + r.afterMin() + ", " + r.afterMax() + "]");
                break;
            }
            low = Math.min(low, score);
            high = Math.max(high, score);
        }
        return new double[] {low, high};
    }
}
