package dev.regrade.audit.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.audit.replay.ReplayResult.Status;
import dev.regrade.audit.replay.ReplayWorld.Run;
import dev.regrade.pycompat.PyJson;
import dev.regrade.rubric.diff.Change;
import dev.regrade.rubric.diff.TreeDiff;
import dev.regrade.rubric.json.ResultNode;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.Judge;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.script.RubricScript;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Replays a stored result through two variants of its script: the self-check (the before-variant
 * must reproduce the stored tree exactly, under a recovered PYTHONHASHSEED where it reads one),
 * then the after-variant, whose verdicts are known only where the before-variant sent the same
 * prompt for the same node. Unknown verdicts are enumerated (every assignment, each run in full, so
 * a script that branches on a verdict is followed faithfully) up to {@link #MAX_ASSIGNMENTS}; beyond
 * that the interval is the all-fail and all-pass assignments' scores (see the README's "Real results").
 */
public final class Replayer {
    /**
     * Days searched either side of a runner result's date when its tree reads the clock and the date of its
     * file's time stamp does not reproduce it (an evaluation that crossed midnight); the search's bound, with
     * {@link #SEED_BOUND} per date where the tree also reads the set order.
     */
    public static final int DATE_SEARCH_DAYS = 7;
    /** PYTHONHASHSEED values tried per date when the stored tree depends on the set order: 0 to 4095. */
    public static final int SEED_BOUND = 4096;
    /**
     * PYTHONHASHSEED values (0..N-1) the after-variant is run under when it reads the set order and the stored
     * result does not determine the seed (no stored {@code hash_seed}, and a before-variant that never read it).
     */
    public static final int AFTER_SEED_SAMPLE = 256;
    /**
     * The runs of the before-variant one result's self-check may spend searching seeds and dates together, after its
     * first run ({@code --search-budget}): one date's whole seed range. The runner files in the repository need at most
     * 2,635 (a hash-ordered popular_ai_books answer whose first reproducing seed is 2635); none is over it.
     */
    public static final int DEFAULT_SEARCH_BUDGET = SEED_BOUND;
    /** Runs spent enumerating the assignments of unknown verdicts before falling back to the bounds. */
    public static final int MAX_ASSIGNMENTS = 32;

    /**
     * Unknown verdicts in one run beyond which the assignments are not enumerated (2^4 = 16 runs): the
     * bounds equal the enumeration wherever the score is monotone in each verdict (README, "Real results").
     */
    static final int UNKNOWNS_ENUMERATED = 4;

    /** The ported tasks whose score is not monotone in each verdict (README, "Real results"): never bounded. */
    static final Set<String> NOT_MONOTONE = Set.of("ikea_shopping_list");

    private final Function<String, Optional<RubricScript>> scripts;
    private final String before;
    private final String after;
    private final int enumerateUpTo;
    private final Judge unknownJudge;
    private final Extractor unknownExtractor;
    private final int searchBudget;

    /**
     * @param scripts the ported script for a task id
     * @param before  the variant that wrote the stored results
     * @param after   the variant to replay them under
     */
    public Replayer(Function<String, Optional<RubricScript>> scripts, String before, String after) {
        this(scripts, before, after, UNKNOWNS_ENUMERATED, null, null, DEFAULT_SEARCH_BUDGET);
    }

    /**
     * A replayer whose self-check spends at most {@code runs} runs of the before-variant per result searching the
     * PYTHONHASHSEED and the evaluation date (after the result's first run); a result the budget does not reach is
     * {@code over-budget}, never a replay under a wrong seed or date.
     */
    public Replayer withSearchBudget(int runs) {
        if (runs < 0) {
            throw new IllegalArgumentException("the search budget is a number of runs, at least 0: " + runs);
        }
        return new Replayer(scripts, before, after, enumerateUpTo, unknownJudge, unknownExtractor, runs);
    }

