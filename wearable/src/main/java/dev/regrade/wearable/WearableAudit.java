package dev.regrade.wearable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.Variant;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.wearable.io.Rows;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Built-in audit scenarios for FIXES.md §B: each scores one submission with both variants (through
 * the file path, {@code _run_*}) on seeded synthetic val data and states what the difference means.
 */
public final class WearableAudit {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int JUDGE_CONVERSATIONS = 50;

    /**
     * One scenario. {@code released}/{@code fixed} are the headline metric as Python prints it (repr of
     * the rounded value) or {@code error: <Python exception>}; {@code releasedValue}/{@code fixedValue}
     * are the numbers (null on error).
     */
    public record Scenario(String id, String task, String metric, String released, String fixed,
                           Double releasedValue, Double fixedValue, String finding) {
    }

    private WearableAudit() {
    }

    /**
     * The audit's result document, as {@code subjects-report.json} has it: one object per scenario, in
     * order, with {@code scenario}, {@code task}, {@code metric}, {@code released}, {@code fixed} and
     * {@code finding} (the reports render this, not {@link Scenario}s).
     */
    public static ArrayNode document(List<Scenario> scenarios) {
        ArrayNode json = F.arrayNode();
        for (Scenario s : scenarios) {
            ObjectNode o = json.addObject();
            o.put("scenario", s.id());
            o.put("task", s.task());
            o.put("metric", s.metric());
            o.put("released", s.released());
            o.put("fixed", s.fixed());
            o.put("finding", s.finding());
        }
        return json;
    }

    /**
     * All scenarios, the judge replies of each style served over HTTP: a {@link FakeJudgeServer} on
     * 127.0.0.1 (a free port, for this run only) answers with {@link JudgeStyle#responder()}, and the
     * scorer calls it through {@link OpenAiChatReplySource} (no API key: no Authorization header).
     */
    public static List<Scenario> run(Path workDir, long seed) {
        try (FakeJudgeServer judge = FakeJudgeServer.start(FakeJudgeConfig.defaults()
                .withResponder(JudgeStyle.responder()))) {
            String baseUrl = judge.baseUrl();
            return run(workDir, seed, style -> new OpenAiChatReplySource(baseUrl, style.model(), null));
        }
    }

    /** All scenarios with an in-process judge for each style ({@link JudgeStyle#inProcess()}), no HTTP. */
    public static List<Scenario> runInProcess(Path workDir, long seed) {
        return run(workDir, seed, JudgeStyle::inProcess);
    }

    /**
     * All scenarios. {@code judges} gives the reply source for each judge style (e.g. a fake judge
     * server serving {@link JudgeStyle#render}); it is asked for each {@link JudgeStyle#AUDITED} style once.
     */
    public static List<Scenario> run(Path workDir, long seed, Function<JudgeStyle, JudgeReplySource> judges) {
        WearableGenerator.Files3 data = WearableGenerator.generate(workDir.resolve("data"), seed, 1,
                WearableGenerator.Predictions.ALIGNED);
        Ctx c = new Ctx(workDir.resolve("runs"), data, seed);
        List<Scenario> out = new ArrayList<>();
        for (String task : new String[] {"longqa", "convqa", "proactive"}) {
            List<ObjectNode> perfect = c.perfect(task);
            out.add(c.score("perfect", task, perfect, null,
                    "a perfect submission in golden order scores the same in both variants"));
            List<ObjectNode> sorted = new ArrayList<>(perfect);
            sorted.sort(Comparator.comparing(r -> r.get("video_path").textValue()));
            out.add(c.score("perfect-sorted-by-video_path", task, sorted, null,
                    "released pairs by position, so a perfect file sorted by video_path is scored against the "
                            + "wrong rows, silently; fixed pairs on video_path"));
            List<ObjectNode> shuffled = new ArrayList<>(perfect);
            Collections.shuffle(shuffled, new Random(seed));
            out.add(c.score("perfect-shuffled", task, shuffled, null,
                    "same as sorted: any reordering of a perfect file loses most of its released score"));
        }
        List<ObjectNode> truncated = new ArrayList<>();
        for (ObjectNode p : c.perfect("proactive")) {
            ArrayNode a = (ArrayNode) p.get("answers");
            ArrayNode half = F.arrayNode();
            for (int j = 0; j < Math.max(1, a.size() / 2); j++) {
                half.add(a.get(j));
            }
            truncated.add(row(p.get("video_path"), "answers", half));
        }
        out.add(c.score("truncated-sessions", "proactive", truncated, null,
                "released scores only the first min(gold, pred) chunks, so answering half of every session "
                        + "still scores perfectly; fixed scores the unanswered chunks as errors"));
        Scenario exploit = c.score("constant-two-element", "proactive",
                c.constant(new String[] {"$interrupt$ Let me help.", "$silent$"}), null, "");
        Scenario silent = c.score("honest-all-silent", "proactive", c.fullLength("$silent$"), null,
                "honest full-length baseline: always silent");
        Scenario loud = c.score("honest-all-interrupt", "proactive", c.fullLength("$interrupt$ Next step."), null,
                "honest full-length baseline: always interrupt");
        Scenario model = c.score("honest-model", "proactive", c.load(data.proactivePreds()), null,
                "honest full-length baseline: the generator's noisy model");
        double bestHonestR = Math.max(Math.max(v(silent.releasedValue()), v(loud.releasedValue())),
                v(model.releasedValue()));
        double bestHonestF = Math.max(Math.max(v(silent.fixedValue()), v(loud.fixedValue())), v(model.fixedValue()));
        out.add(new Scenario(exploit.id(), exploit.task(), exploit.metric(), exploit.released(), exploit.fixed(),
                exploit.releasedValue(), exploit.fixedValue(),
                "[\"$interrupt$\", \"$silent$\"] for every session needs no model: released "
                        + (v(exploit.releasedValue()) > bestHonestR ? "ranks it above" : "ranks it below")
                        + " every honest full-length baseline (best " + PyRepr.repr(bestHonestR) + "); fixed "
                        + (v(exploit.fixedValue()) > bestHonestF ? "still ranks it above" : "ranks it below")
                        + " them (best " + PyRepr.repr(bestHonestF) + ")"));
        out.add(silent);
        out.add(loud);
        out.add(model);
        out.add(c.score("spec-shaped-subset", "longqa", c.subset("longqa"), null,
                "a subset carrying only video_path and mcq_answer (the required keys): released keys on "
                        + "(video_path, question), matches nothing and raises; fixed scores the subset"));
        out.add(c.score("spec-shaped-subset", "convqa", c.subset("convqa"), null,
                "a subset carrying only video_path and answers: released keys on (video_path, task), matches "
                        + "nothing and raises; fixed scores the subset"));
        for (JudgeStyle style : JudgeStyle.AUDITED) {
            out.add(c.judgeScenario(style, judges.apply(style)));
        }
        return out;
    }

