package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.pycompat.PyJson;
import dev.regrade.wearable.io.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The upstream unit tests (starter_kit/tests/test_run_evaluation.py and test_run_evaluation_proactive.py,
 * released 87c969c4 and fixed 98fcd646), ported with their asserted values. Where a test exists only in
 * the fixed suite, the released behaviour it guards against is asserted too.
 */
class UpstreamCasesTest {
    static List<Variant> variants() {
        return Variant.RELEASED_AND_FIXED;
    }

    static final ObjectMapper M = new ObjectMapper();
    static final Variant R = Variant.RELEASED;
    static final Variant X = Variant.FIXED;

    static List<ObjectNode> rows(String... json) {
        List<ObjectNode> out = new ArrayList<>();
        for (String j : json) {
            try {
                out.add((ObjectNode) M.readTree(j.replace('\'', '"')));
            } catch (IOException e) {
                throw new IllegalArgumentException(j, e);
            }
        }
        return out;
    }

    static final Consumer<String> QUIET = w -> { };

    // ---------------------------------------------------------------- fixtures (test_run_evaluation.py)

    static List<ObjectNode> longqaGolden() {
        return rows("{'video_path':'v1.mp4','question':'What color?','mcq_answer':'A','category':'color'}",
                "{'video_path':'v2.mp4','question':'How many?','mcq_answer':'B','category':'count'}",
                "{'video_path':'v3.mp4','question':'Where?','mcq_answer':'C','category':'color'}",
                "{'video_path':'v4.mp4','question':'When?','mcq_answer':'D','category':'time'}");
    }