    /**
     * A replayer that asks {@code judge} (the {@code --judge-url} endpoint) for every unknown verdict, and
     * only for those, so that every after-score is exact.
     */
    public Replayer withJudgeForUnknowns(Judge judge) {
        return new Replayer(scripts, before, after, enumerateUpTo, Objects.requireNonNull(judge), null, searchBudget);
    }

    /**
     * A replayer that asks the {@code --judge-url} endpoint for every unknown verdict and every extraction the
     * stored run did not make (the request the runner would send), and only for those: every after-score is exact.
     */
    public <T extends Judge & Extractor> Replayer withModelForUnknowns(T model) {
        return new Replayer(scripts, before, after, enumerateUpTo, Objects.requireNonNull(model), model, searchBudget);
    }

    /** A replayer enumerating the assignments only up to {@code enumerateUpTo} unknown verdicts per run. */
    Replayer(Function<String, Optional<RubricScript>> scripts, String before, String after, int enumerateUpTo,
             Judge unknownJudge, Extractor unknownExtractor, int searchBudget) {
        this.scripts = scripts;
        this.before = before;
        this.after = after;
        this.enumerateUpTo = enumerateUpTo;
        this.unknownJudge = unknownJudge;
        this.unknownExtractor = unknownExtractor;
        this.searchBudget = searchBudget;
    }

    public ReplayResult replay(StoredResult stored) {
        if (stored.task() == null) {
            return ReplayResult.notReplayed(stored, Status.SKIPPED, "no task id (neither regrade.script nor the "
                    + "runner's <task>/<answer>/results/ folder)", null);
        }
        Optional<RubricScript> found = scripts.apply(stored.task());
        if (found.isEmpty()) {
            return ReplayResult.notReplayed(stored, Status.SKIPPED, "task not ported", null);
        }
        if (stored.tree() == null || stored.finalScore() == null) {
            return ReplayResult.notReplayed(stored, Status.SKIPPED, "no verification tree (the stored run raised)",
                    null);
        }
        RubricScript script = found.get();
        ReplayWorld world = new ReplayWorld(stored);
        EvalDate date = EvalDate.of(stored);
        Search search = new Search(searchBudget);
        Check check = selfCheck(stored, script, world, date.date(), search, true);
        String problem = check.problem();
        if (problem != null && check.run().clockRead && !date.stored() && !search.exhausted) {
            // A date-dependent tree that the date of the file's time stamp does not reproduce: the evaluation may
            // have crossed midnight (the stamp is taken as it starts, the script's clock read later). Nearest
            // dates first, the later before the earlier.
            search.datesSearched = true;
            dates:
            for (int d = 1; d <= DATE_SEARCH_DAYS; d++) {
                for (int sign : new int[] {1, -1}) {
                    LocalDate other = date.date().plusDays((long) sign * d);
                    Check attempt = selfCheck(stored, script, world, other, search, false);
                    if (attempt.problem() == null) {
                        check = attempt;
                        problem = null;
                        date = date.searched(other);
                        break dates;
                    }
                    if (search.exhausted) {
                        break dates;
                    }
                }
            }
            if (problem != null && !search.exhausted) {
                problem += "; nor under any evaluation date within " + DATE_SEARCH_DAYS + " days of "
                        + date.date() + " (" + date.source() + ")";
            }
        }
        Run run = check.run();
        Long seedUsed = run.seedRead ? check.seed() : null;
        String dateUsed = run.clockRead ? date.date().toString() : null;
        String dateSource = run.clockRead ? date.source() : null;
        if (RoundedReplay.applies(stored, run)) {
            // A leg's distance is stored only rounded: replayed over every leg value the rounding allows.
            return RoundedReplay.replay(stored, script, world, before, after, date.date(), check.seed(), seedUsed)
                    .withDate(dateUsed, dateSource);
        }
        if (run.mapsProblem != null) {
            return ReplayResult.notReplayed(stored, Status.SKIPPED, run.mapsProblem, null, dateUsed, dateSource);
        }
        if (problem != null && search.exhausted) {
            return ReplayResult.notReplayed(stored, Status.OVER_BUDGET, search.reason(problem, date), seedUsed,
                    dateUsed, dateSource);
        }
        if (problem != null) {
            return ReplayResult.notReplayed(stored, Status.MISMATCH, problem, seedUsed, dateUsed, dateSource);
        }
        After first = replayAfter(stored, script, world, run, check.seed(), seedUsed, date.date());
        ReplayResult replayed = first.result();
        boolean seedKnown = stored.hashSeed() != null || run.seedRead;
        if (!seedKnown && first.seedRead()) {
            // The after-variant orders a set by the string hashes, and nothing stored says which seed the run had:
            // its score is stated over a sample of seeds, never as one number.
            List<ReplayResult> perSeed = new ArrayList<>();
            for (long s = 0; s < AFTER_SEED_SAMPLE; s++) {
                perSeed.add(replayAfter(stored, script, world, run, s, null, date.date()).result());
            }
            replayed = ReplayResult.acrossSeeds(perSeed);
        }
        return replayed.withDate(dateUsed, dateSource);
    }