    private static double v(Double d) {
        return d == null ? Double.NEGATIVE_INFINITY : d;
    }

    private static ObjectNode row(JsonNode vp, String key, JsonNode value) {
        ObjectNode o = F.objectNode();
        o.set("video_path", vp);
        o.set(key, value);
        return o;
    }

    private static final class Ctx {
        final Path dir;
        final WearableGenerator.Files3 data;
        final long seed;
        int n;

        Ctx(Path dir, WearableGenerator.Files3 data, long seed) {
            this.dir = dir;
            this.data = data;
            this.seed = seed;
        }

        Path golden(String task) {
            return switch (task) {
                case "longqa" -> data.longqaGolden();
                case "convqa" -> data.convqaGolden();
                default -> data.proactiveGolden();
            };
        }

        /** The rows of a generated file (every one an object). */
        List<ObjectNode> load(Path p) {
            List<ObjectNode> rows = new ArrayList<>();
            try (Rows.RowIterator it = Rows.of(p).open()) {
                it.forEachRemaining(r -> rows.add((ObjectNode) r));
            }
            return rows;
        }

        List<ObjectNode> perfect(String task) {
            List<ObjectNode> out = new ArrayList<>();
            for (ObjectNode g : load(golden(task))) {
                out.add(task.equals("longqa") ? row(g.get("video_path"), "mcq_answer", g.get("mcq_answer"))
                        : row(g.get("video_path"), "answers", g.get("answers")));
            }
            return out;
        }

        List<ObjectNode> subset(String task) {
            List<ObjectNode> all = perfect(task);
            List<ObjectNode> out = new ArrayList<>();
            for (int i = 0; i < all.size(); i += 2) {
                out.add(all.get(i));
            }
            return out;
        }

        List<ObjectNode> constant(String[] answers) {
            List<ObjectNode> out = new ArrayList<>();
            for (ObjectNode g : load(golden("proactive"))) {
                ArrayNode a = F.arrayNode();
                for (String s : answers) {
                    a.add(s);
                }
                out.add(row(g.get("video_path"), "answers", a));
            }
            return out;
        }

        List<ObjectNode> fullLength(String answer) {
            List<ObjectNode> out = new ArrayList<>();
            for (ObjectNode g : load(golden("proactive"))) {
                ArrayNode a = F.arrayNode();
                for (int j = 0; j < g.get("answers").size(); j++) {
                    a.add(answer);
                }
                out.add(row(g.get("video_path"), "answers", a));
            }
            return out;
        }

        Scenario score(String id, String task, List<ObjectNode> preds, JudgeReplySource judge, String finding) {
            return score(id, task, golden(task), preds, judge, finding).scenario();
        }

        /** A scored scenario and, with a judge, how many of the fixed variant's judge turns had no usable score. */
        private record Scored(Scenario scenario, int judgeTurns, int judgeUnscored) {
        }

