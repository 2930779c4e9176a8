package dev.regrade.audit.replay;

import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.audit.replay.ReplayWorld.Run;
import dev.regrade.audit.replay.RoundedBox.Condition;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.script.RubricScript;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The replay of a result whose maps answers are known only rounded (gas_stations' legs): every leg is the
 * interval of whole metres its renderings allow ({@link GasStationLegs}, narrowed by {@link RoundedBox}).
 * Each comparison the after-variant makes on a leg is decided over that whole box or not; for every
 * outcome of the undecided ones (at most {@link #UNDECIDED_ENUMERATED}), a point of the box with those
 * outcomes that makes the before-variant reproduce the stored tree exactly is searched
 * ({@link #WITNESS_TRIES} points each) and the after-variant is run there. The after-score is exact when
 * every outcome gives one score; else the interval of the outcomes' scores, whose ends are attained by
 * leg values reproducing the stored tree, or marked as a bound where an end was computed at a point not
 * proven to reproduce it. Skipped only when the tree cannot be read as the script's or no reproducing
 * point is found.
 */
final class RoundedReplay {
    /** Undecided comparisons whose outcomes are enumerated (2^4 combinations) before the replay gives up. */
    static final int UNDECIDED_ENUMERATED = 4;
    /** Points of the box tried per combination of outcomes when searching one that reproduces the stored tree. */
    static final int WITNESS_TRIES = 64;
    /** Moves spent repairing one start point into one that satisfies every condition the stored tree states. */
    static final int REPAIR_STEPS = 400;

    private RoundedReplay() {
    }

    /** Whether this replay applies: the before-run failed only for a leg's distance of a task it models. */
    static boolean applies(StoredResult stored, Run check) {
        return GasStationLegs.TASK.equals(stored.task()) && check.mapsProblem != null && check.mapsProblemCall >= 1;
    }

    static ReplayResult replay(StoredResult stored, RubricScript script, ReplayWorld world, String before, String after,
                               LocalDate date, long seed, Long seedUsed) {
        for (String v : List.of(before, after)) {
            if (!v.equals("released") && !v.equals("fixed")) {
                return skipped(stored, "the model of gas_stations' legs knows the variants released and fixed, not "
                        + v, seedUsed);
            }
        }
        GasStationLegs.Result<GasStationLegs> read = GasStationLegs.of(stored, before.equals("fixed"), after.equals("fixed"));
        if (read.problem() != null) {
            // The script writes these nodes and descriptions whatever the legs: no leg values reproduce this tree.
            return ReplayResult.notReplayed(stored, Status.MISMATCH, "no leg distances make the script write this "
                    + "tree: " + read.problem(), seedUsed);
        }
        GasStationLegs legs = read.value();
        RoundedBox box = legs.box.copy();
        List<Condition> known = legs.required(box, List.of());
        if (known == null) {
            return ReplayResult.notReplayed(stored, Status.MISMATCH, "no leg distances (whole metres) render as the "
                    + "stored descriptions show them with the stored statuses", seedUsed);
        }
        Map<String, Condition> undecided = new LinkedHashMap<>();
        List<Condition> afterConditions = new ArrayList<>();
        for (List<Condition> conj : legs.after.conjunctions().values()) {
            if (conj != null) {
                afterConditions.addAll(conj);
                if (conj.stream().anyMatch(c -> Boolean.FALSE.equals(GasStationLegs.outcome(box, known, c)))) {
                    continue; // the node fails whatever its other comparisons give
                }
                conj.stream().filter(c -> GasStationLegs.outcome(box, known, c) == null)
                        .forEach(c -> undecided.putIfAbsent(c.name(), c));
            }
        }
        if (undecided.size() > UNDECIDED_ENUMERATED) {
            return skipped(stored, undecided.size() + " comparisons on legs known only rounded are undecided (more "
                    + "than the " + UNDECIDED_ENUMERATED + " enumerated): " + String.join("; ", undecided.keySet()), seedUsed);
        }
        List<Condition> open = List.copyOf(undecided.values());
        ReplayWorld.Verdicts stored_ = (request, prompt, run) -> world.storedVerdict(request.nodeId());
        Double min = null;
        Double max = null;
        boolean minAttained = false;
        boolean maxAttained = false;
        String error = null;
        ResultNode tree = null;
        boolean witnessed = false;
        Set<String> changed = new LinkedHashSet<>();
        for (int bits = 0; bits < 1 << open.size(); bits++) {
            List<Condition> outcome = new ArrayList<>();
            for (int j = 0; j < open.size(); j++) {
                outcome.add((bits >> j & 1) == 1 ? open.get(j) : open.get(j).negated());
            }
            RoundedBox b = box.copy();
            List<Condition> required = legs.required(b, outcome);
            if (required == null) {
                continue; // no leg values give this outcome with the stored tree
            }
            long[] witness = null;
            long[] anyPoint = null;
            for (long[] start : b.empty() ? List.<long[]>of() : b.candidates(WITNESS_TRIES)) {
                long[] p = b.repair(required, start, REPAIR_STEPS);
                if (p == null) {
                    continue;
                }
                anyPoint = anyPoint == null ? p : anyPoint;
                Run check = world.withLegs(legs.calls, legs.answers(p)).run(script, before, seed, date, stored_);
                if (check.mapsProblem == null && Replayer.selfCheckProblem(stored, check) == null) {
                    witness = p;
                    break;
                }
            }
            if (anyPoint == null) {
                // Not shown possible, nor shown impossible: the after-score depends only on the outcomes of the
                // after-variant's comparisons, so a point giving exactly those outcomes scores this combination.
                List<Condition> outcomes = new ArrayList<>(outcome);
                for (Condition c : afterConditions) {
                    Boolean o = GasStationLegs.outcome(box, known, c);
                    if (o != null) {
                        outcomes.add(o ? c : c.negated());
                    }
                }
                anyPoint = outcomes.contains(null) ? null : b.repair(outcomes, b.mid(), REPAIR_STEPS);
            }
            long[] at = witness != null ? witness : anyPoint;
            if (at == null) {
                return skipped(stored, "legs known only rounded leave " + describe(outcome) + " possible, but none of "
                        + WITNESS_TRIES + " points tried gives it", seedUsed);
            }
            Run run = world.withLegs(legs.calls, legs.answers(at)).run(script, after, seed, date, stored_);
            if (run.mapsProblem != null) {
                return skipped(stored, "the after-variant: " + run.mapsProblem, seedUsed);
            }
            if (run.crash != null) {
                error = error == null ? run.crash : error;
                continue;
            }
            double score = run.finalScore == null ? 0.0 : run.finalScore;
            boolean attained = witness != null;
            if (min == null || score < min || score == min && attained) {
                minAttained = min == null || score < min ? attained : minAttained || attained;
                min = min == null ? score : Math.min(min, score);
            }
            if (max == null || score > max || score == max && attained) {
                maxAttained = max == null || score > max ? attained : maxAttained || attained;
                max = max == null ? score : Math.max(max, score);
            }
            if (attained) {
                witnessed = true;
                tree = tree == null ? run.tree : tree;
                for (Change c : TreeDiff.diff(stored.tree(), run.tree)) {
                    changed.add(c.nodeId());
                }
            }
        }
        if (!witnessed) {
            String ruledOut = legIndependentProblem(stored, legs,
                    world.withLegs(legs.calls, legs.answers(box.mid())).run(script, before, seed, date, stored_));
            if (ruledOut != null) {
                return ReplayResult.notReplayed(stored, Status.MISMATCH, ruledOut, seedUsed);
            }
            return skipped(stored, "no leg distances reproducing the stored tree were found (" + WITNESS_TRIES
                    + " points tried per outcome of " + (open.isEmpty() ? "the comparisons" : describe(open)) + ")", seedUsed);
        }
        boolean exact = min != null && min.equals(max) && minAttained;
        // The tree is one only when every comparison is decided; else the score may be one while statuses vary.
        tree = open.isEmpty() ? tree : null;
        List<String> undecidedNames = exact ? List.of() : List.copyOf(undecided.keySet());
        return new ReplayResult(stored.file(), stored.task(), stored.agent(), stored.answer(), Status.REPLAYED, null,
                stored.finalScore(), min, max, exact, true, seedUsed, null, null, List.copyOf(changed), List.of(),
                List.of(), undecidedNames, min != null && !(minAttained && maxAttained), error, 0,
                exact ? tree : null, 0);
    }

    /**
     * A difference from the stored result that no leg values can explain, at a run under some leg values, or
     * null: anything but the status, score or description of a leg-dependent node and the status or score of a
     * node above one (a leaf that does not depend on a leg, a structure, a record, a final score that is not
     * the root's).
     */
    static String legIndependentProblem(StoredResult stored, GasStationLegs legs, Run run) {
        if (run.crash != null || !run.missingExtractions.isEmpty() || run.tree == null || run.mapsProblem != null) {
            return Replayer.selfCheckProblem(stored, run);
        }
        if (!stored.finalScore().equals(stored.tree().score())) {
            return "final_score: " + stored.finalScore() + " stored, but the stored root scores " + stored.tree().score();
        }
        String info = Replayer.infoProblem(stored, run);
        if (info != null) {
            return info;
        }
        Set<String> leaves = new java.util.HashSet<>();
        leaves(stored.tree(), leaves);
        for (Change c : TreeDiff.diff(stored.tree(), run.tree)) {
            boolean legNode = legs.before.conjunctions().containsKey(c.nodeId())
                    && List.of("status", "score", "desc").contains(c.kind());
            boolean above = !leaves.contains(c.nodeId()) && List.of("status", "score").contains(c.kind());
            if (!legNode && !above) {
                return "first differing node: " + c.describe() + " (whatever the legs' distances)";
            }
        }
        return null;
    }

    private static void leaves(ResultNode n, Set<String> out) {
        if (n.isLeaf()) {
            out.add(n.id());
        }
        n.children().forEach(c -> leaves(c, out));
    }

    private static String describe(List<Condition> outcome) {
        return outcome.isEmpty() ? "the decided comparisons"
                : String.join(" and ", outcome.stream().map(Condition::name).toList());
    }

    private static ReplayResult skipped(StoredResult stored, String reason, Long seed) {
        return ReplayResult.notReplayed(stored, Status.SKIPPED, reason, seed);
    }
}