    /** The self-check on one evaluation date: its run, the seed it ran under and its first difference (or null). */
    private record Check(Run run, long seed, String problem) {
    }

    /**
     * The runs one result's self-check spends searching (every run of the before-variant after its first), against
     * the budget; {@link #exhausted} once a run was wanted and the budget had none left.
     */
    private static final class Search {
        final int budget;
        int spent;
        boolean exhausted;
        boolean seedsSearched;
        boolean datesSearched;
        /** The last seed and the last date tried, for the reason. */
        long lastSeed = -1;
        LocalDate lastDate;

        Search(int budget) {
            this.budget = budget;
        }

        /** Takes one run from the budget: false (and exhausted) when none is left. */
        boolean take() {
            if (spent >= budget) {
                exhausted = true;
                return false;
            }
            spent++;
            return true;
        }

        /** Why the self-check stopped short: the budget ran out before the tree was reproduced. */
        String reason(String firstProblem, EvalDate date) {
            String what = seedsSearched && datesSearched ? "no PYTHONHASHSEED and evaluation date"
                    : seedsSearched ? "no PYTHONHASHSEED" : "no evaluation date";
            String tried = datesSearched ? "the dates tried reach " + lastDate + ", from " + date.date() + " ("
                    + date.source() + ")" : lastSeed < 0 ? "no other seed tried" : "seeds 0.." + lastSeed + " tried";
            return what + " within the search budget of " + budget + " run" + (budget == 1 ? "" : "s")
                    + " reproduces the stored tree; raise --search-budget (" + tried + "; " + firstProblem + ")";
        }
    }