        Scored score(String id, String task, Path golden, List<ObjectNode> preds, JudgeReplySource judge,
                     String finding) {
            Path case_ = dir.resolve(String.format("%02d-%s-%s", n++, task, id));
            Path predsPath = case_.resolve("predictions.jsonl");
            try (WearableGenerator.Out o = new WearableGenerator.Out(predsPath)) {
                preds.forEach(o::line);
            }
            String metric = judge != null ? "llm_judge" : switch (task) {
                case "longqa" -> "accuracy";
                case "convqa" -> "bleu";
                default -> "overall.macro_f1";
            };
            String[] shown = new String[2];
            Double[] values = new Double[2];
            int[] unscored = new int[2];
            for (int i = 0; i < 2; i++) {
                Variant variant = Variant.RELEASED_AND_FIXED.get(i);
                Path output = case_.resolve(variant.name()).resolve("results.json");
                try {
                    ScoreRun run = switch (task) {
                        case "longqa" -> new LongQaScorer(variant, w -> { }).run(golden, predsPath, output);
                        case "convqa" -> new ConvQaScorer(variant, w -> { }, judge).run(golden, predsPath, output);
                        default -> new ProactiveScorer(variant, w -> { }).run(golden, predsPath, output);
                    };
                    JsonNode s = run.summary();
                    double val = task.equals("proactive") ? s.get("overall").get("macro_f1").doubleValue()
                            : s.get(metric).doubleValue();
                    values[i] = val;
                    shown[i] = PyRepr.repr(val);
                    if (variant.isFixed()) {
                        unscored[0] = run.judgeUnscored();
                        unscored[1] = run.judgeTurns();
                    }
                } catch (PyException e) {
                    shown[i] = "error: " + e.pythonType();
                }
            }
            if (judge != null && unscored[0] > 0) {
                shown[1] += " (" + unscored[0] + " unscored)";
            }
            return new Scored(new Scenario(id, task, metric, shown[0], shown[1], values[0], values[1], finding),
                    unscored[1], unscored[0]);
        }

        Scenario judgeScenario(JudgeStyle style, JudgeReplySource judge) {
            List<ObjectNode> golden = load(golden("convqa")).subList(0, JUDGE_CONVERSATIONS);
            Path gp = dir.resolve("judge-golden.jsonl");
            if (!gp.toFile().exists()) {
                try (WearableGenerator.Out o = new WearableGenerator.Out(gp)) {
                    golden.forEach(o::line);
                }
            }
            List<ObjectNode> preds = new ArrayList<>();
            double sum = 0;
            int turns = 0;
            for (ObjectNode g : golden) {
                ArrayNode a = F.arrayNode();
                int j = 0;
                for (JsonNode ans : g.get("answers")) {
                    String gold = ans.textValue();
                    String pred = switch (j++ % 3) {
                        case 0 -> gold;
                        case 1 -> gold.substring(0, Math.max(1, gold.length() / 2));
                        default -> "I am not sure.";
                    };
                    a.add(pred);
                    sum += pred.equals(gold) ? 1.0 : gold.startsWith(pred) ? 0.5 : 0.0;
                    turns++;
                }
                preds.add(row(g.get("video_path"), "answers", a));
            }
            double truth = dev.regrade.pycompat.PyRound.round(sum / turns, 4);
            Scored scored = score("judge-" + style.slug(),
                    "convqa", gp, preds, judge, "");
            Scenario s = scored.scenario();
            String finding = "judge replies " + style.label() + " (e.g. " + PyRepr.repr(style.render(0.5))
                    + "); the verdicts average " + PyRepr.repr(truth) + ": ";
            if (scored.judgeUnscored() == 0) {
                finding += "released " + describe(s.releasedValue(), truth) + ", fixed " + describe(s.fixedValue(), truth);
            } else {
                // The fixed variant counts a reply it cannot parse as 0.0 and says so: a low fixed score here
                // comes from the judge's reply format, not from a wrong fix.
                String n = scored.judgeUnscored() + " of " + scored.judgeTurns() + " turns";
                finding += s.fixedValue() != null && s.fixedValue().equals(s.releasedValue())
                        ? "both variants count the " + n + " whose reply has no score they can parse as 0.0 ("
                                + PyRepr.repr(s.fixedValue().doubleValue()) + "); the fixed variant reports them as unscored, the "
                                + "released one does not"
                        : "released " + describe(s.releasedValue(), truth) + "; fixed cannot parse a score in " + n
                                + ", counts them as 0.0 and reports them as unscored (a warning and the count), giving "
                                + (s.fixedValue() == null ? "an error" : PyRepr.repr(s.fixedValue().doubleValue()));
            }
            return new Scenario(s.id(), s.task(), s.metric(), s.released(), s.fixed(), s.releasedValue(),
                    s.fixedValue(), finding);
        }

        private static String describe(Double v, double truth) {
            if (v == null) {
                return "errors";
            }
            if (v == truth) {
                return "reads them correctly";
            }
            return (v > truth ? "inflates" : "deflates") + " to " + PyRepr.repr(v);
        }
    }
}
