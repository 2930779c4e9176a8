package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.run.GuardedJudge;
import dev.regrade.audit.run.JudgeUnavailableException;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Status;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.json.ResultSummary;
import dev.regrade.rubric.port.EvalClock;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.script.RubricScript;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The world a stored result describes: extractions answered from its {@code info} records (by
 * extraction name and occurrence, in call order), verdicts decided by a {@link Verdicts} policy,
 * every page present (its text is not stored; only prompts of the same replay world are compared),
 * and the maps tool's answers where the result determines them ({@link StoredDistances}; a run that
 * asks any other cannot be replayed).
 */
final class ReplayWorld {
    /** A result does not store the answer text: without the runner's copy, prompts carry this, in both variants alike. */
    private static final String NO_ANSWER = "";
    private static final Page BLANK = new Page("", List.of());

    /** How a replay run answers a judge request. */
    interface Verdicts {
        /** The verdict for a request whose full prompt is {@code prompt}. */
        boolean verdict(JudgeRequest request, String prompt, Run run);
    }

    private final StoredResult stored;
    private final Map<String, List<JsonNode>> extractions = new HashMap<>();
    private final Map<String, Boolean> leafVerdicts = new HashMap<>();
    private final StoredDistances distances;
    /** The calls after the first and their answers, where a model of the stored legs supplies them; else null. */
    private final List<GasStationLegs.Call> legCalls;
    private final List<Object> legAnswers;

    ReplayWorld(StoredResult stored) {
        this(stored, null, null);
    }

    /** The same world with the maps tool's answers after the first given (gas_stations' legs at one assignment). */
    ReplayWorld withLegs(List<GasStationLegs.Call> calls, List<Object> answers) {
        return new ReplayWorld(stored, calls, answers);
    }

    private ReplayWorld(StoredResult stored, List<GasStationLegs.Call> legCalls, List<Object> legAnswers) {
        this.legCalls = legCalls;
        this.legAnswers = legAnswers;
        this.stored = stored;
        this.distances = StoredDistances.of(stored);
        for (JsonNode record : stored.info()) {
            String name = record.fieldNames().next();
            extractions.computeIfAbsent(name, k -> new ArrayList<>()).add(record.get(name));
        }
        if (stored.tree() != null) {
            collectLeaves(stored.tree());
        }
    }

    private void collectLeaves(ResultNode node) {
        if (node.isLeaf()) {
            leafVerdicts.putIfAbsent(node.id(), node.status() == Status.PASSED);
        }
        node.children().forEach(this::collectLeaves);
    }

    /** The stored verdict of a leaf: passed is supported, anything else is not. */
    boolean storedVerdict(String nodeId) {
        return nodeId != null && leafVerdicts.getOrDefault(nodeId, false);
    }

    /** Runs one variant of the script in this world, with no model for an extraction the result lacks. */
    Run run(RubricScript script, String variant, long hashSeed, LocalDate date, Verdicts verdicts) {
        return run(script, variant, hashSeed, date, verdicts, null);
    }

    /**
     * Runs one variant of the script in this world on the evaluation date {@code date}; an extraction the
     * result does not hold goes to {@code model} when given (the {@code --judge-url} endpoint), else fails.
     */
    Run run(RubricScript script, String variant, long hashSeed, LocalDate date, Verdicts verdicts, Extractor model) {
        return run(script, variant, hashSeed, date, verdicts, model, false);
    }

    /**
     * One attempt of the self-check's search (another PYTHONHASHSEED or evaluation date): the run stops at the first
     * extraction the result does not hold, since a run that requests one never reproduces the stored tree (the
     * self-check fails on it whatever follows: {@link Replayer#selfCheckProblem}). Only whether the attempt
     * reproduces the tree is read from it; its other fields are those of the run up to that point.
     */
    Run attempt(RubricScript script, String variant, long hashSeed, LocalDate date, Verdicts verdicts) {
        return run(script, variant, hashSeed, date, verdicts, null, true);
    }

    /** Thrown out of a search attempt at its first missing extraction: an {@link Error}, which no port catches. */
    private static final class Doomed extends Error {
        private static final long serialVersionUID = 1L;

        Doomed() {
            super(null, null, false, false);
        }
    }