    /**
     * The self-check on {@code date}, searching the PYTHONHASHSEED where the tree reads the set order. The first run of
     * the result ({@code first}) is whole and free; every other run is a search attempt, taken from {@code search}'s
     * budget, that stops at its first missing extraction (it cannot reproduce the tree: {@link ReplayWorld#attempt}).
     * A run that stopped before reading the seed fails alike under every seed, so no seed is searched for it; a seed
     * that orders every set as a failed run of this date did is that run ({@link SetOrderTree}): passed over, no run
     * spent. Seeds are still tried in increasing order, so the seed found is the one a run of every seed finds.
     */
    private Check selfCheck(StoredResult stored, RubricScript script, ReplayWorld world, LocalDate date, Search search,
                            boolean first) {
        ReplayWorld.Verdicts storedVerdicts = (request, prompt, run) -> {
            if (request.nodeId() == null) {
                run.unknowns.putIfAbsent(unknownKey(request.nodeId(), request.claim()), request.claim());
            }
            return world.storedVerdict(request.nodeId());
        };
        long firstSeed = stored.hashSeed() != null ? stored.hashSeed() : 0L;
        if (!first && !search.take()) {
            return new Check(null, firstSeed, "");
        }
        search.lastDate = date;
        Run check = first ? world.run(script, before, firstSeed, date, storedVerdicts)
                : world.attempt(script, before, firstSeed, date, storedVerdicts);
        if (check.mapsProblem != null) {
            return new Check(check, firstSeed, check.mapsProblem);
        }
        String problem = selfCheckProblem(stored, check);
        long seed = firstSeed;
        if (problem != null && check.seedRead) {
            search.seedsSearched = true;
            SetOrderTree failed = new SetOrderTree();
            failed.addFailed(check);
            for (long s = 0; s < SEED_BOUND && problem != null; s++) {
                if (s == firstSeed) {
                    continue;
                }
                if (failed.failsUnder(s)) {
                    search.lastSeed = s; // orders every set as a failed run did: that run, no run needed
                    continue;
                }
                if (!search.take()) {
                    break;
                }
                search.lastSeed = s;
                Run attempt = world.attempt(script, before, s, date, storedVerdicts);
                if (selfCheckProblem(stored, attempt) == null) {
                    check = attempt;
                    seed = s;
                    problem = null;
                } else {
                    failed.addFailed(attempt);
                }
            }
            if (problem != null && !search.exhausted) {
                problem = "no PYTHONHASHSEED in 0.." + (SEED_BOUND - 1) + " reproduces the stored tree (under "
                        + firstSeed + ": " + problem + ")";
            } else if (problem != null) {
                problem = "under " + firstSeed + ": " + problem;
            }
        }
        return new Check(check, seed, problem);
    }

    /** The self-check's first difference from the stored result, or null when it reproduces it exactly. */
    static String selfCheckProblem(StoredResult stored, Run run) {
        if (run.crash != null) {
            return "the before-variant raises: " + run.crash;
        }
        if (!run.missingExtractions.isEmpty()) {
            return "extraction " + run.missingExtractions.get(0) + " is not stored";
        }
        if (!run.unknowns.isEmpty()) {
            return "a check without a node has no stored verdict: " + run.unknowns.values().iterator().next();
        }
        if (run.tree == null) {
            return "the before-variant builds no tree";
        }
        List<Change> changes = TreeDiff.diff(stored.tree(), run.tree);
        if (!changes.isEmpty()) {
            return "first differing node: " + changes.get(0).describe();
        }
        if (!run.tree.equals(stored.tree())) {
            return "the trees differ in child order";
        }
        if (!run.finalScore.equals(stored.finalScore())) {
            return "final_score: " + stored.finalScore() + " stored, " + run.finalScore + " replayed";
        }
        return infoProblem(stored, run);
    }

    /** The first info record (other than the extractions) the run records differently from the stored result, or null. */
    static String infoProblem(StoredResult stored, Run run) {
        // The other info records (custom infos, ground truths) are the run's output, never read back: compared
        // here, so an edit shows. The extraction records are its input (a script may change an extracted object
        // after the engine recorded it, so they are not compared).
        List<JsonNode> was = recorded(stored.info(), run.extracted);
        List<JsonNode> now = recorded(run.info, run.extracted);
        for (int i = 0; i < Math.max(was.size(), now.size()); i++) {
            JsonNode w = i < was.size() ? was.get(i) : null;
            JsonNode n = i < now.size() ? now.get(i) : null;
            if (w == null || n == null || !PyJson.dumps(w, PyJson.DUMPS).equals(PyJson.dumps(n, PyJson.DUMPS))) {
                return "info record " + (w != null ? w : n).fieldNames().next() + ": " + (w == null ? "not stored"
                        : n == null ? "stored, but not recorded by the replay" : "differs from the replay's");
            }
        }
        return null;
    }

    /** The info records other than the extractions {@code extracted}, in order. */
    private static List<JsonNode> recorded(List<JsonNode> info, Set<String> extracted) {
        return info.stream().filter(r -> !extracted.contains(r.fieldNames().next())).toList();
    }