    static List<ObjectNode> longqaPerfect() {
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode g : longqaGolden()) {
            out.add(rows("{'video_path':'" + g.get("video_path").textValue() + "','mcq_answer':'"
                    + g.get("mcq_answer").textValue() + "'}").get(0));
        }
        return out;
    }

    static List<ObjectNode> convqaGolden() {
        return rows("{'video_path':'v1.mp4','task':'greeting','category':'social','questions':['What did they say?',"
                        + "'How did they respond?'],'answers':['Hello there','Nice to meet you too']}",
                "{'video_path':'v2.mp4','task':'navigation','category':'spatial','questions':['Where are they going?'],"
                        + "'answers':['They are going to the park']}");
    }

    static List<ObjectNode> convqaPerfect() {
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode g : convqaGolden()) {
            ObjectNode p = M.createObjectNode();
            p.set("video_path", g.get("video_path"));
            p.set("answers", g.get("answers"));
            out.add(p);
        }
        return out;
    }

    static ObjectNode session(String vp, String task, String... gold) {
        ObjectNode s = M.createObjectNode();
        s.put("video_path", vp);
        s.put("task", task);
        var iv = s.putArray("video_intervals");
        for (int i = 0; i < gold.length; i++) {
            iv.addArray().add(i * 8.0).add((i + 1) * 8.0);
        }
        var a = s.putArray("answers");
        for (String g : gold) {
            a.add(g);
        }
        return s;
    }

    static ObjectNode pred(String vp, String... answers) {
        ObjectNode p = M.createObjectNode();
        if (vp != null) {
            p.put("video_path", vp);
        }
        var a = p.putArray("answers");
        for (String s : answers) {
            a.add(s);
        }
        return p;
    }

    static final String I = "$interrupt$ a";
    static final String S = "$silent$";

    // ---------------------------------------------------------------- normalize_answer

    @Nested
    class NormalizeAnswer {
        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {"A|A", "B|B", "C|C", "D|D", "a|A", "b|B", "c|C", "d|D", "A.|A", "B.|B",
            "A:|A", "C: something|C", "A)|A", "(B)|B", "(C)|C", "Option A|A", "option B|B", "Option C.|C",
            "Answer: A|A", "answer: B|B", "Answer: D|D", "The answer is A.|A", "The answer is B|B",
            "I think the answer is C.|C", "I choose B as my answer|B", "Definitely|D"})
        void formats(String raw, String expected) {
            assertEquals(expected, LongQaScorer.normalizeAnswer(raw));
        }

        @Test
        void whitespaceEmptyAndNoAnswer() {
            assertEquals("A", LongQaScorer.normalizeAnswer("  A  "));
            assertEquals("B", LongQaScorer.normalizeAnswer("\nB\n"));
            assertEquals("", LongQaScorer.normalizeAnswer(""));
            assertEquals("", LongQaScorer.normalizeAnswer("xyz"));
            assertEquals("", LongQaScorer.normalizeAnswer("123"));
            assertEquals("A", LongQaScorer.normalizeAnswer("I think\nthe answer\nis A."));
        }
    }

    // ---------------------------------------------------------------- _ngrams / _sentence_bleu

    @Test
    void ngrams() {
        assertEquals(1, Bleu.ngrams(List.of("the", "cat", "sat"), 1).get("the"));
        var bi = Bleu.ngrams(List.of("the", "cat", "sat"), 2);
        assertEquals(1, bi.get("the cat"));
        assertEquals(1, bi.get("cat sat"));
        assertEquals(2, bi.size());
        assertEquals(3, Bleu.ngrams(List.of("the", "the", "the"), 1).get("the"));
        assertEquals(0, Bleu.ngrams(List.of(), 1).size());
        assertEquals(0, Bleu.ngrams(List.of("a", "b"), 3).size());
    }

    @Test
    void sentenceBleu() {
        List<String> ref = List.of("the", "cat", "sat", "on", "the", "mat");
        assertTrue(Bleu.sentence(ref, ref) > 0.99);
        assertEquals(1.0, Bleu.sentence(ref, ref));
        assertEquals(0.0, Bleu.sentence(List.of("the", "cat"), List.of()));
        assertEquals(0.2868, Bleu.sentence(ref, List.of("the", "cat", "is", "here")), 0.01);
        assertEquals(0.1858, Bleu.sentence(ref, List.of("xyz", "abc", "def", "ghi", "jkl", "mno")), 0.01);
        assertTrue(Bleu.sentence(ref, ref) > Bleu.sentence(ref, List.of("the", "cat")));
        assertTrue(Bleu.sentence(List.of("a", "b", "c"), List.of("a", "b", "c", "d", "e"))
                != Bleu.sentence(List.of("a", "b", "c", "d", "e"), List.of("a", "b", "c")));
    }

    // ---------------------------------------------------------------- _parse_judge_score

    @ParameterizedTest
    @MethodSource("variants")
    void parseJudgeScoreBasics(Variant v) {
        assertEquals(1.0, JudgeParse.parse(v, "1.0"));
        assertEquals(0.5, JudgeParse.parse(v, "0.5"));
        assertEquals(0.0, JudgeParse.parse(v, "0.0"));
        assertEquals(1.0, JudgeParse.parse(v, "  1.0  "));
        assertEquals(0.5, JudgeParse.parse(v, "\n0.5\n"));
        assertEquals(1.0, JudgeParse.parse(v, "1.0."));
        assertEquals(1.0, JudgeParse.parse(v, "0.8"));
        assertEquals(1.0, JudgeParse.parse(v, "0.75"));
        assertEquals(0.5, JudgeParse.parse(v, "0.4"));
        assertEquals(0.5, JudgeParse.parse(v, "0.25"));
        assertEquals(0.0, JudgeParse.parse(v, "0.1"));
        assertEquals(0.0, JudgeParse.parse(v, "0.24"));
        assertEquals(0.0, JudgeParse.parse(v, "great answer"));
        assertEquals(1.0, JudgeParse.parse(v, "Score: 1.0"));
        assertEquals(0.5, JudgeParse.parse(v, "I give it a 0.5 out of 1"));
    }

    /** Fixed test_realistic_judge_replies (fixed values asserted upstream; released values from running the released parser). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "**1.0**|0.0|1.0", "**0.5**|0.0|0.5", "**0.0**|0.0|0.0", "**Score: 1.0**|0.0|1.0", "Score: **0.5**|0.0|0.5",
        "`1.0`|0.0|1.0", "'0.5'|0.0|0.5", "\"1.0\"|0.0|1.0", "[1.0]|0.0|1.0", "(0.5)|0.0|0.5", "- 1.0|1.0|1.0",
        "1.0/1.0|0.0|1.0", "0.5/1.0|0.0|0.5", "~1,0~|0.0|1.0", ".5|1.0|0.5", "0.|0.0|0.0", "1.|1.0|1.0",
        "The answer mentions 3 correct facts. Score: 0.0|1.0|0.0", "-0.5|0.0|0.5", "1e-1|0.0|1.0",
        "Score: 5. Actually 0.5|1.0|0.5", "~1, 0~|1.0|1.0"})
    void realisticJudgeReplies(String raw, double released, double fixed) {
        assertEquals(released, JudgeParse.released(raw), "released " + raw);
        assertEquals(fixed, JudgeParse.fixed(raw).score(), "fixed " + raw);
        assertTrue(JudgeParse.fixed(raw).parsed());
    }

    @Test
    void infinityAndNan() {
        assertEquals(1.0, JudgeParse.released("Infinity"));
        assertEquals(0.0, JudgeParse.released("nan"));
        assertEquals(new JudgeParse.Parsed(0.0, false), JudgeParse.fixed("Infinity"));
        assertEquals(new JudgeParse.Parsed(0.0, false), JudgeParse.fixed("nan"));
    }

    @Test
    void multilineLabelledScore() {
        assertEquals(1.0, JudgeParse.released("Score:\n1.0"));
        assertEquals(new JudgeParse.Parsed(1.0, true), JudgeParse.fixed("Score:\n1.0"));
    }

    /** Fixed test_unparseable_replies_are_flagged and test_out_of_range_number_is_not_a_score. */
    @ParameterizedTest
    @ValueSource(strings = {"Rating: 5 out of 5", "I would say 100% correct", "The answer mentions 3 correct facts. Score:",
        "correct", "", "   ", "5", "100", "7.5"})
    void unparseableRepliesAreFlagged(String raw) {
        assertEquals(new JudgeParse.Parsed(0.0, false), JudgeParse.fixed(raw));
    }

    @Test
    void releasedReadsOutOfRangeAndPreambleNumbersAsScores() {
        for (String raw : new String[] {"Rating: 5 out of 5", "The answer mentions 3 correct facts. Score:", "5", "100", "7.5"}) {
            assertEquals(1.0, JudgeParse.released(raw), raw);
        }
        assertEquals(0.0, JudgeParse.released("I would say 100% correct"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.0", "0.5", "0.0", "**1.0**", "Score: 0.5"})
    void parseableRepliesAreNotFlagged(String raw) {
        assertTrue(JudgeParse.fixed(raw).parsed());
    }

    // ---------------------------------------------------------------- _build_judge_prompt

    @Test
    void judgePrompt() {
        String p = ConvQaScorer.judgePrompt("What?", "blue", "red");
        assertTrue(p.contains("What?") && p.contains("blue") && p.contains("red") && p.contains("Score:"));
        String q = ConvQaScorer.judgePrompt("Q", "A", "P");
        assertTrue(q.contains("1.0") && q.contains("0.5") && q.contains("0.0"));
        assertTrue(q.endsWith("\nQuestion: Q\nReference Answer: A\nPredicted Answer: P\n\nScore:"));
    }

    // ---------------------------------------------------------------- load_jsonl

    @Test
    void loadJsonl(@TempDir Path tmp) throws IOException {
        Path p = tmp.resolve("x.jsonl");
        Files.writeString(p, "{\"a\": 1}\n{\"b\": 2}\n{\"c\": 3}\n");
        assertEquals(3, Rows.of(p).count());
        Files.writeString(p, "");
        assertEquals(0, Rows.of(p).count());
        Files.writeString(p, "{\"a\": 1}\n\n{\"b\": 2}\n   \n");
        assertEquals(2, Rows.of(p).count());
        PyException e = assertThrows(PyException.class, () -> Rows.of(Path.of("/nonexistent/path.jsonl")).count());
        assertEquals("FileNotFoundError", e.pythonType());
    }

    // ---------------------------------------------------------------- evaluate_longqa

    @ParameterizedTest
    @MethodSource("variants")
    void evaluateLongqa(Variant v) {
        LongQaScorer s = new LongQaScorer(v, QUIET);
        ObjectNode r = s.evaluate(longqaGolden(), longqaPerfect());
        assertEquals(1.0, r.get("accuracy").doubleValue());
        assertEquals(4, r.get("correct").intValue());
        assertEquals(4, r.get("total").intValue());
        assertEquals(1.0, r.get("category_accuracy").get("color").doubleValue());
        assertTrue(r.get("category_accuracy").has("count") && r.get("category_accuracy").has("time"));
        assertEquals(4, r.get("per_row").size());
        for (JsonNode row : r.get("per_row")) {
            assertTrue(row.get("correct").booleanValue() && row.has("video_path") && row.has("question"));
        }
        ObjectNode half = s.evaluate(longqaGolden(), rows("{'mcq_answer':'A'}", "{'mcq_answer':'A'}",
                "{'mcq_answer':'C'}", "{'mcq_answer':'A'}"));
        assertEquals(0.5, half.get("accuracy").doubleValue());
        assertEquals(2, half.get("correct").intValue());
        ObjectNode empty = s.evaluate(List.of(), List.of());
        assertEquals(0.0, empty.get("accuracy").doubleValue());
        assertEquals(0, empty.get("total").intValue());
        List<ObjectNode> g1 = rows("{'video_path':'v1.mp4','question':'Q','mcq_answer':'B','category':''}");
        assertEquals(1.0, s.evaluate(g1, rows("{'mcq_answer':'The answer is B.'}")).get("accuracy").doubleValue());
        assertEquals(0.0, s.evaluate(rows("{'video_path':'v1.mp4','question':'Q','mcq_answer':'A','category':''}"),
                rows("{}")).get("accuracy").doubleValue());
        PyException e = assertThrows(PyException.class, () -> s.evaluate(longqaGolden(), rows("{'mcq_answer':'A'}")));
        assertTrue(e.getMessage().contains("must have the same number"));
        List<ObjectNode> one = rows("{'video_path':'v.mp4','question':'Q','mcq_answer':'A','category':''}");
        assertEquals(1.0, s.evaluate(one, rows("{'mcq_answer':'A'}")).get("accuracy").doubleValue());
        assertEquals(1.0, s.evaluate(one, rows("{'mcq_answer':'A — correct'}")).get("accuracy").doubleValue());
        assertEquals(1.0, s.evaluate(rows("{'video_path':'v.mp4','question':'Q','mcq_answer':'A'}"),
                rows("{'mcq_answer':'A'}")).get("accuracy").doubleValue());
        for (String wrong : new String[] {"Z", "E", "1", ""}) {
            List<ObjectNode> p = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                p.add(rows("{'mcq_answer':'" + wrong + "'}").get(0));
            }
            ObjectNode w = s.evaluate(longqaGolden(), p);
            assertEquals(0.0, w.get("accuracy").doubleValue());
            assertEquals(0, w.get("correct").intValue());
            assertEquals(4, w.get("total").intValue());
        }
    }

    // ---------------------------------------------------------------- compute_bleu_scores / evaluate_convqa

    static List<Double> turns(ObjectNode results, int row) {
        List<Double> out = new ArrayList<>();
        results.get("per_row").get(row).get("bleu_per_turn").forEach(n -> out.add(n.doubleValue()));
        return out;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void bleuScoresAndEvaluateConvqa(Variant v) {
        ConvQaScorer s = new ConvQaScorer(v, QUIET, null);
        ObjectNode r = s.evaluate(convqaGolden(), convqaPerfect(), true, false);
        assertEquals(List.of(1.0, 1.0), turns(r, 0));
        assertEquals(List.of(1.0), turns(r, 1));
        assertTrue(r.get("bleu").doubleValue() > 0.99);
        assertEquals(2, r.get("total_conversations").intValue());
        assertEquals(3, r.get("total_turns").intValue());
        assertTrue(r.get("category_scores").get("social").get("bleu").doubleValue() > 0.99);
        assertTrue(r.get("category_scores").has("spatial"));
        for (JsonNode row : r.get("per_row")) {
            assertTrue(row.has("video_path") && row.has("bleu_avg") && row.has("bleu_per_turn") && row.has("num_turns"));
        }
        ObjectNode none = s.evaluate(convqaGolden(), convqaPerfect(), false, false);
        assertFalse(none.has("bleu") || none.has("llm_judge"));
        assertEquals(0, s.evaluate(List.of(), List.of(), true, false).get("total_conversations").intValue());
        ObjectNode empty = s.evaluate(convqaGolden(), rows("{'answers':['','']}", "{'answers':['']}"), true, false);
        assertEquals(List.of(0.0, 0.0), turns(empty, 0));
        ObjectNode missing = s.evaluate(convqaGolden(), rows("{'answers':['Hello there']}", "{'answers':[]}"), true, false);
        assertTrue(turns(missing, 0).get(0) > 0.5);
        assertEquals(0.0, turns(missing, 0).get(1));
        assertEquals(0.0, turns(missing, 1).get(0));
        ObjectNode partial = s.evaluate(convqaGolden(), rows("{'answers':['Hello']}", "{'answers':[]}"), true, false);
        assertTrue(partial.get("bleu").doubleValue() > 0 && partial.get("bleu").doubleValue() < 1);
        assertEquals(3, partial.get("total_turns").intValue());
        ObjectNode extra = s.evaluate(convqaGolden(), rows("{'answers':['Hello there','Nice to meet you too','Extra turn']}",
                "{'answers':['They are going to the park','Extra']}"), true, false);
        assertEquals(List.of(1.0, 1.0), turns(extra, 0));
        assertEquals(List.of(1.0), turns(extra, 1));
        ObjectNode noKey = s.evaluate(convqaGolden(), rows("{}", "{}"), true, false);
        assertEquals(List.of(0.0, 0.0), turns(noKey, 0));
        PyException e = assertThrows(PyException.class,
                () -> s.evaluate(convqaGolden(), rows("{'answers':['something']}"), true, false));
        assertTrue(e.getMessage().contains("must have the same number"));
    }

    @Test
    void convqaSubsetWithIdsIsScoredOnlyWhenFixed() {
        List<ObjectNode> one = List.of(convqaPerfect().get(0));
        ObjectNode r = new ConvQaScorer(X, QUIET, null).evaluate(convqaGolden(), one, true, false);
        assertEquals(1, r.get("total_conversations").intValue());
        assertEquals(1.0, r.get("bleu").doubleValue());
        assertThrows(PyException.class, () -> new ConvQaScorer(R, QUIET, null).evaluate(convqaGolden(), one, true, false));
    }

    // ---------------------------------------------------------------- judge loop (TestComputeLlmJudgeScores)

    @ParameterizedTest
    @MethodSource("variants")
    void judgeLoop(Variant v) {
        List<ObjectNode> g1 = rows("{'questions':['Q1'],'answers':['gold answer']}");
        int[] calls = new int[1];
        JudgeReplySource one = p -> {
            calls[0]++;
            return TextNode.valueOf("1.0");
        };
        ObjectNode r = new ConvQaScorer(v, QUIET, one).evaluate(g1, rows("{'answers':['']}"), false, true);
        assertEquals(0.0, r.get("per_row").get(0).get("llm_judge_per_turn").get(0).doubleValue());
        assertEquals(0, calls[0], "an empty prediction is not sent to the judge");
        r = new ConvQaScorer(v, QUIET, one).evaluate(g1, rows("{'answers':['my prediction']}"), false, true);
        assertEquals(1.0, r.get("per_row").get(0).get("llm_judge_per_turn").get(0).doubleValue());
        assertEquals(1, calls[0]);
        JudgeReplySource oom = p -> {
            throw new RuntimeException("GPU OOM");
        };
        r = new ConvQaScorer(v, QUIET, oom).evaluate(g1, rows("{'answers':['my prediction']}"), false, true);
        assertEquals(0.0, r.get("per_row").get(0).get("llm_judge_per_turn").get(0).doubleValue());
        r = new ConvQaScorer(v, QUIET, one).evaluate(rows("{'questions':['Q1','Q2'],'answers':['ans1','ans2']}"),
                rows("{'answers':[]}"), false, true);
        assertEquals("[0.0,0.0]", r.get("per_row").get(0).get("llm_judge_per_turn").toString());
    }

    // ---------------------------------------------------------------- TestPairingHoldsOnDirectCalls

    @Test
    void pairingHoldsOnDirectCalls() {
        List<ObjectNode> rev = longqaPerfect();
        Collections.reverse(rev);
        ObjectNode fixed = new LongQaScorer(X, QUIET).evaluate(longqaGolden(), rev);
        assertEquals(1.0, fixed.get("accuracy").doubleValue());
        assertEquals(4, fixed.get("total").intValue());
        assertEquals(0.0, new LongQaScorer(R, QUIET).evaluate(longqaGolden(), rev).get("accuracy").doubleValue());

        List<ObjectNode> crev = convqaPerfect();
        Collections.reverse(crev);
        assertEquals(1.0, new ConvQaScorer(X, QUIET, null).evaluate(convqaGolden(), crev, true, false).get("bleu").doubleValue());
        assertEquals(0.0803, new ConvQaScorer(R, QUIET, null).evaluate(convqaGolden(), crev, true, false).get("bleu").doubleValue());

        List<ObjectNode> sessions = new ArrayList<>();
        List<ObjectNode> preds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sessions.add(session("v" + i + ".mp4", "X", I, S));
            preds.add(0, pred("v" + i + ".mp4", I, S));
        }
        assertEquals(1.0, new ProactiveScorer(X, QUIET).score(sessions, preds).get("overall").get("macro_f1").doubleValue());

        List<ObjectNode> wrongV1 = new ArrayList<>();
        for (ObjectNode p : rev) {
            ObjectNode c = p.deepCopy();
            if (c.get("video_path").textValue().equals("v1.mp4")) {
                c.put("mcq_answer", "B");
            }
            wrongV1.add(c);
        }
        ObjectNode w = new LongQaScorer(X, QUIET).evaluate(longqaGolden(), wrongV1);
        assertEquals(3, w.get("correct").intValue());
        List<String> wrong = new ArrayList<>();
        w.get("per_row").forEach(r -> {
            if (!r.get("correct").booleanValue()) {
                wrong.add(r.get("video_path").textValue());
            }
        });
        assertEquals(List.of("v1.mp4"), wrong);

        List<ObjectNode> noIds = rows("{'mcq_answer':'A'}", "{'mcq_answer':'B'}", "{'mcq_answer':'C'}", "{'mcq_answer':'D'}");
        assertEquals(1.0, new LongQaScorer(X, QUIET).evaluate(longqaGolden(), noIds).get("accuracy").doubleValue());

        List<ObjectNode> mixed = longqaPerfect();
        mixed.get(2).remove("video_path");
        List<String> warnings = new ArrayList<>();
        new LongQaScorer(X, warnings::add).evaluate(longqaGolden(), mixed);
        assertTrue(warnings.stream().anyMatch(s -> s.contains("have a video_path")), warnings.toString());
    }

    // ---------------------------------------------------------------- TestFilterSubset (fixed _filter_subset)

    static Pairing filter(List<ObjectNode> golden, List<ObjectNode> preds, String task, Consumer<String> warn) {
        return Pairing.fixedFilter(Rows.of(golden), Rows.of(preds), task, g -> g, warn);
    }

    @Test
    void fixedFilterSubset() {
        List<ObjectNode> rev = longqaPerfect();
        Collections.reverse(rev);
        Pairing p = filter(longqaGolden(), rev, "LongQA", QUIET);
        assertEquals(4, p.matched);
        p.forEach(Rows.of(longqaGolden()), Rows.of(rev), g -> g, (g, pr) -> {
            assertEquals(g.get("video_path"), pr.get("video_path"));
            assertEquals(g.get("mcq_answer"), pr.get("mcq_answer"));
        });
        assertEquals(4, filter(longqaGolden(), rows("{'video_path':'v1.mp4'}", "{'video_path':'v2.mp4'}",
                "{'video_path':'v3.mp4'}", "{'video_path':'v4.mp4'}"), "LongQA", QUIET).matched);
        assertEquals(2, filter(convqaGolden(), rows("{'video_path':'v1.mp4'}", "{'video_path':'v2.mp4'}"), "ConvQA", QUIET).matched);
        List<ObjectNode> unknown = rows("{'video_path':'v2.mp4','mcq_answer':'B'}", "{'video_path':'nope.mp4','mcq_answer':'A'}");
        Pairing u = filter(longqaGolden(), unknown, "LongQA", QUIET);
        assertEquals(1, u.matched);
        u.forEach(Rows.of(longqaGolden()), Rows.of(unknown), g -> g, (g, pr) -> assertEquals("v2.mp4", g.get("video_path").textValue()));
        List<String> warnings = new ArrayList<>();
        List<ObjectNode> dup = rows("{'video_path':'v2.mp4','mcq_answer':'B'}", "{'video_path':'v2.mp4','mcq_answer':'D'}");
        Pairing d = filter(longqaGolden(), dup, "LongQA", warnings::add);
        assertEquals(1, d.matched);
        d.forEach(Rows.of(longqaGolden()), Rows.of(dup), g -> g, (g, pr) -> assertEquals("B", pr.get("mcq_answer").textValue()));
        assertTrue(warnings.stream().anyMatch(s -> s.contains("duplicate prediction")));
        warnings.clear();
        assertEquals(1, filter(longqaGolden(), rows("{'video_path':'v2.mp4','mcq_answer':'B'}", "{'mcq_answer':'A'}"),
                "LongQA", warnings::add).matched);
        assertTrue(warnings.stream().anyMatch(s -> s.contains("missing video_path")));
        PyException e1 = assertThrows(PyException.class, () -> filter(rows(
                "{'video_path':'dup.mp4','question':'a?','mcq_answer':'A'}", "{'video_path':'dup.mp4','question':'b?','mcq_answer':'B'}"),
                rows("{'video_path':'dup.mp4','mcq_answer':'A'}"), "LongQA", QUIET));
        assertTrue(e1.getMessage().contains("more than one row with video_path"));
        PyException e2 = assertThrows(PyException.class, () -> filter(rows(
                "{'video_path':'v1.mp4','question':'a?','mcq_answer':'A'}", "{'question':'b?','mcq_answer':'B'}"),
                rows("{'video_path':'v1.mp4','mcq_answer':'A'}"), "LongQA", QUIET));
        assertTrue(e2.getMessage().contains("golden row 1 has no video_path"));
        assertEquals(0, filter(longqaGolden(), rows("{'mcq_answer':'A'}", "{'mcq_answer':'B'}"), "LongQA", QUIET).matched);
    }

    // ---------------------------------------------------------------- E2E LongQA / ConvQA (file runs)

    @TempDir
    Path tmp;
    int n;

    Path write(List<ObjectNode> rows) throws IOException {
        Path p = tmp.resolve("f" + n++ + ".jsonl");
        StringBuilder sb = new StringBuilder();
        for (ObjectNode r : rows) {
            sb.append(PyJson.dumps(r, PyJson.DUMPS)).append('\n');
        }
        Files.writeString(p, sb);
        return p;
    }

    ObjectNode runLongqa(Variant v, List<ObjectNode> preds, Consumer<String> warn) throws IOException {
        Path out = tmp.resolve("out" + n++ + "/results.json");
        new LongQaScorer(v, warn).run(write(longqaGolden()), write(preds), out);
        return (ObjectNode) M.readTree(out.toFile());
    }

    ObjectNode runConvqa(Variant v, List<ObjectNode> preds, Consumer<String> warn) throws IOException {
        Path out = tmp.resolve("out" + n++ + "/results.json");
        new ConvQaScorer(v, warn, null).run(write(convqaGolden()), write(preds), out);
        return (ObjectNode) M.readTree(out.toFile());
    }

    @Test
    void e2eLongqa() throws IOException {
        for (Variant v : Variant.RELEASED_AND_FIXED) {
            ObjectNode r = runLongqa(v, longqaPerfect(), QUIET);
            assertEquals(1.0, r.get("accuracy").doubleValue());
            assertEquals(4, r.get("total").intValue());
            for (int[] idx : new int[][] {{0, 3}, {3, 0}}) {
                ObjectNode s = runLongqa(v, List.of(longqaGolden().get(idx[0]), longqaGolden().get(idx[1])), QUIET);
                assertEquals(2, s.get("total").intValue());
                assertEquals(1.0, s.get("accuracy").doubleValue());
            }
            List<ObjectNode> g = longqaGolden();
            ObjectNode unknown = runLongqa(v, List.of(g.get(0), rows("{'video_path':'unknown.mp4','question':'What?','mcq_answer':'A'}").get(0)), QUIET);
            assertEquals(1, unknown.get("total").intValue());
            assertEquals(1.0, unknown.get("accuracy").doubleValue());
            List<String> w = new ArrayList<>();
            ObjectNode missing = runLongqa(v, List.of(g.get(0), rows("{'mcq_answer':'A'}").get(0)), w::add);
            assertTrue(w.stream().anyMatch(s -> s.contains("missing video_path")));
            assertEquals(1, missing.get("total").intValue());
            List<ObjectNode> more = longqaGolden();
            more.addAll(rows("{'video_path':'extra_unknown_1.mp4','question':'Extra Q1?','mcq_answer':'A'}",
                    "{'video_path':'extra_unknown_2.mp4','question':'Extra Q2?','mcq_answer':'B'}"));
            ObjectNode outnumber = runLongqa(v, more, QUIET);
            assertEquals(4, outnumber.get("total").intValue());
            assertEquals(1.0, outnumber.get("accuracy").doubleValue());
            ObjectNode g1wrong = g.get(1).deepCopy().put("mcq_answer", "A");
            ObjectNode imperfect = runLongqa(v, List.of(g.get(0), g1wrong), QUIET);
            assertEquals(2, imperfect.get("total").intValue());
            assertEquals(0.5, imperfect.get("accuracy").doubleValue());
            w.clear();
            ObjectNode dup = runLongqa(v, List.of(g.get(0), g.get(0).deepCopy().put("mcq_answer", "B")), w::add);
            assertTrue(w.stream().anyMatch(s -> s.contains(v == R ? "duplicate prediction key" : "duplicate prediction video_path")));
            assertEquals(1, dup.get("total").intValue());
            assertEquals(1.0, dup.get("accuracy").doubleValue());
        }
        List<ObjectNode> rev = longqaPerfect();
        Collections.reverse(rev);
        ObjectNode f = runLongqa(X, rev, QUIET);
        assertEquals(4, f.get("total").intValue());
        assertEquals(1.0, f.get("accuracy").doubleValue());
        assertEquals(0.0, runLongqa(R, rev, QUIET).get("accuracy").doubleValue());
        List<ObjectNode> spec = longqaPerfect().subList(0, 2);
        ObjectNode fs = runLongqa(X, spec, QUIET);
        assertEquals(2, fs.get("total").intValue());
        assertEquals(1.0, fs.get("accuracy").doubleValue());
        PyException e = assertThrows(PyException.class, () -> runLongqa(R, spec, QUIET));
        assertTrue(e.getMessage().contains("zero predictions matched"));
    }

    @Test
    void e2eConvqa() throws IOException {
        List<ObjectNode> g = convqaGolden();
        for (Variant v : Variant.RELEASED_AND_FIXED) {
            assertTrue(runConvqa(v, convqaPerfect(), QUIET).get("bleu").doubleValue() > 0.99);
            ObjectNode sub = runConvqa(v, List.of(g.get(1)), QUIET);
            assertEquals(1, sub.get("total_conversations").intValue());
            assertTrue(sub.get("bleu").doubleValue() > 0.99);
            PyException e = assertThrows(PyException.class, () -> runConvqa(v, rows(
                    "{'video_path':'unknown.mp4','task':'unknown_task','questions':['What?'],'answers':['Nothing']}"), QUIET));
            assertTrue(e.getMessage().contains("zero predictions matched"));
            List<String> w = new ArrayList<>();
            PyException e2 = assertThrows(PyException.class,
                    () -> runConvqa(v, rows("{'questions':['What?'],'answers':['Nothing']}"), w::add));
            assertTrue(e2.getMessage().contains("zero predictions matched"));
            assertTrue(w.stream().anyMatch(s -> s.contains("missing video_path")));
            List<ObjectNode> more = new ArrayList<>(g);
            more.addAll(rows("{'video_path':'extra_unknown_1.mp4','task':'unknown_task_1','questions':['What happened?'],'answers':['Something happened']}",
                    "{'video_path':'extra_unknown_2.mp4','task':'unknown_task_2','questions':['Who is there?'],'answers':['Nobody']}"));
            ObjectNode outnumber = runConvqa(v, more, QUIET);
            assertEquals(2, outnumber.get("total_conversations").intValue());
            assertTrue(outnumber.get("bleu").doubleValue() > 0.99);
            ObjectNode wrong = g.get(0).deepCopy();
            wrong.putArray("answers").add("completely wrong unrelated response").add("completely wrong unrelated response");
            ObjectNode imperfect = runConvqa(v, List.of(wrong), QUIET);
            assertEquals(1, imperfect.get("total_conversations").intValue());
            assertTrue(imperfect.get("bleu").doubleValue() > 0 && imperfect.get("bleu").doubleValue() < 0.5);
            ObjectNode wrong2 = g.get(0).deepCopy();
            wrong2.putArray("answers").add("completely wrong answer").add("completely wrong answer");
            w.clear();
            ObjectNode dup = runConvqa(v, List.of(g.get(0), wrong2, g.get(1)), w::add);
            assertEquals(2, dup.get("total_conversations").intValue());
            assertTrue(dup.get("bleu").doubleValue() > 0.99);
            if (v == X) {
                assertTrue(w.stream().anyMatch(s -> s.contains("duplicate prediction video_path")));
            }
        }
        List<ObjectNode> rev = convqaPerfect();
        Collections.reverse(rev);
        assertEquals(1.0, runConvqa(X, rev, QUIET).get("bleu").doubleValue());
        assertEquals(0.0803, runConvqa(R, rev, QUIET).get("bleu").doubleValue());
    }

    // ---------------------------------------------------------------- proactive (test_run_evaluation_proactive.py)

    @Test
    void parseTag() {
        assertEquals("interrupt", ProactiveScorer.parseTag("$interrupt$ Add salt now."));
        assertEquals("interrupt", ProactiveScorer.parseTag("$interrupt$Add salt now."));
        assertEquals("silent", ProactiveScorer.parseTag("$silent$"));
        assertEquals("interrupt", ProactiveScorer.parseTag("   $interrupt$ hello"));
        assertEquals("silent", ProactiveScorer.parseTag("\n\t$silent$"));
        assertEquals("silent", ProactiveScorer.parseTag(""));
        assertEquals("silent", ProactiveScorer.parseTag("Sure, here is the answer"));
        assertEquals("silent", ProactiveScorer.parseTag("Sure, $interrupt$ hi"));
    }

    static void metrics(ObjectNode m, double intF1, double silF1, double macro, double gmean) {
        assertEquals(intF1, m.get("interrupt_f1").doubleValue());
        assertEquals(silF1, m.get("silent_f1").doubleValue());
        assertEquals(macro, m.get("macro_f1").doubleValue());
        assertEquals(gmean, m.get("gmean_f1").doubleValue());
    }

    @Test
    void binaryMetrics() {
        metrics(ProactiveScorer.binaryMetrics(10, 0, 0, 0), 1.0, 0.0, 0.5, 0.0);
        metrics(ProactiveScorer.binaryMetrics(5, 0, 5, 0), 1.0, 1.0, 1.0, 1.0);
        metrics(ProactiveScorer.binaryMetrics(0, 5, 0, 5), 0.0, 0.0, 0.0, 0.0);
        ObjectNode m = ProactiveScorer.binaryMetrics(7, 3, 5, 3);
        assertEquals(0.7, m.get("interrupt_precision").doubleValue());
        assertEquals(0.7, m.get("interrupt_recall").doubleValue());
        assertEquals(0.625, m.get("silent_precision").doubleValue());
        assertEquals(0.625, m.get("silent_recall").doubleValue());
        metrics(m, 0.7, 0.625, 0.6625, 0.6614);
        assertEquals(18, m.get("support").intValue());
        ObjectNode a = ProactiveScorer.binaryMetrics(9, 1, 1, 1);
        metrics(a, 0.9, 0.5, 0.7, 0.6708);
        assertTrue(a.get("gmean_f1").doubleValue() < a.get("macro_f1").doubleValue());
        ObjectNode e = ProactiveScorer.binaryMetrics(0, 0, 0, 0);
        assertEquals(0.0, e.get("macro_f1").doubleValue());
        assertEquals(0.0, e.get("gmean_f1").doubleValue());
        assertEquals(0, e.get("support").intValue());
    }

    @ParameterizedTest
    @MethodSource("variants")
    void scoreProactiveUnchangedCases(Variant v) {
        ProactiveScorer s = new ProactiveScorer(v, QUIET);
        ObjectNode r = s.score(List.of(session("a.mp4", "Cooking", "$interrupt$ x", S)), List.of(pred("a.mp4", "$interrupt$ y", S)));
        assertEquals(1.0, r.get("overall").get("macro_f1").doubleValue());
        assertEquals(1, r.get("total_sessions").intValue());
        if (v == R) {
            assertEquals(0, r.get("skipped_chunks").intValue());
        } else {
            assertEquals(0, r.get("unanswered_chunks").intValue());
            assertEquals(0, r.get("extra_pred_chunks").intValue());
        }
        assertEquals(1.0, r.get("per_task").get("Cooking").get("macro_f1").doubleValue());

        String[] cookGold = {"$interrupt$ a", S, "$interrupt$ b", S};
        String[] cookPred = {"$interrupt$ a", S, S, "$interrupt$ x"};
        String[] craftGold = {"$interrupt$ a", "$interrupt$ b", S};
        List<ObjectNode> golden = new ArrayList<>();
        List<ObjectNode> preds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            golden.add(session("cook" + i + ".mp4", "Cooking", cookGold));
            preds.add(pred("cook" + i + ".mp4", cookPred));
        }
        for (int i = 0; i < 2; i++) {
            golden.add(session("craft" + i + ".mp4", "Crafts", craftGold));
            preds.add(pred("craft" + i + ".mp4", craftGold));
        }
        ObjectNode k = s.score(golden, preds);
        assertEquals(0.6625, k.get("overall").get("macro_f1").doubleValue());
        assertEquals(18, k.get("overall").get("support").intValue());
        assertEquals(12, k.get("per_task").get("Cooking").get("support").intValue());
        assertEquals(0.5, k.get("per_task").get("Cooking").get("macro_f1").doubleValue());
        assertEquals(6, k.get("per_task").get("Crafts").get("support").intValue());
        assertEquals(1.0, k.get("per_task").get("Crafts").get("macro_f1").doubleValue());

        ObjectNode noTask = (ObjectNode) rows("{'video_path':'a.mp4','answers':['$interrupt$ x']}").get(0);
        assertTrue(s.score(List.of(noTask), List.of(pred("a.mp4", "$interrupt$ y"))).get("per_task").has("unknown"));
        assertThrows(PyException.class, () -> s.score(List.of(session("a.mp4", "X", S)), List.of()));
        ObjectNode silent = s.score(List.of(session("a.mp4", "X", "$interrupt$ x", S, S)), List.of(pred("a.mp4", S, S, S)));
        assertEquals(0.0, silent.get("overall").get("interrupt_recall").doubleValue());
        assertEquals(0.0, silent.get("overall").get("interrupt_f1").doubleValue());
        assertEquals(0.0, silent.get("overall").get("gmean_f1").doubleValue());
    }

    @Test
    void unansweredChunks() {
        List<ObjectNode> g = List.of(session("a.mp4", "X", "$interrupt$ x", S, S));
        List<ObjectNode> p = List.of(pred("a.mp4", "$interrupt$ x", S));
        ObjectNode rel = new ProactiveScorer(R, QUIET).score(g, p);
        assertEquals(2, rel.get("overall").get("support").intValue());
        assertEquals(1.0, rel.get("overall").get("macro_f1").doubleValue());
        assertEquals(1, rel.get("skipped_chunks").intValue());
        ObjectNode fix = new ProactiveScorer(X, QUIET).score(g, p);
        assertEquals(3, fix.get("overall").get("support").intValue());
        assertEquals(1, fix.get("unanswered_chunks").intValue());
        assertEquals("[1,1,1,0]", "[" + fix.get("overall").get("tp") + "," + fix.get("overall").get("tn") + ","
                + fix.get("overall").get("fp") + "," + fix.get("overall").get("fn") + "]");
        assertEquals(0.6667, fix.get("overall").get("macro_f1").doubleValue());

        List<ObjectNode> g2 = List.of(session("a.mp4", "X", "$interrupt$ x", S));
        ObjectNode extra = new ProactiveScorer(X, QUIET).score(g2, List.of(pred("a.mp4", "$interrupt$ x", S, "$interrupt$ junk")));
        assertEquals(2, extra.get("overall").get("support").intValue());
        assertEquals(1.0, extra.get("overall").get("macro_f1").doubleValue());
        assertEquals(1, extra.get("extra_pred_chunks").intValue());
        assertEquals(0, extra.get("unanswered_chunks").intValue());

        String[] gold = {"$interrupt$ a", S, "$interrupt$ b", S};
        List<ObjectNode> g4 = List.of(session("a.mp4", "X", gold));
        for (Variant v : Variant.RELEASED_AND_FIXED) {
            ProactiveScorer s = new ProactiveScorer(v, QUIET);
            assertEquals(1.0, s.score(g4, List.of(pred(null, gold))).get("overall").get("macro_f1").doubleValue());
            double truncated = s.score(g4, List.of(pred(null, gold[0], gold[1]))).get("overall").get("macro_f1").doubleValue();
            assertEquals(v == R ? 1.0 : 0.5, truncated);
        }
    }

    @Test
    void shortConstantListCannotBeatHonestBaseline() {
        List<ObjectNode> golden = new ArrayList<>();
        List<ObjectNode> exploit = new ArrayList<>();
        List<ObjectNode> honest = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String[] a = new String[4];
            for (int j = 0; j < 4; j++) {
                a[j] = j == i % 4 ? "$interrupt$ a" : S;
            }
            golden.add(session("v" + i + ".mp4", "X", a));
            exploit.add(pred(null, "$interrupt$ a", S));
            honest.add(pred(null, S, S, S, S));
        }
        ObjectNode re = new ProactiveScorer(R, QUIET).score(golden, exploit);
        ObjectNode rh = new ProactiveScorer(R, QUIET).score(golden, honest);
        assertEquals(0.4667, re.get("overall").get("macro_f1").doubleValue());
        assertEquals(0.4286, rh.get("overall").get("macro_f1").doubleValue());
        ObjectNode fe = new ProactiveScorer(X, QUIET).score(golden, exploit);
        ObjectNode fh = new ProactiveScorer(X, QUIET).score(golden, honest);
        assertTrue(fe.get("overall").get("macro_f1").doubleValue() < fh.get("overall").get("macro_f1").doubleValue());
        assertEquals(32, fe.get("overall").get("support").intValue());
        assertEquals(16, fe.get("unanswered_chunks").intValue());
        assertEquals(0.2381, fe.get("overall").get("macro_f1").doubleValue());
        assertEquals(0.4286, fh.get("overall").get("macro_f1").doubleValue());
    }

    @Test
    void proactiveOrder() {
        List<ObjectNode> golden = List.of(session("a.mp4", "X", "$interrupt$ a", S), session("b.mp4", "Y", S, "$interrupt$ b"),
                session("c.mp4", "Z", "$interrupt$ c", "$interrupt$ c2"));
        List<ObjectNode> preds = new ArrayList<>();
        for (ObjectNode g : golden) {
            ObjectNode p = M.createObjectNode();
            p.set("video_path", g.get("video_path"));
            p.set("answers", g.get("answers"));
            preds.add(0, p);
        }
        ObjectNode f = new ProactiveScorer(X, QUIET).score(golden, preds);
        assertEquals(1.0, f.get("overall").get("macro_f1").doubleValue());
        assertEquals(6, f.get("overall").get("support").intValue());
        assertEquals(0, f.get("unanswered_chunks").intValue());
        assertEquals(0.625, new ProactiveScorer(R, QUIET).score(golden, preds).get("overall").get("macro_f1").doubleValue());

        List<ObjectNode> g2 = List.of(session("a.mp4", "Cooking", "$interrupt$ a", S), session("b.mp4", "Crafts", "$interrupt$ b", S));
        List<ObjectNode> p2 = List.of(pred("b.mp4", "$interrupt$ b", S), pred("a.mp4", S, "$interrupt$ x"));
        ObjectNode fx = new ProactiveScorer(X, QUIET).score(g2, p2);
        assertEquals(1.0, fx.get("per_task").get("Crafts").get("macro_f1").doubleValue());
        assertEquals(0.0, fx.get("per_task").get("Cooking").get("macro_f1").doubleValue());
        ObjectNode rx = new ProactiveScorer(R, QUIET).score(g2, p2);
        assertEquals(0.0, rx.get("per_task").get("Crafts").get("macro_f1").doubleValue());
        assertEquals(1.0, rx.get("per_task").get("Cooking").get("macro_f1").doubleValue());

        List<ObjectNode> g3 = List.of(session("a.mp4", "X", S), session("b.mp4", "X", S));
        List<ObjectNode> p3 = List.of(pred("a.mp4", S), pred("zzz.mp4", S));
        assertThrows(PyException.class, () -> new ProactiveScorer(X, QUIET).score(g3, p3));
        assertEquals(2, new ProactiveScorer(R, QUIET).score(g3, p3).get("total_sessions").intValue());
    }

    @ParameterizedTest
    @MethodSource("variants")
    void proactiveEndToEnd(Variant v) throws IOException {
        Path out = tmp.resolve("p-" + v.name() + "/results.json");
        new ProactiveScorer(v, QUIET).run(write(List.of(session("a.mp4", "Cooking", "$interrupt$ x", S))),
                write(List.of(pred("a.mp4", "$interrupt$ y", S))), out);
        JsonNode r = M.readTree(out.toFile());
        assertEquals(1.0, r.get("overall").get("macro_f1").doubleValue());
        assertEquals(1, r.get("total_sessions").intValue());
        assertTrue(r.get("per_task").has("Cooking"));
        PyException e = assertThrows(PyException.class, () -> new ProactiveScorer(v, QUIET).run(
                write(List.of(session("a.mp4", "X", S), session("b.mp4", "X", S))), write(List.of(pred("a.mp4", S))),
                tmp.resolve("p2-" + v.name() + "/results.json")));
        assertTrue(e.getMessage().startsWith("Proactive evaluation failed: "));
        Path out3 = tmp.resolve("p3-" + v.name() + "/results.json");
        new ProactiveScorer(v, QUIET).run(write(List.of()), write(List.of()), out3);
        JsonNode r3 = M.readTree(out3.toFile());
        assertEquals(0, r3.get("total_sessions").intValue());
        assertEquals(0, r3.get("overall").get("support").intValue());
    }
}