    private Run run(RubricScript script, String variant, long hashSeed, LocalDate date, Verdicts verdicts,
                    Extractor model, boolean stopWhenDoomed) {
        Run run = new Run();
        Map<String, Integer> occurrences = new HashMap<>();
        EvaluationContext ctx = EvaluationContext.of(stored.answerText() != null ? stored.answerText() : NO_ANSWER)
                .withNames(stored.agent(), stored.answer())
                .withExtractor(request -> {
                    String name = request.extractionName();
                    run.extracted.add(name);
                    int k = occurrences.merge(name, 1, Integer::sum) - 1;
                    List<JsonNode> values = extractions.getOrDefault(name, List.of());
                    if (k >= values.size()) {
                        run.missingExtractions.add(k == 0 ? name : name + " #" + (k + 1));
                        if (stopWhenDoomed) {
                            throw new Doomed();
                        }
                        if (model != null) {
                            run.modelCalls++;
                            return model.extract(request);
                        }
                        // The engine answers a failed extraction with the template's empty instance; a run that
                        // met one is never scored without the model (status needs-model).
                        throw new IllegalStateException("extraction " + name + " is not stored");
                    }
                    return values.get(k);
                })
                .withPromptDigests(false) // the journal is not read: no prompt is hashed
                .withJudge(request -> {
                    // Prompts are kept whole and compared whole (never hashed: a run that is searched past keeps
                    // them for nothing); the votes of one check send the one instance, kept once.
                    String prompt = request.prompt();
                    List<String> prompts = run.sent.computeIfAbsent(request.nodeId(), k -> new ArrayList<>(1));
                    if (prompts.isEmpty() || prompts.get(prompts.size() - 1) != prompt) {
                        prompts.add(prompt);
                    }
                    boolean v = verdicts.verdict(request, prompt, run);
                    return new JudgeReply("replayed", v);
                })
                .withPages(url -> Optional.of(BLANK))
                .withMaps((a, b, mode) -> {
                    int call = run.mapsCalls++;
                    Optional<Object> answer = call >= 1 && legAnswers != null ? leg(call - 1, a, b) : distances.answer(call);
                    if (answer.isPresent()) {
                        return answer.get();
                    }
                    if (run.mapsProblem == null) {
                        run.mapsProblem = legAnswers != null ? "the run asks the maps tool for " + a + " → " + b
                                + " (call " + (call + 1) + "), which the stored legs do not describe" : distances.whyNot(call);
                        run.mapsProblemCall = call;
                    }
                    // The run goes on (the script catches this), but a run with a problem is never used.
                    throw new IllegalStateException(run.mapsProblem);
                })
                .withClock(new EvalClock(date))
                .withClockListener(() -> run.clockRead = true)
                .withHashSeed(hashSeed)
                .withHashSeedListener(() -> {
                    run.seedRead = true;
                    run.seedReads++;
                })
                .withSetOrderListener((items, order) -> {
                    run.setItems.add(items);
                    run.setOrders.add(order);
                });
        Evaluator evaluator = new Evaluator(ctx);
        try {
            script.evaluate(evaluator, variant);
            ResultSummary summary = ResultSummary.of(evaluator);
            run.tree = summary.tree().orElse(null);
            run.finalScore = summary.finalScore();
            run.info = summary.evalBreakdown().isEmpty() ? List.of() : summary.evalBreakdown().get(0).info();
        } catch (PyException e) {
            run.crash = e.pythonType() + ": " + e.pythonMessage();
        } catch (Doomed e) {
            run.stopped = true;
        } catch (GuardedJudge.Abort e) {
            throw new JudgeUnavailableException("the judge for the unknown verdicts did not answer (" + e.getMessage()
                    + "); the replay was abandoned", e.getCause());
        }
        return run;
    }

    /** Leg {@code k}'s answer, when the call is the one the model expects (a String is the tool's error reply). */
    private Optional<Object> leg(int k, String from, String to) {
        if (k >= legCalls.size() || !legCalls.get(k).from().equals(from) || !legCalls.get(k).to().equals(to)) {
            return Optional.empty();
        }
        return Optional.of(legAnswers.get(k));
    }

    /** What one replay run did. */
    static final class Run {
        /** The scored tree, or null when the run raised or built none. */
        ResultNode tree;
        Double finalScore;
        /** The info records the run recorded ({@code eval_breakdown[0].info}); empty without a tree. */
        List<JsonNode> info = List.of();
        /** The Python error when the run raised, else null. */
        String crash;
        /** The prompts each node sent, whole (key null: a check without a node). */
        final Map<String, List<String>> sent = new HashMap<>();
        /** The extraction names requested (their stored records are the run's input, not its output). */
        final Set<String> extracted = new LinkedHashSet<>();
        /** Extractions requested that the stored result does not hold, in call order. */
        final List<String> missingExtractions = new ArrayList<>();
        /** Unknown verdicts met, by key (the node id), with their claims, in call order. */
        final Map<String, String> unknowns = new LinkedHashMap<>();
        boolean seedRead;
        /** The times the hash seed was read, and the sets ordered ({@code EvaluationContext.setOrder}): items, orders. */
        int seedReads;
        final List<List<String>> setItems = new ArrayList<>();
        final List<List<String>> setOrders = new ArrayList<>();
        /** True when a search attempt stopped at its first missing extraction ({@link #attempt}). */
        boolean stopped;
        /** True when the script read the evaluation clock ({@code datetime.now()}). */
        boolean clockRead;
        /** Extractions answered by the model (the {@code --judge-url} endpoint). */
        int modelCalls;
        /** The maps tool's calls made. */
        int mapsCalls;
        /** Why a maps call could not be answered from the stored result (the run is then unusable), else null. */
        String mapsProblem;
        /** The 0-based call that {@link #mapsProblem} is about. */
        int mapsProblemCall = -1;
    }
}