    /** The after-replay under one seed, and whether any of its runs read the seed (ordered a set by hashes). */
    private record After(ReplayResult result, boolean seedRead) {
    }

    private After replayAfter(StoredResult stored, RubricScript script, ReplayWorld world, Run check,
                              long seed, Long seedUsed, LocalDate date) {
        boolean[] seedRead = {false};
        ReplayResult r = replayAfter(stored, script, world, check, seed, seedUsed, date, run -> seedRead[0] |= run.seedRead);
        return new After(r, seedRead[0]);
    }

    private ReplayResult replayAfter(StoredResult stored, RubricScript script, ReplayWorld world, Run check,
                                     long seed, Long seedUsed, LocalDate date, Consumer<Run> ran) {
        Map<String, List<String>> sentBefore = check.sent;
        Outcomes outcomes = new Outcomes(stored);
        if (unknownJudge != null) {
            int[] calls = {0};
            Run run = world.run(script, after, seed, date, (request, prompt, r) -> {
                if (sentBefore(sentBefore, request, prompt)) {
                    return world.storedVerdict(request.nodeId());
                }
                r.unknowns.putIfAbsent(unknownKey(request.nodeId(), request.claim()), request.claim());
                calls[0]++;
                return unknownJudge.judge(request).result();
            }, unknownExtractor);
            ran.accept(run);
            outcomes.add(run);
            return outcomes.result(seedUsed, true, calls[0] + run.modelCalls, true);
        }
        // Depth first over the unknown verdicts, in the order the runs meet them.
        List<Map<String, Boolean>> pending = new ArrayList<>();
        pending.add(new LinkedHashMap<>());
        boolean enumerated = true;
        int runs = 0;
        while (!pending.isEmpty()) {
            if (runs >= MAX_ASSIGNMENTS) {
                enumerated = false;
                break;
            }
            Map<String, Boolean> assignment = pending.remove(pending.size() - 1);
            Run run = runAfter(script, world, seed, date, sentBefore, assignment, false);
            ran.accept(run);
            runs++;
            if (!run.missingExtractions.isEmpty()) {
                // What the stored run never extracted only the model can answer: no score is stated.
                outcomes.add(run);
                return outcomes.needsModel(seedUsed);
            }
            if (run.unknowns.size() > enumerateUpTo) {
                enumerated = false;
                break;
            }
            String open = run.unknowns.keySet().stream().filter(k -> !assignment.containsKey(k)).findFirst().orElse(null);
            if (open == null) {
                outcomes.add(run);
                continue;
            }
            for (boolean v : new boolean[] {true, false}) {
                Map<String, Boolean> next = new LinkedHashMap<>(assignment);
                next.put(open, v);
                pending.add(next);
            }
        }
        if (!enumerated && NOT_MONOTONE.contains(stored.task())) {
            // The all-fail and all-pass runs bound only a score that is monotone in each verdict.
            return ReplayResult.notReplayed(stored, Status.SKIPPED, "more unknown verdicts than are enumerated ("
                    + enumerateUpTo + "), and " + stored.task() + "'s score is not monotone in its verdicts (its "
                    + "budget check adds the prices of the items that passed), so no interval is proven: replay "
                    + "with --judge-url to make the score exact", seedUsed);
        }
        if (!enumerated) {
            outcomes = new Outcomes(stored);
            for (boolean unknownDefault : new boolean[] {false, true}) {
                Run run = runAfter(script, world, seed, date, sentBefore, Map.of(), unknownDefault);
                ran.accept(run);
                outcomes.add(run);
                if (!run.missingExtractions.isEmpty()) {
                    return outcomes.needsModel(seedUsed);
                }
            }
        }
        return outcomes.result(seedUsed, enumerated, 0, false);
    }

    private Run runAfter(RubricScript script, ReplayWorld world, long seed, LocalDate date,
                         Map<String, List<String>> sentBefore, Map<String, Boolean> assignment, boolean unknownDefault) {
        return world.run(script, after, seed, date, (request, prompt, run) -> {
            if (sentBefore(sentBefore, request, prompt)) {
                return world.storedVerdict(request.nodeId());
            }
            String key = unknownKey(request.nodeId(), request.claim());
            run.unknowns.putIfAbsent(key, request.claim());
            return assignment.getOrDefault(key, unknownDefault);
        });
    }

    /** True when the before-variant sent this very prompt for this node: its stored verdict answers it. */
    private static boolean sentBefore(Map<String, List<String>> sentBefore, JudgeRequest request, String prompt) {
        List<String> sent = request.nodeId() == null ? null : sentBefore.get(request.nodeId());
        return sent != null && sent.contains(prompt); // String.equals: the lengths first, then every character
    }

    private static String unknownKey(String nodeId, String claim) {
        return nodeId != null ? nodeId : "(no node) " + claim;
    }

    /** The after-runs of one replay, folded into its result. */
    private static final class Outcomes {
        private final StoredResult stored;
        private Double min;
        private Double max;
        private String error;
        private String mapsProblem;
        private ResultNode lastTree;
        private final Set<String> changed = new LinkedHashSet<>();
        private final Map<String, String> unknowns = new LinkedHashMap<>();
        private final Set<String> missing = new LinkedHashSet<>();

        Outcomes(StoredResult stored) {
            this.stored = stored;
        }

        void add(Run run) {
            if (run.mapsProblem != null) {
                mapsProblem = mapsProblem == null ? run.mapsProblem : mapsProblem;
                return;
            }
            run.unknowns.forEach(unknowns::putIfAbsent);
            missing.addAll(run.missingExtractions);
            if (run.crash != null) {
                error = error == null ? run.crash : error;
                return;
            }
            double score = run.finalScore == null ? 0.0 : run.finalScore;
            min = min == null ? score : Math.min(min, score);
            max = max == null ? score : Math.max(max, score);
            lastTree = run.tree;
            for (Change c : TreeDiff.diff(stored.tree(), run.tree)) {
                changed.add(c.nodeId());
            }
        }

        ReplayResult result(Long seed, boolean enumerated, int judgeCalls, boolean modelAnswered) {
            if (mapsProblem != null) { // the after-variant asks the maps tool what the before-variant did not
                return ReplayResult.notReplayed(stored, Status.SKIPPED, "the after-variant: " + mapsProblem, seed);
            }
            List<String> claims = new ArrayList<>();
            unknowns.forEach((k, v) -> claims.add(k + ": " + v));
            boolean exact = unknowns.isEmpty() || modelAnswered;
            return new ReplayResult(stored.file(), stored.task(), stored.agent(), stored.answer(), Status.REPLAYED,
                    null, stored.finalScore(), min, max, exact, enumerated, seed, null, null, List.copyOf(changed),
                    claims, List.copyOf(missing), List.of(), false, error, judgeCalls, exact ? lastTree : null, 0);
        }

        /** The after-variant requests extractions the stored run did not make: only the model can answer them. */
        ReplayResult needsModel(Long seed) {
            List<String> claims = new ArrayList<>();
            unknowns.forEach((k, v) -> claims.add(k + ": " + v));
            String reason = "the after-variant requests " + (missing.size() == 1 ? "an extraction" : "extractions")
                    + " the stored run did not make (" + String.join(", ", missing) + "): only the model can answer "
                    + (missing.size() == 1 ? "it" : "them") + "; replay with --judge-url to ask it";
            return new ReplayResult(stored.file(), stored.task(), stored.agent(), stored.answer(), Status.NEEDS_MODEL,
                    reason, stored.finalScore(), null, null, false, false, seed, null, null, List.of(), claims,
                    List.copyOf(missing), List.of(), false, null, 0, null, 0);
        }
    }
}
